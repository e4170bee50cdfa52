/* sandbox.c — runs one untrusted command contained (see sandbox.h).
 *
 * The grader's side of a run: prepare argv/env, clone the namespaces, map
 * ids, then supervise — read stdout and stderr concurrently, answer the
 * system-call filter, enforce the wall clock and the output cap — and finally
 * reap pid 1 and turn what happened into a struct sandbox_result.  The
 * child's side is sandbox_init.c; the pieces it uses are sandbox_ns.c
 * (namespaces, ids), sandbox_mount.c (file system), sandbox_limits.c
 * (rlimits) and sandbox_seccomp.c (filter).  sandbox_verdict.c names limits.
 */
#define _GNU_SOURCE
#include "sandbox/sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sandbox/sandbox_capture.h"
#include "sandbox/sandbox_env.h"
#include "sandbox/sandbox_cgroup.h"
#include "sandbox/sandbox_init.h"
#include "sandbox/sandbox_memwatch.h"
#include "sandbox/sandbox_ns.h"
#include "sandbox/sandbox_seccomp.h"
#include "sandbox/sandbox_verdict.h"
#include "sandbox/sandbox_zygote.h"
#include "clock.h"

/* Once asked to stop, pid 1 has this long before it is SIGKILLed (which
 * loses the CPU and memory figures of what it had not yet reaped) ... */
#define STOP_SECONDS 2.0
/* ... and after that the pipes have this long to close. */
#define DRAIN_SECONDS 5.0

struct supervisor {
    pid_t init;
    int out_fd, err_fd, ctl_fd, listener;
    struct sandbox_capture out, err;
    size_t output_cap;
    size_t memory_cap, memory_peak;   /* the whole tree's resident bytes */
    double start, deadline, hard_kill_at, drain_deadline, next_memory_check;
    int killed, hard_killed;
    enum sandbox_limit limit;
    char detail[128];
    int got_exit;
    struct sandbox_ctl_msg exit_msg;
    char setup_error[GB_ERR_MAX];
    struct sandbox_cgroup *cgroup;   /* the run's memory.max, or none (dirfd -1) */
    int work_fd, tmp_fd;             /* the sandbox's /work and /tmp, sent by pid 1 */
    /* When the zygote starts the run (sandbox_zygote.h): the request, the
     * run's stdout, stderr and control ends until it has them, and the pipe
     * on which pid 1 learns the run's pid. */
    struct sandbox_zygote *zygote;
    const char *request;
    int run_fds[3], sync_fd;
};

/* ---- supervision ---------------------------------------------------------- */

