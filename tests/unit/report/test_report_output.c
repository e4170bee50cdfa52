/* test_report_output.c — Check suite for the program's output in reports
 * (grader/report/report_output.c and its use by the text, JSON and Gradescope
 * reports): the block is there, cited lines are marked, a long output is
 * bounded yet keeps every cited line, and hostile bytes are escaped. */
#include <check.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "report/report_output.h"

static void add(struct grade_result *r, const char *id, enum verdict v, const char *where,
                const char *message)
{
    struct check_result c = { .id = (char *)id, .verdict = v, .max_points = 1,
                              .points = v == VERDICT_PASS, .expected = "0.711",
                              .found = "0.711", .where = (char *)where,
                              .message = (char *)message };

    ck_assert_int_eq(result_add_check(r, &c, NULL), 0);
    r->score += c.points;
    r->max_score += 1;
}

/* A run that printed `lines` lines "line N value N" (N from 1), and checks
 * citing `cited` (a where text) and a message naming two lines. */
static void ran(struct grade_result *r, size_t lines, const char *cited)
{
    struct gb_buf b = GB_BUF_INIT;

    memset(r, 0, sizeof *r);
    r->exercise = strdup("attention_by_hand");
    r->ran = 1;
    r->run.exited = 1;
    r->run_summary = strdup("exited with status 0");
    for (size_t i = 1; i <= lines; i++)
        ck_assert_int_eq(gb_buf_printf(&b, NULL, "line %zu value %zu\n", i, i), 0);
    r->run.out.len = r->run.out.total = b.len;
    r->run.out.data = gb_buf_steal(&b);
    add(r, "rows", VERDICT_PASS, cited, NULL);
    add(r, "rude", VERDICT_FAIL, NULL, "the values on output lines 3, 5 and 9 disagree");
}

static char *render(enum report_format f, const struct grade_result *r)
{
    struct report_options opts = { .utf8 = 1 };
    struct gb_buf out = GB_BUF_INIT;
    struct gb_err err;

    ck_assert_int_eq(report_render(f, r, &opts, &out, &err), 0);
    return gb_buf_steal(&out);
}

START_TEST(test_cites_parsed)
{
    struct check_result c = { .where = "output lines 3 and 4",
                              .message = "recognised by its value: 0.5 on output line 12; "
                                         "also output lines 3, 7, and 9; not line 40" };
    size_t lines[8], n = report_output_cites(&c, lines, 8);

    ck_assert_uint_eq(n, 5);
    ck_assert_uint_eq(lines[0], 3);
    ck_assert_uint_eq(lines[1], 4);
    ck_assert_uint_eq(lines[2], 12);
    ck_assert_uint_eq(lines[3], 7);
    ck_assert_uint_eq(lines[4], 9);
    c.where = "order_matters.ipynb cell 9, line 2";
    c.message = NULL;
    ck_assert_uint_eq(report_output_cites(&c, lines, 8), 0);
}
END_TEST

/* A short output is shown whole in the text report, cited lines marked. */
START_TEST(test_text_shows_output_marked)
{
    struct grade_result r;
    char *text;

    ran(&r, 12, "output line 7");
    text = render(REPORT_TEXT, &r);
    ck_assert_ptr_nonnull(strstr(text, "The program's output: 12 lines, "));
    ck_assert_ptr_nonnull(strstr(text, "shown whole"));
    ck_assert_ptr_nonnull(strstr(text, "\n>     7 | line 7 value 7\n"));
    ck_assert_ptr_nonnull(strstr(text, "\n>     3 | line 3 value 3\n"));
    ck_assert_ptr_nonnull(strstr(text, "\n      6 | line 6 value 6\n"));
    ck_assert_ptr_null(strstr(text, "not shown"));
    /* the block comes after the checks and before the total */
    ck_assert_ptr_nonnull(strstr(strstr(text, "line 12 value 12"), "\ntotal: "));
    free(text);
    result_free(&r);
}
END_TEST

/* A long output: head, tail and each cited line with a neighbour; the gaps
 * said; nothing else. */
START_TEST(test_long_output_bounded)
{
    struct grade_result r;
    struct report_output v;
    char *text;

    ran(&r, 5000, "output line 4000");
    ck_assert_int_eq(report_output_view(&r, &v, NULL), 0);
    ck_assert_uint_eq(v.total_lines, 5000);
    ck_assert_uint_eq(v.n_cited, 4);
    ck_assert_uint_le(v.n_lines, REPORT_OUTPUT_HEAD + REPORT_OUTPUT_TAIL + 4 * 3);
    report_output_free(&v);
    text = render(REPORT_TEXT, &r);
    ck_assert_ptr_nonnull(strstr(text, "\n>  4000 | line 4000 value 4000\n"));
    ck_assert_ptr_nonnull(strstr(text, "\n   3999 | line 3999 value 3999\n"));
    ck_assert_ptr_nonnull(strstr(text, "\n   5000 | line 5000 value 5000\n"));
    ck_assert_ptr_nonnull(strstr(text, "... lines 16-3998 not shown"));
    ck_assert_ptr_null(strstr(text, "line 2000 value"));
    ck_assert_ptr_nonnull(strstr(text, "shown: the first 15, the last 5"));
    ck_assert_uint_lt(strlen(text), 8000);
    free(text);
    result_free(&r);
}
END_TEST

