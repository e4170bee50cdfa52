/* queue_pg.c — the PostgreSQL backend of the submission queue (see queue.h),
 * for several `grader serve` / `grader worker` hosts sharing one queue.
 *
 * Workers claim with SELECT … FOR UPDATE SKIP LOCKED, so two hosts never
 * wait on (or take) the same row; the lease in the row is what survives a
 * host dying mid-grading.  Accepting takes one transaction-scoped advisory
 * lock, so the per-student counts a limit is judged on cannot race with
 * another host's accept; a batch is one commit.  Parameters go as text
 * (bodies as binary); bytea comes back escaped and is decoded by libpq.  A
 * connection that broke (a restarted server) is re-established before the
 * next operation.
 */
#include "serve/queue_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libpq-fe.h>

#define HOUR_MS 3600000LL
#define CLAIM_TRIES 16
#define SUBMIT_LOCK "7238190455001"   /* advisory lock key: accepting submissions */
#define SCHEMA_LOCK "7238190455002"   /* advisory lock key: creating the schema */

struct pg {
    struct queue base;
    PGconn *conn;
};

static const char SCHEMA[] =
    "SELECT pg_advisory_xact_lock(" SCHEMA_LOCK ");"
    "CREATE TABLE IF NOT EXISTS submission ("
    "  seq BIGSERIAL PRIMARY KEY, id TEXT NOT NULL UNIQUE,"
    "  course TEXT NOT NULL, student TEXT NOT NULL, exercise TEXT NOT NULL,"
    "  filename TEXT NOT NULL, body BYTEA NOT NULL,"
    "  state TEXT NOT NULL DEFAULT 'queued', submitted_ms BIGINT NOT NULL,"
    "  started_ms BIGINT NOT NULL DEFAULT 0, finished_ms BIGINT NOT NULL DEFAULT 0,"
    "  attempts INTEGER NOT NULL DEFAULT 0, lease_owner TEXT,"
    "  lease_until_ms BIGINT NOT NULL DEFAULT 0, verdict TEXT,"
    "  score DOUBLE PRECISION NOT NULL DEFAULT 0, max_score DOUBLE PRECISION NOT NULL DEFAULT 0,"
    "  grading_seconds DOUBLE PRECISION NOT NULL DEFAULT 0, result_json TEXT,"
    "  report_text TEXT, error TEXT, turn BIGINT NOT NULL DEFAULT 0);"
    /* a queue made before claims were fair: its jobs get turn 0 (first) */
    "ALTER TABLE submission ADD COLUMN IF NOT EXISTS turn BIGINT NOT NULL DEFAULT 0;"
    "CREATE INDEX IF NOT EXISTS submission_turn ON submission(state, turn, seq);"
    "CREATE INDEX IF NOT EXISTS submission_state ON submission(state, seq);"
    "CREATE INDEX IF NOT EXISTS submission_student ON submission(course, student, submitted_ms);"
    "CREATE TABLE IF NOT EXISTS event ("
    "  seq BIGSERIAL PRIMARY KEY, submission TEXT NOT NULL, at_ms BIGINT NOT NULL,"
    "  what TEXT NOT NULL, owner TEXT, attempt INTEGER NOT NULL DEFAULT 0);"
    "CREATE INDEX IF NOT EXISTS event_submission ON event(submission);"
    "CREATE TABLE IF NOT EXISTS revoked_token (jti TEXT PRIMARY KEY, revoked_ms BIGINT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS revoked_student (course TEXT NOT NULL, student TEXT NOT NULL,"
    "  before_s BIGINT NOT NULL, PRIMARY KEY (course, student));"
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "INSERT INTO meta VALUES ('schema', '" QUEUE_SCHEMA_VERSION "') ON CONFLICT DO NOTHING;";

/* Is every object of SCHEMA there already?  Read from the catalog only, so
 * it takes no lock on the queue's tables: the DDL above does (ALTER TABLE
 * takes the submission table's ACCESS EXCLUSIVE lock even when the column
 * exists), and each job's lease opens a connection — a worker stalled in
 * that transaction (swapped out, stopped, paused in a VM) would stop every
 * other host's claims and every reader until it woke. */
static const char SCHEMA_PRESENT[] =
    "SELECT to_regclass('submission_turn') IS NOT NULL"
    " AND to_regclass('submission_state') IS NOT NULL"
    " AND to_regclass('submission_student') IS NOT NULL"
    " AND to_regclass('event_submission') IS NOT NULL"
    " AND to_regclass('revoked_token') IS NOT NULL"
    " AND to_regclass('revoked_student') IS NOT NULL"
    " AND to_regclass('meta') IS NOT NULL"
    " AND EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass('submission')"
    "             AND attname = 'turn' AND NOT attisdropped)";

