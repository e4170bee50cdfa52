/* test_result_page.c — Check suite for the program's output on the service's
 * result page (grader/serve/pages.c from the stored gradebox.result/1
 * document): an output block with one anchor per line, cited lines marked,
 * each check's citation a link to its line, and what a hostile program
 * printed (markup, escapes, bytes that are not UTF-8) shown as text. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "serve/pages.h"

static char *result_page(const char *printed, const char *where)
{
    struct grade_result r;
    struct check_result c = { .id = "rows", .description = "rows sum to one",
                              .verdict = VERDICT_PASS, .points = 1, .max_points = 1,
                              .expected = "1", .found = "1.000", .where = (char *)where };
    struct gb_buf json = GB_BUF_INIT, text = GB_BUF_INIT, page = GB_BUF_INIT;
    struct report_options ro = { .utf8 = 1 };
    struct tokens_claims who = { .student = "s001", .course = "ml101" };
    struct queue_view v = { .id = "sabc", .student = "s001", .course = "ml101",
                            .exercise = "attention_by_hand", .filename = "attention_by_hand.py",
                            .state = QUEUE_DONE, .verdict = "passed", .score = 1,
                            .max_score = 1, .submitted_ms = 1700000000000LL };

    memset(&r, 0, sizeof r);
    r.exercise = strdup("attention_by_hand");
    r.ran = 1;
    r.run.exited = 1;
    r.run.out.data = strdup(printed);
    r.run.out.len = r.run.out.total = strlen(printed);
    ck_assert_int_eq(result_add_check(&r, &c, NULL), 0);
    r.score = r.max_score = 1;
    ck_assert_int_eq(report_json(&r, &json, NULL), 0);
    ck_assert_int_eq(report_text(&r, &ro, &text, NULL), 0);
    v.result_json = json.data;
    v.report_text = text.data;
    ck_assert_int_eq(pages_submission(&page, &v, &who, NULL), 0);
    result_free(&r);
    gb_buf_free(&json);
    gb_buf_free(&text);
    return gb_buf_steal(&page);
}

START_TEST(test_output_anchored_and_linked)
{
    char *page = result_page("weights\nrows 1.000 1.000\ndone\n", "output line 2");

    ck_assert_ptr_nonnull(strstr(page, "<h2>Your program's output</h2>"));
    ck_assert_ptr_nonnull(strstr(page, "<span id=\"out-1\">"));
    ck_assert_ptr_nonnull(strstr(page, "<span id=\"out-2\" class=\"cited\">&gt;     2 │ rows "
                                       "1.000 1.000</span>"));
    ck_assert_ptr_nonnull(strstr(page, "<a href=\"#out-2\">output line 2</a>"));
    ck_assert_ptr_null(strstr(page, "<span id=\"out-3\" class=\"cited\""));
    free(page);
}
END_TEST

START_TEST(test_hostile_output_is_text)
{
    char *page = result_page("<script>alert(1)</script>\n\x1b[2J\xff\"'&\n", "output line 1");

    ck_assert_ptr_null(strstr(page, "<script>"));
    ck_assert_ptr_nonnull(strstr(page, "&lt;script&gt;alert(1)&lt;/script&gt;"));
    ck_assert_ptr_nonnull(strstr(page, "\\x1b[2J\\xff&quot;&#39;&amp;"));
    for (const char *p = page; *p; p++)
        ck_assert(!((unsigned char)*p < 0x20 && *p != '\n' && *p != '\t'));
    free(page);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("result_page");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_output_anchored_and_linked);
    tcase_add_test(tc, test_hostile_output_is_text);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
