/* test_exp_order.c — Check suite for the order_matters experiment (reference/exp/exp_order). */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp/exp_order.h"
#include "exp/expected_json.h"
#include "rng/sequences.h"

START_TEST(test_bag_params_from_shapes)
{
    ck_assert_int_eq(order_bag_params(ORDER_LOGISTIC), 18);
    ck_assert_int_eq(order_bag_params(ORDER_MLP64), 1217);
}
END_TEST

/* "not" rows: every bag is as likely positive as negative; "very" rows: the bag
 * decides; all rows: half of each. */
START_TEST(test_bag_ceiling)
{
    ck_assert(order_bag_ceiling(SEQ_KIND_NOT) == 0.5);
    ck_assert(order_bag_ceiling(SEQ_KIND_VERY) == 1.0);
    ck_assert(order_bag_ceiling(-1) == 0.75);
}
END_TEST

/* The ceiling is a property of the data: a majority vote per bag, learned on
 * 50,000 generated reviews, scores at the ceiling on 50,000 fresh ones. */
static void vote_rows(int (*votes)[2], const struct seq_review *rows, int n, int kind)
{
    for (int i = 0; i < n; i++) {
        unsigned key = 0;

        if (rows[i].kind != (enum seq_kind)kind)
            continue;
        for (int k = 0; k < SEQ_REVIEW_LEN; k++)   /* within a kind, a bag is its word set */
            key |= 1u << rows[i].ids[k];
        votes[key][rows[i].label]++;
    }
}

START_TEST(test_bag_ceiling_matches_generated_rows)
{
    enum { N = 50000 };
    struct seq_review *rows = calloc(N, sizeof *rows);
    int (*learned)[2] = calloc(1 << 17, sizeof *learned);
    int (*fresh)[2] = calloc(1 << 17, sizeof *fresh);

    ck_assert_ptr_nonnull(rows);
    ck_assert_ptr_nonnull(learned);
    ck_assert_ptr_nonnull(fresh);
    for (int kind = SEQ_KIND_VERY; kind <= SEQ_KIND_NOT; kind++) {
        long right = 0, total = 0;

        memset(learned, 0, sizeof(int[2]) << 17);
        memset(fresh, 0, sizeof(int[2]) << 17);
        sequences_make_reviews(N, 98, rows);
        vote_rows(learned, rows, N, kind);
        sequences_make_reviews(N, 99, rows);
        vote_rows(fresh, rows, N, kind);
        for (int k = 0; k < 1 << 17; k++) {
            right += fresh[k][learned[k][1] > learned[k][0]];
            total += fresh[k][0] + fresh[k][1];
        }
        ck_assert_double_le(fabs((double)right / (double)total - order_bag_ceiling(kind)), 0.02);
    }
    free(rows);
    free(learned);
    free(fresh);
}
END_TEST

static cJSON *values_of(const cJSON *root)
{
    return cJSON_GetObjectItemCaseSensitive(root, "values");
}

static double number_at(const cJSON *obj, const char *path)
{
    char buf[256], *save = NULL;
    const cJSON *at = obj;

    snprintf(buf, sizeof buf, "%s", path);
    for (char *key = strtok_r(buf, ".", &save); key && at; key = strtok_r(NULL, ".", &save))
        at = cJSON_IsArray(at) ? cJSON_GetArrayItem(at, atoi(key))
                               : cJSON_GetObjectItemCaseSensitive(at, key);
    ck_assert_msg(cJSON_IsNumber(at) || cJSON_IsBool(at), "no number at %s", path);
    return cJSON_IsBool(at) ? cJSON_IsTrue(at) : at->valuedouble;
}

static const char *string_at(const cJSON *obj, const char *path)
{
    char buf[256], *save = NULL;
    const cJSON *at = obj;

    snprintf(buf, sizeof buf, "%s", path);
    for (char *key = strtok_r(buf, ".", &save); key && at; key = strtok_r(NULL, ".", &save))
        at = cJSON_GetObjectItemCaseSensitive(at, key);
    ck_assert_msg(cJSON_IsString(at), "no string at %s", path);
    return at->valuestring;
}

static cJSON *root;

static void compute_values(void)
{
    struct gb_err err;
    cJSON *values;

    root = expected_json_new("order_matters", &values);
    ck_assert_ptr_nonnull(root);
    ck_assert_msg(exp_order_values(values, &err) == 0, "%s", err.msg);
}