#define VIEW_COLS "id, student, course, exercise, filename, state, submitted_ms, started_ms," \
                  " finished_ms, attempts, verdict, score, max_score, grading_seconds, error, seq"

static struct pg *pg_of(struct queue *q)
{
    return (struct pg *)q;
}

/* The server's message, first line only (libpq adds context lines). */
static int pg_fail(struct pg *p, struct gb_err *err, const char *what)
{
    const char *msg = PQerrorMessage(p->conn);
    int len = (int)strcspn(msg, "\n");

    return gb_fail(err, "PostgreSQL queue: %s: %.*s", what, len, msg);
}

/* Re-establishes a broken connection (a restarted server) before use. */
static int pg_ready(struct pg *p, struct gb_err *err)
{
    if (PQstatus(p->conn) == CONNECTION_OK)
        return 0;
    PQreset(p->conn);
    return PQstatus(p->conn) == CONNECTION_OK ? 0 : pg_fail(p, err, "connection lost");
}

/* Runs sql with text parameters (NULL entries are SQL NULL); *res, when
 * wanted, receives a result with rows.  -1 on any error. */
static int pg_run(struct pg *p, const char *sql, int n, const char *const *vals,
                  PGresult **res, struct gb_err *err, const char *what)
{
    PGresult *r = PQexecParams(p->conn, sql, n, NULL, vals, NULL, NULL, 0);
    ExecStatusType st = PQresultStatus(r);

    if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) {
        pg_fail(p, err, what);
        PQclear(r);
        return -1;
    }
    if (res)
        *res = r;
    else
        PQclear(r);
    return 0;
}

static int pg_begin(struct pg *p, struct gb_err *err)
{
    return pg_ready(p, err) || pg_run(p, "BEGIN", 0, NULL, NULL, err, "cannot begin") ? -1 : 0;
}

static int pg_end(struct pg *p, int rc, struct gb_err *err)
{
    if (rc == 0)
        return pg_run(p, "COMMIT", 0, NULL, NULL, err, "cannot commit");
    PQclear(PQexec(p->conn, "ROLLBACK"));
    return -1;
}

static int val_dup(PGresult *r, int row, int col, char **dst, struct gb_err *err)
{
    return queue_dup(dst, PQgetisnull(r, row, col) ? NULL : PQgetvalue(r, row, col), err);
}

static long long val_ll(PGresult *r, int row, int col)
{
    return PQgetisnull(r, row, col) ? 0 : strtoll(PQgetvalue(r, row, col), NULL, 10);
}

static double val_d(PGresult *r, int row, int col)
{
    return PQgetisnull(r, row, col) ? 0 : strtod(PQgetvalue(r, row, col), NULL);
}

static int log_event(struct pg *p, const char *id, long long now_ms, const char *what,
                     const char *owner, int attempt, struct gb_err *err)
{
    char at[32], att[16];
    const char *v[5] = { id, at, what, owner, att };

    snprintf(at, sizeof at, "%lld", now_ms);
    snprintf(att, sizeof att, "%d", attempt);
    return pg_run(p, "INSERT INTO event (submission, at_ms, what, owner, attempt)"
                     " VALUES ($1, $2, $3, $4, $5)", 5, v, NULL, err, "cannot log an event");
}

/* ---- accepting ------------------------------------------------------------- */

static int one_number(struct pg *p, const char *sql, int n, const char *const *v, double *out,
                      struct gb_err *err)
{
    PGresult *r;

    if (pg_run(p, sql, n, v, &r, err, "cannot count"))
        return -1;
    *out = PQntuples(r) ? val_d(r, 0, 0) : 0;
    PQclear(r);
    return 0;
}

/* The student's load, and the last turn given to them (queue.h: fair claims). */
static int student_load(struct pg *p, const struct queue_new *it, long long now_ms,
                        struct limits_load *ld, long long *last_turn, struct gb_err *err)
{
    char since[32];
    const char *v[3] = { it->course, it->student, since };
    PGresult *r;

