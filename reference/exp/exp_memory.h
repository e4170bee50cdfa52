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
    double cpu_seconds;              /* this thread's CPU time for the same */
    double flops;                    /* matrix-product FLOP executed (2 per multiply-add) */
    double gemm_cycles;              /* TSC cycles spent inside those products */
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
/* FLOP of the matrix products of a configuration's runs, from the shapes alone. */
double exp_memory_flops(const struct exp_memory_config *cfg);

int exp_memory_values(const struct exp_memory *m, cJSON *values, struct gb_err *err);
/* `reference memory_lab [--out FILE] [--threads N] [--twins 0|1]`; twins 1 (the
 * default, and the committed file) adds the chaos-detecting twin runs; 0 runs
 * exactly the experiments the module runs, for speed comparisons. */
int exp_memory_main(int argc, char **argv);

#endif
