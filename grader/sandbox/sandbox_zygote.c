/* sandbox_zygote.c — the grader's side of a warm interpreter shared by many
 * sandboxed runs (see sandbox_zygote.h): starting it, asking it for a run,
 * stopping it. */
#define _GNU_SOURCE
#include "sandbox/sandbox_zygote.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox/sandbox_env.h"
#include "sandbox/sandbox_init.h"
#include "sandbox/sandbox_limits.h"
#include "sandbox/sandbox_ns.h"

/* torch's import on a loaded machine takes several seconds; a spawn is a
 * fork and a setns. */
#define READY_SECONDS 300
#define SPAWN_SECONDS 60
#define ANSWER_MAX 1024

struct sandbox_zygote {
    pid_t pid;
    int sock;            /* SOCK_SEQPACKET to the zygote's fd 3 */
    char *python;        /* the interpreter: argv[0] of the runs it fits */
    char **envp;         /* its environment, as the runs see theirs */
};

/* Entries the zygote applies per run, so they need not match. */
static int per_run(const char *entry)
{
    return !strncmp(entry, "GRADEBOX_", 9) || !strncmp(entry, "PYTHONPATH=", 11);
}

/* The runs' environment without the per-run entries. */
static char **start_env(const struct sandbox_spec *like, struct gb_err *err)
{
    char **all = sandbox_env_list(like, err);
    size_t n = 0;

    if (!all)
        return NULL;
    for (size_t i = 0; all[i]; i++) {
        if (per_run(all[i]))
            free(all[i]);
        else
            all[n++] = all[i];
    }
    all[n] = NULL;
    return all;
}

static void __attribute__((noreturn)) exec_zygote(const struct sandbox_zygote *z, int sock,
                                                  const char *script,
                                                  const char *const *preload)
{
    const char *argv[16];
    size_t n = 0;
    /* Parked above the descriptors about to be set (a grader started with
     * 0-2 closed got its socket there), and without close-on-exec once
     * dup2'd to 3. */
    int parked = fcntl(sock, F_DUPFD, 10), nul = open("/dev/null", O_RDONLY), out[2];

    sandbox_init_reset_signals();
    prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
    argv[n++] = z->python;
    argv[n++] = script;
    for (size_t i = 0; preload && preload[i] && n < sizeof argv / sizeof argv[0] - 1; i++)
        argv[n++] = preload[i];
    argv[n] = NULL;
    /* The interpreter makes sys.stdout and sys.stderr once, at start-up, and
     * they remember what their descriptor was (seekable or not, a terminal
     * or not): a pipe, as the runs' output is.  Nothing reads it; the
     * zygote writes nothing. */
    if (parked < 0 || nul < 0 || pipe(out) || dup2(nul, 0) < 0 || dup2(out[1], 1) < 0 ||
        dup2(out[1], 2) < 0 || dup2(parked, 3) < 0 || close_range(4, ~0U, 0) || chdir("/"))
        _exit(127);
    execve(z->python, (char *const *)argv, z->envp);
    _exit(127);
}

/* Waits up to `seconds` for one message on fd. */
static ssize_t receive(int fd, char *buf, size_t size, int seconds)
{
    struct pollfd p = { fd, POLLIN, 0 };
    int n;
    ssize_t got;

    do
        n = poll(&p, 1, seconds * 1000);
    while (n < 0 && errno == EINTR);
    if (n <= 0)
        return -1;
    do
        got = recv(fd, buf, size - 1, 0);
    while (got < 0 && errno == EINTR);
    if (got >= 0)
        buf[got] = '\0';
    return got;
}

int sandbox_zygote_start(struct sandbox_zygote **out, const struct sandbox_spec *like,
                         const char *script, const char *const *preload, struct gb_err *err)
{
    struct sandbox_zygote *z = calloc(1, sizeof *z);
    char answer[ANSWER_MAX], where[PATH_MAX];
    int sv[2];

    *out = NULL;
    /* It runs in "/": a relative script is resolved here. */
    if (!realpath(script, where)) {
        free(z);
        return gb_fail_errno(err, "cannot find the warm interpreter's script %s", script);
    }
    script = where;
    if (!z || !(z->python = strdup(like->argv[0]))) {
        free(z);
        return gb_fail(err, "out of memory starting the warm interpreter");
    }
    z->pid = -1;
    z->sock = -1;
    if (!(z->envp = start_env(like, err)))
        goto fail;
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv)) {
        gb_fail_errno(err, "cannot make the warm interpreter's socket");
        goto fail;
    }
    z->pid = fork();
    if (z->pid == 0)
        exec_zygote(z, sv[1], script, preload);
    close(sv[1]);
    z->sock = sv[0];
    if (z->pid < 0) {
        gb_fail_errno(err, "cannot start the warm interpreter");
        goto fail;
    }
    if (receive(z->sock, answer, sizeof answer, READY_SECONDS) <= 0 || strcmp(answer, "ready")) {
        gb_fail(err, "the warm interpreter %s %s did not start", z->python, script);
        goto fail;
    }
    *out = z;
    return 0;
