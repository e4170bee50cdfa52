/* queue_sqlite.c — the SQLite backend of the submission queue (see queue.h).
 *
 * WAL journal, so readers (status pages, workers looking for work) never
 * wait for the writer.  Accepting submissions and recording results commit
 * with synchronous=FULL (the WAL is fsynced before the 202 or the result is
 * reported); claims, renewals and requeues with synchronous=NORMAL — a power
 * cut can undo one of those, which only means a job is claimed again.  Every
 * change is one BEGIN IMMEDIATE transaction: processes serialise on the write
 * lock (waiting up to BUSY_TIMEOUT_MS) instead of failing.  A worker looks
 * for work with a read first, so idle workers never take the write lock.
 */
#include "serve/queue_int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#define BUSY_TIMEOUT_MS 15000
#define HOUR_MS 3600000LL
#define CLAIM_TRIES 16            /* jobs given up in one claim before stopping */
#define STMT_CACHE 64             /* more than the distinct statements below */

/* Statements are prepared once per connection and kept (compiling one
 * costs more than running it): keyed by the address of their SQL text,
 * which is a string literal, or the histogram query built at open. */
struct cached_stmt {
    const char *sql;
    sqlite3_stmt *st;
};

struct sq {
    struct queue base;
    sqlite3 *db;
    char *path;
    struct cached_stmt cache[STMT_CACHE];
    int n_cache;
    char hist_sql[1024];
    long log_pages;               /* after the last commit, once checkpoints are deferred */
};

static const char SCHEMA[] =
    "CREATE TABLE IF NOT EXISTS submission ("
    "  seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,"
    "  course TEXT NOT NULL, student TEXT NOT NULL, exercise TEXT NOT NULL,"
    "  filename TEXT NOT NULL, body BLOB NOT NULL,"
    "  state TEXT NOT NULL DEFAULT 'queued', submitted_ms INTEGER NOT NULL,"
    "  started_ms INTEGER NOT NULL DEFAULT 0, finished_ms INTEGER NOT NULL DEFAULT 0,"
    "  attempts INTEGER NOT NULL DEFAULT 0, lease_owner TEXT,"
    "  lease_until_ms INTEGER NOT NULL DEFAULT 0, verdict TEXT,"
    "  score REAL NOT NULL DEFAULT 0, max_score REAL NOT NULL DEFAULT 0,"
    "  grading_seconds REAL NOT NULL DEFAULT 0, result_json TEXT, report_text TEXT,"
    "  error TEXT, turn INTEGER NOT NULL DEFAULT 0);"
    "CREATE INDEX IF NOT EXISTS submission_state ON submission(state, seq);"
    "CREATE INDEX IF NOT EXISTS submission_student ON submission(course, student, submitted_ms);"
    "CREATE TABLE IF NOT EXISTS event ("
    "  seq INTEGER PRIMARY KEY AUTOINCREMENT, submission TEXT NOT NULL,"
    "  at_ms INTEGER NOT NULL, what TEXT NOT NULL, owner TEXT,"
    "  attempt INTEGER NOT NULL DEFAULT 0);"
    "CREATE INDEX IF NOT EXISTS event_submission ON event(submission);"
    "CREATE TABLE IF NOT EXISTS revoked_token (jti TEXT PRIMARY KEY, revoked_ms INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS revoked_student (course TEXT NOT NULL, student TEXT NOT NULL,"
    "  before_s INTEGER NOT NULL, PRIMARY KEY (course, student));"
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "INSERT OR IGNORE INTO meta VALUES ('schema', '" QUEUE_SCHEMA_VERSION "');";

/* A queue made before claims were fair gets the column (its jobs turn 0: first). */
static const char TURN_COLUMN[] = "ALTER TABLE submission ADD COLUMN turn INTEGER NOT NULL DEFAULT 0";
static const char TURN_INDEX[] =
    "CREATE INDEX IF NOT EXISTS submission_turn ON submission(state, turn, seq)";

/* The columns queue_view reads, in row order (view_from_row). */
#define VIEW_COLS "id, student, course, exercise, filename, state, submitted_ms, started_ms," \
                  " finished_ms, attempts, verdict, score, max_score, grading_seconds, error, seq, turn"

static struct sq *sq_of(struct queue *q)
{
    return (struct sq *)q;
}

static int db_fail(struct sq *s, struct gb_err *err, const char *what)
{
    return gb_fail(err, "queue %s: %s: %s (%d)", s->path, what, sqlite3_errmsg(s->db),
                   sqlite3_extended_errcode(s->db));
}

/* Runs SQL text once, uncached (the schema, pragmas at open, rollbacks). */
static int db_exec(struct sq *s, const char *sql, struct gb_err *err)
{
    char *msg = NULL;

    if (sqlite3_exec(s->db, sql, NULL, NULL, &msg) == SQLITE_OK)
        return 0;
    gb_fail(err, "queue %s: %s (%d)", s->path, msg ? msg : sqlite3_errmsg(s->db),
            sqlite3_extended_errcode(s->db));
    sqlite3_free(msg);
    return -1;
}