static void close_fd(int *fd)
{
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

/* The run's ends of the pipes stay open here only until the zygote has
 * them: then the grader sees their end of stream when the run's go. */
static void release_run_fds(struct supervisor *s)
{
    for (int i = 0; i < 3; i++)
        close_fd(&s->run_fds[i]);
}

/* Pid 1 built the sandbox: the zygote's copy enters it and forks the run. */
static void spawn_run(struct supervisor *s)
{
    struct gb_err err = { "" };
    int pidfd = (int)syscall(SYS_pidfd_open, s->init, 0), procs;

    procs = s->cgroup && s->cgroup->dirfd >= 0
                ? openat(s->cgroup->dirfd, "cgroup.procs", O_WRONLY | O_CLOEXEC)
                : open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (pidfd < 0 || procs < 0) {
        gb_fail_errno(&err, "cannot hand the sandbox to the warm interpreter");
    } else {
        int fds[5] = { pidfd, s->run_fds[0], s->run_fds[1], s->run_fds[2], procs };

        sandbox_zygote_spawn(s->zygote, s->request, fds, &err);
    }
    close_fd(&pidfd);
    close_fd(&procs);
    release_run_fds(s);
    if (err.msg[0]) {
        snprintf(s->setup_error, sizeof s->setup_error, "%s", err.msg);
        close_fd(&s->sync_fd);   /* pid 1 ends at once */
    }
}

/* The run exists: pid 1 reaps it from now on. */
static void tell_init(struct supervisor *s, int pid)
{
    pid_t p = pid;

    if (s->sync_fd >= 0 && write(s->sync_fd, &p, sizeof p) != (ssize_t)sizeof p &&
        !s->setup_error[0])
        snprintf(s->setup_error, sizeof s->setup_error, "cannot tell pid 1 the run's pid");
    close_fd(&s->sync_fd);
}

static void hard_kill(struct supervisor *s)
{
    if (s->hard_killed)
        return;
    /* SIGKILL to pid 1 of the namespace takes every process in it along. */
    kill(s->init, SIGKILL);
    s->hard_killed = 1;
    s->drain_deadline = gb_now_seconds() + DRAIN_SECONDS;
}

/* Asks pid 1 to kill and reap everything (so usage is counted), with
 * SIGKILL as the fallback if it cannot be told or does not finish. */
static void kill_sandbox(struct supervisor *s, enum sandbox_limit limit)
{
    struct sandbox_ctl_msg m = { .type = SANDBOX_CTL_STOP };

    if (s->limit == SANDBOX_LIMIT_NONE)
        s->limit = limit;
    if (s->killed)
        return;
    s->killed = 1;
    release_run_fds(s);
    if (s->sync_fd >= 0 && s->request)
        close_fd(&s->sync_fd);   /* a zygote run not started yet never will be */
    s->hard_kill_at = gb_now_seconds() + STOP_SECONDS;
    s->drain_deadline = s->hard_kill_at + DRAIN_SECONDS;
    if (s->ctl_fd < 0 || sandbox_ctl_send(s->ctl_fd, &m, -1))
        hard_kill(s);
}

/* Reads what is available, at most 1 MiB per call so that a writer faster
 * than us cannot keep the clocks from being checked; end of stream closes
 * the descriptor. */
static int read_stream(struct supervisor *s, int *fd, struct sandbox_capture *c,
                       struct gb_err *err)
{
    char chunk[65536];

    for (int round = 0; round < 16; round++) {
        ssize_t n = read(*fd, chunk, sizeof chunk);

        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == EAGAIN)
            return 0;
        if (n <= 0) {
            close(*fd);
            *fd = -1;
            return 0;
        }
        if (sandbox_capture_add(c, chunk, (size_t)n, err))
            return -1;
        if (s->output_cap && s->out.total + s->err.total > s->output_cap) {
            snprintf(s->detail, sizeof s->detail, "%zu bytes", s->output_cap);
            kill_sandbox(s, SANDBOX_LIMIT_OUTPUT);
        }
    }
    return 0;
}

/* A zeroed sandbox_result means "no work_fd" (0), so a descriptor kept in
 * one never is 0, 1 or 2 (a grader started with stdin closed). */
static int above_stdio(int fd)
{
    int moved;

    if (fd > 2)
        return fd;
    moved = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    close(fd);
    return moved;
}

static void read_ctl(struct supervisor *s)
{
    struct sandbox_ctl_msg m;
    int fd, rc;

    while ((rc = sandbox_ctl_recv(s->ctl_fd, &m, &fd)) == 1) {
        if (m.type == SANDBOX_CTL_LISTENER && fd >= 0 && s->listener < 0) {
            s->listener = fd;
            continue;
        }
        if (m.type == SANDBOX_CTL_WORKDIR && fd >= 0 && s->work_fd < 0) {
            s->work_fd = above_stdio(fd);
            continue;
        }
        if (m.type == SANDBOX_CTL_TMPDIR && fd >= 0 && s->tmp_fd < 0) {
            s->tmp_fd = fd;
            continue;
        }
        if (fd >= 0)
            close(fd);
        if (m.type == SANDBOX_CTL_ERROR && !s->setup_error[0])
            snprintf(s->setup_error, sizeof s->setup_error, "%s", m.text);
        if (m.type == SANDBOX_CTL_READY && s->request && s->run_fds[0] >= 0)
            spawn_run(s);
        if (m.type == SANDBOX_CTL_STARTED && s->request && s->sync_fd >= 0)
            tell_init(s, m.status);
        if (m.type == SANDBOX_CTL_EXIT) {
            s->exit_msg = m;
            s->got_exit = 1;
        }
    }
    if (rc == 0 || (rc < 0 && errno != EAGAIN)) {
        close(s->ctl_fd);
        s->ctl_fd = -1;
    }
}

static int answer_filter(struct supervisor *s, struct gb_err *err)
{
    char name[96];
    int rc = sandbox_seccomp_answer(s->listener, name, sizeof name, err);

    if (rc < 0) {
        close(s->listener);
        s->listener = -1;
        return 0;   /* the filtered processes are gone */
    }
    if (rc == 1 && s->limit == SANDBOX_LIMIT_NONE) {
        snprintf(s->detail, sizeof s->detail, "%s", name);
        kill_sandbox(s, SANDBOX_LIMIT_SYSCALL);
    }
    return 0;
}