fail:
    sandbox_zygote_stop(z);
    return -1;
}

/* Its end of the socket closes when it exits; the owner may be a process
 * forked after the start (a batch worker), for which it is no child. */
static int alive(struct sandbox_zygote *z)
{
    struct pollfd p = { z->sock, 0, 0 };

    if (z->sock < 0)
        return 0;
    while (poll(&p, 1, 0) < 0 && errno == EINTR)
        ;
    return !(p.revents & (POLLHUP | POLLERR | POLLNVAL));
}

void sandbox_zygote_stop(struct sandbox_zygote *z)
{
    if (!z)
        return;
    /* A zygote already gone may have been reaped by the owner's own wait
     * for any child (batch's queue): its pid is then no longer its own. */
    if (z->pid > 0 && alive(z)) {
        kill(z->pid, SIGKILL);
        while (waitpid(z->pid, NULL, 0) < 0 && errno == EINTR)
            ;
    } else if (z->pid > 0) {
        waitpid(z->pid, NULL, WNOHANG);   /* ours and dead: no zombie left */
    }
    if (z->sock >= 0)
        close(z->sock);
    free(z->python);
    sandbox_strv_free(z->envp);
    free(z);
}

/* Is the entry in the environment list, exactly? */
static int has_entry(char *const *envp, const char *entry)
{
    for (size_t i = 0; envp[i]; i++)
        if (!strcmp(envp[i], entry))
            return 1;
    return 0;
}

int sandbox_zygote_fits(struct sandbox_zygote *z, char *const *argv, char *const *envp)
{
    size_t len, n = 0, m = 0;

    if (!z || !alive(z) || !argv[0] || strcmp(argv[0], z->python) || !argv[1] || argv[2])
        return 0;
    len = strlen(argv[1]);
    if (argv[1][0] == '-' || len < 4 || strcmp(argv[1] + len - 3, ".py"))
        return 0;
    for (size_t i = 0; envp[i]; i++) {
        if (per_run(envp[i]))
            continue;
        if (!has_entry(z->envp, envp[i]))
            return 0;
        n++;
    }
    while (z->envp[m])
        m++;
    return n == m;
}

/* ---- the request ---------------------------------------------------------- */

static cJSON *json_strv(char *const *v)
{
    cJSON *a = cJSON_CreateArray();

    for (size_t i = 0; a && v[i]; i++)
        if (!cJSON_AddItemToArray(a, cJSON_CreateString(v[i]))) {
            cJSON_Delete(a);
            return NULL;
        }
    return a;
}

static cJSON *json_rlimits(const struct sandbox_limits *limits)
{
    struct sandbox_rlimit rl[SANDBOX_RLIMITS];
    int n = sandbox_limits_rlimits(limits, rl);
    cJSON *a = cJSON_CreateArray();

    for (int i = 0; a && i < n; i++) {
        double soft = rl[i].soft == RLIM_INFINITY ? -1 : (double)rl[i].soft;
        double hard = rl[i].hard == RLIM_INFINITY ? -1 : (double)rl[i].hard;
        cJSON *one = cJSON_CreateArray();

        if (!one || !cJSON_AddItemToArray(a, one) ||
            !cJSON_AddItemToArray(one, cJSON_CreateNumber(rl[i].resource)) ||
            !cJSON_AddItemToArray(one, cJSON_CreateNumber(soft)) ||
            !cJSON_AddItemToArray(one, cJSON_CreateNumber(hard)) ||
            !cJSON_AddItemToArray(one, cJSON_CreateString(rl[i].name))) {
            cJSON_Delete(a);
            return NULL;
        }
    }
    return a;
}

/* The control messages' layout, so that the zygote's run writes them as
 * pid 1 and exec'd runs do. */
static cJSON *json_ctl_layout(void)
{
    cJSON *o = cJSON_CreateObject();

    if (o && cJSON_AddNumberToObject(o, "size", sizeof(struct sandbox_ctl_msg)) &&
        cJSON_AddNumberToObject(o, "type_at", offsetof(struct sandbox_ctl_msg, type)) &&
        cJSON_AddNumberToObject(o, "status_at", offsetof(struct sandbox_ctl_msg, status)) &&
        cJSON_AddNumberToObject(o, "text_at", offsetof(struct sandbox_ctl_msg, text)) &&
        cJSON_AddNumberToObject(o, "text_max", GB_ERR_MAX) &&
        cJSON_AddNumberToObject(o, "listener", SANDBOX_CTL_LISTENER) &&
        cJSON_AddNumberToObject(o, "error", SANDBOX_CTL_ERROR) &&
        cJSON_AddNumberToObject(o, "started", SANDBOX_CTL_STARTED))
        return o;
    cJSON_Delete(o);
    return NULL;
}

