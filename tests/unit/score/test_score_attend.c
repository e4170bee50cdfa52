/* test_score_attend.c — Check suite for the hidden-input test of attend: the
 * shim's report read back (check/attend_test), then judged (score/score_attend)
 * against the reference's attention for inputs drawn as the grader draws them:
 * the right weights and output pass in either order; a softmax over the queries
 * or unscaled scores fails, naming the mistake; the same numbers for two inputs
 * fails and takes the value checks and typed_output with it; no attend, a raise
 * or the wrong shapes go to review; a test not made leaves the check out. */
#include "score_fixture.h"

#include "check/attend_test.h"
#include "score/score_attend.h"

static const char expected_json[] = "{\"exercise\": \"ex\", \"values\": {\"a\": 0.5}}";

#define CHECKS \
    "{\"id\": \"a\", \"description\": \"d\", \"points\": 1, \"kind\": \"value\", " \
    "\"locate\": {\"row\": \"a\"}, \"expected\": \"a\", \"tolerance\": {\"abs\": 0.01}}," \
    "{\"id\": \"typed\", \"description\": \"d\", \"points\": 2, \"kind\": \"typed_output\"}," \
    "{\"id\": \"hidden\", \"description\": \"d\", \"points\": 2, \"kind\": \"attend_hidden_input\"}"

static const char token[] = "0123456789abcdef0123456789abcdef";

/* What attend hands back for one input, as the shim reports it. */
enum returns { RIGHT, RIGHT_SWAPPED, WITH_SCORES, OVER_QUERIES, UNSCALED, CONSTANT, RAISES_3X6,
               WEIGHTS_ONLY };

static void put_matrix(struct gb_buf *b, const struct attend_matrix *m)
{
    ck_assert_int_eq(gb_buf_printf(b, NULL, "item %d %d", m->rows, m->cols), 0);
    for (int i = 0; i < m->rows * m->cols; i++)
        ck_assert_int_eq(gb_buf_printf(b, NULL, " %.17g", m->v[i]), 0);
    ck_assert_int_eq(gb_buf_puts(b, "\n", NULL), 0);
}

static void put_case(struct gb_buf *b, size_t i, const struct attend_case *c, enum returns how,
                     const struct attend_trial *first)
{
    const struct attend_matrix *w = how == OVER_QUERIES ? &c->over_queries
                                    : how == UNSCALED ? &c->unscaled : &c->weights;

    if (how == RAISES_3X6 && c->nk == 6) {
        ck_assert_int_eq(gb_buf_printf(b, NULL, "case %zu raised ValueError: shapes (3,4) and "
                                       "(6,4) not aligned\n", i), 0);
        return;
    }
    if (how == CONSTANT)     /* the first input's answer, whatever the input */
        c = &first->cases[0], w = &c->weights;
    ck_assert_int_eq(gb_buf_printf(b, NULL, "case %zu ok %d\n", i, how == WITH_SCORES ? 3 :
                                   how == WEIGHTS_ONLY ? 1 : 2), 0);
    if (how == WITH_SCORES)
        put_matrix(b, &c->unscaled);             /* anything of the weights' shape first */
    if (how != RIGHT_SWAPPED)
        put_matrix(b, w);
    if (how != WEIGHTS_ONLY)
        put_matrix(b, &c->out);
    if (how == RIGHT_SWAPPED)
        put_matrix(b, w);
}

/* Draws a trial, writes the report attend giving `how` would leave, reads it
 * back and judges it into a fresh grade of "a 0.500" (a: pass, typed: pass). */
