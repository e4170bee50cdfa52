/* test_report.c — Check suite for the reports (grader/report/report*.c): text, json
 * and gradescope output for a constructed result, and text sanitising. */
#include <check.h>
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"

static void add(struct grade_result *r, const char *id, enum verdict v, double pts,
                const char *expected, const char *found, const char *where,
                const char *message)
{
    struct check_result c = { .id = (char *)id, .description = "the rude row",
                              .verdict = v, .points = pts, .max_points = 2,
                              .expected = (char *)expected, .found = (char *)found,
                              .where = (char *)where, .message = (char *)message };

    ck_assert_int_eq(result_add_check(r, &c, NULL), 0);
    r->score += pts;
    r->max_score += 2;
}

/* A torch-1.13 run that exited with status 1 after a traceback; no checks. */
static void failed_run(struct grade_result *r)
{
    memset(r, 0, sizeof *r);
    r->result_id = strdup("ab12");
    r->student = strdup("s042");
    r->exercise = strdup("attention_by_hand");
    r->submission_sha256 = strdup("ff00");
    r->graded_at = strdup("2026-12-02T13:00:00Z");
    r->runtime.python = strdup("3.11.2");
    r->runtime.torch = strdup("1.13.0a0");
    r->runtime.numpy = strdup("1.24.2");
    r->runtime.shims = calloc(1, sizeof(char *));
    r->runtime.shims[0] = strdup("torch.nn.functional.scaled_dot_product_attention");
    r->runtime.n_shims = 1;
    r->ran = 1;
    r->run.exited = 1;
    r->run.exit_code = 1;
    r->run.wall_seconds = 1.25;
    r->run_summary = strdup("exited with status 1");
    r->crash_tail = strdup("Traceback (most recent call last):\nNameError: name 'Wq' is not defined");
}

/* A crashed torch-1.13 run: one pass, one fail, one missing, one unreached. */
static void crashed(struct grade_result *r)
{
    failed_run(r);
    add(r, "rows_sum", VERDICT_PASS, 2, "1.000 ± 0.001", "1.000", "output line 9", NULL);
    add(r, "rude_self", VERDICT_FAIL, 0, "0.711 ± 0.010", "0.500", "output line 14",
        "the rude row is not scaled by √d");
    add(r, "gap", VERDICT_MISSING, 0, "< 1e-12", NULL, NULL, "no line mentions 'gap'");
    add(r, "rude_out", VERDICT_UNREACHED, 0, "0.881 ± 0.010", NULL, NULL, NULL);
}

static char *render(enum report_format f, const struct grade_result *r, int utf8)
{
    struct report_options opts = { .utf8 = utf8 };
    struct gb_buf out = GB_BUF_INIT;
    struct gb_err err;

    ck_assert_int_eq(report_render(f, r, &opts, &out, &err), 0);
    return gb_buf_steal(&out);
}

/* The whole report, exactly: score and what needs work on top, the crash,
 * then each check — a line for a pass; expected, found, where and why under
 * anything else (an unreached check's where and why are the crash's). */
START_TEST(test_text_utf8)
{
    static const char want[] =
        "gradebox: attention_by_hand for s042\n"
        "score: 2/8 points; 3 of 4 checks need work: rude_self, gap (and 1 not reached:\n"
        "  the run stopped early)\n"
        "runtime: python 3.11.2, torch 1.13.0a0, numpy 1.24.2\n"
        "shim: torch.nn.functional.scaled_dot_product_attention supplied by gradebox (this torch lacks it)\n"
        "run: exited with status 1 (1.2 s)\n"
        "\n"
        "The run stopped early.\n"
        "Its traceback ends:\n"
        "  | Traceback (most recent call last):\n"
        "  | NameError: name 'Wq' is not defined\n"
        "1 check could not be reached because of it: rude_out\n"
        "\n"
        "✓ pass         2/2    rows_sum — the rude row: found 1.000 (output line 9)\n"
        "✗ FAIL         0/2    rude_self — the rude row\n"
        "                      expected  0.711 ± 0.010\n"
        "                      found     0.500\n"
        "                      where     output line 14\n"
        "                      why       the rude row is not scaled by √d\n"
        "✗ MISSING      0/2    gap — the rude row\n"
        "                      expected  < 1e-12\n"
        "                      found     nothing\n"
        "                      why       no line mentions 'gap'\n"
        "✗ UNREACHED    0/2    rude_out — the rude row\n"
        "                      expected  0.881 ± 0.010\n"
        "                      found     nothing\n"
        "\n"
        "total: 2/8 points; 1 of 4 checks passed\n";
    struct grade_result r;
    char *t;

    crashed(&r);
    t = render(REPORT_TEXT, &r, 1);
    ck_assert_str_eq(t, want);
    ck_assert_int_eq(report_status(&r), REPORT_FAILED);
    free(t);
    result_free(&r);
}
END_TEST

