/* lesson_training.c — Steps 3, 4 and 5's Output blocks: gradient tables, the
 * sequence models on the review task, and the memory-length lab. */
#include <cblas.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "exp/exp_gradient.h"
#include "exp/exp_memory.h"
#include "exp/exp_order.h"
#include "exp/exp_selfcheck.h"
#include "lesson/lesson.h"
#include "lesson/lesson_steps.h"
#include "nn/nn_recurrent.h"
#include "rng/torch_rng.h"
#include "clock.h"

/* ---- Step 3: blame reaching each step ---------------------------------------- */

#define STEP3_COLUMNS 5

static const char *const step3_names[STEP3_COLUMNS] = {
    "RNN gain 0.5", "RNN gain 1.0", "RNN gain 1.5", "LSTM b_f=0", "LSTM b_f=3",
};

static int step3_curves(struct exp_gradient_curve *c, struct gb_err *err)
{
    static const double gains[3] = { 0.5, 1.0, 1.5 };

    for (int k = 0; k < 3; k++)
        if (exp_gradient_rnn(gains[k], 50, EXP_GRADIENT_RESEED, &c[k], NULL, err))
            return -1;
    if (exp_gradient_lstm(0.0, &c[3], err) || exp_gradient_lstm(3.0, &c[4], err))
        return -1;
    return 0;
}

int lesson_step3_gradients(FILE *out, struct gb_err *err)
{
    static const int rows[] = { 50, 45, 40, 30, 20, 10, 5, 1 };
    struct exp_gradient_curve c[STEP3_COLUMNS];
    char factor[32];

    if (step3_curves(c, err))
        return -1;
    fprintf(out, "Blame reaching step t when the only loss sits at step 50\n%5s", "step");
    for (int k = 0; k < STEP3_COLUMNS; k++)
        fprintf(out, "%14s", step3_names[k]);
    fprintf(out, "\n");
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        fprintf(out, "%5d", rows[i]);
        for (int k = 0; k < STEP3_COLUMNS; k++)
            fprintf(out, "%14.3e", c[k].norm[rows[i] - 1]);
        fprintf(out, "\n");
    }
    fprintf(out, "\n%-14s %12s %12s %13s %16s\n", "model", "step 50", "step 1", "step1/step50",
            "shrinks per step");
    for (int k = 0; k < STEP3_COLUMNS; k++) {
        double first = c[k].norm[0], last = c[k].norm[c[k].steps - 1];

        snprintf(factor, sizeof factor, "x%.3f", pow(first / last, 1.0 / (c[k].steps - 1)));
        fprintf(out, "%-14s %12.3e %12.3e %13.2e %16s\n", step3_names[k], last, first,
                first / last, factor);
    }
    return 0;
}

static void print_step4_row(FILE *out, const char *name, long params, double seconds,
                            const struct order_scores *s)
{
    char p[32];

    fprintf(out, "%-24s %8s %8.1f %7.3f %7.3f %7.3f\n", name, lesson_thousands(params, p, sizeof p),
            seconds, s->all, s->very, s->nots);
}

int lesson_step4_seqnet(FILE *out, struct gb_err *err)
{
    static const struct { const char *name; enum torch_cell core; } seq[3] = {
        { "plain RNN, 32 units", TORCH_CELL_RNN },
        { "GRU, 32 units", TORCH_CELL_GRU },
        { "LSTM, 32 units", TORCH_CELL_LSTM },
    };
    struct order_reading bag;
    struct selfcheck_seqnet net;
    char line[128];

    if (order_bag_reading(30, &bag, err))
        return -1;
    fprintf(out, "%-24s %8s %8s %7s %7s %7s\n", "model", "params", "train s", "all", "very", "not");
    print_step4_row(out, "bag of words, logistic", bag.params[ORDER_LOGISTIC],
                    bag.train_seconds[ORDER_LOGISTIC], &bag.scores[ORDER_LOGISTIC]);
    print_step4_row(out, "bag of words, 64-unit", bag.params[ORDER_MLP64],
                    bag.train_seconds[ORDER_MLP64], &bag.scores[ORDER_MLP64]);
    for (int k = 0; k < 3; k++) {
        if (selfcheck_seqnet(seq[k].core, &net, err))
            return -1;
        print_step4_row(out, seq[k].name, net.params, net.train_seconds, &net.scores);
    }
    fprintf(out, "\nthe trained LSTM on four hand-written reviews:\n");   /* net: the LSTM */
    for (int i = 0; i < SELFCHECK_HAND_REVIEWS; i++) {
        line[0] = '\0';
        for (int k = 0; k < SEQ_REVIEW_LEN; k++)
            snprintf(line + strlen(line), sizeof line - strlen(line), "%s%s", k ? " " : "",
                     selfcheck_hand_reviews[i][k]);
        fprintf(out, " P(positive) %.3f %s\n", net.p_positive[i], line);
    }
    return 0;
}