/* The connection's compiled statement for sql (a string literal).  Give it
 * back with db_release(): a statement left mid-way would hold a read
 * transaction open, and this connection would stop seeing new commits. */
static int db_prep(struct sq *s, const char *sql, sqlite3_stmt **st, struct gb_err *err)
{
    for (int i = 0; i < s->n_cache; i++)
        if (s->cache[i].sql == sql) {
            *st = s->cache[i].st;
            return 0;
        }
    if (s->n_cache == STMT_CACHE)
        return gb_fail(err, "queue %s: more distinct statements than the cache holds", s->path);
    if (sqlite3_prepare_v3(s->db, sql, -1, SQLITE_PREPARE_PERSISTENT, st, NULL) != SQLITE_OK)
        return db_fail(s, err, "cannot prepare a query");
    s->cache[s->n_cache].sql = sql;
    s->cache[s->n_cache++].st = *st;
    return 0;
}

static void db_release(sqlite3_stmt *st)
{
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
}

/* One statement without rows (BEGIN, COMMIT, a pragma), compiled once. */
static int db_run(struct sq *s, const char *sql, struct gb_err *err)
{
    sqlite3_stmt *st;
    int rc;

    if (db_prep(s, sql, &st, err))
        return -1;
    rc = sqlite3_step(st);
    while (rc == SQLITE_ROW)            /* a pragma may answer with its value */
        rc = sqlite3_step(st);
    db_release(st);
    return rc == SQLITE_DONE ? 0 : db_fail(s, err, sql);
}

/* Starts a write transaction; durable says whether its commit is fsynced. */
static int db_begin(struct sq *s, int durable, struct gb_err *err)
{
    return db_run(s, durable ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL", err)
           || db_run(s, "BEGIN IMMEDIATE", err) ? -1 : 0;
}

/* COMMIT when rc == 0, else ROLLBACK; returns 0 only when committed. */
static int db_end(struct sq *s, int rc, struct gb_err *err)
{
    if (rc == 0)
        return db_run(s, "COMMIT", err);
    sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    return -1;
}

/* Steps a statement that returns nothing. */
static int db_done(struct sq *s, sqlite3_stmt *st, struct gb_err *err, const char *what)
{
    int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : db_fail(s, err, what);

    sqlite3_reset(st);
    return rc;
}

static int col_dup(sqlite3_stmt *st, int col, char **dst, struct gb_err *err)
{
    return queue_dup(dst, (const char *)sqlite3_column_text(st, col), err);
}

static void bind_text(sqlite3_stmt *st, int i, const char *s)
{
    if (s)
        sqlite3_bind_text(st, i, s, -1, SQLITE_STATIC);
    else
        sqlite3_bind_null(st, i);
}

static int log_event(struct sq *s, const char *id, long long now_ms, const char *what,
                     const char *owner, int attempt, struct gb_err *err)
{
    sqlite3_stmt *st;
    int rc;

    if (db_prep(s, "INSERT INTO event (submission, at_ms, what, owner, attempt)"
                   " VALUES (?1, ?2, ?3, ?4, ?5)", &st, err))
        return -1;
    bind_text(st, 1, id);
    sqlite3_bind_int64(st, 2, now_ms);
    bind_text(st, 3, what);
    bind_text(st, 4, owner);
    sqlite3_bind_int(st, 5, attempt);
    rc = db_done(s, st, err, "cannot log an event");
    db_release(st);
    return rc;
}

/* ---- accepting ------------------------------------------------------------- */

/* One integer (or double) from a one-row query with up to two text and one
 * integer parameter. */
static int scalar(struct sq *s, const char *sql, const char *t1, const char *t2,
                  long long i3, double *out, struct gb_err *err)
{
    sqlite3_stmt *st;
    int rc;

    if (db_prep(s, sql, &st, err))
        return -1;
    bind_text(st, 1, t1);
    bind_text(st, 2, t2);
    sqlite3_bind_int64(st, 3, i3);
    rc = sqlite3_step(st);
    *out = rc == SQLITE_ROW ? sqlite3_column_double(st, 0) : 0;
    rc = rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : db_fail(s, err, "cannot count");
    db_release(st);
    return rc;
}

/* The student's load, and the last turn given to them (queue.h: fair claims). */
static int student_load(struct sq *s, const struct queue_new *it, long long now_ms,
                        struct limits_load *ld, long long *last_turn, struct gb_err *err)
{
    sqlite3_stmt *st;
    int rc;

    if (db_prep(s, "SELECT COUNT(*) FILTER (WHERE submitted_ms > ?3),"
                   " MIN(submitted_ms) FILTER (WHERE submitted_ms > ?3),"
                   " COUNT(*) FILTER (WHERE state IN ('queued', 'running')), MAX(turn)"
                   " FROM submission WHERE course = ?1 AND student = ?2", &st, err))
        return -1;
    sqlite3_bind_text(st, 1, it->course, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, it->student, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 3, now_ms - HOUR_MS);
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        ld->last_hour = sqlite3_column_int(st, 0);
        ld->oldest_in_hour_ms = sqlite3_column_int64(st, 1);
        ld->pending = sqlite3_column_int(st, 2);
        *last_turn = sqlite3_column_int64(st, 3);
    }
    db_release(st);
    return rc == SQLITE_ROW ? 0 : db_fail(s, err, "cannot count a student's submissions");
}

