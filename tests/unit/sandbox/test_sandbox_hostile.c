/* test_sandbox_hostile.c — the hostile suite: each program in tests/hostile/
 * attacks the sandbox one way under small limits.  Every case asserts the
 * exact verdict, that nothing it started still runs and no zombie is left,
 * and that a correct submission run right after it is unaffected. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check/runtime.h"
#include "sandbox/sandbox.h"
#include "sandbox/sandbox_zygote.h"
#include "sandbox/workdir.h"

#define PYTHON "/usr/bin/python3"

/* What the sandbox shows for PYTHON (its stdlib, site-packages, libraries),
 * probed once in main() as the grader probes it (check/runtime.h). */
static const char *const *python_view;
#define HOSTILE_DIR "tests/hostile"   /* tests/run.sh runs from the repository root */

/* Every case runs twice: exec'd, and from a warm interpreter
 * (sandbox_zygote.h), whose runs must be held exactly alike.  That zygote
 * imports nothing (torch's pages would only add to the memory each case's
 * limits count) and runs from a copy of its script named for this test, so
 * that its copies can be told from any other zygote on the machine. */
static struct sandbox_zygote *zygote;
static int from_zygote;
static char zygote_dir[80], zygote_token[48];

static void use_zygote(void)
{
    from_zygote = 1;
}

static struct sandbox_limits hostile_limits(void)
{
    struct sandbox_limits l;

    sandbox_limits_default(&l);
    l.wall_seconds = 30;        /* generous: CI machines are busy; no case needs it */
    l.cpu_seconds = 10;
    l.memory_bytes = 256u << 20;
    l.max_processes = 16;
    l.file_bytes = 8u << 20;
    l.output_bytes = 64u << 10;
    l.tmp_bytes = 4u << 20;
    l.max_open_files = 64;
    return l;
}

/* Does any process on the host still run a file whose name holds token? */
static int processes_with(const char *token)
{
    DIR *d = opendir("/proc");
    struct dirent *e;
    int found = 0;

    ck_assert_ptr_nonnull(d);
    while ((e = readdir(d))) {
        char path[300], buf[4096];
        ssize_t n;
        int fd;

        if (e->d_name[0] < '0' || e->d_name[0] > '9')
            continue;
        snprintf(path, sizeof path, "/proc/%s/cmdline", e->d_name);
        fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            continue;
        n = read(fd, buf, sizeof buf - 1);
        close(fd);
        if (n <= 0)
            continue;
        for (ssize_t i = 0; i < n; i++)
            if (!buf[i])
                buf[i] = ' ';
        buf[n] = '\0';
        found += strstr(buf, token) != NULL;
    }
    closedir(d);
    return found;
}

static void run_in(struct workdir *wd, const char *name, const char *const *args,
                   const struct sandbox_limits *limits, struct sandbox_result *res)
{
    char src[256], script[128];
    const char *argv[8] = { PYTHON, script };
    struct sandbox_spec spec = { 0 };
    struct gb_err err = { "" };
    int n = 2;

    snprintf(src, sizeof src, HOSTILE_DIR "/%s.py", name);
    snprintf(script, sizeof script, "%s_gbhostile%ld.py", name, (long)getpid());
    ck_assert_msg(workdir_add_file(wd, script, src, 1 << 20, &err) == 0, "%s", err.msg);
    for (; args && *args && n < 7; args++)
        argv[n++] = *args;
    argv[n] = NULL;
    spec.workdir = wd->path;
    spec.argv = argv;
    spec.limits = *limits;
    spec.ro_paths = python_view;
    spec.zygote = from_zygote ? zygote : NULL;
    ck_assert_msg(sandbox_run(&spec, res, &err) == 0, "%s", err.msg);
}