/* RLIMIT_DATA holds each process; this holds them all together, so a
 * submission that forks cannot take the process limit times the memory. */
static void watch_memory(struct supervisor *s)
{
    size_t total;

    if (!s->memory_cap || s->killed || gb_now_seconds() < s->next_memory_check)
        return;
    s->next_memory_check = gb_now_seconds() + SANDBOX_MEMWATCH_PERIOD;
    if (sandbox_memwatch_total(s->init, &total))
        return;
    if (total > s->memory_peak)
        s->memory_peak = total;
    if (total > s->memory_cap) {
        snprintf(s->detail, sizeof s->detail, "%zu MB for all its processes together",
                 s->memory_cap >> 20);
        kill_sandbox(s, SANDBOX_LIMIT_MEMORY);
    }
}

static int poll_timeout_ms(const struct supervisor *s)
{
    double until = s->hard_killed ? s->drain_deadline : s->killed ? s->hard_kill_at : s->deadline;
    double left;

    if (s->memory_cap && !s->killed && s->next_memory_check < until)
        until = s->next_memory_check;
    left = until - gb_now_seconds();

    if (left <= 0)
        return 0;
    return left > 1000 ? 1000000 : (int)(left * 1000) + 1;
}

static int supervise_once(struct supervisor *s, struct gb_err *err)
{
    struct pollfd p[4] = {
        { s->out_fd, POLLIN, 0 }, { s->err_fd, POLLIN, 0 },
        { s->ctl_fd, POLLIN, 0 }, { s->listener, POLLIN, 0 },
    };
    int n = poll(p, 4, poll_timeout_ms(s));

    if (n < 0 && errno != EINTR)
        return gb_fail_errno(err, "cannot wait for the sandboxed program");
    if (n > 0 && p[3].revents & POLLIN && answer_filter(s, err))
        return -1;
    if (n > 0 && p[3].revents & (POLLHUP | POLLERR | POLLNVAL) && !(p[3].revents & POLLIN)) {
        close(s->listener);
        s->listener = -1;
    }
    if (n > 0 && p[0].revents && read_stream(s, &s->out_fd, &s->out, err))
        return -1;
    if (n > 0 && p[1].revents && read_stream(s, &s->err_fd, &s->err, err))
        return -1;
    if (n > 0 && p[2].revents)
        read_ctl(s);
    watch_memory(s);
    if (!s->killed && gb_now_seconds() >= s->deadline) {
        snprintf(s->detail, sizeof s->detail, "%g s", s->deadline - s->start);
        kill_sandbox(s, SANDBOX_LIMIT_WALL);
    }
    if (s->killed && !s->hard_killed && gb_now_seconds() >= s->hard_kill_at)
        hard_kill(s);
    return 0;
}

/* Runs until pid 1 is gone and both pipes are closed (or, once killed, the
 * drain time is over: a pipe end leaked to a dying process cannot hold us). */
static int supervise(struct supervisor *s, struct gb_err *err)
{
    while (s->out_fd >= 0 || s->err_fd >= 0 || s->ctl_fd >= 0) {
        if (s->hard_killed && gb_now_seconds() >= s->drain_deadline)
            break;
        if (s->setup_error[0] && !s->killed)
            kill_sandbox(s, SANDBOX_LIMIT_NONE);
        if (supervise_once(s, err)) {
            hard_kill(s);
            return -1;
        }
    }
    return 0;
}

/* ---- the run ---------------------------------------------------------------- */

static int check_spec(const struct sandbox_spec *spec, struct gb_err *err)
{
    if (!spec->workdir || !spec->workdir[0])
        return gb_fail(err, "sandbox: no work directory given");
    if (!spec->argv || !spec->argv[0] || spec->argv[0][0] != '/')
        return gb_fail(err, "sandbox: the command must start with an absolute path");
    if (spec->limits.wall_seconds <= 0)
        return gb_fail(err, "sandbox: the wall-clock limit must be positive");
    return 0;
}

struct channels {
    int out[2], err[2], sync[2], ctl[2];
};

static void close_pair(int p[2])
{
    for (int i = 0; i < 2; i++)
        if (p[i] >= 0)
            close(p[i]);
    p[0] = p[1] = -1;
}

