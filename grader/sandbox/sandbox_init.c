/* sandbox_init.c — pid 1 of a sandbox and the submission's last steps
 * before exec (see sandbox_init.h). */
#define _GNU_SOURCE
#include "sandbox/sandbox_init.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/pidfd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox/sandbox_limits.h"
#include "sandbox/sandbox_ns.h"
#include "sandbox/sandbox_seccomp.h"

/* Descriptors are parked here while being moved to 0, 1, 2 and 3. */
#define PARK_FD 64

int sandbox_ctl_send(int fd, const struct sandbox_ctl_msg *m, int pass_fd)
{
    char cbuf[CMSG_SPACE(sizeof(int))];
    struct iovec iov = { (void *)m, sizeof *m };
    struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1 };
    ssize_t n;

    memset(cbuf, 0, sizeof cbuf);
    if (pass_fd >= 0) {
        struct cmsghdr *cm;

        mh.msg_control = cbuf;
        mh.msg_controllen = sizeof cbuf;
        cm = CMSG_FIRSTHDR(&mh);
        cm->cmsg_level = SOL_SOCKET;
        cm->cmsg_type = SCM_RIGHTS;
        cm->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(cm), &pass_fd, sizeof(int));
    }
    do
        n = sendmsg(fd, &mh, MSG_NOSIGNAL);
    while (n < 0 && errno == EINTR);
    return n == (ssize_t)sizeof *m ? 0 : -1;
}

int sandbox_ctl_recv(int fd, struct sandbox_ctl_msg *m, int *passed_fd)
{
    char cbuf[CMSG_SPACE(sizeof(int))];
    struct iovec iov = { m, sizeof *m };
    struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1,
                         .msg_control = cbuf, .msg_controllen = sizeof cbuf };
    ssize_t n;

    *passed_fd = -1;
    memset(m, 0, sizeof *m);
    n = recvmsg(fd, &mh, MSG_CMSG_CLOEXEC | MSG_DONTWAIT);
    if (n <= 0)
        return n == 0 ? 0 : -1;
    for (struct cmsghdr *cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm))
        if (cm->cmsg_level == SOL_SOCKET && cm->cmsg_type == SCM_RIGHTS)
            memcpy(passed_fd, CMSG_DATA(cm), sizeof(int));
    if (n != (ssize_t)sizeof *m) {
        errno = EPROTO;
        return -1;
    }
    m->text[sizeof m->text - 1] = '\0';
    return 1;
}

static void __attribute__((noreturn)) report_error(int ctl, const struct gb_err *err)
{
    struct sandbox_ctl_msg m;

    memset(&m, 0, sizeof m);
    m.type = SANDBOX_CTL_ERROR;
    snprintf(m.text, sizeof m.text, "%s", err->msg);
    sandbox_ctl_send(ctl, &m, -1);
    _exit(127);
}

/* stdin is /dev/null, stdout and stderr the pipes, fd 3 the control socket
 * (close-on-exec); every other inherited descriptor is closed. */
static int arrange_fds(const struct sandbox_child *c, struct gb_err *err)
{
    int nul = open("/dev/null", O_RDONLY | O_CLOEXEC);
    int out = fcntl(c->out_fd, F_DUPFD_CLOEXEC, PARK_FD);
    int errfd = fcntl(c->err_fd, F_DUPFD_CLOEXEC, PARK_FD);
    int ctl = fcntl(c->ctl_fd, F_DUPFD_CLOEXEC, PARK_FD);

    if (nul < 0 || out < 0 || errfd < 0 || ctl < 0)
        return gb_fail_errno(err, "cannot prepare the submission's descriptors");
    if (dup2(nul, 0) < 0 || dup2(out, 1) < 0 || dup2(errfd, 2) < 0 ||
        dup3(ctl, 3, O_CLOEXEC) < 0)
        return gb_fail_errno(err, "cannot connect the submission's output");
    if (close_range(4, ~0U, 0))
        return gb_fail_errno(err, "cannot close inherited descriptors");
    return 0;
}

void sandbox_init_reset_signals(void)
{
    sigset_t none;

    for (int sig = 1; sig < NSIG; sig++)
        signal(sig, SIG_DFL);
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
}

