/* test_runtime.c — Check suite for the runtime probe and its cache (grader/check/runtime.c). */
#define _GNU_SOURCE
#include <check.h>
#include <dirent.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "check/runtime.h"

static char dir[64];
static char fake[128], counter[128], cache[128], watched[128];

/* A stand-in interpreter: counts its runs, answers what it is given and
 * names its one site directory (watched, and a path the sandbox shows). */
static void make_fake(const char *answer)
{
    struct gb_buf script = GB_BUF_INIT;

    strcpy(dir, "/tmp/gbrtXXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(fake, sizeof fake, "%s/python", dir);
    snprintf(counter, sizeof counter, "%s/runs", dir);
    snprintf(cache, sizeof cache, "%s/cache", dir);
    snprintf(watched, sizeof watched, "%s/site", dir);
    ck_assert_int_eq(mkdir(watched, 0700), 0);
    ck_assert_int_eq(gb_buf_printf(&script, NULL,
                                   "#!/bin/sh\necho run >> %s\nprintf '%s'\necho 'watch %s'\n"
                                   "echo 'path %s'\n", counter, answer, watched, watched), 0);
    ck_assert_int_eq(gb_write_file_atomic(fake, script.data, script.len, NULL), 0);
    ck_assert_int_eq(chmod(fake, 0700), 0);
    gb_buf_free(&script);
}

static int remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    (void)st;
    (void)type;
    (void)ftw;
    return remove(path);
}