static int open_channels(struct channels *ch, struct gb_err *err)
{
    ch->out[0] = ch->out[1] = ch->err[0] = ch->err[1] = -1;
    ch->sync[0] = ch->sync[1] = ch->ctl[0] = ch->ctl[1] = -1;
    if (pipe2(ch->out, O_CLOEXEC) || pipe2(ch->err, O_CLOEXEC) || pipe2(ch->sync, O_CLOEXEC) ||
        socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, ch->ctl))
        return gb_fail_errno(err, "cannot create the sandbox's pipes");
    if (fcntl(ch->out[0], F_SETFL, O_NONBLOCK) || fcntl(ch->err[0], F_SETFL, O_NONBLOCK))
        return gb_fail_errno(err, "cannot make the output pipes non-blocking");
    return 0;
}

static void close_channels(struct channels *ch)
{
    close_pair(ch->out);
    close_pair(ch->err);
    close_pair(ch->sync);
    close_pair(ch->ctl);
}

/* What the child is handed, all prepared (allocated, opened, compiled)
 * before the clone. */
struct kit {
    char **argv, **envp;
    struct sandbox_mount_sources *sources;
    struct sandbox_filter *filter;
    char *request;   /* the zygote's request (JSON), when the zygote starts the run */
};

static int prepare_kit(const struct sandbox_spec *spec, int cgroup, struct kit *k,
                       struct gb_err *err)
{
    struct sandbox_mount_plan plan = { spec->workdir, spec->argv[0], spec->ro_paths,
                                       spec->hidden_paths, spec->limits.tmp_bytes,
                                       spec->limits.disk_bytes };

    memset(k, 0, sizeof *k);
    k->argv = sandbox_env_argv(spec, err);
    k->envp = k->argv ? sandbox_env_list(spec, err) : NULL;
    if (!k->envp)
        return -1;
    k->sources = calloc(1, sizeof *k->sources);
    k->filter = calloc(1, sizeof *k->filter);
    if (!k->sources || !k->filter)
        return gb_fail(err, "out of memory preparing the sandbox");
    if (sandbox_seccomp_compile(k->filter, err))
        return -1;
    if (sandbox_zygote_fits(spec->zygote, k->argv, k->envp) &&
        !(k->request = sandbox_zygote_request(spec, k->argv, k->envp, k->filter, cgroup)))
        return gb_fail(err, "out of memory preparing the run's request");
    return sandbox_mount_collect(&plan, k->sources, err);
}

static void release_kit(struct kit *k)
{
    sandbox_strv_free(k->argv);
    sandbox_strv_free(k->envp);
    free(k->sources);
    free(k->filter);
    free(k->request);
    memset(k, 0, sizeof *k);
}

static void __attribute__((noreturn)) run_child(const struct sandbox_spec *spec,
                                                struct channels *ch, const struct kit *k)
{
    struct sandbox_child c = {
        .argv = k->argv, .envp = k->envp,
        .mount = { spec->workdir, spec->argv[0], spec->ro_paths, spec->hidden_paths,
                   spec->limits.tmp_bytes, spec->limits.disk_bytes },
        .sources = k->sources, .filter = k->filter,
        .limits = spec->limits, .host_root = geteuid() == 0,
        .out_fd = ch->out[1], .ctl_fd = ch->ctl[1],
        .err_fd = spec->stderr_to_stdout ? ch->out[1] : ch->err[1],
        .sync_fd = ch->sync[0], .zygote = k->request != NULL,
    };

    close(ch->out[0]);
    close(ch->err[0]);
    close(ch->sync[1]);
    close(ch->ctl[0]);
    sandbox_init_main(&c);
}

static void start_supervisor(struct supervisor *s, const struct sandbox_spec *spec,
                             struct channels *ch, pid_t init, double start)
{
    size_t cap = spec->limits.output_bytes ? spec->limits.output_bytes : (size_t)1 << 20;

    memset(s, 0, sizeof *s);
    s->init = init;
    s->out_fd = ch->out[0];
    s->err_fd = ch->err[0];
    s->ctl_fd = ch->ctl[0];
    ch->out[0] = ch->err[0] = ch->ctl[0] = -1;
    s->listener = -1;
    s->work_fd = s->tmp_fd = -1;
    s->run_fds[0] = s->run_fds[1] = s->run_fds[2] = s->sync_fd = -1;
    s->output_cap = spec->limits.output_bytes;
    s->memory_cap = spec->limits.memory_bytes;
    sandbox_capture_init(&s->out, cap / 2, cap / 4);
    sandbox_capture_init(&s->err, cap / 2, cap / 4);
    s->start = start;
    s->deadline = start + spec->limits.wall_seconds;
}