static int insert_one(struct sq *s, sqlite3_stmt *ins, struct queue_new *it, long long now_ms,
                      long long turn, struct gb_err *err)
{
    if (queue_new_id(it->id, err))
        return -1;
    sqlite3_bind_text(ins, 1, it->id, -1, SQLITE_STATIC);
    sqlite3_bind_text(ins, 2, it->course, -1, SQLITE_STATIC);
    sqlite3_bind_text(ins, 3, it->student, -1, SQLITE_STATIC);
    sqlite3_bind_text(ins, 4, it->exercise, -1, SQLITE_STATIC);
    sqlite3_bind_text(ins, 5, it->filename, -1, SQLITE_STATIC);
    sqlite3_bind_blob64(ins, 6, it->body ? it->body : "", it->body_len, SQLITE_STATIC);
    sqlite3_bind_int64(ins, 7, now_ms);
    sqlite3_bind_int64(ins, 8, turn);
    if (db_done(s, ins, err, "cannot queue a submission"))
        return -1;
    return log_event(s, it->id, now_ms, "queued", NULL, 0, err);
}

static int judge_and_insert(struct sq *s, struct queue_new *items, size_t n,
                            const struct limits *lim, long long now_ms, struct gb_err *err)
{
    struct limits_load ld;
    sqlite3_stmt *ins;
    double total, mean, now_turn;
    long long last_turn;
    int rc;

    if (scalar(s, "SELECT COUNT(*) FROM submission WHERE state = 'queued'", NULL,
               NULL, 0, &total, err) ||
        scalar(s, "SELECT MAX(turn) FROM submission WHERE state IN ('running', 'done', 'error')",
               NULL, NULL, 0, &now_turn, err) ||
        scalar(s, "SELECT AVG(grading_seconds) FROM (SELECT grading_seconds FROM submission"
                  " WHERE state = 'done' ORDER BY seq DESC LIMIT 50)", NULL,
               NULL, 0, &mean, err) ||
        db_prep(s, "INSERT INTO submission (id, course, student, exercise, filename, body,"
                   " submitted_ms, turn) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)", &ins, err))
        return -1;
    rc = 0;
    for (size_t i = 0; rc == 0 && i < n; i++) {
        memset(&ld, 0, sizeof ld);
        ld.queued_total = (int)total;
        ld.mean_grading_s = mean;
        last_turn = 0;
        rc = student_load(s, &items[i], now_ms, &ld, &last_turn, err);
        if (rc)
            break;
        limits_judge(lim, &ld, now_ms, &items[i].verdict);
        if (items[i].verdict.refusal != LIMITS_OK)
            continue;
        rc = insert_one(s, ins, &items[i], now_ms,
                        last_turn + 1 > (long long)now_turn ? last_turn + 1 : (long long)now_turn, err);
        total++;
    }
    db_release(ins);
    return rc;
}

static int sq_submit(struct queue *q, struct queue_new *items, size_t n, const struct limits *lim,
                     long long now_ms, struct gb_err *err)
{
    struct sq *s = sq_of(q);

    if (db_begin(s, 1, err))
        return -1;
    if (db_end(s, judge_and_insert(s, items, n, lim, now_ms, err), err)) {
        for (size_t i = 0; i < n; i++)
            items[i].id[0] = '\0';      /* rolled back: none of them is queued */
        return -1;
    }
    return 0;
}

/* ---- claiming and finishing ------------------------------------------------ */

static int anything_claimable(struct sq *s, long long now_ms, int *any, struct gb_err *err)
{
    double v;

    if (scalar(s, "SELECT EXISTS (SELECT 1 FROM submission WHERE state = 'queued')"
                  " OR EXISTS (SELECT 1 FROM submission WHERE state = 'running'"
                  " AND lease_until_ms < ?3)", NULL, NULL, now_ms, &v, err))
        return -1;
    *any = v != 0;
    return 0;
}

struct candidate {
    long long seq;
    char id[QUEUE_ID_LEN + 1];
    int attempts;
    int expired;                  /* a running job whose lease ran out */
    char owner[QUEUE_OWNER_MAX + 1];
};

/* The oldest job whose lease ran out, else the oldest queued one. */
static int next_candidate(struct sq *s, long long now_ms, struct candidate *c, int *found,
                          struct gb_err *err)
{
    static const char *const sql[2] = {
        "SELECT seq, id, attempts, lease_owner FROM submission WHERE state = 'running'"
        " AND lease_until_ms < ?1 ORDER BY seq LIMIT 1",
        "SELECT seq, id, attempts, lease_owner FROM submission WHERE state = 'queued'"
        " ORDER BY turn, seq LIMIT 1",
    };

