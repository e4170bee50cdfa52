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

/* Child side, async-signal-safe: returns 0 or -1 with the failing resource
 * named in *what. */
int sandbox_limits_apply(const struct sandbox_limits *limits, const char **what);

#endif