    snprintf(since, sizeof since, "%lld", now_ms - HOUR_MS);
    if (pg_run(p, "SELECT COUNT(*) FILTER (WHERE submitted_ms > $3),"
                  " MIN(submitted_ms) FILTER (WHERE submitted_ms > $3),"
                  " COUNT(*) FILTER (WHERE state IN ('queued', 'running')), MAX(turn)"
                  " FROM submission WHERE course = $1 AND student = $2", 3, v, &r, err,
               "cannot count a student's submissions"))
        return -1;
    ld->last_hour = (int)val_ll(r, 0, 0);
    ld->oldest_in_hour_ms = val_ll(r, 0, 1);
    ld->pending = (int)val_ll(r, 0, 2);
    *last_turn = val_ll(r, 0, 3);
    PQclear(r);
    return 0;
}

static int insert_one(struct pg *p, struct queue_new *it, long long now_ms, long long turn,
                      struct gb_err *err)
{
    static const char sql[] =
        "INSERT INTO submission (id, course, student, exercise, filename, body, submitted_ms,"
        " turn) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";
    const int formats[8] = { 0, 0, 0, 0, 0, 1, 0, 0 };
    int lengths[8] = { 0 };
    char at[32], turn_s[32];
    const char *v[8];
    PGresult *r;
    int ok;

    if (queue_new_id(it->id, err))
        return -1;
    snprintf(at, sizeof at, "%lld", now_ms);
    v[0] = it->id, v[1] = it->course, v[2] = it->student, v[3] = it->exercise;
    snprintf(turn_s, sizeof turn_s, "%lld", turn);
    v[4] = it->filename, v[5] = it->body ? it->body : "", v[6] = at, v[7] = turn_s;
    lengths[5] = (int)it->body_len;
    r = PQexecParams(p->conn, sql, 8, NULL, v, lengths, formats, 0);
    ok = PQresultStatus(r) == PGRES_COMMAND_OK;
    PQclear(r);
    if (!ok)
        return pg_fail(p, err, "cannot queue a submission");
    return log_event(p, it->id, now_ms, "queued", NULL, 0, err);
}

static int judge_and_insert(struct pg *p, struct queue_new *items, size_t n,
                            const struct limits *lim, long long now_ms, struct gb_err *err)
{
    struct limits_load ld;
    double total, mean, now_turn;
    long long last_turn;

    if (pg_run(p, "SELECT pg_advisory_xact_lock(" SUBMIT_LOCK ")", 0, NULL, NULL, err,
               "cannot lock the queue") ||
        one_number(p, "SELECT COUNT(*) FROM submission WHERE state = 'queued'", 0, NULL,
                   &total, err) ||
        one_number(p, "SELECT MAX(turn) FROM submission WHERE state IN ('running', 'done',"
                      " 'error')", 0, NULL, &now_turn, err) ||
        one_number(p, "SELECT AVG(grading_seconds) FROM (SELECT grading_seconds FROM"
                      " submission WHERE state = 'done' ORDER BY seq DESC LIMIT 50) AS recent",
                   0, NULL, &mean, err))
        return -1;
    for (size_t i = 0; i < n; i++) {
        memset(&ld, 0, sizeof ld);
        ld.queued_total = (int)total;
        ld.mean_grading_s = mean;
        last_turn = 0;
        if (student_load(p, &items[i], now_ms, &ld, &last_turn, err))
            return -1;
        limits_judge(lim, &ld, now_ms, &items[i].verdict);
        if (items[i].verdict.refusal != LIMITS_OK)
            continue;
        if (insert_one(p, &items[i], now_ms,
                       last_turn + 1 > (long long)now_turn ? last_turn + 1 : (long long)now_turn,
                       err))
            return -1;
        total++;
    }
    return 0;
}

static int pgq_submit(struct queue *q, struct queue_new *items, size_t n,
                      const struct limits *lim, long long now_ms, struct gb_err *err)
{
    struct pg *p = pg_of(q);

    if (pg_begin(p, err))
        return -1;
    if (pg_end(p, judge_and_insert(p, items, n, lim, now_ms, err), err)) {
        for (size_t i = 0; i < n; i++)
            items[i].id[0] = '\0';
        return -1;
    }
    return 0;
}

/* ---- claiming and finishing ------------------------------------------------ */

struct candidate {
    char seq[24];
    char id[QUEUE_ID_LEN + 1];
    int attempts;
    int expired;
    char owner[QUEUE_OWNER_MAX + 1];
};