    *found = 0;
    for (int k = 0; k < 2 && !*found; k++) {
        sqlite3_stmt *st;
        int rc;

        if (db_prep(s, sql[k], &st, err))
            return -1;
        sqlite3_bind_int64(st, 1, now_ms);
        rc = sqlite3_step(st);
        if (rc == SQLITE_ROW) {
            const char *owner = (const char *)sqlite3_column_text(st, 3);

            *found = 1;
            c->seq = sqlite3_column_int64(st, 0);
            snprintf(c->id, sizeof c->id, "%s", (const char *)sqlite3_column_text(st, 1));
            c->attempts = sqlite3_column_int(st, 2);
            c->expired = k == 0;
            snprintf(c->owner, sizeof c->owner, "%s", owner ? owner : "");
        }
        db_release(st);
        if (rc != SQLITE_ROW && rc != SQLITE_DONE)
            return db_fail(s, err, "cannot look for work");
    }
    return 0;
}

static int give_up(struct sq *s, const struct candidate *c, long long now_ms, struct gb_err *err)
{
    char msg[200];
    sqlite3_stmt *st;
    int rc;

    snprintf(msg, sizeof msg, "grading was started %d times and never finished (the grading "
             "process died or stalled each time); it is not retried", c->attempts);
    if (db_prep(s, "UPDATE submission SET state = 'error', error = ?1, finished_ms = ?2,"
                   " lease_owner = NULL, lease_until_ms = 0 WHERE seq = ?3", &st, err))
        return -1;
    sqlite3_bind_text(st, 1, msg, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 2, now_ms);
    sqlite3_bind_int64(st, 3, c->seq);
    rc = db_done(s, st, err, "cannot give up a job");
    db_release(st);
    return rc ? -1 : log_event(s, c->id, now_ms, "gave_up", c->owner[0] ? c->owner : NULL,
                               c->attempts, err);
}

static int take(struct sq *s, const struct candidate *c, const char *owner, long long now_ms,
                long long lease_ms, struct queue_job *job, struct gb_err *err)
{
    sqlite3_stmt *st;
    int rc;

    if (c->expired && log_event(s, c->id, now_ms, "lease_expired", c->owner, c->attempts, err))
        return -1;
    if (db_prep(s, "UPDATE submission SET state = 'running', lease_owner = ?1,"
                   " lease_until_ms = ?2, attempts = attempts + 1, started_ms = ?3"
                   " WHERE seq = ?4 RETURNING student, course, exercise, filename, body,"
                   " attempts", &st, err))
        return -1;
    sqlite3_bind_text(st, 1, owner, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 2, now_ms + lease_ms);
    sqlite3_bind_int64(st, 3, now_ms);
    sqlite3_bind_int64(st, 4, c->seq);
    rc = sqlite3_step(st) == SQLITE_ROW ? 0 : db_fail(s, err, "cannot claim a job");
    if (rc == 0) {
        int blen = sqlite3_column_bytes(st, 4);

        memcpy(job->id, c->id, sizeof job->id);
        job->attempts = sqlite3_column_int(st, 5);
        job->body_len = (size_t)blen;
        if (col_dup(st, 0, &job->student, err) || col_dup(st, 1, &job->course, err) ||
            col_dup(st, 2, &job->exercise, err) || col_dup(st, 3, &job->filename, err) ||
            !(job->body = malloc((size_t)blen + 1)))
            rc = gb_fail(err, "out of memory");
        else {
            memcpy(job->body, blen ? sqlite3_column_blob(st, 4) : "", (size_t)blen);
            job->body[blen] = '\0';
        }
    }
    while (rc == 0 && sqlite3_step(st) == SQLITE_ROW)
        ;                               /* RETURNING completes on the final step */
    db_release(st);
    return rc ? -1 : log_event(s, c->id, now_ms, "claimed", owner, job->attempts, err);
}

static int claim_in_tx(struct sq *s, const char *owner, long long now_ms, long long lease_ms,
                       int max_attempts, struct queue_job *job, int *got, struct gb_err *err)
{
    for (int tries = 0; tries < CLAIM_TRIES; tries++) {
        struct candidate c;
        int found;

        if (next_candidate(s, now_ms, &c, &found, err))
            return -1;
        if (!found)
            return 0;
        if (c.attempts >= max_attempts) {
            if (give_up(s, &c, now_ms, err))
                return -1;
            continue;
        }
        if (take(s, &c, owner, now_ms, lease_ms, job, err))
            return -1;
        *got = 1;
        return 0;
    }
    return 0;
}

static int sq_claim(struct queue *q, const char *owner, long long now_ms, long long lease_ms,
                    int max_attempts, struct queue_job *job, int *got, struct gb_err *err)
{
    struct sq *s = sq_of(q);
    int any, rc;

    if (anything_claimable(s, now_ms, &any, err))
        return -1;
    if (!any)
        return 0;
    if (db_begin(s, 0, err))
        return -1;
    rc = db_end(s, claim_in_tx(s, owner, now_ms, lease_ms, max_attempts, job, got, err), err);
    if (rc) {
        queue_job_free(job);
        *got = 0;
    }
    return rc;
}

