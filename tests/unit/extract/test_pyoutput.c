/* test_pyoutput.c — Check suite for pyoutput.c: Python's tracebacks and
 * warnings are set apart from what the student printed, on either stream. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "extract/pyoutput.h"

/* What a line taken out leaves behind: a marker line that keeps the count. */
#define D "\x1e\n"

static void assert_strip(const char *in, const char *want)
{
    struct gb_buf out = GB_BUF_INIT;
    struct gb_err err;

    ck_assert_int_eq(pyoutput_strip(in, strlen(in), &out, &err), 0);
    ck_assert_str_eq(out.data, want);
    gb_buf_free(&out);
}

START_TEST(test_student_lines_pass_unchanged)
{
    assert_strip("", "");
    assert_strip("gain 0.5 x0.490\ngain 1.5: x1.090\n", "gain 0.5 x0.490\ngain 1.5: x1.090\n");
    assert_strip("  indented 1.0\nno newline 2.0", "  indented 1.0\nno newline 2.0");
}
END_TEST

/* The frames' "line 12" and the message's numbers never reach the scorer. */
/* logging's default format, as a student who calls basicConfig() gets it. */
START_TEST(test_logging_prefix_is_taken_off)
{
    assert_strip("INFO:root:gain 0.5 x0.490\n"
                 "WARNING:decay.lab:after clip 1.000\n"
                 "INFO:root:\n"
                 "INFO:root:  rude [0.881]\n"
                 "INFO:__main__: indented 1\n"
                 "CRITICAL:x:y: 1\n",
                 "gain 0.5 x0.490\nafter clip 1.000\n\n  rude [0.881]\n indented 1\ny: 1\n");
    /* "%(levelname)s:%(message)s": the level alone; a label keeps its colon. */
    assert_strip("INFO:  rude [0.881]\nINFO:gain: 0.5\nERROR:two words: 1\n",
                 "  rude [0.881]\ngain: 0.5\ntwo words: 1\n");
    /* A logger whose messages sometimes start with spaces (a table header). */
    assert_strip("INFO:lab:            step 1\nINFO:lab:gain 0.5  0.1\n",
                 "            step 1\ngain 0.5  0.1\n");
    /* Not a logging prefix. */
    assert_strip("INFO 3\nNOTICE:root:4\ninformation: 5\n", "INFO 3\nNOTICE:root:4\ninformation: 5\n");
}
END_TEST

START_TEST(test_traceback_is_stripped)
{
    assert_strip("rude 0.7112\n"
                 "Traceback (most recent call last):\n"
                 "  File \"/work/attention_by_hand.py\", line 40, in <module>\n"
                 "    w = softmax(s)[5]\n"
                 "        ~~~~~~~~~~^^^\n"
                 "IndexError: index 5 is out of bounds for axis 0 with size 4\n"
                 "after 1.0\n",
                 "rude 0.7112\n" D D D D D "after 1.0\n");
}
END_TEST

/* A script that does not compile: no "Traceback" line, just the report. */
START_TEST(test_syntax_error_report_is_stripped)
{
    static const char text[] = "  File \"/work/attention_by_hand.py\", line 30\n"
                               "    print(f\"  rude {out[TOKENS.index(\"rude\")]}\")\n"
                               "                                  ^^^^\n"
                               "SyntaxError: f-string: unmatched '('\n";
    size_t start = 9, n = 0;

    assert_strip(text, D D D D);
    ck_assert_int_eq(pyoutput_last_traceback(text, strlen(text), &start, &n), 1);
    ck_assert_uint_eq(start, 0);
    ck_assert_uint_eq(n, strlen(text));
    /* A student's own indented "File" line with no error after it stays. */
    assert_strip("  File \"data.csv\", line 3\n  rows 297\nok\n",
                 "  File \"data.csv\", line 3\n  rows 297\nok\n");
}
END_TEST

