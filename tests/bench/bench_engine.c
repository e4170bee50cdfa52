/* bench_engine.c — the training engine's speed.
 *
 * 1. The recurrent layers' matrix products (the hot loop) with the engine's
 *    deterministic kernel against OpenBLAS's cblas_sgemm on the same shapes,
 *    both single-threaded, in the same run: GFLOP/s and the ratio.
 * 2. gradient_decay + memory_lab (the 14 runs torch runs, no twins) through
 *    exp_engine_run_all on every core: wall time, the memory lab's FLOP count
 *    and the fraction of the machine's peak (cores × 32 FLOP/cycle AVX2+FMA ×
 *    the time-stamp counter's clock).  tests/bench/bench_reference.sh sets the
 *    same work against torch.
 */
#include <cblas.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "exp/exp_engine.h"
#include "nn/nn_gemm.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

struct shape { const char *what; int m, n, k, trans_a; };

static double time_shape(const struct shape *s, int use_blas, const float *a, const float *b,
                         float *c)
{
    long iters = (long)(4e9 / (2.0 * s->m * s->n * s->k)) + 1;
    double best = 1e30;
    for (int rep = 0; rep < 3; rep++) {
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

static double tsc_hz(void)
{
    unsigned long long t0 = nn_gemm_tsc();
    double w0 = now();
    usleep(200000);
    return (nn_gemm_tsc() - t0) / (now() - w0);
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
    openblas_set_num_threads(1);
    printf("hot-loop products, single thread (GFLOP/s):\n");
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        double mine = time_shape(&shapes[i], 0, a, b, c);
        double blas = time_shape(&shapes[i], 1, a, b, c);
        printf("  %-40s engine %6.1f  OpenBLAS %6.1f  ratio %.2fx\n", shapes[i].what, mine, blas,
               mine / blas);
    }
    free(a);
    free(b);
    free(c);

    int cores = (int)sysconf(_SC_NPROCESSORS_ONLN);
    double hz = tsc_hz(), peak = cores * 32.0 * hz;
    struct exp_engine_stats st;
    struct gb_err err;
    if (exp_engine_run_all(cores, 0, &st, &err) < 0) {
        fprintf(stderr, "bench_engine: %s\n", err.msg);
        return 1;
    }
    printf("gradient_decay + memory_lab (14 runs, %d threads): %.2f s wall, %.2f s CPU in training\n",
           cores, st.wall_seconds, st.cpu_seconds);
    printf("memory lab: %.4g FLOP of matrix products; %.1f GFLOP/s per core of CPU time;\n"
           "  %.1f GFLOP/s over the wall = %.1f%% of the machine's peak (%d cores x 32 FLOP/cycle"
           " x %.2f GHz)\n", st.memory_lab_flops, st.memory_lab_flops / st.cpu_seconds / 1e9,
           st.memory_lab_flops / st.wall_seconds / 1e9,
           100 * st.memory_lab_flops / st.wall_seconds / peak, cores, hz / 1e9);
    return 0;
}