/* The checks every hostile case ends with. */
static void assert_aftermath(void)
{
    char token[64];
    struct workdir wd = WORKDIR_INIT;
    struct sandbox_limits l = hostile_limits();
    struct sandbox_result res;
    struct gb_err err;

    snprintf(token, sizeof token, "_gbhostile%ld.py", (long)getpid());
    ck_assert_int_eq(processes_with(token), 0);
    if (from_zygote)   /* the zygote itself, and no copy of it */
        ck_assert_int_eq(processes_with(zygote_token), 1);
    ck_assert_int_eq(waitpid(-1, NULL, WNOHANG), -1);
    ck_assert_int_eq(errno, ECHILD);
    ck_assert_int_eq(workdir_create(&wd, NULL, &err), 0);
    run_in(&wd, "good", NULL, &l, &res);
    ck_assert_msg(res.exited && res.exit_code == 0, "%s", res.err.data);
    ck_assert_int_eq(res.limit, SANDBOX_LIMIT_NONE);
    ck_assert_str_eq(res.out.data, "step | value\n0 | 0.000\n1 | 1.000\n2 | 1.414\n");
    ck_assert_str_eq(res.err.data, "");
    sandbox_result_free(&res);
    ck_assert_int_eq(workdir_remove(&wd, &err), 0);
}

/* Runs a case in its own work directory and checks limit and description. */
static void hostile(const char *name, const char *const *args, const struct sandbox_limits *l,
                    enum sandbox_limit limit, const char *description,
                    struct sandbox_result *res)
{
    struct workdir wd = WORKDIR_INIT;
    struct gb_err err;
    char desc[200];

    ck_assert_int_eq(workdir_create(&wd, NULL, &err), 0);
    run_in(&wd, name, args, l, res);
    ck_assert_msg(workdir_remove(&wd, &err) == 0, "%s", err.msg);
    sandbox_describe(res, desc, sizeof desc);
    ck_assert_msg(res->limit == limit, "%s: limit %s, expected %s; %s; stderr: %s", name,
                  sandbox_limit_name(res->limit), sandbox_limit_name(limit), desc, res->err.data);
    if (description)
        ck_assert_str_eq(desc, description);
}

#define HOSTILE_TEST(fn, ...)                                                    \
    START_TEST(fn)                                                               \
    {                                                                            \
        struct sandbox_limits l = hostile_limits();                              \
        struct sandbox_result res;                                               \
        __VA_ARGS__;                                                             \
        sandbox_result_free(&res);                                               \
        assert_aftermath();                                                      \
    }                                                                            \
    END_TEST

#define PROCS_SENTENCE "stopped: it tried to start more processes or threads than allowed"
#define FSIZE_SENTENCE "stopped: it wrote a file larger than the file-size limit allows"

HOSTILE_TEST(test_fork_bomb, {
    hostile("fork_bomb", NULL, &l, SANDBOX_LIMIT_PROCS, PROCS_SENTENCE, &res);
    ck_assert_int_eq(res.exit_code, 1);
})

HOSTILE_TEST(test_thread_bomb, {
    hostile("thread_bomb", NULL, &l, SANDBOX_LIMIT_PROCS, PROCS_SENTENCE, &res);
})

HOSTILE_TEST(test_memory_bomb, {
    hostile("memory_bomb", NULL, &l, SANDBOX_LIMIT_MEMORY, NULL, &res);
    ck_assert_str_eq(res.limit_detail, "256 MB");
    ck_assert_ptr_nonnull(strstr(res.err.data, "MemoryError"));
    ck_assert_uint_lt(res.peak_memory_bytes, 300u << 20);
})

/* Each process under the limit, all of them together over it: the tree's
 * resident memory is what stops the run, within a sampling period. */
HOSTILE_TEST(test_memory_over_processes, {
    char desc[200];

    hostile("fork_memory", NULL, &l, SANDBOX_LIMIT_MEMORY, NULL, &res);
    /* the watchdog's words, or the kernel's at a delegated memory.max */
    ck_assert_msg(!strncmp(res.limit_detail, "256 MB for all its processes together", 37), "%s",
                  res.limit_detail);
    ck_assert_ptr_null(strstr(res.out.data, "did not hold"));
    ck_assert_uint_gt(res.peak_memory_bytes, 256u << 20);
    ck_assert_uint_lt(res.wall_seconds, 15);
    sandbox_describe(&res, desc, sizeof desc);
    ck_assert_ptr_nonnull(strstr(desc, "ran out of memory (the limit is 256 MB for all its "
                                       "processes together; peak seen "));
})