/* Everything printed, then a failure (a crash at the very end, sys.exit(3)):
 * graded as printed, and the report says the run failed after the output
 * the checks read -- not that it stopped early, nor nothing at all. */
START_TEST(test_text_failed_after_printing_everything)
{
    static const char want[] =
        "gradebox: attention_by_hand for s042\n"
        "score: 4/4 points; all 2 checks passed\n"
        "runtime: python 3.11.2, torch 1.13.0a0, numpy 1.24.2\n"
        "shim: torch.nn.functional.scaled_dot_product_attention supplied by gradebox (this torch lacks it)\n"
        "run: exited with status 3 (1.2 s)\n"
        "\n"
        "The run failed after printing everything the checks read: it is graded on what\n"
        "it printed, but it did not end cleanly (see run: above) - fix what made it fail.\n"
        "Its traceback ends:\n"
        "  | Traceback (most recent call last):\n"
        "  | RuntimeError: no display for the plot\n"
        "\n"
        "[pass]         2/2    rows_sum - the rude row: found 1.000 (output line 9)\n"
        "[pass]         2/2    rude_self - the rude row: found 0.711 (output line 14)\n"
        "\n"
        "total: 4/4 points; 2 of 2 checks passed - full marks\n";
    struct grade_result r;
    char *t;

    failed_run(&r);
    add(&r, "rows_sum", VERDICT_PASS, 2, "1.000 ± 0.001", "1.000", "output line 9", NULL);
    add(&r, "rude_self", VERDICT_PASS, 2, "0.711 ± 0.010", "0.711", "output line 14", NULL);
    r.run.exit_code = 3;
    free(r.run_summary);
    r.run_summary = strdup("exited with status 3");
    free(r.crash_tail);
    r.crash_tail = strdup("Traceback (most recent call last):\n"
                          "RuntimeError: no display for the plot");
    t = render(REPORT_TEXT, &r, 0);
    ck_assert_str_eq(t, want);
    free(t);
    result_free(&r);
}
END_TEST

START_TEST(test_text_ascii_is_ascii)
{
    static const char want[] =
        "gradebox: attention_by_hand for s042\n"
        "score: 2/8 points; 3 of 4 checks need work: rude_self, gap (and 1 not reached:\n"
        "  the run stopped early)\n"
        "runtime: python 3.11.2, torch 1.13.0a0, numpy 1.24.2\n"
        "shim: torch.nn.functional.scaled_dot_product_attention supplied by gradebox (this torch lacks it)\n"
        "run: exited with status 1 (1.2 s)\n"
        "\n"
        "The run stopped early.\n"
        "Its traceback ends:\n"
        "  | Traceback (most recent call last):\n"
        "  | NameError: name 'Wq' is not defined\n"
        "1 check could not be reached because of it: rude_out\n"
        "\n"
        "[pass]         2/2    rows_sum - the rude row: found 1.000 (output line 9)\n"
        "[FAIL]         0/2    rude_self - the rude row\n"
        "                      expected  0.711 +/- 0.010\n"
        "                      found     0.500\n"
        "                      where     output line 14\n"
        "                      why       the rude row is not scaled by sqrtd\n"
        "[MISSING]      0/2    gap - the rude row\n"
        "                      expected  < 1e-12\n"
        "                      found     nothing\n"
        "                      why       no line mentions 'gap'\n"
        "[UNREACHED]    0/2    rude_out - the rude row\n"
        "                      expected  0.881 +/- 0.010\n"
        "                      found     nothing\n"
        "\n"
        "total: 2/8 points; 1 of 4 checks passed\n";
    struct grade_result r;
    char *t;

    crashed(&r);
    t = render(REPORT_TEXT, &r, 0);
    for (const unsigned char *p = (const unsigned char *)t; *p; p++)
        ck_assert_int_lt(*p, 0x80);
    ck_assert_str_eq(t, want);
    free(t);
    result_free(&r);
}
END_TEST

