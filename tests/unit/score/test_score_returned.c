/* test_score_returned.c — Check suite for score/score_returned: a check that
 * says "returned": "attend" keeps its pass only when every number it read is
 * one attend returned in the run (at the printed precision, a percentage as
 * its fraction); otherwise, or when a live run lost the record, it waits for a
 * human with 0 points, and typed_output with them when most are unconfirmed.
 * No record at all (a transcript) changes nothing. */
#include "score_fixture.h"

#include "score/score_returned.h"

static const char expected_json[] =
    "{\"exercise\": \"ex\", \"values\": {\"w\": 0.7112, \"out\": [0.881, -0.119, 0.881, 0.339]}}";

#define CHECKS \
    "{\"id\": \"w\", \"description\": \"d\", \"points\": 1, \"kind\": \"value\", " \
    "\"returned\": \"attend\", \"locate\": {\"row\": \"w\"}, \"expected\": \"w\", " \
    "\"tolerance\": {\"abs\": 0.01}}, " \
    "{\"id\": \"out\", \"description\": \"d\", \"points\": 2, \"kind\": \"vector\", " \
    "\"returned\": \"attend\", \"locate\": {\"row\": \"out\"}, \"expected\": \"out\", " \
    "\"tolerance\": {\"abs\": 0.01}}, " \
    "{\"id\": \"plain\", \"description\": \"d\", \"points\": 1, \"kind\": \"value\", " \
    "\"locate\": {\"row\": \"plain\"}, \"expected\": \"w\", \"tolerance\": {\"abs\": 0.01}}, " \
    "{\"id\": \"typed\", \"description\": \"d\", \"points\": 2, \"kind\": \"typed_output\"}"

static const char out[] = "w 0.711\nout [0.881, -0.119, 0.881, 0.339]\nplain 0.711\n";
static const char source[] = "W, out = attend(M, M, M)\nprint(W)\n";

static void grade(struct graded *g)
{
    score_fixture_grade("run", "", CHECKS, out, source, NULL, NULL, g);
}

START_TEST(test_numbers_attend_returned_keep_their_pass)
{
    struct graded g;

    /* what attend returned, at full precision, in any order */
    score_fixture_returned = "0.339463\n0.88066\n-0.1193\n0.711234594\n0.0962\n";
    grade(&g);
    expect(&g, "w", VERDICT_PASS);
    expect(&g, "out", VERDICT_PASS);
    expect(&g, "plain", VERDICT_PASS);
    ck_assert_double_eq(g.res.score, 6);
    release(&g);
    /* a decimal comma, and every digit a float64 has (as the record keeps them) */
    score_fixture_returned = "0.7112345940\n0.8807970779778825\n-0.11920292202211755\n"
                             "0.3394021915165882\n";
    score_fixture_grade("run", "", CHECKS, "w 0,711\nout [0.8807970779778825, "
                        "-0.11920292202211755, 0.8807970779778825, 0.3394021915165882]\n"
                        "plain 0.711\n", source, NULL, NULL, &g);
    expect(&g, "w", VERDICT_PASS);
    expect(&g, "out", VERDICT_PASS);
    release(&g);
    grade(&g);                                    /* no record: a transcript, or not asked */
    expect(&g, "w", VERDICT_PASS);
    ck_assert_double_eq(g.res.score, 6);
    release(&g);
    score_fixture_returned = "end undefined\n";   /* no attend: nothing to confirm */
    grade(&g);
    expect(&g, "w", VERDICT_PASS);
    release(&g);
    score_fixture_returned = "";                  /* stopped by a limit before any return */
    grade(&g);
    expect(&g, "out", VERDICT_PASS);
    release(&g);
    /* a percentage is its fraction */
    score_fixture_returned = "0.711234594\n0.88066\n-0.1193\n0.339463\n";
    score_fixture_grade("run", "", CHECKS, "w 71.1%\nout [0.881, -0.119, 0.881, 0.339]\n"
                        "plain 0.711\n", source, NULL, NULL, &g);
    expect(&g, "w", VERDICT_PASS);
    release(&g);
}
END_TEST

/* A number written in the code (a hand-worked table kept for comparison)
 * that attend also returned is computed: typed_output passes and says so.
 * Without the record, or when attend never returned it, the same literal is
 * a question for a human; a number inside a string literal stays typed. */
