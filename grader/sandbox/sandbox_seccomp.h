/* sandbox_seccomp.h — the system-call filter of a submission.
 *
 * Calls a Python/torch program never needs (ptrace, mount, kexec, bpf, keyctl,
 * perf_event_open, unshare/setns, namespace-creating clone flags, io_uring,
 * sockets other than unix/inet, raw sockets …) go to the grader through a
 * seccomp user-notification listener: the grader learns exactly which call
 * was made, answers EPERM and stops the run with a verdict naming it.  No
 * ptrace and no audit log are needed to name the call.
 */
#ifndef GB_SANDBOX_SECCOMP_H
#define GB_SANDBOX_SECCOMP_H

#include <linux/filter.h>
#include <stddef.h>

#include "error.h"

/* The compiled filter.  Compiled in the grader, before the clone: the child
 * of a possibly multi-threaded grader must not allocate (a lock another
 * thread held at the clone would never be released there). */
struct sandbox_filter {
    struct sock_filter insns[1024];
    unsigned short len;
};

int sandbox_seccomp_compile(struct sandbox_filter *f, struct gb_err *err);
/* Child side, after no_new_privs: loads the filter, returns its listener.
 * Allocation-free. */
int sandbox_seccomp_install(const struct sandbox_filter *f, int *listener, struct gb_err *err);
/* Grader side, when the listener is readable: answers one pending call with
 * EPERM and names it.  Returns 1 a call was denied, 0 nothing pending (the
 * caller died first), -1 the listener failed. */
int sandbox_seccomp_answer(int listener, char *name, size_t size, struct gb_err *err);

#endif
