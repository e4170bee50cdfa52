/* sandbox_view.h — which host paths the sandbox's root shows, worked out in
 * the grader before the clone (allocating freely; sandbox_mount.h builds it).
 *
 * A submission sees what its command needs and nothing else of the host:
 * not /usr whole (an installed grader's PREFIX/share/gradebox, with the
 * expected values, lies under it), only the paths the caller names.  Each
 * named path is walked one component at a time as the kernel would resolve
 * it: every symlink met is recorded, to be recreated in the root (so
 * /usr/bin/python3 -> python3.11 and /lib -> usr/lib keep working), and the
 * canonical end is bound read-only at its own host path.  A path inside one
 * already bound is not bound again; one that holds bound ones replaces them.
 *
 * A hidden directory (the grader's data) that a bound directory holds gets
 * an empty read-only tmpfs over it, whatever the layout: the view decides
 * what is shown, and the hiding is a second guard that does not depend on it.
 */
#ifndef GB_SANDBOX_VIEW_H
#define GB_SANDBOX_VIEW_H

#include "error.h"
#include "sandbox/sandbox_mount.h"

/* Shows path (absolute) read-only, its symlinks recreated; a path that does
 * not exist is skipped.  "/" is refused: it would show the whole host. */
int sandbox_view_add(struct sandbox_mount_sources *l, const char *path, struct gb_err *err);
/* sandbox_view_add() for each of paths (NULL-terminated, may be NULL),
 * resolving each directory once. */
int sandbox_view_add_list(struct sandbox_mount_sources *l, const char *const *paths,
                          struct gb_err *err);
/* The loader and the multiarch library directories every dynamically linked
 * command needs (/lib64/ld-linux*, /usr/lib/<triplet>). */
int sandbox_view_add_loader(struct sandbox_mount_sources *l, struct gb_err *err);
/* After every add: hides each of hidden (NULL-terminated, may be NULL) that a
 * bound path holds, drops the links a bound directory already holds, and
 * sorts the mounts so that a directory comes before what is mounted in it. */
int sandbox_view_finish(struct sandbox_mount_sources *l, const char *const *hidden,
                        struct gb_err *err);

#endif