static int next_candidate(struct pg *p, const char *now, struct candidate *c, int *found,
                          struct gb_err *err)
{
    static const char *const sql[2] = {
        "SELECT seq, id, attempts, lease_owner FROM submission WHERE state = 'running'"
        " AND lease_until_ms < $1 ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED",
        "SELECT seq, id, attempts, lease_owner FROM submission WHERE state = 'queued'"
        " ORDER BY turn, seq LIMIT 1 FOR UPDATE SKIP LOCKED",
    };
    const char *v[1] = { now };

    *found = 0;
    for (int k = 0; k < 2 && !*found; k++) {
        PGresult *r;

        if (pg_run(p, sql[k], k == 0 ? 1 : 0, v, &r, err, "cannot look for work"))
            return -1;
        if (PQntuples(r) == 1) {
            *found = 1;
            snprintf(c->seq, sizeof c->seq, "%s", PQgetvalue(r, 0, 0));
            snprintf(c->id, sizeof c->id, "%s", PQgetvalue(r, 0, 1));
            c->attempts = (int)val_ll(r, 0, 2);
            c->expired = k == 0;
            snprintf(c->owner, sizeof c->owner, "%s", PQgetvalue(r, 0, 3));
        }
        PQclear(r);
    }
    return 0;
}

static int give_up(struct pg *p, const struct candidate *c, long long now_ms, struct gb_err *err)
{
    char msg[200], at[32];
    const char *v[3] = { msg, at, c->seq };

    snprintf(msg, sizeof msg, "grading was started %d times and never finished (the grading "
             "process died or stalled each time); it is not retried", c->attempts);
    snprintf(at, sizeof at, "%lld", now_ms);
    if (pg_run(p, "UPDATE submission SET state = 'error', error = $1, finished_ms = $2,"
                  " lease_owner = NULL, lease_until_ms = 0 WHERE seq = $3", 3, v, NULL, err,
               "cannot give up a job"))
        return -1;
    return log_event(p, c->id, now_ms, "gave_up", c->owner[0] ? c->owner : NULL, c->attempts,
                     err);
}

static int job_from_row(PGresult *r, struct queue_job *job, struct gb_err *err)
{
    size_t blen = 0;
    unsigned char *raw;

    job->attempts = (int)val_ll(r, 0, 5);
    if (val_dup(r, 0, 0, &job->student, err) || val_dup(r, 0, 1, &job->course, err) ||
        val_dup(r, 0, 2, &job->exercise, err) || val_dup(r, 0, 3, &job->filename, err))
        return -1;
    raw = PQunescapeBytea((const unsigned char *)PQgetvalue(r, 0, 4), &blen);
    if (!raw || !(job->body = malloc(blen + 1))) {
        PQfreemem(raw);
        return gb_fail(err, "out of memory");
    }
    memcpy(job->body, raw, blen);
    job->body[blen] = '\0';
    job->body_len = blen;
    PQfreemem(raw);
    return 0;
}

static int take(struct pg *p, const struct candidate *c, const char *owner, long long now_ms,
                long long lease_ms, struct queue_job *job, struct gb_err *err)
{
    char until[32], at[32];
    const char *v[4] = { owner, until, at, c->seq };
    PGresult *r;
    int rc;

    if (c->expired && log_event(p, c->id, now_ms, "lease_expired", c->owner, c->attempts, err))
        return -1;
    snprintf(until, sizeof until, "%lld", now_ms + lease_ms);
    snprintf(at, sizeof at, "%lld", now_ms);
    if (pg_run(p, "UPDATE submission SET state = 'running', lease_owner = $1,"
                  " lease_until_ms = $2, attempts = attempts + 1, started_ms = $3"
                  " WHERE seq = $4 RETURNING student, course, exercise, filename, body,"
                  " attempts", 4, v, &r, err, "cannot claim a job"))
        return -1;
    rc = PQntuples(r) == 1 ? job_from_row(r, job, err) : gb_fail(err, "claimed job vanished");
    PQclear(r);
    memcpy(job->id, c->id, sizeof job->id);
    return rc ? -1 : log_event(p, c->id, now_ms, "claimed", owner, job->attempts, err);
}

static int claim_in_tx(struct pg *p, const char *owner, long long now_ms, long long lease_ms,
                       int max_attempts, struct queue_job *job, int *got, struct gb_err *err)
{
    char now[32];

    snprintf(now, sizeof now, "%lld", now_ms);
    for (int tries = 0; tries < CLAIM_TRIES; tries++) {
        struct candidate c;
        int found;

        if (next_candidate(p, now, &c, &found, err))
            return -1;
        if (!found)
            return 0;
        if (c.attempts >= max_attempts) {
            if (give_up(p, &c, now_ms, err))
                return -1;
            continue;
        }
        if (take(p, &c, owner, now_ms, lease_ms, job, err))
            return -1;
        *got = 1;
        return 0;
    }
    return 0;
}

