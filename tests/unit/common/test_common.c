/* test_common.c — Check suite for the error idiom and buffers (common/). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "error.h"

START_TEST(test_fail_sets_message_and_returns_minus_one)
{
    struct gb_err err;

    ck_assert_int_eq(gb_fail(&err, "check '%s' has no points", "rude_self"), -1);
    ck_assert_str_eq(err.msg, "check 'rude_self' has no points");
    ck_assert_int_eq(gb_err_prefix(&err, "rubric %s", "a.json"), -1);
    ck_assert_str_eq(err.msg, "rubric a.json: check 'rude_self' has no points");
    ck_assert_int_eq(gb_fail(NULL, "ignored"), -1);
}
END_TEST

START_TEST(test_fail_errno_appends_reason)
{
    struct gb_buf b = GB_BUF_INIT;
    struct gb_err err;

    ck_assert_int_eq(gb_read_file("/nonexistent/gradebox", 10, &b, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "No such file or directory"));
}
END_TEST

START_TEST(test_buf_grows_and_keeps_nul)
{
    struct gb_buf b = GB_BUF_INIT;
    struct gb_err err;

    for (int i = 0; i < 1000; i++)
        ck_assert_int_eq(gb_buf_printf(&b, &err, "%d,", i % 10), 0);
    ck_assert_uint_eq(b.len, 2000);
    ck_assert_int_eq(b.data[b.len], '\0');
    ck_assert_int_eq(gb_buf_append(&b, "\0x", 2, &err), 0);
    ck_assert_uint_eq(b.len, 2002);
    gb_buf_free(&b);
}
END_TEST

START_TEST(test_read_file_limit_and_atomic_write)
{
    char dir[] = "/tmp/gbtestXXXXXX", path[64];
    struct gb_buf b = GB_BUF_INIT;
    struct gb_err err;

    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/f", dir);
    ck_assert_int_eq(gb_write_file_atomic(path, "hello", 5, &err), 0);
    ck_assert_int_eq(gb_read_file(path, 5, &b, &err), 0);
    ck_assert_str_eq(b.data, "hello");
    gb_buf_free(&b);
    ck_assert_int_eq(gb_read_file(path, 4, &b, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "limit"));
    gb_buf_free(&b);
    unlink(path);
    rmdir(dir);
}
END_TEST

/* A key made on first use: private (0600, in a 0700 directory made for it),
 * never replacing one that exists, whose content is kept whole. */
START_TEST(test_new_private_file_never_replaces)
{
    char dir[] = "/tmp/gbtestXXXXXX", path[96], sub[64];
    struct gb_buf b = GB_BUF_INIT;
    struct gb_err err;
    struct stat st;

    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(sub, sizeof sub, "%s/a/gradebox", dir);
    snprintf(path, sizeof path, "%s/key", sub);
    ck_assert_int_eq(gb_make_parent(path, &err), 0);
    ck_assert_int_eq(stat(sub, &st), 0);
    ck_assert_uint_eq(st.st_mode & 0777, 0700);
    ck_assert_int_eq(gb_write_file_new(path, "first", 5, 0600, &err), 0);
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_uint_eq(st.st_mode & 0777, 0600);
    ck_assert_int_eq(gb_write_file_new(path, "second", 6, 0600, &err), 1);
    ck_assert_ptr_nonnull(strstr(err.msg, "exists"));
    ck_assert_int_eq(gb_read_file(path, 64, &b, &err), 0);
    ck_assert_str_eq(b.data, "first");
    gb_buf_free(&b);
    setenv("GB_TEST_KEY", "", 1);
    setenv("XDG_CONFIG_HOME", dir, 1);
    ck_assert_int_eq(gb_user_file("GB_TEST_KEY", "XDG_CONFIG_HOME", ".config", "k", sub,
                                  sizeof sub, &err), 0);
    ck_assert_str_eq(sub + strlen(dir), "/gradebox/k");
    unlink(path);
    snprintf(sub, sizeof sub, "%s/a/gradebox", dir);
    rmdir(sub);
    snprintf(sub, sizeof sub, "%s/a", dir);
    rmdir(sub);
    rmdir(dir);
}
END_TEST

/* A FIFO given as a file (a submission, --transcript, --secret-file, a
 * result) is refused at once: a blocking open would wait forever for a
 * writer (Check's timeout fails the test if it does). */
START_TEST(test_read_file_refuses_fifo_without_blocking)
{
    char dir[] = "/tmp/gbtestXXXXXX", path[64];
    struct gb_buf b = GB_BUF_INIT;
    struct gb_err err;

    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/fifo", dir);
    ck_assert_int_eq(mkfifo(path, 0600), 0);
    ck_assert_int_eq(gb_read_file(path, 100, &b, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "is not a regular file"));
    ck_assert_ptr_null(b.data);
    unlink(path);
    rmdir(dir);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("common");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_fail_sets_message_and_returns_minus_one);
    tcase_add_test(tc, test_fail_errno_appends_reason);
    tcase_add_test(tc, test_buf_grows_and_keeps_nul);
    tcase_add_test(tc, test_read_file_limit_and_atomic_write);
    tcase_add_test(tc, test_read_file_refuses_fifo_without_blocking);
    tcase_add_test(tc, test_new_private_file_never_replaces);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
