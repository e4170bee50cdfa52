/* exp_memory.c — the recall task, the four Recallers trained at each length on
 * a small thread pool, and rubrics/expected/memory_lab.json. */
#include "exp/exp_memory.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "exp/expected_json.h"
#include "nn/nn_gemm.h"
#include "nn/nn_peak.h"
#include "rng/torch_rng.h"
#include "clock.h"

enum { FLAGS = 2, FILLERS = 8, VOCAB = FLAGS + FILLERS, EMB = 16, HID = 32, BATCH = 64 };

const int exp_memory_lengths[EXP_MEMORY_NLENGTHS] = { 5, 20, 50, 100 };
const char *const exp_memory_model_keys[EXP_MEMORY_NMODELS] = { "rnn", "gru", "lstm_b0", "lstm_b3" };
static const enum torch_cell model_cell[EXP_MEMORY_NMODELS] = {
    TORCH_CELL_RNN, TORCH_CELL_GRU, TORCH_CELL_LSTM, TORCH_CELL_LSTM
};
static const float model_forget_bias[EXP_MEMORY_NMODELS] = { 0, 0, 0, 3 };

struct exp_memory_config exp_memory_exercise(void)
{
    struct exp_memory_config c = { 4000, 1000, 40, 100, 0 };
    return c;
}

/* Length 100 is the exercise's part three: the two extreme models only. */
static int wanted(const struct exp_memory_config *cfg, int li, int model)
{
    int T = exp_memory_lengths[li];
    if (T > cfg->max_length)
        return 0;
    return T < 100 || !strcmp(exp_memory_model_keys[model], "rnn") ||
           !strcmp(exp_memory_model_keys[model], "lstm_b3");
}

/* ---------------- the recall task ---------------- */

struct task_data {
    int *tok;
    float *y;
    struct nn_data data;
};

static int recall_task(int n, int T, uint64_t seed, struct task_data *td, struct gb_err *err)
{
    struct torch_gen g;
    int64_t *flag = malloc((size_t)n * sizeof *flag);
    int64_t *noise = malloc((size_t)n * (T - 1) * sizeof *noise + 1);
    td->tok = malloc((size_t)n * T * sizeof *td->tok);
    td->y = malloc((size_t)n * sizeof *td->y);
    if (!flag || !noise || !td->tok || !td->y) {
        free(flag);
        free(noise);
        free(td->tok);
        free(td->y);
        return gb_fail(err, "out of memory for a recall task of %d × %d", n, T);
    }
    torch_gen_seed(&g, seed);
    torch_randint(&g, flag, (size_t)n, 0, FLAGS);
    torch_randint(&g, noise, (size_t)n * (T - 1), FLAGS, FLAGS + FILLERS);
    for (int i = 0; i < n; i++) {
        td->tok[(size_t)i * T] = (int)flag[i];
        for (int t = 1; t < T; t++)
            td->tok[(size_t)i * T + t] = (int)noise[(size_t)i * (T - 1) + t - 1];
        td->y[i] = (float)flag[i];
    }
    free(flag);
    free(noise);
    td->data = (struct nn_data){ n, T, NULL, td->tok, td->y };
    return 0;
}

static void task_free(struct task_data *td)
{
    free(td->tok);
    free(td->y);
}

static double abs_corr(const struct nn_data *d, int pos)
{
    double sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0, n = d->rows;
    for (int i = 0; i < d->rows; i++) {
        double x = d->tok[(size_t)i * d->width + pos], y = d->y[i];
        sx += x; sy += y; sxx += x * x; syy += y * y; sxy += x * y;
    }
    double vx = sxx - sx * sx / n, vy = syy - sy * sy / n;
    return vx > 0 && vy > 0 ? fabs((sxy - sx * sy / n) / sqrt(vx * vy)) : 0.0;
}

static void describe_task(const struct task_data *tr, const struct task_data *te,
                          struct exp_memory_task *out)
{
    const struct nn_data *d = &tr->data;
    out->steps = d->width;
    out->train_positive = out->test_positive = 0;
    out->label_is_token0 = 1;
    for (int i = 0; i < d->rows; i++) {
        out->train_positive += d->y[i] == 1.0f;
        out->label_is_token0 &= d->y[i] == (float)d->tok[(size_t)i * d->width];
    }
    for (int i = 0; i < te->data.rows; i++) {
        out->test_positive += te->data.y[i] == 1.0f;
        out->label_is_token0 &= te->data.y[i] == (float)te->data.tok[(size_t)i * d->width];
    }
    out->max_abs_corr_other = 0;
    for (int k = 1; k < d->width; k++) {
        double c = abs_corr(d, k);
        if (c > out->max_abs_corr_other)
            out->max_abs_corr_other = c;
    }
}