START_TEST(test_a_literal_attend_also_returned_is_no_typed_number)
{
    static const char hand[] = "HAND = [0.711, 0.881]   # my paper numbers\n"
                               "W, out = attend(M, M, M)\nprint(W)\n";
    /* "plain" names no function: its 0.711 would stay a question */
    static const char mine[] = "w 0.711\nout [0.881, -0.119, 0.881, 0.339]\n";
    struct graded g;

    score_fixture_returned = "0.339463\n0.88066\n-0.1193\n0.711234594\n";
    score_fixture_grade("run", "", CHECKS, mine, hand, NULL, NULL, &g);
    expect(&g, "typed", VERDICT_PASS);
    ck_assert_ptr_nonnull(strstr(find(&g, "typed")->found, "equal a number written in the code"));
    release(&g);
    score_fixture_returned = NULL;
    score_fixture_grade("run", "", CHECKS, mine, hand, NULL, NULL, &g);
    expect(&g, "typed", VERDICT_REVIEW);
    release(&g);
    score_fixture_returned = "0.339463\n-0.1193\n";
    score_fixture_grade("run", "", CHECKS, mine, hand, NULL, NULL, &g);
    expect(&g, "typed", VERDICT_REVIEW);
    release(&g);
    score_fixture_returned = "0.339463\n0.88066\n-0.1193\n0.711234594\n";
    score_fixture_grade("run", "", CHECKS, out, "attend(M, M, M)\nprint('w 0.711')\n", NULL,
                        NULL, &g);
    ck_assert_int_ne(find(&g, "typed")->verdict, VERDICT_PASS);
    release(&g);
    score_fixture_returned = NULL;
}
END_TEST

START_TEST(test_numbers_attend_never_returned_go_to_a_human)
{
    struct graded g;

    /* 0.7116 rounds to 0.712, not 0.711: the printed 0.711 is not it */
    score_fixture_returned = "0.7116\n0.88066\n-0.1193\n0.339463\n";
    grade(&g);
    expect(&g, "w", VERDICT_REVIEW);
    expect_message(&g, "w", "attend never returned 0.711 in this run");
    expect(&g, "out", VERDICT_PASS);
    expect(&g, "plain", VERDICT_PASS);            /* no "returned": not asked */
    expect(&g, "typed", VERDICT_PASS);            /* one of two unconfirmed: not most */
    ck_assert_double_eq(g.res.score, 5);
    release(&g);
    score_fixture_returned = "0.711234594\n0.88066\n0.339463\n";   /* -0.119 missing */
    grade(&g);
    expect(&g, "out", VERDICT_REVIEW);
    expect_message(&g, "out", "never returned -0.119");
    release(&g);
    score_fixture_returned = "end defined\n";     /* attend defined, never called */
    grade(&g);
    expect(&g, "w", VERDICT_REVIEW);
    expect_message(&g, "w", "attend never returned a number in this run");
    expect(&g, "typed", VERDICT_REVIEW);          /* both unconfirmed: the claim waits too */
    expect_message(&g, "typed", "2 of the 2 numbers checked");
    release(&g);
    score_fixture_returned_lost = 1;              /* the run removed the record */
    grade(&g);
    expect(&g, "out", VERDICT_REVIEW);
    expect_message(&g, "out", "removed or rewrote the grader's record");
    ck_assert_double_eq(g.res.score, 1);          /* plain only */
    release(&g);
}
END_TEST

START_TEST(test_names_the_functions_once)
{
    struct graded g;
    struct gb_buf names = GB_BUF_INIT;
    struct gb_err err;

    grade(&g);
    ck_assert_int_eq(score_returned_names(g.r, &names, &err), 0);
    ck_assert_str_eq(names.data, "attend");
    gb_buf_free(&names);
    release(&g);
    ck_assert_int_ne(score_fixture_load("run", "", "{\"id\": \"x\", \"description\": \"d\", "
                                        "\"points\": 1, \"kind\": \"value\", \"returned\": "
                                        "\"at tend\", \"locate\": {\"row\": \"x\"}, "
                                        "\"expected\": \"w\", \"tolerance\": {\"abs\": 0}}", &g.r, &err), 0);
    ck_assert_msg(strstr(err.msg, "not a Python function name"), "%s", err.msg);
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        test_numbers_attend_returned_keep_their_pass,
        test_numbers_attend_never_returned_go_to_a_human,
        test_a_literal_attend_also_returned_is_no_typed_number,
        test_names_the_functions_once,
    };

    return score_fixture_main("score_returned", expected_json, tests, sizeof tests / sizeof tests[0]);
}