/* Shared memory: RLIMIT_DATA ignores MAP_SHARED, and the pages are shmem,
 * not anonymous memory.  3 times the limit, touched, must still be stopped
 * (the limit is low so the test needs little memory and time). */
HOSTILE_TEST(test_shared_mapping_counts, {
    const char *args[] = { "384", NULL };

    l.memory_bytes = 128u << 20;
    hostile("shared_mmap", args, &l, SANDBOX_LIMIT_MEMORY, NULL, &res);
    ck_assert_ptr_null(strstr(res.out.data, "did not hold"));
    ck_assert_uint_gt(res.peak_memory_bytes, 128u << 20);
    ck_assert_uint_lt(res.wall_seconds, 20);
})

/* memfd files held open but never mapped: no process's resident memory
 * shows them, the descriptors do. */
HOSTILE_TEST(test_memfd_counts, {
    const char *args[] = { "24", NULL };

    l.memory_bytes = 128u << 20;
    l.file_bytes = 32u << 20;   /* RLIMIT_FSIZE holds each memfd too */
    hostile("memfd_fill", args, &l, SANDBOX_LIMIT_MEMORY, NULL, &res);
    ck_assert_ptr_null(strstr(res.out.data, "did not hold"));
    ck_assert_uint_gt(res.peak_memory_bytes, 128u << 20);
    ck_assert_uint_lt(res.wall_seconds, 20);
})

/* A System V segment belongs to the IPC namespace, not to a process, so
 * nothing would count it once detached: shmget is refused. */
HOSTILE_TEST(test_sysv_shm_denied, {
    hostile("sysv_shm", NULL, &l, SANDBOX_LIMIT_SYSCALL,
            "stopped: it called shmget, which the sandbox forbids", &res);
})

HOSTILE_TEST(test_torch_memory_bomb, {
    l.wall_seconds = 120;
    l.cpu_seconds = 60;
    l.memory_bytes = 1u << 30;
    hostile("torch_memory_bomb", NULL, &l, SANDBOX_LIMIT_MEMORY, NULL, &res);
    ck_assert_ptr_nonnull(strstr(res.err.data, "can't allocate memory"));
})

HOSTILE_TEST(test_infinite_loop_hits_cpu_limit, {
    l.cpu_seconds = 1;
    hostile("infinite_loop", NULL, &l, SANDBOX_LIMIT_CPU, "stopped after 1 s of CPU time", &res);
    ck_assert_int_eq(res.signal, SIGXCPU);
    ck_assert_msg(res.cpu_seconds >= 0.5 && res.cpu_seconds < 3, "%f", res.cpu_seconds);
})

HOSTILE_TEST(test_sleep_forever_hits_wall_limit, {
    l.wall_seconds = 2;
    hostile("sleep_forever", NULL, &l, SANDBOX_LIMIT_WALL, "stopped after 2 s of wall time",
            &res);
    ck_assert_str_eq(res.out.data, "sleeping\n");
    ck_assert_msg(res.wall_seconds >= 2 && res.wall_seconds < 6, "%f", res.wall_seconds);
})

HOSTILE_TEST(test_stdout_flood, {
    hostile("stdout_flood", NULL, &l, SANDBOX_LIMIT_OUTPUT,
            "stopped after printing more than 65536 bytes of output", &res);
    ck_assert_int_eq(res.out.truncated, 1);
    ck_assert_uint_le(res.out.len, 32768 + 16384 + 100);
})

HOSTILE_TEST(test_huge_file, {
    hostile("huge_file", NULL, &l, SANDBOX_LIMIT_FSIZE, FSIZE_SENTENCE, &res);
    ck_assert_ptr_nonnull(strstr(res.err.data, "File too large"));
})

HOSTILE_TEST(test_tmp_is_size_limited, {
    hostile("tmp_fill", NULL, &l, SANDBOX_LIMIT_DISK,
            "ran out of disk space (/tmp holds at most 4 MB in 16384 files)", &res);
    ck_assert_ptr_nonnull(strstr(res.err.data, "No space left on device"));
})

