/* test_exp_memory.c — Check suite for the memory lab's machinery on a small
 * configuration: the recall task's facts, results that do not depend on the
 * thread count, and the FLOP count from shapes against the executed one. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "exp/exp_memory.h"

static struct exp_memory_config small(void)
{
    struct exp_memory_config c = { 192, 96, 2, 20, 0 };
    return c;
}

START_TEST(test_task_facts)
{
    struct exp_memory_config c = small();
    static struct exp_memory m;
    struct gb_err err;
    ck_assert_msg(exp_memory_compute(&c, 1, &m, &err) == 0, "%s", err.msg);
    for (int li = 0; li < 2; li++) {
        const struct exp_memory_task *t = &m.task[li];
        ck_assert_int_eq(t->steps, exp_memory_lengths[li]);
        ck_assert(t->label_is_token0);
        ck_assert(t->train_positive > 0.3 * c.train_rows && t->train_positive < 0.7 * c.train_rows);
        ck_assert(t->max_abs_corr_other < 0.3);
    }
    ck_assert_int_eq(m.task[2].steps, 0);        /* beyond max_length: not built */
    ck_assert(!m.run[2][0].wanted);
}
END_TEST

START_TEST(test_results_independent_of_threads)
{
    struct exp_memory_config c = small();
    static struct exp_memory one, three;
    struct gb_err err;
    ck_assert_int_eq(exp_memory_compute(&c, 1, &one, &err), 0);
    ck_assert_int_eq(exp_memory_compute(&c, 3, &three, &err), 0);
    int runs = 0;
    for (int li = 0; li < EXP_MEMORY_NLENGTHS; li++)
        for (int mi = 0; mi < EXP_MEMORY_NMODELS; mi++) {
            const struct exp_memory_run *a = &one.run[li][mi], *b = &three.run[li][mi];
            ck_assert_int_eq(a->wanted, b->wanted);
            if (!a->wanted)
                continue;
            runs++;
            ck_assert_int_eq(a->train.correct, b->train.correct);
            ck_assert_int_eq(a->test.correct, b->test.correct);
            ck_assert_int_eq(a->train.total, c.train_rows);
            ck_assert(a->flops == b->flops);
        }
    ck_assert_int_eq(runs, 8);
}
END_TEST

START_TEST(test_flops_from_shapes_match_executed)
{
    struct exp_memory_config c = small();
    static struct exp_memory m;
    struct gb_err err;
    ck_assert_int_eq(exp_memory_compute(&c, 2, &m, &err), 0);
    double executed = 0;
    for (int li = 0; li < EXP_MEMORY_NLENGTHS; li++)
        for (int mi = 0; mi < EXP_MEMORY_NMODELS; mi++)
            if (m.run[li][mi].wanted)
                executed += m.run[li][mi].flops;
    ck_assert_msg(executed == exp_memory_flops(&c), "executed %.17g, from shapes %.17g", executed,
                  exp_memory_flops(&c));
    struct exp_memory_config full = exp_memory_exercise();
    ck_assert(exp_memory_flops(&full) > 1e12);
}
END_TEST

START_TEST(test_twins_and_chaos_rule)
{
    struct exp_memory_config c = small();
    static struct exp_memory m;
    struct gb_err err;
    c.twins = 1;
    ck_assert_int_eq(exp_memory_compute(&c, 2, &m, &err), 0);
    const struct exp_memory_run *r = &m.run[0][0];
    ck_assert_int_eq(r->twin_train.total, c.train_rows);
    ck_assert_int_eq(r->twin_test.total, c.test_rows);
    struct exp_memory_run x = *r;
    x.train.accuracy = x.twin_train.accuracy = 1.0;
    x.test.accuracy = x.twin_test.accuracy = 1.0;
    ck_assert(!exp_memory_chaotic(&x, 1));
    x.twin_test.accuracy = 0.98;             /* twin disagrees by more than 0.01 */
    ck_assert(exp_memory_chaotic(&x, 1));
    ck_assert(!exp_memory_chaotic(&x, 0));   /* without a twin, only failure counts */
    x.test.accuracy = 0.6;
    ck_assert(exp_memory_chaotic(&x, 0));
}
END_TEST

/* Two configurations on one pool (as `reference memory_lab` runs its two
 * readings) give each the results it gets alone, twins included, and the
 * readings table is the exercise's: 4,000 rows at the top, 2,000 beside. */
START_TEST(test_sets_share_a_pool)
{
    struct exp_memory_config c[2] = { small(), small() };
    static struct exp_memory both[2], alone;
    struct gb_err err;
    c[0].twins = c[1].twins = 1;
    c[1].train_rows = 128;
    ck_assert_msg(exp_memory_compute_sets(c, 2, 3, both, &err) == 0, "%s", err.msg);
    for (int s = 0; s < 2; s++) {
        ck_assert_msg(exp_memory_compute(&c[s], 1, &alone, &err) == 0, "%s", err.msg);
        ck_assert_int_eq(both[s].config.train_rows, c[s].train_rows);
        for (int li = 0; li < EXP_MEMORY_NLENGTHS; li++) {
            ck_assert_int_eq(both[s].task[li].train_positive, alone.task[li].train_positive);
            for (int mi = 0; mi < EXP_MEMORY_NMODELS; mi++) {
                const struct exp_memory_run *a = &both[s].run[li][mi], *b = &alone.run[li][mi];
                ck_assert_int_eq(a->wanted, b->wanted);
                ck_assert_int_eq(a->train.correct, b->train.correct);
                ck_assert_int_eq(a->test.correct, b->test.correct);
                ck_assert_int_eq(a->twin_train.correct, b->twin_train.correct);
                ck_assert_int_eq(a->twin_test.correct, b->twin_test.correct);
                ck_assert(a->flops == b->flops);
            }
        }
    }
    ck_assert_int_ne(both[0].task[0].train_positive, both[1].task[0].train_positive);
    ck_assert_int_eq(exp_memory_readings[0].train_rows, 4000);
    ck_assert_ptr_null(exp_memory_readings[0].key);
    ck_assert_int_eq(exp_memory_readings[1].train_rows, 2000);
    ck_assert_str_eq(exp_memory_readings[1].key, "rows_2000");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("exp_memory");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_task_facts);
    tcase_add_test(tc, test_results_independent_of_threads);
    tcase_add_test(tc, test_flops_from_shapes_match_executed);
    tcase_add_test(tc, test_twins_and_chaos_rule);
    tcase_add_test(tc, test_sets_share_a_pool);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