static void judge(enum returns how, struct attend_trial *t, struct graded *g)
{
    struct gb_buf report = GB_BUF_INIT;
    struct gb_err err;

    ck_assert_msg(attend_test_draw(t, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(gb_buf_printf(&report, NULL, "%s\ncalled attend(Q, "
                                   "K, V) with float64 NumPy arrays\n", token), 0);
    for (size_t i = 0; i < t->n_cases; i++)
        put_case(&report, i, &t->cases[i], how, t);
    ck_assert_int_eq(attend_test_read(t, report.data, report.len, token, &err), 0);
    gb_buf_free(&report);
    score_fixture_grade("run", "", CHECKS, "a 0.500\n", "print(compute())\n", NULL, NULL, g);
    expect(g, "hidden", VERDICT_REVIEW);          /* the placeholder until judged */
    ck_assert_double_eq(g->res.score, 3);
    ck_assert_msg(score_attend_judge(g->r, &g->res, t, "exited with status 0", &err) == 0,
                  "%s", err.msg);
}

static struct attend_trial trial;

START_TEST(test_right_attention_passes_in_either_order)
{
    const enum returns ways[] = { RIGHT, RIGHT_SWAPPED, WITH_SCORES };
    struct graded g;

    for (size_t i = 0; i < sizeof ways / sizeof ways[0]; i++) {
        judge(ways[i], &trial, &g);
        expect(&g, "hidden", VERDICT_PASS);
        ck_assert_double_eq(find(&g, "hidden")->points, 2);
        ck_assert_double_eq(g.res.score, 5);
        ck_assert_str_eq(find(&g, "hidden")->found, "5 of 5 hidden inputs matched");
        ck_assert_int_eq(g.res.integrity.runs, 2);
        ck_assert_msg(strstr(g.res.integrity.summary, "attend(Q, K, V) with float64 NumPy arrays "
                             "was called on 5 random inputs drawn for this run (4 queries x 4 "
                             "keys (d_k 4, d_v 3)") &&
                      strstr(g.res.integrity.summary, "5 matched, 0 wrong"),
                      "%s", g.res.integrity.summary);
        release(&g);
    }
}
END_TEST

/* Wrong values fail this check alone, and the message names the mistake. */
START_TEST(test_wrong_attention_fails_naming_the_mistake)
{
    struct graded g;

    judge(OVER_QUERIES, &trial, &g);
    expect(&g, "hidden", VERDICT_FAIL);
    expect_message(&g, "hidden", "a softmax over the queries (each column sums to 1)");
    expect(&g, "a", VERDICT_PASS);
    expect(&g, "typed", VERDICT_PASS);
    ck_assert_double_eq(g.res.score, 3);
    ck_assert_str_eq(find(&g, "hidden")->found, "0 of 5 hidden inputs matched");
    release(&g);
    judge(UNSCALED, &trial, &g);
    expect(&g, "hidden", VERDICT_FAIL);
    expect_message(&g, "hidden", "scores not divided by sqrt(d_k)");
    release(&g);
}
END_TEST

/* The same numbers for different inputs: nothing is computed from them, so
 * the printed values are not attend's either (as a replay in the rerun). */
START_TEST(test_constant_returns_take_the_value_checks)
{
    struct graded g;

    judge(CONSTANT, &trial, &g);
    expect(&g, "hidden", VERDICT_FAIL);
    expect_message(&g, "hidden", "the same numbers for two different inputs");
    expect(&g, "a", VERDICT_FAIL);
    expect_message(&g, "a", "no points: hidden showed that attend returns the same numbers");
    expect(&g, "typed", VERDICT_FAIL);
    for (size_t i = 0; i < g.res.n_checks; i++)
        ck_assert_double_eq(g.res.checks[i].points, 0);
    ck_assert_double_eq(g.res.score, 0);
    release(&g);
}
END_TEST

/* What the test cannot judge goes to a human, never to a failure. */
START_TEST(test_no_attend_raise_or_shapes_is_review)
{
    struct graded g;
    struct gb_err err;
    static const char missing[] = "0123456789abcdef0123456789abcdef\nmissing the script "
                                  "defines no function attend at its top level\n";

    judge(RAISES_3X6, &trial, &g);
    expect(&g, "hidden", VERDICT_REVIEW);
    expect_message(&g, "hidden", "attend raised on 3 queries x 6 keys (d_k 4, d_v 5): "
                   "ValueError: shapes (3,4) and (6,4) not aligned");
    ck_assert_double_eq(g.res.score, 3);
    release(&g);
    judge(WEIGHTS_ONLY, &trial, &g);
    expect(&g, "hidden", VERDICT_REVIEW);
    expect_message(&g, "hidden", "attend returned 1 value (4 x 4); the test expects the weights "
                   "(4 x 4) and the output (4 x 3)");
    release(&g);

    ck_assert_int_eq(attend_test_read(&trial, missing, strlen(missing), token, &err), 0);
    score_fixture_grade("run", "", CHECKS, "a 0.500\n", "print(1)\n", NULL, NULL, &g);
    ck_assert_int_eq(score_attend_judge(g.r, &g.res, &trial, "exited with status 1", &err), 0);
    expect(&g, "hidden", VERDICT_REVIEW);
    expect_message(&g, "hidden", "no attend(Q, K, V) could be called after the run: the script "
                   "defines no function attend at its top level (the run exited with status 1)");
    release(&g);
}
END_TEST

/* A report without the run's token, or written over, is no report of attend. */
START_TEST(test_a_report_not_the_shims_calls_nothing)
{
    struct gb_err err;
    static const char forged[] = "ffffffffffffffffffffffffffffffff\ncalled attend\ncase 0 ok 0\n";
    static const char garbled[] = "0123456789abcdef0123456789abcdef\ncalled attend\n"
                                  "case 0 ok 1\nitem 4 4 1 2 3\n";

    ck_assert_int_eq(attend_test_draw(&trial, &err), 0);
    ck_assert_int_eq(attend_test_read(&trial, forged, strlen(forged), token, &err), 0);
    ck_assert_int_eq(trial.called, 0);
    ck_assert_ptr_nonnull(strstr(trial.why, "the run ended before the script's end"));
    ck_assert_int_eq(attend_test_read(&trial, NULL, 0, token, &err), 0);
    ck_assert_int_eq(trial.called, 0);
    ck_assert_int_eq(attend_test_read(&trial, garbled, strlen(garbled), token, &err), 0);
    ck_assert_int_eq(trial.called, 0);
    ck_assert_msg(strstr(trial.why, "could not be read (line 3"), "%s", trial.why);
}
END_TEST

/* The inputs the shim reads: five, with their shapes, every value exact. */
START_TEST(test_inputs_are_fresh_and_exact)
{
    static struct attend_trial other;
    struct gb_buf text = GB_BUF_INIT;
    struct gb_err err;
    double q0;

    ck_assert_int_eq(attend_test_draw(&trial, &err), 0);
    ck_assert_int_eq(attend_test_draw(&other, &err), 0);
    ck_assert_msg(memcmp(trial.cases[0].q, other.cases[0].q, sizeof trial.cases[0].q),
                  "two draws gave the same inputs");
    ck_assert_int_eq(attend_test_input(&trial, &text, &err), 0);
    ck_assert_int_eq(strncmp(text.data, "5\n4 4 4 3\n", 10), 0);
    ck_assert_int_eq(sscanf(text.data + 10, "%lf", &q0), 1);
    ck_assert(q0 == trial.cases[0].q[0]);
    ck_assert_ptr_nonnull(strstr(text.data, "\n3 6 4 5\n"));
    gb_buf_free(&text);
    for (int j = 0; j < trial.cases[2].nk; j++) {    /* rows of the reference's weights sum to 1 */
        double sum = 0;
        for (int i = 0; i < trial.cases[2].nq; i++)
            sum += trial.cases[2].over_queries.v[i * trial.cases[2].nk + j];
        ck_assert_double_eq_tol(sum, 1.0, 1e-12);
    }
}
END_TEST

/* Not made (grader check without --integrity): the check is not in the result. */
START_TEST(test_not_made_leaves_the_check_out)
{
    struct graded g;
    struct gb_err err;

    score_fixture_grade("run", "", CHECKS, "a 0.500\n", "print(compute())\n", NULL, NULL, &g);
    ck_assert_double_eq(g.res.max_score, 5);
    ck_assert_int_eq(score_attend_not_made(g.r, &g.res, "graded from a recorded output", &err), 0);
    ck_assert_uint_eq(g.res.n_checks, 2);
    ck_assert_str_eq(g.res.checks[1].id, "typed");
    ck_assert_double_eq(g.res.max_score, 3);
    ck_assert_double_eq(g.res.score, 3);
    ck_assert_msg(strstr(g.res.integrity.summary, "the hidden-input test of attend was not made "
                         "(graded from a recorded output)"), "%s", g.res.integrity.summary);
    release(&g);
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        test_right_attention_passes_in_either_order,
        test_wrong_attention_fails_naming_the_mistake,
        test_constant_returns_take_the_value_checks,
        test_no_attend_raise_or_shapes_is_review,
        test_a_report_not_the_shims_calls_nothing,
        test_inputs_are_fresh_and_exact,
        test_not_made_leaves_the_check_out,
    };

    return score_fixture_main("score_attend", expected_json, tests, sizeof tests / sizeof tests[0]);
}
