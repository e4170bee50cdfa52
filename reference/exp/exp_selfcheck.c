/* exp_selfcheck.c — the self-check questions' expected values (see exp_selfcheck.h).
 *
 * One section per question, named by the question's type; each section gathers
 * what that question's answer must contain from the experiment that computes it.
 */
#include "exp/exp_selfcheck.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nn/attention.h"
#include "exp/exp_attention.h"
#include "exp/exp_gradient.h"
#include "exp/expected_json.h"
#include "nn/nn_model.h"
#include "nn/train.h"
#include "clock.h"

int selfcheck_hops_rnn(int from, int to)
{
    return to > from ? to - from : from - to;
}

int selfcheck_hops_attention(int from, int to)
{
    return from == to ? 0 : 1;
}

/* Matrix FLOPs of one recurrent step for one sequence: G gate blocks of
 * H x (E + H) multiply-adds. */
static double recurrent_step_flops(int gates, int emb, int hid)
{
    return 2.0 * gates * hid * (emb + hid);
}

/* libm's exp may differ in its last bit between builds (FMA or not); twelve
 * decimals keep the committed file the same everywhere. */
static double twelve_decimals(double x)
{
    return round(x * 1e12) / 1e12;
}

/* output-prediction: query = key = value = the four meanings of the question. */
static int add_output_prediction(cJSON *values, struct gb_err *err)
{
    const double *e = exp_attention_meanings;   /* the question's four meanings */
    struct attention_result r;
    double most_index[EXP_ATTENTION_N], sums[EXP_ATTENTION_N], first_max = 0.0;
    int all_one = 1;
    cJSON *q;

    if (attention_attend(e, e, e, EXP_ATTENTION_N, EXP_ATTENTION_D, ATTENTION_SCALED, &r, err))
        return -1;
    for (int i = 0; i < EXP_ATTENTION_N; i++) {
        const double *w = r.weights + i * EXP_ATTENTION_N;
        int best = 0;

        sums[i] = 0.0;
        for (int j = 0; j < EXP_ATTENTION_N; j++) {
            sums[i] += w[j];
            if (w[j] > w[best])
                best = j;
        }
        sums[i] = twelve_decimals(sums[i]);
        most_index[i] = best;
        all_one &= sums[i] == 1.0;
    }
    for (int j = 0; j < EXP_ATTENTION_N; j++)
        first_max = fmax(first_max, twelve_decimals(r.weights[j]));
    if (!(q = expected_json_object(values, "output_prediction", err)) ||
        expected_json_vector(q, "most_attended_index", most_index, EXP_ATTENTION_N, err) ||
        expected_json_bool(q, "every_row_attends_most_to_itself",
                           most_index[0] == 0 && most_index[1] == 1 && most_index[2] == 2 &&
                           most_index[3] == 3, err) ||
        expected_json_number(q, "first_row_largest_weight", first_max, err) ||
        expected_json_number(q, "first_row_largest_weight_2dp", round(first_max * 100.0) / 100.0,
                             err) ||
        expected_json_vector(q, "row_sums", sums, EXP_ATTENTION_N, err) ||
        expected_json_bool(q, "rows_sum_to_one", all_one, err))
        return -1;
    return 0;
}

/* ---- Step 4: SeqNet on the review task --------------------------------------- */

/* Step 4's four hand-written reviews, scored by the trained model. */
const char *const selfcheck_hand_reviews[SELFCHECK_HAND_REVIEWS][SEQ_REVIEW_LEN] = {
    { "delivery", "was", "good", "and", "service", "was", "not", "slow" },
    { "delivery", "was", "slow", "and", "service", "was", "not", "good" },
    { "delivery", "was", "not", "good", "and", "service", "was", "slow" },
    { "delivery", "was", "very", "good", "and", "service", "was", "helpful" },
};

long selfcheck_seqnet_params(enum torch_cell core)
{
    long g = (long)core;           /* gate blocks */

    return SEQ_VOCAB_SIZE * (long)SEQNET_EMB                              /* Embedding */
           + g * SEQNET_HID * ((long)SEQNET_EMB + SEQNET_HID + 2)         /* W_ih, W_hh, biases */
           + SEQNET_HID + 1;                                              /* Linear(hid, 1) */
}

