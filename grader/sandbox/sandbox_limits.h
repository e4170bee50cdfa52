/* sandbox_limits.h — the resource limits of a sandboxed run: their defaults
 * and their application (setrlimit) in the child just before exec.
 *
 * Memory is RLIMIT_DATA, not RLIMIT_AS: torch reserves far more address space
 * than it touches (about 0.9 GB of VmSize for 0.25 GB resident after a small
 * LSTM step), so an address-space limit refuses honest programs, while
 * RLIMIT_DATA counts private writable memory and tracks real use.
 */
#ifndef GB_SANDBOX_LIMITS_H
#define GB_SANDBOX_LIMITS_H

#include "error.h"
#include "sandbox/sandbox.h"

#include <sys/resource.h>

/* One setrlimit of a run: the limits a run gets, in the order they are set. */
#define SANDBOX_RLIMITS 8
struct sandbox_rlimit {
    int resource;        /* RLIMIT_* */
    rlim_t soft, hard;   /* RLIM_INFINITY for none; set only ever lowers */
    const char *name;    /* "CPU time", for a message */
};

/* Fills out[] with the run's limits; returns how many (SANDBOX_RLIMITS).
 * Allocation-free. */
int sandbox_limits_rlimits(const struct sandbox_limits *limits,
                           struct sandbox_rlimit out[SANDBOX_RLIMITS]);

/* Child side, async-signal-safe: returns 0 or -1 with the failing resource
 * named in *what. */
int sandbox_limits_apply(const struct sandbox_limits *limits, const char **what);

#endif
