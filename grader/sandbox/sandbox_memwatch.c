/* sandbox_memwatch.c — sums a process tree's memory from /proc (see
 * sandbox_memwatch.h).  The tree is walked through each thread's
 * /proc/PID/task/TID/children list, so only the sandbox's own processes are
 * read, whatever else runs on the host. */
#define _GNU_SOURCE
#include "sandbox/sandbox_memwatch.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* More processes than the sandbox's process limit ever allows. */
#define TREE_MAX 4096
/* Distinct memfd files remembered per sample; more are each counted. */
#define MEMFD_MAX 1024

struct tally {
    long kb;
    size_t n_memfd;
    ino_t memfd[MEMFD_MAX];
};

static ssize_t read_small(const char *path, char *buf, size_t size)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    ssize_t n;

    if (fd < 0)
        return -1;
    n = read(fd, buf, size - 1);
    close(fd);
    if (n >= 0)
        buf[n] = '\0';
    return n;
}

/* The kB after "\n<key>" in text, or -1 when text has no such line. */
static long field_kb(const char *text, const char *key)
{
    const char *at = strstr(text, key);

    return at ? strtol(at + strlen(key), NULL, 10) : -1;
}

/* Resident kB pid owns: its anonymous memory plus the shared memory it maps
 * (MAP_SHARED anonymous, memfd, System V — shmem pages, which RLIMIT_DATA
 * does not count).  smaps_rollup's Pss_* share a page still shared after a
 * fork among its holders, so a parent and its workers are not counted
 * twice; /proc/PID/status's RssAnon + RssShmem is the fallback.  Library
 * and other file-backed pages are the system's either way.  -1 when pid is
 * gone. */
static long resident_kb(pid_t pid)
{
    char path[64], buf[4096];
    long anon, shmem;

    snprintf(path, sizeof path, "/proc/%ld/smaps_rollup", (long)pid);
    if (read_small(path, buf, sizeof buf) > 0 && (anon = field_kb(buf, "\nPss_Anon:")) >= 0 &&
        (shmem = field_kb(buf, "\nPss_Shmem:")) >= 0)
        return anon + shmem;
    snprintf(path, sizeof path, "/proc/%ld/status", (long)pid);
    if (read_small(path, buf, sizeof buf) <= 0 || (anon = field_kb(buf, "\nRssAnon:")) < 0 ||
        (shmem = field_kb(buf, "\nRssShmem:")) < 0)
        return -1;
    return anon + shmem;
}

/* Counts each memfd file pid holds open, once across the whole tree: a
 * memfd filled by write() and never mapped is in no process's resident
 * memory.  (One both mapped and open counts twice: an over-estimate.)
 * Files on the sandbox's /tmp and /work are bounded by their tmpfs size. */
static void add_memfds(pid_t pid, struct tally *t)
{
    char dir[64], path[320], target[64];
    struct dirent *e;
    DIR *d;

    snprintf(dir, sizeof dir, "/proc/%ld/fd", (long)pid);
    if (!(d = opendir(dir)))
        return;
    while ((e = readdir(d))) {
        struct stat st;
        ssize_t n;
        size_t i;

        if (e->d_name[0] < '0' || e->d_name[0] > '9')
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        n = readlink(path, target, sizeof target - 1);
        if (n < 7 || strncmp(target, "/memfd:", 7) || stat(path, &st))
            continue;
        for (i = 0; i < t->n_memfd && t->memfd[i] != st.st_ino; i++)
            ;
        if (i < t->n_memfd)
            continue;
        if (t->n_memfd < MEMFD_MAX)
            t->memfd[t->n_memfd++] = st.st_ino;
        t->kb += (long)(st.st_blocks / 2);   /* 512-byte blocks really allocated */
    }
    closedir(d);
}

/* Appends the children of every thread of pid to tree[*n..TREE_MAX). */
static void add_children(pid_t pid, pid_t *tree, size_t *n)
{
    char path[320], buf[4096];
    struct dirent *e;
    DIR *d;

    snprintf(path, sizeof path, "/proc/%ld/task", (long)pid);
    if (!(d = opendir(path)))
        return;
    while ((e = readdir(d)) && *n < TREE_MAX) {
        char *p = buf, *end;
        if (e->d_name[0] < '0' || e->d_name[0] > '9')
            continue;
        snprintf(path, sizeof path, "/proc/%ld/task/%s/children", (long)pid, e->d_name);
        if (read_small(path, buf, sizeof buf) <= 0)
            continue;
        for (long c = strtol(p, &end, 10); end != p && *n < TREE_MAX; c = strtol(p, &end, 10)) {
            tree[(*n)++] = (pid_t)c;
            p = end;
        }
    }
    closedir(d);
}

int sandbox_memwatch_total(pid_t root, size_t *bytes)
{
    pid_t *tree = malloc(TREE_MAX * sizeof *tree);
    struct tally *t = calloc(1, sizeof *t);
    long r;
    size_t n = 1;

    if (!tree || !t || (r = resident_kb(root)) < 0) {
        free(tree);
        free(t);
        return -1;
    }
    tree[0] = root;
    for (size_t i = 0; i < n; i++) {
        if (i > 0 && (r = resident_kb(tree[i])) < 0)
            r = 0;   /* exited between the two reads */
        t->kb += r;
        add_memfds(tree[i], t);
        add_children(tree[i], tree, &n);
    }
    *bytes = (size_t)t->kb * 1024;
    free(tree);
    free(t);
    return 0;
}
