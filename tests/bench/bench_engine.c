/* bench_engine.c — the training engine's speed.
 *
 * 1. The recurrent layers' matrix products (the hot loop) with the engine's
 *    deterministic kernel against OpenBLAS's cblas_sgemm on the same shapes,
 *    both single-threaded, in the same run: GFLOP/s, the ratio, and the
 *    fraction of one core's peak as an FMA loop measures it (nn_peak.h).
 * 2. gradient_decay + memory_lab (the 14 runs torch runs at 4,000 rows, no
 *    twins) through exp_engine_run_all on every core: wall time, the memory
 *    lab's FLOP count and the fraction of the measured peak of all cores.
 *    tests/bench/bench_reference.sh sets all the expected values against torch.
 */
#include <cblas.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "exp/exp_engine.h"
#include "nn/nn_gemm.h"
#include "nn/nn_isa.h"
#include "nn/nn_peak.h"

/* The thread's CPU time: on a shared machine, time given to other processes
 * does not count against the kernel (nn_peak measures the same way). */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

struct shape { const char *what; int m, n, k, trans_a; };

static double time_shape(const struct shape *s, int use_blas, const float *a, const float *b,
                         float *c)
{
    long iters = (long)(2e9 / (2.0 * s->m * s->n * s->k)) + 1;
    double best = 1e30;
    for (int rep = 0; rep < 5; rep++) {
        double t0 = now();
        for (long i = 0; i < iters; i++) {
            if (use_blas)
                cblas_sgemm(CblasRowMajor, s->trans_a ? CblasTrans : CblasNoTrans, CblasNoTrans,
                            s->m, s->n, s->k, 1.0f, a, s->trans_a ? s->m : s->k, b, s->n, 1.0f,
                            c, s->n);
            else if (s->trans_a)
                nn_gemm_tn(s->m, s->n, s->k, a, s->m, b, s->n, c, s->n, 1);
            else
                nn_gemm_nn(s->m, s->n, s->k, a, s->k, b, s->n, c, s->n, 1);
        }
        double dt = (now() - t0) / iters;
        if (dt < best)
            best = dt;
    }
    return 2.0 * s->m * s->n * s->k / best / 1e9;
}

int main(void)
{
    static const struct shape shapes[] = {
        { "LSTM forward  h.W_hh^T  64x128x32", 64, 128, 32, 0 },
        { "LSTM backward dg.W_hh   64x32x128", 64, 32, 128, 0 },
        { "LSTM backward dW_hh  128x32x64 (A^T)", 128, 32, 64, 1 },
        { "GRU forward   h.W_hh^T  64x96x32", 64, 96, 32, 0 },
    };
    float *a = calloc(128 * 128, sizeof *a), *b = calloc(128 * 128, sizeof *b);
    float *c = calloc(128 * 128, sizeof *c);
    if (!a || !b || !c)
        return 1;
    for (int i = 0; i < 128 * 128; i++) {
        a[i] = (float)((i * 7919) % 1000) / 1000.0f - 0.5f;
        b[i] = (float)((i * 104729) % 1000) / 1000.0f - 0.5f;
    }
    int cores = (int)sysconf(_SC_NPROCESSORS_ONLN);
    struct nn_peak one, all;
    struct gb_err err;
    if (nn_peak_measure(1, 0.3, &one, &err) < 0 || nn_peak_measure(cores, 0.3, &all, &err) < 0) {
        fprintf(stderr, "bench_engine: %s\n", err.msg);
        return 1;
    }
    printf("measured peak (FMA loop, %s): %.1f GFLOP/s on one core, %.1f on %d\n", one.isa,
           one.per_core / 1e9, all.total / 1e9, all.threads);
    openblas_set_num_threads(1);
    printf("hot-loop products, single thread (GFLOP/s; engine on %s):\n", nn_isa_name(nn_isa()));
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        double mine = time_shape(&shapes[i], 0, a, b, c);
        double blas = time_shape(&shapes[i], 1, a, b, c);
        printf("  %-40s engine %6.1f = %3.0f%% of peak  OpenBLAS %6.1f  ratio %.2fx\n",
               shapes[i].what, mine, 100 * mine * 1e9 / one.per_core, blas, mine / blas);
    }
    free(a);
    free(b);
    free(c);

    struct exp_engine_stats st;
    if (exp_engine_run_all(cores, 0, &st, &err) < 0) {
        fprintf(stderr, "bench_engine: %s\n", err.msg);
        return 1;
    }
    printf("gradient_decay + memory_lab (14 runs, %d threads): %.2f s wall, %.2f s CPU in training\n",
           cores, st.wall_seconds, st.cpu_seconds);
    printf("memory lab: %.4g FLOP of matrix products; %.1f GFLOP/s per core of CPU time = %.0f%% "
           "of one core's peak;\n  %.1f GFLOP/s over the wall = %.0f%% of the %d-core peak\n",
           st.memory_lab_flops, st.memory_lab_flops / st.cpu_seconds / 1e9,
           100 * st.memory_lab_flops / st.cpu_seconds / one.per_core,
           st.memory_lab_flops / st.wall_seconds / 1e9,
           100 * st.memory_lab_flops / st.wall_seconds / all.total, all.threads);
    return 0;
}