/* Each test makes its own directory; this removes the last one made. */
static void teardown(void)
{
    if (dir[0])
        nftw(dir, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
    dir[0] = '\0';
}

static int runs(void)
{
    struct gb_buf b = GB_BUF_INIT;
    int n = 0;

    if (gb_read_file(counter, 4096, &b, NULL) == 0)
        for (size_t i = 0; i < b.len; i++)
            n += b.data[i] == '\n';
    gb_buf_free(&b);
    return n;
}

START_TEST(test_probe_parses_versions_and_needs_shim)
{
    struct runtime rt;
    struct gb_err err;

    make_fake("python 3.11.2\\ntorch 1.13.0a0\\nnumpy 1.24.2\\nsdpa 0\\n");
    ck_assert_int_eq(runtime_probe(fake, "", &rt, &err), 0);
    ck_assert_str_eq(rt.python, "3.11.2");
    ck_assert_str_eq(rt.torch, "1.13.0a0");
    ck_assert_str_eq(rt.numpy, "1.24.2");
    ck_assert_int_eq(rt.has_sdpa, 0);
    ck_assert_int_eq(runtime_needs_sdpa_shim(&rt), 1);
    runtime_free(&rt);
}
END_TEST

START_TEST(test_no_torch_needs_no_shim)
{
    struct runtime rt;
    struct gb_err err;

    make_fake("python 3.12.1\\nnumpy 2.0.0\\n");
    ck_assert_int_eq(runtime_probe(fake, "", &rt, &err), 0);
    ck_assert_ptr_null(rt.torch);
    ck_assert_int_eq(runtime_needs_sdpa_shim(&rt), 0);
    runtime_free(&rt);
}
END_TEST

START_TEST(test_cache_hit_then_invalidated_by_install)
{
    struct runtime rt;
    struct gb_err err;
    char added[160];

    make_fake("python 3.11.2\\ntorch 2.9.0\\nnumpy 2.5.0\\nsdpa 1\\n");
    ck_assert_int_eq(runtime_probe(fake, cache, &rt, &err), 0);
    ck_assert_int_eq(rt.from_cache, 0);
    runtime_free(&rt);
    ck_assert_int_eq(runtime_probe(fake, cache, &rt, &err), 0);
    ck_assert_int_eq(rt.from_cache, 1);
    ck_assert_str_eq(rt.torch, "2.9.0");
    ck_assert_int_eq(rt.has_sdpa, 1);
    ck_assert_uint_eq(rt.n_paths, 1);
    ck_assert_str_eq(rt.paths[0], watched);
    ck_assert_ptr_null(rt.paths[1]);
    ck_assert_int_eq(runs(), 1);
    runtime_free(&rt);
    /* installing a package changes a watched sys.path directory */
    snprintf(added, sizeof added, "%s/newpkg", watched);
    ck_assert_int_eq(mkdir(added, 0700), 0);
    ck_assert_int_eq(runtime_probe(fake, cache, &rt, &err), 0);
    ck_assert_int_eq(rt.from_cache, 0);
    ck_assert_int_eq(runs(), 2);
    runtime_free(&rt);
}
END_TEST

/* A cache written before the sandbox needed the runtime's paths (no
 * "paths") is probed again, never used with nothing for the sandbox. */
START_TEST(test_cache_without_paths_is_probed_again)
{
    struct runtime rt;
    struct gb_err err;
    struct gb_buf text = GB_BUF_INIT;
    char file[512], *at;

    make_fake("python 3.11.2\\nnumpy 1.24.2\\n");
    ck_assert_int_eq(runtime_probe(fake, cache, &rt, &err), 0);
    runtime_free(&rt);
    snprintf(file, sizeof file, "%s/runtime-", cache);
    {
        struct dirent *e;
        DIR *d = opendir(cache);

        ck_assert_ptr_nonnull(d);
        while ((e = readdir(d)))
            if (!strncmp(e->d_name, "runtime-", 8))
                snprintf(file, sizeof file, "%s/%s", cache, e->d_name);
        closedir(d);
    }
    ck_assert_int_eq(gb_read_file(file, 1 << 20, &text, &err), 0);
    at = strstr(text.data, "\"paths\"");
    ck_assert_ptr_nonnull(at);
    memcpy(at, "\"pathz\"", 7);
    ck_assert_int_eq(gb_write_file_atomic(file, text.data, text.len, NULL), 0);
    gb_buf_free(&text);
    ck_assert_int_eq(runtime_probe(fake, cache, &rt, &err), 0);
    ck_assert_int_eq(rt.from_cache, 0);
    ck_assert_int_eq(runs(), 2);
    ck_assert_str_eq(rt.paths[0], watched);
    runtime_free(&rt);
}
END_TEST

START_TEST(test_bad_interpreters_are_named)
{
    struct runtime rt;
    struct gb_err err;

    ck_assert_int_eq(runtime_probe("python3", "", &rt, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "absolute path"));
    ck_assert_int_eq(runtime_probe("/nonexistent/python3", "", &rt, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "/nonexistent/python3 cannot be executed"));
    make_fake("nothing useful\\n");
    ck_assert_int_eq(runtime_probe(fake, "", &rt, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "did not report a Python version"));
    runtime_free(&rt);
    teardown();
    make_fake("python 3.11.2\\n");
    unlink(fake);   /* rewritten below without its path line */
    ck_assert_int_eq(gb_write_file_atomic(fake, "#!/bin/sh\necho 'python 3.11.2'\n", 31, NULL), 0);
    ck_assert_int_eq(chmod(fake, 0700), 0);
    ck_assert_int_eq(runtime_probe(fake, "", &rt, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "did not report where its standard library is"));
    runtime_free(&rt);
}
END_TEST

START_TEST(test_real_debian_runtime)
{
    struct runtime rt;
    struct gb_err err;

    if (access("/usr/bin/python3", X_OK) < 0)
        return;
    ck_assert_int_eq(runtime_probe("/usr/bin/python3", "", &rt, &err), 0);
    ck_assert_ptr_nonnull(rt.python);
    /* torch 1.x never has it; 2.x always does */
    if (rt.torch)
        ck_assert_int_eq(rt.has_sdpa, rt.torch[0] != '1');
    /* what the sandbox shows: the stdlib (os.py's directory), and torch's
     * libraries under the name the loader opened them by */
    {
        int stdlib = 0, libtorch = 0;
        char os_py[4200];

        for (size_t i = 0; i < rt.n_paths; i++) {
            snprintf(os_py, sizeof os_py, "%s/os.py", rt.paths[i]);
            stdlib += access(os_py, F_OK) == 0;
            libtorch += strstr(rt.paths[i], "/libtorch") != NULL;
        }
        ck_assert_int_ge(stdlib, 1);
        ck_assert_int_ge(libtorch, rt.torch ? 1 : 0);
        ck_assert_ptr_null(rt.paths[rt.n_paths]);
    }
    runtime_free(&rt);
}
END_TEST

/* A run that stopped at an import is triaged with the versions given (the
 * probe's), one case per kind of failed import. */
START_TEST(test_import_advice)
{
    static const struct {
        const char *tail, *says;
    } cases[] = {
        { "Traceback (most recent call last):\n  File \"/work/a.py\", line 2, in <module>\n"
          "ModuleNotFoundError: No module named 'matplotlib'\n",
          "has Python 3.11, numpy 1.24, torch 1.13 and the standard library; matplotlib is "
          "not available — remove the import or guard it" },
        { "ModuleNotFoundError: No module named 'sklearn.metrics'",
          "; sklearn is not available — " },
        { "ImportError: cannot import name 'scaled_dot_product_attention' from "
          "'torch.nn.functional' (/usr/lib/python3/dist-packages/torch/nn/functional.py)\n",
          "; its torch.nn.functional has no scaled_dot_product_attention — " },
        { "ImportError: libcuda.so.1: cannot open shared object file\n",
          "; the import failed (ImportError: libcuda.so.1: cannot open shared object file)" },
    };
    char *advice;
    struct gb_err err;

    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ck_assert_int_eq(runtime_import_advice("3.11.2", "1.24.2", "1.13.0a0+git",
                                               cases[i].tail, &advice, &err), 0);
        ck_assert_ptr_nonnull(advice);
        ck_assert_msg(strstr(advice, cases[i].says), "%s", advice);
        free(advice);
    }
    /* what the probe did not find is not claimed */
    ck_assert_int_eq(runtime_import_advice("3.12.1", NULL, NULL, cases[0].tail, &advice, &err),
                     0);
    ck_assert_msg(strstr(advice, "has Python 3.12 and the standard library; matplotlib"), "%s",
                  advice);
    free(advice);
    /* an import error handled, then another exception: not an import problem */
    ck_assert_int_eq(runtime_import_advice("3.11.2", "1.24.2", "1.13.0", "ModuleNotFoundError: "
                                           "No module named 'x'\n\nDuring handling ...\n"
                                           "ValueError: bad\n", &advice, &err), 0);
    ck_assert_ptr_null(advice);
    ck_assert_int_eq(runtime_import_advice("3.11.2", NULL, NULL, NULL, &advice, &err), 0);
    ck_assert_ptr_null(advice);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("runtime");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, NULL, teardown);
    tcase_add_test(tc, test_probe_parses_versions_and_needs_shim);
    tcase_add_test(tc, test_no_torch_needs_no_shim);
    tcase_add_test(tc, test_cache_hit_then_invalidated_by_install);
    tcase_add_test(tc, test_cache_without_paths_is_probed_again);
    tcase_add_test(tc, test_bad_interpreters_are_named);
    tcase_add_test(tc, test_real_debian_runtime);
    tcase_add_test(tc, test_import_advice);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