struct token_set {
    struct seq_review rows[ORDER_TRAIN_ROWS];
    int tok[ORDER_TRAIN_ROWS * SEQ_REVIEW_LEN];
    float y[ORDER_TRAIN_ROWS];
    unsigned char mask[2][ORDER_TRAIN_ROWS];
    struct nn_data data;
};

/* encode(make_reviews(n, seed)): token ids, labels, very/not masks. */
static void token_set_make(struct token_set *s, int n, uint64_t seed)
{
    memset(s->mask, 0, sizeof s->mask);
    sequences_make_reviews((size_t)n, seed, s->rows);
    for (int i = 0; i < n; i++) {
        memcpy(s->tok + i * SEQ_REVIEW_LEN, s->rows[i].ids, sizeof s->rows[i].ids);
        s->y[i] = (float)s->rows[i].label;
        s->mask[s->rows[i].kind][i] = 1;
    }
    s->data = (struct nn_data){ .rows = n, .width = SEQ_REVIEW_LEN, .tok = s->tok, .y = s->y };
}

static int score_seqnet(struct nn_model *m, const struct token_set *test, struct selfcheck_seqnet *r,
                        struct gb_err *err)
{
    const unsigned char *masks[3] = { NULL, test->mask[SEQ_KIND_VERY], test->mask[SEQ_KIND_NOT] };
    double *out[3] = { &r->scores.all, &r->scores.very, &r->scores.nots };
    struct train_score sc;

    for (int k = 0; k < 3; k++) {
        if (train_accuracy(m, &test->data, masks[k], &sc, err))
            return -1;
        *out[k] = sc.accuracy;
    }
    return 0;
}

/* P(positive) = sigmoid(logit) of the trained model on the hand-written reviews. */
static int score_hand_reviews(struct nn_model *m, struct selfcheck_seqnet *r, struct gb_err *err)
{
    int tok[SELFCHECK_HAND_REVIEWS * SEQ_REVIEW_LEN];
    float y[SELFCHECK_HAND_REVIEWS] = { 0 }, logits[SELFCHECK_HAND_REVIEWS];
    struct nn_data d = { .rows = SELFCHECK_HAND_REVIEWS, .width = SEQ_REVIEW_LEN, .tok = tok, .y = y };

    for (int i = 0; i < SELFCHECK_HAND_REVIEWS; i++)
        if (sequences_encode(selfcheck_hand_reviews[i], SEQ_REVIEW_LEN, tok + i * SEQ_REVIEW_LEN, err))
            return -1;
    nn_model_logits_all(m, &d, logits);
    for (int i = 0; i < SELFCHECK_HAND_REVIEWS; i++)
        r->p_positive[i] = 1.0 / (1.0 + exp(-(double)logits[i]));
    return 0;
}

int selfcheck_seqnet(enum torch_cell core, struct selfcheck_seqnet *r, struct gb_err *err)
{
    struct token_set *train = calloc(1, sizeof *train), *test = calloc(1, sizeof *test);
    struct train_opts opts = train_defaults();   /* Step 4: epochs=30, lr=0.01 */
    struct torch_gen g;
    struct nn_model m;
    double t0;
    int rc;

    memset(r, 0, sizeof *r);
    if (!train || !test) {
        free(train);
        free(test);
        return gb_fail(err, "out of memory for the review sets");
    }
    token_set_make(train, ORDER_TRAIN_ROWS, ORDER_TRAIN_SEED);
    token_set_make(test, ORDER_TEST_ROWS, ORDER_TEST_SEED);
    torch_gen_seed(&g, 7);
    rc = nn_model_seq(&m, &g, core, SEQ_VOCAB_SIZE, SEQNET_EMB, SEQNET_HID, SEQ_REVIEW_LEN,
                      opts.batch, err);
    if (!rc) {
        r->params = (long)m.params.total;
        t0 = gb_now_seconds();
        rc = train_run(&m, &train->data, &opts, NULL, err);
        r->train_seconds = gb_now_seconds() - t0;
        rc = rc || score_seqnet(&m, test, r, err) || score_hand_reviews(&m, r, err);
        nn_model_free(&m);
    }
    free(train);
    free(test);
    return rc ? gb_err_prefix(err, "SeqNet(%s)", core == TORCH_CELL_RNN ? "rnn" :
                              core == TORCH_CELL_GRU ? "gru" : "lstm") : 0;
}

