/* sandbox_mount.c — builds the submission's root file system (see sandbox_mount.h).
 *
 * Every source is opened (O_PATH) before the new root's tmpfs is mounted and
 * bound through /proc/self/fd/N afterwards, so a source under /tmp (where the
 * work directory usually lives) is not hidden by the mount.  Which host paths
 * are shown is decided in the grader (sandbox_view.h); this file lists the
 * fixed ones and builds the root in the child.
 */
#define _GNU_SOURCE
#include "sandbox/sandbox_mount.h"

#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "sandbox/sandbox.h"
#include "sandbox/sandbox_view.h"
#include "sandbox/sandbox_workcopy.h"

/* Where the new root is assembled, inside our private mount namespace. */
#define NEWROOT "/tmp"

static const char *const etc_files[] = { "/etc/alternatives", "/etc/ld.so.cache",
                                         "/etc/localtime", NULL };
static const char *const dev_nodes[] = { "null", "zero", "full", "random", "urandom", NULL };

/* Queues src for binding at dst; a missing optional source is skipped. */
static int add_bind(struct sandbox_mount_sources *l, const char *src, const char *dst,
                    int writable, int required, struct gb_err *err)
{
    struct sandbox_mount_source *b;
    struct stat st;

    if (l->n == SANDBOX_MOUNT_MAX)
        return gb_fail(err, "too many paths to show in the sandbox");
    if (!required && stat(src, &st) && (errno == ENOENT || errno == ENOTDIR))
        return 0;
    b = &l->item[l->n++];
    memset(b, 0, sizeof *b);
    if (snprintf(b->src, sizeof b->src, "%s", src) >= (int)sizeof b->src ||
        snprintf(b->dst, sizeof b->dst, "%s", dst) >= (int)sizeof b->dst)
        return gb_fail(err, "path too long to show in the sandbox: %s", src);
    b->fd = -1;
    b->writable = writable;
    return 0;
}

int sandbox_mount_open(struct sandbox_mount_sources *l, struct gb_err *err)
{
    for (int i = 0; i < l->n; i++) {
        struct sandbox_mount_source *b = &l->item[i];
        struct stat st;

        if (b->hide)
            continue;
        /* The work directory is read (copied), so it needs a real descriptor. */
        b->fd = b->copy_in ? open(b->src, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                           : open(b->src, O_PATH | O_CLOEXEC);
        if (b->fd < 0)
            return gb_fail_errno(err, "cannot open %s for the sandbox", b->src);
        if (fstat(b->fd, &st))
            return gb_fail_errno(err, "cannot stat %s", b->src);
        b->is_dir = S_ISDIR(st.st_mode);
    }
    return 0;
}

/* mkdir -p under NEWROOT; the last component is a file when !is_dir. */
static int make_path(const char *inside, int is_dir, struct gb_err *err)
{
    char path[600];
    size_t base = strlen(NEWROOT);

    if (snprintf(path, sizeof path, "%s%s", NEWROOT, inside) >= (int)sizeof path)
        return gb_fail(err, "sandbox path too long: %s", inside);
    for (char *p = path + base + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(path, 0755) && errno != EEXIST)
            return gb_fail_errno(err, "cannot create %s in the sandbox root", path + base);
        *p = '/';
    }
    if (is_dir ? mkdir(path, 0755) && errno != EEXIST
               : mknod(path, S_IFREG | 0644, 0) && errno != EEXIST)
        return gb_fail_errno(err, "cannot create %s in the sandbox root", inside);
    return 0;
}

/* Remounts path with extra per-mount flags.  The flags the kernel locked on
 * the source (nosuid, nodev, noexec, atime) must be repeated or the remount
 * is refused.  (Not mount_setattr(): valgrind does not know it.) */