static int pgq_claim(struct queue *q, const char *owner, long long now_ms, long long lease_ms,
                     int max_attempts, struct queue_job *job, int *got, struct gb_err *err)
{
    struct pg *p = pg_of(q);
    char now[32];
    const char *v[1] = { now };
    double any;

    snprintf(now, sizeof now, "%lld", now_ms);
    if (pg_ready(p, err) ||
        one_number(p, "SELECT (EXISTS (SELECT 1 FROM submission WHERE state = 'queued')"
                      " OR EXISTS (SELECT 1 FROM submission WHERE state = 'running'"
                      " AND lease_until_ms < $1))::int", 1, v, &any, err))
        return -1;
    if (!any)
        return 0;
    if (pg_begin(p, err))
        return -1;
    if (pg_end(p, claim_in_tx(p, owner, now_ms, lease_ms, max_attempts, job, got, err), err)) {
        queue_job_free(job);
        *got = 0;
        return -1;
    }
    return 0;
}

static int pgq_renew(struct queue *q, const char *id, const char *owner, long long until_ms,
                     int *held, struct gb_err *err)
{
    struct pg *p = pg_of(q);
    char until[32];
    const char *v[3] = { until, id, owner };
    PGresult *r;

    snprintf(until, sizeof until, "%lld", until_ms);
    if (pg_ready(p, err) ||
        pg_run(p, "UPDATE submission SET lease_until_ms = $1 WHERE id = $2"
                  " AND state = 'running' AND lease_owner = $3", 3, v, &r, err,
               "cannot renew a lease"))
        return -1;
    *held = !strcmp(PQcmdTuples(r), "1");
    PQclear(r);
    return 0;
}

static int record_outcome(struct pg *p, const char *id, const char *owner,
                          const struct queue_outcome *o, long long now_ms, int *recorded,
                          struct gb_err *err)
{
    char at[32], score[40], max[40], secs[40];
    const char *v[11];
    PGresult *r;

    snprintf(at, sizeof at, "%lld", now_ms);
    snprintf(score, sizeof score, "%.17g", o->score);
    snprintf(max, sizeof max, "%.17g", o->max_score);
    snprintf(secs, sizeof secs, "%.17g", o->grading_seconds);
    v[0] = o->error ? "error" : "done", v[1] = at, v[2] = o->error ? NULL : o->verdict;
    v[3] = score, v[4] = max, v[5] = secs, v[6] = o->result_json, v[7] = o->report_text;
    v[8] = o->error, v[9] = id, v[10] = owner;
    if (pg_run(p, "UPDATE submission SET state = $1, finished_ms = $2, verdict = $3,"
                  " score = $4, max_score = $5, grading_seconds = $6, result_json = $7,"
                  " report_text = $8, error = $9, lease_owner = NULL, lease_until_ms = 0"
                  " WHERE id = $10 AND state = 'running' AND lease_owner = $11", 11, v, &r,
               err, "cannot record a result"))
        return -1;
    *recorded = !strcmp(PQcmdTuples(r), "1");
    PQclear(r);
    return log_event(p, id, now_ms, !*recorded ? "finish_refused" : o->error ? "failed"
                                                                              : "finished",
                     owner, 0, err);
}

static int pgq_finish(struct queue *q, const char *id, const char *owner,
                      const struct queue_outcome *o, long long now_ms, int *recorded,
                      struct gb_err *err)
{
    struct pg *p = pg_of(q);

    if (pg_begin(p, err))
        return -1;
    if (pg_end(p, record_outcome(p, id, owner, o, now_ms, recorded, err), err)) {
        *recorded = 0;
        return -1;
    }
    return 0;
}

static int requeue_in_tx(struct pg *p, const char *id, const char *owner, int counted,
                         const char *what, long long now_ms, struct gb_err *err)
{
    const char *v[3] = { counted ? "0" : "1", id, owner };
    PGresult *r;
    int changed;

    if (pg_run(p, "UPDATE submission SET state = 'queued', lease_owner = NULL,"
                  " lease_until_ms = 0, attempts = attempts - $1::int WHERE id = $2"
                  " AND state = 'running' AND lease_owner = $3", 3, v, &r, err,
               "cannot requeue a job"))
        return -1;
    changed = !strcmp(PQcmdTuples(r), "1");
    PQclear(r);
    return changed ? log_event(p, id, now_ms, what, owner, 0, err) : 0;
}

