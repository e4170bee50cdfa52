/* test_sandbox.c — Check suite for the sandbox: what a submission sees, the
 * limits and verdicts, output capture, and torch working inside. */
#define _GNU_SOURCE
#include <check.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check/runtime.h"
#include "sandbox/sandbox.h"
#include "sandbox/sandbox_capture.h"
#include "sandbox/sandbox_cgroup.h"
#include "sandbox/sandbox_memwatch.h"
#include "sandbox/workdir.h"

#define PYTHON "/usr/bin/python3"

/* What the sandbox shows for PYTHON (its stdlib, site-packages, libraries),
 * probed once in main() as the grader probes it (check/runtime.h). */
static const char *const *python_view;

static struct sandbox_limits small_limits(void)
{
    struct sandbox_limits l;

    sandbox_limits_default(&l);
    l.wall_seconds = 20;
    l.cpu_seconds = 20;
    return l;
}

/* Runs argv in a fresh work directory; a file "main.py" holds code if given. */
static void run(const char *code, const char *const *argv, const struct sandbox_limits *limits,
                struct sandbox_result *res)
{
    struct workdir wd = WORKDIR_INIT;
    struct gb_err err = { "" };
    struct sandbox_spec spec = { 0 };

    ck_assert_msg(workdir_create(&wd, NULL, &err) == 0, "%s", err.msg);
    if (code)
        ck_assert_msg(workdir_add_data(&wd, "main.py", code, strlen(code), &err) == 0, "%s",
                      err.msg);
    spec.workdir = wd.path;
    spec.argv = argv;
    spec.limits = *limits;
    spec.ro_paths = python_view;
    ck_assert_msg(sandbox_run(&spec, res, &err) == 0, "%s", err.msg);
    ck_assert_msg(workdir_remove(&wd, &err) == 0, "%s", err.msg);
}

static void run_py(const char *code, const struct sandbox_limits *limits,
                   struct sandbox_result *res)
{
    static const char *const argv[] = { PYTHON, "main.py", NULL };

    run(code, argv, limits, res);
}

START_TEST(test_exit_status_and_streams)
{
    static const char *const argv[] = { "/bin/sh", "-c", "echo out; echo err >&2; exit 3", NULL };
    struct sandbox_limits l = small_limits();
    struct sandbox_result res;
    char desc[128];

    run(NULL, argv, &l, &res);
    ck_assert_int_eq(res.exited, 1);
    ck_assert_int_eq(res.exit_code, 3);
    ck_assert_int_eq(res.limit, SANDBOX_LIMIT_NONE);
    ck_assert_str_eq(res.out.data, "out\n");
    ck_assert_str_eq(res.err.data, "err\n");
    sandbox_describe(&res, desc, sizeof desc);
    ck_assert_str_eq(desc, "exited with status 3");
    sandbox_result_free(&res);
}
END_TEST

/* 2>&1: one pipe, so lines written to either stream keep their exact order
 * even when they arrive together. */
