/* test_result_id.c — Check suite for revision semantics (grader/score/result_id):
 * one key per gradebook cell, one id per revision, no collisions through the
 * characters ids may contain, and graded_at's format. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "score/result_id.h"

static void make(struct grade_result *r, const char *student, const char *assignment,
                 const char *when, enum verdict v)
{
    struct check_result c = { .id = "rude_self", .verdict = v,
                              .points = v == VERDICT_PASS ? 2 : 0, .max_points = 2 };

    memset(r, 0, sizeof *r);
    r->student = student ? strdup(student) : NULL;
    r->assignment = assignment ? strdup(assignment) : NULL;
    r->exercise = strdup("attention_by_hand");
    r->submission_sha256 = strdup("ff00");
    r->graded_at = strdup(when);
    ck_assert_int_eq(result_add_check(r, &c, NULL), 0);
    ck_assert_int_eq(result_identify(r, NULL), 0);
}

START_TEST(test_key_per_cell_id_per_revision)
{
    struct grade_result first, regrade, again, other;

    make(&first, "s1", "hw3", "2026-12-02T13:00:00.000Z", VERDICT_FAIL);
    make(&regrade, "s1", "hw3", "2026-12-03T09:00:00.000Z", VERDICT_PASS);
    make(&again, "s1", "hw3", "2026-12-02T13:00:00.000Z", VERDICT_FAIL);
    make(&other, "s2", "hw3", "2026-12-02T13:00:00.000Z", VERDICT_FAIL);
    ck_assert_str_eq(first.result_key, regrade.result_key);   /* the same cell */
    ck_assert_str_ne(first.result_id, regrade.result_id);     /* a new revision */
    ck_assert_str_eq(first.result_id, again.result_id);       /* the same revision */
    ck_assert_str_ne(first.result_key, other.result_key);
    ck_assert_uint_eq(strlen(first.result_id), RESULT_ID_HEX);
    result_free(&first);
    result_free(&regrade);
    result_free(&again);
    result_free(&other);
}
END_TEST

/* The old "student|assignment|exercise" joining made these one key. */
START_TEST(test_no_collision_through_separators)
{
    struct grade_result a, b, c, d;

    make(&a, "alice|hw1", NULL, "2026-12-02T13:00:00.000Z", VERDICT_PASS);
    make(&b, "alice", "hw1|", "2026-12-02T13:00:00.000Z", VERDICT_PASS);
    make(&c, "alice", "", "2026-12-02T13:00:00.000Z", VERDICT_PASS);
    make(&d, "alice", NULL, "2026-12-02T13:00:00.000Z", VERDICT_PASS);
    ck_assert_str_ne(a.result_key, b.result_key);
    ck_assert_str_ne(c.result_key, d.result_key);             /* "" is not null */
    result_free(&a);
    result_free(&b);
    result_free(&c);
    result_free(&d);
}
END_TEST

START_TEST(test_time_format)
{
    char now[RESULT_TIME_MAX];
    long long ms, back;

    ck_assert_int_eq(result_time_parse("2026-12-02T13:00:00Z", &ms), 0);
    ck_assert_int_eq(ms, 1796216400000LL);
    ck_assert_int_eq(result_time_parse("2026-12-02T13:00:00.5Z", &ms), 0);
    ck_assert_int_eq(ms, 1796216400500LL);
    ck_assert_int_eq(result_time_parse("2026-12-02T13:00:00.123456Z", &ms), 0);
    ck_assert_int_eq(ms, 1796216400123LL);
    ck_assert_int_eq(result_time_parse("2026-12-02T13:00:00+01:00", &ms), -1);
    ck_assert_int_eq(result_time_parse("2026-12-02 13:00:00Z", &ms), -1);
    ck_assert_int_eq(result_time_parse("2026-12-02T13:00:00.Z", &ms), -1);
    ck_assert_int_eq(result_time_parse("2026-12-02T13:00:00Zjunk", &ms), -1);
    ck_assert_int_eq(result_time_parse("2026-13-02T13:00:00Z", &ms), -1);
    ck_assert_int_eq(result_time_now(now, NULL), 0);
    ck_assert_uint_eq(strlen(now), 24);
    ck_assert_int_eq(result_time_parse(now, &back), 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("result_id");
    TCase *tc = tcase_create("result_id");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_key_per_cell_id_per_revision);
    tcase_add_test(tc, test_no_collision_through_separators);
    tcase_add_test(tc, test_time_format);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
