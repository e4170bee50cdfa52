/* test_queue.c — Check suite for the service's submission queue
 * (grader/serve/queue*.c): accepting under limits, leases, exactly one
 * result per job, dead owners, give-ups, views, statistics, revocations.
 *
 * Runs against SQLite in a scratch directory; with GRADEBOX_TEST_PG_URL set
 * (tests/e2e/serve_postgres.sh starts a server and sets it) the same tests
 * run against PostgreSQL too, on tables emptied before each test. */
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <libpq-fe.h>

#include "serve/queue.h"

#define LEASE 60000
#define T0 1800000000000LL        /* a "now" in ms */

static char dir[64], url[512];
static const char *pg_url;        /* NULL: SQLite only */

static void reset_pg(void)
{
    PGconn *c = PQconnectdb(pg_url);
    PGresult *r;

    ck_assert_msg(PQstatus(c) == CONNECTION_OK, "%s", PQerrorMessage(c));
    PQclear(PQexec(c, "SET client_min_messages = warning"));   /* no "does not exist" notes */
    r = PQexec(c, "DROP TABLE IF EXISTS submission, event, revoked_token, revoked_student, meta");
    ck_assert_msg(PQresultStatus(r) == PGRES_COMMAND_OK, "%s", PQerrorMessage(c));
    PQclear(r);
    PQfinish(c);
}

