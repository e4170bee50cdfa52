/* bench_sandbox.c — sandbox start + teardown against bubblewrap.
 *
 * For /bin/true and for `python3 -c pass`, interleaved rounds of: the bare
 * command (fork/exec/wait), gradebox's sandbox_run, and bwrap --unshare-all
 * with a comparable file system (read-only /usr and /etc, fresh /proc, /dev
 * and /tmp, the work directory bound read-write).  Prints the median of each
 * and the ratio of the overheads (sandbox - bare) / (bwrap - bare).
 * gradebox does more per start: seccomp with a listener, rlimits, a pid-1
 * reaper, a generated /etc, loopback up, and it shows the interpreter's own
 * paths (as the grader's runtime probe reports them) rather than /usr whole.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check/runtime.h"
#include "sandbox/sandbox.h"
#include "sandbox/workdir.h"

extern char **environ;

/* python3's paths, as the grader shows them (check/runtime.h). */
static const char *const *python_view;

static double now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static double spawn_wait(const char *const *argv)
{
    posix_spawn_file_actions_t fa;
    double t0 = now();
    pid_t pid;
    int status;

    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    if (posix_spawn(&pid, argv[0], &fa, NULL, (char *const *)argv, environ)) {
        perror(argv[0]);
        exit(1);
    }
    posix_spawn_file_actions_destroy(&fa);
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status)) {
        fprintf(stderr, "bench_sandbox: %s failed\n", argv[0]);
        exit(1);
    }
    return now() - t0;
}

static double run_sandbox(const char *workdir, const char *const *argv)
{
    struct sandbox_spec spec = { .workdir = workdir, .argv = argv, .ro_paths = python_view };
    struct sandbox_result res;
    struct gb_err err;
    double t0 = now();

    sandbox_limits_default(&spec.limits);
    if (sandbox_run(&spec, &res, &err) || !res.exited || res.exit_code) {
        fprintf(stderr, "bench_sandbox: sandbox run failed: %s\n", err.msg);
        exit(1);
    }
    sandbox_result_free(&res);
    return now() - t0;
}

static double run_bwrap(const char *workdir, const char *const *cmd)
{
    const char *argv[64] = {
        "/usr/bin/bwrap", "--unshare-all", "--die-with-parent", "--new-session",
        "--ro-bind", "/usr", "/usr", "--symlink", "usr/bin", "/bin",
        "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64",
        "--symlink", "usr/sbin", "/sbin", "--ro-bind", "/etc", "/etc",
        "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp",
        "--bind", workdir, "/work", "--chdir", "/work",
    };
    int n = 0;

    while (argv[n])
        n++;
    for (int i = 0; cmd[i] && n < 63; i++)
        argv[n++] = cmd[i];
    argv[n] = NULL;
    return spawn_wait(argv);
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void bench(const char *name, const char *workdir, const char *const *cmd, int rounds)
{
    double bare[64], ours[64], bw[64], mb, mo, mw;

    for (int i = 0; i < rounds; i++) {
        bare[i] = spawn_wait(cmd);
        ours[i] = run_sandbox(workdir, cmd);
        bw[i] = run_bwrap(workdir, cmd);
    }
    mb = median(bare, rounds);
    mo = median(ours, rounds);
    mw = median(bw, rounds);
    printf("%-22s bare %7.2f ms | gradebox %7.2f ms (+%.2f) | bwrap %7.2f ms (+%.2f)\n", name,
           mb * 1e3, mo * 1e3, (mo - mb) * 1e3, mw * 1e3, (mw - mb) * 1e3);
    printf("%-22s ratio gradebox/bwrap: total %.2f, overhead %.2f (%d rounds, medians)\n", name,
           mo / mw, mw > mb ? (mo - mb) / (mw - mb) : 0.0, rounds);
}

int main(void)
{
    static const char *const truecmd[] = { "/bin/true", NULL };
    static const char *const pycmd[] = { "/usr/bin/python3", "-c", "pass", NULL };
    struct workdir wd = WORKDIR_INIT;
    struct runtime rt;
    struct gb_err err;

    if (access("/usr/bin/bwrap", X_OK)) {
        fprintf(stderr, "bench_sandbox: bubblewrap (/usr/bin/bwrap) is not installed\n");
        return 1;
    }
    if (runtime_probe(pycmd[0], NULL, &rt, &err) || workdir_create(&wd, NULL, &err)) {
        fprintf(stderr, "bench_sandbox: %s\n", err.msg);
        return 1;
    }
    python_view = (const char *const *)rt.paths;
    bench("/bin/true", wd.path, truecmd, 41);
    bench("python3 -c pass", wd.path, pycmd, 21);
    workdir_remove(&wd, &err);
    runtime_free(&rt);
    return 0;
}
