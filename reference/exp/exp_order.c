/* exp_order.c — the order_matters exercise's expected values (see exp_order.h). */
#include "exp/exp_order.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "exp/expected_json.h"
#include "nn/hand_rnn.h"
#include "nn/nn_model.h"
#include "rng/sequences.h"
#include "nn/train.h"
#include "clock.h"

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* Step 1's twin pair: the same eight words, opposite meanings. */
static const char *const twin_a[SEQ_REVIEW_LEN] = { "delivery", "was", "good", "and",
                                                    "service", "was", "not", "slow" };
static const char *const twin_b[SEQ_REVIEW_LEN] = { "delivery", "was", "slow", "and",
                                                    "service", "was", "not", "good" };

long order_bag_params(enum order_model model)
{
    if (model == ORDER_LOGISTIC)                        /* Linear(17, 1) */
        return SEQ_VOCAB_SIZE + 1L;
    return SEQ_VOCAB_SIZE * (long)ORDER_MLP_HIDDEN + ORDER_MLP_HIDDEN   /* Linear(17, 64) */
           + ORDER_MLP_HIDDEN + 1L;                                     /* Linear(64, 1) */
}

/* ---- the bag ceiling: make_reviews' distribution, enumerated ---------------- */

struct bag_count {
    unsigned char counts[SEQ_VOCAB_SIZE];
    long count[2];                    /* equally likely draws, by label */
};

struct bag_table {
    struct bag_count rows[512];        /* 160 "not" bags + 200 "very" bags */
    int n;
};

static void add_review(struct bag_table *t, const int *ids, int label)
{
    unsigned char counts[SEQ_VOCAB_SIZE] = { 0 };
    int i;

    for (int k = 0; k < SEQ_REVIEW_LEN; k++)
        counts[ids[k]]++;
    for (i = 0; i < t->n; i++)
        if (!memcmp(t->rows[i].counts, counts, sizeof counts))
            break;
    if (i == t->n) {
        if (t->n == (int)N_OF(t->rows))
            return;                   /* cannot happen: 360 bags exist */
        memcpy(t->rows[t->n].counts, counts, sizeof counts);
        t->rows[t->n].count[0] = t->rows[t->n].count[1] = 0;
        t->n++;
    }
    t->rows[i].count[label]++;
}

/* Every draw make_reviews can make, each equally likely: an ordered pair of
 * different subjects (1 in 20), polarity, modifier, which clause takes the
 * modifier (1 in 2 each), the modified and the plain opinion word (1 in 4 each).
 * Counting draws keeps the ceiling an exact ratio of integers. */
static void enumerate_reviews(struct bag_table *t, int kind)
{
    static const int pos[4] = { SEQ_GOOD, SEQ_QUICK, SEQ_CLEAN, SEQ_HELPFUL };
    static const int neg[4] = { SEQ_BAD, SEQ_SLOW, SEQ_DIRTY, SEQ_RUDE };

    for (int s1 = SEQ_DELIVERY; s1 <= SEQ_SUPPORT; s1++)
        for (int s2 = SEQ_DELIVERY; s2 <= SEQ_SUPPORT; s2++)
            for (int pol = 0; pol < 2 && s1 != s2; pol++)
                for (int very = 0; very < 2; very++) {
                    const int *plain = pol ? pos : neg;
                    const int *modp = very ? plain : (pol ? neg : pos);
                    int mod = very ? SEQ_VERY : SEQ_NOT;

                    if (kind >= 0 && kind != (very ? SEQ_KIND_VERY : SEQ_KIND_NOT))
                        continue;
                    for (int w = 0; w < 16; w++) {
                        int m = modp[w / 4], q = plain[w % 4];
                        int first[SEQ_REVIEW_LEN] = { s1, SEQ_WAS, mod, m, SEQ_AND, s2, SEQ_WAS, q };
                        int second[SEQ_REVIEW_LEN] = { s1, SEQ_WAS, q, SEQ_AND, s2, SEQ_WAS, mod, m };

                        add_review(t, first, pol);
                        add_review(t, second, pol);
                    }
                }
}

double order_bag_ceiling(int kind)
{
    struct bag_table *t = calloc(1, sizeof *t);
    long best = 0, total = 0;

    if (!t)
        return NAN;
    enumerate_reviews(t, kind);
    for (int i = 0; i < t->n; i++) {
        const long *c = t->rows[i].count;

        best += c[0] > c[1] ? c[0] : c[1];
        total += c[0] + c[1];
    }
    free(t);
    return (double)best / (double)total;
}

/* ---- the expected-values file ------------------------------------------------- */

