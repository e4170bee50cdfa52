/* test_workdir.c — Check suite for the work directory: creation, copying in,
 * reading out through descriptors, and removal of whatever a submission left. */
#define _GNU_SOURCE
#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox/workdir.h"

START_TEST(test_create_is_private_and_remove_cleans_up)
{
    struct workdir wd = WORKDIR_INIT;
    struct gb_err err;
    struct stat st;
    char parent[512];

    ck_assert_int_eq(workdir_create(&wd, NULL, &err), 0);
    ck_assert_int_eq(stat(wd.parent, &st), 0);
    ck_assert_int_eq(st.st_mode & 0777, 0700);
    ck_assert_int_eq(stat(wd.path, &st), 0);
    ck_assert(S_ISDIR(st.st_mode));
    snprintf(parent, sizeof parent, "%s", wd.parent);
    ck_assert_int_eq(workdir_remove(&wd, &err), 0);
    ck_assert_int_eq(stat(parent, &st), -1);
    ck_assert_int_eq(wd.fd, -1);
}
END_TEST

START_TEST(test_add_and_read_back)
{
    struct workdir wd = WORKDIR_INIT;
    struct gb_buf b = GB_BUF_INIT;
    struct gb_err err;
    char src[] = "/tmp/gbwdXXXXXX";
    int fd = mkstemp(src);

    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, "print(1)\n", 9), 9);
    close(fd);
    ck_assert_int_eq(workdir_create(&wd, NULL, &err), 0);
    ck_assert_msg(workdir_add_file(&wd, "a.py", src, 1000, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(workdir_add_data(&wd, "pkg/sub/m.py", "x=1", 3, &err), 0);
    ck_assert_int_eq(workdir_read_file(&wd, "a.py", 100, &b, &err), 0);
    ck_assert_str_eq(b.data, "print(1)\n");
    gb_buf_free(&b);
    ck_assert_int_eq(workdir_read_file(&wd, "pkg/sub/m.py", 100, &b, &err), 0);
    ck_assert_str_eq(b.data, "x=1");
    gb_buf_free(&b);
    /* Never replaces, never escapes, never reads past the bound. */
    ck_assert_int_eq(workdir_add_data(&wd, "a.py", "y", 1, &err), -1);
    ck_assert_int_eq(workdir_add_data(&wd, "../evil", "y", 1, &err), -1);
    ck_assert_int_eq(workdir_add_data(&wd, "/etc/evil", "y", 1, &err), -1);
    ck_assert_int_eq(workdir_add_file(&wd, "big.py", src, 5, &err), -1);
    ck_assert_int_eq(workdir_read_file(&wd, "a.py", 5, &b, &err), -1);
    gb_buf_free(&b);
    ck_assert_int_eq(workdir_remove(&wd, &err), 0);
    unlink(src);
}
END_TEST

/* What a hostile submission leaves: links to host files where results are
 * read, a link in place of a directory, a FIFO, an unreadable directory, a
 * deep tree. */
START_TEST(test_planted_links_fifos_and_deep_trees)
{
    struct workdir wd = WORKDIR_INIT;
    struct gb_buf b = GB_BUF_INIT;
    struct gb_err err;
    char victim[] = "/tmp/gbvictimXXXXXX";
    int vfd = mkstemp(victim);
    int d;

    ck_assert_int_ge(vfd, 0);
    ck_assert_int_eq(write(vfd, "host secret", 11), 11);
    close(vfd);
    ck_assert_int_eq(workdir_create(&wd, NULL, &err), 0);
    ck_assert_int_eq(symlinkat(victim, wd.fd, "results.json"), 0);
    ck_assert_int_eq(symlinkat("/tmp", wd.fd, "outdir"), 0);
    ck_assert_int_eq(mkfifoat(wd.fd, "fifo", 0644), 0);
    ck_assert_int_eq(mkdirat(wd.fd, "locked", 0), 0);

    ck_assert_int_eq(workdir_read_file(&wd, "results.json", 100, &b, &err), -1);
    ck_assert_str_eq(err.msg, "results.json in the work directory is a symbolic link; not read");
    ck_assert_int_eq(workdir_read_file(&wd, "outdir/x", 100, &b, &err), -1);
    ck_assert_int_eq(workdir_read_file(&wd, "fifo", 100, &b, &err), -1);
    ck_assert_str_eq(err.msg, "fifo in the work directory is not a regular file; not read");
    ck_assert_int_eq(workdir_add_data(&wd, "results.json", "x", 1, &err), -1);
    ck_assert_int_eq(workdir_add_data(&wd, "outdir/planted", "x", 1, &err), -1);
    ck_assert_int_eq(access("/tmp/planted", F_OK), -1);
    gb_buf_free(&b);

    /* 3000 levels: deeper than a descriptor-per-level walk could go here. */
    d = dup(wd.fd);
    for (int i = 0; i < 3000; i++) {
        int sub;

        ck_assert_int_eq(mkdirat(d, "d", 0755), 0);
        sub = openat(d, "d", O_RDONLY | O_DIRECTORY);
        ck_assert_int_ge(sub, 0);
        if (i % 500 == 0)
            ck_assert_int_eq(symlinkat(victim, sub, "link"), 0);
        close(d);
        d = sub;
    }
    close(d);
    ck_assert_msg(workdir_remove(&wd, &err) == 0, "%s", err.msg);
    vfd = open(victim, O_RDONLY);
    ck_assert_int_ge(vfd, 0);
    close(vfd);
    ck_assert_int_eq(access("/tmp", F_OK), 0);
    unlink(victim);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("workdir");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_create_is_private_and_remove_cleans_up);
    tcase_add_test(tc, test_add_and_read_back);
    tcase_add_test(tc, test_planted_links_fifos_and_deep_trees);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
