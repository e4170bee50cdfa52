/* queue.h — the durable submission queue of `grader serve`: one interface,
 * two backends.
 *
 *   a path (default)             SQLite in WAL mode, one machine (queue_sqlite.c)
 *   postgresql://… / postgres:// PostgreSQL through libpq, many hosts (queue_pg.c)
 *
 * A submission is committed (fsynced) before the HTTP side answers 202, and
 * moves queued -> running -> done | error.  Claims are fair per student:
 * each accepted upload gets a turn — the highest turn claimed so far, or one
 * past the student's own last turn if that is later — and a worker claims
 * the queued job of the lowest turn (the oldest among equals).  So a
 * student's tenth upload in a row waits behind everyone's first, not before
 * them, and the queue is FIFO when every student has one upload in it.
 * A worker claims under a lease (owner, expiry), renews it while grading,
 * and records the outcome only while it still holds the lease — so a job
 * whose worker died is claimed again when its lease runs out (or at once,
 * when the owner was a process on this host that no longer exists), and a
 * late finisher whose lease was taken over records nothing: every job gets
 * exactly one result.
 * A job claimed max_attempts times without a result is set to error.
 *
 * Every claim, result, refused result and recovery is written to an event
 * log in the same transaction (tests and operators read it).
 *
 * One struct queue is one connection: use it from one thread at a time.
 * Token revocations live here too, so every host sees them.
 */
#ifndef GB_QUEUE_H
#define GB_QUEUE_H

#include <stddef.h>

#include "error.h"
#include "serve/limits.h"
#include "serve/tokens.h"

#define QUEUE_ID_LEN 26           /* "s" + 25 base32 characters (125 random bits) */
#define QUEUE_OWNER_MAX 200       /* "host:pid:start" */

struct queue;

enum queue_state { QUEUE_QUEUED, QUEUE_RUNNING, QUEUE_DONE, QUEUE_ERROR };

/* One upload to accept (in), and what became of it (out). */
struct queue_new {
    const char *student;
    const char *course;
    const char *exercise;
    const char *filename;
    const void *body;
    size_t body_len;
    char id[QUEUE_ID_LEN + 1];    /* out: set when accepted */
    struct limits_verdict verdict;  /* out: LIMITS_OK when accepted */
};

/* A claimed job: what a worker needs to grade it. */
struct queue_job {
    char id[QUEUE_ID_LEN + 1];
    char *student;
    char *course;
    char *exercise;
    char *filename;
    unsigned char *body;
    size_t body_len;
    int attempts;                 /* including this one */
};

/* How a grading ended: a result (verdict "passed", "review", "failed",
 * "error") or, with error set, no result at all. */
struct queue_outcome {
    const char *verdict;
    double score;
    double max_score;
    double grading_seconds;
    const char *result_json;
    const char *report_text;
    const char *error;            /* NULL when graded */
};

/* A submission as the API and the pages show it. */
struct queue_view {
    char id[QUEUE_ID_LEN + 1];
    char *student;
    char *course;
    char *exercise;
    char *filename;
    enum queue_state state;
    long long submitted_ms;
    long long started_ms;         /* 0 until claimed */
    long long finished_ms;        /* 0 until done */
    int attempts;
    long position;                /* 1-based place among queued jobs; 0 otherwise */
    char *verdict;                /* NULL until done */
    double score;
    double max_score;
    double grading_seconds;
    char *result_json;            /* only from queue_get(with_result = 1) */
    char *report_text;            /* ditto */
    char *error;
};

#define QUEUE_HIST_BUCKETS 10
extern const double queue_hist_bounds[QUEUE_HIST_BUCKETS];   /* seconds, ascending */

struct queue_stats {
    long queued;
    long running;
    long done;
    long errors;                  /* state error: could not be graded */
    long by_verdict[4];           /* passed, review, failed, error (report_status order) */
    long hist[QUEUE_HIST_BUCKETS];  /* cumulative: gradings taking <= bound */
    long hist_count;
    double hist_sum;
    long attempts_beyond_first;   /* re-claims after a worker died or stalled */
};

/* url: a file path (SQLite) or postgresql://… (PostgreSQL).  Creates the
 * schema when it is missing. */
