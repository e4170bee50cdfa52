/* sandbox_memwatch.c — sums a process tree's resident memory from /proc
 * (see sandbox_memwatch.h).  The tree is walked through each thread's
 * /proc/PID/task/TID/children list, so only the sandbox's own processes are
 * read, whatever else runs on the host. */
#define _GNU_SOURCE
#include "sandbox/sandbox_memwatch.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* More processes than the sandbox's process limit ever allows. */
#define TREE_MAX 4096

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

/* Resident kB pid owns: smaps_rollup's Pss_Anon, which shares pages still
 * shared after a fork (copy-on-write) among their holders, so a parent and
 * its workers are not counted twice; else statm's resident less its shared,
 * file-backed pages.  Libraries' pages are the system's either way, and
 * RLIMIT_DATA does not count them either.  -1 when pid is gone. */
static long resident_kb(pid_t pid)
{
    char path[64], buf[4096], *at;
    long size, resident, shared, page = sysconf(_SC_PAGESIZE) / 1024;

    snprintf(path, sizeof path, "/proc/%ld/smaps_rollup", (long)pid);
    if (read_small(path, buf, sizeof buf) > 0 && (at = strstr(buf, "\nPss_Anon:")))
        return strtol(at + 10, NULL, 10);
    snprintf(path, sizeof path, "/proc/%ld/statm", (long)pid);
    if (read_small(path, buf, sizeof buf) <= 0 ||
        sscanf(buf, "%ld %ld %ld", &size, &resident, &shared) != 3)
        return -1;
    return resident > shared ? (resident - shared) * page : 0;
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
    long kb = 0, r;
    size_t n = 1;

    if (!tree)
        return -1;
    tree[0] = root;
    if ((r = resident_kb(root)) < 0) {
        free(tree);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        if (i > 0 && (r = resident_kb(tree[i])) < 0)
            r = 0;   /* exited between the two reads */
        kb += r;
        add_children(tree[i], tree, &n);
    }
    free(tree);
    *bytes = (size_t)kb * 1024;
    return 0;
}