static int set_attr(const char *path, unsigned long flags, struct gb_err *err)
{
    static const struct { unsigned long st, ms; } keep[] = {
        { ST_NOSUID, MS_NOSUID }, { ST_NODEV, MS_NODEV }, { ST_NOEXEC, MS_NOEXEC },
        { ST_NOATIME, MS_NOATIME }, { ST_NODIRATIME, MS_NODIRATIME },
        { ST_RELATIME, MS_RELATIME }, { ST_RDONLY, MS_RDONLY },
    };
    struct statvfs sv;

    if (statvfs(path, &sv))
        return gb_fail_errno(err, "cannot inspect the sandbox mount %s", path);
    for (size_t i = 0; i < sizeof keep / sizeof keep[0]; i++)
        if (sv.f_flag & keep[i].st)
            flags |= keep[i].ms;
    if (mount("none", path, "none", MS_REMOUNT | MS_BIND | flags, NULL))
        return gb_fail_errno(err, "cannot restrict the sandbox mount %s", path);
    return 0;
}

static int do_bind(struct sandbox_mount_source *b, struct gb_err *err)
{
    char src[64], dst[600];
    unsigned long attrs = MS_NOSUID | MS_NODEV;

    if (make_path(b->dst, b->is_dir, err))
        return -1;
    snprintf(src, sizeof src, "/proc/self/fd/%d", b->fd);
    snprintf(dst, sizeof dst, "%s%s", NEWROOT, b->dst);
    if (mount(src, dst, "none", MS_BIND, NULL))
        return gb_fail_errno(err, "cannot show %s in the sandbox", b->dst);
    close(b->fd);
    b->fd = -1;
    if (!strncmp(b->dst, "/dev/", 5))
        attrs = MS_NOSUID | MS_NOEXEC;
    if (!b->writable)
        attrs |= MS_RDONLY;
    return set_attr(dst, attrs, err);
}

/* A symlink met on the way to a bound path (sandbox_view.h), in its place. */
static int make_link(const struct sandbox_mount_link *k, struct gb_err *err)
{
    char parent[sizeof k->at], path[600];
    char *slash;

    memcpy(parent, k->at, sizeof parent);
    slash = strrchr(parent, '/');
    if (slash && slash != parent) {
        *slash = '\0';
        if (make_path(parent, 1, err))
            return -1;
    }
    snprintf(path, sizeof path, "%s%s", NEWROOT, k->at);
    if (symlink(k->target, path) && errno != EEXIST)
        return gb_fail_errno(err, "cannot link %s in the sandbox root", k->at);
    return 0;
}

static int add_etc(struct sandbox_mount_sources *l, struct gb_err *err)
{
    glob_t g;
    int rc = 0;

    for (int i = 0; etc_files[i]; i++)
        if (add_bind(l, etc_files[i], etc_files[i], 0, 0, err))
            return -1;
    /* Debian's python reads /etc/python3.X/sitecustomize.py through a link. */
    if (glob("/etc/python3*", 0, NULL, &g) == 0) {
        for (size_t i = 0; i < g.gl_pathc && !rc; i++)
            rc = add_bind(l, g.gl_pathv[i], g.gl_pathv[i], 0, 0, err);
        globfree(&g);
    }
    return rc;
}

static int write_file(const char *inside, const char *text, struct gb_err *err)
{
    char path[256];
    size_t len = strlen(text);
    int fd;

    snprintf(path, sizeof path, "%s%s", NEWROOT, inside);
    fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0)
        return gb_fail_errno(err, "cannot create %s in the sandbox root", inside);
    if (write(fd, text, len) != (ssize_t)len) {
        gb_fail_errno(err, "cannot write %s in the sandbox root", inside);
        close(fd);
        return -1;
    }
    close(fd);
    return 0;
}

static int write_etc(struct gb_err *err)
{
    if (make_path("/etc", 1, err))
        return -1;
    if (write_file("/etc/passwd",
                   "root:x:0:0:root:/:/usr/sbin/nologin\n"
                   "student:x:1000:1000:gradebox student:" SANDBOX_WORKDIR ":/usr/sbin/nologin\n"
                   "nobody:x:65534:65534:nobody:/:/usr/sbin/nologin\n", err) ||
        write_file("/etc/group", "root:x:0:\nstudent:x:1000:\nnogroup:x:65534:\n", err) ||
        write_file("/etc/hosts", "127.0.0.1 localhost gradebox\n::1 localhost\n", err))
        return -1;
    return write_file("/etc/nsswitch.conf", "passwd: files\ngroup: files\nhosts: files\n", err);
}