static int sq_renew(struct queue *q, const char *id, const char *owner, long long until_ms,
                    int *held, struct gb_err *err)
{
    struct sq *s = sq_of(q);
    sqlite3_stmt *st;
    int rc;

    if (db_begin(s, 0, err))
        return -1;
    rc = db_prep(s, "UPDATE submission SET lease_until_ms = ?1 WHERE id = ?2"
                    " AND state = 'running' AND lease_owner = ?3", &st, err);
    if (rc == 0) {
        sqlite3_bind_int64(st, 1, until_ms);
        sqlite3_bind_text(st, 2, id, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 3, owner, -1, SQLITE_STATIC);
        rc = db_done(s, st, err, "cannot renew a lease");
        *held = rc == 0 && sqlite3_changes(s->db) == 1;
        db_release(st);
    }
    return db_end(s, rc, err);
}

static int record_outcome(struct sq *s, const char *id, const char *owner,
                          const struct queue_outcome *o, long long now_ms, int *recorded,
                          struct gb_err *err)
{
    sqlite3_stmt *st;
    int rc;

    if (db_prep(s, "UPDATE submission SET state = ?1, finished_ms = ?2, verdict = ?3,"
                   " score = ?4, max_score = ?5, grading_seconds = ?6, result_json = ?7,"
                   " report_text = ?8, error = ?9, lease_owner = NULL, lease_until_ms = 0"
                   " WHERE id = ?10 AND state = 'running' AND lease_owner = ?11", &st, err))
        return -1;
    sqlite3_bind_text(st, 1, o->error ? "error" : "done", -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 2, now_ms);
    bind_text(st, 3, o->error ? NULL : o->verdict);
    sqlite3_bind_double(st, 4, o->score);
    sqlite3_bind_double(st, 5, o->max_score);
    sqlite3_bind_double(st, 6, o->grading_seconds);
    bind_text(st, 7, o->result_json);
    bind_text(st, 8, o->report_text);
    bind_text(st, 9, o->error);
    sqlite3_bind_text(st, 10, id, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 11, owner, -1, SQLITE_STATIC);
    rc = db_done(s, st, err, "cannot record a result");
    *recorded = rc == 0 && sqlite3_changes(s->db) == 1;
    db_release(st);
    if (rc)
        return -1;
    return log_event(s, id, now_ms, !*recorded ? "finish_refused" : o->error ? "failed"
                                                                              : "finished",
                     owner, 0, err);
}

static int sq_finish(struct queue *q, const char *id, const char *owner,
                     const struct queue_outcome *o, long long now_ms, int *recorded,
                     struct gb_err *err)
{
    struct sq *s = sq_of(q);

    if (db_begin(s, 1, err))
        return -1;
    if (db_end(s, record_outcome(s, id, owner, o, now_ms, recorded, err), err)) {
        *recorded = 0;
        return -1;
    }
    return 0;
}

static int sq_requeue(struct queue *q, const char *id, const char *owner, int counted,
                      const char *what, long long now_ms, struct gb_err *err)
{
    struct sq *s = sq_of(q);
    sqlite3_stmt *st;
    int rc;

    if (db_begin(s, 0, err))
        return -1;
    rc = db_prep(s, "UPDATE submission SET state = 'queued', lease_owner = NULL,"
                    " lease_until_ms = 0, attempts = attempts - ?1 WHERE id = ?2"
                    " AND state = 'running' AND lease_owner = ?3", &st, err);
    if (rc == 0) {
        sqlite3_bind_int(st, 1, counted ? 0 : 1);
        sqlite3_bind_text(st, 2, id, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 3, owner, -1, SQLITE_STATIC);
        rc = db_done(s, st, err, "cannot requeue a job");
        if (rc == 0 && sqlite3_changes(s->db) == 1)
            rc = log_event(s, id, now_ms, what, owner, 0, err);
        db_release(st);
    }
    return db_end(s, rc, err);
}

static int sq_leases(struct queue *q, struct queue_lease **out, size_t *n, struct gb_err *err)
{
    struct sq *s = sq_of(q);
    struct queue_lease *v = NULL;
    size_t count = 0;
    sqlite3_stmt *st;
    int rc;

    *out = NULL;
    *n = 0;
    if (db_prep(s, "SELECT id, lease_owner FROM submission WHERE state = 'running'"
                   " AND lease_owner IS NOT NULL", &st, err))
        return -1;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        struct queue_lease *grown = realloc(v, (count + 1) * sizeof *v);

        if (!grown) {
            rc = SQLITE_NOMEM;
            break;
        }
        v = grown;
        snprintf(v[count].id, sizeof v[count].id, "%s", sqlite3_column_text(st, 0));
        snprintf(v[count].owner, sizeof v[count].owner, "%s", sqlite3_column_text(st, 1));
        count++;
    }
    db_release(st);
    if (rc != SQLITE_DONE) {
        free(v);
        return rc == SQLITE_NOMEM ? gb_fail(err, "out of memory")
                                  : db_fail(s, err, "cannot list leases");
    }
    *out = v;
    *n = count;
    return 0;
}

/* ---- reading ----------------------------------------------------------------- */

