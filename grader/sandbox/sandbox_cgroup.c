/* sandbox_cgroup.c — a cgroup v2 memory.max around one run (see
 * sandbox_cgroup.h).  Where the runs' cgroups are made is decided once per
 * process: moving the grader into its leaf must happen at most once. */
#define _GNU_SOURCE
#include "sandbox/sandbox_cgroup.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <time.h>
#include <unistd.h>

#define CGROUP_ROOT "/sys/fs/cgroup"
#define LEAF "gradebox-grader"

static struct {
    pthread_once_t once;
    int base_fd;                 /* where run cgroups go, -1 when none */
    int explicit_failed;         /* $GRADEBOX_CGROUP set but unusable */
    char why[512];
    unsigned seq;
    pthread_mutex_t lock;
} state = { PTHREAD_ONCE_INIT, -1, 0, "", 0, PTHREAD_MUTEX_INITIALIZER };

static int read_at(int dirfd, const char *name, char *buf, size_t size)
{
    int fd = openat(dirfd, name, O_RDONLY | O_CLOEXEC);
    ssize_t n;

    if (fd < 0)
        return -1;
    n = read(fd, buf, size - 1);
    close(fd);
    if (n < 0)
        return -1;
    buf[n] = '\0';
    return 0;
}

static int write_at(int dirfd, const char *name, const char *text)
{
    int fd = openat(dirfd, name, O_WRONLY | O_CLOEXEC);
    ssize_t n;

    if (fd < 0)
        return -1;
    n = write(fd, text, strlen(text));
    if (close(fd) || n != (ssize_t)strlen(text))
        return -1;
    return 0;
}

/* Is word one of the space-separated words of the file? */
static int file_has_word(int dirfd, const char *name, const char *word)
{
    char buf[512], *save = NULL;

    if (read_at(dirfd, name, buf, sizeof buf))
        return 0;
    for (char *w = strtok_r(buf, " \n", &save); w; w = strtok_r(NULL, " \n", &save))
        if (!strcmp(w, word))
            return 1;
    return 0;
}

static int none(const char *why)
{
    snprintf(state.why, sizeof state.why, "%s", why);
    return -1;
}

/* A cgroup v2 directory whose children get the memory controller. */
static int open_delegated(const char *path)
{
    struct statfs sf;
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

    if (fd < 0)
        return none("the cgroup directory cannot be opened");
    if (fstatfs(fd, &sf) || sf.f_type != CGROUP2_SUPER_MAGIC) {
        close(fd);
        return none("it is not a cgroup v2 directory");
    }
    if (!file_has_word(fd, "cgroup.subtree_control", "memory") &&
        write_at(fd, "cgroup.subtree_control", "+memory")) {
        close(fd);
        return none("its children cannot get the memory controller (is it delegated, "
                    "and free of processes of its own?)");
    }
    return fd;
}

/* The grader's own cgroup v2 path, relative to CGROUP_ROOT. */
static int own_cgroup(char *rel, size_t size)
{
    char buf[4096], *line, *save = NULL;

    if (read_at(AT_FDCWD, "/proc/self/cgroup", buf, sizeof buf))
        return -1;
    for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
        if (!strncmp(line, "0::", 3))
            return snprintf(rel, size, "%s", line + 3) < (int)size ? 0 : -1;
    return -1;
}

/* Only the grader lives in its cgroup: it may move into a leaf of it. */
static int alone_in(int fd)
{
    char buf[256], *end;
    long pid;

    if (read_at(fd, "cgroup.procs", buf, sizeof buf))
        return 0;
    pid = strtol(buf, &end, 10);
    return end != buf && pid == (long)getpid() && (!*end || !strcmp(end, "\n"));
}

static int adopt_own(void)
{
    char rel[2048], path[2100];
    struct statfs sf;
    int fd;

    if (statfs(CGROUP_ROOT, &sf) || sf.f_type != CGROUP2_SUPER_MAGIC)
        return none("the memory controller is not available in cgroup v2 here "
                    "(" CGROUP_ROOT " is not a cgroup v2 mount)");
    if (own_cgroup(rel, sizeof rel))
        return none("the grader's cgroup v2 is unknown (/proc/self/cgroup)");
    snprintf(path, sizeof path, CGROUP_ROOT "%s", rel);
    /* A grader already moved into its leaf uses the cgroup above it. */
    if (strlen(path) > strlen(LEAF) + 1 && !strcmp(path + strlen(path) - strlen(LEAF), LEAF))
        path[strlen(path) - strlen(LEAF) - 1] = '\0';
    fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return none("the grader's cgroup cannot be opened");
    if (faccessat(fd, "cgroup.procs", W_OK, AT_EACCESS) || faccessat(fd, ".", W_OK, AT_EACCESS)) {
        close(fd);
        return none("the grader's cgroup is not delegated to it (not writable)");
    }
    if (file_has_word(fd, "cgroup.subtree_control", "memory"))
        return fd;
    if (!file_has_word(fd, "cgroup.controllers", "memory")) {
        close(fd);
        return none("the memory controller is not available in the grader's cgroup");
    }
    if (!alone_in(fd) || (mkdirat(fd, LEAF, 0755) && errno != EEXIST)) {
        close(fd);
        return none("the grader's cgroup holds other processes, so its children cannot get "
                    "the memory controller (set GRADEBOX_CGROUP to a delegated cgroup)");
    }
    snprintf(path, sizeof path, "%s/cgroup.procs", LEAF);
    if (write_at(fd, path, "0") || write_at(fd, "cgroup.subtree_control", "+memory")) {
        close(fd);
        return none("the grader could not move into a leaf of its cgroup to delegate memory");
    }
    return fd;
}

