/* imports.c — the student's own modules a submission imports (imports.h). */
#include "check/imports.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "buf.h"

static int is_name_start(char c)
{
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int is_name_char(char c)
{
    return is_name_start(c) || (c >= '0' && c <= '9');
}

/* Length of the Python name at s (0 if none). */
static size_t name_len(const char *s, const char *end)
{
    size_t n = 0;
    if (s >= end || !is_name_start(*s))
        return 0;
    while (s + n < end && is_name_char(s[n]))
        n++;
    return n;
}

static const char *skip_blanks(const char *s, const char *end)
{
    while (s < end && (*s == ' ' || *s == '\t'))
        s++;
    return s;
}

/* Does the keyword kw start at s, followed by a blank? */
static int keyword_at(const char *s, const char *end, const char *kw)
{
    size_t n = strlen(kw);
    return (size_t)(end - s) > n && memcmp(s, kw, n) == 0 && (s[n] == ' ' || s[n] == '\t');
}

/* "import a.b as c, d": every top-level name of the list; 1 when stopped. */
static int scan_import_list(const char *s, const char *end,
                            int (*found)(const char *, size_t, void *), void *arg)
{
    for (;;) {
        size_t n;
        s = skip_blanks(s, end);
        if (s < end && *s == '(')
            s = skip_blanks(s + 1, end);
        if (!(n = name_len(s, end)))
            return 0;
        if (found(s, n, arg))
            return 1;
        s += n;
        while (s < end && *s != ',' && *s != '#' && *s != ';')
            s++;   /* ".sub", " as alias" */
        if (s >= end || *s != ',')
            return 0;
        s++;
    }
}

static int scan_statement(const char *s, const char *end,
                          int (*found)(const char *, size_t, void *), void *arg)
{
    size_t n;
    s = skip_blanks(s, end);
    if (keyword_at(s, end, "import"))
        return scan_import_list(s + 6, end, found, arg);
    if (!keyword_at(s, end, "from"))
        return 0;
    s = skip_blanks(s + 4, end);
    if (!(n = name_len(s, end)))
        return 0;   /* "from . import x": the package's own, not a file beside the script */
    return found(s, n, arg);
}

void imports_scan(const char *src, size_t len,
                  int (*found)(const char *name, size_t n, void *arg), void *arg)
{
    const char *p = src, *end = src + len;

    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        const char *stop = eol ? eol : end;
        /* statements joined by ';' on one line each get a look */
        for (const char *q = p; q < stop;) {
            const char *semi = memchr(q, ';', (size_t)(stop - q));
            if (scan_statement(q, semi ? semi : stop, found, arg))
                return;
            q = semi ? semi + 1 : stop;
        }
        p = eol ? eol + 1 : end;
    }
}

struct walk {
    struct imports *out;
    const char *dir;
    int (*skip)(const char *file, void *arg);
    void *skip_arg;
    int failed;
    struct gb_err *err;
};

static int listed(const struct imports *im, const char *file)
{
    for (size_t i = 0; i < im->n; i++)
        if (strcmp(im->file[i], file) == 0)
            return 1;
    return 0;
}

/* found() for imports_scan: lists NAME.py when it is a regular file beside
 * the submission; stops the scan when the list is full or memory ran out. */
static int add_module(const char *name, size_t n, void *arg)
{
    struct walk *w = arg;
    char file[NAME_MAX + 1], path[PATH_MAX];
    struct stat st;

    if (n + 4 > NAME_MAX)
        return 0;
    snprintf(file, sizeof file, "%.*s.py", (int)n, name);
    if (listed(w->out, file) || (w->skip && w->skip(file, w->skip_arg)))
        return 0;
    if ((size_t)snprintf(path, sizeof path, "%s/%s", w->dir, file) >= sizeof path ||
        lstat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return 0;   /* numpy, torch, math: not the student's */
    if (w->out->n == IMPORTS_MAX)
        return 1;
    if (!(w->out->file[w->out->n] = strdup(file)) || !(w->out->path[w->out->n] = strdup(path))) {
        free(w->out->file[w->out->n]);
        w->failed = gb_fail(w->err, "out of memory listing the modules %s imports", w->dir);
        return 1;
    }
    w->out->n++;
    return 0;
}

/* The directory part of path ("." for a bare file name). */
static int dir_of(const char *path, char *dir, size_t size, struct gb_err *err)
{
    const char *slash = strrchr(path, '/');
    size_t n = slash ? (size_t)(slash - path) : 1;

    if (n + 1 > size)
        return gb_fail(err, "the path %s is too long", path);
    if (!slash)
        memcpy(dir, ".", 2);
    else if (n == 0)
        memcpy(dir, "/", 2);
    else {
        memcpy(dir, path, n);
        dir[n] = '\0';
    }
    return 0;
}

static int scan_file(struct walk *w, const char *path)
{
    struct gb_buf src = GB_BUF_INIT;

    if (gb_read_file(path, IMPORTS_FILE_MAX_BYTES, &src, w->err))
        return gb_err_prefix(w->err, "cannot read the module %s", path);
    imports_scan(src.data ? src.data : "", src.len, add_module, w);
    gb_buf_free(&src);
    return w->failed;
}

int imports_local(const char *path, const char *src, size_t len,
                  int (*skip)(const char *file, void *arg), void *skip_arg,
                  struct imports *out, struct gb_err *err)
{
    char dir[PATH_MAX];
    struct walk w = { out, dir, skip, skip_arg, 0, err };

    memset(out, 0, sizeof *out);
    if (dir_of(path, dir, sizeof dir, err))
        goto fail;
    if (src)
        imports_scan(src, len, add_module, &w);
    if (src ? w.failed : scan_file(&w, path))
        goto fail;
    for (size_t i = 0; i < out->n; i++)   /* breadth first: out grows as it is read */
        if (scan_file(&w, out->path[i]))
            goto fail;
    return 0;
fail:
    imports_free(out);
    return -1;
}

void imports_free(struct imports *im)
{
    for (size_t i = 0; i < im->n; i++) {
        free(im->file[i]);
        free(im->path[i]);
    }
    im->n = 0;
}