/* Files each under the file-size limit, together over the work directory's
 * size: /work is a tmpfs of limits.disk_bytes, not the host disk. */
HOSTILE_TEST(test_work_is_size_limited, {
    const char *args[] = { "10", "6", NULL };

    l.disk_bytes = 32u << 20;
    hostile("disk_fill", args, &l, SANDBOX_LIMIT_DISK,
            "ran out of disk space (/work holds at most 32 MB in 16384 files)", &res);
    ck_assert_ptr_null(strstr(res.out.data, "did not hold"));
})

/* Empty files cost an inode each, which size= does not count. */
HOSTILE_TEST(test_work_is_inode_limited, {
    const char *args[] = { "20000", NULL };

    l.disk_bytes = 32u << 20;
    hostile("many_files", args, &l, SANDBOX_LIMIT_DISK,
            "ran out of disk space (/work holds at most 32 MB in 16384 files)", &res);
    ck_assert_ptr_null(strstr(res.out.data, "did not hold"));
})

/* The test listens on the host's loopback: the sandbox must not reach it. */
HOSTILE_TEST(test_network, {
    struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
    socklen_t alen = sizeof a;
    int lfd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    char port[16];
    const char *args[] = { port, NULL };

    ck_assert_int_ge(lfd, 0);
    ck_assert_int_eq(bind(lfd, (struct sockaddr *)&a, sizeof a), 0);
    ck_assert_int_eq(listen(lfd, 4), 0);
    ck_assert_int_eq(getsockname(lfd, (struct sockaddr *)&a, &alen), 0);
    snprintf(port, sizeof port, "%d", ntohs(a.sin_port));
    hostile("network", args, &l, SANDBOX_LIMIT_NONE, "exited with status 0", &res);
    ck_assert_str_eq(res.out.data, "outside 101\nhost loopback 111\ndns failed\nudp 101\n");
    ck_assert_int_eq(accept(lfd, NULL, NULL), -1);
    ck_assert_int_eq(errno, EAGAIN);
    close(lfd);
})

HOSTILE_TEST(test_netlink_socket_denied, {
    hostile("netlink", NULL, &l, SANDBOX_LIMIT_SYSCALL,
            "stopped: it called socket(AF_NETLINK, SOCK_RAW), which the sandbox forbids", &res);
    ck_assert_str_eq(res.out.data, "");
})

HOSTILE_TEST(test_ptrace_denied, {
    hostile("ptrace", NULL, &l, SANDBOX_LIMIT_SYSCALL,
            "stopped: it called ptrace, which the sandbox forbids", &res);
    ck_assert_str_eq(res.limit_detail, "ptrace");
})

HOSTILE_TEST(test_unshare_denied, {
    hostile("unshare", NULL, &l, SANDBOX_LIMIT_SYSCALL,
            "stopped: it called unshare, which the sandbox forbids", &res);
})

/* A sibling's work directory exists on the host while this one runs, as do
 * the rubrics and the grader's environment. */
HOSTILE_TEST(test_read_secrets, {
    struct workdir sib = WORKDIR_INIT;
    struct gb_err err;
    char sibling[600], rubrics[600], cwd[512], expected[2048];
    const char *args[] = { sibling, rubrics, NULL };

    setenv("GRADEBOX_SECRET_KEY", "do-not-leak", 1);
    ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
    snprintf(rubrics, sizeof rubrics, "%s/rubrics", cwd);
    ck_assert_int_eq(workdir_create(&sib, NULL, &err), 0);
    ck_assert_int_eq(workdir_add_data(&sib, "answer.py", "x = 1\n", 6, &err), 0);
    snprintf(sibling, sizeof sibling, "%s/answer.py", sib.path);
    hostile("read_secrets", args, &l, SANDBOX_LIMIT_NONE, "exited with status 0", &res);
    snprintf(expected, sizeof expected,
             "/etc/shadow errno 2\n/root errno 2\n/home errno 2\n%s errno 2\n%s errno 2\n"
             "/proc/1/environ errno 13\n/proc/1/root/etc/hostname errno 13\nenv []\n",
             sibling, rubrics);
    ck_assert_str_eq(res.out.data, expected);
    workdir_remove(&sib, &err);
})

