/* test_batch_suggest.c — Check suite for suggested verdicts of review items
 * (grader/batch/batch_suggest): the related checks of an answer section and of
 * a check family, the share thresholds, no suggestion without evidence or with
 * mixed evidence, decided and review checks left out, and the rerun with
 * changed seeds for the typed-values check. */
#include <check.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch/batch_suggest.h"

/* A check as a result document holds it. */
static cJSON *check(cJSON *checks, const char *id, const char *verdict, double points,
                    double max, const char *where, const char *found)
{
    cJSON *c = cJSON_CreateObject();

    ck_assert_ptr_nonnull(c);
    cJSON_AddStringToObject(c, "id", id);
    cJSON_AddStringToObject(c, "verdict", verdict);
    cJSON_AddNumberToObject(c, "points", points);
    cJSON_AddNumberToObject(c, "max_points", max);
    cJSON_AddStringToObject(c, "where", where);
    if (found)
        cJSON_AddStringToObject(c, "found", found);
    cJSON_AddStringToObject(c, "message", strcmp(verdict, "pass") ? "it missed" : "");
    cJSON_AddItemToArray(checks, c);
    return c;
}

static cJSON *doc_new(cJSON **checks)
{
    cJSON *d = cJSON_CreateObject();

    ck_assert_ptr_nonnull(d);
    *checks = cJSON_AddArrayToObject(d, "checks");
    cJSON_AddNullToObject(d, "integrity");
    return d;
}

#define Q1 "answers.md, section \"q1\" (line 3)"
#define Q2 "answers.md, section \"q2\" (line 9)"

static const char *suggest(const cJSON *doc, const cJSON *c, char **reasons)
{
    struct batch_suggestion s;
    struct gb_err err;

    ck_assert_int_eq(batch_suggest(doc, c, &s, &err), 0);
    *reasons = s.reasons;
    ck_assert(!s.verdict == !s.reasons);
    return s.verdict;
}

START_TEST(test_section_decides)
{
    cJSON *checks, *doc = doc_new(&checks), *rv;
    char *why;

    check(checks, "q1_a", "pass", 1, 1, Q1, "\"The blame at step 1 is tiny.\"");
    check(checks, "q1_b", "pass", 2, 2, Q1, "\"It is the gain.\"");
    rv = check(checks, "q1_review", "review", 0, 1, Q1, NULL);
    check(checks, "q2_a", "fail", 0, 5, Q2, NULL);            /* another section: not related */
    ck_assert_str_eq(suggest(doc, rv, &why), "pass");
    ck_assert_ptr_nonnull(strstr(why, "3 of 3 points"));
    ck_assert_ptr_nonnull(strstr(why, "section \"q1\""));
    ck_assert_ptr_nonnull(strstr(why, "pass q1_b: \"It is the gain.\""));
    ck_assert_ptr_null(strstr(why, "q2_a"));
    free(why);
    cJSON_Delete(doc);
}
END_TEST

START_TEST(test_shares_and_no_evidence)
{
    cJSON *checks, *doc = doc_new(&checks), *rv, *a, *b;
    char *why;

    a = check(checks, "q1_a", "fail", 0, 1, Q1, NULL);
    b = check(checks, "q1_b", "fail", 0, 3, Q1, NULL);
    rv = check(checks, "q1_review", "review", 0, 1, Q1, NULL);
    ck_assert_str_eq(suggest(doc, rv, &why), "fail");
    ck_assert_ptr_nonnull(strstr(why, "0 of 4 points"));
    ck_assert_ptr_nonnull(strstr(why, "fail q1_a: it missed"));
    free(why);
    /* 1 of 4 (a quarter) is still fail; 2 of 4 is mixed: no suggestion */
    cJSON_ReplaceItemInObject(a, "verdict", cJSON_CreateString("pass"));
    cJSON_ReplaceItemInObject(a, "points", cJSON_CreateNumber(1));
    ck_assert_str_eq(suggest(doc, rv, &why), "fail");
    free(why);
    cJSON_ReplaceItemInObject(b, "points", cJSON_CreateNumber(1));
    cJSON_ReplaceItemInObject(b, "verdict", cJSON_CreateString("pass"));
    cJSON_ReplaceItemInObject(b, "max_points", cJSON_CreateNumber(2));
    cJSON_ReplaceItemInObject(a, "max_points", cJSON_CreateNumber(2));
    ck_assert_ptr_null(suggest(doc, rv, &why));       /* 2 of 4 */
    /* a check a human decided, or one waiting for review, is no evidence */
    cJSON_AddStringToObject(a, "decided_by", "ta");
    cJSON_ReplaceItemInObject(b, "verdict", cJSON_CreateString("review"));
    ck_assert_ptr_null(suggest(doc, rv, &why));
    cJSON_Delete(doc);
}
END_TEST