static void stop_supervisor(struct supervisor *s)
{
    int *fds[] = { &s->out_fd, &s->err_fd, &s->ctl_fd, &s->listener, &s->work_fd, &s->tmp_fd,
                   &s->run_fds[0], &s->run_fds[1], &s->run_fds[2], &s->sync_fd };

    for (size_t i = 0; i < sizeof fds / sizeof fds[0]; i++)
        if (*fds[i] >= 0) {
            close(*fds[i]);
            *fds[i] = -1;
        }
    sandbox_capture_free(&s->out);
    sandbox_capture_free(&s->err);
}

static double tv_seconds(struct timeval tv)
{
    return (double)tv.tv_sec + tv.tv_usec / 1e6;
}

/* pid 1 is dead or dying (its pipes closed or it was killed): reap it.  Its
 * rusage covers every process it reaped, including those the kernel killed
 * when it exited. */
static void reap_init(struct supervisor *s, struct sandbox_result *res)
{
    struct rusage ru;
    int status;

    memset(&ru, 0, sizeof ru);
    hard_kill(s);   /* normally long dead; never wait on a live one */
    while (wait4(s->init, &status, __WALL, &ru) < 0 && errno == EINTR)
        ;
    res->cpu_seconds = tv_seconds(ru.ru_utime) + tv_seconds(ru.ru_stime);
    res->peak_memory_bytes = (size_t)ru.ru_maxrss * 1024;
    if (s->got_exit) {
        /* The submission's own subtree, without pid 1 (a copy of the grader). */
        res->cpu_seconds = s->exit_msg.cpu_seconds;
        res->peak_memory_bytes = (size_t)s->exit_msg.maxrss_kb * 1024;
    }
    if (s->memory_peak > res->peak_memory_bytes)
        res->peak_memory_bytes = s->memory_peak;   /* several processes together */
}

static void fill_status(const struct supervisor *s, struct sandbox_result *res)
{
    int st = s->exit_msg.status;

    if (s->got_exit && WIFEXITED(st)) {
        res->exited = 1;
        res->exit_code = WEXITSTATUS(st);
    } else if (s->got_exit && WIFSIGNALED(st)) {
        res->signal = WTERMSIG(st);
    } else {
        res->signal = SIGKILL;   /* stopped by the grader before it ended */
    }
    res->limit = s->limit;
    snprintf(res->limit_detail, sizeof res->limit_detail, "%s", s->detail);
}

/* The kernel's OOM killer acting at memory.max is a memory verdict too. */
static void note_cgroup(struct supervisor *s, const struct sandbox_spec *spec,
                        struct sandbox_result *res)
{
    res->memory_guard = s->cgroup->dirfd >= 0 ? SANDBOX_GUARD_CGROUP : SANDBOX_GUARD_WATCHDOG;
    if (s->limit != SANDBOX_LIMIT_NONE || !sandbox_cgroup_oom_killed(s->cgroup))
        return;
    s->limit = SANDBOX_LIMIT_MEMORY;
    snprintf(s->detail, sizeof s->detail, "%zu MB for all its processes together (cgroup "
             "memory.max)", spec->limits.memory_bytes >> 20);
}

/* Is the tmpfs behind fd (all but) full, in bytes or in files?  A write
 * refused there is ENOSPC, which the program may report in any words. */
static int tmpfs_full(int fd)
{
    struct statfs sf;

    if (fd < 0 || fstatfs(fd, &sf))
        return 0;
    return sf.f_ffree == 0 || sf.f_bavail * (unsigned long long)sf.f_bsize < 64 * 1024;
}

/* A failed run whose /work or /tmp is full ran out of disk space. */
static void note_disk(struct supervisor *s, const struct sandbox_spec *spec)
{
    int work = tmpfs_full(s->work_fd), tmp = !work && tmpfs_full(s->tmp_fd);

    if (s->limit != SANDBOX_LIMIT_NONE || (s->got_exit && WIFEXITED(s->exit_msg.status) &&
                                           WEXITSTATUS(s->exit_msg.status) == 0) ||
        !(work || tmp))
        return;
    s->limit = SANDBOX_LIMIT_DISK;
    snprintf(s->detail, sizeof s->detail, "%s holds at most %zu MB in %d files",
             work ? SANDBOX_WORKDIR : "/tmp",
             (work ? spec->limits.disk_bytes : spec->limits.tmp_bytes) >> 20,
             SANDBOX_MOUNT_INODES);
}

