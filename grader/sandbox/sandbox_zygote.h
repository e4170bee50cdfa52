/* sandbox_zygote.h — one interpreter start shared by many sandboxed runs.
 *
 * A Python run spends most of a short grading importing torch (about 1.7 s
 * of CPU).  A zygote is an interpreter the grader starts once, outside any
 * sandbox and with the runs' own environment, that imports the given
 * modules and then only forks: each run is a fresh copy of it that enters
 * a new sandbox (built exactly as for an exec'd run: namespaces, file
 * system, cgroup, ids, capabilities, system-call filter, limits) and then
 * runs the script as `python3 SCRIPT` would (grader/shims/gradebox_zygote.py).
 * Runs share nothing but the state the imports left; the zygote never runs
 * submitted code and keeps nothing of a request.
 *
 * Only a run whose argv is exactly { the zygote's interpreter, SCRIPT.py }
 * and whose environment (apart from GRADEBOX_* entries and PYTHONPATH, both
 * applied per run) is the zygote's is started from it (sandbox_zygote_fits);
 * any other run is exec'd as before.  The owner (a `grader check` of several
 * files, a batch or service worker) starts one and stops it when done.
 */
#ifndef GB_SANDBOX_ZYGOTE_H
#define GB_SANDBOX_ZYGOTE_H

#include <sys/types.h>

#include "error.h"
#include "sandbox/sandbox.h"
#include "sandbox/sandbox_seccomp.h"

struct sandbox_zygote;

/* Starts a zygote for runs like `like` (its argv[0] the interpreter, its env
 * the runs' env), running `script` (gradebox_zygote.py) and importing each
 * of preload (NULL-terminated; a module that fails to import is left to the
 * runs).  Waits until the imports are done. */
int sandbox_zygote_start(struct sandbox_zygote **out, const struct sandbox_spec *like,
                         const char *script, const char *const *preload, struct gb_err *err);
/* Ends the zygote and frees z (NULL is fine). */
void sandbox_zygote_stop(struct sandbox_zygote *z);
/* 1 when z is alive and can start this run (argv and envp as the sandbox
 * gives them to the run: sandbox_env.h). */
int sandbox_zygote_fits(struct sandbox_zygote *z, char *const *argv, char *const *envp);
/* The request for one run (JSON, read by gradebox_zygote.py): argv and envp
 * as the run sees them, the compiled filter, the limits of spec, the
 * layout of the control messages and whether a cgroup comes with it.  NULL
 * when out of memory. */
char *sandbox_zygote_request(const struct sandbox_spec *spec, char *const *argv,
                             char *const *envp, const struct sandbox_filter *filter, int cgroup);
/* Asks z for a run inside the sandbox whose pid 1 is init_pidfd: request is
 * the run's description (JSON, gradebox_zygote.py), fds the descriptors it
 * carries (see there).  Returns once the run exists, or why it could not. */
int sandbox_zygote_spawn(struct sandbox_zygote *z, const char *request, const int fds[5],
                         struct gb_err *err);

#endif
