/* sandbox_verdict.h — which limit stopped a run, and the sentence that says so.
 *
 * Some limits are seen directly (the wall clock, the output cap, a denied
 * system call, SIGXCPU); others are only visible in how the program failed:
 * an allocation refused under RLIMIT_DATA becomes a Python MemoryError, a
 * fork refused under RLIMIT_NPROC an EAGAIN.  The classifier reads that
 * evidence; it only ever runs on a run that did not succeed.
 */
#ifndef GB_SANDBOX_VERDICT_H
#define GB_SANDBOX_VERDICT_H

#include "sandbox/sandbox.h"

/* Sets res->limit (when still NONE) from the exit status, signal, CPU time
 * and the end of stderr. */
void sandbox_verdict_classify(struct sandbox_result *res, const struct sandbox_limits *limits);

#endif
