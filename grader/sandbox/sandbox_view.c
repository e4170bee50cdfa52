/* sandbox_view.c — the host paths the sandbox's root shows (see sandbox_view.h). */
#define _GNU_SOURCE
#include "sandbox/sandbox_view.h"

#include <errno.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#define MAX_HOPS 40   /* symlinks followed for one path, as the kernel's ELOOP */

/* 1 when dir is path or one of its ancestors. */
static int holds(const char *dir, const char *path)
{
    size_t n = strlen(dir);

    return !strncmp(dir, path, n) && (path[n] == '/' || path[n] == '\0');
}

/* A host bind at its own path, other than the work directory's copy. */
static int is_host_bind(const struct sandbox_mount_source *b)
{
    return !b->copy_in && !b->hide;
}

static const struct sandbox_mount_source *bound_holding(const struct sandbox_mount_sources *l,
                                                        const char *path)
{
    for (int i = 0; i < l->n; i++)
        if (is_host_bind(&l->item[i]) && holds(l->item[i].dst, path))
            return &l->item[i];
    return NULL;
}

static void drop_item(struct sandbox_mount_sources *l, int i)
{
    l->item[i] = l->item[--l->n];
}

/* Binds the canonical path, unless a bound directory already holds it;
 * bound paths it holds are dropped. */
static int bind_canonical(struct sandbox_mount_sources *l, const char *path, struct gb_err *err)
{
    struct sandbox_mount_source *b;

    if (bound_holding(l, path))
        return 0;
    for (int i = l->n - 1; i >= 0; i--)
        if (l->item[i].in_view && holds(path, l->item[i].dst))
            drop_item(l, i);
    if (l->n == SANDBOX_MOUNT_MAX)
        return gb_fail(err, "too many paths to show in the sandbox");
    b = &l->item[l->n];
    memset(b, 0, sizeof *b);
    if (snprintf(b->src, sizeof b->src, "%s", path) >= (int)sizeof b->src)
        return gb_fail(err, "path too long to show in the sandbox: %s", path);
    memcpy(b->dst, b->src, sizeof b->dst);
    b->fd = -1;
    b->in_view = 1;
    l->n++;
    return 0;
}

static int add_link(struct sandbox_mount_sources *l, const char *at, const char *target,
                    struct gb_err *err)
{
    struct sandbox_mount_link *k;

    if (bound_holding(l, at))
        return 0;
    for (int i = 0; i < l->n_links; i++)
        if (!strcmp(l->link[i].at, at))
            return 0;
    if (l->n_links == SANDBOX_MOUNT_LINKS)
        return gb_fail(err, "too many symbolic links to recreate in the sandbox");
    k = &l->link[l->n_links];
    if (snprintf(k->at, sizeof k->at, "%s", at) >= (int)sizeof k->at
        || snprintf(k->target, sizeof k->target, "%s", target) >= (int)sizeof k->target)
        return gb_fail(err, "symbolic link too long to recreate in the sandbox: %s", at);
    l->n_links++;
    return 0;
}

/* Cuts the first component off *rest into comp; 0 when none is left. */
static int next_component(char **rest, char *comp, size_t size)
{
    char *p = *rest;
    size_t n;

    while (*p == '/')
        p++;
    n = strcspn(p, "/");
    if (n == 0)
        return 0;
    snprintf(comp, size, "%.*s", (int)(n < size ? n : size - 1), p);
    *rest = p + n;
    return 1;
}

/* cur (canonical so far) meets the symlink cand: record it and continue
 * with its target followed by what was left of the path. */
static int follow_link(struct sandbox_mount_sources *l, const char *cand, char *cur,
                       char *rest, size_t size, struct gb_err *err)
{
    char target[PATH_MAX], next[PATH_MAX * 2];
    ssize_t n = readlink(cand, target, sizeof target - 1);

    if (n < 0)
        return gb_fail_errno(err, "cannot read the link %s", cand);
    target[n] = '\0';
    if (add_link(l, cand, target, err))
        return -1;
    if (snprintf(next, sizeof next, "%s/%s", target, rest) >= (int)size)
        return gb_fail(err, "path too long to show in the sandbox: %s", cand);
    if (target[0] == '/')
        cur[0] = '\0';
    memcpy(rest, next, strlen(next) + 1);
    return 0;
}