static int state_of(const char *name, enum queue_state *st)
{
    static const enum queue_state all[] = { QUEUE_QUEUED, QUEUE_RUNNING, QUEUE_DONE,
                                            QUEUE_ERROR };

    for (size_t i = 0; name && i < sizeof all / sizeof all[0]; i++)
        if (!strcmp(name, queue_state_name(all[i]))) {
            *st = all[i];
            return 0;
        }
    return -1;
}

/* Fills v from a row of VIEW_COLS; *seq receives the row's sequence. */
static int view_from_row(sqlite3_stmt *st, struct queue_view *v, long long *seq,
                         struct gb_err *err)
{
    snprintf(v->id, sizeof v->id, "%s", sqlite3_column_text(st, 0));
    if (state_of((const char *)sqlite3_column_text(st, 5), &v->state))
        return gb_fail(err, "queue: submission %s has an unknown state", v->id);
    v->submitted_ms = sqlite3_column_int64(st, 6);
    v->started_ms = sqlite3_column_int64(st, 7);
    v->finished_ms = sqlite3_column_int64(st, 8);
    v->attempts = sqlite3_column_int(st, 9);
    v->score = sqlite3_column_double(st, 11);
    v->max_score = sqlite3_column_double(st, 12);
    v->grading_seconds = sqlite3_column_double(st, 13);
    *seq = sqlite3_column_int64(st, 15);
    return col_dup(st, 1, &v->student, err) || col_dup(st, 2, &v->course, err) ||
           col_dup(st, 3, &v->exercise, err) || col_dup(st, 4, &v->filename, err) ||
           col_dup(st, 10, &v->verdict, err) || col_dup(st, 14, &v->error, err) ? -1 : 0;
}

static int fill_result(struct sq *s, const char *id, struct queue_view *v, struct gb_err *err)
{
    sqlite3_stmt *st;
    int rc;

    if (db_prep(s, "SELECT result_json, report_text FROM submission WHERE id = ?1", &st, err))
        return -1;
    sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
    rc = sqlite3_step(st) == SQLITE_ROW ? 0 : db_fail(s, err, "cannot read a result");
    if (rc == 0)
        rc = col_dup(st, 0, &v->result_json, err) || col_dup(st, 1, &v->report_text, err);
    db_release(st);
    return rc ? -1 : 0;
}

/* 1 + the queued jobs claimed before this one (claim order: turn, seq). */
static int position(struct sq *s, long long turn, long long seq, long *pos, struct gb_err *err)
{
    sqlite3_stmt *st;
    int rc;

    if (db_prep(s, "SELECT COUNT(*) FROM submission WHERE state = 'queued'"
                   " AND (turn < ?1 OR (turn = ?1 AND seq <= ?2))", &st, err))
        return -1;
    sqlite3_bind_int64(st, 1, turn);
    sqlite3_bind_int64(st, 2, seq);
    rc = sqlite3_step(st);
    *pos = rc == SQLITE_ROW ? (long)sqlite3_column_int64(st, 0) : 0;
    db_release(st);
    return rc == SQLITE_ROW ? 0 : db_fail(s, err, "cannot find a place in line");
}

static int sq_get(struct queue *q, const char *id, int with_result, struct queue_view *v,
                  int *found, struct gb_err *err)
{
    struct sq *s = sq_of(q);
    sqlite3_stmt *st;
    long long seq = 0, turn = 0;
    int rc;

    if (db_prep(s, "SELECT " VIEW_COLS " FROM submission WHERE id = ?1", &st, err))
        return -1;
    sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        *found = 1;
        turn = sqlite3_column_int64(st, 16);
        rc = view_from_row(st, v, &seq, err);
    } else
        rc = rc == SQLITE_DONE ? 0 : db_fail(s, err, "cannot read a submission");
    db_release(st);
    if (rc || !*found)
        return rc;
    if (v->state == QUEUE_QUEUED && position(s, turn, seq, &v->position, err))
        return -1;
    return with_result ? fill_result(s, id, v, err) : 0;
}

static int sq_list(struct queue *q, const char *course, const char *student, size_t max,
                   struct queue_view **views, size_t *n, struct gb_err *err)
{
    struct sq *s = sq_of(q);
    struct queue_view *v;
    sqlite3_stmt *st;
    long long seq;
    int rc = 0;

    if (!(v = calloc(max ? max : 1, sizeof *v)))
        return gb_fail(err, "out of memory");
    if (db_prep(s, "SELECT " VIEW_COLS " FROM submission WHERE course = ?1"
                   " AND (?2 IS NULL OR student = ?2) ORDER BY seq DESC LIMIT ?3", &st, err)) {
        free(v);
        return -1;
    }
    bind_text(st, 1, course);
    bind_text(st, 2, student);
    sqlite3_bind_int64(st, 3, (long long)max);
    while (rc == 0 && *n < max) {
        int step = sqlite3_step(st);

        if (step == SQLITE_DONE)
            break;
        rc = step == SQLITE_ROW ? view_from_row(st, &v[*n], &seq, err)
                                : db_fail(s, err, "cannot list submissions");
        *n += rc == 0;
    }
    db_release(st);
    if (rc) {
        queue_views_free(v, *n + 1);
        *n = 0;
        return -1;
    }
    *views = v;
    return 0;
}

