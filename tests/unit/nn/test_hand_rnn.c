/* test_hand_rnn.c — Check suite for Step 2's hand-set RNN (reference/nn/hand_rnn). */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "nn/hand_rnn.h"

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

static const char *const twin_a[] = { "delivery", "was", "good", "and",
                                      "service", "was", "not", "slow" };
static const char *const twin_b[] = { "delivery", "was", "slow", "and",
                                      "service", "was", "not", "good" };

START_TEST(test_features_follow_the_word_lists)
{
    double x[3];

    hand_rnn_features("quick", x);
    ck_assert(x[0] == 1.0 && x[1] == 0.0 && x[2] == 0.0);
    hand_rnn_features("rude", x);
    ck_assert(x[0] == 0.0 && x[1] == 1.0 && x[2] == 0.0);
    hand_rnn_features("not", x);
    ck_assert(x[0] == 0.0 && x[1] == 0.0 && x[2] == 1.0);
    hand_rnn_features("very", x);
    ck_assert(x[0] == 0.0 && x[1] == 0.0 && x[2] == 0.0);
    hand_rnn_features("Good", x);          /* case matters, as in Python */
    ck_assert(x[0] == 0.0);
}
END_TEST

/* The trace against closed forms: with fillers the mood unit is tanh applied
 * again and again, the saw-not unit is tanh(2) then tanh(0). */
START_TEST(test_trace_matches_closed_form)
{
    double h[8][3];
    double mood = tanh(0.9), count = tanh(0.5);

    hand_rnn_trace(twin_a, 8, h);
    ck_assert(h[0][0] == 0.0 && h[1][2] == 0.0);
    ck_assert_double_eq_tol(h[2][HAND_RNN_MOOD], mood, 1e-15);
    ck_assert_double_eq_tol(h[2][HAND_RNN_COUNT], count, 1e-15);
    for (int t = 3; t < 7; t++) {
        mood = tanh(mood);
        count = tanh(count);
        ck_assert_double_eq_tol(h[t][HAND_RNN_MOOD], mood, 1e-15);
        ck_assert_double_eq_tol(h[t][HAND_RNN_COUNT], count, 1e-15);
    }
    ck_assert_double_eq_tol(h[6][HAND_RNN_SAW_NOT], tanh(2.0), 1e-15);
    ck_assert(h[7][HAND_RNN_SAW_NOT] == 0.0);
    ck_assert_double_eq_tol(h[7][HAND_RNN_MOOD], tanh(mood - 0.9), 1e-15);
    ck_assert_double_eq_tol(h[7][HAND_RNN_COUNT], tanh(count + 0.5), 1e-15);
}
END_TEST

/* The numbers the module prints for Step 2, to its three decimals. */
START_TEST(test_trace_prints_the_module_numbers)
{
    static const char *const reversed[] = { "slow", "not", "was", "service",
                                            "and", "good", "was", "delivery" };
    static const char *const shuffled[] = { "service", "delivery", "slow", "good",
                                            "not", "was", "was", "and" };
    double h[8][3];

    hand_rnn_trace(twin_a, 8, h);
    ck_assert_double_eq_tol(h[3][0], 0.615, 5e-4);
    ck_assert_double_eq_tol(h[6][1], 0.964, 5e-4);
    ck_assert_double_eq_tol(h[7][0], -0.413, 5e-4);
    ck_assert_double_eq_tol(h[7][2], 0.700, 5e-4);
    hand_rnn_trace(reversed, 8, h);
    ck_assert_double_eq_tol(h[7][0], 0.372, 5e-4);
    ck_assert_double_eq_tol(h[7][2], 0.540, 5e-4);
    hand_rnn_trace(shuffled, 8, h);
    ck_assert_double_eq_tol(h[7][0], 0.174, 5e-4);
    ck_assert_double_eq_tol(h[7][2], 0.468, 5e-4);
}
END_TEST

/* The module's point: twins separate where the first opinion word arrives
 * (step 3), not where "not" arrives (step 7). */
START_TEST(test_twins_separate_at_first_opinion_word)
{
    static const char *const not_first_a[] = { "app", "was", "not", "good",
                                               "and", "support", "was", "bad" };
    static const char *const not_first_b[] = { "app", "was", "not", "bad",
                                               "and", "support", "was", "good" };

    ck_assert_int_eq(hand_rnn_separation_of(twin_a, 8, twin_b, 8, HAND_RNN_SAME_TOL), 3);
    ck_assert_uint_eq(hand_rnn_first_opinion(twin_a, 8), 3);
    ck_assert_int_eq(hand_rnn_separation_of(not_first_a, 8, not_first_b, 8,
                                            HAND_RNN_SAME_TOL), 4);
    ck_assert_uint_eq(hand_rnn_first_opinion(not_first_a, 8), 4);
}
END_TEST

START_TEST(test_same_features_never_separate)
{
    static const char *const subjects_swapped[] = { "service", "was", "good", "and",
                                                    "delivery", "was", "not", "slow" };
    static const char *const no_opinion[] = { "app", "was", "and" };

    ck_assert_int_eq(hand_rnn_separation_of(twin_a, 8, twin_a, 8, HAND_RNN_SAME_TOL), 0);
    ck_assert_int_eq(hand_rnn_separation_of(twin_a, 8, subjects_swapped, 8,
                                            HAND_RNN_SAME_TOL), 0);
    ck_assert_uint_eq(hand_rnn_first_opinion(no_opinion, 3), 0);
    /* Only the common prefix is compared: "delivery was" vs "delivery was slow". */
    ck_assert_int_eq(hand_rnn_separation_of(twin_a, 2, twin_b, 3, HAND_RNN_SAME_TOL), 0);
    ck_assert_int_eq(hand_rnn_separation_of(twin_a, 0, twin_b, 0, HAND_RNN_SAME_TOL), 0);
}
END_TEST

/* A student's trace differing from ours by rounding noise is the same memory;
 * a real difference above the tolerance is found at its own step. */
START_TEST(test_separation_tolerance)
{
    double ha[8][3], hb[8][3];

    hand_rnn_trace(twin_a, 8, ha);
    hand_rnn_trace(twin_a, 8, hb);
    hb[5][0] += 4e-16;
    ck_assert_uint_eq(hand_rnn_separation((const double (*)[3])ha,
                                          (const double (*)[3])hb, 8, HAND_RNN_SAME_TOL), 0);
    hb[6][2] += 1e-6;
    ck_assert_uint_eq(hand_rnn_separation((const double (*)[3])ha,
                                          (const double (*)[3])hb, 8, HAND_RNN_SAME_TOL), 7);
    ck_assert_uint_eq(hand_rnn_separation((const double (*)[3])ha,
                                          (const double (*)[3])hb, 8, 1e-5), 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("hand_rnn");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_features_follow_the_word_lists);
    tcase_add_test(tc, test_trace_matches_closed_form);
    tcase_add_test(tc, test_trace_prints_the_module_numbers);
    tcase_add_test(tc, test_twins_separate_at_first_opinion_word);
    tcase_add_test(tc, test_same_features_never_separate);
    tcase_add_test(tc, test_separation_tolerance);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
