/* test_score_claims.c — Check suite for the claim-level scoring: comment ideas
 * tied to their subjects ("about", the step from the run's own trace), the
 * typed_output kind, answer numbers with context and parameter words, and the
 * rubric loader's validation of those fields. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "expected.h"
#include "result.h"
#include "rubric.h"
#include "score.h"

static char dir[] = "/tmp/gbclaimsXXXXXX";

static const char expected_json[] =
    "{\"exercise\": \"ex\", \"generated_by\": \"test\", \"values\": {"
    " \"sep\": 3, \"w\": 0.7112, \"acc\": {\"very\": 1.0, \"not\": 0.485}}}";

struct graded {
    struct grade_result res;
    struct rubric *r;
    struct expected *e;
};

static int load(const char *mode, const char *checks, struct rubric **r, struct gb_err *err)
{
    char rpath[128], epath[128], rubric[16384];

    snprintf(epath, sizeof epath, "%s/expected/ex.json", dir);
    snprintf(rpath, sizeof rpath, "%s/ex.json", dir);
    snprintf(rubric, sizeof rubric, "{\"format\": 1, \"exercise\": \"ex\", \"submission\": "
             "\"ex.py\", \"mode\": \"%s\", \"expected\": \"expected/ex.json\", "
             "\"checks\": [%s]}", mode, checks);
    ck_assert_int_eq(gb_write_file_atomic(epath, expected_json, strlen(expected_json), err), 0);
    ck_assert_int_eq(gb_write_file_atomic(rpath, rubric, strlen(rubric), err), 0);
    return rubric_load(rpath, r, err);
}

static void grade(const char *mode, const char *checks, const char *output, const char *source,
                  const char *answers, struct graded *g)
{
    struct gb_err err;
    struct score_input in;

    ck_assert_msg(load(mode, checks, &g->r, &err) == 0, "%s", err.msg);
    ck_assert_msg(expected_load_rubric(g->r, &g->e, &err) == 0, "%s", err.msg);
    memset(&g->res, 0, sizeof g->res);
    memset(&in, 0, sizeof in);
    in.rubric = g->r;
    in.expected = g->e;
    in.output = output;
    in.output_len = output ? strlen(output) : 0;
    in.source = source;
    in.source_len = source ? strlen(source) : 0;
    in.answers = answers;
    in.answers_len = answers ? strlen(answers) : 0;
    ck_assert_msg(score_submission(&in, &g->res, &err) == 0, "%s", err.msg);
}

static void release(struct graded *g)
{
    result_free(&g->res);
    expected_free(g->e);
    rubric_free(g->r);
}

static const struct check_result *find(const struct graded *g, const char *id)
{
    for (size_t i = 0; i < g->res.n_checks; i++)
        if (!strcmp(g->res.checks[i].id, id))
            return &g->res.checks[i];
    ck_abort_msg("no check %s", id);
    return NULL;
}

static void expect(const struct graded *g, const char *id, enum verdict v)
{
    const struct check_result *c = find(g, id);
    ck_assert_msg(c->verdict == v, "%s: %s, expected %s (%s)", id, verdict_name(c->verdict),
                  verdict_name(v), c->message ? c->message : "");
}

#define SEPARATION \
    "{\"id\": \"sep\", \"description\": \"d\", \"points\": 1, \"kind\": \"comment_idea\"," \
    " \"ideas\": [[\"separat\", \"diverg\"]], \"window\": 1, \"about\": {" \
    " \"right\": [\"first opinion\"], \"wrong\": [\"not arrives\"]," \
    " \"number\": {\"after\": [\"step\"], \"expected\": \"sep\", \"own_trace\": true}}}"

/* A trace of a twin pair whose memories separate at step 4 (not at step 3). */
static const char trace4[] =
    "0 <start> [0. 0. 0.]\n1 packing [0. 0. 0.]\n2 was [0. 0. 0.]\n3 not [0. 0.964 0.]\n"
    "4 rude [-0.716 0. 0.462]\n5 and [-0.615 0. 0.432]\n6 support [-0.547 0. 0.407]\n"
    "7 was [-0.499 0. 0.386]\n8 quick [0.381 0. 0.709]\n"
    "0 <start> [0. 0. 0.]\n1 packing [0. 0. 0.]\n2 was [0. 0. 0.]\n3 not [0. 0.964 0.]\n"
    "4 quick [0.716 0. 0.462]\n5 and [0.615 0. 0.432]\n6 support [0.547 0. 0.407]\n"
    "7 was [0.499 0. 0.386]\n8 rude [-0.381 0. 0.709]\n";