static int stats_counts(struct sq *s, struct queue_stats *out, struct gb_err *err)
{
    static const char *const verdicts[4] = { "passed", "review", "failed", "error" };
    sqlite3_stmt *st;
    int rc;

    if (db_prep(s, "SELECT state, verdict, COUNT(*) FROM submission GROUP BY state, verdict",
                &st, err))
        return -1;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *state = (const char *)sqlite3_column_text(st, 0);
        const char *verdict = (const char *)sqlite3_column_text(st, 1);
        long count = (long)sqlite3_column_int64(st, 2);
        enum queue_state qs;

        if (state_of(state, &qs))
            continue;
        out->queued += qs == QUEUE_QUEUED ? count : 0;
        out->running += qs == QUEUE_RUNNING ? count : 0;
        out->done += qs == QUEUE_DONE ? count : 0;
        out->errors += qs == QUEUE_ERROR ? count : 0;
        for (int i = 0; qs == QUEUE_DONE && verdict && i < 4; i++)
            if (!strcmp(verdict, verdicts[i]))
                out->by_verdict[i] += count;
    }
    db_release(st);
    return rc == SQLITE_DONE ? 0 : db_fail(s, err, "cannot count submissions");
}

static void build_hist_sql(struct sq *s)
{
    size_t n = 0;

    n += (size_t)snprintf(s->hist_sql + n, sizeof s->hist_sql - n, "SELECT COUNT(*),"
                          " TOTAL(grading_seconds), TOTAL(MAX(attempts - 1, 0))");
    for (int i = 0; i < QUEUE_HIST_BUCKETS; i++)
        n += (size_t)snprintf(s->hist_sql + n, sizeof s->hist_sql - n,
                              ", TOTAL(grading_seconds <= %g)", queue_hist_bounds[i]);
    snprintf(s->hist_sql + n, sizeof s->hist_sql - n, " FROM submission WHERE state = 'done'");
}

static int stats_histogram(struct sq *s, struct queue_stats *out, struct gb_err *err)
{
    sqlite3_stmt *st;
    int rc;

    if (db_prep(s, s->hist_sql, &st, err))
        return -1;
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        out->hist_count = (long)sqlite3_column_int64(st, 0);
        out->hist_sum = sqlite3_column_double(st, 1);
        out->attempts_beyond_first = (long)sqlite3_column_double(st, 2);
        for (int i = 0; i < QUEUE_HIST_BUCKETS; i++)
            out->hist[i] = (long)sqlite3_column_double(st, 3 + i);
    }
    db_release(st);
    return rc == SQLITE_ROW ? 0 : db_fail(s, err, "cannot sum grading times");
}

static int sq_stats(struct queue *q, struct queue_stats *out, struct gb_err *err)
{
    struct sq *s = sq_of(q);
    int rc;

    /* one read transaction: the counts and the histogram agree */
    if (db_run(s, "BEGIN", err))
        return -1;
    rc = stats_counts(s, out, err) || stats_histogram(s, out, err) ? -1 : 0;
    if (rc)
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    return rc ? -1 : db_run(s, "COMMIT", err);
}

/* ---- token revocation ------------------------------------------------------- */

static int sq_revoke_token(struct queue *q, const char *jti, long long now_ms,
                           struct gb_err *err)
{
    struct sq *s = sq_of(q);
    sqlite3_stmt *st;
    int rc;

    if (db_begin(s, 1, err))
        return -1;
    rc = db_prep(s, "INSERT OR IGNORE INTO revoked_token VALUES (?1, ?2)", &st, err);
    if (rc == 0) {
        sqlite3_bind_text(st, 1, jti, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 2, now_ms);
        rc = db_done(s, st, err, "cannot revoke a token");
        db_release(st);
    }
    return db_end(s, rc, err);
}

static int sq_revoke_student(struct queue *q, const char *course, const char *student,
                             long long before_s, struct gb_err *err)
{
    struct sq *s = sq_of(q);
    sqlite3_stmt *st;
    int rc;

    if (db_begin(s, 1, err))
        return -1;
    rc = db_prep(s, "INSERT INTO revoked_student VALUES (?1, ?2, ?3) ON CONFLICT"
                    " (course, student) DO UPDATE SET before_s = MAX(before_s, excluded.before_s)",
                 &st, err);
    if (rc == 0) {
        sqlite3_bind_text(st, 1, course, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, student, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 3, before_s);
        rc = db_done(s, st, err, "cannot revoke a student's tokens");
        db_release(st);
    }
    return db_end(s, rc, err);
}

static int sq_token_revoked(struct queue *q, const struct tokens_claims *c, int *revoked,
                            struct gb_err *err)
{
    struct sq *s = sq_of(q);
    sqlite3_stmt *st;
    int rc;

