/* queue.c — the queue interface: backend choice, ids, lease owners and the
 * dead-owner sweep (see queue.h; the SQL is in queue_sqlite.c and queue_pg.c). */
#define _GNU_SOURCE
#include "serve/queue_int.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int queue_is_postgres_url(const char *url)
{
    return !strncmp(url, "postgresql://", 13) || !strncmp(url, "postgres://", 11);
}

int queue_open(struct queue **out, const char *url, struct gb_err *err)
{
    *out = NULL;
    if (!url || !*url)
        return gb_fail(err, "no queue database given (--db PATH or --db postgresql://...)");
    if (queue_is_postgres_url(url))
        return queue_pg_open(out, url, err);
    return queue_sqlite_open(out, url, err);
}

void queue_close(struct queue *q)
{
    if (q)
        q->ops->close(q);
}

const char *queue_backend(const struct queue *q)
{
    return q->ops->name;
}

int queue_submit(struct queue *q, struct queue_new *items, size_t n, const struct limits *lim,
                 long long now_ms, struct gb_err *err)
{
    for (size_t i = 0; i < n; i++) {
        items[i].id[0] = '\0';
        memset(&items[i].verdict, 0, sizeof items[i].verdict);
    }
    return n ? q->ops->submit(q, items, n, lim, now_ms, err) : 0;
}

int queue_claim(struct queue *q, const char *owner, long long now_ms, long long lease_ms,
                int max_attempts, struct queue_job *job, int *got, struct gb_err *err)
{
    memset(job, 0, sizeof *job);
    *got = 0;
    return q->ops->claim(q, owner, now_ms, lease_ms, max_attempts < 1 ? 1 : max_attempts,
                         job, got, err);
}

int queue_renew(struct queue *q, const char *id, const char *owner, long long until_ms,
                int *held, struct gb_err *err)
{
    *held = 0;
    return q->ops->renew(q, id, owner, until_ms, held, err);
}

int queue_finish(struct queue *q, const char *id, const char *owner,
                 const struct queue_outcome *o, long long now_ms, int *recorded,
                 struct gb_err *err)
{
    *recorded = 0;
    return q->ops->finish(q, id, owner, o, now_ms, recorded, err);
}

int queue_release(struct queue *q, const char *id, const char *owner, long long now_ms,
                  struct gb_err *err)
{
    return q->ops->requeue(q, id, owner, 0, "released", now_ms, err);
}

int queue_retry(struct queue *q, const char *id, const char *owner, long long now_ms,
                struct gb_err *err)
{
    return q->ops->requeue(q, id, owner, 1, "retry", now_ms, err);
}

int queue_reclaim_dead(struct queue *q, long long now_ms, size_t *n, struct gb_err *err)
{
    struct queue_lease *leases = NULL;
    size_t count = 0;
    int rc;

    *n = 0;
    if (q->ops->leases(q, &leases, &count, err))
        return -1;
    rc = 0;
    for (size_t i = 0; rc == 0 && i < count; i++) {
        if (queue_owner_alive(leases[i].owner))
            continue;
        rc = q->ops->requeue(q, leases[i].id, leases[i].owner, 1, "owner_died", now_ms, err);
        *n += rc == 0;
    }
    free(leases);
    return rc;
}

int queue_get(struct queue *q, const char *id, int with_result, struct queue_view *v,
              int *found, struct gb_err *err)
{
    memset(v, 0, sizeof *v);
    *found = 0;
    return q->ops->get(q, id, with_result, v, found, err);
}

int queue_list(struct queue *q, const char *course, const char *student, size_t max,
               struct queue_view **views, size_t *n, struct gb_err *err)
{
    *views = NULL;
    *n = 0;
    return q->ops->list(q, course, student, max, views, n, err);
}

int queue_stats(struct queue *q, struct queue_stats *st, struct gb_err *err)
{
    memset(st, 0, sizeof *st);
    return q->ops->stats(q, st, err);
}

int queue_revoke_token(struct queue *q, const char *jti, long long now_ms, struct gb_err *err)
{
    return q->ops->revoke_token(q, jti, now_ms, err);
}

int queue_revoke_student(struct queue *q, const char *course, const char *student,
                         long long before_s, struct gb_err *err)
{
    return q->ops->revoke_student(q, course, student, before_s, err);
}

int queue_token_revoked(struct queue *q, const struct tokens_claims *c, int *revoked,
                        struct gb_err *err)
{
    *revoked = 0;
    return q->ops->token_revoked(q, c, revoked, err);
}

int queue_defer_checkpoints(struct queue *q, struct gb_err *err)
{
    return q->ops->defer_checkpoints ? q->ops->defer_checkpoints(q, err) : 0;
}

long queue_log_pages(const struct queue *q)
{
    return q->ops->log_pages ? q->ops->log_pages(q) : 0;
}

int queue_checkpoint(struct queue *q, struct gb_err *err)
{
    return q->ops->checkpoint ? q->ops->checkpoint(q, err) : 0;
}

/* ---- lease owners ---------------------------------------------------------- */

/* Field 22 of /proc/PID/stat: the start time in clock ticks since boot,
 * which tells a process from a later one that reuses its pid. */
static unsigned long long start_time_of(long pid)
{
    char path[64], buf[1024];
    unsigned long long start = 0;
    const char *p;
    FILE *f;
    size_t len;

    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    if (!(f = fopen(path, "re")))
        return 0;
    len = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[len] = '\0';
    p = strrchr(buf, ')');          /* the command name may hold spaces */
    if (!p)
        return 0;
    /* after ") " come fields 3, 4, ...: skip to field 22 */
    for (int field = 3; *p && field < 22; field++) {
        p = strchr(p + 1, ' ');
        if (!p)
            return 0;
    }
    if (sscanf(p, " %llu", &start) != 1)
        return 0;
    return start;
}

static char self_owner[QUEUE_OWNER_MAX + 1];
static char self_host[128];
static pid_t self_pid;            /* whose owner string self_owner is */
static pthread_mutex_t self_lock = PTHREAD_MUTEX_INITIALIZER;

/* Computed per process: a forked child is a different owner from its parent. */
static void init_self(void)
{
    pthread_mutex_lock(&self_lock);
    if (self_pid != getpid()) {
        self_pid = getpid();
        if (gethostname(self_host, sizeof self_host - 1) < 0 || !self_host[0])
            strcpy(self_host, "localhost");
        self_host[strcspn(self_host, ":")] = '\0';     /* ':' separates the fields */
        snprintf(self_owner, sizeof self_owner, "%s:%ld:%llu", self_host, (long)self_pid,
                 start_time_of((long)self_pid));
    }
    pthread_mutex_unlock(&self_lock);
}

const char *queue_owner_self(void)
{
    init_self();
    return self_owner;
}

int queue_owner_alive(const char *owner)
{
    char host[128];
    long pid;
    unsigned long long start, now_start;
    const char *c1 = strchr(owner, ':');

    init_self();
    if (!c1 || (size_t)(c1 - owner) >= sizeof host)
        return 1;                   /* not ours to judge */
    memcpy(host, owner, (size_t)(c1 - owner));
    host[c1 - owner] = '\0';
    if (strcmp(host, self_host) || sscanf(c1 + 1, "%ld:%llu", &pid, &start) != 2 || pid <= 0)
        return 1;
    if (kill((pid_t)pid, 0) < 0 && errno == ESRCH)
        return 0;
    now_start = start_time_of(pid);
    return start == 0 || now_start == 0 || now_start == start;   /* unreadable: alive */
}