/* Resolves rest from the canonical directory cur (may be "", the root) as
 * the kernel would, recording every symlink met; leaves the canonical path
 * in cur.  1 when a component does not exist (nothing to show). */
static int resolve(struct sandbox_mount_sources *l, char cur[PATH_MAX], const char *path,
                   struct gb_err *err)
{
    char rest[PATH_MAX], comp[NAME_MAX + 1], cand[PATH_MAX];
    int hops = 0;

    if (snprintf(rest, sizeof rest, "%s", path) >= (int)sizeof rest)
        return gb_fail(err, "path too long to show in the sandbox: %s", path);
    for (char *r = rest; next_component(&r, comp, sizeof comp);) {
        struct stat st;

        if (!strcmp(comp, "."))
            continue;
        if (!strcmp(comp, "..")) {
            *(strrchr(cur, '/') ? strrchr(cur, '/') : cur) = '\0';
            continue;
        }
        if (snprintf(cand, sizeof cand, "%s/%s", cur, comp) >= (int)sizeof cand)
            return gb_fail(err, "path too long to show in the sandbox: %s", path);
        if (lstat(cand, &st))
            return errno == ENOENT || errno == ENOTDIR || errno == EACCES
                   ? 1 : gb_fail_errno(err, "cannot show %s in the sandbox", cand);
        if (!S_ISLNK(st.st_mode)) {
            memcpy(cur, cand, strlen(cand) + 1);
            continue;
        }
        if (++hops > MAX_HOPS)
            return gb_fail(err, "cannot show %s in the sandbox: too many symbolic links", path);
        /* follow_link rewrites rest; carry on from its start. */
        memmove(rest, r, strlen(r) + 1);
        if (follow_link(l, cand, cur, rest, sizeof rest, err))
            return -1;
        r = rest;
    }
    return 0;
}

static int show_resolved(struct sandbox_mount_sources *l, const char *cur, const char *path,
                         struct gb_err *err)
{
    if (!cur[0])
        return gb_fail(err, "cannot show %s in the sandbox: it is the whole host", path);
    return bind_canonical(l, cur, err);
}

int sandbox_view_add(struct sandbox_mount_sources *l, const char *path, struct gb_err *err)
{
    char cur[PATH_MAX] = "";
    int rc;

    if (path[0] != '/')
        return gb_fail(err, "cannot show '%s' in the sandbox: not an absolute path", path);
    rc = resolve(l, cur, path, err);
    return rc ? (rc > 0 ? 0 : -1) : show_resolved(l, cur, path, err);
}

/* A runtime lists hundreds of libraries in a handful of directories: each
 * directory is resolved once (its links recorded then), each file from it. */
#define MEMO_SLOTS 16

struct memo {
    char raw[MEMO_SLOTS][PATH_MAX];
    char canon[MEMO_SLOTS][PATH_MAX];
    int missing[MEMO_SLOTS];
    int next;
};

static int memo_dir(struct sandbox_mount_sources *l, struct memo *m, const char *dir,
                    struct gb_err *err)
{
    int slot, rc;

    for (slot = 0; slot < MEMO_SLOTS; slot++)
        if (!strcmp(m->raw[slot], dir))
            return slot;
    slot = m->next++ % MEMO_SLOTS;
    m->canon[slot][0] = '\0';
    rc = resolve(l, m->canon[slot], dir, err);
    if (rc < 0)
        return -1;
    m->missing[slot] = rc;
    snprintf(m->raw[slot], sizeof m->raw[slot], "%s", dir);
    return slot;
}

int sandbox_view_add_list(struct sandbox_mount_sources *l, const char *const *paths,
                          struct gb_err *err)
{
    struct memo *m = calloc(1, sizeof *m);
    char dir[PATH_MAX], cur[PATH_MAX];
    int rc = 0;

