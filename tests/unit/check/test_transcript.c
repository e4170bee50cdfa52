/* test_transcript.c — Check suite for transcript.c: the status file of a
 * recorded run (how it ended, on which runtime) and where it is looked for. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check/transcript.h"

static char *write_temp(const char *text)
{
    static char path[64];
    FILE *f;
    int fd;

    snprintf(path, sizeof path, "/tmp/gb_status_XXXXXX");
    fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    f = fdopen(fd, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    return path;
}

START_TEST(test_status_path_beside_the_transcript)
{
    char buf[64];

    ck_assert_int_eq(transcript_status_path("runs/crash.stdout", buf, sizeof buf), 0);
    ck_assert_str_eq(buf, "runs/crash.status");
    ck_assert_int_eq(transcript_status_path("runs.d/out", buf, sizeof buf), 0);
    ck_assert_str_eq(buf, "runs.d/out.status");
    ck_assert_int_eq(transcript_status_path(".hidden", buf, sizeof buf), 0);
    ck_assert_str_eq(buf, ".hidden.status");
    ck_assert_int_eq(transcript_status_path("a-very-long-name.stdout", buf, 8), -1);
}
END_TEST

START_TEST(test_status_exit_and_runtime)
{
    char *path = write_temp("# recorded by record.sh\n"
                            "exit 1\r\n"
                            "wall_seconds 312.5\n"
                            "python 3.11.2\n"
                            "torch 1.13.0a0+git   # comment\n"
                            "future_key whatever\n"
                            "numpy 1.24.2\n");
    struct transcript_status st;
    struct gb_err err;

    ck_assert_msg(transcript_status_load(path, &st, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(st.exited, 1);
    ck_assert_int_eq(st.exit_code, 1);
    ck_assert_int_eq(st.signal, 0);
    ck_assert_double_eq(st.wall_seconds, 312.5);
    ck_assert_str_eq(st.python, "3.11.2");
    ck_assert_str_eq(st.torch, "1.13.0a0+git");
    ck_assert_str_eq(st.numpy, "1.24.2");
    transcript_status_free(&st);
    unlink(path);
}
END_TEST

START_TEST(test_status_signal)
{
    char *path = write_temp("signal 9\n");
    struct transcript_status st;
    struct gb_err err;

    ck_assert_msg(transcript_status_load(path, &st, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(st.exited, 0);
    ck_assert_int_eq(st.signal, 9);
    ck_assert_ptr_null(st.torch);
    transcript_status_free(&st);
    unlink(path);
}
END_TEST

/* A status that does not say how the run ended, or says it badly, is an
 * error naming the file (and the line), never a silent "exited 0". */
START_TEST(test_status_errors_name_the_problem)
{
    static const struct { const char *text, *says; } bad[] = {
        { "python 3.11.2\n", "must say how the run ended" },
        { "exit 1\nsignal 9\n", "must say how the run ended" },
        { "exit one\n", "line 1: 'exit one' is no exit status" },
        { "exit 0\nwall_seconds -3\n", "line 2: 'wall_seconds -3' is no duration" },
        { "signal 0\n", "'signal 0' is no signal number" },
    };
    struct transcript_status st;
    struct gb_err err;

    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *path = write_temp(bad[i].text);

        ck_assert_int_eq(transcript_status_load(path, &st, &err), -1);
        ck_assert_msg(strstr(err.msg, bad[i].says) && strstr(err.msg, path), "%s", err.msg);
        ck_assert_ptr_null(st.python);
        unlink(path);
    }
    ck_assert_int_eq(transcript_status_load("/nonexistent/x.status", &st, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "transcript status"));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("transcript");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_status_path_beside_the_transcript);
    tcase_add_test(tc, test_status_exit_and_runtime);
    tcase_add_test(tc, test_status_signal);
    tcase_add_test(tc, test_status_errors_name_the_problem);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
