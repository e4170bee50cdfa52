/* queue_int.h — what a queue backend provides (private to serve/queue*.c).
 *
 * queue.c checks arguments, dispatches to a backend's operations and does
 * what is the same for both (ids, lease owners, the dead-owner sweep); each
 * backend turns an operation into one transaction of its own SQL.
 */
#ifndef GB_QUEUE_INT_H
#define GB_QUEUE_INT_H

#include "serve/queue.h"

/* A running job and who holds it, for the dead-owner sweep. */
struct queue_lease {
    char id[QUEUE_ID_LEN + 1];
    char owner[QUEUE_OWNER_MAX + 1];
};

struct queue_ops {
    const char *name;
    int (*submit)(struct queue *q, struct queue_new *items, size_t n,
                  const struct limits *lim, long long now_ms, struct gb_err *err);
    int (*claim)(struct queue *q, const char *owner, long long now_ms, long long lease_ms,
                 int max_attempts, struct queue_job *job, int *got, struct gb_err *err);
    int (*renew)(struct queue *q, const char *id, const char *owner, long long until_ms,
                 int *held, struct gb_err *err);
    int (*finish)(struct queue *q, const char *id, const char *owner,
                  const struct queue_outcome *o, long long now_ms, int *recorded,
                  struct gb_err *err);
    /* Back to queued; counted says whether the attempt stays counted (a dead
     * owner's) or not (a release); what names it in the event log. */
    int (*requeue)(struct queue *q, const char *id, const char *owner, int counted,
                   const char *what, long long now_ms, struct gb_err *err);
    int (*leases)(struct queue *q, struct queue_lease **out, size_t *n, struct gb_err *err);
    int (*get)(struct queue *q, const char *id, int with_result, struct queue_view *v,
               int *found, struct gb_err *err);
    int (*list)(struct queue *q, const char *course, const char *student, size_t max,
                struct queue_view **views, size_t *n, struct gb_err *err);
    int (*stats)(struct queue *q, struct queue_stats *st, struct gb_err *err);
    int (*revoke_token)(struct queue *q, const char *jti, long long now_ms,
                        struct gb_err *err);
    int (*revoke_student)(struct queue *q, const char *course, const char *student,
                          long long before_s, struct gb_err *err);
    int (*token_revoked)(struct queue *q, const struct tokens_claims *c, int *revoked,
                         struct gb_err *err);
    /* NULL on a backend without a write-ahead log to fold (PostgreSQL). */
    int (*defer_checkpoints)(struct queue *q, struct gb_err *err);
    long (*log_pages)(const struct queue *q);
    int (*checkpoint)(struct queue *q, struct gb_err *err);
    void (*close)(struct queue *q);
};

struct queue {
    const struct queue_ops *ops;
};

int queue_sqlite_open(struct queue **out, const char *path, struct gb_err *err);
int queue_pg_open(struct queue **out, const char *url, struct gb_err *err);

/* A fresh unguessable submission id. */
int queue_new_id(char id[QUEUE_ID_LEN + 1], struct gb_err *err);

/* Shared SQL fragments: the schema is the same on both backends apart
 * from the sequence column's type and the body's. */
#define QUEUE_SCHEMA_VERSION "1"

/* Strings a backend hands out are heap copies; NULL stays NULL. */
int queue_dup(char **dst, const char *src, struct gb_err *err);

#endif
