/* test_score_rerun.c — Check suite for score/score_rerun: the integrity rerun's
 * judgement of three scorings (first run, rerun, first run against the remapped
 * values): values that follow keep their points, values whose expected value does
 * not move are untestable and kept, a value printed again unchanged fails and takes
 * every other value check and typed_output with it, and one printed differently or
 * not at all waits for a human with 0 points. */
#include "score_fixture.h"

#include <cjson/cJSON.h>

#include "score/score_rerun.h"

static const char expected_json[] =
    "{\"exercise\": \"ex\", \"values\": {\"a\": 0.5, \"b\": 1.0, \"c\": 0.25}}";
/* What the "reference" gives for the changed seeds: b does not depend on them. */
static const char remapped_json[] =
    "{\"exercise\": \"ex\", \"values\": {\"a\": 0.7, \"b\": 1.0, \"c\": 0.31}}";

#define VALUE(id, key) \
    "{\"id\": \"" id "\", \"description\": \"d\", \"points\": 1, \"kind\": \"value\", " \
    "\"locate\": {\"row\": \"" id "\"}, \"expected\": \"" key "\", \"tolerance\": {\"abs\": 0.01}}"
#define CHECKS VALUE("a", "a") "," VALUE("b", "b") "," VALUE("c", "c") "," \
    "{\"id\": \"typed\", \"description\": \"d\", \"points\": 2, \"kind\": \"typed_output\"}"

static const char first_out[] = "a 0.500\nb 1.000\nc 0.250\n";
static const char source[] = "print(compute())\n";

static void score_with(const struct rubric *r, const struct expected *e, const char *output,
                       struct grade_result *res)
{
    struct score_input in;
    struct gb_err err;

    memset(res, 0, sizeof *res);
    memset(&in, 0, sizeof in);
    in.rubric = r;
    in.expected = e;
    in.output = output;
    in.output_len = strlen(output);
    in.source = source;
    in.source_len = strlen(source);
    ck_assert_msg(score_submission(&in, res, &err) == 0, "%s", err.msg);
}

/* Grades first_out, then judges a rerun that printed rerun_out and ended
 * normally (ended 1) or was stopped (0). */
static void judge_ended(const char *rerun_out, int ended, struct graded *g)
{
    struct grade_result second, cross;
    struct expected *remapped;
    struct gb_err err;

    score_fixture_grade("run", "", CHECKS, first_out, source, NULL, NULL, g);
    ck_assert_double_eq(g->res.score, 5);
    ck_assert_int_eq(expected_load_rubric_with(g->r, cJSON_Parse(remapped_json), "remapped",
                                               &remapped, &err), 0);
    score_with(g->r, remapped, rerun_out, &second);
    score_with(g->r, remapped, first_out, &cross);
    ck_assert_uint_eq(score_rerun_comparable(g->r, &g->res), 3);
    ck_assert_msg(score_rerun_judge(g->r, &g->res, &second, &cross,
                                    ended ? "exited with status 0" : "was killed by signal 9",
                                    &err) == 0,
                  "%s", err.msg);
    ck_assert_int_eq(g->res.integrity.runs, 2);
    ck_assert_ptr_nonnull(g->res.integrity.summary);
    result_free(&second);
    result_free(&cross);
    expected_free(remapped);
}

static void judge(const char *rerun_out, struct graded *g)
{
    judge_ended(rerun_out, 1, g);
}

START_TEST(test_computed_values_follow_and_keep_their_points)
{
    struct graded g;

    judge("a 0.700\nb 1.000\nc 0.310\n", &g);
    for (const char *const *id = (const char *const[]){ "a", "b", "c", "typed", NULL }; *id; id++)
        expect(&g, *id, VERDICT_PASS);
    ck_assert_double_eq(g.res.score, 5);
    ck_assert_uint_eq(g.res.integrity.compared, 3);
    ck_assert_uint_eq(g.res.integrity.followed, 2);
    ck_assert_uint_eq(g.res.integrity.untestable, 1);     /* b: 1.0 whatever the seeds */
    ck_assert_uint_eq(g.res.integrity.not_followed, 0);
    ck_assert_msg(strstr(g.res.integrity.summary, "1 cannot be tested this way (b: "), "%s",
                  g.res.integrity.summary);
    release(&g);
}
END_TEST

