/* workdir.c — a submission's working directory, handled only through
 * descriptors (see workdir.h). */
#define _GNU_SOURCE
#include "sandbox/workdir.h"

#include "buf.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define DIR_FLAGS (O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
#define OWNER_FILE "owner"          /* in gradebox.XXXXXX: "PID STARTTIME" of its grader */
#define LEGACY_STALE_SECONDS 86400  /* a directory without an owner file, this old, is stale */

static int remove_contents(int top, struct gb_err *err);

/* The start time (in clock ticks after boot, /proc/PID/stat field 22) of
 * pid, so a recycled pid is not taken for the grader that made a directory;
 * 0 when pid is gone. */
static unsigned long long start_time(long pid)
{
    char path[64], buf[1024], *p;
    unsigned long long t = 0;
    int field = 2, fd;
    ssize_t n;

    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
        return 0;
    n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0)
        return 0;
    buf[n] = '\0';
    if (!(p = strrchr(buf, ')')))
        return 0;
    for (; *p && field < 22; p++)
        field += *p == ' ';
    return sscanf(p, "%llu", &t) == 1 ? t : 0;
}

/* Is the gradebox.XXXXXX directory dirfd left by a grader that is gone
 * (killed with -9, the machine reset)?  Its owner file names the grader;
 * a directory without one (an older grader's) is stale after a day. */