START_TEST(test_family_without_section)
{
    cJSON *checks, *doc = doc_new(&checks), *rv;
    char *why;

    check(checks, "qm_rude_support", "pass", 0.5, 0.5, "output line 46", "0.253");
    check(checks, "qm_rude_not", "pass", 0.5, 0.5, "output line 46", "0.187");
    check(checks, "qk_rude_self", "fail", 0, 0.5, "output line 29", NULL);   /* other family */
    rv = check(checks, "qm_rude_rude", "review", 0, 0.5, "output line 57", "+0.339");
    ck_assert_str_eq(suggest(doc, rv, &why), "pass");
    ck_assert_ptr_nonnull(strstr(why, "(qm_rude_*)"));
    ck_assert_ptr_nonnull(strstr(why, "pass qm_rude_not: 0.187"));
    free(why);
    /* a missing answer section: the where is empty, its family all missing */
    cJSON_Delete(doc);
    doc = doc_new(&checks);
    check(checks, "q3_self", "missing", 0, 1, "", NULL);
    rv = check(checks, "q3_review", "review", 0, 1, "", NULL);
    ck_assert_str_eq(suggest(doc, rv, &why), "fail");
    free(why);
    /* an id without a family and no section: nothing to go on */
    rv = check(checks, "comments", "review", 0, 1, "", NULL);
    ck_assert_ptr_null(suggest(doc, rv, &why));
    cJSON_Delete(doc);
}
END_TEST

START_TEST(test_rerun_for_typed_values)
{
    cJSON *checks, *doc = doc_new(&checks), *rv, *in = cJSON_CreateObject();
    char *why;

    rv = check(checks, "computed_not_typed", "review", 0, 2, "order_matters.py line 4", NULL);
    ck_assert_ptr_null(suggest(doc, rv, &why));              /* no rerun: no evidence */
    cJSON_AddNumberToObject(in, "runs", 2);
    cJSON_AddNumberToObject(in, "compared", 6);
    cJSON_AddNumberToObject(in, "followed", 6);
    cJSON_AddNumberToObject(in, "not_followed", 0);
    cJSON_AddNumberToObject(in, "replayed", 0);
    cJSON_ReplaceItemInObject(doc, "integrity", in);
    ck_assert_str_eq(suggest(doc, rv, &why), "pass");
    ck_assert_ptr_nonnull(strstr(why, "all 6 checked values followed the new seeds"));
    free(why);
    cJSON_ReplaceItemInObject(in, "followed", cJSON_CreateNumber(4));
    cJSON_ReplaceItemInObject(in, "replayed", cJSON_CreateNumber(2));
    ck_assert_str_eq(suggest(doc, rv, &why), "fail");
    ck_assert_ptr_nonnull(strstr(why, "2 of 6 checked values again unchanged"));
    free(why);
    cJSON_ReplaceItemInObject(in, "replayed", cJSON_CreateNumber(0));
    ck_assert_ptr_null(suggest(doc, rv, &why));              /* 4 of 6 followed: not enough */
    cJSON_Delete(doc);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("batch_suggest");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_section_decides);
    tcase_add_test(tc, test_shares_and_no_evidence);
    tcase_add_test(tc, test_family_without_section);
    tcase_add_test(tc, test_rerun_for_typed_values);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
