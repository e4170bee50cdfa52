/* exp_attention.c — computes every expected value of attention_by_hand (see exp_attention.h). */
#include "exp/exp_attention.h"

#include <math.h>
#include <stdio.h>

#include "nn/attention.h"
#include "exp/expected_json.h"

#define N EXP_ATTENTION_N
#define D EXP_ATTENTION_D

const char *const exp_attention_tokens[N] = { "support", "was", "not", "rude" };

/* Axes: subject, good/bad, negation, filler — as the exercise states them. */
const double exp_attention_meanings[N * D] = {
    2.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 2.0,
    0.0, 0.0, 2.0, 0.5,
    0.0, -2.0, 0.0, 0.0,
};

/* Step 6's query matrix: a bad word asks for its subject and for a negator. */
const double exp_attention_wq[D * D] = {
    0.0, -1.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0,
    0.0, -1.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0,
};

static const char *const axes[D] = { "subject", "good_bad", "negation", "filler" };

/* A square table as {row token: {column token: value}}. */
static int add_table(cJSON *parent, const char *key, const double *m, struct gb_err *err)
{
    cJSON *table = expected_json_object(parent, key, err);

    if (!table)
        return -1;
    for (int i = 0; i < N; i++) {
        cJSON *row = expected_json_object(table, exp_attention_tokens[i], err);
        if (!row)
            return -1;
        for (int j = 0; j < N; j++)
            if (expected_json_number(row, exp_attention_tokens[j], m[i * N + j], err))
                return -1;
    }
    return 0;
}

/* Rows of n x D vectors as {token: [d numbers]}. */
static int add_rows(cJSON *parent, const char *key, const double *m, struct gb_err *err)
{
    cJSON *rows = expected_json_object(parent, key, err);

    if (!rows)
        return -1;
    for (int i = 0; i < N; i++)
        if (expected_json_vector(rows, exp_attention_tokens[i], m + i * D, D, err))
            return -1;
    return 0;
}

static int add_case(cJSON *values, const char *key, const struct attention_result *r,
                    const struct attention_result *unscaled, struct gb_err *err)
{
    cJSON *c = expected_json_object(values, key, err), *sums, *most, *mistake;

    if (!c || add_table(c, "scores", r->scores, err) || add_table(c, "weights", r->weights, err))
        return -1;
    if (!(sums = expected_json_object(c, "row_sums", err)) ||
        !(most = expected_json_object(c, "most_attended", err)))
        return -1;
    for (int i = 0; i < N; i++) {
        double sum = 0.0;
        int best = 0;
        for (int j = 0; j < N; j++) {
            sum += r->weights[i * N + j];
            if (r->weights[i * N + j] > r->weights[i * N + best])
                best = j;
        }
        if (expected_json_number(sums, exp_attention_tokens[i], sum, err) ||
            expected_json_string(most, exp_attention_tokens[i], exp_attention_tokens[best], err))
            return -1;
    }
    if (add_rows(c, "output", r->out, err))
        return -1;
    if (!(mistake = expected_json_object(c, "without_sqrt_d_scaling", err)) ||
        add_table(mistake, "weights", unscaled->weights, err) ||
        add_rows(mistake, "output", unscaled->out, err))
        return -1;
    return 0;
}

/* Part one on paper: the rude row's dot products, scaled scores and softmax. */
static int add_hand_row(cJSON *values, const struct attention_result *a, struct gb_err *err)
{
    const int rude = N - 1;
    double dots[N], scaled[N], soft[N];
    cJSON *hand = expected_json_object(values, "hand_rude_row", err);

    if (!hand)
        return -1;
    for (int j = 0; j < N; j++) {
        dots[j] = 0.0;
        for (int k = 0; k < D; k++)
            dots[j] += exp_attention_meanings[rude * D + k] * exp_attention_meanings[j * D + k];
        scaled[j] = a->scores[rude * N + j];
        soft[j] = a->weights[rude * N + j];
    }
    if (expected_json_vector(hand, "dot_products", dots, N, err) ||
        expected_json_number(hand, "sqrt_d", sqrt((double)D), err) ||
        expected_json_vector(hand, "scaled_scores", scaled, N, err) ||
        expected_json_vector(hand, "softmax", soft, N, err))
        return -1;
    return 0;
}

/* The rude row of table B, read aloud: which numbers moved and to what. */
static int add_rude_reading(cJSON *values, const struct attention_result *b, struct gb_err *err)
{
    const int rude = N - 1;
    cJSON *r = expected_json_object(values, "rude_row", err);

    if (!r)
        return -1;
    for (int k = 0; k < D; k++) {
        char key[64];
        snprintf(key, sizeof key, "%s_before", axes[k]);
        if (expected_json_number(r, key, exp_attention_meanings[rude * D + k], err))
            return -1;
        snprintf(key, sizeof key, "%s_after", axes[k]);
        if (expected_json_number(r, key, b->out[rude * D + k], err))
            return -1;
    }
    return 0;
}