/* Step 5's timing table: one forward pass, batch 32, 128 features, 1000 steps. */
#define TIMING_BATCH 32
#define TIMING_FEATURES 128
#define TIMING_LENGTH 1000
#define LONG_LENGTH 50               /* the module's long sequences: Steps 3 and 5 */

/* The module's quoted timings: machine measurements of the author's laptop,
 * which the explain-to-a-friend task asks students to cite.  Its prose says
 * 66.6 ms / 32.1 ms; its Output block, from another run, 66.5 / 30.6. */
static const double quoted_prose_ms[2] = { 66.6, 32.1 };
static const double quoted_table_ms[2] = { 66.5, 30.6 };

static int add_quote(cJSON *parent, const char *key, const double ms[2], const char *source,
                     struct gb_err *err)
{
    cJSON *q;

    if (!(q = expected_json_object(parent, key, err)) ||
        expected_json_number(q, "lstm_ms", ms[0], err) ||
        expected_json_number(q, "attention_ms", ms[1], err) ||
        expected_json_number(q, "ratio", ms[0] / ms[1], err) ||
        expected_json_bool(q, "quoted_from_module", 1, err) ||
        expected_json_string(q, "source", source, err))
        return -1;
    return 0;
}

/* trade-off (and the friend's "why attention" follow-up): hops and arithmetic
 * are computed; wall-clock times can only be quoted or measured. */
static int add_trade_off(cJSON *values, struct gb_err *err)
{
    const double t = TIMING_LENGTH, b = TIMING_BATCH, h = TIMING_FEATURES;
    double lstm = t * b * recurrent_step_flops(4, TIMING_FEATURES, TIMING_FEATURES);
    double attention = 2.0 * (2.0 * b * t * t * h);     /* x xᵀ, then weights · x */
    cJSON *q, *hops, *flops;

    if (!(q = expected_json_object(values, "trade_off", err)) ||
        !(hops = expected_json_object(q, "hops", err)) ||
        expected_json_number(hops, "length", LONG_LENGTH, err) ||
        expected_json_number(hops, "rnn", selfcheck_hops_rnn(1, LONG_LENGTH), err) ||
        expected_json_number(hops, "attention", selfcheck_hops_attention(1, LONG_LENGTH), err) ||
        !(flops = expected_json_object(q, "forward_flops_length_1000", err)) ||
        expected_json_number(flops, "lstm", lstm, err) ||
        expected_json_number(flops, "attention", attention, err) ||
        expected_json_number(flops, "lstm_sequential_steps", t, err) ||
        expected_json_number(flops, "attention_sequential_steps", 1, err) ||
        add_quote(q, "module_timing", quoted_prose_ms, "Step 5's prose and the task's text", err) ||
        add_quote(q, "module_timing_table", quoted_table_ms, "Step 5's Output block, length 1000",
                  err))
        return -1;
    return 0;
}

/* ---- interpretation: the gain-0.5 blame table and what produced 0.490 ------- */

static const double gains[] = { 0.5, 0.9, 1.0, 1.2, 1.5 };

static double per_step_factor(const struct exp_gradient_curve *c)
{
    return pow(c->norm[0] / c->norm[c->steps - 1], 1.0 / (c->steps - 1));
}

/* How many of the last steps still receive at least 1/1000 of the last step's
 * blame: the part of the input the model can learn from. */
static int steps_reached(const struct exp_gradient_curve *c)
{
    double floor = c->norm[c->steps - 1] / 1000.0;
    int t = c->steps;

    while (t > 0 && c->norm[t - 1] >= floor)
        t--;
    return c->steps - t;
}