/* ---- Step 5's second table: one LSTM pass against one attention pass -------- */

#define PASS_BATCH 32
#define PASS_FEATURES 128
#define PASS_MAX_LENGTH 1000
#define PASS_REPEATS 3               /* the module averages three passes */

static const int pass_lengths[] = { 50, 200, 500, 1000 };

struct pass_bench {
    struct nn_recurrent lstm;
    float *weights;                  /* w_ih, w_hh, b_ih, b_hh of LSTM(128, 128) */
    float *x;                        /* [T][B][H]: one input, read time-major by the LSTM
                                        and sequence by sequence by attention */
    float *scores, *out;             /* [T][T], [T][H] for one sequence */
};

static void pass_bench_free(struct pass_bench *p)
{
    nn_recurrent_free(&p->lstm);
    free(p->weights);
    free(p->x);
    free(p->scores);
    free(p->out);
}

static int pass_bench_init(struct pass_bench *p, struct gb_err *err)
{
    const size_t h = PASS_FEATURES, gh = 4 * h, t = PASS_MAX_LENGTH, b = PASS_BATCH;
    struct torch_gen g;
    float *w;

    memset(p, 0, sizeof *p);
    if (nn_recurrent_init(&p->lstm, TORCH_CELL_LSTM, PASS_FEATURES, PASS_FEATURES,
                          PASS_MAX_LENGTH, PASS_BATCH, err))
        return -1;
    p->weights = malloc((gh * h * 2 + gh * 2) * sizeof *p->weights);
    p->x = malloc(t * b * h * sizeof *p->x);
    p->scores = malloc(t * t * sizeof *p->scores);
    p->out = malloc(t * h * sizeof *p->out);
    if (!p->weights || !p->x || !p->scores || !p->out) {
        pass_bench_free(p);
        return gb_fail(err, "out of memory for the timing passes");
    }
    w = p->weights;
    torch_gen_seed(&g, 0);
    torch_init_recurrent(&g, TORCH_CELL_LSTM, PASS_FEATURES, PASS_FEATURES, w, w + gh * h,
                         w + 2 * gh * h, w + 2 * gh * h + gh);
    torch_normal_f32(&g, p->x, t * b * h, 0.0, 1.0);
    nn_recurrent_bind(&p->lstm, w, w + gh * h, w + 2 * gh * h, w + 2 * gh * h + gh,
                      NULL, NULL, NULL, NULL);
    nn_recurrent_prepare(&p->lstm);
    return 0;
}

static void lstm_pass(struct pass_bench *p, int steps)
{
    nn_recurrent_project(&p->lstm, steps * PASS_BATCH, p->x);
    nn_recurrent_forward(&p->lstm, steps, PASS_BATCH);
}

