/* test_imports.c — Check suite for imports.c: which import statements name
 * a module, and which of the student's own files beside a submission its run
 * gets (laid out for real in a temporary directory). */
#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check/imports.h"

static char base[64];

static void put(const char *name, const char *text)
{
    char path[PATH_MAX];
    FILE *f;

    snprintf(path, sizeof path, "%s/%s", base, name);
    ck_assert_ptr_nonnull(f = fopen(path, "w"));
    fputs(text, f);
    fclose(f);
}

static void setup(void)
{
    snprintf(base, sizeof base, "/tmp/gb_imports_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(base));
}

static void teardown(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", base);
    ck_assert_int_eq(system(cmd), 0);
}

struct names { char all[512]; };

static int collect(const char *name, size_t n, void *arg)
{
    struct names *ns = arg;
    size_t len = strlen(ns->all);
    snprintf(ns->all + len, sizeof ns->all - len, "%s%.*s", len ? " " : "", (int)n, name);
    return 0;
}

static const char *scan(const char *src, struct names *ns)
{
    ns->all[0] = '\0';
    imports_scan(src, strlen(src), collect, ns);
    return ns->all;
}

START_TEST(test_scan_reads_every_import_form)
{
    struct names ns;
    ck_assert_str_eq(scan("import numpy as np\nfrom tables import frame\n", &ns), "numpy tables");
    ck_assert_str_eq(scan("import os, helpers.fmt as f, json\n", &ns), "os helpers json");
    ck_assert_str_eq(scan("def f():\n    from mytools.sub import x  # lazy\n", &ns), "mytools");
    ck_assert_str_eq(scan("import a; import b\n", &ns), "a b");
    ck_assert_str_eq(scan("from . import sibling\nfrom .pkg import y\n", &ns), "");
    ck_assert_str_eq(scan("important = 3\nfromage = 'brie'\nprint('import x')\n", &ns), "");
    ck_assert_str_eq(scan("from (utils) import z\nimport\n", &ns), "");
}
END_TEST

static int skip_sequences(const char *file, void *arg)
{
    (void)arg;
    return strcmp(file, "sequences.py") == 0;
}

START_TEST(test_local_lists_own_modules_breadth_first)
{
    struct imports im;
    struct gb_err err;
    char main_path[PATH_MAX];

    put("memory_lab.py", "import torch\nfrom tables import frame\nimport sequences\n");
    put("tables.py", "from fmt import cell\nimport numpy\n");
    put("fmt.py", "import tables\n");          /* a cycle is read once */
    put("sequences.py", "# the student's copy\n");
    put("unused.py", "x = 1\n");
    snprintf(main_path, sizeof main_path, "%s/memory_lab.py", base);
    ck_assert_int_eq(imports_local(main_path, NULL, 0, skip_sequences, NULL, &im, &err), 0);
    ck_assert_uint_eq(im.n, 2);
    ck_assert_str_eq(im.file[0], "tables.py");
    ck_assert_str_eq(im.file[1], "fmt.py");
    imports_free(&im);
}
END_TEST

START_TEST(test_local_ignores_directories_and_symlinks)
{
    struct imports im;
    struct gb_err err;
    char main_path[PATH_MAX], dir[PATH_MAX], link[PATH_MAX];

    put("run.py", "import pkg\nimport secret\n");
    snprintf(dir, sizeof dir, "%s/pkg.py", base);
    ck_assert_int_eq(mkdir(dir, 0755), 0);
    snprintf(link, sizeof link, "%s/secret.py", base);
    ck_assert_int_eq(symlink("/etc/passwd", link), 0);
    snprintf(main_path, sizeof main_path, "%s/run.py", base);
    ck_assert_int_eq(imports_local(main_path, NULL, 0, NULL, NULL, &im, &err), 0);
    ck_assert_uint_eq(im.n, 0);
}
END_TEST

START_TEST(test_unreadable_submission_is_an_error)
{
    struct imports im;
    struct gb_err err;
    char main_path[PATH_MAX];

    snprintf(main_path, sizeof main_path, "%s/absent.py", base);
    ck_assert_int_eq(imports_local(main_path, NULL, 0, NULL, NULL, &im, &err), -1);
    ck_assert_msg(strstr(err.msg, "absent.py"), "%s", err.msg);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("imports");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_scan_reads_every_import_form);
    tcase_add_test(tc, test_local_lists_own_modules_breadth_first);
    tcase_add_test(tc, test_local_ignores_directories_and_symlinks);
    tcase_add_test(tc, test_unreadable_submission_is_an_error);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