static void free_values(void)
{
    cJSON_Delete(root);
}

START_TEST(test_values_split_twins_trace)
{
    const cJSON *v = values_of(root);

    ck_assert(number_at(v, "split.test_very") == 297);
    ck_assert(number_at(v, "split.test_not") == 303);
    ck_assert(number_at(v, "split.train_very") + number_at(v, "split.train_not") == 1600);
    ck_assert(number_at(v, "twin_pair.label_a") == 1 && number_at(v, "twin_pair.label_b") == 0);
    ck_assert(number_at(v, "twin_pair.same_bag") == 1);
    ck_assert(number_at(v, "step2_trace.separation_step") == 3);
    ck_assert(number_at(v, "step2_trace.first_opinion_step") == 3);
    ck_assert(number_at(v, "step2_trace.not_step") == 7);
    ck_assert_double_eq_tol(number_at(v, "step2_trace.a.3.0"), tanh(0.9), 1e-12);
    ck_assert(number_at(v, "step2_trace.a.0.0") == 0.0);
    ck_assert_double_eq_tol(number_at(v, "step2_trace.final_gap"), 0.826, 5e-4);
    ck_assert_str_eq(string_at(v, "step2_trace.one_step_memory_unit"), "saw_not");
    ck_assert_double_eq_tol(number_at(v, "step2_trace.fading_without_evidence.mood.3"), 0.499, 5e-4);
    ck_assert(number_at(v, "bag_ceiling.twin_pair") == 0.5);
    ck_assert(number_at(v, "bag_ceiling.not_rows") == 0.5);
}
END_TEST

/* Both readings: parameter counts from the built models agree with the shapes;
 * counting is perfect on "very" rows and near chance on "not" rows; the 20
 * fresh sets bracket their mean. */
START_TEST(test_values_bag_readings)
{
    static const char *const readings[] = { "readings.epochs_60", "readings.epochs_30" };
    const cJSON *v = values_of(root);
    char path[128];

    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s.logistic.params", readings[i]);
        ck_assert(number_at(v, path) == order_bag_params(ORDER_LOGISTIC));
        snprintf(path, sizeof path, "%s.mlp64.params", readings[i]);
        ck_assert(number_at(v, path) == order_bag_params(ORDER_MLP64));
        snprintf(path, sizeof path, "%s.logistic.very", readings[i]);
        ck_assert(number_at(v, path) == 1.0);
        snprintf(path, sizeof path, "%s.logistic.not", readings[i]);
        ck_assert_double_le(fabs(number_at(v, path) - 0.5), 0.1);
        snprintf(path, sizeof path, "%s.mlp64.fresh_not.min", readings[i]);
        {
            double lo = number_at(v, path), mean, hi;

            snprintf(path, sizeof path, "%s.mlp64.fresh_not.mean", readings[i]);
            mean = number_at(v, path);
            snprintf(path, sizeof path, "%s.mlp64.fresh_not.max", readings[i]);
            hi = number_at(v, path);
            ck_assert(lo <= mean && mean <= hi && hi < 0.65 && lo > 0.35);
        }
    }
    ck_assert(number_at(v, "readings.epochs_60.epochs") == 60);
    ck_assert(number_at(v, "readings.epochs_30.epochs") == 30);
}
END_TEST

/* The committed file must be byte-deterministic: two runs serialise the same. */
START_TEST(test_values_deterministic)
{
    struct gb_err err;
    cJSON *values, *again = expected_json_new("order_matters", &values);
    char *a, *b;

    ck_assert_int_eq(exp_order_values(values, &err), 0);
    a = cJSON_Print(root);
    b = cJSON_Print(again);
    ck_assert_str_eq(a, b);
    cJSON_free(a);
    cJSON_free(b);
    cJSON_Delete(again);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("exp_order");
    TCase *tc = tcase_create("core"), *tv = tcase_create("values");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_bag_params_from_shapes);
    tcase_add_test(tc, test_bag_ceiling);
    tcase_add_test(tc, test_bag_ceiling_matches_generated_rows);
    suite_add_tcase(s, tc);
    tcase_add_checked_fixture(tv, compute_values, free_values);
    tcase_set_timeout(tv, 120);
    tcase_add_test(tv, test_values_split_twins_trace);
    tcase_add_test(tv, test_values_bag_readings);
    tcase_add_test(tv, test_values_deterministic);
    suite_add_tcase(s, tv);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