/* Long texts wrap at 80 columns under their own column; nothing is lost. */
START_TEST(test_text_wraps_long_lines)
{
    struct grade_result r;
    char *t;
    const char *line;
    size_t words = 0;

    memset(&r, 0, sizeof r);
    r.exercise = strdup("gradient_decay");
    add(&r, "clip_after", VERDICT_FAIL, 0, "1 ± 0.001", "5.000", "output line 19",
        "gain 1.5 clipping: total norm before clip 20.578, after clip printed 5.000; expected "
        "1 ± 0.001. This is a known mistake: after clipping, the total norm equals max_norm");
    t = render(REPORT_TEXT, &r, 1);
    for (line = t; *line; line = strchr(line, '\n') + 1) {
        const char *nl = strchr(line, '\n');
        size_t cols = 0;

        for (const char *p = line; p < nl; p++)
            cols += ((unsigned char)*p & 0xc0) != 0x80;
        ck_assert_msg(cols <= 80, "line longer than 80 columns: %.*s", (int)(nl - line), line);
    }
    ck_assert_ptr_nonnull(strstr(t, "                      why       gain 1.5 clipping: total norm before clip\n"
                                    "                                20.578, after clip printed 5.000; expected 1 ±\n"));
    for (const char *p = strstr(t, "why"); p && (p = strstr(p, "max_norm")); p++)
        words++;
    ck_assert_uint_eq(words, 1);
    free(t);
    result_free(&r);
}
END_TEST

START_TEST(test_json_schema)
{
    struct grade_result r;
    cJSON *doc, *run, *checks, *c1;
    char *t;

    crashed(&r);
    t = render(REPORT_JSON, &r, 1);
    doc = cJSON_Parse(t);
    ck_assert_ptr_nonnull(doc);
    ck_assert_str_eq(cJSON_GetObjectItem(doc, "schema")->valuestring, "gradebox.result/1");
    ck_assert_str_eq(cJSON_GetObjectItem(doc, "result_id")->valuestring, "ab12");
    ck_assert(cJSON_IsNull(cJSON_GetObjectItem(doc, "assignment")));
    ck_assert_str_eq(cJSON_GetObjectItem(doc, "status")->valuestring, "failed");
    ck_assert_double_eq(cJSON_GetObjectItem(doc, "score")->valuedouble, 2);
    ck_assert_double_eq(cJSON_GetObjectItem(doc, "max_score")->valuedouble, 8);
    ck_assert_str_eq(cJSON_GetArrayItem(cJSON_GetObjectItem(cJSON_GetObjectItem(doc, "runtime"),
                                                            "shims"), 0)->valuestring,
                     "torch.nn.functional.scaled_dot_product_attention");
    run = cJSON_GetObjectItem(doc, "run");
    ck_assert_int_eq(cJSON_GetObjectItem(run, "exit_code")->valueint, 1);
    ck_assert(cJSON_IsNull(cJSON_GetObjectItem(run, "signal")));
    ck_assert(cJSON_IsNull(cJSON_GetObjectItem(run, "limit")));
    ck_assert(cJSON_IsFalse(cJSON_GetObjectItem(run, "stdout_truncated")));
    checks = cJSON_GetObjectItem(doc, "checks");
    ck_assert_int_eq(cJSON_GetArraySize(checks), 4);
    c1 = cJSON_GetArrayItem(checks, 1);
    ck_assert_str_eq(cJSON_GetObjectItem(c1, "verdict")->valuestring, "fail");
    ck_assert_str_eq(cJSON_GetObjectItem(c1, "where")->valuestring, "output line 14");
    ck_assert(cJSON_IsNull(cJSON_GetObjectItem(c1, "reading")));
    cJSON_Delete(doc);
    free(t);
    result_free(&r);
}
END_TEST

/* The rerun's note: null when none was asked for; else in the JSON as an
 * object and in the text on its own "integrity:" line. */
START_TEST(test_integrity_note)
{
    struct grade_result r;
    cJSON *doc, *in;
    char *t;

    crashed(&r);
    t = render(REPORT_JSON, &r, 1);
    doc = cJSON_Parse(t);
    ck_assert(cJSON_IsNull(cJSON_GetObjectItem(doc, "integrity")));
    cJSON_Delete(doc);
    free(t);
    t = render(REPORT_TEXT, &r, 1);
    ck_assert_ptr_null(strstr(t, "integrity:"));
    free(t);
    r.integrity = (struct integrity_info){ 2, strdup("two runs, the second with every seed "
                                                    "changed"), 3, 1, 1, 1, 1 };
    t = render(REPORT_JSON, &r, 1);
    doc = cJSON_Parse(t);
    in = cJSON_GetObjectItem(doc, "integrity");
    ck_assert_int_eq(cJSON_GetObjectItem(in, "runs")->valueint, 2);
    ck_assert_int_eq(cJSON_GetObjectItem(in, "not_followed")->valueint, 1);
    ck_assert_str_eq(cJSON_GetObjectItem(in, "summary")->valuestring,
                     "two runs, the second with every seed changed");
    cJSON_Delete(doc);
    free(t);
    t = render(REPORT_TEXT, &r, 1);
    ck_assert_ptr_nonnull(strstr(t, "\nintegrity: two runs, the second with every seed changed\n"));
    free(t);
    result_free(&r);
}
END_TEST

