/* test_home.c — Check suite for home.c: which data root an executable finds,
 * laid out for real in a temporary directory (an installed PREFIX, a checkout,
 * both nested, neither). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check/home.h"

static char base[64];

/* mkdir -p BASE/REL */
static void make_dirs(const char *rel)
{
    char path[PATH_MAX];
    size_t start = strlen(base) + 1;

    ck_assert_int_lt(snprintf(path, sizeof path, "%s/%s", base, rel), (int)sizeof path);
    for (char *p = path + start;; p++) {
        if (*p == '/' || *p == '\0') {
            char saved = *p;

            *p = '\0';
            ck_assert_msg(mkdir(path, 0755) == 0 || access(path, F_OK) == 0, "mkdir %s", path);
            *p = saved;
            if (!saved)
                break;
        }
    }
}

static void setup(void)
{
    snprintf(base, sizeof base, "/tmp/gb_home_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(base));
}

static void teardown(void)
{
    char cmd[128];

    snprintf(cmd, sizeof cmd, "rm -rf '%s'", base);
    ck_assert_int_eq(system(cmd), 0);
}

/* The root found for BASE/exe_rel, as a path relative to BASE ("" if none). */
static const char *root_of(const char *exe_rel, struct gb_err *err)
{
    static char root[PATH_MAX];
    char exe[PATH_MAX];

    snprintf(exe, sizeof exe, "%s/%s", base, exe_rel);
    if (home_root_for_exe(exe, root, sizeof root, err))
        return "";
    ck_assert_msg(strncmp(root, base, strlen(base)) == 0 && root[strlen(base)] == '/',
                  "root %s is outside %s", root, base);
    return root + strlen(base) + 1;
}

START_TEST(test_installed_prefix_finds_share_gradebox)
{
    struct gb_err err;

    make_dirs("usr/local/bin");
    make_dirs("usr/local/share/gradebox/rubrics");
    ck_assert_str_eq(root_of("usr/local/bin/grader", &err), "usr/local/share/gradebox");
}
END_TEST

START_TEST(test_checkout_finds_its_root_up_to_three_parents)
{
    struct gb_err err;

    make_dirs("src/rubrics");
    make_dirs("src/build/san/bin");
    ck_assert_str_eq(root_of("src/bin/grader", &err), "src");
    ck_assert_str_eq(root_of("src/build/san/bin/grader", &err), "src");
    ck_assert_str_eq(root_of("src/a/b/c/grader", &err), "src");
    ck_assert_str_eq(root_of("src/a/b/c/d/grader", &err), "");
}
END_TEST

/* make install PREFIX=$PWD/build/inst: the installed copy's data, not the checkout's. */
START_TEST(test_installed_copy_inside_a_checkout_uses_its_own_data)
{
    struct gb_err err;

    make_dirs("src/rubrics");
    make_dirs("src/build/inst/bin");
    make_dirs("src/build/inst/share/gradebox/rubrics");
    ck_assert_str_eq(root_of("src/build/inst/bin/grader", &err),
                     "src/build/inst/share/gradebox");
}
END_TEST

/* A share/gradebox left without rubrics/ is not an installation. */
START_TEST(test_share_without_rubrics_is_passed_over)
{
    struct gb_err err;

    make_dirs("src/rubrics");
    make_dirs("src/share/gradebox/exercises");
    ck_assert_str_eq(root_of("src/bin/grader", &err), "src");
}
END_TEST

START_TEST(test_nothing_found_says_where_it_looked)
{
    struct gb_err err;

    make_dirs("lonely/bin");
    make_dirs("lonely/share/gradebox");
    ck_assert_str_eq(root_of("lonely/bin/grader", &err), "");
    ck_assert_msg(strstr(err.msg, "lonely/bin/grader") && strstr(err.msg, "share/gradebox")
                      && strstr(err.msg, "GRADEBOX_HOME"), "%s", err.msg);
    ck_assert_int_eq(home_root_for_exe("grader", (char[8]){0}, 8, &err), -1);
}
END_TEST

START_TEST(test_root_too_long_for_the_buffer_is_an_error)
{
    char exe[PATH_MAX], small[8];
    struct gb_err err;

    make_dirs("usr/share/gradebox/rubrics");
    snprintf(exe, sizeof exe, "%s/usr/bin/grader", base);
    ck_assert_int_eq(home_root_for_exe(exe, small, sizeof small, &err), -1);
    ck_assert_msg(strstr(err.msg, "too long"), "%s", err.msg);
}
END_TEST

START_TEST(test_gradebox_home_names_every_directory)
{
    char root[PATH_MAX], want[PATH_MAX + 32];
    struct gb_home home;
    struct gb_err err;

    make_dirs("inst/rubrics");
    snprintf(root, sizeof root, "%s/inst", base);
    ck_assert_int_eq(setenv("GRADEBOX_HOME", root, 1), 0);
    ck_assert_msg(home_find(NULL, &home, &err) == 0, "%s", err.msg);
    ck_assert_str_eq(home.root, root);
    snprintf(want, sizeof want, "%s/rubrics", root);
    ck_assert_str_eq(home.rubrics, want);
    snprintf(want, sizeof want, "%s/exercises", root);
    ck_assert_str_eq(home.exercises, want);
    snprintf(want, sizeof want, "%s/grader/shims", root);
    ck_assert_str_eq(home.shims, want);
    ck_assert_int_eq(home_find("/nonexistent/rubrics", &home, &err), -1);
    ck_assert_msg(strstr(err.msg, "/nonexistent/rubrics does not exist"), "%s", err.msg);
    unsetenv("GRADEBOX_HOME");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("home");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_installed_prefix_finds_share_gradebox);
    tcase_add_test(tc, test_checkout_finds_its_root_up_to_three_parents);
    tcase_add_test(tc, test_installed_copy_inside_a_checkout_uses_its_own_data);
    tcase_add_test(tc, test_share_without_rubrics_is_passed_over);
    tcase_add_test(tc, test_nothing_found_says_where_it_looked);
    tcase_add_test(tc, test_root_too_long_for_the_buffer_is_an_error);
    tcase_add_test(tc, test_gradebox_home_names_every_directory);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