/* ---------------- one run ---------------- */

/* One ulp on every initial parameter, alternating direction: the size of the
 * difference another BLAS or another torch build makes to a training run. */
static void nudge(struct nn_params *p)
{
    for (size_t i = 0; i < p->total; i++)
        p->value[i] = nextafterf(p->value[i], i % 2 ? INFINITY : -INFINITY);
}

int exp_memory_chaotic(const struct exp_memory_run *r, int have_twin)
{
    if (r->test.accuracy < 0.9)
        return 1;
    if (!have_twin)
        return 0;
    return r->twin_test.accuracy < 0.9 ||
           fabs(r->train.accuracy - r->twin_train.accuracy) > 0.01 ||
           fabs(r->test.accuracy - r->twin_test.accuracy) > 0.01;
}

/* Trains one run (or, with twin, its twin from initial weights nudged by an
 * ulp) and scores it on the training and test sets. */
static int train_one(const struct exp_memory_config *cfg, const struct task_data *tr,
                     const struct task_data *te, int model, int twin,
                     struct exp_memory_run *run, struct gb_err *err)
{
    struct torch_gen g;
    struct nn_model m;
    struct train_opts o = { cfg->epochs, 0.01, BATCH, 7, 1.0f };
    struct train_score *train = twin ? &run->twin_train : &run->train;
    struct train_score *test = twin ? &run->twin_test : &run->test;
    torch_gen_seed(&g, 7);
    if (nn_model_seq(&m, &g, model_cell[model], VOCAB, EMB, HID, tr->data.width, BATCH, err) < 0)
        return -1;
    if (model_forget_bias[model] != 0.0f)
        nn_model_fill_forget_bias(&m, model_forget_bias[model]);
    if (twin)
        nudge(&m.params);
    unsigned long long fma0 = nn_gemm_fma_count(), cyc0 = nn_gemm_cycles();
    double t0 = gb_now_seconds(), c0 = gb_clock_seconds(CLOCK_THREAD_CPUTIME_ID);
    int rc = train_run(&m, &tr->data, &o, NULL, err);
    if (!twin)
        run->seconds = gb_now_seconds() - t0;
    if (!rc)
        rc = train_accuracy(&m, &tr->data, NULL, train, err);
    if (!rc)
        rc = train_accuracy(&m, &te->data, NULL, test, err);
    /* the run and its twin fill their own fields (they may run on two threads) */
    run->cost[twin].cpu_seconds = gb_clock_seconds(CLOCK_THREAD_CPUTIME_ID) - c0;
    run->cost[twin].flops = 2.0 * (double)(nn_gemm_fma_count() - fma0);
    run->cost[twin].gemm_cycles = (double)(nn_gemm_cycles() - cyc0);
    if (!twin)
        run->flops = run->cost[0].flops;
    nn_model_free(&m);
    return rc;
}

/* ---------------- the pool ---------------- */

/* One training run: configuration set, length, model, and whether the twin. */
struct job { int set, li, model, twin; double cost; };

struct pool {
    const struct exp_memory_config *cfgs;
    struct task_data (*tasks)[EXP_MEMORY_NLENGTHS][2];
    struct exp_memory *outs;
    struct job *jobs;
    int njobs, next, failed;
    struct gb_err err;
    pthread_mutex_t lock;
};

static void *worker(void *arg)
{
    struct pool *p = arg;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        int j = p->failed ? p->njobs : p->next++;
        pthread_mutex_unlock(&p->lock);
        if (j >= p->njobs)
            return NULL;
        struct job *jb = &p->jobs[j];
        struct exp_memory_run *run = &p->outs[jb->set].run[jb->li][jb->model];
        const struct task_data *task = p->tasks[jb->set][jb->li];
        struct gb_err err;
        if (train_one(&p->cfgs[jb->set], &task[0], &task[1], jb->model, jb->twin, run,
                      &err) < 0) {
            pthread_mutex_lock(&p->lock);
            if (!p->failed)
                p->err = err;
            p->failed = 1;
            pthread_mutex_unlock(&p->lock);
        }
    }
}