/* JSON: the output object with its shown lines, and each check's cites. */
START_TEST(test_json_output_and_cites)
{
    struct grade_result r;
    char *text;
    cJSON *doc, *out, *shown, *l, *checks;
    int cited = 0;

    ran(&r, 100, "output line 50");
    text = render(REPORT_JSON, &r);
    ck_assert_ptr_nonnull(doc = cJSON_Parse(text));
    out = cJSON_GetObjectItemCaseSensitive(doc, "output");
    ck_assert(cJSON_IsObject(out));
    ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(out, "lines")->valueint, 100);
    ck_assert(cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(out, "shown_whole")));
    shown = cJSON_GetObjectItemCaseSensitive(out, "shown");
    cJSON_ArrayForEach(l, shown)
        if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(l, "cited"))) {
            cited++;
            if (cJSON_GetObjectItemCaseSensitive(l, "n")->valueint == 50)
                ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(l, "text")->valuestring,
                                 "line 50 value 50");
        }
    ck_assert_int_eq(cited, 4);
    checks = cJSON_GetObjectItemCaseSensitive(doc, "checks");
    ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(
                         cJSON_GetArrayItem(checks, 1), "output_lines")), 3);
    cJSON_Delete(doc);
    free(text);
    result_free(&r);
}
END_TEST

/* Nothing ran (an answers document): "output" is null, the text has no block. */
START_TEST(test_no_output_when_not_run)
{
    struct grade_result r;
    char *text;
    cJSON *doc;

    ran(&r, 3, "output line 1");
    free(r.run.out.data);
    r.run.out.data = NULL;
    r.ran = 0;
    text = render(REPORT_JSON, &r);
    ck_assert_ptr_nonnull(doc = cJSON_Parse(text));
    ck_assert(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(doc, "output")));
    cJSON_Delete(doc);
    free(text);
    text = render(REPORT_TEXT, &r);
    ck_assert_ptr_null(strstr(text, "The program's output"));
    free(text);
    result_free(&r);
}
END_TEST

/* Escapes, a NUL, invalid UTF-8 and a C1 control: shown as \xNN / \u00NN,
 * valid JSON, no raw control byte anywhere; a long line is cut with "…". */
START_TEST(test_hostile_bytes_escaped)
{
    static const char raw[] = "ok 0.711\n\x1b[2J\x07gone\xff\xfe\n\xc2\x9b" "31m tab\there\n"
                              "nul\0after\n";
    struct grade_result r;
    struct gb_buf b = GB_BUF_INIT;
    char *text;
    cJSON *doc, *shown;

    ran(&r, 0, "output line 2");
    free(r.run.out.data);
    ck_assert_int_eq(gb_buf_append(&b, raw, sizeof raw - 1, NULL), 0);
    for (int i = 0; i < 300; i++)
        ck_assert_int_eq(gb_buf_puts(&b, "é", NULL), 0);
    ck_assert_int_eq(gb_buf_puts(&b, "\n", NULL), 0);
    r.run.out.len = r.run.out.total = b.len;
    r.run.out.data = gb_buf_steal(&b);
    text = render(REPORT_TEXT, &r);
    ck_assert_ptr_nonnull(strstr(text, ">     2 | \\x1b[2J\\x07gone\\xff\\xfe\n"));
    ck_assert_ptr_nonnull(strstr(text, "\\u009b31m tab\there"));
    ck_assert_ptr_nonnull(strstr(text, "nul\\x00after"));
    ck_assert_ptr_nonnull(strstr(text, "éé…\n"));
    for (const char *p = text; *p; p++)
        ck_assert(!((unsigned char)*p < 0x20 && *p != '\n' && *p != '\t'));
    free(text);
    text = render(REPORT_JSON, &r);
    ck_assert_ptr_nonnull(doc = cJSON_Parse(text));
    shown = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(doc, "output"),
                                             "shown");
    ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(shown, 1),
                                                      "text")->valuestring,
                     "\\x1b[2J\\x07gone\\xff\\xfe");
    ck_assert_uint_le(strlen(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(shown, 4),
                                                              "text")->valuestring),
                      REPORT_OUTPUT_COLS + 3);
    cJSON_Delete(doc);
    free(text);
    result_free(&r);
}
END_TEST

/* Gradescope: the overall output holds the block; a check's output its lines. */
START_TEST(test_gradescope_output)
{
    struct grade_result r;
    char *text;
    cJSON *doc, *test;

    ran(&r, 20, "output line 14");
    text = render(REPORT_GRADESCOPE, &r);
    ck_assert_ptr_nonnull(doc = cJSON_Parse(text));
    ck_assert_ptr_nonnull(strstr(cJSON_GetObjectItemCaseSensitive(doc, "output")->valuestring,
                                 "\n>    14 | line 14 value 14\n"));
    test = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "tests"), 0);
    ck_assert_ptr_nonnull(strstr(cJSON_GetObjectItemCaseSensitive(test, "output")->valuestring,
                                 ">    14 | line 14 value 14"));
    cJSON_Delete(doc);
    free(text);
    result_free(&r);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("report_output");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_cites_parsed);
    tcase_add_test(tc, test_text_shows_output_marked);
    tcase_add_test(tc, test_long_output_bounded);
    tcase_add_test(tc, test_json_output_and_cites);
    tcase_add_test(tc, test_no_output_when_not_run);
    tcase_add_test(tc, test_hostile_bytes_escaped);
    tcase_add_test(tc, test_gradescope_output);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