START_TEST(test_stderr_to_stdout_keeps_write_order)
{
    static const char code[] =
        "import sys, logging\n"
        "logging.basicConfig(level=logging.INFO)\n"
        "for i in range(200):\n"
        "    print('out', i)\n"
        "    logging.info('err %d', i)\n"
        "sys.exit(2)\n";
    static const char *const argv[] = { PYTHON, "main.py", NULL };
    struct sandbox_limits l = small_limits();
    struct sandbox_result res;
    struct workdir wd = WORKDIR_INIT;
    struct sandbox_spec spec = { 0 };
    struct gb_buf want = GB_BUF_INIT;
    struct gb_err err = { "" };

    ck_assert_int_eq(workdir_create(&wd, NULL, &err), 0);
    ck_assert_int_eq(workdir_add_data(&wd, "main.py", code, strlen(code), &err), 0);
    spec.workdir = wd.path;
    spec.argv = argv;
    spec.limits = l;
    spec.ro_paths = python_view;
    spec.stderr_to_stdout = 1;
    ck_assert_msg(sandbox_run(&spec, &res, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(workdir_remove(&wd, &err), 0);
    for (int i = 0; i < 200; i++)
        ck_assert_int_eq(gb_buf_printf(&want, &err, "out %d\nINFO:root:err %d\n", i, i), 0);
    ck_assert_int_eq(res.exited, 1);
    ck_assert_int_eq(res.exit_code, 2);
    ck_assert_str_eq(res.out.data, want.data);
    ck_assert_str_eq(res.err.data, "");
    ck_assert_int_eq(res.limit, SANDBOX_LIMIT_NONE);
    gb_buf_free(&want);
    sandbox_result_free(&res);
}
END_TEST

/* A limit named only by the traceback is still recognised when the
 * traceback went to stdout's pipe. */
START_TEST(test_stderr_to_stdout_keeps_limit_evidence)
{
    static const char code[] = "print('row 1.0')\nraise MemoryError()\n";
    static const char *const argv[] = { PYTHON, "main.py", NULL };
    struct sandbox_result res;
    struct workdir wd = WORKDIR_INIT;
    struct sandbox_spec spec = { 0 };
    struct gb_err err = { "" };

    ck_assert_int_eq(workdir_create(&wd, NULL, &err), 0);
    ck_assert_int_eq(workdir_add_data(&wd, "main.py", code, strlen(code), &err), 0);
    spec.workdir = wd.path;
    spec.argv = argv;
    spec.limits = small_limits();
    spec.ro_paths = python_view;
    spec.stderr_to_stdout = 1;
    ck_assert_msg(sandbox_run(&spec, &res, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(workdir_remove(&wd, &err), 0);
    ck_assert_int_eq(res.stderr_in_out, 1);
    ck_assert_int_eq(res.limit, SANDBOX_LIMIT_MEMORY);
    ck_assert_ptr_nonnull(strstr(res.out.data, "MemoryError"));
    sandbox_result_free(&res);
}
END_TEST

START_TEST(test_environment_is_an_allow_list)
{
    static const char *const env[] = { "GRADEBOX_EXTRA=1", "LANG=C", NULL };
    static const char *const argv[] = { "/usr/bin/env", NULL };
    struct workdir wd = WORKDIR_INIT;
    struct sandbox_spec spec = { 0 };
    struct sandbox_result res;
    struct gb_err err;

    setenv("GRADEBOX_SECRET_TOKEN", "hunter2", 1);
    ck_assert_int_eq(workdir_create(&wd, NULL, &err), 0);
    spec.workdir = wd.path;
    spec.argv = argv;
    spec.env = env;
    spec.limits = small_limits();
    spec.ro_paths = python_view;
    ck_assert_msg(sandbox_run(&spec, &res, &err) == 0, "%s", err.msg);
    ck_assert_str_eq(res.out.data,
                     "PATH=/usr/local/bin:/usr/bin:/bin\nHOME=/work\nLANG=C\nLC_ALL=C.UTF-8\n"
                     "TMPDIR=/tmp\nPYTHONDONTWRITEBYTECODE=1\nPYTHONUNBUFFERED=1\n"
                     "OMP_NUM_THREADS=1\nOPENBLAS_NUM_THREADS=1\nMKL_NUM_THREADS=1\n"
                     "GRADEBOX_EXTRA=1\n");
    sandbox_result_free(&res);
    workdir_remove(&wd, &err);
}
END_TEST

START_TEST(test_identity_and_namespaces)
{
    struct sandbox_limits l = small_limits();
    struct sandbox_result res;

    run_py("import os, socket\n"
           "caps = [l.split()[1] for l in open('/proc/self/status') if l.startswith('Cap')]\n"
           "print(os.getuid(), os.getgid(), 0 in os.getgroups(), os.getpid(), socket.gethostname())\n"
           "print(caps)\n"
           "print(sorted(os.listdir('/proc/net/dev_snmp6')) if os.path.exists('/proc/net/dev_snmp6') else '')\n"
           "print(sorted(l.split(':')[0].strip() for l in open('/proc/net/dev').readlines()[2:]))\n"
           "print(open('/proc/self/status').read().count('NoNewPrivs:\\t1'))\n",
           &l, &res);
    ck_assert_msg(res.exited && res.exit_code == 0, "%s", res.err.data);
    ck_assert_str_eq(res.out.data,
                     "1000 1000 False 2 gradebox\n"
                     "['0000000000000000', '0000000000000000', '0000000000000000', "
                     "'0000000000000000', '0000000000000000']\n"
                     "['lo']\n['lo']\n1\n");
    sandbox_result_free(&res);
}
END_TEST

START_TEST(test_file_system_view)
{
    struct sandbox_limits l = small_limits();
    struct sandbox_result res;
    char code[2048], cwd[512];

    /* The grader's own directory (the repository, with rubrics/) must not exist. */
    ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
    snprintf(code, sizeof code,
             "import os\n"
             "print(sorted(set(os.listdir('/')) - {'bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32'}))\n"
             "print(os.getcwd(), os.path.exists('/etc/shadow'), os.path.exists('%s'))\n"
             "open('/work/out.txt', 'w').write('x'); open('/tmp/t', 'w').write('y')\n"
             "for p in ('/x', '/usr/x', '/etc/x', '/dev/x', '/proc/x', '/sys/x'):\n"
             "    try: open(p, 'w'); print('wrote', p)\n"
             "    except OSError as e: print(p, e.errno)\n"
             "open('/dev/null', 'w').write('z'); print(len(open('/dev/urandom', 'rb').read(4)))\n"
             "print([p for p in ('/usr/share', '/usr/include', '/usr/sbin', '/usr/local/share',\n"
             "                   '/usr/share/doc') if os.path.exists(p)])\n"
             "print([n for n in os.listdir('/usr/bin') if not n.startswith('python3')])\n",
             cwd);
    run_py(code, &l, &res);
    ck_assert_msg(res.exited && res.exit_code == 0, "%s", res.err.data);
    /* Only what the interpreter needs of /usr: no /usr/share (docs, an
     * installed grader's data), no other commands. */
    ck_assert_str_eq(res.out.data,
                     "['dev', 'etc', 'proc', 'sys', 'tmp', 'usr', 'work']\n"
                     "/work False False\n"
                     "/x 30\n/usr/x 30\n/etc/x 30\n/dev/x 30\n/proc/x 2\n/sys/x 30\n4\n"
                     "[]\n[]\n");
    sandbox_result_free(&res);
}
END_TEST

static void write_host_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");

    ck_assert_ptr_nonnull(f);
    ck_assert_int_ge(fputs(text, f), 0);
    ck_assert_int_eq(fclose(f), 0);
}

/* A shown directory that holds the grader's data (a runtime installed in
 * the PREFIX that holds share/gradebox): the data is covered, read-only,
 * and the rest of the directory is still there. */
START_TEST(test_hidden_directory_inside_a_shown_one)
{
    struct workdir wd = WORKDIR_INIT;
    struct sandbox_limits l = small_limits();
    struct sandbox_result res;
    struct gb_err err = { "" };
    char cwd[512], top[700], path[900], code[2400];
    const char *view[256], *hidden[] = { path, NULL };
    const char *const argv[] = { PYTHON, "main.py", NULL };
    struct sandbox_spec spec = { 0 };
    size_t n = 0;

    ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
    snprintf(top, sizeof top, "%s/build/gbview.XXXXXX", cwd);
    ck_assert_ptr_nonnull(mkdtemp(top));
    ck_assert_int_eq(chmod(top, 0755), 0);
    for (const char *sub = "/lib\0/share\0/share/gradebox\0/share/gradebox/rubrics\0"; *sub;
         sub += strlen(sub) + 1) {
        snprintf(path, sizeof path, "%s%s", top, sub);
        ck_assert_int_eq(mkdir(path, 0755), 0);
    }
    snprintf(path, sizeof path, "%s/lib/needed.txt", top);
    write_host_file(path, "needed\n");
    snprintf(path, sizeof path, "%s/share/gradebox/rubrics/expected.json", top);
    write_host_file(path, "{\"secret\": 0.7112}\n");
    snprintf(path, sizeof path, "%s/share/gradebox", top);
    while (python_view[n] && n < 250) {
        view[n] = python_view[n];
        n++;
    }
    view[n++] = top;
    view[n] = NULL;
    snprintf(code, sizeof code,
             "import os\nt = '%s'\n"
             "print(sorted(os.listdir(t)), sorted(os.listdir(t + '/share')))\n"
             "print(os.listdir(t + '/share/gradebox'), open(t + '/lib/needed.txt').read(), end='')\n"
             "for p in (t + '/share/gradebox/rubrics/expected.json', t + '/share/gradebox/x'):\n"
             "    try: open(p, 'a'); print('opened', p)\n"
             "    except OSError as e: print(e.errno)\n", top);
    ck_assert_msg(workdir_create(&wd, NULL, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(workdir_add_data(&wd, "main.py", code, strlen(code), &err), 0);
    spec.workdir = wd.path;
    spec.argv = argv;
    spec.limits = l;
    spec.ro_paths = view;
    spec.hidden_paths = hidden;
    ck_assert_msg(sandbox_run(&spec, &res, &err) == 0, "%s", err.msg);
    ck_assert_msg(res.exited && res.exit_code == 0, "%s", res.out.data);
    ck_assert_str_eq(res.out.data, "['lib', 'share'] ['gradebox']\n[] needed\n2\n30\n");
    sandbox_result_free(&res);
    workdir_remove(&wd, &err);
    snprintf(code, sizeof code, "rm -rf '%s'", top);
    ck_assert_int_eq(system(code), 0);
}
END_TEST

/* --python with a venv: the venv's python is a link to the system's, and
 * python finds its pyvenv.cfg (hence its site-packages) through the link's
 * own path: the links are recreated, the probe's paths shown. */
START_TEST(test_venv_interpreter)
{
    struct workdir wd = WORKDIR_INIT;
    struct sandbox_limits l = small_limits();
    struct sandbox_result res;
    struct gb_err err = { "" };
    struct runtime rt;
    char cwd[512], venv[700], python[800], cmd[2000], want[2000];
    const char *argv[] = { python, "main.py", NULL };
    static const char code[] =
        "import sys, venvmarker, numpy\nprint(sys.prefix, sys.executable, venvmarker.WHERE)\n";
    struct sandbox_spec spec = { 0 };

    ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
    snprintf(venv, sizeof venv, "%s/build/gbvenv.XXXXXX", cwd);
    ck_assert_ptr_nonnull(mkdtemp(venv));
    ck_assert_int_eq(chmod(venv, 0755), 0);
    snprintf(cmd, sizeof cmd, PYTHON " -m venv --without-pip --system-site-packages '%s' && "
             "echo 'WHERE = \"venv\"' > \"$(ls -d '%s'/lib/python3*)/site-packages/venvmarker.py\"",
             venv, venv);
    ck_assert_int_eq(system(cmd), 0);
    snprintf(python, sizeof python, "%s/bin/python", venv);
    ck_assert_msg(runtime_probe(python, "", &rt, &err) == 0, "%s", err.msg);
    ck_assert_msg(workdir_create(&wd, NULL, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(workdir_add_data(&wd, "main.py", code, strlen(code), &err), 0);
    spec.workdir = wd.path;
    spec.argv = argv;
    spec.limits = l;
    spec.ro_paths = (const char *const *)rt.paths;
    ck_assert_msg(sandbox_run(&spec, &res, &err) == 0, "%s", err.msg);
    snprintf(want, sizeof want, "%s %s venv\n", venv, python);
    ck_assert_msg(res.exited && res.exit_code == 0, "%s", res.err.data);
    ck_assert_str_eq(res.out.data, want);
    sandbox_result_free(&res);
    runtime_free(&rt);
    workdir_remove(&wd, &err);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", venv);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

START_TEST(test_wall_clock_limit)
{
    struct sandbox_limits l = small_limits();
    struct sandbox_result res;
    char desc[128];

    l.wall_seconds = 1;
    run_py("import time\nprint('started')\nwhile True: time.sleep(1)\n", &l, &res);
    ck_assert_int_eq(res.limit, SANDBOX_LIMIT_WALL);
    ck_assert_int_eq(res.exited, 0);
    ck_assert_int_eq(res.signal, SIGKILL);
    ck_assert_str_eq(res.out.data, "started\n");
    ck_assert_msg(res.wall_seconds >= 1 && res.wall_seconds < 3, "%f", res.wall_seconds);
    sandbox_describe(&res, desc, sizeof desc);
    ck_assert_str_eq(desc, "stopped after 1 s of wall time");
    ck_assert_str_eq(sandbox_limit_name(res.limit), "wall");
    sandbox_result_free(&res);
}
END_TEST

START_TEST(test_output_cap_keeps_head_and_tail)
{
    struct sandbox_limits l = small_limits();
    struct sandbox_result res;
    char desc[128];

    l.output_bytes = 4000;
    /* Bounded: 100000 lines at most, far past the cap. */
    run_py("import sys\nprint('FIRST')\nfor i in range(100000): print('line %06d' % i)\n",
           &l, &res);
    ck_assert_int_eq(res.limit, SANDBOX_LIMIT_OUTPUT);
    ck_assert_int_eq(res.out.truncated, 1);
    ck_assert_msg(res.out.total > 4000, "%zu", res.out.total);
    ck_assert(!strncmp(res.out.data, "FIRST\nline 000000\n", 18));
    ck_assert_ptr_nonnull(strstr(res.out.data, "bytes of output here ...]\n"));
    ck_assert_uint_le(res.out.len, 2000 + 1000 + 80);
    sandbox_describe(&res, desc, sizeof desc);
    ck_assert_str_eq(desc, "stopped after printing more than 4000 bytes of output");
    sandbox_result_free(&res);
}
END_TEST

START_TEST(test_capture_head_tail_exact)
{
    struct sandbox_capture c;
    struct sandbox_stream s;
    struct gb_err err;

    sandbox_capture_init(&c, 4, 3);
    ck_assert_int_eq(sandbox_capture_add(&c, "abcdef", 6, &err), 0);
    ck_assert_int_eq(sandbox_capture_add(&c, "gh", 2, &err), 0);
    ck_assert_int_eq(sandbox_capture_add(&c, "ijklm", 5, &err), 0);
    ck_assert_int_eq(sandbox_capture_finish(&c, &s, &err), 0);
    ck_assert_str_eq(s.data, "abcd\n[... gradebox cut 6 bytes of output here ...]\nklm");
    ck_assert_uint_eq(s.total, 13);
    ck_assert_int_eq(s.truncated, 1);
    free(s.data);

    sandbox_capture_init(&c, 4, 3);
    ck_assert_int_eq(sandbox_capture_add(&c, "abcdefg", 7, &err), 0);
    ck_assert_int_eq(sandbox_capture_finish(&c, &s, &err), 0);
    ck_assert_str_eq(s.data, "abcdefg");
    ck_assert_int_eq(s.truncated, 0);
    free(s.data);
}
END_TEST

START_TEST(test_describe_sentences)
{
    struct sandbox_result r;
    char d[160];

    memset(&r, 0, sizeof r);
    r.signal = SIGSEGV;
    sandbox_describe(&r, d, sizeof d);
    ck_assert_str_eq(d, "killed by signal 11 (Segmentation fault)");
    r.limit = SANDBOX_LIMIT_SYSCALL;
    snprintf(r.limit_detail, sizeof r.limit_detail, "ptrace");
    sandbox_describe(&r, d, sizeof d);
    ck_assert_str_eq(d, "stopped: it called ptrace, which the sandbox forbids");
    r.limit = SANDBOX_LIMIT_CPU;
    r.cpu_seconds = 1.94;
    snprintf(r.limit_detail, sizeof r.limit_detail, "2 s");
    sandbox_describe(&r, d, sizeof d);
    ck_assert_str_eq(d, "stopped after 2 s of CPU time");
    r.limit = SANDBOX_LIMIT_MEMORY;
    r.peak_memory_bytes = 250u << 20;
    snprintf(r.limit_detail, sizeof r.limit_detail, "256 MB");
    sandbox_describe(&r, d, sizeof d);
    ck_assert_str_eq(d, "ran out of memory (the limit is 256 MB; peak seen 250 MB)");
}
END_TEST

START_TEST(test_host_path_argv_and_reading_results)
{
    struct workdir wd = WORKDIR_INIT;
    struct sandbox_spec spec = { 0 };
    struct sandbox_result res;
    struct gb_buf b = GB_BUF_INIT;
    struct gb_err err;
    char script[600];
    const char *argv[] = { PYTHON, script, NULL };
    static const char code[] = "import sys\nprint(sys.argv[0])\nopen('result.txt','w').write('42')\n";

    ck_assert_int_eq(workdir_create(&wd, NULL, &err), 0);
    ck_assert_int_eq(workdir_add_data(&wd, "sub/prog.py", code, sizeof code - 1, &err), 0);
    snprintf(script, sizeof script, "%s/sub/prog.py", wd.path);
    spec.workdir = wd.path;
    spec.argv = argv;
    spec.limits = small_limits();
    spec.ro_paths = python_view;
    ck_assert_msg(sandbox_run(&spec, &res, &err) == 0, "%s", err.msg);
    ck_assert_str_eq(res.out.data, "/work/sub/prog.py\n");
    /* written to the sandbox's own /work, read back through its descriptor;
     * the host work directory is only copied in, never written */
    ck_assert_msg(workdir_read_file_at(res.work_fd, "result.txt", 100, &b, &err) == 0, "%s",
                  err.msg);
    ck_assert_str_eq(b.data, "42");
    gb_buf_free(&b);
    ck_assert_int_eq(workdir_read_file(&wd, "result.txt", 100, &b, &err), -1);
    gb_buf_free(&b);
    sandbox_result_free(&res);
    ck_assert_int_eq(workdir_remove(&wd, &err), 0);
}
END_TEST

START_TEST(test_setup_failure_is_an_error)
{
    static const char *const argv[] = { "/nonexistent/python", NULL };
    struct workdir wd = WORKDIR_INIT;
    struct sandbox_spec spec = { 0 };
    struct sandbox_result res;
    struct gb_err err;

    ck_assert_int_eq(workdir_create(&wd, NULL, &err), 0);
    spec.workdir = wd.path;
    spec.argv = argv;
    spec.limits = small_limits();
    spec.ro_paths = python_view;
    ck_assert_int_eq(sandbox_run(&spec, &res, &err), -1);
    ck_assert_str_eq(err.msg, "sandbox setup failed: cannot run /nonexistent/python in the "
                              "sandbox: No such file or directory");
    workdir_remove(&wd, &err);
}
END_TEST

/* The student runtime must work unchanged inside: imports, a tiny training
 * loop, numpy's BLAS — and nothing printed on stderr. */
START_TEST(test_torch_and_numpy_train_inside)
{
    struct sandbox_limits l = small_limits();
    struct sandbox_result res;

    l.wall_seconds = 120;
    l.cpu_seconds = 120;
    run_py("import torch, numpy as np\n"
           "torch.manual_seed(0)\n"
           "m = torch.nn.LSTM(4, 8, batch_first=True)\n"
           "opt = torch.optim.Adam(m.parameters(), lr=0.01)\n"
           "x = torch.randn(2, 5, 4)\n"
           "first = None\n"
           "for i in range(30):\n"
           "    out, _ = m(x)\n"
           "    loss = out.pow(2).mean()\n"
           "    first = first or loss.item()\n"
           "    opt.zero_grad(); loss.backward(); opt.step()\n"
           "a = np.arange(6.0).reshape(2, 3)\n"
           "print(loss.item() < first, (a @ a.T).tolist())\n",
           &l, &res);
    ck_assert_msg(res.exited && res.exit_code == 0, "%s", res.err.data);
    ck_assert_str_eq(res.out.data, "True [[5.0, 14.0], [14.0, 50.0]]\n");
    ck_assert_str_eq(res.err.data, "");
    ck_assert_int_eq(res.limit, SANDBOX_LIMIT_NONE);
    ck_assert_msg(res.peak_memory_bytes > (50u << 20), "%zu", res.peak_memory_bytes);
    ck_assert(res.cpu_seconds > 0.1);
    sandbox_result_free(&res);
}
END_TEST

static volatile int churning;

static void *churn_malloc(void *arg)
{
    (void)arg;
    while (churning) {
        void *p = malloc(4096);

        free(p);
    }
    return NULL;
}

/* The grader may be multi-threaded (OpenBLAS workers, libcurl): the clone
 * copies only the calling thread, with any malloc lock another thread held.
 * The child path must not allocate, or this test hangs and times out. */
START_TEST(test_run_from_a_multithreaded_grader)
{
    static const char *const argv[] = { "/bin/true", NULL };
    struct sandbox_limits l = small_limits();
    struct sandbox_result res;
    pthread_t t[2];

    churning = 1;
    for (int i = 0; i < 2; i++)
        ck_assert_int_eq(pthread_create(&t[i], NULL, churn_malloc, NULL), 0);
    for (int i = 0; i < 20; i++) {
        run(NULL, argv, &l, &res);
        ck_assert_int_eq(res.exited, 1);
        ck_assert_int_eq(res.exit_code, 0);
        sandbox_result_free(&res);
    }
    churning = 0;
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
}
END_TEST

/* The tree's memory: a child's own pages are counted, pages a fork still
 * shares with its parent are counted once between them. */
START_TEST(test_memwatch_counts_the_tree_once)
{
    const size_t mb = 1u << 20, block = 64 * mb;
    int go[2], ready[2];
    size_t before, with_child, shared;
    char c;
    char *own;
    pid_t pid;

    ck_assert_int_eq(pipe(go), 0);
    ck_assert_int_eq(pipe(ready), 0);
    ck_assert_int_eq(sandbox_memwatch_total(getpid(), &before), 0);
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        /* a child that writes 64 MB of its own, then waits to be measured */
        own = malloc(block);
        if (!own)
            _exit(1);
        memset(own, 1, block);
        if (write(ready[1], "r", 1) != 1 || read(go[0], &c, 1) != 1)
            _exit(1);
        _exit(own[block - 1] == 1 ? 0 : 1);
    }
    ck_assert_int_eq(read(ready[0], &c, 1), 1);
    ck_assert_int_eq(sandbox_memwatch_total(getpid(), &with_child), 0);
    ck_assert_msg(with_child >= before + block - 4 * mb, "tree %zu MB, before %zu MB",
                  with_child / mb, before / mb);
    ck_assert_int_eq(write(go[1], "g", 1), 1);
    ck_assert_int_eq(waitpid(pid, NULL, 0), pid);

    /* 64 MB written by the parent, then a fork that only reads it */
    own = malloc(block);
    ck_assert_ptr_nonnull(own);
    memset(own, 2, block);
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        if (write(ready[1], "r", 1) != 1 || read(go[0], &c, 1) != 1)
            _exit(1);
        _exit(own[0] == 2 ? 0 : 1);
    }
    ck_assert_int_eq(read(ready[0], &c, 1), 1);
    ck_assert_int_eq(sandbox_memwatch_total(getpid(), &shared), 0);
    ck_assert_msg(shared < before + block + block / 2, "shared pages counted twice: %zu MB",
                  shared / mb);
    ck_assert_int_eq(write(go[1], "g", 1), 1);
    ck_assert_int_eq(waitpid(pid, NULL, 0), pid);
    free(own);
    ck_assert_int_eq(sandbox_memwatch_total(-1, &shared), -1);
}
END_TEST

/* A run records what held it to its memory limit: a cgroup v2 memory.max
 * where one is delegated to the grader, else the watchdog. */
START_TEST(test_memory_guard_is_recorded)
{
    struct sandbox_limits l = small_limits();
    struct sandbox_result res;
    const char *why;

    run_py("print('ok')\n", &l, &res);
    why = sandbox_cgroup_why();
    fprintf(stderr, "memory guard here: %s%s%s\n", sandbox_memory_guard_name(res.memory_guard),
            *why ? ", no cgroup: " : "", why);
    ck_assert_int_eq(res.memory_guard, *why ? SANDBOX_GUARD_WATCHDOG : SANDBOX_GUARD_CGROUP);
    ck_assert_str_eq(sandbox_memory_guard_name(SANDBOX_GUARD_CGROUP), "cgroup");
    ck_assert_ptr_null(sandbox_memory_guard_name(SANDBOX_GUARD_UNKNOWN));
    sandbox_result_free(&res);
}
END_TEST

/* An operator's GRADEBOX_CGROUP that cannot be used stops the run with a
 * clear error: never a silent fallback to weaker limits. */
START_TEST(test_unusable_delegated_cgroup_is_an_error)
{
    static const char *const argv[] = { "/bin/true", NULL };
    struct workdir wd = WORKDIR_INIT;
    struct sandbox_spec spec = { 0 };
    struct sandbox_result res;
    struct gb_err err;

    ck_assert_int_eq(setenv("GRADEBOX_CGROUP", "/proc", 1), 0);
    ck_assert_int_eq(workdir_create(&wd, NULL, &err), 0);
    spec.workdir = wd.path;
    spec.argv = argv;
    spec.limits = small_limits();
    spec.ro_paths = python_view;
    ck_assert_int_eq(sandbox_run(&spec, &res, &err), -1);
    ck_assert_str_eq(err.msg, "cannot use the delegated cgroup: GRADEBOX_CGROUP=/proc: it is "
                              "not a cgroup v2 directory");
    workdir_remove(&wd, &err);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sandbox");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;
    struct runtime rt;
    struct gb_err err;

    if (runtime_probe(PYTHON, NULL, &rt, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        return EXIT_FAILURE;
    }
    python_view = (const char *const *)rt.paths;

    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_exit_status_and_streams);
    tcase_add_test(tc, test_stderr_to_stdout_keeps_write_order);
    tcase_add_test(tc, test_stderr_to_stdout_keeps_limit_evidence);
    tcase_add_test(tc, test_environment_is_an_allow_list);
    tcase_add_test(tc, test_identity_and_namespaces);
    tcase_add_test(tc, test_file_system_view);
    tcase_add_test(tc, test_hidden_directory_inside_a_shown_one);
    tcase_add_test(tc, test_venv_interpreter);
    tcase_add_test(tc, test_wall_clock_limit);
    tcase_add_test(tc, test_output_cap_keeps_head_and_tail);
    tcase_add_test(tc, test_capture_head_tail_exact);
    tcase_add_test(tc, test_describe_sentences);
    tcase_add_test(tc, test_host_path_argv_and_reading_results);
    tcase_add_test(tc, test_setup_failure_is_an_error);
    tcase_add_test(tc, test_torch_and_numpy_train_inside);
    tcase_add_test(tc, test_run_from_a_multithreaded_grader);
    tcase_add_test(tc, test_memwatch_counts_the_tree_once);
    tcase_add_test(tc, test_memory_guard_is_recorded);
    tcase_add_test(tc, test_unusable_delegated_cgroup_is_an_error);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    runtime_free(&rt);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