static int by_cost(const void *a, const void *b)
{
    const struct job *x = a, *y = b;
    return x->cost < y->cost ? 1 : x->cost > y->cost ? -1 : 0;
}

static int run_pool(struct pool *p, int threads, struct gb_err *err)
{
    pthread_t tid[64];
    int started = 0;
    if (threads > 64)
        threads = 64;
    if (threads > p->njobs)
        threads = p->njobs;
    qsort(p->jobs, (size_t)p->njobs, sizeof p->jobs[0], by_cost);   /* longest first */
    pthread_mutex_init(&p->lock, NULL);
    for (; started < threads - 1; started++)
        if (pthread_create(&tid[started], NULL, worker, p) != 0)
            break;   /* fewer helpers is still correct, only slower */
    worker(p);
    for (int i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    pthread_mutex_destroy(&p->lock);
    if (p->failed) {
        *err = p->err;
        return -1;
    }
    return 0;
}

/* Makes set s's recall tasks (counting them in *made, which the caller
 * frees), describes them, and queues the set's runs and twins in p. */
static int prepare_set(struct pool *p, int s, int *made, struct gb_err *err)
{
    const struct exp_memory_config *cfg = &p->cfgs[s];
    struct exp_memory *out = &p->outs[s];
    memset(out, 0, sizeof *out);
    out->config = *cfg;
    for (int li = 0; li < EXP_MEMORY_NLENGTHS; li++) {
        int T = exp_memory_lengths[li];
        struct task_data *task = p->tasks[s][li];
        if (T > cfg->max_length)
            break;
        if (recall_task(cfg->train_rows, T, 100 + T, &task[0], err) < 0)
            return -1;
        if (recall_task(cfg->test_rows, T, 200 + T, &task[1], err) < 0) {
            task_free(&task[0]);
            return -1;
        }
        (*made)++;
        describe_task(&task[0], &task[1], &out->task[li]);
        for (int mi = 0; mi < EXP_MEMORY_NMODELS; mi++) {
            struct exp_memory_run *run = &out->run[li][mi];
            /* a run's cost ~ rows × steps × gates */
            double cost = (double)cfg->train_rows * T * (int)model_cell[mi];
            run->steps = T;
            run->model = mi;
            run->wanted = wanted(cfg, li, mi);
            for (int twin = 0; run->wanted && twin <= (cfg->twins ? 1 : 0); twin++)
                p->jobs[p->njobs++] = (struct job){ s, li, mi, twin, cost };
        }
    }
    return 0;
}

int exp_memory_compute_sets(const struct exp_memory_config *cfgs, int nsets, int threads,
                            struct exp_memory *outs, struct gb_err *err)
{
    struct task_data (*tasks)[EXP_MEMORY_NLENGTHS][2] = calloc((size_t)nsets, sizeof *tasks);
    struct job *jobs = calloc((size_t)nsets * 2 * EXP_MEMORY_NLENGTHS * EXP_MEMORY_NMODELS,
                              sizeof *jobs);
    int *made = calloc((size_t)nsets, sizeof *made);
    struct pool p = { .cfgs = cfgs, .tasks = tasks, .outs = outs, .jobs = jobs };
    int rc = -1;
    if (!tasks || !jobs || !made) {
        gb_fail(err, "out of memory for %d memory-lab configurations", nsets);
        goto done;
    }
    for (int s = 0; s < nsets; s++)
        if (prepare_set(&p, s, &made[s], err) < 0)
            goto done;
    rc = run_pool(&p, threads < 1 ? 1 : threads, err);
    for (int s = 0; s < nsets; s++)
        for (int li = 0; li < EXP_MEMORY_NLENGTHS; li++)
            for (int mi = 0; mi < EXP_MEMORY_NMODELS; mi++)
                outs[s].run[li][mi].chaotic =
                    exp_memory_chaotic(&outs[s].run[li][mi], cfgs[s].twins);
done:
    for (int s = 0; made && s < nsets; s++)
        for (int li = 0; li < made[s]; li++) {
            task_free(&tasks[s][li][0]);
            task_free(&tasks[s][li][1]);
        }
    free(tasks);
    free(jobs);
    free(made);
    return rc;
}

int exp_memory_compute(const struct exp_memory_config *cfg, int threads, struct exp_memory *out,
                       struct gb_err *err)
{
    return exp_memory_compute_sets(cfg, 1, threads, out, err);
}

/* ---------------- FLOP from shapes ---------------- */

static double run_fmas(const struct exp_memory_config *cfg, int T, int model)
{
    struct nn_model m;
    memset(&m, 0, sizeof m);
    m.kind = NN_MODEL_SEQ;
    m.steps = T;
    m.hid = HID;
    m.emb = EMB;
    m.vocab = VOCAB;
    m.core.gh = (int)model_cell[model] * HID;
    int full = cfg->train_rows / BATCH, rest = cfg->train_rows % BATCH;
    double epoch = full * nn_model_fmas(&m, BATCH, 1) + (rest ? nn_model_fmas(&m, rest, 1) : 0);
    double eval = 0;
    int sets[2] = { cfg->train_rows, cfg->test_rows };
    for (int s = 0; s < 2; s++)   /* nn_model_logits_all: chunks of max_batch rows */
        eval += sets[s] / BATCH * nn_model_fmas(&m, BATCH, 0) +
                (sets[s] % BATCH ? nn_model_fmas(&m, sets[s] % BATCH, 0) : 0);
    return cfg->epochs * epoch + eval;
}

double exp_memory_flops(const struct exp_memory_config *cfg)
{
    double fmas = 0;
    for (int li = 0; li < EXP_MEMORY_NLENGTHS; li++)
        for (int mi = 0; mi < EXP_MEMORY_NMODELS; mi++)
            if (wanted(cfg, li, mi))
                fmas += run_fmas(cfg, exp_memory_lengths[li], mi);
    return 2 * fmas;
}

/* ---------------- expected values ---------------- */

static int put_task(cJSON *tasks, const struct exp_memory_config *cfg,
                    const struct exp_memory_task *t, struct gb_err *err)
{
    char key[32];
    snprintf(key, sizeof key, "length_%d", t->steps);
    cJSON *o = expected_json_object(tasks, key, err);
    return !o || expected_json_number(o, "steps", t->steps, err) ||
           expected_json_number(o, "train_positive", (double)t->train_positive, err) ||
           expected_json_number(o, "test_positive", (double)t->test_positive, err) ||
           expected_json_number(o, "train_positive_fraction",
                                (double)t->train_positive / cfg->train_rows, err) ||
           expected_json_number(o, "test_positive_fraction",
                                (double)t->test_positive / cfg->test_rows, err) ||
           expected_json_bool(o, "label_is_token0", t->label_is_token0, err) ||
           expected_json_number(o, "max_abs_corr_other_positions", t->max_abs_corr_other, err)
           ? -1 : 0;
}

static int put_run(cJSON *len_obj, const struct exp_memory_run *r, int have_twin,
                   struct gb_err *err)
{
    cJSON *o = expected_json_object(len_obj, exp_memory_model_keys[r->model], err);
    return !o || expected_json_number(o, "train_acc", r->train.accuracy, err) ||
           expected_json_number(o, "test_acc", r->test.accuracy, err) ||
           expected_json_number(o, "train_correct", (double)r->train.correct, err) ||
           expected_json_number(o, "test_correct", (double)r->test.correct, err) ||
           expected_json_number(o, "train_test_gap", r->train.accuracy - r->test.accuracy, err) ||
           (have_twin && (expected_json_number(o, "twin_train_acc", r->twin_train.accuracy, err) ||
                          expected_json_number(o, "twin_test_acc", r->twin_test.accuracy, err))) ||
           expected_json_bool(o, "chaotic", r->chaotic, err) ||
           expected_json_number(o, "matmul_flops", r->flops, err) ? -1 : 0;
}

static int put_setup(cJSON *values, const struct exp_memory_config *cfg, struct gb_err *err)
{
    cJSON *o = expected_json_object(values, "setup", err);
    double lengths[EXP_MEMORY_NLENGTHS];
    for (int i = 0; i < EXP_MEMORY_NLENGTHS; i++)
        lengths[i] = exp_memory_lengths[i];
    return !o || expected_json_number(o, "train_rows", cfg->train_rows, err) ||
           expected_json_number(o, "test_rows", cfg->test_rows, err) ||
           expected_json_number(o, "epochs", cfg->epochs, err) ||
           expected_json_number(o, "batch", BATCH, err) ||
           expected_json_number(o, "lr", 0.01, err) ||
           expected_json_number(o, "clip_max_norm", 1.0, err) ||
           expected_json_vector(o, "lengths", lengths, EXP_MEMORY_NLENGTHS, err) ||
           expected_json_number(o, "twins", cfg->twins, err) ||
           expected_json_string(o, "chaotic_rule",
                                "test_acc < 0.9 in the run or its twin (the same run from initial "
                                "weights moved by one ulp), or run and twin more than 0.01 apart: "
                                "the accuracies are a matter of float rounding and differ between "
                                "builds; score such rows by range, not value", err)
           ? -1 : 0;
}

int exp_memory_values(const struct exp_memory *m, cJSON *values, struct gb_err *err)
{
    cJSON *tasks;
    if (put_setup(values, &m->config, err) || !(tasks = expected_json_object(values, "task", err)))
        return -1;
    for (int li = 0; li < EXP_MEMORY_NLENGTHS; li++)
        if (m->task[li].steps && put_task(tasks, &m->config, &m->task[li], err))
            return -1;
    for (int li = 0; li < EXP_MEMORY_NLENGTHS; li++) {
        if (!m->task[li].steps)
            continue;
        char key[32];
        snprintf(key, sizeof key, "length_%d", m->task[li].steps);
        cJSON *l = expected_json_object(values, key, err);
        if (!l)
            return -1;
        for (int mi = 0; mi < EXP_MEMORY_NMODELS; mi++)
            if (m->run[li][mi].wanted && put_run(l, &m->run[li][mi], m->config.twins, err))
                return -1;
    }
    return 0;
}

/* ---------------- the command ---------------- */

const struct exp_memory_reading exp_memory_readings[EXP_MEMORY_NREADINGS] = {
    { 4000, NULL }, { 2000, "rows_2000" }
};

/* One reading's runs; adds its FLOP and CPU time to the totals. */
static void print_runs(const struct exp_memory *m, const char *title, double *flops, double *cpu,
                       double *cycles)
{
    int twins = m->config.twins;
    printf("%s\n%7s %-11s %8s %10s %9s%s\n", title, "length", "model", "train s", "train acc",
           "test acc", twins ? "  twin train / test" : "");
    for (int li = 0; li < EXP_MEMORY_NLENGTHS; li++)
        for (int mi = 0; mi < EXP_MEMORY_NMODELS; mi++) {
            const struct exp_memory_run *r = &m->run[li][mi];
            if (!r->wanted)
                continue;
            for (int twin = 0; twin <= twins; twin++) {
                *flops += r->cost[twin].flops;
                *cycles += r->cost[twin].gemm_cycles;
                *cpu += r->cost[twin].cpu_seconds;
            }
            printf("%7d %-11s %8.2f %10.3f %9.3f", r->steps, exp_memory_model_keys[mi],
                   r->seconds, r->train.accuracy, r->test.accuracy);
            if (twins)
                printf("  %5.3f / %5.3f", r->twin_train.accuracy, r->twin_test.accuracy);
            printf("%s\n", r->chaotic ? "  (chaotic)" : "");
        }
}

/* The tables, then how fast: FLOP (executed and from the shapes), CPU time
 * of every run and twin, and the fraction of the measured peak. */
static void print_report(const struct exp_memory *m, int nsets, double wall, int threads)
{
    double flops = 0, cpu = 0, cycles = 0, shapes = 0;
    struct nn_peak peak;
    char title[96];
    for (int s = 0; s < nsets; s++) {
        snprintf(title, sizeof title, "%d training rows%s:", m[s].config.train_rows,
                 s ? "" : " (the module's)");
        print_runs(&m[s], title, &flops, &cpu, &cycles);
        shapes += exp_memory_flops(&m[s].config) * (m[s].config.twins ? 2 : 1);
    }
    printf("memory lab: %.2f s wall, %.2f s CPU in training on %d threads; %.4g matmul FLOP "
           "(from the shapes %.4g)\n", wall, cpu, threads, flops, shapes);
    if (cpu <= 0 || nn_peak_measure(threads, 0.2, &peak, NULL) < 0)
        return;
    printf("peak (FMA loop, %s): %.1f GFLOP/s per core, %.1f on %d; training %.1f GFLOP/s per "
           "core of CPU time = %.0f%% of it, %.0f%% of the %d-core peak over the wall\n",
           peak.isa, peak.per_core / 1e9, peak.total / 1e9, peak.threads, flops / cpu / 1e9,
           100 * flops / cpu / peak.per_core, 100 * flops / wall / peak.total, peak.threads);
    /* The hot loops: the products and the cell arithmetic fused into them
     * (nn_step), timed by the time-stamp counter, against the FMA loop timed
     * the same way. */
    if (cycles > 0 && peak.per_tsc_cycle > 0)
        printf("hot loops (products and fused cells): %.1f FLOP per TSC cycle = %.0f%% of the FMA "
               "loop's %.1f\n", flops / cycles, 100 * flops / cycles / peak.per_tsc_cycle,
               peak.per_tsc_cycle);
}

/* Every reading's values into `values`: the first at its top level, the
 * others each under its key (exp_memory_readings). */
static int put_readings(const struct exp_memory *m, int nsets, cJSON *values, struct gb_err *err)
{
    int rc = exp_memory_values(&m[0], values, err);
    for (int s = 1; !rc && s < nsets; s++) {
        cJSON *sub = expected_json_object(values, exp_memory_readings[s].key, err);
        rc = sub ? exp_memory_values(&m[s], sub, err) : -1;
    }
    return rc;
}

/* The exercise's configuration for every reading, with or without twins. */
static void reading_configs(struct exp_memory_config cfgs[EXP_MEMORY_NREADINGS], int twins)
{
    for (int s = 0; s < EXP_MEMORY_NREADINGS; s++) {
        cfgs[s] = exp_memory_exercise();
        cfgs[s].train_rows = exp_memory_readings[s].train_rows;
        cfgs[s].twins = twins;
    }
}

int exp_memory_fill(cJSON *values, struct gb_err *err)
{
    struct exp_memory_config cfgs[EXP_MEMORY_NREADINGS];
    struct exp_memory *m = malloc(sizeof *m * EXP_MEMORY_NREADINGS);
    long threads = sysconf(_SC_NPROCESSORS_ONLN);
    int rc;

    if (!m)
        return gb_fail(err, "out of memory for memory_lab's runs");
    reading_configs(cfgs, 1);
    rc = exp_memory_compute_sets(cfgs, EXP_MEMORY_NREADINGS, threads > 0 ? (int)threads : 1, m,
                                 err)
         || put_readings(m, EXP_MEMORY_NREADINGS, values, err) ? -1 : 0;
    free(m);
    return rc;
}

static int write_values(const struct exp_memory *m, int nsets, const char *path,
                        struct gb_err *err)
{
    cJSON *values, *root = expected_json_new("memory_lab", &values);
    int rc = root ? put_readings(m, nsets, values, err) : gb_fail(err, "out of memory");
    if (!rc)
        rc = expected_json_write(root, path, err);
    cJSON_Delete(root);
    return rc;
}

int exp_memory_main(int argc, char **argv)
{
    char path[4096];
    char *rest[6] = { argv[0], NULL, NULL, NULL, NULL, NULL };
    int nrest = 1, threads = (int)sysconf(_SC_NPROCESSORS_ONLN), twins = 1;
    struct gb_err err;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--threads") && i + 1 < argc && atoi(argv[i + 1]) > 0)
            threads = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--twins") && i + 1 < argc &&
                 (!strcmp(argv[i + 1], "0") || !strcmp(argv[i + 1], "1")))
            twins = atoi(argv[++i]);
        else if (nrest < 6)
            rest[nrest++] = argv[i];
        else
            nrest = 7;
    }
    if (nrest > 5 || expected_json_parse_out(nrest, rest, "memory_lab", path, sizeof path, &err)) {
        fprintf(stderr, "usage: reference memory_lab [--out FILE] [--seed-map KEY] "
                "[--threads N] [--twins 0|1]\n");
        return 2;
    }
    struct exp_memory_config cfgs[EXP_MEMORY_NREADINGS];
    struct exp_memory *m = malloc(sizeof *m * EXP_MEMORY_NREADINGS);
    reading_configs(cfgs, twins);
    double t0 = gb_now_seconds();
    int rc = !m ? gb_fail(&err, "out of memory")
           : exp_memory_compute_sets(cfgs, EXP_MEMORY_NREADINGS, threads, m, &err);
    double wall = gb_now_seconds() - t0;
    if (!rc)
        rc = write_values(m, EXP_MEMORY_NREADINGS, path, &err);
    if (!rc) {
        print_report(m, EXP_MEMORY_NREADINGS, wall, threads);
        printf("wrote %s\n", path);
    } else {
        fprintf(stderr, "reference memory_lab: %s\n", err.msg);
    }
    free(m);
    return rc ? 1 : 0;
}
