/* nn_peak.h — this machine's single-precision peak, measured.
 *
 * A loop of independent fused multiply-adds on the widest vector path the
 * engine uses (nn_isa.h: 16 lanes with AVX-512, 8 with AVX2, scalar fmaf
 * otherwise), enough accumulators to cover the FMA latency, on `threads`
 * threads at once.  Each thread's rate is its FLOP over its own CPU time
 * (CLOCK_THREAD_CPUTIME_ID), so time the scheduler gives to other processes
 * on a loaded machine does not count against it; the rates add up to the
 * peak of that many cores, provided each thread had a core of its own.
 * The clock the loop runs at (turbo, power limits) is the one the kernels
 * meet, which a nominal "FLOP/cycle × GHz" would not know.
 */
#ifndef GB_NN_PEAK_H
#define GB_NN_PEAK_H

#include "error.h"

struct nn_peak {
    double per_core;     /* FLOP/s of one thread's CPU time (the best thread) */
    double total;        /* sum over the threads: FLOP/s of `threads` cores */
    double per_tsc_cycle; /* FLOP per time-stamp-counter cycle of one core (best
                             slice; 0 off x86-64): the unit nn_gemm_cycles() counts in */
    int threads;
    const char *isa;     /* nn_isa_name() of the path measured */
};

/* Measures for about `seconds` of CPU time per thread (0.2 is plenty). */
int nn_peak_measure(int threads, double seconds, struct nn_peak *out, struct gb_err *err);

#endif