static void setup_sqlite(void)
{
    snprintf(dir, sizeof dir, "/tmp/gbqueueXXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(url, sizeof url, "%s/q.sqlite", dir);
}

static void setup_pg(void)
{
    setup_sqlite();                     /* the scratch dir, for children's files */
    snprintf(url, sizeof url, "%s", pg_url);
    reset_pg();
}

static void teardown(void)
{
    char cmd[128];

    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

static struct queue *open_q(void)
{
    struct queue *q;
    struct gb_err err;

    ck_assert_msg(queue_open(&q, url, &err) == 0, "%s", err.msg);
    return q;
}

static struct limits no_limits(void)
{
    struct limits lim = { 1u << 20, 0, 0, 0 };

    return lim;
}

/* Queues one submission for student; returns its id in id. */
static void put(struct queue *q, const char *student, const char *body, long long now,
                char id[QUEUE_ID_LEN + 1])
{
    struct limits lim = no_limits();
    struct queue_new it = { .student = student, .course = "ml101",
                            .exercise = "attention_by_hand", .filename = "attention_by_hand.py",
                            .body = body, .body_len = strlen(body) };
    struct gb_err err;

    ck_assert_msg(queue_submit(q, &it, 1, &lim, now, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(it.verdict.refusal, LIMITS_OK);
    ck_assert_uint_eq(strlen(it.id), QUEUE_ID_LEN);
    memcpy(id, it.id, QUEUE_ID_LEN + 1);
}

/* Claims as owner; returns 1 and fills job when there was one. */
static int claim(struct queue *q, const char *owner, long long now, int max_attempts,
                 struct queue_job *job)
{
    struct gb_err err;
    int got;

    ck_assert_msg(queue_claim(q, owner, now, LEASE, max_attempts, job, &got, &err) == 0, "%s",
                  err.msg);
    return got;
}

static int finish(struct queue *q, const char *id, const char *owner, const char *verdict,
                  double secs, long long now)
{
    struct queue_outcome o = { .verdict = verdict, .score = 3, .max_score = 4,
                               .grading_seconds = secs, .result_json = "{\"schema\":\"x\"}",
                               .report_text = "report ✓" };
    struct gb_err err;
    int recorded;

    ck_assert_msg(queue_finish(q, id, owner, &o, now, &recorded, &err) == 0, "%s", err.msg);
    return recorded;
}

static struct queue_view view(struct queue *q, const char *id)
{
    struct queue_view v;
    struct gb_err err;
    int found;

    ck_assert_msg(queue_get(q, id, 1, &v, &found, &err) == 0, "%s", err.msg);
    ck_assert(found);
    return v;
}

START_TEST(test_fifo_and_body)
{
    struct queue *q = open_q();
    struct queue_job job;
    char a[QUEUE_ID_LEN + 1], b[QUEUE_ID_LEN + 1];

    put(q, "s001", "print('first')\n", T0, a);
    put(q, "s002", "print('second')\n", T0 + 1, b);
    ck_assert_str_ne(a, b);
    ck_assert(claim(q, "w1", T0 + 2, 3, &job));
    ck_assert_str_eq(job.id, a);
    ck_assert_str_eq(job.student, "s001");
    ck_assert_str_eq(job.exercise, "attention_by_hand");
    ck_assert_uint_eq(job.body_len, strlen("print('first')\n"));
    ck_assert(!memcmp(job.body, "print('first')\n", job.body_len));
    ck_assert_int_eq(job.attempts, 1);
    queue_job_free(&job);
    ck_assert(claim(q, "w2", T0 + 3, 3, &job));
    ck_assert_str_eq(job.id, b);
    queue_job_free(&job);
    ck_assert(!claim(q, "w3", T0 + 4, 3, &job));     /* both leased */
    queue_close(q);
}
END_TEST

/* Claims are fair per student: a student's uploads wait their turn behind
 * one of each other student's, not behind a burst sent before them. */
START_TEST(test_fair_turns)
{
    struct queue *q = open_q();
    struct queue_job job;
    struct queue_view v;
    char a[5][QUEUE_ID_LEN + 1], b[QUEUE_ID_LEN + 1], c[QUEUE_ID_LEN + 1];
    const char *order[5];

    for (int i = 0; i < 5; i++)
        put(q, "s001", "burst", T0 + i, a[i]);
    put(q, "s002", "one", T0 + 10, b);
    v = view(q, b);
    ck_assert_int_eq(v.position, 2);                 /* behind s001's first only */
    queue_view_free(&v);
    order[0] = a[0], order[1] = b, order[2] = a[1];
    for (int i = 0; i < 3; i++) {
        ck_assert(claim(q, "w1", T0 + 20 + i, 3, &job));
        ck_assert_str_eq(job.id, order[i]);
        queue_job_free(&job);
    }
    /* a later student enters at the turn being served: ahead of the rest
     * of the burst, whose next upload is a turn later */
    put(q, "s003", "late", T0 + 30, c);
    v = view(q, c);
    ck_assert_int_eq(v.position, 1);
    queue_view_free(&v);
    order[0] = c, order[1] = a[2], order[2] = a[3];
    for (int i = 0; i < 3; i++) {
        ck_assert(claim(q, "w1", T0 + 40 + i, 3, &job));
        ck_assert_str_eq(job.id, order[i]);
        queue_job_free(&job);
    }
    queue_close(q);
}
END_TEST

START_TEST(test_limits_in_one_batch)
{
    struct queue *q = open_q();
    struct limits lim = { 1u << 20, 3, 2, 0 };
    struct queue_new it[4];
    const char *who[4] = { "s001", "s001", "s001", "s002" };
    struct gb_err err;
    char old[QUEUE_ID_LEN + 1];

    put(q, "s001", "x", T0 - 2 * 3600000LL, old);    /* two hours ago: not in the hour */
    memset(it, 0, sizeof it);
    for (int i = 0; i < 4; i++) {
        it[i].student = who[i];
        it[i].course = "ml101";
        it[i].exercise = "attention_by_hand";
        it[i].filename = "attention_by_hand.py";
        it[i].body = "y";
        it[i].body_len = 1;
    }
    /* the old one is still queued: s001 has 1 pending, so one more fits */
    ck_assert_msg(queue_submit(q, it, 4, &lim, T0, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(it[0].verdict.refusal, LIMITS_OK);
    ck_assert_int_eq(it[1].verdict.refusal, LIMITS_PENDING);
    ck_assert_int_eq(it[1].verdict.http_status, 429);
    ck_assert_int_gt(it[1].verdict.retry_after_s, 0);
    ck_assert_str_eq(it[1].id, "");
    ck_assert_int_eq(it[2].verdict.refusal, LIMITS_PENDING);
    ck_assert_int_eq(it[3].verdict.refusal, LIMITS_OK);
    /* per hour: with no pending limit, s001 has 1 in the hour, 2 more fit */
    lim.max_pending = 0;
    ck_assert_int_eq(queue_submit(q, it, 3, &lim, T0 + 1000, &err), 0);
    ck_assert_int_eq(it[0].verdict.refusal, LIMITS_OK);
    ck_assert_int_eq(it[1].verdict.refusal, LIMITS_OK);
    ck_assert_int_eq(it[2].verdict.refusal, LIMITS_RATE);
    /* the oldest in the hour was sent at T0: it leaves at T0 + 1 h */
    ck_assert_int_eq(it[2].verdict.retry_after_s, 3600 - 1);
    lim.per_hour = 0;
    lim.max_queue = 5;                  /* 5 queued now: full */
    ck_assert_int_eq(queue_submit(q, it + 3, 1, &lim, T0 + 2000, &err), 0);
    ck_assert_int_eq(it[3].verdict.refusal, LIMITS_FULL);
    ck_assert_int_eq(it[3].verdict.http_status, 503);
    queue_close(q);
}
END_TEST

START_TEST(test_one_result_after_takeover)
{
    struct queue *q = open_q();
    struct queue_job job;
    struct queue_view v;
    char id[QUEUE_ID_LEN + 1];

    put(q, "s001", "x", T0, id);
    ck_assert(claim(q, "hostA:1:1", T0, 3, &job));
    queue_job_free(&job);
    ck_assert(!claim(q, "hostB:2:2", T0 + LEASE - 1, 3, &job));   /* still held */
    ck_assert(claim(q, "hostB:2:2", T0 + LEASE + 1, 3, &job));    /* expired: taken over */
    ck_assert_str_eq(job.id, id);
    ck_assert_int_eq(job.attempts, 2);
    queue_job_free(&job);
    ck_assert_int_eq(finish(q, id, "hostA:1:1", "passed", 5, T0 + LEASE + 2), 0);  /* late */
    ck_assert_int_eq(finish(q, id, "hostB:2:2", "failed", 7, T0 + LEASE + 3), 1);
    ck_assert_int_eq(finish(q, id, "hostB:2:2", "passed", 7, T0 + LEASE + 4), 0);  /* once */
    v = view(q, id);
    ck_assert_int_eq(v.state, QUEUE_DONE);
    ck_assert_str_eq(v.verdict, "failed");
    ck_assert_str_eq(v.report_text, "report ✓");
    ck_assert_str_eq(v.result_json, "{\"schema\":\"x\"}");
    ck_assert_int_eq(v.attempts, 2);
    ck_assert(v.grading_seconds == 7);
    queue_view_free(&v);
    queue_close(q);
}
END_TEST

START_TEST(test_renew_keeps_the_lease)
{
    struct queue *q = open_q();
    struct queue_job job;
    struct gb_err err;
    char id[QUEUE_ID_LEN + 1];
    int held;

    put(q, "s001", "x", T0, id);
    ck_assert(claim(q, "A", T0, 3, &job));
    queue_job_free(&job);
    ck_assert_int_eq(queue_renew(q, id, "A", T0 + 3 * LEASE, &held, &err), 0);
    ck_assert(held);
    ck_assert(!claim(q, "B", T0 + 2 * LEASE, 3, &job));
    ck_assert_int_eq(queue_renew(q, id, "B", T0 + 4 * LEASE, &held, &err), 0);
    ck_assert(!held);                   /* not B's to renew */
    queue_close(q);
}
END_TEST

/* A child claims and dies without a word; its lease is free at once, not
 * after LEASE. */
START_TEST(test_dead_owner_is_reclaimed)
{
    struct queue *q = open_q();
    struct queue_job job;
    struct gb_err err;
    char id[QUEUE_ID_LEN + 1];
    size_t n;
    int status;
    pid_t pid;

    put(q, "s001", "x", T0, id);
    queue_close(q);                     /* the child inherits no connection */
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        struct queue *cq;
        int got;

        if (queue_open(&cq, url, &err) ||
            queue_claim(cq, queue_owner_self(), T0, LEASE, 3, &job, &got, &err) || !got)
            _exit(1);
        queue_job_free(&job);
        queue_close(cq);
        _exit(0);                       /* dies holding the lease */
    }
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert_int_eq(WEXITSTATUS(status), 0);
    q = open_q();
    ck_assert(!claim(q, queue_owner_self(), T0 + 1, 3, &job));
    ck_assert_int_eq(queue_reclaim_dead(q, T0 + 2, &n, &err), 0);
    ck_assert_uint_eq(n, 1);
    ck_assert(claim(q, queue_owner_self(), T0 + 3, 3, &job));
    ck_assert_int_eq(job.attempts, 2);
    queue_job_free(&job);
    /* a live owner (this process) is left alone */
    ck_assert_int_eq(queue_reclaim_dead(q, T0 + 4, &n, &err), 0);
    ck_assert_uint_eq(n, 0);
    ck_assert(queue_owner_alive(queue_owner_self()));
    ck_assert(queue_owner_alive("some-other-host:1:1"));
    queue_close(q);
}
END_TEST

START_TEST(test_gives_up_after_max_attempts)
{
    struct queue *q = open_q();
    struct queue_job job;
    struct queue_view v;
    char id[QUEUE_ID_LEN + 1];

    put(q, "s001", "x", T0, id);
    ck_assert(claim(q, "A", T0, 2, &job));
    queue_job_free(&job);
    ck_assert(claim(q, "B", T0 + LEASE + 1, 2, &job));
    queue_job_free(&job);
    ck_assert(!claim(q, "C", T0 + 2 * LEASE + 2, 2, &job));   /* given up, not claimed */
    v = view(q, id);
    ck_assert_int_eq(v.state, QUEUE_ERROR);
    ck_assert_ptr_nonnull(strstr(v.error, "started 2 times"));
    queue_view_free(&v);
    queue_close(q);
}
END_TEST

START_TEST(test_release_and_retry)
{
    struct queue *q = open_q();
    struct queue_job job;
    struct gb_err err;
    char id[QUEUE_ID_LEN + 1];

    put(q, "s001", "x", T0, id);
    ck_assert(claim(q, "A", T0, 3, &job));
    queue_job_free(&job);
    ck_assert_int_eq(queue_release(q, id, "A", T0 + 1, &err), 0);   /* not counted */
    ck_assert(claim(q, "B", T0 + 2, 3, &job));
    ck_assert_int_eq(job.attempts, 1);
    queue_job_free(&job);
    ck_assert_int_eq(queue_retry(q, id, "B", T0 + 3, &err), 0);     /* counted */
    ck_assert(claim(q, "C", T0 + 4, 3, &job));
    ck_assert_int_eq(job.attempts, 2);
    queue_job_free(&job);
    ck_assert_int_eq(queue_release(q, id, "A", T0 + 5, &err), 0);   /* not A's: no-op */
    ck_assert(!claim(q, "D", T0 + 6, 3, &job));
    queue_close(q);
}
END_TEST

START_TEST(test_views_positions_and_lists)
{
    struct queue *q = open_q();
    struct queue_view v, *list;
    struct queue_job job;
    struct gb_err err;
    char a[QUEUE_ID_LEN + 1], b[QUEUE_ID_LEN + 1], c[QUEUE_ID_LEN + 1];
    size_t n;
    int found;

    put(q, "s001", "x", T0, a);
    put(q, "s002", "x", T0 + 1, b);
    put(q, "s001", "x", T0 + 2, c);
    v = view(q, c);
    ck_assert_int_eq(v.state, QUEUE_QUEUED);
    ck_assert_int_eq(v.position, 3);
    queue_view_free(&v);
    ck_assert(claim(q, "A", T0 + 3, 3, &job));
    queue_job_free(&job);
    v = view(q, c);
    ck_assert_int_eq(v.position, 2);
    queue_view_free(&v);
    v = view(q, a);
    ck_assert_int_eq(v.state, QUEUE_RUNNING);
    ck_assert_int_eq(v.position, 0);
    queue_view_free(&v);
    ck_assert_int_eq(queue_list(q, "ml101", "s001", 10, &list, &n, &err), 0);
    ck_assert_uint_eq(n, 2);
    ck_assert_str_eq(list[0].id, c);                /* newest first */
    ck_assert_str_eq(list[1].id, a);
    ck_assert_ptr_null(list[0].result_json);        /* lists carry no results */
    queue_views_free(list, n);
    ck_assert_int_eq(queue_list(q, "ml101", NULL, 10, &list, &n, &err), 0);
    ck_assert_uint_eq(n, 3);
    queue_views_free(list, n);
    ck_assert_int_eq(queue_list(q, "other", NULL, 10, &list, &n, &err), 0);
    ck_assert_uint_eq(n, 0);
    queue_views_free(list, n);
    ck_assert_int_eq(queue_get(q, "snosuchsubmissionxxxxxxxxx", 1, &v, &found, &err), 0);
    ck_assert(!found);
    queue_close(q);
}
END_TEST

START_TEST(test_stats)
{
    struct queue *q = open_q();
    struct queue_stats st;
    struct queue_job job;
    struct gb_err err;
    const char *verdicts[4] = { "passed", "passed", "failed", "review" };
    const double secs[4] = { 0.5, 4, 25, 2000 };
    char id[QUEUE_ID_LEN + 1];

    for (int i = 0; i < 6; i++)
        put(q, "s001", "x", T0 + i, id);
    for (int i = 0; i < 4; i++) {
        ck_assert(claim(q, "A", T0 + 10, 3, &job));
        ck_assert_int_eq(finish(q, job.id, "A", verdicts[i], secs[i], T0 + 11), 1);
        queue_job_free(&job);
    }
    ck_assert(claim(q, "A", T0 + 12, 3, &job));
    queue_job_free(&job);
    ck_assert_int_eq(queue_stats(q, &st, &err), 0);
    ck_assert_int_eq(st.queued, 1);
    ck_assert_int_eq(st.running, 1);
    ck_assert_int_eq(st.done, 4);
    ck_assert_int_eq(st.by_verdict[0], 2);
    ck_assert_int_eq(st.by_verdict[1], 1);
    ck_assert_int_eq(st.by_verdict[2], 1);
    ck_assert_int_eq(st.hist_count, 4);
    ck_assert(st.hist_sum == 0.5 + 4 + 25 + 2000);
    /* bounds 1 2 5 10 20 30 60 120 300 900: cumulative */
    ck_assert_int_eq(st.hist[0], 1);
    ck_assert_int_eq(st.hist[1], 1);
    ck_assert_int_eq(st.hist[2], 2);
    ck_assert_int_eq(st.hist[4], 2);
    ck_assert_int_eq(st.hist[5], 3);
    ck_assert_int_eq(st.hist[QUEUE_HIST_BUCKETS - 1], 3);       /* 2000 s is only in +Inf */
    queue_close(q);
}
END_TEST

START_TEST(test_revocations)
{
    struct queue *q = open_q();
    struct tokens_claims c = { .student = "s001", .course = "ml101", .issued = 1000,
                               .jti = "0123456789abcdef0123456789abcdef" };
    struct gb_err err;
    int revoked;

    ck_assert_int_eq(queue_token_revoked(q, &c, &revoked, &err), 0);
    ck_assert(!revoked);
    ck_assert_int_eq(queue_revoke_token(q, c.jti, T0, &err), 0);
    ck_assert_int_eq(queue_token_revoked(q, &c, &revoked, &err), 0);
    ck_assert(revoked);
    strcpy(c.jti, "ffffffffffffffffffffffffffffffff");
    ck_assert_int_eq(queue_revoke_student(q, "ml101", "s001", 2000, &err), 0);
    ck_assert_int_eq(queue_token_revoked(q, &c, &revoked, &err), 0);
    ck_assert(revoked);                 /* issued at 1000, before 2000 */
    c.issued = 2000;
    ck_assert_int_eq(queue_token_revoked(q, &c, &revoked, &err), 0);
    ck_assert(!revoked);                /* a token issued afterwards works */
    strcpy(c.course, "other");
    c.issued = 1000;
    ck_assert_int_eq(queue_token_revoked(q, &c, &revoked, &err), 0);
    ck_assert(!revoked);
    queue_close(q);
}
END_TEST

/* Four processes claim at once: every job goes to exactly one of them. */
START_TEST(test_concurrent_claims_are_disjoint)
{
    enum { JOBS = 40, PROCS = 4 };
    struct queue *q = open_q();
    char id[QUEUE_ID_LEN + 1], line[64], *seen[JOBS];
    int fds[2], status, n = 0;
    FILE *in;

    for (int i = 0; i < JOBS; i++)
        put(q, "s001", "x", T0 + i, id);
    queue_close(q);                     /* the children inherit no connection */
    ck_assert_int_eq(pipe(fds), 0);
    for (int p = 0; p < PROCS; p++) {
        if (fork() != 0)
            continue;
        struct queue *cq;
        struct queue_job job;
        struct gb_err err;
        int got = 1;

        close(fds[0]);
        if (queue_open(&cq, url, &err))
            _exit(1);
        while (got) {
            if (queue_claim(cq, queue_owner_self(), T0 + 100, LEASE, 3, &job, &got, &err))
                _exit(2);
            if (got) {
                dprintf(fds[1], "%s\n", job.id);
                queue_job_free(&job);
            }
        }
        queue_close(cq);
        _exit(0);
    }
    close(fds[1]);
    in = fdopen(fds[0], "r");
    while (fgets(line, sizeof line, in)) {
        line[strcspn(line, "\n")] = '\0';
        for (int i = 0; i < n; i++)
            ck_assert_msg(strcmp(seen[i], line), "%s claimed twice", line);
        ck_assert_int_lt(n, JOBS);
        seen[n++] = strdup(line);
    }
    fclose(in);
    for (int p = 0; p < PROCS; p++) {
        ck_assert_int_gt(wait(&status), 0);
        ck_assert_int_eq(WEXITSTATUS(status), 0);
    }
    ck_assert_int_eq(n, JOBS);
    for (int i = 0; i < n; i++)
        free(seen[i]);
}
END_TEST

/* Opening a queue whose schema is there takes no lock on its tables: a
 * reader's transaction stays open while another host connects (each job's
 * lease opens one).  Before, the schema's ALTER TABLE wanted the submission
 * table's ACCESS EXCLUSIVE lock at every open, and a host stalled inside
 * that transaction stopped every other one (lock_timeout makes it fail
 * here instead of hanging). */
START_TEST(test_open_takes_no_table_lock)
{
    char timed[600];
    struct queue *q = open_q(), *q2;
    struct gb_err err;
    PGconn *reader = PQconnectdb(pg_url);

    queue_close(q);
    ck_assert_msg(PQstatus(reader) == CONNECTION_OK, "%s", PQerrorMessage(reader));
    PQclear(PQexec(reader, "BEGIN"));
    PGresult *r = PQexec(reader, "SELECT count(*) FROM submission");
    ck_assert_int_eq(PQresultStatus(r), PGRES_TUPLES_OK);
    PQclear(r);
    snprintf(timed, sizeof timed, "%s%soptions=-c%%20lock_timeout%%3D2000", pg_url,
             strchr(pg_url, '?') ? "&" : "?");
    ck_assert_msg(queue_open(&q2, timed, &err) == 0, "%s", err.msg);
    queue_close(q2);
    PQclear(PQexec(reader, "COMMIT"));
    PQfinish(reader);
}
END_TEST

START_TEST(test_open_errors_are_sentences)
{
    struct queue *q;
    struct gb_err err;

    ck_assert_int_eq(queue_open(&q, "/proc/no/such/queue.sqlite", &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "/proc/no/such"));
    ck_assert_int_eq(queue_open(&q, "postgresql:///nosuchdb?host=/nonexistent", &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "PostgreSQL"));
    ck_assert_int_eq(queue_open(&q, "", &err), -1);
}
END_TEST

static TCase *tests(const char *name, void (*setup)(void))
{
    TCase *tc = tcase_create(name);

    tcase_set_timeout(tc, 60);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_fifo_and_body);
    tcase_add_test(tc, test_fair_turns);
    tcase_add_test(tc, test_limits_in_one_batch);
    tcase_add_test(tc, test_one_result_after_takeover);
    tcase_add_test(tc, test_renew_keeps_the_lease);
    tcase_add_test(tc, test_dead_owner_is_reclaimed);
    tcase_add_test(tc, test_gives_up_after_max_attempts);
    tcase_add_test(tc, test_release_and_retry);
    tcase_add_test(tc, test_views_positions_and_lists);
    tcase_add_test(tc, test_stats);
    tcase_add_test(tc, test_revocations);
    tcase_add_test(tc, test_concurrent_claims_are_disjoint);
    return tc;
}

int main(void)
{
    Suite *s = suite_create("queue");
    TCase *errors = tcase_create("errors");
    SRunner *sr;
    int failed;

    pg_url = getenv("GRADEBOX_TEST_PG_URL");
    suite_add_tcase(s, tests("sqlite", setup_sqlite));
    if (pg_url && *pg_url) {
        TCase *pg = tests("postgresql", setup_pg);
        tcase_add_test(pg, test_open_takes_no_table_lock);
        suite_add_tcase(s, pg);
    }
    else
        printf("queue: PostgreSQL not tested here (tests/e2e/serve_postgres.sh runs it)\n");
    tcase_add_test(errors, test_open_errors_are_sentences);
    suite_add_tcase(s, errors);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
