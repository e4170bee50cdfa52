/* test_sandbox_zygote.c — Check suite for runs started from a warm
 * interpreter (sandbox/sandbox_zygote.h): each is a fresh sandbox with the
 * same identity, view, filter and limits as an exec'd run, looks to the
 * script like `python3 main.py` in /work, and shares nothing with the runs
 * before it. */
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check/runtime.h"
#include "sandbox/sandbox.h"
#include "sandbox/sandbox_limits.h"
#include "sandbox/sandbox_zygote.h"
#include "sandbox/workdir.h"

#define PYTHON "/usr/bin/python3"

static const char *const *python_view;
static struct sandbox_zygote *zygote;
static const char *const run_env[] = { "PYTHONHASHSEED=0", "GRADEBOX_NOTE=for this run", NULL };

static struct sandbox_limits small_limits(void)
{
    struct sandbox_limits l;

    sandbox_limits_default(&l);
    l.wall_seconds = 30;
    l.cpu_seconds = 30;
    return l;
}

/* Runs main.py (code) in a fresh work dir, from the zygote when it fits. */
static void run_argv(const char *code, const char *const *argv, const struct sandbox_limits *l,
                     int merge, struct sandbox_result *res)
{
    struct workdir wd = WORKDIR_INIT;
    struct gb_err err = { "" };
    struct sandbox_spec spec = { 0 };

    ck_assert_msg(workdir_create(&wd, NULL, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(workdir_add_data(&wd, "main.py", code, strlen(code), &err), 0);
    spec.workdir = wd.path;
    spec.argv = argv;
    spec.env = run_env;
    spec.limits = *l;
    spec.ro_paths = python_view;
    spec.stderr_to_stdout = merge;
    spec.zygote = zygote;
    ck_assert_msg(sandbox_run(&spec, res, &err) == 0, "%s", err.msg);
    ck_assert_msg(workdir_remove(&wd, &err) == 0, "%s", err.msg);
}

static void run(const char *code, const struct sandbox_limits *l, struct sandbox_result *res)
{
    static const char *const argv[] = { PYTHON, "main.py", NULL };

    run_argv(code, argv, l, 0, res);
}

/* The same code exec'd: `-B` (what PYTHONDONTWRITEBYTECODE already says)
 * is a command the zygote does not fit. */
static void run_execd(const char *code, const struct sandbox_limits *l,
                      struct sandbox_result *res)
{
    static const char *const argv[] = { PYTHON, "-B", "main.py", NULL };

    run_argv(code, argv, l, 0, res);
}

/* The code prints the same from the zygote as exec'd. */
static void same_both_ways(const char *code)
{
    struct sandbox_limits l = small_limits();
    struct sandbox_result warm, cold;

    run(code, &l, &warm);
    run_execd(code, &l, &cold);
    ck_assert_msg(warm.exited && warm.exit_code == 0, "%s", warm.err.data);
    ck_assert_msg(cold.exited && cold.exit_code == 0, "%s", cold.err.data);
    ck_assert_str_eq(warm.out.data, cold.out.data);
    sandbox_result_free(&warm);
    sandbox_result_free(&cold);
}

/* The script sees what `python3 main.py` started in /work would show it;
 * torch already imported is the sign that the zygote started it. */
START_TEST(test_looks_like_a_fresh_interpreter)
{
    struct sandbox_limits l = small_limits();
    struct sandbox_result res;

    same_both_ways("import os, sys\n"
                   "print(__name__, __file__, sys.argv, os.getcwd(), sys.path)\n"
                   "print(sys.modules['__main__'].__file__, sys.flags, sys.stdout.encoding)\n"
                   "print(sorted(os.environ.items()))\n"
                   "for f in (sys.stdin, sys.stdout, sys.stderr):\n"
                   "    print(f.seekable(), f.isatty(), f.line_buffering, f.write_through,\n"
                   "          f.encoding, f.errors, getattr(f.buffer, 'raw', f.buffer).seekable())\n"
                   "import io\n"   /* a student's own wrapper of stdout (Windows-1252) */
                   "out = io.TextIOWrapper(sys.stdout.buffer, encoding='latin-1')\n"
                   "out.write('caf\\xe9\\n'); out.flush()\n");
    run("import os, sys\n"
        "print('torch' in sys.modules, __name__, __file__, sys.argv, os.getcwd())\n"
        "print(sys.path[0], sys.path[1].endswith('zip'), sys.modules['__main__'].__file__)\n"
        "print(sorted(k for k in os.environ if k.startswith(('GRADEBOX', 'PYTHONHASH'))))\n"
        "print(os.environ['GRADEBOX_NOTE'], os.environ['HOME'], sys.flags.dont_write_bytecode)\n",
        &l, &res);
    ck_assert_msg(res.exited && res.exit_code == 0, "%s", res.err.data);
    ck_assert_str_eq(res.out.data,
                     "True __main__ /work/main.py ['main.py'] /work\n"
                     "/work True /work/main.py\n"
                     "['GRADEBOX_NOTE', 'PYTHONHASHSEED']\n"
                     "for this run /work 1\n");
    sandbox_result_free(&res);
}
END_TEST

/* The same identity, namespaces, capabilities and filter as an exec'd run
 * (test_sandbox.c, test_identity_and_namespaces). */
START_TEST(test_identity_and_confinement)
{
    struct sandbox_limits l = small_limits();
    struct sandbox_result res;
    static const char code[] =
        "import os, socket\n"
        "st = dict(l.split(':\\t', 1) for l in open('/proc/self/status').read().splitlines()\n"
        "          if ':\\t' in l)\n"
        "print(os.getuid(), os.getgid(), os.getgroups(), socket.gethostname())\n"
        "print(st['CapEff'], st['CapPrm'], st['CapBnd'], st['NoNewPrivs'], st['Seccomp'])\n"
        "print(open('/proc/1/cmdline').read().split('\\0')[0], os.getppid())\n"
        "print(sorted(os.listdir('/')), sorted(os.listdir('/usr')))\n"
        "print(sorted(l.split(':')[0].strip() for l in open('/proc/net/dev').readlines()[2:]))\n";

    same_both_ways(code);
    run(code, &l, &res);
    ck_assert_msg(res.exited && res.exit_code == 0, "%s", res.err.data);
    ck_assert_msg(!strncmp(res.out.data,
                           "1000 1000 [] gradebox\n"
                           "0000000000000000 0000000000000000 0000000000000000 1 2\n"
                           "gradebox-init 1\n", 93), "%s", res.out.data);
    sandbox_result_free(&res);
}
END_TEST

/* What one run leaves (files, imported modules, globals, random state) is
 * not there for the next. */
START_TEST(test_runs_share_nothing)
{
    static const char code[] =
        "import os, sys, random, numpy, torch\n"
        "print(sorted(os.listdir('/work')), os.listdir('/tmp'), 'colorsys' in sys.modules,\n"
        "      hasattr(torch, 'gradebox_mark'))\n"
        "open('/work/left', 'w').write('x'); open('/tmp/left', 'w').write('x')\n"
        "import colorsys; torch.gradebox_mark = 1\n"
        "print(random.random(), numpy.random.rand(), torch.rand(1).item())\n";
    struct sandbox_limits l = small_limits();
    struct sandbox_result a, b;
    char first[128], second[128];

    run(code, &l, &a);
    run(code, &l, &b);
    ck_assert_msg(a.exited && a.exit_code == 0, "%s", a.err.data);
    ck_assert_msg(b.exited && b.exit_code == 0, "%s", b.err.data);
    ck_assert_int_eq(sscanf(a.out.data, "%*[^\n]\n%127[^\n]", first), 1);
    ck_assert_int_eq(sscanf(b.out.data, "%*[^\n]\n%127[^\n]", second), 1);
    ck_assert_msg(!strncmp(a.out.data, "['main.py'] [] False False\n", 27), "%s", a.out.data);
    ck_assert_msg(!strncmp(b.out.data, "['main.py'] [] False False\n", 27), "%s", b.out.data);
    /* unseeded random numbers differ run to run (Python's, NumPy's and
     * torch's), as from fresh interpreters */
    ck_assert_str_ne(first, second);
    ck_assert_str_ne(strchr(first, ' '), strchr(second, ' '));
    ck_assert_str_ne(strrchr(first, ' '), strrchr(second, ' '));
    sandbox_result_free(&a);
    sandbox_result_free(&b);
}
END_TEST

/* The script can walk up to the zygote's frames: nothing of the request
 * (whose environment held what the shims hide, the rerun's seed key) is
 * left in them. */
START_TEST(test_request_is_not_left_in_reach)
{
    struct sandbox_limits l = small_limits();
    struct sandbox_result res;

    run("import sys\n"
        "needle, seen, f = 'GRADEBOX_' + 'NOTE', [], sys._getframe().f_back\n"
        "while f:\n"
        "    seen += [(f.f_code.co_name, k) for k, v in f.f_locals.items()\n"
        "             if needle in repr(v) or needle.encode() in repr(v).encode()]\n"
        "    f = f.f_back\n"
        "print(seen, sys._getframe().f_back is not None)\n", &l, &res);
    ck_assert_msg(res.exited && res.exit_code == 0, "%s", res.err.data);
    ck_assert_str_eq(res.out.data, "[] True\n");
    sandbox_result_free(&res);
}
END_TEST

/* Exit statuses, tracebacks and exit handlers as python3 gives them. */
START_TEST(test_exit_as_python3)
{
    struct sandbox_limits l = small_limits();
    struct sandbox_result res;

    run("import sys\nprint('a')\nsys.exit(3)\n", &l, &res);
    ck_assert(res.exited && res.exit_code == 3);
    ck_assert_str_eq(res.out.data, "a\n");
    sandbox_result_free(&res);

    run("import atexit\natexit.register(lambda: print('bye'))\nx = 1\n1 / 0\n", &l, &res);
    ck_assert(res.exited && res.exit_code == 1);
    ck_assert_str_eq(res.out.data, "bye\n");
    ck_assert_str_eq(res.err.data,
                     "Traceback (most recent call last):\n"
                     "  File \"/work/main.py\", line 4, in <module>\n"
                     "    1 / 0\n"
                     "    ~~^~~\n"
                     "ZeroDivisionError: division by zero\n");
    sandbox_result_free(&res);

    run("print('x'\n", &l, &res);
    ck_assert(res.exited && res.exit_code == 1);
    ck_assert_ptr_nonnull(strstr(res.err.data, "File \"/work/main.py\", line 1"));
    ck_assert_ptr_nonnull(strstr(res.err.data, "SyntaxError: '(' was never closed"));
    ck_assert_ptr_null(strstr(res.err.data, "gradebox_zygote"));
    sandbox_result_free(&res);

    run("import sys\nclass T:\n    def __del__(self): print('released')\nt = T()\n"
        "sys.exit('bad input')\n", &l, &res);
    ck_assert(res.exited && res.exit_code == 1);
    ck_assert_str_eq(res.out.data, "released\n");
    ck_assert_str_eq(res.err.data, "bad input\n");
    sandbox_result_free(&res);
}
END_TEST

/* The filter and the limits hold the zygote's runs as they hold exec'd ones. */
START_TEST(test_filter_and_limits)
{
    struct sandbox_limits l = small_limits();
    struct sandbox_result res;

    run("import ctypes\nprint(ctypes.CDLL(None).unshare(0x10000000))\n", &l, &res);
    ck_assert_int_eq(res.limit, SANDBOX_LIMIT_SYSCALL);
    ck_assert_str_eq(res.limit_detail, "unshare");
    sandbox_result_free(&res);

    l.cpu_seconds = 1;
    run("while True: pass\n", &l, &res);
    ck_assert_int_eq(res.limit, SANDBOX_LIMIT_CPU);
    sandbox_result_free(&res);

    l = small_limits();
    l.memory_bytes = (size_t)512 << 20;
    run("x = bytearray(1 << 30)\nx[::4096] = b'1' * (1 << 18)\n", &l, &res);
    ck_assert_int_eq(res.limit, SANDBOX_LIMIT_MEMORY);
    sandbox_result_free(&res);

    l = small_limits();
    l.wall_seconds = 1;
    run("import time\ntime.sleep(30)\n", &l, &res);
    ck_assert_int_eq(res.limit, SANDBOX_LIMIT_WALL);
    sandbox_result_free(&res);
}
END_TEST

/* A run it does not fit is exec'd: a fresh interpreter, nothing imported. */
START_TEST(test_other_commands_are_execd)
{
    static const char *const argv[] = { PYTHON, "-B", "main.py", NULL };
    struct sandbox_limits l = small_limits();
    struct sandbox_result res;

    run_argv("import sys\nprint('torch' in sys.modules)\n", argv, &l, 0, &res);
    ck_assert_msg(res.exited && res.exit_code == 0, "%s", res.err.data);
    ck_assert_str_eq(res.out.data, "False\n");
    sandbox_result_free(&res);
}
END_TEST

/* Several processes forked from the owner (batch workers) ask at once:
 * each gets its own run and its own output. */
START_TEST(test_concurrent_askers)
{
    pid_t kids[3];

    for (int i = 0; i < 3; i++) {
        kids[i] = fork();
        ck_assert_int_ge(kids[i], 0);
        if (kids[i] == 0) {
            struct sandbox_limits l = small_limits();
            struct sandbox_result res;
            char code[128], want[64];

            snprintf(code, sizeof code, "import sys\nprint('torch' in sys.modules, %d)\n", i);
            snprintf(want, sizeof want, "True %d\n", i);
            for (int round = 0; round < 3; round++) {
                run(code, &l, &res);
                if (!res.exited || res.exit_code || strcmp(res.out.data, want))
                    _exit(1);
                sandbox_result_free(&res);
            }
            _exit(0);
        }
    }
    for (int i = 0; i < 3; i++) {
        int st;

        ck_assert_int_eq(waitpid(kids[i], &st, 0), kids[i]);
        ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "asker %d failed", i);
    }
}
END_TEST

int main(void)
{
    static const char *const preload[] = { "torch", "numpy", NULL };
    static const char *const argv[] = { PYTHON, "main.py", NULL };
    struct sandbox_spec like = { .argv = argv, .env = run_env, .workdir = "/" };
    Suite *s = suite_create("sandbox_zygote");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    struct runtime rt;
    struct gb_err err;
    int failed;

    if (runtime_probe(PYTHON, NULL, &rt, &err) ||
        sandbox_zygote_start(&zygote, &like, "grader/shims/gradebox_zygote.py", preload, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        return EXIT_FAILURE;
    }
    python_view = (const char *const *)rt.paths;
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_looks_like_a_fresh_interpreter);
    tcase_add_test(tc, test_identity_and_confinement);
    tcase_add_test(tc, test_runs_share_nothing);
    tcase_add_test(tc, test_request_is_not_left_in_reach);
    tcase_add_test(tc, test_exit_as_python3);
    tcase_add_test(tc, test_filter_and_limits);
    tcase_add_test(tc, test_other_commands_are_execd);
    tcase_add_test(tc, test_concurrent_askers);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    sandbox_zygote_stop(zygote);
    runtime_free(&rt);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