/* The grader's data (here the checkout: rubrics/, exercises/) and the parts
 * of /usr that Python does not need are not in the sandbox; a walk of all it
 * can see finds none of the grader's files.  Under the old mount code /usr
 * was bound whole: /usr/share, /usr/include and /usr/sbin were listed. */
HOSTILE_TEST(test_read_installed_share, {
    char cwd[512], expected[4096];
    const char *args[] = { cwd, NULL };

    ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
    l.wall_seconds = 60;
    hostile("read_installed_share", args, &l, SANDBOX_LIMIT_NONE, "exited with status 0", &res);
    snprintf(expected, sizeof expected,
             "%s errno 2\n%s/rubrics/expected/attention_by_hand.json errno 2\n"
             "%s/exercises/samples errno 2\n/usr/share/gradebox errno 2\n"
             "/usr/share/doc errno 2\n/usr/share errno 2\n/usr/local/share errno 2\n"
             "/usr/include errno 2\n/usr/sbin errno 2\nwalked many entries; found []\n",
             cwd, cwd, cwd);
    ck_assert_str_eq(res.out.data, expected);
})

HOSTILE_TEST(test_write_outside, {
    struct workdir probe = WORKDIR_INIT;
    struct gb_err err;
    char parent[600], expected[1024];
    const char *args[] = { parent, NULL };

    ck_assert_int_eq(workdir_create(&probe, NULL, &err), 0);
    snprintf(parent, sizeof parent, "%s", probe.parent);
    hostile("write_outside", args, &l, SANDBOX_LIMIT_NONE, "exited with status 0", &res);
    snprintf(expected, sizeof expected,
             "/escape errno 30\n/usr/escape errno 30\n/etc/passwd errno 30\n"
             "/proc/sys/kernel/hostname errno 13\n/sys/devices/system/cpu/escape errno 30\n"
             "%s/escape errno 2\n../escape errno 30\n", parent);
    ck_assert_str_eq(res.out.data, expected);
    ck_assert_int_eq(faccessat(probe.parent_fd, "escape", F_OK, AT_SYMLINK_NOFOLLOW), -1);
    workdir_remove(&probe, &err);
})

/* Links planted where results are read: the grader refuses them in the
 * sandbox's /work, they never reach the host work directory (only copied
 * in), and removing that leaves their targets alone. */
HOSTILE_TEST(test_symlink_plant, {
    struct workdir wd = WORKDIR_INIT;
    struct gb_buf b = GB_BUF_INIT;
    struct gb_err err;
    char victim[] = "/tmp/gbvictimXXXXXX";
    const char *args[] = { victim, NULL };
    int fd = mkstemp(victim);

    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, "host data", 9), 9);
    close(fd);
    ck_assert_int_eq(workdir_create(&wd, NULL, &err), 0);
    run_in(&wd, "symlink_plant", args, &l, &res);
    ck_assert_str_eq(res.out.data, "planted\n");
    ck_assert_int_eq(workdir_read_file_at(res.work_fd, "results.json", 1000, &b, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "symbolic link"));
    ck_assert_int_eq(workdir_read_file_at(res.work_fd, "output.txt", 1000, &b, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "not a regular file"));
    ck_assert_int_eq(workdir_read_file_at(res.work_fd, "reports/etc/passwd", 100000, &b, &err),
                     -1);
    ck_assert_int_eq(workdir_read_file(&wd, "results.json", 1000, &b, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "No such file"));
    ck_assert_int_eq(workdir_add_data(&wd, "reports/gb_planted", "x", 1, &err), 0);
    ck_assert_int_eq(access("/gb_planted", F_OK), -1);
    gb_buf_free(&b);
    ck_assert_int_eq(workdir_remove(&wd, &err), 0);
    ck_assert_int_eq(gb_read_file(victim, 100, &b, &err), 0);
    ck_assert_str_eq(b.data, "host data");
    ck_assert_int_eq(access("/etc/passwd", F_OK), 0);
    gb_buf_free(&b);
    unlink(victim);
})