/* softmax(x xᵀ / √H) x for each of the 32 sequences (rows b, b+B, ... of x). */
static void attention_pass(struct pass_bench *p, int steps)
{
    const int h = PASS_FEATURES, ld = PASS_BATCH * PASS_FEATURES;

    for (int b = 0; b < PASS_BATCH; b++) {
        const float *xb = p->x + (size_t)b * h;

        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, steps, steps, h,
                    1.0f / sqrtf((float)h), xb, ld, xb, ld, 0.0f, p->scores, steps);
        for (int i = 0; i < steps; i++) {
            float *row = p->scores + (size_t)i * steps, max = row[0], sum = 0.0f;

            for (int j = 1; j < steps; j++)
                max = row[j] > max ? row[j] : max;
            for (int j = 0; j < steps; j++)
                sum += row[j] = expf(row[j] - max);
            for (int j = 0; j < steps; j++)
                row[j] /= sum;
        }
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, steps, h, steps, 1.0f,
                    p->scores, steps, xb, ld, 0.0f, p->out, h);
    }
}

static double mean_ms(void (*pass)(struct pass_bench *, int), struct pass_bench *p, int steps)
{
    double t0;

    pass(p, steps < 8 ? steps : 8);           /* warm up, as the module does */
    t0 = gb_now_seconds();
    for (int k = 0; k < PASS_REPEATS; k++)
        pass(p, steps);
    return (gb_now_seconds() - t0) / PASS_REPEATS * 1000.0;
}

static int print_passes(FILE *out, struct gb_err *err)
{
    struct pass_bench p;

    if (pass_bench_init(&p, err))
        return -1;
    fprintf(out, "\nOne forward pass, batch %d, %d features: step by step, or all at once\n",
            PASS_BATCH, PASS_FEATURES);
    fprintf(out, "%7s %19s %21s %7s\n", "length", "LSTM (sequential)", "attention (parallel)",
            "ratio");
    for (size_t k = 0; k < sizeof pass_lengths / sizeof pass_lengths[0]; k++) {
        double a = mean_ms(lstm_pass, &p, pass_lengths[k]);
        double b = mean_ms(attention_pass, &p, pass_lengths[k]);

        fprintf(out, "%7d %16.1f ms %18.1f ms %6.1fx\n", pass_lengths[k], a, b, a / b);
    }
    pass_bench_free(&p);
    return 0;
}

/* ---- Step 5's first table: the memory-length lab ----------------------------- */

/* Step 5 trains RNN, LSTM and LSTM b_f=3 at lengths 5, 20, 50 (the exercise adds
 * the GRU and length 100; the lab computes the GRU too, but it is not printed). */
static int print_memory(FILE *out, struct gb_err *err)
{
    static const struct { const char *label, *key; } models[3] = {
        { "RNN", "rnn" }, { "LSTM", "lstm_b0" }, { "LSTM b_f=3", "lstm_b3" },
    };
    struct exp_memory_config cfg = exp_memory_exercise();
    struct exp_memory *m = calloc(1, sizeof *m);
    long threads = sysconf(_SC_NPROCESSORS_ONLN);

    if (!m)
        return gb_fail(err, "out of memory for the memory lab");
    cfg.max_length = 50;
    cfg.twins = 0;                   /* chaos detection is memory_lab.json's business */
    if (exp_memory_compute(&cfg, threads > 0 ? (int)threads : 1, m, err)) {
        free(m);
        return -1;
    }
    fprintf(out, "%7s %-11s %8s %10s %9s\n", "length", "model", "train s", "train acc", "test acc");
    for (int li = 0; li < EXP_MEMORY_NLENGTHS && exp_memory_lengths[li] <= 50; li++)
        for (int k = 0; k < 3; k++)
            for (int mi = 0; mi < EXP_MEMORY_NMODELS; mi++) {
                const struct exp_memory_run *r = &m->run[li][mi];

                if (strcmp(exp_memory_model_keys[mi], models[k].key) || !r->wanted)
                    continue;
                fprintf(out, "%7d %-11s %8.1f %10.3f %9.3f\n", r->steps, models[k].label,
                        r->seconds, r->train.accuracy, r->test.accuracy);
            }
    free(m);
    return 0;
}

int lesson_step5_memory(FILE *out, struct gb_err *err)
{
    if (print_memory(out, err) || print_passes(out, err))
        return -1;
    return 0;
}