START_TEST(test_replayed_values_score_nothing)
{
    struct graded g;

    judge(first_out, &g);
    expect(&g, "a", VERDICT_FAIL);
    expect_message(&g, "a", "printed the same 0.500 when the data's seeds were changed");
    expect(&g, "c", VERDICT_FAIL);
    expect(&g, "b", VERDICT_FAIL);             /* untestable itself, but the run is replayed */
    expect_message(&g, "b", "no points");
    expect(&g, "typed", VERDICT_FAIL);
    expect_message(&g, "typed", "not computed");
    ck_assert_double_eq(g.res.score, 0);
    ck_assert_double_eq(g.res.max_score, 5);
    ck_assert_uint_eq(g.res.integrity.not_followed, 2);
    ck_assert_uint_eq(g.res.integrity.replayed, 2);
    ck_assert_msg(strstr(g.res.integrity.summary, "2 printed the same value again and fail"),
                  "%s", g.res.integrity.summary);
    for (size_t i = 0; i < g.res.n_checks; i++)       /* points exactly when it passes */
        ck_assert_double_eq(g.res.checks[i].points, 0);
    release(&g);
}
END_TEST

/* A value that moved with the seeds is computed: close to what they give, it
 * follows (code a little different from the module's lands a little off); far
 * from it, or not found, it is not confirmed: review with 0 points until a
 * human decides (a submission can tell which run it is in), never a failure.
 * When most testable values were not confirmed, typed_output goes to review,
 * and so do the values the rerun could not test. */
START_TEST(test_other_or_no_values_in_the_rerun)
{
    struct graded g;

    judge("a 0.700\nb 1.000\nc 0.335\n", &g);    /* c: 2.5 tolerances off */
    expect(&g, "c", VERDICT_PASS);
    ck_assert_uint_eq(g.res.integrity.followed, 2);
    ck_assert_double_eq(g.res.score, 5);
    release(&g);
    judge("a 0.700\nb 1.000\nc 0.900\n", &g);
    expect(&g, "c", VERDICT_REVIEW);
    expect_message(&g, "c", "not confirmed: when the data's seeds were changed it printed "
                   "0.900, where they give 0.31");
    expect(&g, "typed", VERDICT_PASS);            /* one of two testable values followed */
    ck_assert_uint_eq(g.res.integrity.followed, 1);
    ck_assert_uint_eq(g.res.integrity.not_followed, 1);
    ck_assert_uint_eq(g.res.integrity.replayed, 0);
    ck_assert_double_eq(g.res.score, 4);
    release(&g);
    judge("a 0.700\nb 1.000\n", &g);              /* c not found */
    expect(&g, "c", VERDICT_REVIEW);
    expect_message(&g, "c", "the grader found no value for it (the rerun exited with status 0)");
    expect(&g, "typed", VERDICT_PASS);
    ck_assert_double_eq(g.res.score, 4);
    release(&g);
    judge("a 0.100\nb 1.000\nc 0.900\n", &g);    /* every testable value far: told apart? */
    expect(&g, "a", VERDICT_REVIEW);
    expect(&g, "b", VERDICT_REVIEW);               /* untestable: this run's word only */
    expect_message(&g, "b", "waits for the review of typed");
    expect(&g, "c", VERDICT_REVIEW);
    expect(&g, "typed", VERDICT_REVIEW);
    expect_message(&g, "typed", "2 of the 2 values that could be tested did not follow them "
                   "(0 not found, 2 far");
    ck_assert_double_eq(g.res.score, 0);
    release(&g);
    judge_ended("nothing here\n", 0, &g);           /* nothing testable found: a human looks */
    expect(&g, "a", VERDICT_REVIEW);
    expect(&g, "c", VERDICT_REVIEW);
    expect_message(&g, "a", "(the rerun was killed by signal 9)");
    expect(&g, "typed", VERDICT_REVIEW);
    expect_message(&g, "typed", "(2 not found, 0 far");
    expect(&g, "b", VERDICT_REVIEW);
    ck_assert_uint_eq(g.res.integrity.replayed, 0);
    ck_assert_double_eq(g.res.score, 0);
    release(&g);
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        test_computed_values_follow_and_keep_their_points,
        test_replayed_values_score_nothing,
        test_other_or_no_values_in_the_rerun,
    };

    return score_fixture_main("score_rerun", expected_json, tests, sizeof tests / sizeof tests[0]);
}
