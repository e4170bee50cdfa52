/* sandbox_workcopy.h — fills the sandbox's private /work from the host work
 * directory.
 *
 * /work is a size- and inode-limited tmpfs of the sandbox's own, so what a
 * submission writes never reaches the host disk and a full /work is a
 * "disk" verdict.  pid 1 copies the staged files (the submission, course
 * files, shims) into it before the submission starts; the grader reads
 * outputs back through a descriptor of that /work (sandbox_result.work_fd).
 */
#ifndef GB_SANDBOX_WORKCOPY_H
#define GB_SANDBOX_WORKCOPY_H

#include "error.h"

/* Copies the regular files and directories under src (a directory opened
 * for reading) into dst, at most SANDBOX_WORKCOPY_DEPTH levels deep;
 * anything else (links, FIFOs, devices) is refused.  Allocation-free: it
 * runs in the cloned child. */
#define SANDBOX_WORKCOPY_DEPTH 8
int sandbox_workcopy(int src, int dst, struct gb_err *err);

#endif
