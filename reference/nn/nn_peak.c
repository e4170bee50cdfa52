/* nn_peak.c — the machine's single-precision FMA peak, measured (see nn_peak.h). */
#include "nn/nn_peak.h"

#include <math.h>
#include <pthread.h>
#include <time.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "nn/nn_isa.h"
#include "clock.h"

/* Twelve independent chains: two FMA units × a latency of four need eight
 * in flight; twelve leave slack.  Each returns its FLOP for n iterations. */
#define CHAINS(OP) OP(0) OP(1) OP(2) OP(3) OP(4) OP(5) OP(6) OP(7) OP(8) OP(9) OP(10) OP(11)

static double loop_portable(long n, volatile float *sink)
{
#define DECL_S(k) float s##k = (float)(k) * 1e-3f;
#define STEP_S(k) s##k = fmaf(s##k, m, c);
#define SUM_S(k) + s##k
    float m = 0.999999f, c = 1e-6f;
    CHAINS(DECL_S)
    for (long i = 0; i < n; i++) {
        CHAINS(STEP_S)
    }
    *sink = 0 CHAINS(SUM_S);
    return 24.0 * n;
}

#if defined(__x86_64__)
__attribute__((target("avx2,fma"))) static double loop_avx2(long n, volatile float *sink)
{
#define DECL_8(k) __m256 v##k = _mm256_set1_ps((float)(k) * 1e-3f);
#define STEP_8(k) v##k = _mm256_fmadd_ps(v##k, m, c);
#define SUM_8(k) acc = _mm256_add_ps(acc, v##k);
    __m256 m = _mm256_set1_ps(0.999999f), c = _mm256_set1_ps(1e-6f), acc = _mm256_setzero_ps();
    float out[8];
    CHAINS(DECL_8)
    for (long i = 0; i < n; i++) {
        CHAINS(STEP_8)
    }
    CHAINS(SUM_8)
    _mm256_storeu_ps(out, acc);
    *sink = out[0];
    return 24.0 * 8 * n;
}

__attribute__((target("avx512f"))) static double loop_avx512(long n, volatile float *sink)
{
#define DECL_16(k) __m512 w##k = _mm512_set1_ps((float)(k) * 1e-3f);
#define STEP_16(k) w##k = _mm512_fmadd_ps(w##k, m, c);
#define SUM_16(k) acc = _mm512_add_ps(acc, w##k);
    __m512 m = _mm512_set1_ps(0.999999f), c = _mm512_set1_ps(1e-6f), acc = _mm512_setzero_ps();
    CHAINS(DECL_16)
    for (long i = 0; i < n; i++) {
        CHAINS(STEP_16)
    }
    CHAINS(SUM_16)
    *sink = _mm512_reduce_add_ps(acc);
    return 24.0 * 16 * n;
}
#endif

struct one { double seconds, rate, per_tsc; };

static unsigned long long tsc_now(void)
{
#if defined(__x86_64__)
    return __rdtsc();
#else
    return 0;
#endif
}

static void *measure_one(void *arg)
{
    struct one *o = arg;
    volatile float sink;
    enum nn_isa isa = nn_isa();
    double flops = 0, t0 = gb_clock_seconds(CLOCK_THREAD_CPUTIME_ID), t;
    o->per_tsc = 0;
    do {
        long n = 1L << 20;
        double f;
        unsigned long long c0 = tsc_now();
#if defined(__x86_64__)
        f = isa == NN_ISA_AVX512 ? loop_avx512(n, &sink)
          : isa == NN_ISA_AVX2 ? loop_avx2(n, &sink) : loop_portable(n, &sink);
#else
        (void)isa;
        f = loop_portable(n, &sink);
#endif
        /* The best slice: a slice the scheduler cut short of its core is
         * slower per time-stamp cycle, never faster. */
        unsigned long long c = tsc_now() - c0;
        if (c > 0 && f / (double)c > o->per_tsc)
            o->per_tsc = f / (double)c;
        flops += f;
        t = gb_clock_seconds(CLOCK_THREAD_CPUTIME_ID) - t0;
    } while (t < o->seconds);
    o->rate = flops / t;
    return NULL;
}

int nn_peak_measure(int threads, double seconds, struct nn_peak *out, struct gb_err *err)
{
    pthread_t tid[64];
    struct one ones[64];
    int started = 0;
    if (threads < 1 || threads > 64)
        return gb_fail(err, "cannot measure the peak on %d threads (1 to 64)", threads);
    for (int i = 0; i < threads; i++)
        ones[i] = (struct one){ seconds, 0, 0 };
    for (; started < threads - 1; started++)
        if (pthread_create(&tid[started], NULL, measure_one, &ones[started + 1]) != 0)
            break;
    measure_one(&ones[0]);
    for (int i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    out->threads = started + 1;
    out->per_core = out->total = out->per_tsc_cycle = 0;
    for (int i = 0; i < out->threads; i++) {
        out->total += ones[i].rate;
        out->per_core = ones[i].rate > out->per_core ? ones[i].rate : out->per_core;
        if (ones[i].per_tsc > out->per_tsc_cycle)
            out->per_tsc_cycle = ones[i].per_tsc;
    }
    out->isa = nn_isa_name(nn_isa());
    return 0;
}