static int pgq_requeue(struct queue *q, const char *id, const char *owner, int counted,
                       const char *what, long long now_ms, struct gb_err *err)
{
    struct pg *p = pg_of(q);

    if (pg_begin(p, err))
        return -1;
    return pg_end(p, requeue_in_tx(p, id, owner, counted, what, now_ms, err), err);
}

static int pgq_leases(struct queue *q, struct queue_lease **out, size_t *n, struct gb_err *err)
{
    struct pg *p = pg_of(q);
    struct queue_lease *v;
    PGresult *r;
    int rows;

    *out = NULL;
    *n = 0;
    if (pg_ready(p, err) ||
        pg_run(p, "SELECT id, lease_owner FROM submission WHERE state = 'running'"
                  " AND lease_owner IS NOT NULL", 0, NULL, &r, err, "cannot list leases"))
        return -1;
    rows = PQntuples(r);
    if (!(v = calloc(rows ? (size_t)rows : 1, sizeof *v))) {
        PQclear(r);
        return gb_fail(err, "out of memory");
    }
    for (int i = 0; i < rows; i++) {
        snprintf(v[i].id, sizeof v[i].id, "%s", PQgetvalue(r, i, 0));
        snprintf(v[i].owner, sizeof v[i].owner, "%s", PQgetvalue(r, i, 1));
    }
    PQclear(r);
    *out = v;
    *n = (size_t)rows;
    return 0;
}

/* ---- reading ----------------------------------------------------------------- */

static int view_from_row(PGresult *r, int row, struct queue_view *v, struct gb_err *err)
{
    static const enum queue_state all[] = { QUEUE_QUEUED, QUEUE_RUNNING, QUEUE_DONE,
                                            QUEUE_ERROR };
    const char *state = PQgetvalue(r, row, 5);
    int known = 0;

    snprintf(v->id, sizeof v->id, "%s", PQgetvalue(r, row, 0));
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (!strcmp(state, queue_state_name(all[i]))) {
            v->state = all[i];
            known = 1;
        }
    if (!known)
        return gb_fail(err, "queue: submission %s has an unknown state", v->id);
    v->submitted_ms = val_ll(r, row, 6);
    v->started_ms = val_ll(r, row, 7);
    v->finished_ms = val_ll(r, row, 8);
    v->attempts = (int)val_ll(r, row, 9);
    v->score = val_d(r, row, 11);
    v->max_score = val_d(r, row, 12);
    v->grading_seconds = val_d(r, row, 13);
    return val_dup(r, row, 1, &v->student, err) || val_dup(r, row, 2, &v->course, err) ||
           val_dup(r, row, 3, &v->exercise, err) || val_dup(r, row, 4, &v->filename, err) ||
           val_dup(r, row, 10, &v->verdict, err) || val_dup(r, row, 14, &v->error, err)
           ? -1 : 0;
}

static int pgq_get(struct queue *q, const char *id, int with_result, struct queue_view *v,
                   int *found, struct gb_err *err)
{
    struct pg *p = pg_of(q);
    const char *args[1] = { id };
    const char *seqv[1];
    double pos;
    PGresult *r;
    int rc;

    if (pg_ready(p, err) ||
        pg_run(p, with_result ? "SELECT " VIEW_COLS ", result_json, report_text FROM submission"
                                " WHERE id = $1"
                              : "SELECT " VIEW_COLS " FROM submission WHERE id = $1",
               1, args, &r, err, "cannot read a submission"))
        return -1;
    if (PQntuples(r) != 1) {
        PQclear(r);
        return 0;
    }
    *found = 1;
    rc = view_from_row(r, 0, v, err);
    if (rc == 0 && with_result)
        rc = val_dup(r, 0, 16, &v->result_json, err) || val_dup(r, 0, 17, &v->report_text, err);
    seqv[0] = PQgetvalue(r, 0, 15);
    if (rc == 0 && v->state == QUEUE_QUEUED) {
        rc = one_number(p, "SELECT COUNT(*) FROM submission WHERE state = 'queued' AND"
                           " (turn, seq) <= (SELECT turn, seq FROM submission WHERE seq = $1)",
                        1, seqv, &pos, err);
        v->position = (long)pos;
    }
    PQclear(r);
    return rc ? -1 : 0;
}