static int add_split(cJSON *values, struct gb_err *err)
{
    static struct seq_review train[ORDER_TRAIN_ROWS], test[ORDER_TEST_ROWS];
    double counts[2][2] = { { 0 } };          /* [train/test][very/not] */
    cJSON *split;

    sequences_make_reviews(ORDER_TRAIN_ROWS, ORDER_TRAIN_SEED, train);
    sequences_make_reviews(ORDER_TEST_ROWS, ORDER_TEST_SEED, test);
    for (int i = 0; i < ORDER_TRAIN_ROWS; i++)
        counts[0][train[i].kind == SEQ_KIND_NOT]++;
    for (int i = 0; i < ORDER_TEST_ROWS; i++)
        counts[1][test[i].kind == SEQ_KIND_NOT]++;
    if (!(split = expected_json_object(values, "split", err)) ||
        expected_json_number(split, "vocabulary", SEQ_VOCAB_SIZE, err) ||
        expected_json_number(split, "review_tokens", SEQ_REVIEW_LEN, err) ||
        expected_json_number(split, "train_rows", ORDER_TRAIN_ROWS, err) ||
        expected_json_number(split, "test_rows", ORDER_TEST_ROWS, err) ||
        expected_json_number(split, "train_seed", ORDER_TRAIN_SEED, err) ||
        expected_json_number(split, "test_seed", ORDER_TEST_SEED, err) ||
        expected_json_number(split, "train_very", counts[0][0], err) ||
        expected_json_number(split, "train_not", counts[0][1], err) ||
        expected_json_number(split, "test_very", counts[1][0], err) ||
        expected_json_number(split, "test_not", counts[1][1], err))
        return -1;
    return 0;
}

static int add_tokens(cJSON *obj, const char *key, const char *const *tokens, int n,
                      struct gb_err *err)
{
    cJSON *arr = cJSON_CreateStringArray(tokens, n);

    if (!arr || !cJSON_AddItemToObject(obj, key, arr)) {
        cJSON_Delete(arr);
        return gb_fail(err, "out of memory adding '%s' to expected values", key);
    }
    return 0;
}

