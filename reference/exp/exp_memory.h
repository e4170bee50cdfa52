/* exp_memory.h — the memory_lab exercise: Step 5's recall task and training.
 *
 * recall_task(n, T, seed): g = torch.Generator().manual_seed(seed);
 * flag = randint(0, 2, (n,)); noise = randint(2, 10, (n, T-1)); X = [flag | noise],
 * y = flag.  Train 4,000 rows (seed 100+T), test 1,000 (seed 200+T).
 * Recaller = Embedding(10,16) -> RNN|GRU|LSTM(16,32) -> Linear(32,1), built after
 * torch.manual_seed(7), forget-bias fill of bias_ih_l0[H:2H] (bias_hh_l0 rows to 0)
 * when non-zero; Adam lr 0.01, 40 epochs, permutation generator seeded 7,
 * batch 64, clip_grad_norm_(1.0) every step.
 *
 * Runs (and their perturbed twins) are independent, so they are spread over threads; each run's arithmetic
 * is single-threaded and deterministic, so results never depend on the count.
 */
#ifndef GB_EXP_MEMORY_H
#define GB_EXP_MEMORY_H

#include <cjson/cJSON.h>

#include "error.h"
#include "nn/train.h"

#define EXP_MEMORY_NLENGTHS 4
#define EXP_MEMORY_NMODELS 4

extern const int exp_memory_lengths[EXP_MEMORY_NLENGTHS];           /* 5, 20, 50, 100 */
extern const char *const exp_memory_model_keys[EXP_MEMORY_NMODELS]; /* rnn gru lstm_b0 lstm_b3 */

/* The exercise's readings of its one open choice: the module's 4,000
 * training rows, and the 2,000 it allows on a slower machine ("say so in a
 * comment").  The first is the expected file's top level (its keys as they
 * always were), every other one an object under `key` with the same layout;
 * rubrics/memory_lab.json's "train_rows" reading picks one. */
#define EXP_MEMORY_NREADINGS 2
struct exp_memory_reading { int train_rows; const char *key; };
extern const struct exp_memory_reading exp_memory_readings[EXP_MEMORY_NREADINGS];

/* Which runs, how long: the exercise's, or smaller ones for tests. */
struct exp_memory_config {
    int train_rows, test_rows, epochs;
    int max_length;          /* lengths above this are skipped */
    int twins;               /* perturbed re-runs per run (0 or 1), to detect chaos */
};
struct exp_memory_config exp_memory_exercise(void);

struct exp_memory_task {
    int steps;
    long train_positive, test_positive;
    int label_is_token0;             /* every row's label equals its first token */
    double max_abs_corr_other;       /* largest |corr(label, token at position k>0)|, train */
};

struct exp_memory_run {
    int wanted, steps, model;
    struct train_score train, test;
    double seconds;                  /* wall clock of training (not in the JSON) */
    double flops;                    /* the run's matrix-product FLOP (2 per multiply-add) */
    struct {                         /* [0] the run, [1] its twin, training and scoring: */
        double cpu_seconds;          /*   the thread's CPU time */
        double flops;                /*   matrix-product FLOP executed */
        double gemm_cycles;          /*   TSC cycles spent inside those products */
    } cost[2];
    struct train_score twin_train, twin_test;   /* the perturbed twin, if cfg->twins */
    int chaotic;                     /* see exp_memory_chaotic() */
};

struct exp_memory {
    struct exp_memory_config config;
    struct exp_memory_task task[EXP_MEMORY_NLENGTHS];
    struct exp_memory_run run[EXP_MEMORY_NLENGTHS][EXP_MEMORY_NMODELS];
};

/* A run is chaotic when its accuracies are a matter of float rounding: it
 * failed to learn the rule (test accuracy below 0.9), or its twin — the same
 * run from initial weights moved by one ulp, as another build's rounding
 * would move them — ends more than 0.01 away in train or test accuracy. */
int exp_memory_chaotic(const struct exp_memory_run *r, int have_twin);

/* Runs every wanted (length, model) pair on `threads` threads (>= 1). */
int exp_memory_compute(const struct exp_memory_config *cfg, int threads, struct exp_memory *out,
                       struct gb_err *err);
/* The same for several configurations at once (outs[i] for cfgs[i]), all
 * their runs on one pool, longest first, so the cores stay busy to the end. */
int exp_memory_compute_sets(const struct exp_memory_config *cfgs, int nsets, int threads,
                            struct exp_memory *outs, struct gb_err *err);
/* FLOP of the matrix products of a configuration's runs, from the shapes alone. */
double exp_memory_flops(const struct exp_memory_config *cfg);

int exp_memory_values(const struct exp_memory *m, cJSON *values, struct gb_err *err);
/* The whole expected file's values as `reference memory_lab` writes them —
 * every reading, chaos twins included, on every online CPU — under whatever
 * seed map is set (rng/seed_map.h): the integrity rerun's fill.  Some 30 s of
 * wall clock on 2 cores. */
int exp_memory_fill(cJSON *values, struct gb_err *err);
/* `reference memory_lab [--out FILE] [--threads N] [--twins 0|1]`: every
 * reading's runs on one pool of N threads (default: the online CPUs), the
 * file, then the tables and the speed against the measured peak (nn_peak.h).
 * Twins 1 (the default, and the committed file) adds the chaos-detecting twin
 * runs; 0 runs exactly the experiments the module runs, for speed
 * comparisons. */
int exp_memory_main(int argc, char **argv);

#endif