static int pgq_list(struct queue *q, const char *course, const char *student, size_t max,
                    struct queue_view **views, size_t *n, struct gb_err *err)
{
    struct pg *p = pg_of(q);
    char lim[24];
    const char *args[3] = { course, student, lim };
    struct queue_view *v;
    PGresult *r;
    int rows, rc = 0;

    snprintf(lim, sizeof lim, "%zu", max);
    if (pg_ready(p, err) ||
        pg_run(p, "SELECT " VIEW_COLS " FROM submission WHERE course = $1"
                  " AND ($2::text IS NULL OR student = $2) ORDER BY seq DESC LIMIT $3", 3, args,
               &r, err, "cannot list submissions"))
        return -1;
    rows = PQntuples(r);
    if (!(v = calloc(rows ? (size_t)rows : 1, sizeof *v))) {
        PQclear(r);
        return gb_fail(err, "out of memory");
    }
    for (int i = 0; rc == 0 && i < rows; i++)
        rc = view_from_row(r, i, &v[i], err);
    PQclear(r);
    if (rc) {
        queue_views_free(v, (size_t)rows);
        return -1;
    }
    *views = v;
    *n = (size_t)rows;
    return 0;
}

static int stats_counts(struct pg *p, struct queue_stats *out, struct gb_err *err)
{
    static const char *const verdicts[4] = { "passed", "review", "failed", "error" };
    PGresult *r;

    if (pg_run(p, "SELECT state, verdict, COUNT(*) FROM submission GROUP BY state, verdict", 0,
               NULL, &r, err, "cannot count submissions"))
        return -1;
    for (int i = 0; i < PQntuples(r); i++) {
        const char *state = PQgetvalue(r, i, 0);
        const char *verdict = PQgetisnull(r, i, 1) ? NULL : PQgetvalue(r, i, 1);
        long count = (long)val_ll(r, i, 2);

        if (!strcmp(state, "queued"))
            out->queued += count;
        else if (!strcmp(state, "running"))
            out->running += count;
        else if (!strcmp(state, "error"))
            out->errors += count;
        else if (!strcmp(state, "done")) {
            out->done += count;
            for (int k = 0; verdict && k < 4; k++)
                if (!strcmp(verdict, verdicts[k]))
                    out->by_verdict[k] += count;
        }
    }
    PQclear(r);
    return 0;
}

static int stats_histogram(struct pg *p, struct queue_stats *out, struct gb_err *err)
{
    char sql[1400];
    size_t n = 0;
    PGresult *r;

    n += (size_t)snprintf(sql + n, sizeof sql - n, "SELECT COUNT(*), COALESCE(SUM("
                          "grading_seconds), 0), COALESCE(SUM(GREATEST(attempts - 1, 0)), 0)");
    for (int i = 0; i < QUEUE_HIST_BUCKETS; i++)
        n += (size_t)snprintf(sql + n, sizeof sql - n,
                              ", COUNT(*) FILTER (WHERE grading_seconds <= %g)",
                              queue_hist_bounds[i]);
    snprintf(sql + n, sizeof sql - n, " FROM submission WHERE state = 'done'");
    if (pg_run(p, sql, 0, NULL, &r, err, "cannot sum grading times"))
        return -1;
    out->hist_count = (long)val_ll(r, 0, 0);
    out->hist_sum = val_d(r, 0, 1);
    out->attempts_beyond_first = (long)val_ll(r, 0, 2);
    for (int i = 0; i < QUEUE_HIST_BUCKETS; i++)
        out->hist[i] = (long)val_ll(r, 0, 3 + i);
    PQclear(r);
    return 0;
}

static int pgq_stats(struct queue *q, struct queue_stats *out, struct gb_err *err)
{
    struct pg *p = pg_of(q);

    /* REPEATABLE READ: the counts and the histogram see the same moment */
    if (pg_ready(p, err) ||
        pg_run(p, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", 0, NULL, NULL, err,
               "cannot begin"))
        return -1;
    return pg_end(p, stats_counts(p, out, err) || stats_histogram(p, out, err) ? -1 : 0, err);
}

/* ---- token revocation ------------------------------------------------------- */

static int pgq_revoke_token(struct queue *q, const char *jti, long long now_ms,
                            struct gb_err *err)
{
    struct pg *p = pg_of(q);
    char at[32];
    const char *v[2] = { jti, at };

