/* sandbox_cgroup.h — a cgroup v2 memory.max around one sandboxed run, when
 * the grader has a delegated cgroup to make it in.
 *
 * The kernel then holds the whole tree to the memory limit at every
 * allocation — anonymous, shared, tmpfs, kernel memory — where the
 * watchdog (sandbox_memwatch.h) samples five times a second.  The watchdog
 * runs either way; the cgroup is added when one of these holds:
 *   - $GRADEBOX_CGROUP names a cgroup v2 directory the grader may create
 *     children in (an operator's delegated cgroup); failing to use it is
 *     then an error, never a silent fallback;
 *   - the grader's own cgroup (/proc/self/cgroup) is a writable cgroup v2
 *     directory that already enables the memory controller for its
 *     children, or whose only process is the grader: the grader then moves
 *     itself into a leaf "gradebox-grader" and enables memory for the runs
 *     beside it (what systemd's Delegate=yes expects of a delegated unit).
 * Otherwise (cgroup v1, nothing delegated, not writable) no cgroup is
 * touched and sandbox_cgroup_why() says why.
 */
#ifndef GB_SANDBOX_CGROUP_H
#define GB_SANDBOX_CGROUP_H

#include <stddef.h>
#include <sys/types.h>

#include "error.h"

struct sandbox_cgroup {
    int dirfd;           /* the run's own cgroup directory, -1 when none */
    int parent_fd;       /* the directory it was made in */
    char name[64];
};

#define SANDBOX_CGROUP_INIT { -1, -1, "" }

/* Makes a fresh cgroup for one run with memory.max = memory_bytes (and no
 * swap).  0 with cg->dirfd >= 0 when one is in force, 0 with cg->dirfd < 0
 * when none is available; -1 only when $GRADEBOX_CGROUP was set and
 * cannot be used. */
int sandbox_cgroup_create(struct sandbox_cgroup *cg, size_t memory_bytes, struct gb_err *err);
/* Moves pid (the sandbox's pid 1, before it starts the submission) in. */
int sandbox_cgroup_attach(struct sandbox_cgroup *cg, pid_t pid, struct gb_err *err);
/* 1 when the kernel OOM-killed a process of the run at memory.max. */
int sandbox_cgroup_oom_killed(const struct sandbox_cgroup *cg);
/* Removes the run's cgroup (its processes must be gone). */
void sandbox_cgroup_remove(struct sandbox_cgroup *cg);
/* Why no cgroup is in force (after a create that found none), for docs and
 * tests: "the memory controller is not available in cgroup v2 here". */
const char *sandbox_cgroup_why(void);

#endif
