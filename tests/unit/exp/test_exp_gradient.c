/* test_exp_gradient.c — Check suite for Step 3's measurement: the shapes of
 * the curves the module's argument rests on, and internal consistency. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "exp/exp_gradient.h"

static double factor(const struct exp_gradient_curve *c)
{
    return pow(c->norm[0] / c->norm[c->steps - 1], 1.0 / (c->steps - 1));
}

START_TEST(test_gains_order_the_factors)
{
    static const double gains[] = { 0.5, 0.9, 1.0, 1.2, 1.5 };
    double prev = 0;
    struct gb_err err;
    for (int i = 0; i < 5; i++) {
        struct exp_gradient_curve c;
        ck_assert_msg(exp_gradient_rnn(gains[i], 50, EXP_GRADIENT_RESEED, &c, NULL, &err) == 0,
                      "%s", err.msg);
        ck_assert_int_eq(c.steps, 50);
        double f = factor(&c);
        ck_assert_msg(f > prev, "gain %g: factor %g not above %g", gains[i], f, prev);
        prev = f;
        for (int t = 0; t < 50; t++)
            ck_assert(isfinite(c.norm[t]) && c.norm[t] > 0);
    }
    ck_assert(prev > 1.0);   /* gain 1.5 explodes */
}
END_TEST

START_TEST(test_forget_bias_opens_the_cell_path)
{
    struct exp_gradient_curve c0, c3;
    struct gb_err err;
    ck_assert_int_eq(exp_gradient_lstm(0.0, &c0, &err), 0);
    ck_assert_int_eq(exp_gradient_lstm(3.0, &c3, &err), 0);
    ck_assert(factor(&c0) < 0.8);
    ck_assert(factor(&c3) > factor(&c0));
    ck_assert(c3.norm[0] > 1e4 * c0.norm[0]);
}
END_TEST

START_TEST(test_clip_and_readings_are_consistent)
{
    struct exp_gradient_curve a, b, p;
    struct exp_gradient_clip clip;
    struct gb_err err;
    ck_assert_int_eq(exp_gradient_rnn(1.5, 50, EXP_GRADIENT_RESEED, &a, &clip, &err), 0);
    ck_assert(clip.before > 1.0);
    ck_assert(fabs(clip.after - 1.0) < 1e-5);
    ck_assert(clip.wh_only_before < clip.before);
    ck_assert(fabs(clip.wh_only_after - 1.0) < 1e-5);
    /* The same run without clipping draws and computes the same curve. */
    ck_assert_int_eq(exp_gradient_rnn(1.5, 50, EXP_GRADIENT_RESEED, &b, NULL, &err), 0);
    for (int t = 0; t < 50; t++)
        ck_assert(a.norm[t] == b.norm[t]);
    /* Prefix reading at T = 100 is the reseed reading at T = 100. */
    ck_assert_int_eq(exp_gradient_rnn(1.0, 100, EXP_GRADIENT_PREFIX, &p, NULL, &err), 0);
    ck_assert_int_eq(exp_gradient_rnn(1.0, 100, EXP_GRADIENT_RESEED, &a, NULL, &err), 0);
    for (int t = 0; t < 100; t++)
        ck_assert(a.norm[t] == p.norm[t]);
    ck_assert_int_eq(exp_gradient_rnn(1.0, 101, EXP_GRADIENT_RESEED, &a, NULL, &err), -1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("exp_gradient");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_gains_order_the_factors);
    tcase_add_test(tc, test_forget_bias_opens_the_cell_path);
    tcase_add_test(tc, test_clip_and_readings_are_consistent);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