static void decide(void)
{
    const char *explicit = getenv("GRADEBOX_CGROUP");

    if (explicit && *explicit) {
        state.base_fd = open_delegated(explicit);
        state.explicit_failed = state.base_fd < 0;
        if (state.explicit_failed) {
            char why[200];

            snprintf(why, sizeof why, "%.199s", state.why);
            snprintf(state.why, sizeof state.why, "GRADEBOX_CGROUP=%.200s: %s", explicit, why);
        }
        return;
    }
    state.base_fd = adopt_own();
}

const char *sandbox_cgroup_why(void)
{
    pthread_once(&state.once, decide);
    return state.base_fd >= 0 ? "" : state.why;
}

int sandbox_cgroup_create(struct sandbox_cgroup *cg, size_t memory_bytes, struct gb_err *err)
{
    char max[32];
    unsigned seq;

    cg->dirfd = cg->parent_fd = -1;
    pthread_once(&state.once, decide);
    if (state.explicit_failed)
        return gb_fail(err, "cannot use the delegated cgroup: %s", state.why);
    if (state.base_fd < 0 || !memory_bytes)
        return 0;
    pthread_mutex_lock(&state.lock);
    seq = state.seq++;
    pthread_mutex_unlock(&state.lock);
    snprintf(cg->name, sizeof cg->name, "gradebox-run.%ld.%u", (long)getpid(), seq);
    if (mkdirat(state.base_fd, cg->name, 0755))
        return gb_fail_errno(err, "cannot create the run's cgroup %s", cg->name);
    cg->parent_fd = state.base_fd;
    cg->dirfd = openat(state.base_fd, cg->name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    snprintf(max, sizeof max, "%zu", memory_bytes);
    if (cg->dirfd < 0 || write_at(cg->dirfd, "memory.max", max)) {
        gb_fail_errno(err, "cannot set memory.max in the run's cgroup %s", cg->name);
        sandbox_cgroup_remove(cg);
        return -1;
    }
    /* No swap: the limit is memory, not memory plus swap (absent without swap). */
    if (write_at(cg->dirfd, "memory.swap.max", "0") && errno != ENOENT) {
        gb_fail_errno(err, "cannot set memory.swap.max in the run's cgroup %s", cg->name);
        sandbox_cgroup_remove(cg);
        return -1;
    }
    return 0;
}

int sandbox_cgroup_attach(struct sandbox_cgroup *cg, pid_t pid, struct gb_err *err)
{
    char text[32];

    if (cg->dirfd < 0)
        return 0;
    snprintf(text, sizeof text, "%ld", (long)pid);
    if (write_at(cg->dirfd, "cgroup.procs", text))
        return gb_fail_errno(err, "cannot move the sandbox into its cgroup %s", cg->name);
    return 0;
}

int sandbox_cgroup_oom_killed(const struct sandbox_cgroup *cg)
{
    char buf[1024];
    const char *at;

    if (cg->dirfd < 0 || read_at(cg->dirfd, "memory.events", buf, sizeof buf))
        return 0;
    at = strstr(buf, "oom_kill ");
    return at && strtol(at + 9, NULL, 10) > 0;
}

void sandbox_cgroup_remove(struct sandbox_cgroup *cg)
{
    struct timespec pause = { 0, 10 * 1000 * 1000 };

    if (cg->dirfd >= 0)
        close(cg->dirfd);
    cg->dirfd = -1;
    if (cg->parent_fd < 0)
        return;
    /* The last exits are released just after pid 1 is reaped: EBUSY a moment. */
    for (int i = 0; i < 100; i++) {
        if (unlinkat(cg->parent_fd, cg->name, AT_REMOVEDIR) == 0 || errno != EBUSY)
            break;
        nanosleep(&pause, NULL);
    }
    cg->parent_fd = -1;
}
