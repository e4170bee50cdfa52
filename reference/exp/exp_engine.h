/* exp_engine.h — every experiment the training engine runs, as one call.
 *
 * For benchmarks: gradient_decay's tables and memory_lab's 14 training runs
 * (plus their chaos twins if asked), exactly what `reference gradient_decay`
 * and `reference memory_lab` compute, without writing files.
 */
#ifndef GB_EXP_ENGINE_H
#define GB_EXP_ENGINE_H

#include "error.h"

struct exp_engine_stats {
    double wall_seconds;       /* the whole call */
    double cpu_seconds;        /* summed over the memory lab's training runs */
    double memory_lab_flops;   /* matrix-product FLOP of the memory lab (exp_memory_flops) */
    int chaotic_runs;          /* memory-lab runs flagged chaotic */
};

int exp_engine_run_all(int threads, int twins, struct exp_engine_stats *stats,
                       struct gb_err *err);

#endif