/* pid 1 is a copy of the grader: its command line (a --post URL with a
 * password, say) must not be readable from /proc/1/cmdline. */
HOSTILE_TEST(test_pid1_cmdline_is_cleared, {
    hostile("read_cmdline", NULL, &l, SANDBOX_LIMIT_NONE, "exited with status 0", &res);
    ck_assert_msg(strstr(res.out.data, "pid 1: b'gradebox-init\\x00") &&
                  !strstr(res.out.data, "test_sandbox_hostile"), "%s", res.out.data);
})

HOSTILE_TEST(test_kill_parent, {
    hostile("kill_parent", NULL, &l, SANDBOX_LIMIT_NONE, "exited with status 0", &res);
    ck_assert_str_eq(res.out.data,
                     "signalled 1\nsignalled 1\nkill -1 errno 3\nalive, parent 1\n");
})

/* setsid + double fork: the daemon must not survive the run. */
HOSTILE_TEST(test_setsid_double_fork_escape, {
    hostile("escape", NULL, &l, SANDBOX_LIMIT_NONE, "exited with status 0", &res);
    ck_assert_str_eq(res.out.data, "detached\n");
})

HOSTILE_TEST(test_dev_access, {
    hostile("dev_access", NULL, &l, SANDBOX_LIMIT_NONE, "exited with status 0", &res);
    ck_assert_str_eq(res.out.data,
                     "['fd', 'full', 'null', 'random', 'shm', 'stderr', 'stdin', 'stdout', "
                     "'urandom', 'zero']\n/dev/sda errno 2\n/dev/vda errno 2\n/dev/mem errno 2\n"
                     "/dev/kmsg errno 2\n/dev/tty errno 2\n/dev/shm/x errno 2\nmknod errno 1\n");
})

HOSTILE_TEST(test_binary_output_kept_byte_for_byte, {
    hostile("binary_output", NULL, &l, SANDBOX_LIMIT_NONE, "exited with status 0", &res);
    ck_assert_uint_eq(res.out.len, 11);
    ck_assert_int_eq(memcmp(res.out.data, "ok \xff\xfe\x00 end\n", 11), 0);
    ck_assert_uint_eq(res.err.len, 3);
    ck_assert_int_eq(memcmp(res.err.data, "\xc3\x28\n", 3), 0);
})

/* The grader itself dies mid-run (kill -9): the sandbox must die with it. */
HOSTILE_TEST(test_grader_killed_mid_run, {
    struct workdir wd = WORKDIR_INIT;
    struct gb_err err;
    char script[128], token[64];
    const char *argv[] = { PYTHON, script, NULL };
    struct sandbox_spec spec = { 0 };
    pid_t grader;
    int alive = 1;

    snprintf(token, sizeof token, "_gbhostile%ld.py", (long)getpid());
    snprintf(script, sizeof script, "sleep_forever%s", token);
    ck_assert_int_eq(workdir_create(&wd, NULL, &err), 0);
    ck_assert_int_eq(workdir_add_file(&wd, script, HOSTILE_DIR "/sleep_forever.py", 1 << 20,
                                      &err), 0);
    spec.workdir = wd.path;
    spec.argv = argv;
    spec.limits = l;
    spec.ro_paths = python_view;
    grader = fork();
    ck_assert_int_ge(grader, 0);
    if (grader == 0)
        _exit(sandbox_run(&spec, &res, &err) ? 3 : 4);
    for (int i = 0; i < 200 && !processes_with(token); i++)
        usleep(50 * 1000);
    ck_assert_int_eq(processes_with(token), 1);
    kill(grader, SIGKILL);
    waitpid(grader, NULL, 0);
    for (int i = 0; i < 100 && (alive = processes_with(token)); i++)
        usleep(50 * 1000);
    ck_assert_int_eq(alive, 0);
    ck_assert_int_eq(workdir_remove(&wd, &err), 0);
    memset(&res, 0, sizeof res);
})

