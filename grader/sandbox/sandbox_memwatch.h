/* sandbox_memwatch.h — the memory a whole sandboxed process tree holds.
 *
 * RLIMIT_DATA bounds each process's private memory on its own; a submission
 * that forks up to the process limit could still hold that much in every
 * child, and shared memory (MAP_SHARED, memfd) is not in RLIMIT_DATA at
 * all.  The supervisor sums the tree's anonymous and shared resident memory
 * and the memfd files it holds open a few times a second, and stops the run
 * when the sum passes the memory limit.  Where a delegated cgroup v2 is
 * available the kernel enforces memory.max as well (sandbox_cgroup.h).
 */
#ifndef GB_SANDBOX_MEMWATCH_H
#define GB_SANDBOX_MEMWATCH_H

#include <stddef.h>
#include <sys/types.h>

/* How often the supervisor samples, in seconds. */
#define SANDBOX_MEMWATCH_PERIOD 0.2

/* Sums the anonymous and shared-memory resident pages (not libraries' or
 * other files' pages) of root and all its descendants, plus the memfd files
 * they hold open, into *bytes.
 * Returns 0, or -1 when root is gone or /proc cannot say (the caller then
 * relies on the per-process limit alone). */
int sandbox_memwatch_total(pid_t root, size_t *bytes);

#endif
