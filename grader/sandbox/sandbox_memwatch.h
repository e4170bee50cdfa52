/* sandbox_memwatch.h — the resident memory of a whole sandboxed process tree.
 *
 * RLIMIT_DATA bounds each process on its own; a submission that forks up to
 * the process limit could still hold that much in every child.  The
 * supervisor sums the tree's resident memory a few times a second and stops
 * the run when the sum passes the memory limit.
 */
#ifndef GB_SANDBOX_MEMWATCH_H
#define GB_SANDBOX_MEMWATCH_H

#include <stddef.h>
#include <sys/types.h>

/* How often the supervisor samples, in seconds. */
#define SANDBOX_MEMWATCH_PERIOD 0.2

/* Sums the private resident memory (not shared libraries' pages) of root
 * and all its descendants into *bytes.
 * Returns 0, or -1 when root is gone or /proc cannot say (the caller then
 * relies on the per-process limit alone). */
int sandbox_memwatch_total(pid_t root, size_t *bytes);

#endif
