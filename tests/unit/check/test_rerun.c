/* test_rerun.c — Check suite for check/rerun: when the integrity rerun is made
 * (the rubric's "rerun" against the caller's policy), and the expected values the
 * reference computes under a key.  The judgement is test_score_rerun.c's. */
#include "../score/score_fixture.h"

#include <cjson/cJSON.h>
#include <glob.h>

#include "check/rerun.h"
#include "score/score_rerun.h"

static const char expected_json[] =
    "{\"exercise\": \"ex\", \"values\": {\"a\": 0.5, \"b\": 1.0, \"c\": 0.25}}";

#define VALUE(id, key) \
    "{\"id\": \"" id "\", \"description\": \"d\", \"points\": 1, \"kind\": \"value\", " \
    "\"locate\": {\"row\": \"" id "\"}, \"expected\": \"" key "\", \"tolerance\": {\"abs\": 0.01}}"
#define CHECKS VALUE("a", "a") "," VALUE("b", "b") "," VALUE("c", "c") "," \
    "{\"id\": \"typed\", \"description\": \"d\", \"points\": 2, \"kind\": \"typed_output\"}"

static const char first_out[] = "a 0.500\nb 1.000\nc 0.250\n";
static const char source[] = "print(compute())\n";


START_TEST(test_when_a_rerun_is_made)
{
    struct graded g;
    struct gb_err err;
    struct rubric *r;

    score_fixture_grade("run", "\"rerun\": \"default\", ", CHECKS, first_out, source, NULL,
                        NULL, &g);
    ck_assert_int_eq(rerun_wanted(g.r, RERUN_OFF), 0);
    ck_assert_int_eq(rerun_wanted(g.r, RERUN_DEFAULT), 1);
    ck_assert_int_eq(rerun_wanted(g.r, RERUN_ALL), 1);
    release(&g);
    score_fixture_grade("run", "\"rerun\": \"option\", ", CHECKS, first_out, source, NULL,
                        NULL, &g);
    ck_assert_int_eq(rerun_wanted(g.r, RERUN_DEFAULT), 0);
    ck_assert_int_eq(rerun_wanted(g.r, RERUN_ALL), 1);
    ck_assert_int_eq(score_rerun_not_made(&g.res, "graded from a recorded output", &err), 0);
    ck_assert_int_eq(g.res.integrity.runs, 1);
    ck_assert_ptr_nonnull(strstr(g.res.integrity.summary, "graded from a recorded output"));
    release(&g);
    score_fixture_grade("run", "", CHECKS, first_out, source, NULL, NULL, &g);
    ck_assert_int_eq(rerun_wanted(g.r, RERUN_ALL), 0);
    release(&g);
    ck_assert_int_eq(score_fixture_load("run", "\"rerun\": \"always\", ", CHECKS, &r, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "'rerun'"));
    ck_assert_int_eq(score_fixture_load("read", "\"rerun\": \"default\", ", "", &r, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "only a run can be made again"));
}
END_TEST


/* The reference computes the exercise under the key: other values than the
 * module's, the same ones again for the same key, and the process's streams
 * are the module's afterwards. */
START_TEST(test_remapped_expected_values)
{
    struct rubric *r;
    struct expected *plain, *k1, *k1_again, *k2;
    struct seed_map_key key1, key2;
    struct gb_err err;
    double v[4];

    ck_assert_msg(rubric_load("rubrics/gradient_decay.json", &r, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(rerun_key_new(&key1, &err), 0);
    ck_assert_int_eq(rerun_key_new(&key2, &err), 0);
    ck_assert_int_eq(expected_load_rubric(r, &plain, &err), 0);
    ck_assert_msg(rerun_expected(r, &key1, &k1, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(rerun_expected(r, &key1, &k1_again, &err), 0);
    ck_assert_int_eq(rerun_expected(r, &key2, &k2, &err), 0);
    ck_assert_int_eq(seed_map_apply(7), 7);
    ck_assert_int_eq(expected_number(plain, "rnn.gain_0_5.step_50", &v[0], &err), 0);
    ck_assert_int_eq(expected_number(k1, "rnn.gain_0_5.step_50", &v[1], &err), 0);
    ck_assert_int_eq(expected_number(k1_again, "rnn.gain_0_5.step_50", &v[2], &err), 0);
    ck_assert_int_eq(expected_number(k2, "rnn.gain_0_5.step_50", &v[3], &err), 0);
    ck_assert_double_ne(v[0], v[1]);
    ck_assert_double_eq(v[1], v[2]);
    ck_assert_double_ne(v[1], v[3]);
    expected_free(plain);
    expected_free(k1);
    expected_free(k1_again);
    expected_free(k2);
    rubric_free(r);
}
END_TEST


/* A rubric that asks for a rerun names an exercise the reference can compute
 * under changed seeds (rubrics are data; the experiments are rerun.c's table).
 * The reruns made by default are computed here; one offered by option costs
 * minutes (memory_lab trains 56 models, far longer under the sanitizers), and
 * tests/e2e/rerun_memory.sh computes it through grader batch --integrity. */
START_TEST(test_every_rerun_rubric_has_its_experiment)
{
    glob_t g;
    size_t asking = 0;

    ck_assert_int_eq(glob("rubrics/*.json", 0, NULL, &g), 0);
    for (size_t i = 0; i < g.gl_pathc; i++) {
        struct rubric *r;
        struct expected *e;
        struct seed_map_key key;
        struct gb_err err;

        ck_assert_msg(rubric_load(g.gl_pathv[i], &r, &err) == 0, "%s", err.msg);
        if (r->rerun != RUBRIC_RERUN_NEVER)
            ck_assert_msg(rerun_has_experiment(r->exercise), "%s asks for a rerun of %s",
                          g.gl_pathv[i], r->exercise);
        if (r->rerun == RUBRIC_RERUN_DEFAULT) {
            asking++;
            ck_assert_int_eq(rerun_key_new(&key, &err), 0);
            ck_assert_msg(rerun_expected(r, &key, &e, &err) == 0, "%s: %s", g.gl_pathv[i],
                          err.msg);
            expected_free(e);
        }
        rubric_free(r);
    }
    globfree(&g);
    ck_assert_uint_ge(asking, 2);        /* order_matters and gradient_decay */
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        test_when_a_rerun_is_made,
        test_remapped_expected_values,
        test_every_rerun_rubric_has_its_experiment,
    };

    return score_fixture_main("rerun", expected_json, tests, sizeof tests / sizeof tests[0]);
}