static int is_stale(int dirfd, const struct stat *st)
{
    char buf[64];
    long pid = 0;
    unsigned long long start = 0;
    int fd = openat(dirfd, OWNER_FILE, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    ssize_t n = fd >= 0 ? read(fd, buf, sizeof buf - 1) : -1;

    if (fd >= 0)
        close(fd);
    if (n <= 0)
        return time(NULL) - st->st_mtime > LEGACY_STALE_SECONDS;
    buf[n] = '\0';
    if (sscanf(buf, "%ld %llu", &pid, &start) != 2 || pid <= 0)
        return 0;
    return start_time(pid) != start;
}

/* Removes the stale gradebox.* directories of this user under base: the
 * submission's files must not outlive a grader killed mid-run.  Best
 * effort; never follows a link, never touches another user's directory. */
static void clean_stale(const char *base)
{
    int basefd = open(base, DIR_FLAGS);
    DIR *d = basefd >= 0 ? fdopendir(basefd) : NULL;
    struct dirent *e;

    if (!d) {
        if (basefd >= 0)
            close(basefd);
        return;
    }
    while ((e = readdir(d))) {
        struct stat st;
        int fd;

        if (strncmp(e->d_name, "gradebox.", 9) || strlen(e->d_name) != 15 ||
            fstatat(basefd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) || !S_ISDIR(st.st_mode) ||
            st.st_uid != geteuid() || (fd = openat(basefd, e->d_name, DIR_FLAGS)) < 0)
            continue;
        if (is_stale(fd, &st) && remove_contents(fd, NULL) == 0)
            unlinkat(basefd, e->d_name, AT_REMOVEDIR);
        close(fd);
    }
    closedir(d);
}

/* Names this process as the directory's grader, for clean_stale(). */
static int write_owner(int parent_fd)
{
    char text[64];
    int fd = openat(parent_fd, OWNER_FILE, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                    0600);
    int len = snprintf(text, sizeof text, "%ld %llu\n", (long)getpid(),
                       start_time((long)getpid()));

    if (fd < 0)
        return -1;
    if (gb_write_all(fd, text, (size_t)len)) {
        close(fd);
        return -1;
    }
    return close(fd);
}

int workdir_create(struct workdir *wd, const char *base, struct gb_err *err)
{
    const char *tmp = getenv("TMPDIR");
    struct workdir w = WORKDIR_INIT;

    if (!base)
        base = tmp && tmp[0] == '/' ? tmp : "/tmp";
    clean_stale(base);
    if (asprintf(&w.parent, "%s/gradebox.XXXXXX", base) < 0)
        return gb_fail(err, "out of memory creating a work directory");
    if (!mkdtemp(w.parent)) {
        gb_fail_errno(err, "cannot create a work directory in %s", base);
        free(w.parent);
        return -1;
    }
    if (asprintf(&w.path, "%s/work", w.parent) < 0) {
        w.path = NULL;
        gb_fail(err, "out of memory creating a work directory");
        goto fail;
    }
    w.parent_fd = open(w.parent, DIR_FLAGS);
    if (w.parent_fd < 0 || write_owner(w.parent_fd) || mkdirat(w.parent_fd, "work", 0755) ||
        (w.fd = openat(w.parent_fd, "work", DIR_FLAGS)) < 0) {
        gb_fail_errno(err, "cannot create the work directory %s", w.path);
        goto fail;
    }
    *wd = w;
    return 0;
fail:
    workdir_remove(&w, NULL);
    return -1;
}

/* Splits off the first component of *rest; rejects "", "." and "..". */
static int next_component(const char **rest, char *name, size_t size, struct gb_err *err)
{
    size_t n = strcspn(*rest, "/");

    if (n == 0 || n >= size || (n == 1 && (*rest)[0] == '.') ||
        (n == 2 && !strncmp(*rest, "..", 2)))
        return gb_fail(err, "unsafe file name in the work directory");
    memcpy(name, *rest, n);
    name[n] = '\0';
    *rest += n + ((*rest)[n] == '/');
    return 0;
}

/* Walks to the directory holding the last component of path, creating the
 * directories when create is set; returns its descriptor and the leaf name. */
static int walk(struct workdir *wd, const char *path, int create, char *leaf, size_t size,
                struct gb_err *err)
{
    const char *rest = path;
    int fd;

    if (!path[0] || path[0] == '/')
        return gb_fail(err, "'%s' is not a relative path in the work directory", path);
    fd = dup(wd->fd);
    if (fd < 0)
        return gb_fail_errno(err, "cannot open the work directory");
    for (;;) {
        int sub;

        if (next_component(&rest, leaf, size, err))
            goto fail;
        if (!*rest)
            return fd;
        if (create && mkdirat(fd, leaf, 0755) && errno != EEXIST) {
            gb_fail_errno(err, "cannot create directory %s in the work directory", leaf);
            goto fail;
        }
        sub = openat(fd, leaf, DIR_FLAGS);
        if (sub < 0) {
            gb_fail_errno(err, "cannot open directory %s in the work directory", leaf);
            goto fail;
        }
        close(fd);
        fd = sub;
    }
fail:
    close(fd);
    gb_err_prefix(err, "%s", path);
    return -1;
}

int workdir_add_data(struct workdir *wd, const char *name, const void *data, size_t len,
                     struct gb_err *err)
{
    char leaf[NAME_MAX + 1];
    int dirfd = walk(wd, name, 1, leaf, sizeof leaf, err);
    int fd;

    if (dirfd < 0)
        return -1;
    fd = openat(dirfd, leaf, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    close(dirfd);
    if (fd < 0)
        return gb_fail_errno(err, "cannot create %s in the work directory", name);
    if (gb_write_all(fd, data, len)) {
        gb_fail_errno(err, "cannot write %s in the work directory", name);
        close(fd);
        return -1;
    }
    if (close(fd))
        return gb_fail_errno(err, "cannot write %s in the work directory", name);
    return 0;
}

int workdir_add_file(struct workdir *wd, const char *name, const char *src_path,
                     size_t max_bytes, struct gb_err *err)
{
    struct gb_buf b = GB_BUF_INIT;
    int rc;

    if (gb_read_file(src_path, max_bytes, &b, err))
        return -1;
    rc = workdir_add_data(wd, name, b.data, b.len, err);
    gb_buf_free(&b);
    return rc;
}

static int read_fd(int fd, const char *name, size_t max_bytes, struct gb_buf *out,
                   struct gb_err *err)
{
    char chunk[65536];

    for (;;) {
        ssize_t n = read(fd, chunk, sizeof chunk);

        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return gb_fail_errno(err, "cannot read %s from the work directory", name);
        if (n == 0)
            break;
        if (out->len + (size_t)n > max_bytes)
            return gb_fail(err, "%s in the work directory is larger than %zu bytes",
                           name, max_bytes);
        if (gb_buf_append(out, chunk, (size_t)n, err))
            return -1;
    }
    return out->data ? 0 : gb_buf_append(out, "", 0, err);
}

int workdir_read_file(struct workdir *wd, const char *name, size_t max_bytes,
                      struct gb_buf *out, struct gb_err *err)
{
    char leaf[NAME_MAX + 1];
    struct stat st;
    int dirfd = walk(wd, name, 0, leaf, sizeof leaf, err);
    int fd, rc;

    if (dirfd < 0)
        return -1;
    /* O_NONBLOCK: opening a planted FIFO must not hang the grader. */
    fd = openat(dirfd, leaf, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    close(dirfd);
    if (fd < 0 && errno == ELOOP)
        return gb_fail(err, "%s in the work directory is a symbolic link; not read", name);
    if (fd < 0)
        return gb_fail_errno(err, "cannot open %s in the work directory", name);
    if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
        close(fd);
        return gb_fail(err, "%s in the work directory is not a regular file; not read", name);
    }
    rc = read_fd(fd, name, max_bytes, out, err);
    close(fd);
    return rc;
}

int workdir_read_file_at(int dirfd, const char *name, size_t max_bytes, struct gb_buf *out,
                         struct gb_err *err)
{
    struct workdir view = WORKDIR_INIT;

    if (dirfd <= 2)
        return gb_fail(err, "%s: the sandbox's work directory is gone", name);
    view.fd = dirfd;   /* walk() only dups it: view owns nothing to free */
    return workdir_read_file(&view, name, max_bytes, out, err);
}

/* Empties the directory dirfd: files are unlinked, empty directories
 * removed, and the first non-empty directory is returned (opened) so the
 * caller can descend; -1 when dirfd is empty, -2 on error. */
static int empty_or_descend(int dirfd, struct gb_err *err)
{
    int dup_fd = dup(dirfd), sub = -1;
    DIR *d = dup_fd >= 0 ? fdopendir(dup_fd) : NULL;
    struct dirent *e;

    if (!d) {
        if (dup_fd >= 0)
            close(dup_fd);
        return gb_fail_errno(err, "cannot list a directory of the work tree"), -2;
    }
    while (sub < 0 && (e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        if (!unlinkat(dirfd, e->d_name, 0) || errno == ENOENT)
            continue;
        if (errno != EISDIR && errno != EPERM) {
            gb_fail_errno(err, "cannot remove %s from the work tree", e->d_name);
            sub = -2;
            break;
        }
        if (!unlinkat(dirfd, e->d_name, AT_REMOVEDIR))
            continue;
        /* A directory the submission made unreadable is still its owner's. */
        fchmodat(dirfd, e->d_name, 0700, AT_SYMLINK_NOFOLLOW);
        sub = openat(dirfd, e->d_name, DIR_FLAGS);
        if (sub < 0) {
            gb_fail_errno(err, "cannot open %s in the work tree", e->d_name);
            sub = -2;
        }
    }
    closedir(d);
    return sub;
}

/* Depth-first without a descriptor per level (a submission can nest
 * directories deeper than any descriptor limit): descend into the first
 * non-empty directory, climb back with "..", until the top is empty. */
static int remove_contents(int top, struct gb_err *err)
{
    int cur = dup(top), depth = 0;

    if (cur < 0)
        return gb_fail_errno(err, "cannot open the work tree");
    for (;;) {
        int next = empty_or_descend(cur, err);

        if (next == -2)
            break;
        if (next < 0 && depth == 0) {
            close(cur);
            return 0;
        }
        if (next < 0) {
            next = openat(cur, "..", DIR_FLAGS);
            depth--;
        } else {
            depth++;
        }
        close(cur);
        cur = next;
        if (cur < 0)
            return gb_fail_errno(err, "cannot walk the work tree");
    }
    close(cur);
    return -1;
}

int workdir_remove(struct workdir *wd, struct gb_err *err)
{
    int rc = 0;

    if (wd->fd >= 0) {
        if (remove_contents(wd->fd, err))
            rc = -1;
        else if (unlinkat(wd->parent_fd, "work", AT_REMOVEDIR))
            rc = gb_fail_errno(err, "cannot remove %s", wd->path);
    } else if (wd->parent_fd >= 0) {
        unlinkat(wd->parent_fd, "work", AT_REMOVEDIR);   /* creation failed half-way */
    }
    if (wd->parent_fd >= 0 && unlinkat(wd->parent_fd, OWNER_FILE, 0) && errno != ENOENT && !rc)
        rc = gb_fail_errno(err, "cannot remove %s/%s", wd->parent, OWNER_FILE);
    if (!rc && wd->parent && rmdir(wd->parent))
        rc = gb_fail_errno(err, "cannot remove %s", wd->parent);
    if (wd->fd >= 0)
        close(wd->fd);
    if (wd->parent_fd >= 0)
        close(wd->parent_fd);
    free(wd->path);
    free(wd->parent);
    *wd = (struct workdir)WORKDIR_INIT;
    return rc;
}
