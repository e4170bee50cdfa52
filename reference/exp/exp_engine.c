/* exp_engine.c — gradient_decay and memory_lab in one call (see exp_engine.h). */
#include "exp/exp_engine.h"

#include <stdlib.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "exp/exp_gradient.h"
#include "exp/exp_memory.h"
#include "clock.h"

int exp_engine_run_all(int threads, int twins, struct exp_engine_stats *stats,
                       struct gb_err *err)
{
    double t0 = gb_now_seconds();
    cJSON *values = cJSON_CreateObject();
    struct exp_memory *m = malloc(sizeof *m);
    struct exp_memory_config cfg = exp_memory_exercise();
    int rc = -1;
    cfg.twins = twins;
    if (!values || !m)
        gb_fail(err, "out of memory");
    else if (!exp_gradient_values(values, err) && !exp_memory_compute(&cfg, threads, m, err))
        rc = 0;
    if (!rc && stats) {
        stats->wall_seconds = gb_now_seconds() - t0;
        stats->cpu_seconds = 0;
        stats->chaotic_runs = 0;
        stats->memory_lab_flops = exp_memory_flops(&cfg);
        for (int li = 0; li < EXP_MEMORY_NLENGTHS; li++)
            for (int mi = 0; mi < EXP_MEMORY_NMODELS; mi++)
                if (m->run[li][mi].wanted) {
                    stats->cpu_seconds += m->run[li][mi].cost[0].cpu_seconds +
                                          m->run[li][mi].cost[1].cpu_seconds;
                    stats->chaotic_runs += m->run[li][mi].chaotic;
                }
    }
    cJSON_Delete(values);
    free(m);
    return rc;
}
