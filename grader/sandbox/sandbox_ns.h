/* sandbox_ns.h — the namespaces a submission runs in: user, pid, mount,
 * network, ipc and uts, created together by one clone().
 *
 * Inside, the submission is uid/gid SANDBOX_NS_ID.  Outside, that id is
 * nobody (65534) when the grader runs as root, or the grader's own uid when
 * it does not: either way the submission holds no privilege on the host.
 */
#ifndef GB_SANDBOX_NS_H
#define GB_SANDBOX_NS_H

#include <sys/types.h>

#include "error.h"

#define SANDBOX_NS_ID 1000
#define SANDBOX_NS_HOST_NOBODY 65534

/* fork()-like: returns the child's pid in the parent, 0 in the child (pid 1
 * of the new pid namespace), -1 with err filled. */
pid_t sandbox_ns_clone(struct gb_err *err);
/* Parent side: maps SANDBOX_NS_ID inside the child's user namespace. */
int sandbox_ns_write_maps(pid_t child, struct gb_err *err);
/* The host uid the submission's files belong to (for chown of the work dir). */
uid_t sandbox_ns_host_uid(void);
gid_t sandbox_ns_host_gid(void);
/* Child side, still privileged in its namespaces: hostname and loopback up. */
int sandbox_ns_setup_net_uts(struct gb_err *err);
/* Child side (pid 1), once its host-side sources are open: become
 * SANDBOX_NS_ID with no supplementary groups, keeping the namespace
 * capabilities needed to build the file system. */
int sandbox_ns_become_sandbox_id(int host_root, struct gb_err *err);
/* Child side, last step before exec: no capabilities, and no way to regain any. */
int sandbox_ns_drop_privileges(struct gb_err *err);

#endif