START_TEST(test_gradescope_shape)
{
    struct grade_result r;
    cJSON *doc, *tests, *t1;
    char *t;

    crashed(&r);
    t = render(REPORT_GRADESCOPE, &r, 1);
    doc = cJSON_Parse(t);
    ck_assert_ptr_nonnull(doc);
    ck_assert_double_eq(cJSON_GetObjectItem(doc, "score")->valuedouble, 2);
    ck_assert_double_eq(cJSON_GetObjectItem(doc, "execution_time")->valuedouble, 2);
    ck_assert_ptr_nonnull(strstr(cJSON_GetObjectItem(doc, "output")->valuestring,
                                 "NameError: name 'Wq' is not defined"));
    tests = cJSON_GetObjectItem(doc, "tests");
    ck_assert_int_eq(cJSON_GetArraySize(tests), 4);
    t1 = cJSON_GetArrayItem(tests, 1);
    ck_assert_str_eq(cJSON_GetObjectItem(t1, "name")->valuestring, "rude_self: the rude row");
    ck_assert_str_eq(cJSON_GetObjectItem(t1, "number")->valuestring, "2");
    ck_assert_str_eq(cJSON_GetObjectItem(t1, "status")->valuestring, "failed");
    ck_assert_double_eq(cJSON_GetObjectItem(t1, "max_score")->valuedouble, 2);
    ck_assert_str_eq(cJSON_GetObjectItem(t1, "output")->valuestring,
                     "fail\nexpected: 0.711 ± 0.010\nfound:    0.500\nwhere:    output line 14\n"
                     "why:      the rude row is not scaled by √d");
    ck_assert_str_eq(cJSON_GetObjectItem(cJSON_GetArrayItem(tests, 0), "output")->valuestring,
                     "passed: found 1.000 (output line 9)");
    ck_assert_str_eq(cJSON_GetObjectItem(cJSON_GetArrayItem(tests, 2), "output")->valuestring,
                     "missing\nexpected: < 1e-12\nfound:    nothing\nwhy:      no line mentions 'gap'");
    ck_assert_str_eq(cJSON_GetObjectItem(cJSON_GetArrayItem(tests, 0), "status")->valuestring,
                     "passed");
    cJSON_Delete(doc);
    free(t);
    result_free(&r);
}
END_TEST

START_TEST(test_status_and_exit_classes)
{
    struct grade_result r;

    memset(&r, 0, sizeof r);
    ck_assert_int_eq(report_status(&r), REPORT_FAILED);   /* nothing graded is not a pass */
    add(&r, "a", VERDICT_PASS, 2, NULL, "1", NULL, NULL);
    ck_assert_int_eq(report_status(&r), REPORT_PASSED);
    add(&r, "b", VERDICT_REVIEW, 0, NULL, NULL, NULL, "needs a human");
    ck_assert_int_eq(report_status(&r), REPORT_REVIEW);
    ck_assert_str_eq(report_status_name(REPORT_REVIEW), "needs_review");
    add(&r, "c", VERDICT_ERROR, 0, NULL, NULL, NULL, "rubric key missing");
    ck_assert_int_eq(report_status(&r), REPORT_ERROR);
    result_free(&r);
}
END_TEST

START_TEST(test_clean_neutralises_student_bytes)
{
    char *s = report_clean_dup("ok\x1b[31mred\xff\xc3\xa9\xe2\x82\n\x7f\xc2\x9b", NULL);

    ck_assert_str_eq(s, "ok?[31mred\xef\xbf\xbd\xc3\xa9\xef\xbf\xbd\xef\xbf\xbd\n?"
                        "\xef\xbf\xbd\xef\xbf\xbd");
    free(s);
}
END_TEST

START_TEST(test_format_names)
{
    enum report_format f;

    ck_assert_int_eq(report_format_parse("gradescope", &f), 0);
    ck_assert_int_eq(f, REPORT_GRADESCOPE);
    ck_assert_int_eq(report_format_parse("junit", &f), -1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("report");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_text_utf8);
    tcase_add_test(tc, test_text_ascii_is_ascii);
    tcase_add_test(tc, test_text_failed_after_printing_everything);
    tcase_add_test(tc, test_text_wraps_long_lines);
    tcase_add_test(tc, test_json_schema);
    tcase_add_test(tc, test_integrity_note);
    tcase_add_test(tc, test_gradescope_shape);
    tcase_add_test(tc, test_status_and_exit_classes);
    tcase_add_test(tc, test_clean_neutralises_student_bytes);
    tcase_add_test(tc, test_format_names);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