static int add_interpretation(cJSON *values, struct gb_err *err)
{
    struct exp_gradient_curve c, other;
    cJSON *q, *by_gain;
    char key[32];

    if (exp_gradient_rnn(0.5, LONG_LENGTH, EXP_GRADIENT_RESEED, &c, NULL, err))
        return -1;
    if (!(q = expected_json_object(values, "interpretation", err)) ||
        expected_json_number(q, "recurrent_gain", 0.5, err) ||
        expected_json_string(q, "cause", "the recurrent gain: the one shared recurrent matrix, "
                             "scaled to 0.5, multiplies the blame once per step", err) ||
        expected_json_number(q, "step_50", c.norm[49], err) ||
        expected_json_number(q, "step_20", c.norm[19], err) ||
        expected_json_number(q, "step_1", c.norm[0], err) ||
        expected_json_number(q, "step1_over_step50", c.norm[0] / c.norm[49], err) ||
        expected_json_number(q, "per_step_factor", per_step_factor(&c), err) ||
        expected_json_number(q, "steps_above_1e-3_of_last", steps_reached(&c), err) ||
        !(by_gain = expected_json_object(q, "factor_by_gain", err)))
        return -1;
    for (size_t i = 0; i < sizeof gains / sizeof gains[0]; i++) {
        if (exp_gradient_rnn(gains[i], LONG_LENGTH, EXP_GRADIENT_RESEED, &other, NULL, err))
            return -1;
        snprintf(key, sizeof key, "gain_%d_%d", (int)gains[i], (int)lround(gains[i] * 10) % 10);
        if (expected_json_number(by_gain, key, per_step_factor(&other), err))
            return -1;
    }
    return 0;
}

/* ---- debug: the memorising LSTM at length 50 ---------------------------------- */

/* The module's numbers for the forget-bias-0 LSTM.  The length-50 row failed to
 * learn, so its digits are chaotic in any build (this machine's torch 1.13 gives
 * 0.839 / 0.495); the reference's own run is memory_lab.json's, scored by range. */
static const double module_lstm_50[2] = { 0.858, 0.506 };
static const double module_lstm_20[2] = { 1.0, 1.0 };

static int add_debug(cJSON *values, struct gb_err *err)
{
    cJSON *q, *m50, *m20;

    if (!(q = expected_json_object(values, "debug", err)) ||
        expected_json_number(q, "length", LONG_LENGTH, err) ||
        !(m50 = expected_json_object(q, "module_length_50", err)) ||
        expected_json_number(m50, "train_acc", module_lstm_50[0], err) ||
        expected_json_number(m50, "test_acc", module_lstm_50[1], err) ||
        expected_json_number(m50, "train_minus_test", module_lstm_50[0] - module_lstm_50[1], err) ||
        expected_json_bool(m50, "quoted_from_module", 1, err) ||
        expected_json_bool(m50, "chaotic", 1, err) ||
        !(m20 = expected_json_object(q, "module_length_20", err)) ||
        expected_json_number(m20, "train_acc", module_lstm_20[0], err) ||
        expected_json_number(m20, "test_acc", module_lstm_20[1], err) ||
        expected_json_bool(m20, "quoted_from_module", 1, err) ||
        expected_json_string(q, "reference_values", "memory_lab:length_50.lstm_b0 (chaotic: "
                             "score by range), memory_lab:length_20.lstm_b0, "
                             "memory_lab:length_50.lstm_b3 (the fix)",
                             err) ||
        expected_json_number(q, "chance_level", 0.5, err))
        return -1;
    return 0;
}

/* ---- scenario-judgement: Step 4's sequence models on 8-token reviews ---------- */

static const double module_step4_seconds[2] = { 0.3, 0.6 };   /* RNN, LSTM: the author's clock */

static int add_seqnet(cJSON *parent, const char *key, enum torch_cell core,
                      struct selfcheck_seqnet *r, struct gb_err *err)
{
    cJSON *m;

    if (selfcheck_seqnet(core, r, err))
        return -1;
    if (!(m = expected_json_object(parent, key, err)) ||
        expected_json_number(m, "params", (double)r->params, err) ||
        expected_json_number(m, "params_from_shapes", (double)selfcheck_seqnet_params(core), err) ||
        expected_json_number(m, "all", r->scores.all, err) ||
        expected_json_number(m, "very", r->scores.very, err) ||
        expected_json_number(m, "not", r->scores.nots, err) ||
        expected_json_number(m, "matrix_flops_per_token",
                             recurrent_step_flops((int)core, SEQNET_EMB, SEQNET_HID), err))
        return -1;
    return 0;
}