static int mount_tmpfs(const char *inside, const char *opts, struct gb_err *err)
{
    char path[256];

    if (make_path(inside, 1, err))
        return -1;
    snprintf(path, sizeof path, "%s%s", NEWROOT, inside);
    if (mount("tmpfs", path, "tmpfs", MS_NOSUID | MS_NODEV, opts))
        return gb_fail_errno(err, "cannot mount a tmpfs at %s in the sandbox", inside);
    return 0;
}

static int make_dev(struct gb_err *err)
{
    static const char *const links[][2] = {
        { "/proc/self/fd", "fd" }, { "/proc/self/fd/0", "stdin" },
        { "/proc/self/fd/1", "stdout" }, { "/proc/self/fd/2", "stderr" },
        { "/tmp", "shm" },   /* POSIX shared memory and semaphores live in /tmp's quota */
    };
    char dst[64];

    if (mount_tmpfs("/dev", "mode=0755,size=64k,nr_inodes=64", err))
        return -1;
    for (size_t i = 0; i < sizeof links / sizeof links[0]; i++) {
        snprintf(dst, sizeof dst, NEWROOT "/dev/%s", links[i][1]);
        if (symlink(links[i][0], dst))
            return gb_fail_errno(err, "cannot create /dev/%s in the sandbox", links[i][1]);
    }
    return 0;
}

