/* workdir.h — the private working directory of one submission on the host.
 *
 * The sandboxed program owns everything inside the work directory and may
 * have planted symlinks, FIFOs or odd permissions there (cf. Judge0's
 * CVE-2024-28185: the host followed a planted link).  So the grader never
 * acts on a path inside it: every file is created, read and removed through
 * directory descriptors, component by component, with O_NOFOLLOW, and only
 * regular files are ever read.
 *
 * Layout: <base>/gradebox.XXXXXX/ (0700, the grader's) holds work/, the
 * directory handed to the sandbox.  No other local user can reach it.
 */
#ifndef GB_WORKDIR_H
#define GB_WORKDIR_H

#include <stddef.h>

#include "buf.h"
#include "error.h"

struct workdir {
    char *path;          /* host path of work/, for sandbox_spec.workdir */
    int fd;              /* descriptor of work/ */
    char *parent;        /* the private gradebox.XXXXXX directory */
    int parent_fd;
};

#define WORKDIR_INIT { NULL, -1, NULL, -1 }

/* Creates a fresh work directory under base (NULL: $TMPDIR, else /tmp). */
int workdir_create(struct workdir *wd, const char *base, struct gb_err *err);
/* Copies the regular file src_path (at most max_bytes) into the work
 * directory as name: a relative path whose directories are created; no ".."
 * and no existing entry is ever replaced. */
int workdir_add_file(struct workdir *wd, const char *name, const char *src_path,
                     size_t max_bytes, struct gb_err *err);
int workdir_add_data(struct workdir *wd, const char *name, const void *data, size_t len,
                     struct gb_err *err);
/* Reads name back out (at most max_bytes), refusing links, FIFOs, devices
 * and directories anywhere along the path. */
int workdir_read_file(struct workdir *wd, const char *name, size_t max_bytes,
                      struct gb_buf *out, struct gb_err *err);
/* The same, inside the directory dirfd: the sandbox's own /work after a
 * run (sandbox_result.work_fd), where the submission's outputs are. */
int workdir_read_file_at(int dirfd, const char *name, size_t max_bytes, struct gb_buf *out,
                         struct gb_err *err);
/* Removes the whole tree without following anything the submission left,
 * then frees wd.  Call only after the sandboxed run has ended. */
int workdir_remove(struct workdir *wd, struct gb_err *err);

#endif
