/* sandbox_workcopy.c — the host work directory copied into the sandbox's
 * /work (see sandbox_workcopy.h).  No malloc: getdents64 and read/write
 * with buffers on the stack, one descriptor per level. */
#define _GNU_SOURCE
#include "sandbox/sandbox_workcopy.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct dirent64_raw {
    uint64_t d_ino;
    int64_t d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[];
};

static int copy_data(int in, int out, const char *name, struct gb_err *err)
{
    char buf[16384];

    for (;;) {
        ssize_t n = read(in, buf, sizeof buf), off = 0;

        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return gb_fail_errno(err, "cannot read %s for the sandbox", name);
        if (n == 0)
            return 0;
        while (off < n) {
            ssize_t w = write(out, buf + off, (size_t)(n - off));

            if (w < 0 && errno == EINTR)
                continue;
            if (w < 0)
                return gb_fail_errno(err, "cannot copy %s into the sandbox's /work", name);
            off += w;
        }
    }
}

static int copy_file(int src, int dst, const char *name, struct gb_err *err)
{
    int in = openat(src, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC), out, rc;
    struct stat st;

    if (in < 0)
        return gb_fail_errno(err, "cannot open %s for the sandbox", name);
    if (fstat(in, &st) || !S_ISREG(st.st_mode)) {
        close(in);
        return gb_fail(err, "%s in the work directory is not a regular file", name);
    }
    out = openat(dst, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                 st.st_mode & 0755);
    if (out < 0) {
        close(in);
        return gb_fail_errno(err, "cannot create %s in the sandbox's /work", name);
    }
    rc = copy_data(in, out, name, err);
    close(in);
    if (close(out) && rc == 0)
        rc = gb_fail_errno(err, "cannot copy %s into the sandbox's /work", name);
    return rc;
}

static int copy_level(int src, int dst, int depth, struct gb_err *err);

static int copy_dir(int src, int dst, const char *name, int depth, struct gb_err *err)
{
    int in, out, rc;

    if (depth >= SANDBOX_WORKCOPY_DEPTH)
        return gb_fail(err, "the work directory is nested too deep at %s", name);
    if (mkdirat(dst, name, 0755))
        return gb_fail_errno(err, "cannot create %s in the sandbox's /work", name);
    in = openat(src, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    out = openat(dst, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    rc = in < 0 || out < 0 ? gb_fail_errno(err, "cannot open %s for the sandbox", name)
                           : copy_level(in, out, depth + 1, err);
    if (in >= 0)
        close(in);
    if (out >= 0)
        close(out);
    return rc;
}

static int copy_level(int src, int dst, int depth, struct gb_err *err)
{
    char buf[4096];
    ssize_t n;

    while ((n = getdents64(src, buf, sizeof buf)) > 0) {
        for (ssize_t off = 0; off < n;) {
            struct dirent64_raw *e = (struct dirent64_raw *)(buf + off);
            struct stat st;

            off += e->d_reclen;
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
                continue;
            if (fstatat(src, e->d_name, &st, AT_SYMLINK_NOFOLLOW))
                return gb_fail_errno(err, "cannot inspect %s for the sandbox", e->d_name);
            if (S_ISDIR(st.st_mode) ? copy_dir(src, dst, e->d_name, depth, err)
                                    : copy_file(src, dst, e->d_name, err))
                return -1;
        }
    }
    return n < 0 ? gb_fail_errno(err, "cannot list the work directory") : 0;
}

int sandbox_workcopy(int src, int dst, struct gb_err *err)
{
    return copy_level(src, dst, 0, err);
}