static int compare_words(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Step 1's twin pair: labels from the course grammar, bags from bag(). */
static int add_twin_pair(cJSON *values, struct gb_err *err)
{
    const char *sorted[SEQ_REVIEW_LEN];
    int ids_a[SEQ_REVIEW_LEN], ids_b[SEQ_REVIEW_LEN], label_a, label_b;
    float bag_a[SEQ_VOCAB_SIZE], bag_b[SEQ_VOCAB_SIZE];
    cJSON *twin;

    if (sequences_encode(twin_a, SEQ_REVIEW_LEN, ids_a, err) ||
        sequences_encode(twin_b, SEQ_REVIEW_LEN, ids_b, err) ||
        sequences_label(twin_a, SEQ_REVIEW_LEN, &label_a, err) ||
        sequences_label(twin_b, SEQ_REVIEW_LEN, &label_b, err))
        return gb_err_prefix(err, "the module's twin pair");
    sequences_bag(ids_a, SEQ_REVIEW_LEN, bag_a);
    sequences_bag(ids_b, SEQ_REVIEW_LEN, bag_b);
    memcpy(sorted, twin_a, sizeof sorted);
    qsort(sorted, SEQ_REVIEW_LEN, sizeof sorted[0], compare_words);
    if (!(twin = expected_json_object(values, "twin_pair", err)) ||
        add_tokens(twin, "a", twin_a, SEQ_REVIEW_LEN, err) ||
        add_tokens(twin, "b", twin_b, SEQ_REVIEW_LEN, err) ||
        expected_json_number(twin, "label_a", label_a, err) ||
        expected_json_number(twin, "label_b", label_b, err) ||
        add_tokens(twin, "sorted_words", sorted, SEQ_REVIEW_LEN, err) ||
        expected_json_bool(twin, "same_bag", !memcmp(bag_a, bag_b, sizeof bag_a), err))
        return -1;
    return 0;
}

/* The trace goes through libm's tanh, whose last bit may differ between libm
 * builds (and does against NumPy's own tanh); 12 decimals keep the committed file
 * identical on every machine while staying 1000x finer than any tolerance. */
static double trace_value(double x)
{
    return round(x * 1e12) / 1e12;
}

static void trace_values(const double *in, double *out, int n)
{
    for (int i = 0; i < n; i++)
        out[i] = trace_value(in[i]);
}

/* Which unit holds a one-step memory: up at the "not" step, back to zero on the
 * next; which fade: shrinking in size over steps that bring no evidence. */
static int add_unit_roles(cJSON *trace, double (*h)[HAND_RNN_UNITS], struct gb_err *err)
{
    static const char *const names[HAND_RNN_UNITS] = { "mood", "saw_not", "count" };
    size_t not_step = 0, first = hand_rnn_first_opinion(twin_a, SEQ_REVIEW_LEN);
    cJSON *fading;

    for (size_t t = 0; t < SEQ_REVIEW_LEN; t++)
        if (!strcmp(twin_a[t], "not"))
            not_step = t + 1;
    if (!not_step || not_step == SEQ_REVIEW_LEN || !first)
        return gb_fail(err, "the twin pair has no 'not' before its last word");
    for (int u = 0; u < HAND_RNN_UNITS; u++)
        if (fabs(h[not_step - 1][u]) > 0.5 && h[not_step][u] == 0.0 &&
            expected_json_string(trace, "one_step_memory_unit", names[u], err))
            return -1;
    if (!(fading = expected_json_object(trace, "fading_without_evidence", err)))
        return -1;
    for (int u = 0; u < HAND_RNN_UNITS; u++) {
        double run[SEQ_REVIEW_LEN];
        int n = 0, fades = 1;

        for (size_t t = first - 1; t + 1 < not_step; t++) {   /* the opinion word, then fillers */
            run[n++] = trace_value(h[t][u]);
            fades &= n == 1 ? fabs(run[0]) > 0.0 : fabs(run[n - 1]) < fabs(run[n - 2]);
        }
        if (fades && n > 1 && expected_json_vector(fading, names[u], run, n, err))
            return -1;
    }
    return 0;
}

/* hidden states with index = the module's step number (0 = <start>). */
static int add_states(cJSON *obj, const char *key, double (*h)[HAND_RNN_UNITS], struct gb_err *err)
{
    static const double start[HAND_RNN_UNITS] = { 0.0, 0.0, 0.0 };
    cJSON *arr = cJSON_CreateArray(), *row;

    if (!arr || !cJSON_AddItemToObject(obj, key, arr)) {
        cJSON_Delete(arr);
        return gb_fail(err, "out of memory adding '%s' to expected values", key);
    }
    for (int t = 0; t <= SEQ_REVIEW_LEN; t++) {
        double v[HAND_RNN_UNITS];

        trace_values(t ? h[t - 1] : start, v, HAND_RNN_UNITS);
        row = cJSON_CreateDoubleArray(v, HAND_RNN_UNITS);
        if (!row || !cJSON_AddItemToArray(arr, row)) {
            cJSON_Delete(row);
            return gb_fail(err, "out of memory adding '%s' to expected values", key);
        }
    }
    return 0;
}

static int add_step2_trace(cJSON *values, struct gb_err *err)
{
    static const char *const units[HAND_RNN_UNITS] = { "mood", "saw_not", "count" };
    double ha[SEQ_REVIEW_LEN][HAND_RNN_UNITS], hb[SEQ_REVIEW_LEN][HAND_RNN_UNITS], gap = 0.0;
    size_t not_step = 0;
    cJSON *trace;

    hand_rnn_trace(twin_a, SEQ_REVIEW_LEN, ha);
    hand_rnn_trace(twin_b, SEQ_REVIEW_LEN, hb);
    for (int u = 0; u < HAND_RNN_UNITS; u++)
        gap = fmax(gap, fabs(ha[SEQ_REVIEW_LEN - 1][u] - hb[SEQ_REVIEW_LEN - 1][u]));
    for (size_t t = 0; t < SEQ_REVIEW_LEN; t++)
        if (!strcmp(twin_a[t], "not"))
            not_step = t + 1;
    if (!(trace = expected_json_object(values, "step2_trace", err)) ||
        add_tokens(trace, "units", units, HAND_RNN_UNITS, err) ||
        add_states(trace, "a", ha, err) || add_states(trace, "b", hb, err) ||
        expected_json_number(trace, "separation_step",
                             (double)hand_rnn_separation((const double (*)[HAND_RNN_UNITS])ha,
                                                         (const double (*)[HAND_RNN_UNITS])hb,
                                                         SEQ_REVIEW_LEN, HAND_RNN_SAME_TOL), err) ||
        expected_json_number(trace, "separation_tolerance", HAND_RNN_SAME_TOL, err) ||
        expected_json_number(trace, "first_opinion_step",
                             (double)hand_rnn_first_opinion(twin_a, SEQ_REVIEW_LEN), err) ||
        expected_json_number(trace, "not_step", (double)not_step, err) ||
        expected_json_number(trace, "final_gap", trace_value(gap), err) ||
        add_unit_roles(trace, ha, err))
        return -1;
    return 0;
}

/* The best a reader of counts can do: on a twin pair it must answer both the
 * same, so it gets one right; on make_reviews' rows, see order_bag_ceiling. */
static int add_bag_ceiling(cJSON *values, struct gb_err *err)
{
    int label_a, label_b, best = 0;
    cJSON *ceiling;

    if (sequences_label(twin_a, SEQ_REVIEW_LEN, &label_a, err) ||
        sequences_label(twin_b, SEQ_REVIEW_LEN, &label_b, err))
        return -1;
    for (int answer = 0; answer < 2; answer++) {
        int right = (answer == label_a) + (answer == label_b);

        best = right > best ? right : best;
    }
    if (!(ceiling = expected_json_object(values, "bag_ceiling", err)) ||
        expected_json_number(ceiling, "twin_pair", best / 2.0, err) ||
        expected_json_number(ceiling, "not_rows", order_bag_ceiling(SEQ_KIND_NOT), err) ||
        expected_json_number(ceiling, "very_rows", order_bag_ceiling(SEQ_KIND_VERY), err) ||
        expected_json_number(ceiling, "all_rows", order_bag_ceiling(-1), err))
        return -1;
    return 0;
}

static int add_scores(cJSON *obj, const char *key, long params, const struct order_scores *s,
                      cJSON **model, struct gb_err *err)
{
    if (!(*model = expected_json_object(obj, key, err)) ||
        expected_json_number(*model, "params", (double)params, err) ||
        expected_json_number(*model, "all", s->all, err) ||
        expected_json_number(*model, "very", s->very, err) ||
        expected_json_number(*model, "not", s->nots, err))
        return -1;
    return 0;
}

static int add_reading(cJSON *readings, const char *key, int epochs, const char *source,
                       struct gb_err *err)
{
    struct order_reading r;
    cJSON *reading, *logistic, *mlp, *fresh;
    double seeds[2] = { ORDER_TEST_SEED, ORDER_TEST_SEED + ORDER_FRESH_SETS - 1 };

    if (order_bag_reading(epochs, &r, err))
        return -1;
    if (!(reading = expected_json_object(readings, key, err)) ||
        expected_json_number(reading, "epochs", epochs, err) ||
        expected_json_string(reading, "source", source, err) ||
        add_scores(reading, "logistic", r.params[ORDER_LOGISTIC], &r.scores[ORDER_LOGISTIC],
                   &logistic, err) ||
        add_scores(reading, "mlp64", r.params[ORDER_MLP64], &r.scores[ORDER_MLP64], &mlp, err) ||
        !(fresh = expected_json_object(mlp, "fresh_not", err)) ||
        expected_json_vector(fresh, "seeds", seeds, 2, err) ||
        expected_json_number(fresh, "min", r.fresh_min, err) ||
        expected_json_number(fresh, "mean", r.fresh_mean, err) ||
        expected_json_number(fresh, "max", r.fresh_max, err) ||
        expected_json_vector(fresh, "scores", r.fresh_not, ORDER_FRESH_SETS, err))
        return -1;
    return 0;
}

int exp_order_values(cJSON *values, struct gb_err *err)
{
    cJSON *readings;

    if (add_split(values, err) || add_twin_pair(values, err))
        return -1;
    if (!(readings = expected_json_object(values, "readings", err)) ||
        add_reading(readings, "epochs_60", 60, "Step 1: train(net, Btr, ytr, epochs=60)", err) ||
        add_reading(readings, "epochs_30", 30, "train()'s default epochs=30, as Step 4 uses",
                    err))
        return -1;
    if (add_bag_ceiling(values, err) || add_step2_trace(values, err))
        return -1;
    return 0;
}


/* ---- the bag models: Step 1's training, both readings ----------------------- */

struct bag_set {
    struct seq_review *rows;
    float *x, *y;
    unsigned char *mask[2];           /* by enum seq_kind: "very" rows, "not" rows */
    struct nn_data data;
};

static void bag_set_free(struct bag_set *s)
{
    free(s->rows);
    free(s->x);
    free(s->y);
    free(s->mask[0]);
    free(s->mask[1]);
}

/* encode() then bag(): the rows of make_reviews(n, seed) as word counts. */
static int bag_set_make(struct bag_set *s, int n, uint64_t seed, struct gb_err *err)
{
    memset(s, 0, sizeof *s);
    s->rows = calloc((size_t)n, sizeof *s->rows);
    s->x = calloc((size_t)n * SEQ_VOCAB_SIZE, sizeof *s->x);
    s->y = calloc((size_t)n, sizeof *s->y);
    s->mask[0] = calloc((size_t)n, 1);
    s->mask[1] = calloc((size_t)n, 1);
    if (!s->rows || !s->x || !s->y || !s->mask[0] || !s->mask[1]) {
        bag_set_free(s);
        return gb_fail(err, "out of memory making %d reviews", n);
    }
    sequences_make_reviews((size_t)n, seed, s->rows);
    for (int i = 0; i < n; i++) {
        sequences_bag(s->rows[i].ids, SEQ_REVIEW_LEN, s->x + (size_t)i * SEQ_VOCAB_SIZE);
        s->y[i] = (float)s->rows[i].label;
        s->mask[s->rows[i].kind][i] = 1;
    }
    s->data = (struct nn_data){ .rows = n, .width = SEQ_VOCAB_SIZE, .x = s->x, .y = s->y };
    return 0;
}

static int score(struct nn_model *m, const struct bag_set *s, const unsigned char *mask,
                 double *accuracy, struct gb_err *err)
{
    struct train_score sc;

    if (train_accuracy(m, &s->data, mask, &sc, err))
        return -1;
    *accuracy = sc.accuracy;
    return 0;
}

/* The 64-unit model's "not" score on the test sets of seeds 12..31. */
static int score_fresh(struct nn_model *m, struct order_reading *r, struct gb_err *err)
{
    struct bag_set s;
    double sum = 0.0;

    for (int k = 0; k < ORDER_FRESH_SETS; k++) {
        if (bag_set_make(&s, ORDER_TEST_ROWS, (uint64_t)(ORDER_TEST_SEED + k), err))
            return -1;
        if (score(m, &s, s.mask[SEQ_KIND_NOT], &r->fresh_not[k], err)) {
            bag_set_free(&s);
            return -1;
        }
        bag_set_free(&s);
        sum += r->fresh_not[k];
        r->fresh_min = k ? fmin(r->fresh_min, r->fresh_not[k]) : r->fresh_not[k];
        r->fresh_max = k ? fmax(r->fresh_max, r->fresh_not[k]) : r->fresh_not[k];
    }
    r->fresh_mean = sum / ORDER_FRESH_SETS;   /* Python: sum(scores) / len(scores) */
    return 0;
}

/* torch.manual_seed(7); net = build(); train(net, Btr, ytr, epochs, lr=0.01); acc x3 */
static int train_bag_model(enum order_model which, int epochs, const struct bag_set *train,
                           const struct bag_set *test, struct order_reading *r,
                           struct gb_err *err)
{
    struct train_opts opts = train_defaults();
    struct torch_gen g;
    struct nn_model m;
    struct order_scores *s = &r->scores[which];
    double t0;
    int rc;

    opts.epochs = epochs;
    torch_gen_seed(&g, 7);
    if (nn_model_bag(&m, &g, SEQ_VOCAB_SIZE, which == ORDER_MLP64 ? ORDER_MLP_HIDDEN : 0,
                     opts.batch, err))
        return -1;
    r->params[which] = (long)m.params.total;
    t0 = gb_now_seconds();
    rc = train_run(&m, &train->data, &opts, NULL, err);
    r->train_seconds[which] = gb_now_seconds() - t0;
    rc = rc || score(&m, test, NULL, &s->all, err) ||
         score(&m, test, test->mask[SEQ_KIND_VERY], &s->very, err) ||
         score(&m, test, test->mask[SEQ_KIND_NOT], &s->nots, err) ||
         (which == ORDER_MLP64 && score_fresh(&m, r, err));
    nn_model_free(&m);
    return rc ? -1 : 0;
}

int order_bag_reading(int epochs, struct order_reading *r, struct gb_err *err)
{
    struct bag_set train, test;
    int rc;

    memset(r, 0, sizeof *r);
    r->epochs = epochs;
    if (bag_set_make(&train, ORDER_TRAIN_ROWS, ORDER_TRAIN_SEED, err))
        return -1;
    if (bag_set_make(&test, ORDER_TEST_ROWS, ORDER_TEST_SEED, err)) {
        bag_set_free(&train);
        return -1;
    }
    rc = train_bag_model(ORDER_LOGISTIC, epochs, &train, &test, r, err) ||
         train_bag_model(ORDER_MLP64, epochs, &train, &test, r, err);
    bag_set_free(&train);
    bag_set_free(&test);
    return rc ? gb_err_prefix(err, "bag models, %d epochs", epochs) : 0;
}