START_TEST(test_separation_step_from_the_runs_own_trace)
{
    struct graded g;

    /* no trace printed: the rubric's key (step 3) */
    grade("run", SEPARATION, "", "# The traces separate at step 3.\n", NULL, &g);
    expect(&g, "sep", VERDICT_PASS);
    ck_assert_ptr_nonnull(strstr(find(&g, "sep")->expected, "step 3"));
    release(&g);
    /* the run traced a pair that separates at step 4: step 3 is now wrong */
    grade("run", SEPARATION, trace4, "# The traces separate at step 3.\n", NULL, &g);
    expect(&g, "sep", VERDICT_FAIL);
    ck_assert_ptr_nonnull(strstr(find(&g, "sep")->message, "separates at step 4"));
    release(&g);
    grade("run", SEPARATION, trace4, "# The traces separate at step 4, not where not arrives.\n",
          NULL, &g);
    expect(&g, "sep", VERDICT_PASS);
    release(&g);
    grade("run", SEPARATION, trace4, "# The traces separate when not arrives.\n", NULL, &g);
    expect(&g, "sep", VERDICT_FAIL);
    release(&g);
    /* the idea without any subject: no claim made */
    grade("run", SEPARATION, trace4, "# The traces separate.\n", NULL, &g);
    expect(&g, "sep", VERDICT_FAIL);
    ck_assert_ptr_nonnull(strstr(find(&g, "sep")->message, "never says it of"));
    release(&g);
}
END_TEST

START_TEST(test_wrong_only_pairings)
{
    struct graded g;
    const char *clip =
        "{\"id\": \"clip\", \"description\": \"d\", \"points\": 1, \"kind\": \"comment_idea\","
        " \"ideas\": [[\"clip\"], [\"explo\"], [\"vanish\"]], \"about\": {\"claim\": [\"fix\", \"cap\"],"
        " \"wrong\": [\"vanish\"], \"other\": [\"explo\"]}}";

    grade("run", clip, "", "# Clipping caps explosion, but vanishing is not fixed by it.\n", NULL, &g);
    expect(&g, "clip", VERDICT_PASS);
    release(&g);
    grade("run", clip, "", "# Clipping fixes vanishing, and explosion stays.\n", NULL, &g);
    expect(&g, "clip", VERDICT_FAIL);
    ck_assert_str_eq(find(&g, "clip")->where, "ex.py line 1");
    release(&g);
}
END_TEST

#define TYPED "{\"id\": \"typed\", \"description\": \"d\", \"points\": 2, \"kind\": \"typed_output\"}"
#define VALUE(id, col, key) \
    "{\"id\": \"" id "\", \"description\": \"d\", \"points\": 1, \"kind\": \"value\", " \
    "\"locate\": {\"row\": \"rude\", \"column\": \"" col "\"}, \"expected\": \"" key "\", " \
    "\"tolerance\": {\"abs\": 0.01}}"

START_TEST(test_typed_output)
{
    struct graded g;
    const char *checks = VALUE("self", "self", "w") "," VALUE("not", "not", "acc.not") "," TYPED;
    const char *out = "rude self 0.711 not 0.485\n";

    grade("run", checks, out, "print('rude self 0.711 not 0.485')\n", NULL, &g);
    expect(&g, "typed", VERDICT_FAIL);
    ck_assert_str_eq(find(&g, "typed")->where, "ex.py line 1");
    release(&g);
    /* computed through a format field: the string holds no number */
    grade("run", checks, out, "w = attend()\nprint(f'rude self {w:.3f} not {n:.3f}')  # 0.711\n",
          NULL, &g);
    expect(&g, "typed", VERDICT_PASS);
    release(&g);
    /* a hand-worked number kept in code: a human decides */
    grade("run", checks, out, "hand = 0.7112\nprint(f'rude self {w:.3f} not {n:.3f}')\n", NULL, &g);
    expect(&g, "typed", VERDICT_REVIEW);
    release(&g);
    /* one of two typed in a string: review, not fail */
    grade("run", checks, out, "print(f'rude self {w:.3f}', 'not 0.485')\n", NULL, &g);
    expect(&g, "typed", VERDICT_REVIEW);
    release(&g);
    /* docstrings and one-digit parameters never count */
    grade("run", checks, out, "\"\"\"rude self 0.711 not 0.485\"\"\"\nclip = 1.0\nx = 0.5\n", NULL, &g);
    expect(&g, "typed", VERDICT_PASS);
    release(&g);
    grade("run", checks, "nothing here\n", "print('nothing here')\n", NULL, &g);
    expect(&g, "typed", VERDICT_MISSING);
    release(&g);
}
END_TEST

