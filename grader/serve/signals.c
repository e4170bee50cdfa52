/* signals.c — caught signals into a self-pipe (see signals.h). */
#define _GNU_SOURCE
#include "serve/signals.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static int pipe_fds[2] = { -1, -1 };

static void on_signal(int sig)
{
    int saved = errno;
    unsigned char b = (unsigned char)sig;

    /* a full pipe already holds a signal to act on: dropping this one is fine */
    if (write(pipe_fds[1], &b, 1) < 0)
        (void)0;
    errno = saved;
}

int signals_catch(const int *sigs, int n, struct gb_err *err)
{
    struct sigaction sa;

    if (pipe_fds[0] < 0 && pipe2(pipe_fds, O_CLOEXEC | O_NONBLOCK) < 0)
        return gb_fail_errno(err, "cannot create the signal pipe");
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < n; i++)
        if (sigaction(sigs[i], &sa, NULL) < 0)
            return gb_fail_errno(err, "cannot catch signal %d", sigs[i]);
    return 0;
}

int signals_fd(void)
{
    return pipe_fds[0];
}

int signals_take(void)
{
    unsigned char b;

    return read(pipe_fds[0], &b, 1) == 1 ? b : 0;
}

int signals_wait(long long timeout_ms)
{
    struct pollfd p = { .fd = pipe_fds[0], .events = POLLIN };
    int n;

    do
        n = poll(&p, 1, timeout_ms > 2000000000 ? 2000000000 : (int)timeout_ms);
    while (n < 0 && errno == EINTR);
    return n > 0 ? signals_take() : 0;
}