static int make_proc(struct gb_err *err)
{
    if (make_path("/proc", 1, err))
        return -1;
    if (mount("proc", NEWROOT "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL))
        return gb_fail_errno(err, "cannot mount /proc for the sandbox's pid namespace (in a "
                             "container, /proc must not be masked: docker run "
                             "--security-opt systempaths=unconfined)");
    return 0;
}

static int pivot(struct gb_err *err)
{
    if (chdir(NEWROOT))
        return gb_fail_errno(err, "cannot enter the sandbox root");
    /* pivot_root(".", ".") stacks the old root on the new one; detaching it
     * leaves only the new root. */
    if (syscall(SYS_pivot_root, ".", "."))
        return gb_fail_errno(err, "cannot pivot into the sandbox root");
    if (umount2(".", MNT_DETACH))
        return gb_fail_errno(err, "cannot detach the host root");
    if (chdir("/"))
        return gb_fail_errno(err, "cannot enter the sandbox root");
    if (set_attr("/", MS_RDONLY | MS_NOSUID | MS_NODEV, err))
        return -1;
    if (chdir(SANDBOX_WORKDIR))
        return gb_fail_errno(err, "cannot enter %s", SANDBOX_WORKDIR);
    return 0;
}

static int add_dev_nodes(struct sandbox_mount_sources *l, struct gb_err *err)
{
    char src[64];

    for (int i = 0; dev_nodes[i]; i++) {
        snprintf(src, sizeof src, "/dev/%s", dev_nodes[i]);
        if (add_bind(l, src, src, 1, 1, err))
            return -1;
    }
    return 0;
}

void sandbox_mount_close(struct sandbox_mount_sources *l)
{
    for (int i = 0; i < l->n; i++)
        if (l->item[i].fd >= 0)
            close(l->item[i].fd);
    l->n = 0;
}

int sandbox_mount_collect(const struct sandbox_mount_plan *plan, struct sandbox_mount_sources *l,
                          struct gb_err *err)
{
    l->n = 0;
    l->n_links = 0;
    if (add_bind(l, plan->workdir, SANDBOX_WORKDIR, 0, 1, err))
        goto fail;
    l->item[l->n - 1].copy_in = 1;
    if (add_bind(l, "/sys/devices/system/cpu", "/sys/devices/system/cpu", 0, 0, err))
        goto fail;
    if (add_etc(l, err) || add_dev_nodes(l, err) || sandbox_view_add_loader(l, err))
        goto fail;
    if (plan->command && sandbox_view_add(l, plan->command, err))
        goto fail;
    if (sandbox_view_add_list(l, plan->ro_paths, err))
        goto fail;
    if (sandbox_view_finish(l, plan->hidden, err) == 0)
        return 0;
fail:
    l->n = 0;
    l->n_links = 0;
    return -1;
}

/* /work: a tmpfs of its own size and inode count, holding a copy of the
 * host work directory.  Owned by the sandbox user (this process's id). */
static int fill_work(const struct sandbox_mount_plan *plan, struct sandbox_mount_source *b,
                     struct gb_err *err)
{
    char opts[96];
    int dst, rc;

    snprintf(opts, sizeof opts, "mode=0755,size=%zu,nr_inodes=%d",
             plan->disk_bytes ? plan->disk_bytes : (size_t)256 << 20, SANDBOX_MOUNT_INODES);
    if (mount_tmpfs(SANDBOX_WORKDIR, opts, err))
        return -1;
    dst = open(NEWROOT SANDBOX_WORKDIR, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (dst < 0)
        return gb_fail_errno(err, "cannot open the sandbox's %s", SANDBOX_WORKDIR);
    rc = sandbox_workcopy(b->fd, dst, err);
    close(dst);
    close(b->fd);
    b->fd = -1;
    return rc ? gb_err_prefix(err, "cannot fill the sandbox's %s", SANDBOX_WORKDIR) : 0;
}

/* An empty tmpfs over a directory the submission must not see (the
 * grader's data inside a bound directory).  It stays writable until
 * seal_hide(), for any bind that lies inside it. */
static int mount_hide(const struct sandbox_mount_source *b, struct gb_err *err)
{
    char path[600];

    snprintf(path, sizeof path, "%s%s", NEWROOT, b->dst);
    if (mount("tmpfs", path, "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC,
              "mode=0755,size=16k,nr_inodes=64"))
        return gb_fail_errno(err, "cannot hide %s from the sandbox", b->dst);
    return 0;
}

static int seal_hide(const struct sandbox_mount_source *b, struct gb_err *err)
{
    char path[600];

    snprintf(path, sizeof path, "%s%s", NEWROOT, b->dst);
    return set_attr(path, MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, err);
}

static int build_root(const struct sandbox_mount_plan *plan, struct sandbox_mount_sources *l,
                      struct gb_err *err)
{
    char opts[64];

    /* Nothing done here may propagate back to the host's mounts. */
    if (mount("none", "/", "none", MS_REC | MS_PRIVATE, NULL))
        return gb_fail_errno(err, "cannot make the sandbox mounts private");
    if (mount("tmpfs", NEWROOT, "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755,size=1m"))
        return gb_fail_errno(err, "cannot mount the sandbox root");
    if (write_etc(err) || make_dev(err) || make_proc(err))
        return -1;
    /* Inodes cost kernel memory that size= does not count. */
    snprintf(opts, sizeof opts, "mode=1777,size=%zu,nr_inodes=%d",
             plan->tmp_bytes ? plan->tmp_bytes : 4096, SANDBOX_MOUNT_INODES);
    if (mount_tmpfs("/tmp", opts, err))
        return -1;
    /* In dst order (sandbox_view_finish): a directory before what is inside. */
    for (int i = 0; i < l->n; i++) {
        struct sandbox_mount_source *b = &l->item[i];

        if (!b->hide && b->fd < 0)
            continue;
        if (b->hide ? mount_hide(b, err) : b->copy_in ? fill_work(plan, b, err)
                                                      : do_bind(b, err))
            return -1;
    }
    /* Last, so that no mount covers them (a venv under /tmp or /work). */
    for (int i = 0; i < l->n_links; i++)
        if (make_link(&l->link[i], err))
            return -1;
    for (int i = 0; i < l->n; i++)
        if (l->item[i].hide && seal_hide(&l->item[i], err))
            return -1;
    /* The device nodes are their own (writable) mounts; /dev itself is not. */
    return set_attr(NEWROOT "/dev", MS_RDONLY | MS_NOSUID | MS_NOEXEC, err);
}

int sandbox_mount_build(const struct sandbox_mount_plan *plan, struct sandbox_mount_sources *l,
                        struct gb_err *err)
{
    int rc = build_root(plan, l, err);

    sandbox_mount_close(l);
    return rc ? -1 : pivot(err);
}
