/* sandbox_mount.h — the file system a submission sees.
 *
 * A fresh root (a small tmpfs, read-only once built) holding only:
 *   the command's view      read-only binds, each at its host path, of: the
 *                           loader and the multiarch library directories
 *                           (/lib64, /usr/lib/<triplet>), argv[0], and
 *                           plan->ro_paths (for Python: its stdlib,
 *                           site-packages and the libraries it loads, as the
 *                           runtime probe reports them, check/runtime.h);
 *                           every symlink met on the way to them (/bin ->
 *                           usr/bin, python3 -> python3.11) recreated, so
 *                           the host's own names work (sandbox_view.h)
 *   /etc                    generated passwd, group, hosts + read-only binds
 *                           of what the dynamic loader and python need
 *   /proc                   a new procfs for the sandbox's pid namespace
 *   /dev                    null, zero, full, random, urandom and the fd links
 *   /sys/devices/system/cpu read-only (torch sizes its thread pools from it)
 *   /tmp                    a private tmpfs of limits.tmp_bytes
 *   SANDBOX_WORKDIR         a private tmpfs of limits.disk_bytes, filled with
 *                           a copy of the host work directory (no host path
 *                           is writable: sandbox_workcopy.h)
 *   plan->hidden            an empty read-only tmpfs over each that a bound
 *                           directory contains (the grader's data: rubrics,
 *                           expected values, samples)
 * Nothing else of the host — the rest of /usr, other submissions, the
 * rubrics, the grader's repository, home directories, /etc/shadow — exists
 * in it.
 */
#ifndef GB_SANDBOX_MOUNT_H
#define GB_SANDBOX_MOUNT_H

#include <stddef.h>

#include "error.h"

struct sandbox_mount_plan {
    const char *workdir;             /* host path, copied into /work */
    const char *command;             /* argv[0], an absolute host path */
    const char *const *ro_paths;     /* may be NULL */
    const char *const *hidden;       /* may be NULL */
    size_t tmp_bytes;
    size_t disk_bytes;               /* /work's size */
};

/* Files (inodes) each of /work and /tmp may hold: inodes cost kernel memory
 * that size= does not count, and a million empty files is an attack. */
#define SANDBOX_MOUNT_INODES 16384

/* Debian's torch runtime needs under 30 mounts and a few links; a conda or
 * pyenv prefix binds its libraries one by one, each with its soname link. */
#define SANDBOX_MOUNT_MAX 512
#define SANDBOX_MOUNT_LINKS 256

struct sandbox_mount_source {
    char src[512];       /* host path */
    char dst[512];       /* path inside the sandbox */
    int fd;              /* O_PATH descriptor of the host source, once opened */
    int is_dir;
    int writable;
    int copy_in;         /* the work directory: copied into a tmpfs, not bound */
    int in_view;         /* a canonical host path of the command's view (sandbox_view.h) */
    int hide;            /* an empty read-only tmpfs at dst, no source */
};

/* A host symlink met on the way to a bound path, recreated in the root. */
struct sandbox_mount_link {
    char at[512];        /* where, its parent directories canonical */
    char target[512];    /* what it says, as readlink(2) gives it */
};

/* Kept sorted by dst: a directory is mounted before anything inside it. */
struct sandbox_mount_sources {
    struct sandbox_mount_source item[SANDBOX_MOUNT_MAX];
    int n;
    struct sandbox_mount_link link[SANDBOX_MOUNT_LINKS];
    int n_links;
};

/* Grader side, before the clone (allocating freely: glob): lists every
 * source that exists. */
int sandbox_mount_collect(const struct sandbox_mount_plan *plan, struct sandbox_mount_sources *src,
                          struct gb_err *err);
/* Child side, first step, in the new mount namespace (a descriptor opened
 * in the grader's would be refused as a bind source) and still as the
 * grader's host id (so a work directory inside a private 0700 directory can
 * be reached): opens every source.  Allocation-free. */
int sandbox_mount_open(struct sandbox_mount_sources *src, struct gb_err *err);
void sandbox_mount_close(struct sandbox_mount_sources *src);
/* Child side, privileged in its own user and mount namespaces: builds the
 * root, pivots into it and leaves the cwd at SANDBOX_WORKDIR.  Closes the
 * sources whatever happens.  Allocation-free. */
int sandbox_mount_build(const struct sandbox_mount_plan *plan, struct sandbox_mount_sources *src,
                        struct gb_err *err);

#endif