    snprintf(at, sizeof at, "%lld", now_ms);
    return pg_ready(p, err) ||
           pg_run(p, "INSERT INTO revoked_token VALUES ($1, $2) ON CONFLICT DO NOTHING", 2, v,
                  NULL, err, "cannot revoke a token") ? -1 : 0;
}

static int pgq_revoke_student(struct queue *q, const char *course, const char *student,
                              long long before_s, struct gb_err *err)
{
    struct pg *p = pg_of(q);
    char before[32];
    const char *v[3] = { course, student, before };

    snprintf(before, sizeof before, "%lld", before_s);
    return pg_ready(p, err) ||
           pg_run(p, "INSERT INTO revoked_student VALUES ($1, $2, $3) ON CONFLICT (course,"
                     " student) DO UPDATE SET before_s = GREATEST(revoked_student.before_s,"
                     " excluded.before_s)", 3, v, NULL, err,
                  "cannot revoke a student's tokens") ? -1 : 0;
}

static int pgq_token_revoked(struct queue *q, const struct tokens_claims *c, int *revoked,
                             struct gb_err *err)
{
    struct pg *p = pg_of(q);
    char iat[32];
    const char *v[4] = { c->jti, c->course, c->student, iat };
    double any;

    snprintf(iat, sizeof iat, "%lld", c->issued);
    if (pg_ready(p, err) ||
        one_number(p, "SELECT (EXISTS (SELECT 1 FROM revoked_token WHERE jti = $1) OR EXISTS"
                      " (SELECT 1 FROM revoked_student WHERE course = $2 AND student = $3"
                      " AND before_s > $4))::int", 4, v, &any, err))
        return -1;
    *revoked = any != 0;
    return 0;
}

/* ---- opening ------------------------------------------------------------------ */

static void pgq_close(struct queue *q)
{
    struct pg *p = pg_of(q);

    PQfinish(p->conn);
    free(p);
}

static const struct queue_ops pg_ops = {
    .name = "postgresql",
    .submit = pgq_submit,
    .claim = pgq_claim,
    .renew = pgq_renew,
    .finish = pgq_finish,
    .requeue = pgq_requeue,
    .leases = pgq_leases,
    .get = pgq_get,
    .list = pgq_list,
    .stats = pgq_stats,
    .revoke_token = pgq_revoke_token,
    .revoke_student = pgq_revoke_student,
    .token_revoked = pgq_token_revoked,
    .close = pgq_close,
};

/* libpq prints notices ("relation already exists, skipping") to stderr;
 * they are not news to anyone. */
static void quiet_notice(void *arg, const char *message)
{
    (void)arg;
    (void)message;
}

/* 1 when SCHEMA_PRESENT says the schema is all there, else 0 (an error
 * here is settled by create_schema, which reports its own). */
static int schema_present(struct pg *p)
{
    PGresult *r = PQexec(p->conn, SCHEMA_PRESENT);
    int yes = PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1 &&
              !strcmp(PQgetvalue(r, 0, 0), "t");

    PQclear(r);
    return yes;
}

/* SCHEMA in one transaction, under its advisory lock (two hosts starting at
 * once would otherwise race on CREATE ... IF NOT EXISTS). */
static int create_schema(struct pg *p, struct gb_err *err)
{
    PGresult *r;
    int ok;

    if (pg_begin(p, err))
        return -1;
    r = PQexec(p->conn, SCHEMA);
    ok = PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK;
    PQclear(r);
    if (!ok) {
        pg_fail(p, err, "cannot create the schema");
        PQclear(PQexec(p->conn, "ROLLBACK"));
        return -1;
    }
    return pg_end(p, 0, err);
}

int queue_pg_open(struct queue **out, const char *url, struct gb_err *err)
{
    struct pg *p = calloc(1, sizeof *p);

    if (!p)
        return gb_fail(err, "out of memory");
    p->base.ops = &pg_ops;
    p->conn = PQconnectdb(url);
    if (!p->conn || PQstatus(p->conn) != CONNECTION_OK) {
        /* the URL may hold a password: name the server by libpq's words only */
        if (p->conn)
            pg_fail(p, err, "cannot connect");
        else
            gb_fail(err, "PostgreSQL queue: out of memory");
        pgq_close(&p->base);
        return -1;
    }
    PQsetNoticeProcessor(p->conn, quiet_notice, NULL);
    if (schema_present(p) == 0 && create_schema(p, err)) {
        pgq_close(&p->base);
        return -1;
    }
    *out = &p->base;
    return 0;
}
