/* test_exp_selfcheck.c — Check suite for the self-check values (reference/exp/exp_selfcheck). */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp/exp_selfcheck.h"
#include "exp/expected_json.h"

START_TEST(test_hops)
{
    ck_assert_int_eq(selfcheck_hops_rnn(1, 50), 49);
    ck_assert_int_eq(selfcheck_hops_attention(1, 50), 1);
    ck_assert_int_eq(selfcheck_hops_rnn(3, 4), 1);
    ck_assert_int_eq(selfcheck_hops_rnn(8, 1), 7);
    ck_assert_int_eq(selfcheck_hops_attention(5, 5), 0);
}
END_TEST

START_TEST(test_seqnet_params_from_shapes)
{
    ck_assert_int_eq(selfcheck_seqnet_params(TORCH_CELL_RNN), 1905);
    ck_assert_int_eq(selfcheck_seqnet_params(TORCH_CELL_GRU), 5105);
    ck_assert_int_eq(selfcheck_seqnet_params(TORCH_CELL_LSTM), 6705);
}
END_TEST

/* Step 4's claim: reading in order solves the task, and the trained LSTM tells
 * the twins apart and handles "not" in either clause. */
START_TEST(test_seqnet_lstm_reads_order)
{
    struct selfcheck_seqnet r;
    struct gb_err err;

    ck_assert_msg(selfcheck_seqnet(TORCH_CELL_LSTM, &r, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(r.params, selfcheck_seqnet_params(TORCH_CELL_LSTM));
    ck_assert(r.scores.nots >= 0.99 && r.scores.very >= 0.99);
    ck_assert(r.p_positive[0] > 0.99 && r.p_positive[1] < 0.01);
    ck_assert(r.p_positive[2] < 0.01 && r.p_positive[3] > 0.99);
    ck_assert(r.train_seconds >= 0.0);
}
END_TEST

static const cJSON *at(const cJSON *obj, const char *path)
{
    char buf[256], *save = NULL;

    snprintf(buf, sizeof buf, "%s", path);
    for (char *key = strtok_r(buf, ".", &save); key && obj; key = strtok_r(NULL, ".", &save))
        obj = cJSON_IsArray(obj) ? cJSON_GetArrayItem(obj, atoi(key))
                                 : cJSON_GetObjectItemCaseSensitive(obj, key);
    ck_assert_msg(obj != NULL, "nothing at %s", path);
    return obj;
}

/* The values every question rests on, and which of them are quotes. */
START_TEST(test_values)
{
    struct gb_err err;
    cJSON *values, *root = expected_json_new("self_check", &values);

    ck_assert_ptr_nonnull(root);
    ck_assert_msg(exp_selfcheck_values(values, &err) == 0, "%s", err.msg);
    ck_assert_double_eq_tol(at(values, "interpretation.per_step_factor")->valuedouble, 0.490, 0.005);
    ck_assert(at(values, "interpretation.factor_by_gain.gain_1_5")->valuedouble > 1.0);
    ck_assert(at(values, "interpretation.step_1")->valuedouble < 1e-15);
    ck_assert(cJSON_IsTrue(at(values, "debug.module_length_50.quoted_from_module")));
    ck_assert(cJSON_IsTrue(at(values, "debug.module_length_50.chaotic")));
    ck_assert(at(values, "output_prediction.first_row_largest_weight_2dp")->valuedouble == 0.71);
    ck_assert(cJSON_IsTrue(at(values, "output_prediction.every_row_attends_most_to_itself")));
    ck_assert(cJSON_IsTrue(at(values, "output_prediction.rows_sum_to_one")));
    ck_assert(at(values, "scenario_judgement.lstm.params")->valuedouble == 6705);
    ck_assert(at(values, "scenario_judgement.lstm_over_rnn_flops")->valuedouble == 4.0);
    ck_assert(at(values, "trade_off.hops.rnn")->valuedouble == 49);
    ck_assert(at(values, "trade_off.hops.attention")->valuedouble == 1);
    ck_assert(cJSON_IsTrue(at(values, "trade_off.module_timing.quoted_from_module")));
    ck_assert(at(values, "trade_off.forward_flops_length_1000.attention")->valuedouble >
              at(values, "trade_off.forward_flops_length_1000.lstm")->valuedouble);
    ck_assert_double_eq_tol(at(values, "explain_to_a_friend.bag_not_accuracy")->valuedouble,
                            0.485, 0.01);
    ck_assert(at(values, "explain_to_a_friend.sequence_not_accuracy")->valuedouble >= 0.99);
    cJSON_Delete(root);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("exp_selfcheck");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_hops);
    tcase_add_test(tc, test_seqnet_params_from_shapes);
    tcase_add_test(tc, test_seqnet_lstm_reads_order);
    tcase_add_test(tc, test_values);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