static void add_cases(TCase *tc)
{
    tcase_add_test(tc, test_fork_bomb);
    tcase_add_test(tc, test_thread_bomb);
    tcase_add_test(tc, test_memory_bomb);
    tcase_add_test(tc, test_memory_over_processes);
    tcase_add_test(tc, test_shared_mapping_counts);
    tcase_add_test(tc, test_memfd_counts);
    tcase_add_test(tc, test_sysv_shm_denied);
    tcase_add_test(tc, test_torch_memory_bomb);
    tcase_add_test(tc, test_infinite_loop_hits_cpu_limit);
    tcase_add_test(tc, test_sleep_forever_hits_wall_limit);
    tcase_add_test(tc, test_stdout_flood);
    tcase_add_test(tc, test_huge_file);
    tcase_add_test(tc, test_tmp_is_size_limited);
    tcase_add_test(tc, test_work_is_size_limited);
    tcase_add_test(tc, test_work_is_inode_limited);
    tcase_add_test(tc, test_network);
    tcase_add_test(tc, test_netlink_socket_denied);
    tcase_add_test(tc, test_ptrace_denied);
    tcase_add_test(tc, test_unshare_denied);
    tcase_add_test(tc, test_read_secrets);
    tcase_add_test(tc, test_read_installed_share);
    tcase_add_test(tc, test_write_outside);
    tcase_add_test(tc, test_symlink_plant);
    tcase_add_test(tc, test_pid1_cmdline_is_cleared);
    tcase_add_test(tc, test_kill_parent);
    tcase_add_test(tc, test_setsid_double_fork_escape);
    tcase_add_test(tc, test_dev_access);
    tcase_add_test(tc, test_binary_output_kept_byte_for_byte);
    tcase_add_test(tc, test_grader_killed_mid_run);
}

/* A zygote from a copy of gradebox_zygote.py in a directory named for
 * this test. */
static int start_zygote(struct gb_err *err)
{
    static const char *const argv[] = { PYTHON, "main.py", NULL };
    static const char *const none[] = { NULL };
    struct sandbox_spec like = { .argv = argv, .workdir = "/" };
    char script[128], cmd[256];

    snprintf(zygote_token, sizeof zygote_token, "gbzhostile%ld", (long)getpid());
    snprintf(zygote_dir, sizeof zygote_dir, "/tmp/%s", zygote_token);
    snprintf(script, sizeof script, "%s/gradebox_zygote.py", zygote_dir);
    snprintf(cmd, sizeof cmd, "mkdir -p %s && cp grader/shims/gradebox_zygote.py %s",
             zygote_dir, script);
    if (system(cmd) != 0)
        return gb_fail(err, "cannot copy the zygote's script to %s", zygote_dir);
    return sandbox_zygote_start(&zygote, &like, script, none, err);
}

int main(void)
{
    Suite *s = suite_create("sandbox_hostile");
    TCase *tc = tcase_create("hostile");
    TCase *warm = tcase_create("hostile, from a warm interpreter");
    SRunner *sr;
    int failed;
    struct runtime rt;
    struct gb_err err;
    char cmd[128];

    if (runtime_probe(PYTHON, NULL, &rt, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        return EXIT_FAILURE;
    }
    python_view = (const char *const *)rt.paths;

    if (access(HOSTILE_DIR "/good.py", R_OK)) {
        fprintf(stderr, "test_sandbox_hostile: run from the repository root\n");
        runtime_free(&rt);
        return EXIT_FAILURE;
    }
    if (start_zygote(&err)) {
        fprintf(stderr, "%s\n", err.msg);
        runtime_free(&rt);
        return EXIT_FAILURE;
    }
    tcase_set_timeout(tc, 180);
    tcase_set_timeout(warm, 180);
    tcase_add_checked_fixture(warm, use_zygote, NULL);
    add_cases(tc);
    add_cases(warm);
    suite_add_tcase(s, tc);
    suite_add_tcase(s, warm);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    sandbox_zygote_stop(zygote);
    snprintf(cmd, sizeof cmd, "rm -rf %s", zygote_dir);
    if (system(cmd) != 0)
        fprintf(stderr, "test_sandbox_hostile: %s is left behind\n", zygote_dir);
    runtime_free(&rt);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