static int add_scenario(cJSON *values, struct selfcheck_seqnet *rnn, struct gb_err *err)
{
    struct selfcheck_seqnet gru, lstm;
    double p3[SELFCHECK_HAND_REVIEWS];
    cJSON *q, *quote;

    if (!(q = expected_json_object(values, "scenario_judgement", err)) ||
        expected_json_number(q, "review_tokens", SEQ_REVIEW_LEN, err) ||
        expected_json_number(q, "blame_hops", selfcheck_hops_rnn(1, SEQ_REVIEW_LEN), err) ||
        add_seqnet(q, "rnn", TORCH_CELL_RNN, rnn, err) ||
        add_seqnet(q, "gru", TORCH_CELL_GRU, &gru, err) ||
        add_seqnet(q, "lstm", TORCH_CELL_LSTM, &lstm, err))
        return -1;
    /* A trained model's probabilities carry float rounding of its build; the
     * module prints them to 3 decimals, and so does the committed file. */
    for (int i = 0; i < SELFCHECK_HAND_REVIEWS; i++)
        p3[i] = round(lstm.p_positive[i] * 1000.0) / 1000.0;
    if (
        expected_json_number(q, "lstm_over_rnn_params", (double)lstm.params / (double)rnn->params,
                             err) ||
        expected_json_number(q, "lstm_over_rnn_flops",
                             recurrent_step_flops(4, SEQNET_EMB, SEQNET_HID) /
                             recurrent_step_flops(1, SEQNET_EMB, SEQNET_HID), err) ||
        expected_json_vector(q, "lstm_p_positive_3dp", p3, SELFCHECK_HAND_REVIEWS, err) ||
        !(quote = expected_json_object(q, "module_train_seconds", err)) ||
        expected_json_number(quote, "rnn", module_step4_seconds[0], err) ||
        expected_json_number(quote, "lstm", module_step4_seconds[1], err) ||
        expected_json_number(quote, "lstm_over_rnn", module_step4_seconds[1] / module_step4_seconds[0],
                             err) ||
        expected_json_bool(quote, "quoted_from_module", 1, err))
        return -1;
    return 0;
}

/* ---- explain to a friend: one accuracy, one gradient number, hops, timings ----- */

static int add_friend(cJSON *values, const struct selfcheck_seqnet *rnn, struct gb_err *err)
{
    struct order_reading bag;
    struct exp_gradient_curve c;
    cJSON *q;

    if (order_bag_reading(60, &bag, err) ||
        exp_gradient_rnn(0.5, LONG_LENGTH, EXP_GRADIENT_RESEED, &c, NULL, err))
        return -1;
    if (!(q = expected_json_object(values, "explain_to_a_friend", err)) ||
        expected_json_number(q, "bag_not_accuracy", bag.scores[ORDER_LOGISTIC].nots, err) ||
        expected_json_number(q, "bag_very_accuracy", bag.scores[ORDER_LOGISTIC].very, err) ||
        expected_json_number(q, "sequence_not_accuracy", rnn->scores.nots, err) ||
        expected_json_number(q, "gradient_step_1", c.norm[0], err) ||
        expected_json_number(q, "gradient_step_50", c.norm[49], err) ||
        expected_json_number(q, "gradient_factor", per_step_factor(&c), err) ||
        expected_json_number(q, "hops_rnn", selfcheck_hops_rnn(1, LONG_LENGTH), err) ||
        expected_json_number(q, "hops_attention", selfcheck_hops_attention(1, LONG_LENGTH), err) ||
        add_quote(q, "module_timing", quoted_prose_ms, "Step 5's prose and the task's text", err))
        return -1;
    return 0;
}

int exp_selfcheck_values(cJSON *values, struct gb_err *err)
{
    struct selfcheck_seqnet rnn;

    if (add_interpretation(values, err) || add_debug(values, err) ||
        add_output_prediction(values, err) || add_scenario(values, &rnn, err) ||
        add_trade_off(values, err) || add_friend(values, &rnn, err))
        return -1;
    return 0;
}