    if (!m)
        return gb_fail(err, "out of memory listing what the sandbox shows");
    for (const char *const *p = paths; p && *p && rc == 0; p++) {
        const char *slash = strrchr(*p, '/');
        int slot;

        if ((*p)[0] != '/' || slash == *p || (size_t)(slash - *p) >= sizeof dir) {
            rc = sandbox_view_add(l, *p, err);
            continue;
        }
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - *p), *p);
        if ((slot = memo_dir(l, m, dir, err)) < 0) {
            rc = -1;
            continue;
        }
        if (m->missing[slot])
            continue;
        memcpy(cur, m->canon[slot], strlen(m->canon[slot]) + 1);
        rc = resolve(l, cur, slash + 1, err);
        rc = rc ? (rc > 0 ? 0 : -1) : show_resolved(l, cur, *p, err);
    }
    free(m);
    return rc;
}

static int add_glob(struct sandbox_mount_sources *l, const char *pattern, struct gb_err *err)
{
    glob_t g;
    int rc = 0;

    if (glob(pattern, 0, NULL, &g) != 0)
        return 0;
    for (size_t i = 0; i < g.gl_pathc && rc == 0; i++)
        rc = sandbox_view_add(l, g.gl_pathv[i], err);
    globfree(&g);
    return rc;
}

/* This machine's own: not i386's libraries and loader (/usr/lib/i386-linux-gnu,
 * /lib/ld-linux.so.2) where that architecture is installed too. */
int sandbox_view_add_loader(struct sandbox_mount_sources *l, struct gb_err *err)
{
    static const char *const patterns[] = { "/lib/%s-linux-gnu*", "/usr/lib/%s-linux-gnu*",
                                            "/lib64/ld-linux*.so*", "/lib/ld-linux-*.so*",
                                            NULL };
    struct utsname u;
    char pattern[128];

    if (uname(&u))
        return gb_fail_errno(err, "cannot tell this machine's architecture");
    for (int i = 0; patterns[i]; i++) {
        snprintf(pattern, sizeof pattern, patterns[i], u.machine);
        if (add_glob(l, pattern, err))
            return -1;
    }
    return 0;
}

/* An empty read-only tmpfs over path when a bound directory holds it. */
static int hide(struct sandbox_mount_sources *l, const char *path, struct gb_err *err)
{
    char real[PATH_MAX];
    struct sandbox_mount_source *b;

    if (!realpath(path, real))
        return errno == ENOENT || errno == ENOTDIR
               ? 0 : gb_fail_errno(err, "cannot tell where %s is, to hide it", path);
    if (!bound_holding(l, real))
        return 0;
    if (!strcmp(real, "/"))
        return gb_fail(err, "cannot hide %s from the sandbox: it is the whole host", path);
    for (int i = 0; i < l->n; i++)
        if (l->item[i].hide && !strcmp(l->item[i].dst, real))
            return 0;
    if (l->n == SANDBOX_MOUNT_MAX)
        return gb_fail(err, "too many paths to hide in the sandbox");
    b = &l->item[l->n];
    memset(b, 0, sizeof *b);
    if (snprintf(b->dst, sizeof b->dst, "%s", real) >= (int)sizeof b->dst)
        return gb_fail(err, "path too long to hide in the sandbox: %s", real);
    l->n++;
    b->fd = -1;
    b->hide = 1;
    return 0;
}

/* A directory before what is mounted inside it (a prefix sorts first), and
 * at one path the bind before the tmpfs hiding it. */
static int by_dst(const void *a, const void *b)
{
    const struct sandbox_mount_source *x = a, *y = b;
    int c = strcmp(x->dst, y->dst);

    return c ? c : x->hide - y->hide;
}

int sandbox_view_finish(struct sandbox_mount_sources *l, const char *const *hidden,
                        struct gb_err *err)
{
    for (const char *const *p = hidden; p && *p; p++)
        if (hide(l, *p, err))
            return -1;
    for (int i = l->n_links - 1; i >= 0; i--)
        if (bound_holding(l, l->link[i].at))
            l->link[i] = l->link[--l->n_links];
    qsort(l->item, (size_t)l->n, sizeof l->item[0], by_dst);
    return 0;
}