/* The grader answers the filter's denied calls, so it needs the listener. */
static int hand_listener(int listener, struct gb_err *err)
{
    struct sandbox_ctl_msg m = { .type = SANDBOX_CTL_LISTENER };
    int rc = sandbox_ctl_send(3, &m, listener);

    if (rc)
        gb_fail_errno(err, "cannot hand the system-call filter to the grader");
    close(listener);
    return rc;
}

static void __attribute__((noreturn)) exec_submission(const struct sandbox_child *c)
{
    struct gb_err err = { "" };
    const char *what = "";
    int listener = -1;

    sandbox_init_reset_signals();
    if (setsid() < 0) {
        gb_fail_errno(&err, "cannot start a session for the submission");
        report_error(c->ctl_fd, &err);
    }
    if (arrange_fds(c, &err))
        report_error(c->ctl_fd, &err);
    /* From here the control socket is fd 3. */
    if (sandbox_ns_drop_privileges(&err) || sandbox_seccomp_install(c->filter, &listener, &err) ||
        hand_listener(listener, &err))
        report_error(3, &err);
    /* Limits last: under AddressSanitizer this process already maps more
     * than any memory limit, so nothing may allocate between here and exec. */
    if (sandbox_limits_apply(&c->limits, &what)) {
        gb_fail_errno(&err, "cannot set the %s limit", what);
        report_error(3, &err);
    }
    execve(c->argv[0], c->argv, c->envp);
    gb_fail_errno(&err, "cannot run %s in the sandbox", c->argv[0]);
    report_error(3, &err);
}

static double tv_seconds(struct timeval tv)
{
    return (double)tv.tv_sec + tv.tv_usec / 1e6;
}

struct tally {
    struct sandbox_ctl_msg msg;
    pid_t submission;
};

static void count(struct tally *t, pid_t pid, int status, const struct rusage *ru)
{
    t->msg.cpu_seconds += tv_seconds(ru->ru_utime) + tv_seconds(ru->ru_stime);
    if (ru->ru_maxrss > t->msg.maxrss_kb)
        t->msg.maxrss_kb = ru->ru_maxrss;
    if (pid == t->submission)
        t->msg.status = status;
}

/* Kills everything else in the namespace and reaps it, so that its CPU time
 * and memory are counted (processes the kernel kills when pid 1 dies are
 * reaped without being counted). */
static void kill_and_reap_all(struct tally *t)
{
    for (;;) {
        struct rusage ru;
        int status;
        pid_t pid;

        kill(-1, SIGKILL);
        pid = wait4(-1, &status, __WALL, &ru);
        if (pid < 0 && errno == EINTR)
            continue;
        if (pid < 0)
            return;
        count(t, pid, status, &ru);
    }
}

/* Waits until the submission ends or the grader says stop (or goes away),
 * then clears the namespace, reports and exits. */
static void __attribute__((noreturn)) reap(int ctl, pid_t submission)
{
    struct tally t = { .msg = { .type = SANDBOX_CTL_EXIT }, .submission = submission };
    int pidfd = pidfd_open(submission, 0);
    struct pollfd p[2] = { { pidfd, POLLIN, 0 }, { ctl, POLLIN, 0 } };

    t.msg.status = SIGKILL;   /* if it is never reaped, it was killed */
    if (pidfd < 0) {
        /* No pidfd (kernel < 5.3): the grader's SIGKILL is the only stop. */
        struct rusage ru;
        int status;

        while (wait4(submission, &status, __WALL, &ru) < 0 && errno == EINTR)
            ;
        count(&t, submission, status, &ru);
    }
    while (pidfd >= 0 && poll(p, 2, -1) < 0 && errno == EINTR)
        ;
    kill_and_reap_all(&t);
    sandbox_ctl_send(ctl, &t.msg, -1);
    _exit(0);
}

/* The grader reads outputs from /work after the run and looks at how full
 * /work and /tmp are: it gets a descriptor of each (the tmpfs lives on
 * while one is open). */
static int hand_dirs(int ctl, struct gb_err *err)
{
    static const struct { const char *path; int type; } dirs[] = {
        { SANDBOX_WORKDIR, SANDBOX_CTL_WORKDIR }, { "/tmp", SANDBOX_CTL_TMPDIR },
    };

    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        struct sandbox_ctl_msg m;
        int fd = open(dirs[i].path, O_RDONLY | O_DIRECTORY | O_CLOEXEC), rc;

        memset(&m, 0, sizeof m);
        m.type = dirs[i].type;
        if (fd < 0)
            return gb_fail_errno(err, "cannot open the sandbox's %s", dirs[i].path);
        rc = sandbox_ctl_send(ctl, &m, fd);
        close(fd);
        if (rc)
            return gb_fail_errno(err, "cannot hand the sandbox's %s to the grader",
                                 dirs[i].path);
    }
    return 0;
}