START_TEST(test_chained_traceback_is_one_block)
{
    assert_strip("Traceback (most recent call last):\n"
                 "  File \"x.py\", line 3, in <module>\n"
                 "KeyError: 'rude'\n"
                 "\n"
                 "During handling of the above exception, another exception occurred:\n"
                 "\n"
                 "Traceback (most recent call last):\n"
                 "  File \"x.py\", line 5, in <module>\n"
                 "ValueError: 0.25 0.25\n"
                 "\n"
                 "row 2.0\n",
                 D D D D D D D D D "\nrow 2.0\n");
}
END_TEST

START_TEST(test_warnings_are_stripped)
{
    assert_strip("step 1 0.5\n"
                 "/usr/lib/python3/dist-packages/torch/nn/functional.py:1967: UserWarning: "
                 "nn.functional.sigmoid is deprecated. Use torch.sigmoid instead.\n"
                 "  warnings.warn(\"nn.functional.sigmoid is deprecated.\")\n"
                 "step 2 0.25\n"
                 "x.py:3: DeprecationWarning: 1.5\n"
                 "step 3 0.125\n",
                 "step 1 0.5\n" D D "step 2 0.25\n" D "step 3 0.125\n");
    /* A student's own "name:12: text" line is no warning. */
    assert_strip("time:12: 0.5 s\nnotes.py:4: Warningless: 2\n",
                 "time:12: 0.5 s\nnotes.py:4: Warningless: 2\n");
}
END_TEST

START_TEST(test_last_traceback_found)
{
    static const char text[] = "out 1\n"
                               "Traceback (most recent call last):\n"
                               "  File \"x.py\", line 1, in <module>\n"
                               "ZeroDivisionError: division by zero\n"
                               "log 2\n"
                               "Traceback (most recent call last):\n"
                               "  File \"x.py\", line 9, in <module>\n"
                               "RuntimeError: boom\n";
    size_t start = 0, n = 0;

    ck_assert_int_eq(pyoutput_last_traceback(text, strlen(text), &start, &n), 1);
    ck_assert_str_eq(text + start, "Traceback (most recent call last):\n"
                                   "  File \"x.py\", line 9, in <module>\n"
                                   "RuntimeError: boom\n");
    ck_assert_uint_eq(start + n, strlen(text));
    ck_assert_int_eq(pyoutput_last_traceback("a\nb\n", 4, &start, &n), 0);
}
END_TEST

/* tqdm redraws its bar with '\r' on stderr, between a table's header and
 * its rows: the bar goes, a redrawn line keeps what a terminal would show. */
START_TEST(test_progress_bars_are_stripped)
{
    assert_strip("model   all\n"
                 "\rtraining:   2%|          | 1/60 [00:00<00:01, 25.25it/s]"
                 "\rtraining: 100%|##########| 60/60 [00:00<00:00, 104.58it/s]\n"
                 "logistic 0.757\n",
                 "model   all\n" D "logistic 0.757\n");
    /* a bar ending the output, without its newline, and one with no counter but a rate */
    assert_strip("a 1\nRNN T=5:  45%|####      | [00:01, 3.10s/it]",
                 "a 1\n");
    /* a line redrawn by the student: only the last drawing is printed */
    assert_strip("\rstep 1\rstep 2\rgain 0.5 x0.490\nnext 1\n", "gain 0.5 x0.490\nnext 1\n");
    /* percentages in a student's own table are not bars */
    assert_strip("acc 74.0%| 1/2\n| model | 74.0% | 60/60 |\n|logistic|74.0%|297/303|\n",
                 "acc 74.0%| 1/2\n| model | 74.0% | 60/60 |\n|logistic|74.0%|297/303|\n");
    /* a Windows line end stays what it was */
    assert_strip("gain 0.5 x0.490\r\n", "gain 0.5 x0.490\r\n");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("pyoutput");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_student_lines_pass_unchanged);
    tcase_add_test(tc, test_logging_prefix_is_taken_off);
    tcase_add_test(tc, test_traceback_is_stripped);
    tcase_add_test(tc, test_syntax_error_report_is_stripped);
    tcase_add_test(tc, test_chained_traceback_is_one_block);
    tcase_add_test(tc, test_warnings_are_stripped);
    tcase_add_test(tc, test_last_traceback_found);
    tcase_add_test(tc, test_progress_bars_are_stripped);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