    if (db_prep(s, "SELECT EXISTS (SELECT 1 FROM revoked_token WHERE jti = ?1) OR EXISTS"
                   " (SELECT 1 FROM revoked_student WHERE course = ?2 AND student = ?3"
                   " AND before_s > ?4)", &st, err))
        return -1;
    sqlite3_bind_text(st, 1, c->jti, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, c->course, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, c->student, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 4, c->issued);
    rc = sqlite3_step(st);
    *revoked = rc == SQLITE_ROW && sqlite3_column_int(st, 0);
    db_release(st);
    return rc == SQLITE_ROW ? 0 : db_fail(s, err, "cannot check a token");
}

/* ---- checkpoints -------------------------------------------------------------- */

/* Replaces SQLite's own hook, which checkpoints inside the commit. */
static int note_log_pages(void *cls, sqlite3 *db, const char *name, int pages)
{
    (void)db, (void)name;
    ((struct sq *)cls)->log_pages = pages;
    return SQLITE_OK;
}

static int sq_defer_checkpoints(struct queue *q, struct gb_err *err)
{
    struct sq *s = sq_of(q);

    (void)err;
    sqlite3_wal_hook(s->db, note_log_pages, s);
    return 0;
}

static long sq_log_pages(const struct queue *q)
{
    return ((const struct sq *)q)->log_pages;
}

static int sq_checkpoint(struct queue *q, struct gb_err *err)
{
    struct sq *s = sq_of(q);
    int rc = sqlite3_wal_checkpoint_v2(s->db, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);

    /* BUSY: another connection is checkpointing right now, which will do */
    return rc == SQLITE_OK || rc == SQLITE_BUSY ? 0 : db_fail(s, err, "cannot checkpoint");
}

/* ---- opening ------------------------------------------------------------------ */

static void sq_close(struct queue *q)
{
    struct sq *s = sq_of(q);

    for (int i = 0; i < s->n_cache; i++)
        sqlite3_finalize(s->cache[i].st);
    sqlite3_close(s->db);
    free(s->path);
    free(s);
}

static const struct queue_ops sqlite_ops = {
    .name = "sqlite",
    .submit = sq_submit,
    .claim = sq_claim,
    .renew = sq_renew,
    .finish = sq_finish,
    .requeue = sq_requeue,
    .leases = sq_leases,
    .get = sq_get,
    .list = sq_list,
    .stats = sq_stats,
    .revoke_token = sq_revoke_token,
    .revoke_student = sq_revoke_student,
    .token_revoked = sq_token_revoked,
    .defer_checkpoints = sq_defer_checkpoints,
    .log_pages = sq_log_pages,
    .checkpoint = sq_checkpoint,
    .close = sq_close,
};

/* The database holds students' work and grades: private to the service.
 * Only a file that does not exist yet is created (and closed) here: closing
 * any descriptor of a file drops every POSIX lock this process holds on it,
 * so an open-and-close of the live database would strip the locks of this
 * process's other connections — and another process would then take itself
 * for the last user, checkpoint and truncate the WAL under them (reads fail
 * with SQLITE_IOERR_SHORT_READ, or see an old snapshot). */
static int create_private_file(const char *path, struct gb_err *err)
{
    int fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);

    if (fd < 0 && errno != EEXIST)
        return gb_fail_errno(err, "cannot create the queue database %s", path);
    if (fd >= 0)
        close(fd);
    return 0;
}

/* Waiting for the write lock: SQLite's own busy timeout sleeps ever longer
 * (up to 100 ms a try), so with dozens of workers a claim could wait seconds
 * behind commits of a few ms each (bench_course: claim p99 1.5 s at 64
 * workers).  A try every millisecond, up to BUSY_TIMEOUT_MS in all. */
static int busy_wait(void *cls, int tries)
{
    struct timespec ms = { 0, 1000000 };

    (void)cls;
    if (tries >= BUSY_TIMEOUT_MS)
        return 0;
    nanosleep(&ms, NULL);
    return 1;
}

static int add_turn(struct sq *s, struct gb_err *err)
{
    sqlite3_stmt *st;

    if (sqlite3_prepare_v2(s->db, "SELECT turn FROM submission", -1, &st, NULL) == SQLITE_OK)
        sqlite3_finalize(st);
    else if (db_exec(s, TURN_COLUMN, err))
        return -1;
    return db_exec(s, TURN_INDEX, err);
}

int queue_sqlite_open(struct queue **out, const char *path, struct gb_err *err)
{
    struct sq *s;

    if (create_private_file(path, err))
        return -1;
    if (!(s = calloc(1, sizeof *s)) || !(s->path = strdup(path))) {
        free(s);
        return gb_fail(err, "out of memory opening the queue %s", path);
    }
    s->base.ops = &sqlite_ops;
    build_hist_sql(s);
    if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX, NULL)
        != SQLITE_OK) {
        db_fail(s, err, "cannot open");
        sq_close(&s->base);
        return -1;
    }
    sqlite3_busy_handler(s->db, busy_wait, NULL);
    if (db_exec(s, "PRAGMA journal_mode=WAL", err) || db_begin(s, 1, err) ||
        db_end(s, db_exec(s, SCHEMA, err) || add_turn(s, err), err)) {
        sq_close(&s->base);
        return -1;
    }
    *out = &s->base;
    return 0;
}