/* pid 1 is a copy of the grader, argv and all: /proc/1/cmdline, which
 * any process may read, would show every flag of the grader's command line
 * (a --post URL with its password).  The argument area (its bounds are
 * fields 48 and 49 of /proc/self/stat) is overwritten in place.
 * Allocation-free. */
static void clear_cmdline(void)
{
    static const char name[] = "gradebox-init";
    char buf[1024], *p;
    unsigned long start = 0, end = 0;
    int fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC), field = 2;
    ssize_t n = fd >= 0 ? read(fd, buf, sizeof buf - 1) : -1;

    if (fd >= 0)
        close(fd);
    if (n <= 0)
        return;
    buf[n] = '\0';
    /* The command name (field 2) may hold spaces: count after its ')'. */
    if (!(p = strrchr(buf, ')')))
        return;
    for (; *p && field < 48; p++)
        if (*p == ' ')
            field++;
    if (sscanf(p, "%lu %lu", &start, &end) != 2 || end <= start)
        return;
    memset((char *)start, 0, end - start);
    memcpy((char *)start, name, end - start > sizeof name ? sizeof name : end - start - 1);
}

/* The zygote starts the run (sandbox_zygote.h): its copy enters these
 * namespaces and forks it, and it is adopted here when that copy exits.  The
 * grader passes on its pid once it exists; from then on it is reaped like a
 * run forked here. */
static void __attribute__((noreturn)) reap_zygote_run(const struct sandbox_child *c)
{
    struct sandbox_ctl_msg m = { .type = SANDBOX_CTL_READY };
    struct gb_err err = { "" };
    pid_t pid = 0;
    ssize_t n;

    if (sandbox_ctl_send(c->ctl_fd, &m, -1)) {
        gb_fail_errno(&err, "cannot tell the grader the sandbox is ready");
        report_error(c->ctl_fd, &err);
    }
    do
        n = read(c->sync_fd, &pid, sizeof pid);
    while (n < 0 && errno == EINTR);
    if (n != (ssize_t)sizeof pid || pid <= 1)
        _exit(127);   /* the grader is gone, or the run never started */
    close(c->sync_fd);
    close(c->out_fd);
    close(c->err_fd);
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    reap(c->ctl_fd, pid);
}

void sandbox_init_main(const struct sandbox_child *c)
{
    struct gb_err err = { "" };
    char go = 0;
    pid_t pid;

    /* If the grader dies, so does the sandbox. */
    if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0))
        _exit(127);
    while (read(c->sync_fd, &go, 1) < 0 && errno == EINTR)
        ;
    if (go != '1')
        _exit(127);   /* the grader failed to map ids, or is gone */
    if (!c->zygote)
        close(c->sync_fd);
    clear_cmdline();
    if (sandbox_mount_open(c->sources, &err) ||
        sandbox_ns_become_sandbox_id(c->host_root, &err) ||
        sandbox_ns_setup_net_uts(&err) || sandbox_mount_build(&c->mount, c->sources, &err) ||
        hand_dirs(c->ctl_fd, &err))
        report_error(c->ctl_fd, &err);
    if (c->zygote)
        reap_zygote_run(c);
    /* Not fork(): this process was cloned from the grader by a raw system
     * call, so the atfork handlers fork() runs would act on state copied from
     * the grader -- OpenBLAS's joins worker threads that do not exist here and
     * hangs forever (seen under ASan, where the grader links libopenblas).
     * The raw call runs no handlers, exactly like sandbox_ns_clone(). */
    pid = (pid_t)syscall(SYS_clone, SIGCHLD, NULL, NULL, NULL, NULL);
    if (pid < 0) {
        gb_fail_errno(&err, "cannot start the submission");
        report_error(c->ctl_fd, &err);
    }
    if (pid == 0)
        exec_submission(c);
    close(c->out_fd);
    close(c->err_fd);
    /* The submission may not read pid 1's memory or descriptors via /proc. */
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    reap(c->ctl_fd, pid);
}
