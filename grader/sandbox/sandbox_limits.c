/* sandbox_limits.c — limit defaults and setrlimit in the child (see sandbox_limits.h). */
#include "sandbox/sandbox_limits.h"

#include <math.h>
#include <sys/resource.h>

void sandbox_limits_default(struct sandbox_limits *limits)
{
    /* Generous enough for memory_lab (minutes of torch training on 2 cores,
     * a few hundred MB resident); tight enough that a runaway is bounded. */
    limits->wall_seconds = 900;
    limits->cpu_seconds = 900;
    limits->memory_bytes = (size_t)2 << 30;
    limits->max_processes = 64;
    limits->file_bytes = (size_t)64 << 20;
    limits->max_open_files = 256;
    limits->output_bytes = (size_t)1 << 20;
    limits->tmp_bytes = (size_t)64 << 20;
    limits->disk_bytes = (size_t)256 << 20;
}

/* Only ever lowers: raising a hard limit needs a capability we do not want. */
static int set_limit(int resource, rlim_t soft, rlim_t hard)
{
    struct rlimit rl;

    if (getrlimit(resource, &rl))
        return -1;
    if (hard > rl.rlim_max)
        hard = rl.rlim_max;
    if (soft > hard)
        soft = hard;
    rl.rlim_cur = soft;
    rl.rlim_max = hard;
    return setrlimit(resource, &rl);
}

int sandbox_limits_rlimits(const struct sandbox_limits *limits,
                           struct sandbox_rlimit out[SANDBOX_RLIMITS])
{
    rlim_t cpu = limits->cpu_seconds > 0 ? (rlim_t)ceil(limits->cpu_seconds) : RLIM_INFINITY;
    rlim_t data = limits->memory_bytes ? limits->memory_bytes : RLIM_INFINITY;
    rlim_t nproc = limits->max_processes > 0 ? (rlim_t)limits->max_processes : RLIM_INFINITY;
    rlim_t fsize = limits->file_bytes ? limits->file_bytes : RLIM_INFINITY;
    rlim_t nofile = limits->max_open_files > 0 ? (rlim_t)limits->max_open_files : 1024;
    /* SIGXCPU at the soft limit names the verdict; SIGKILL one second later
     * in case the program ignores it.  No core files: they would be written
     * into the work dir.  libgcrypt (pulled in by torch) locks a 32 KiB pool
     * and warns on stderr when it cannot. */
    const struct sandbox_rlimit all[SANDBOX_RLIMITS] = {
        { RLIMIT_CPU, cpu, cpu == RLIM_INFINITY ? cpu : cpu + 1, "CPU time" },
        { RLIMIT_DATA, data, data, "memory" },
        { RLIMIT_NPROC, nproc, nproc, "processes" },
        { RLIMIT_FSIZE, fsize, fsize, "file size" },
        { RLIMIT_NOFILE, nofile, nofile, "open files" },
        { RLIMIT_CORE, 0, 0, "core size" },
        { RLIMIT_MEMLOCK, 64 << 10, 64 << 10, "locked memory" },
        { RLIMIT_MSGQUEUE, 0, 0, "message queues" },
    };

    for (int i = 0; i < SANDBOX_RLIMITS; i++)
        out[i] = all[i];
    return SANDBOX_RLIMITS;
}

int sandbox_limits_apply(const struct sandbox_limits *limits, const char **what)
{
    struct sandbox_rlimit rl[SANDBOX_RLIMITS];
    int n = sandbox_limits_rlimits(limits, rl);

    for (int i = 0; i < n; i++) {
        *what = rl[i].name;
        if (set_limit(rl[i].resource, rl[i].soft, rl[i].hard))
            return -1;
    }
    return 0;
}