/* The calls the zygote's run makes through libc's syscall(), numbered as
 * this machine numbers them. */
static cJSON *json_syscall_numbers(void)
{
    cJSON *o = cJSON_CreateObject();

    if (o && cJSON_AddNumberToObject(o, "seccomp", SYS_seccomp) &&
        cJSON_AddNumberToObject(o, "capset", SYS_capset) &&
        cJSON_AddNumberToObject(o, "close_range", SYS_close_range))
        return o;
    cJSON_Delete(o);
    return NULL;
}

char *sandbox_zygote_request(const struct sandbox_spec *spec, char *const *argv,
                             char *const *envp, const struct sandbox_filter *filter, int cgroup)
{
    static const char hex[] = "0123456789abcdef";
    size_t bytes = (size_t)filter->len * sizeof filter->insns[0];
    const unsigned char *code = (const unsigned char *)filter->insns;
    char *code_hex = malloc(2 * bytes + 1), *text = NULL;
    cJSON *o = cJSON_CreateObject();

    if (code_hex) {
        for (size_t i = 0; i < bytes; i++) {
            code_hex[2 * i] = hex[code[i] >> 4];
            code_hex[2 * i + 1] = hex[code[i] & 15];
        }
        code_hex[2 * bytes] = '\0';
    }
    if (code_hex && o && cJSON_AddItemToObject(o, "argv", json_strv(argv)) &&
        cJSON_AddItemToObject(o, "env", json_strv(envp)) &&
        cJSON_AddStringToObject(o, "cwd", SANDBOX_WORKDIR) &&
        cJSON_AddNumberToObject(o, "uid", SANDBOX_NS_ID) &&
        cJSON_AddNumberToObject(o, "gid", SANDBOX_NS_ID) &&
        cJSON_AddBoolToObject(o, "host_root", geteuid() == 0) &&
        cJSON_AddBoolToObject(o, "cgroup", cgroup) &&
        cJSON_AddStringToObject(o, "filter", code_hex) &&
        cJSON_AddItemToObject(o, "rlimits", json_rlimits(&spec->limits)) &&
        cJSON_AddItemToObject(o, "ctl", json_ctl_layout()) &&
        cJSON_AddItemToObject(o, "nr", json_syscall_numbers()))
        text = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    free(code_hex);
    return text;
}

/* Each request carries its own reply socket: processes forked from the
 * owner (batch workers) may ask at the same time, and each message on the
 * shared socket arrives whole. */
int sandbox_zygote_spawn(struct sandbox_zygote *z, const char *request, const int fds[5],
                         struct gb_err *err)
{
    char cbuf[CMSG_SPACE(6 * sizeof(int))], answer[ANSWER_MAX];
    struct iovec iov = { (void *)request, strlen(request) };
    struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1,
                         .msg_control = cbuf, .msg_controllen = sizeof cbuf };
    struct cmsghdr *cm;
    int reply[2], all[6];
    ssize_t n, got;

    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, reply))
        return gb_fail_errno(err, "cannot make a reply socket for the warm interpreter");
    memcpy(all, fds, 5 * sizeof(int));
    all[5] = reply[1];
    memset(cbuf, 0, sizeof cbuf);
    cm = CMSG_FIRSTHDR(&mh);
    cm->cmsg_level = SOL_SOCKET;
    cm->cmsg_type = SCM_RIGHTS;
    cm->cmsg_len = CMSG_LEN(6 * sizeof(int));
    memcpy(CMSG_DATA(cm), all, sizeof all);
    do
        n = sendmsg(z->sock, &mh, MSG_NOSIGNAL);
    while (n < 0 && errno == EINTR);
    close(reply[1]);
    if (n != (ssize_t)iov.iov_len) {
        close(reply[0]);
        return gb_fail_errno(err, "cannot ask the warm interpreter for a run");
    }
    got = receive(reply[0], answer, sizeof answer, SPAWN_SECONDS);
    close(reply[0]);
    if (got <= 0)
        return gb_fail(err, "the warm interpreter did not answer");
    if (strcmp(answer, "ok"))
        return gb_fail(err, "the warm interpreter could not start the run: %s", answer);
    return 0;
}