static int finish(struct supervisor *s, const struct sandbox_spec *spec,
                  struct sandbox_result *res, struct gb_err *err)
{
    res->wall_seconds = gb_now_seconds() - s->start;
    reap_init(s, res);
    note_cgroup(s, spec, res);
    note_disk(s, spec);
    res->work_fd = s->work_fd;
    s->work_fd = -1;
    if (s->setup_error[0]) {
        gb_fail(err, "sandbox setup failed: %s", s->setup_error);
        return -1;
    }
    fill_status(s, res);
    res->stderr_in_out = spec->stderr_to_stdout;
    if (sandbox_capture_finish(&s->out, &res->out, err) ||
        sandbox_capture_finish(&s->err, &res->err, err))
        return -1;
    sandbox_verdict_classify(res, &spec->limits);
    return 0;
}

/* The id maps and the cgroup are in place before pid 1 may go on and
 * start the submission (which inherits both). */
static int launch(const struct sandbox_spec *spec, struct channels *ch, struct kit *k,
                  struct sandbox_cgroup *cg, pid_t *init, struct gb_err *err)
{
    pid_t pid = sandbox_ns_clone(err);

    if (pid < 0)
        return -1;
    if (pid == 0)
        run_child(spec, ch, k);
    *init = pid;
    if (!k->request) {   /* else the zygote's run gets them (hand_run_fds) */
        close(ch->out[1]);
        close(ch->err[1]);
        close(ch->ctl[1]);
        ch->out[1] = ch->err[1] = ch->ctl[1] = -1;
    }
    close(ch->sync[0]);
    ch->sync[0] = -1;
    if (sandbox_ns_write_maps(pid, err) || sandbox_cgroup_attach(cg, pid, err) ||
        write(ch->sync[1], "1", 1) != 1) {
        if (!err || !err->msg[0])
            gb_fail_errno(err, "cannot start the sandbox");
        kill(pid, SIGKILL);
        while (waitpid(pid, NULL, __WALL) < 0 && errno == EINTR)
            ;
        return -1;
    }
    return 0;
}

/* The zygote's run gets its stdout, stderr and control ends from the
 * supervisor once pid 1 is ready (spawn_run), and pid 1 its pid (tell_init). */
static void hand_run_fds(struct supervisor *s, const struct sandbox_spec *spec,
                         struct channels *ch, const struct kit *k)
{
    if (!k->request)
        return;
    s->zygote = spec->zygote;
    s->request = k->request;
    s->run_fds[0] = ch->out[1];
    if (spec->stderr_to_stdout) {
        s->run_fds[1] = fcntl(ch->out[1], F_DUPFD_CLOEXEC, 3);
        close(ch->err[1]);
    } else {
        s->run_fds[1] = ch->err[1];
    }
    s->run_fds[2] = ch->ctl[1];
    s->sync_fd = ch->sync[1];
    ch->out[1] = ch->err[1] = ch->ctl[1] = ch->sync[1] = -1;
    if (s->run_fds[1] < 0)
        snprintf(s->setup_error, sizeof s->setup_error, "cannot prepare the run's output");
}

int sandbox_run(const struct sandbox_spec *spec, struct sandbox_result *res,
                struct gb_err *err)
{
    struct sandbox_cgroup cg = SANDBOX_CGROUP_INIT;
    struct channels ch;
    struct supervisor s;
    struct kit k;
    pid_t init;
    int rc = -1, prepared;

    memset(res, 0, sizeof *res);
    res->work_fd = -1;
    if (check_spec(spec, err) || sandbox_cgroup_create(&cg, spec->limits.memory_bytes, err))
        return -1;
    prepared = prepare_kit(spec, cg.dirfd >= 0, &k, err) == 0;
    if (prepared && !open_channels(&ch, err) && !launch(spec, &ch, &k, &cg, &init, err)) {
        start_supervisor(&s, spec, &ch, init, gb_now_seconds());
        s.cgroup = &cg;
        hand_run_fds(&s, spec, &ch, &k);
        if (supervise(&s, err) == 0)
            rc = finish(&s, spec, res, err);
        else
            reap_init(&s, res);
        stop_supervisor(&s);
    }
    if (prepared)
        close_channels(&ch);
    release_kit(&k);
    sandbox_cgroup_remove(&cg);
    if (rc)
        sandbox_result_free(res);
    return rc;
}

void sandbox_result_free(struct sandbox_result *res)
{
    if (res->work_fd > 2)
        close(res->work_fd);
    res->work_fd = -1;
    free(res->out.data);
    free(res->err.data);
    res->out.data = res->err.data = NULL;
    res->out.len = res->err.len = 0;
}