static void permute_rows(const double *src, const int *perm, double *dst)
{
    for (int i = 0; i < N; i++)
        for (int k = 0; k < D; k++)
            dst[i * D + k] = src[perm[i] * D + k];
}

/* Every reordering of the tokens: the output rows move with their tokens and keep their
 * values (attention is permutation-equivariant), while what sits at each position changes. */
static int add_shuffle(cJSON *values, const double *q, const struct attention_result *b,
                       struct gb_err *err)
{
    int perm[N];
    double follow = 0.0, same_position = 0.0;
    cJSON *s;

    for (int p = 0; p < 24; p++) {
        double qp[N * D], ep[N * D];
        struct attention_result r;
        int left = p, used[N] = { 0 };

        for (int i = 0; i < N; i++) {       /* the p-th permutation, factorial numbering */
            int f = 1, pick;
            for (int k = 2; k <= N - 1 - i; k++)
                f *= k;
            pick = left / f;
            left %= f;
            for (int j = 0; j < N; j++)
                if (!used[j] && pick-- == 0) {
                    perm[i] = j;
                    used[j] = 1;
                    break;
                }
        }
        permute_rows(q, perm, qp);
        permute_rows(exp_attention_meanings, perm, ep);
        if (attention_attend(qp, ep, ep, N, D, ATTENTION_SCALED, &r, err))
            return -1;
        for (int i = 0; i < N; i++)
            for (int k = 0; k < D; k++) {
                follow = fmax(follow, fabs(r.out[i * D + k] - b->out[perm[i] * D + k]));
                same_position = fmax(same_position, fabs(r.out[i * D + k] - b->out[i * D + k]));
            }
    }
    if (!(s = expected_json_object(values, "shuffle", err)) ||
        expected_json_number(s, "permutations_tried", 24, err) ||
        expected_json_number(s, "max_gap_rows_follow_tokens", follow, err) ||
        expected_json_number(s, "max_change_at_fixed_position", same_position, err) ||
        expected_json_bool(s, "order_blind", follow < 1e-12, err))
        return -1;
    return 0;
}

static int add_inputs(cJSON *values, const double *q, struct gb_err *err)
{
    cJSON *tokens = cJSON_CreateStringArray(exp_attention_tokens, N);

    if (!tokens || !cJSON_AddItemToObject(values, "tokens", tokens)) {
        cJSON_Delete(tokens);
        return gb_fail(err, "out of memory adding tokens");
    }
    if (expected_json_number(values, "d", D, err) ||
        add_rows(values, "meanings", exp_attention_meanings, err) ||
        add_rows(values, "queries", q, err))
        return -1;
    return 0;
}

int exp_attention_values(cJSON *values, struct gb_err *err)
{
    struct attention_result a, a_raw, b, b_raw, b_torch;
    double q[N * D];
    double gap = 0.0;
    cJSON *check;

    /* Q = E Wqᵀ: each token's query is its meaning seen through Wq. */
    for (int i = 0; i < N; i++)
        for (int j = 0; j < D; j++) {
            q[i * D + j] = 0.0;
            for (int k = 0; k < D; k++)
                q[i * D + j] += exp_attention_meanings[i * D + k] * exp_attention_wq[j * D + k];
        }
    if (attention_attend(exp_attention_meanings, exp_attention_meanings, exp_attention_meanings,
                         N, D, ATTENTION_SCALED, &a, err) ||
        attention_attend(exp_attention_meanings, exp_attention_meanings, exp_attention_meanings,
                         N, D, ATTENTION_UNSCALED, &a_raw, err) ||
        attention_attend(q, exp_attention_meanings, exp_attention_meanings, N, D,
                         ATTENTION_SCALED, &b, err) ||
        attention_attend(q, exp_attention_meanings, exp_attention_meanings, N, D,
                         ATTENTION_UNSCALED, &b_raw, err) ||
        attention_attend(q, exp_attention_meanings, exp_attention_meanings, N, D,
                         ATTENTION_QUERY_PRESCALED, &b_torch, err))
        return -1;
    for (int i = 0; i < N * D; i++)
        gap = fmax(gap, fabs(b.out[i] - b_torch.out[i]));

    if (add_inputs(values, q, err) || add_hand_row(values, &a, err) ||
        add_case(values, "self_attention", &a, &a_raw, err) ||
        add_case(values, "query_matrix", &b, &b_raw, err) ||
        add_rude_reading(values, &b, err) || add_shuffle(values, q, &b, err))
        return -1;
    if (!(check = expected_json_object(values, "library_check", err)) ||
        expected_json_number(check, "prescaled_query_max_gap", gap, err))
        return -1;
    return 0;
}