int queue_open(struct queue **out, const char *url, struct gb_err *err);
void queue_close(struct queue *q);
const char *queue_backend(const struct queue *q);     /* "sqlite" or "postgresql" */
int queue_is_postgres_url(const char *url);

/* Judges each item against lim and the student's load, queues the accepted
 * ones, all in one durable transaction (a group commit); -1 only when the
 * database failed, and then nothing was queued. */
int queue_submit(struct queue *q, struct queue_new *items, size_t n, const struct limits *lim,
                 long long now_ms, struct gb_err *err);

/* Claims for owner until now + lease_ms the job whose lease ran out, else
 * the queued job of the lowest turn (see the top); *got = 0
 * when there is none.  Jobs already claimed max_attempts times are set to
 * error instead.  The caller frees a claimed job with queue_job_free(). */
int queue_claim(struct queue *q, const char *owner, long long now_ms, long long lease_ms,
                int max_attempts, struct queue_job *job, int *got, struct gb_err *err);
void queue_job_free(struct queue_job *job);

/* Extends owner's lease on id; *held = 0 if it no longer holds it. */
int queue_renew(struct queue *q, const char *id, const char *owner, long long until_ms,
                int *held, struct gb_err *err);

/* Records the outcome if owner still holds the lease (*recorded = 1);
 * otherwise records nothing but the refusal in the event log. */
int queue_finish(struct queue *q, const char *id, const char *owner,
                 const struct queue_outcome *o, long long now_ms, int *recorded,
                 struct gb_err *err);

/* Gives a job back unfinished (a worker told to stop): queued again, this
 * attempt not counted. */
int queue_release(struct queue *q, const char *id, const char *owner, long long now_ms,
                  struct gb_err *err);

/* Puts a job back after a grading that failed for the service's own reasons
 * (the sandbox could not start): queued again, this attempt counted. */
int queue_retry(struct queue *q, const char *id, const char *owner, long long now_ms,
                struct gb_err *err);

/* Frees at once the leases held by processes of this host that no longer
 * exist (queue_owner_alive); *n counts them. */
int queue_reclaim_dead(struct queue *q, long long now_ms, size_t *n, struct gb_err *err);

int queue_get(struct queue *q, const char *id, int with_result, struct queue_view *v,
              int *found, struct gb_err *err);
/* Newest first, at most max; student NULL lists the whole course. */
int queue_list(struct queue *q, const char *course, const char *student, size_t max,
               struct queue_view **views, size_t *n, struct gb_err *err);
void queue_view_free(struct queue_view *v);
void queue_views_free(struct queue_view *v, size_t n);

int queue_stats(struct queue *q, struct queue_stats *st, struct gb_err *err);

int queue_revoke_token(struct queue *q, const char *jti, long long now_ms, struct gb_err *err);
/* Revokes every token of (course, student) issued before before_s (Unix s). */
int queue_revoke_student(struct queue *q, const char *course, const char *student,
                         long long before_s, struct gb_err *err);
int queue_token_revoked(struct queue *q, const struct tokens_claims *c, int *revoked,
                        struct gb_err *err);

/* Checkpoints, SQLite only (no-ops on PostgreSQL).  A commit appends to the
 * write-ahead log; folding the log back into the database (a checkpoint: page
 * copies and an fsync of the database file) is done by default by the commit
 * that finds the log past 1000 pages, before that commit returns.  The intake
 * connection must not pay for it before its 202s: it defers checkpoints, and
 * another connection folds the log (queue_checkpoint) when queue_log_pages of
 * the intake's connection says it has grown.  A deferred checkpoint changes
 * nothing for durability: a commit returns once its log frames are fsynced. */
int queue_defer_checkpoints(struct queue *q, struct gb_err *err);
/* Pages in the log after this connection's last commit (0 on PostgreSQL). */
long queue_log_pages(const struct queue *q);
/* Folds the log into the database without blocking writers or readers
 * (SQLite's PASSIVE checkpoint; what readers still use stays in the log). */
int queue_checkpoint(struct queue *q, struct gb_err *err);

const char *queue_state_name(enum queue_state s);     /* "queued", ... */

/* This process as a lease owner: "host:pid:start-time". */
const char *queue_owner_self(void);
/* 0 only when owner names a process on this host that no longer exists (or
 * whose pid now belongs to another process); 1 otherwise, including every
 * owner on another host. */
int queue_owner_alive(const char *owner);

#endif
