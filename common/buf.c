/* buf.c — growable buffers and bounded file I/O (see buf.h). */
#include "buf.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int buf_reserve(struct gb_buf *b, size_t extra, struct gb_err *err)
{
    size_t need, cap;
    char *p;

    if (extra > SIZE_MAX - b->len - 1)
        return gb_fail(err, "buffer size overflow");
    need = b->len + extra + 1;
    if (need <= b->cap)
        return 0;
    cap = b->cap ? b->cap : 64;
    while (cap < need)
        cap = cap > SIZE_MAX / 2 ? need : cap * 2;
    p = realloc(b->data, cap);
    if (!p)
        return gb_fail(err, "out of memory growing a buffer to %zu bytes", cap);
    b->data = p;
    b->cap = cap;
    return 0;
}

int gb_buf_append(struct gb_buf *b, const void *p, size_t n, struct gb_err *err)
{
    if (buf_reserve(b, n, err))
        return -1;
    if (n)
        memcpy(b->data + b->len, p, n);
    b->len += n;
    b->data[b->len] = '\0';
    return 0;
}

int gb_buf_puts(struct gb_buf *b, const char *s, struct gb_err *err)
{
    return gb_buf_append(b, s, strlen(s), err);
}

int gb_buf_vprintf(struct gb_buf *b, struct gb_err *err, const char *fmt, va_list ap)
{
    va_list again;
    int n;

    va_copy(again, ap);
    n = vsnprintf(NULL, 0, fmt, again);
    va_end(again);
    if (n < 0)
        return gb_fail(err, "cannot format text");
    if (buf_reserve(b, (size_t)n, err))
        return -1;
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
    return 0;
}

int gb_buf_printf(struct gb_buf *b, struct gb_err *err, const char *fmt, ...)
{
    va_list ap;
    int rc;

    va_start(ap, fmt);
    rc = gb_buf_vprintf(b, err, fmt, ap);
    va_end(ap);
    return rc;
}

char *gb_buf_steal(struct gb_buf *b)
{
    char *p = b->data;

    if (!p)
        p = calloc(1, 1);
    b->data = NULL;
    b->len = b->cap = 0;
    return p;
}

void gb_buf_free(struct gb_buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

int gb_read_file(const char *path, size_t max_bytes, struct gb_buf *out, struct gb_err *err)
{
    char chunk[65536];
    struct stat st;
    ssize_t n;
    int fd;

    /* Non-blocking: opening a FIFO would otherwise wait forever for a
     * writer.  A regular file reads the same either way; the flag is
     * cleared anyway so a file on an odd file system blocks as usual. */
    fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0)
        return gb_fail_errno(err, "cannot open %s", path);
    if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return gb_fail(err, "%s is not a regular file", path);
    }
    if (fcntl(fd, F_SETFL, 0) < 0) {
        gb_fail_errno(err, "cannot read %s", path);
        close(fd);
        return -1;
    }
    for (;;) {
        n = read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            gb_fail_errno(err, "cannot read %s", path);
            close(fd);
            return -1;
        }
        if (n == 0)
            break;
        if (out->len + (size_t)n > max_bytes) {
            close(fd);
            return gb_fail(err, "%s is larger than the %zu-byte limit", path, max_bytes);
        }
        if (gb_buf_append(out, chunk, (size_t)n, err)) {
            close(fd);
            return -1;
        }
    }
    close(fd);
    if (!out->data)
        return gb_buf_append(out, "", 0, err);
    return 0;
}

int gb_write_all(int fd, const void *data, size_t len)
{
    const char *p = data;

    while (len) {
        ssize_t n = write(fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -1;
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

/* Writes data to a new temporary file beside path (mode, fsynced); tmp gets its name. */
static int write_temp(const char *path, const void *data, size_t len, mode_t mode,
                      char tmp[PATH_MAX], struct gb_err *err)
{
    int fd;

    if (snprintf(tmp, PATH_MAX, "%s.tmp.%ld", path, (long)getpid()) >= PATH_MAX)
        return gb_fail(err, "path too long: %s", path);
    fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode);
    if (fd < 0)
        return gb_fail_errno(err, "cannot create %s", tmp);
    if (gb_write_all(fd, data, len) < 0 || fsync(fd) < 0) {
        gb_fail_errno(err, "cannot write %s", tmp);
        close(fd);
        unlink(tmp);
        return -1;
    }
    if (close(fd) < 0) {
        gb_fail_errno(err, "cannot close %s", tmp);
        unlink(tmp);
        return -1;
    }
    return 0;
}

int gb_write_file_atomic(const char *path, const void *data, size_t len, struct gb_err *err)
{
    char tmp[PATH_MAX];

    if (write_temp(path, data, len, 0644, tmp, err))
        return -1;
    if (rename(tmp, path) < 0) {
        gb_fail_errno(err, "cannot rename %s to %s", tmp, path);
        unlink(tmp);
        return -1;
    }
    return 0;
}

int gb_write_file_new(const char *path, const void *data, size_t len, mode_t mode,
                      struct gb_err *err)
{
    char tmp[PATH_MAX];
    int rc = 0;

    if (write_temp(path, data, len, mode, tmp, err))
        return -1;
    /* link(), unlike rename(), never replaces: of two processes making the
     * same key at once, one wins and the other reads the winner's whole file. */
    if (link(tmp, path) < 0)
        rc = errno == EEXIST ? (gb_fail(err, "%s exists", path), 1)
                             : gb_fail_errno(err, "cannot create %s", path);
    unlink(tmp);
    return rc;
}

int gb_user_file(const char *env, const char *xdg_var, const char *home_rel, const char *name,
                 char *out, size_t size, struct gb_err *err)
{
    const char *set = env ? getenv(env) : NULL, *base = getenv(xdg_var), *home = getenv("HOME");
    int n;

    if (set && *set)
        n = snprintf(out, size, "%s", set);
    else if (base && base[0] == '/')
        n = snprintf(out, size, "%s/gradebox/%s", base, name);
    else if (home && home[0] == '/')
        n = snprintf(out, size, "%s/%s/gradebox/%s", home, home_rel, name);
    else
        return gb_fail(err, "neither $%s nor $HOME is set: say where %s goes%s%s", xdg_var,
                       name, env ? " with $" : "", env ? env : "");
    if (n < 0 || (size_t)n >= size)
        return gb_fail(err, "the path of %s is too long", name);
    return 0;
}

int gb_make_parent(const char *path, struct gb_err *err)
{
    char dir[PATH_MAX];
    size_t len = strlen(path);

    if (len >= sizeof dir)
        return gb_fail(err, "path too long: %s", path);
    memcpy(dir, path, len + 1);
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(dir, 0700) < 0 && errno != EEXIST)
            return gb_fail_errno(err, "cannot create directory %s", dir);
        *p = '/';
    }
    return 0;
}

int gb_read_private_file(const char *path, size_t max_bytes, struct gb_buf *out,
                         struct gb_err *err)
{
    struct stat st;

    if (stat(path, &st) < 0)
        return gb_fail_errno(err, "cannot open %s", path);
    if (S_ISREG(st.st_mode) && (st.st_mode & 077))
        return gb_fail(err, "%s holds a private key but its group or others may read it "
                       "(mode %03o): chmod 600 %s", path, (unsigned)(st.st_mode & 0777), path);
    return gb_read_file(path, max_bytes, out, err);
}
