/* signals.h — SIGTERM, SIGINT and SIGCHLD as bytes on a pipe, whichever
 * thread the kernel hands them to.
 *
 * Blocking the signals and taking them with sigwait() only works when every
 * thread of the process blocks them, and libraries start threads of their
 * own before main() (OpenBLAS does, in builds that link it): a process-wide
 * SIGTERM landing on one of those would kill the process outright instead of
 * stopping it cleanly.  So these signals get a handler, in every thread, that
 * writes the signal's number to a pipe, and the service's loops poll the pipe.
 */
#ifndef GB_SIGNALS_H
#define GB_SIGNALS_H

#include "error.h"

/* Installs the handlers for sigs[0..n-1] (once per process). */
int signals_catch(const int *sigs, int n, struct gb_err *err);
/* The pipe's read end, for poll() alongside other descriptors. */
int signals_fd(void);
/* Waits up to timeout_ms (0: just looks) for a caught signal; returns its
 * number, or 0 when none came. */
int signals_wait(long long timeout_ms);
/* Takes one signal that poll() said is there; 0 if there was none after all. */
int signals_take(void);

#endif