START_TEST(test_answer_numbers_context_and_parameters)
{
    struct graded g;
    const char *checks =
        "{\"id\": \"acc\", \"description\": \"d\", \"points\": 1, \"kind\": \"answer_numbers\","
        " \"section\": \"friend\", \"min_numbers\": 1, \"not_after\": [\"gain\"], \"numbers\": ["
        " {\"label\": \"very\", \"expected\": \"acc.very\", \"tolerance\": {\"abs\": 0.002},"
        "  \"context\": [\"accura\", \"right\"]},"
        " {\"label\": \"not\", \"expected\": \"acc.not\", \"tolerance\": {\"abs\": 0.002}}]}";

    grade("read", checks, NULL, NULL, "## friend\nIt is right 1.000 of the time on easy rows.\n", &g);
    expect(&g, "acc", VERDICT_PASS);
    release(&g);
    grade("read", checks, NULL, NULL, "## friend\nThe blame holds at 1.000 per step.\n", &g);
    expect(&g, "acc", VERDICT_FAIL);
    release(&g);
    grade("read", checks, NULL, NULL, "## friend\nAt gain 0.485 the accuracy is great.\n", &g);
    expect(&g, "acc", VERDICT_FAIL);
    release(&g);
    grade("read", checks, NULL, NULL, "## friend\nIt scored 0.485 on twins.\n", &g);
    expect(&g, "acc", VERDICT_PASS);
    release(&g);
}
END_TEST

START_TEST(test_rubric_validates_claim_fields)
{
    struct rubric *r = NULL;
    struct gb_err err;

    ck_assert_int_eq(load("run", "{\"id\": \"c\", \"description\": \"d\", \"points\": 1, "
                     "\"kind\": \"comment_idea\", \"ideas\": [[\"a\"]], \"about\": {\"rigth\": [\"x\"]}}",
                     &r, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "unknown member 'rigth'"));
    ck_assert_int_eq(load("run", "{\"id\": \"c\", \"description\": \"d\", \"points\": 1, "
                     "\"kind\": \"comment_idea\", \"ideas\": [[\"a\"]], \"about\": "
                     "{\"number\": {\"after\": [\"step\"]}}}", &r, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "needs 'expected'"));
    ck_assert_int_eq(load("read", TYPED, &r, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "needs \"mode\": \"run\""));
    ck_assert_int_eq(load("run", "{\"id\": \"t\", \"description\": \"d\", \"points\": 1, "
                     "\"kind\": \"typed_output\", \"min\": 1}", &r, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "unknown field 'min'"));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("score_claims");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    char sub[64];
    int failed;

    if (!mkdtemp(dir))
        return EXIT_FAILURE;
    snprintf(sub, sizeof sub, "%s/expected", dir);
    mkdir(sub, 0700);
    tcase_add_test(tc, test_separation_step_from_the_runs_own_trace);
    tcase_add_test(tc, test_wrong_only_pairings);
    tcase_add_test(tc, test_typed_output);
    tcase_add_test(tc, test_answer_numbers_context_and_parameters);
    tcase_add_test(tc, test_rubric_validates_claim_fields);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    snprintf(sub, sizeof sub, "%s/expected/ex.json", dir);
    unlink(sub);
    snprintf(sub, sizeof sub, "%s/expected", dir);
    rmdir(sub);
    snprintf(sub, sizeof sub, "%s/ex.json", dir);
    unlink(sub);
    rmdir(dir);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
