/* test_attention.c — Check suite for reference/nn/attention and exp_attention.
 * Expected numbers are closed forms of the softmax (e.g. e²/(e²+3)), derived on paper,
 * so the suite checks the C arithmetic against the algebra rather than against itself. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nn/attention.h"
#include "exp/exp_attention.h"
#include "exp/expected_json.h"

static const cJSON *at(const cJSON *v, const char *a, const char *b, const char *c)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(v, a);
    x = cJSON_GetObjectItemCaseSensitive(x, b);
    return c ? cJSON_GetObjectItemCaseSensitive(x, c) : x;
}

START_TEST(test_self_attention_rude_row_matches_closed_form)
{
    struct attention_result r;
    struct gb_err err;
    const double *e = exp_attention_meanings;
    double e2 = exp(2.0);

    ck_assert_int_eq(attention_attend(e, e, e, 4, 4, ATTENTION_SCALED, &r, &err), 0);
    /* rude·rude = 4, /√4 = 2; rude against the others = 0 */
    ck_assert_double_eq_tol(r.weights[3 * 4 + 3], e2 / (e2 + 3.0), 1e-15);
    ck_assert_double_eq_tol(r.weights[3 * 4 + 0], 1.0 / (e2 + 3.0), 1e-15);
    for (int i = 0; i < 4; i++) {
        double sum = 0.0;
        for (int j = 0; j < 4; j++)
            sum += r.weights[i * 4 + j];
        ck_assert_double_eq_tol(sum, 1.0, 1e-15);
    }
}
END_TEST

START_TEST(test_unscaled_mistake_differs)
{
    struct attention_result r;
    struct gb_err err;
    const double *e = exp_attention_meanings;
    double e4 = exp(4.0);

    ck_assert_int_eq(attention_attend(e, e, e, 4, 4, ATTENTION_UNSCALED, &r, &err), 0);
    ck_assert_double_eq_tol(r.weights[3 * 4 + 3], e4 / (e4 + 3.0), 1e-15);
}
END_TEST

START_TEST(test_expected_values_query_matrix)
{
    struct gb_err err;
    cJSON *values, *root = expected_json_new("attention_by_hand", &values);
    double e2 = exp(2.0), w_big = e2 / (2.0 * e2 + 2.0), w_small = 1.0 / (2.0 * e2 + 2.0);
    const cJSON *out;

    ck_assert_ptr_nonnull(root);
    ck_assert_int_eq(exp_attention_values(values, &err), 0);
    ck_assert_double_eq_tol(at(values, "query_matrix", "weights", "rude")->child->valuedouble,
                            w_big, 1e-15);   /* rude -> support */
    ck_assert_double_eq_tol(cJSON_GetObjectItem(at(values, "query_matrix", "weights", "rude"),
                                                "was")->valuedouble, w_small, 1e-15);
    out = at(values, "query_matrix", "output", "rude");
    ck_assert_int_eq(cJSON_GetArraySize(out), 4);
    /* output = 2·w_big·[1,0,0,0] + w_big·[0,0,2,.5]·... : subject 2·w_big, good/bad −2·w_small */
    ck_assert_double_eq_tol(cJSON_GetArrayItem(out, 0)->valuedouble, 2.0 * w_big, 1e-15);
    ck_assert_double_eq_tol(cJSON_GetArrayItem(out, 1)->valuedouble, -2.0 * w_small, 1e-15);
    ck_assert_double_eq_tol(cJSON_GetArrayItem(out, 3)->valuedouble,
                            2.0 * w_small + 0.5 * w_big, 1e-15);
    ck_assert(cJSON_IsTrue(at(values, "shuffle", "order_blind", NULL)));
    ck_assert_str_eq(at(values, "self_attention", "most_attended", "was")->valuestring, "was");
    cJSON_Delete(root);
}
END_TEST

START_TEST(test_rejects_bad_shapes)
{
    struct attention_result r;
    struct gb_err err;
    double x[1] = { 0 };

    ck_assert_int_eq(attention_attend(x, x, x, 0, 1, ATTENTION_SCALED, &r, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "tokens"));
}
END_TEST

/* Non-square attention, by closed form: one query [2, 0] over three keys
 * [1, 0], [0, 1], [-1, 0] with d_k = 2 scores 2/√2, 0, -2/√2; values are
 * one-hot rows of width 2 and 1 (d_v = 2), so the output reads the weights. */
START_TEST(test_general_shapes_by_closed_form)
{
    const double q[] = { 2, 0 }, k[] = { 1, 0, 0, 1, -1, 0 }, v[] = { 1, 0, 0, 1, 0, 0 };
    double w[3], out[2], wq[3], outq[2], s = sqrt(2.0);
    double z = exp(s) + 1 + exp(-s);
    struct gb_err err;

    ck_assert_int_eq(attention_general(q, k, v, 1, 3, 2, 2, ATTENTION_SCALED, 0, w, out, &err), 0);
    ck_assert_double_eq_tol(w[0], exp(s) / z, 1e-15);
    ck_assert_double_eq_tol(w[1], 1 / z, 1e-15);
    ck_assert_double_eq_tol(w[2], exp(-s) / z, 1e-15);
    ck_assert_double_eq_tol(out[0], w[0], 1e-15);
    ck_assert_double_eq_tol(out[1], w[1], 1e-15);
    /* over the queries: one query, so every column's softmax is 1 */
    ck_assert_int_eq(attention_general(q, k, v, 1, 3, 2, 2, ATTENTION_SCALED, 1, wq, outq, &err),
                     0);
    ck_assert_double_eq(wq[0] + wq[1] + wq[2], 3.0);
    ck_assert_int_ne(attention_general(q, k, v, 1, 3, 2, ATTENTION_MAX + 1, ATTENTION_SCALED, 0,
                                       w, out, &err), 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("attention");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_self_attention_rude_row_matches_closed_form);
    tcase_add_test(tc, test_unscaled_mistake_differs);
    tcase_add_test(tc, test_expected_values_query_matrix);
    tcase_add_test(tc, test_rejects_bad_shapes);
    tcase_add_test(tc, test_general_shapes_by_closed_form);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
