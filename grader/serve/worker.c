/* worker.c — claim, grade, record, deliver (see worker.h).
 *
 * SIGTERM and SIGINT arrive as bytes on signals.h's pipe: the main thread
 * polls it between jobs (an idle worker's sleep is also its shutdown), the
 * lease thread while a job is graded.  The main thread tells the lease
 * thread that the grading is over through the lease's own pipe.
 */
#define _GNU_SOURCE
#include "serve/worker.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "check/pipeline.h"
#include "deliver/deliver.h"
#include "report/report.h"
#include "report/result_sign.h"
#include "serve/queue.h"
#include "serve/signals.h"
#include "clock.h"

struct worker {
    const struct worker_config *cfg;
    struct queue *q;
    const char *owner;
    int lms;                      /* results go to an LMS */
    struct deliver_config lms_cfg;
    struct outbox *outbox;
    long long last_flush_ms;
    struct result_signer signer;  /* signs every result: this machine's key */
    struct pipeline_warm warm;    /* the warm interpreter its runs start from */
};

/* The lease thread of one grading. */
struct lease {
    struct worker *w;
    const char *id;
    pthread_t thread;
    int done[2];                  /* written when the grading is over */
    int lost;                     /* another worker holds the job now */
};

void worker_config_default(struct worker_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->lease_ms = WORKER_DEFAULT_LEASE_S * 1000LL;
    cfg->max_attempts = WORKER_DEFAULT_ATTEMPTS;
    cfg->poll_ms = WORKER_POLL_MS;
}

int worker_integrity_valid(const char *value, struct gb_err *err)
{
    if (!value || !strcmp(value, "default") || !strcmp(value, "all"))
        return 0;
    return gb_fail(err, "--integrity takes default or all, not '%s'", value);
}

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void say(const char *fmt, ...)
{
    char when[32], line[768];
    time_t now = time(NULL);
    struct tm tm;
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&now, &tm));
    fprintf(stderr, "%s grader worker[%ld]: %s\n", when, (long)getpid(), line);
}

/* ---- the lease thread ------------------------------------------------------- */

/* Gives the job back and ends the process: the worker was told to stop. */
static void stop_now(struct worker *w, struct queue *q, const char *id)
{
    struct gb_err err;

    if (queue_release(q, id, w->owner, deliver_now_ms(), &err))
        say("stopping: could not give %s back (its lease will expire): %s", id, err.msg);
    else
        say("stopping: gave %s back to the queue", id);
    _exit(0);                           /* the sandbox dies with this process */
}

static void renew(struct lease *l, struct queue *q)
{
    struct worker *w = l->w;
    struct gb_err err;
    int held;

    if (queue_renew(q, l->id, w->owner, deliver_now_ms() + w->cfg->lease_ms, &held, &err))
        say("cannot renew the lease of %s: %s", l->id, err.msg);
    else if (!held && !l->lost) {
        l->lost = 1;
        say("lost the lease of %s (another worker took it over); its result will not be "
            "recorded", l->id);
    }
}

static void *lease_main(void *arg)
{
    struct lease *l = arg;
    struct worker *w = l->w;
    struct queue *q;
    struct gb_err err;

    /* its own connection: a connection serves one thread at a time */
    if (queue_open(&q, w->cfg->db_url, &err)) {
        say("cannot renew the lease of %s: %s", l->id, err.msg);
        return NULL;
    }
    for (;;) {
        struct pollfd p[2] = { { .fd = l->done[0], .events = POLLIN },
                               { .fd = signals_fd(), .events = POLLIN } };
        int n = poll(p, 2, (int)(w->cfg->lease_ms / 3));

        if (n < 0 && errno != EINTR)
            break;
        if (n > 0 && p[0].revents)
            break;                      /* graded */
        if (n > 0 && p[1].revents) {
            int sig = signals_take();

            if (sig == SIGTERM || sig == SIGINT)
                stop_now(w, q, l->id);
        }
        if (n == 0)
            renew(l, q);
    }
    queue_close(q);
    return NULL;
}

static int lease_start(struct lease *l, struct worker *w, const char *id)
{
    memset(l, 0, sizeof *l);
    l->w = w;
    l->id = id;
    if (pipe2(l->done, O_CLOEXEC) < 0)
        return -1;
    if (pthread_create(&l->thread, NULL, lease_main, l)) {
        close(l->done[0]);
        close(l->done[1]);
        return -1;
    }
    return 0;
}

static void lease_stop(struct lease *l)
{
    if (write(l->done[1], "x", 1) != 1)
        say("cannot tell the lease thread of %s to stop", l->id);
    pthread_join(l->thread, NULL);
    close(l->done[0]);
    close(l->done[1]);
}

/* ---- grading ----------------------------------------------------------------- */

/* The upload, under its own name, in a private directory. */
static int stage_upload(const struct queue_job *job, char *dir, size_t dsize, char *file,
                        size_t fsize, struct gb_err *err)
{
    const char *tmp = getenv("TMPDIR");
    const char *name = strchr(job->filename, '/') || job->filename[0] == '.' ? "upload"
                                                                            : job->filename;
    int fd;

    snprintf(dir, dsize, "%s/gradebox-serve.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir))
        return gb_fail_errno(err, "cannot create a directory for %s", job->id);
    snprintf(file, fsize, "%s/%s", dir, name);
    fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0 || gb_write_all(fd, job->body, job->body_len) < 0) {
        gb_fail_errno(err, "cannot write %s's upload", job->id);
        if (fd >= 0)
            close(fd);
        unlink(file);
        rmdir(dir);
        return -1;
    }
    close(fd);
    return 0;
}

static void unstage(const char *dir, const char *file)
{
    unlink(file);
    rmdir(dir);
}

/* The documents a result is stored as. */
struct rendered {
    struct gb_buf json;
    struct gb_buf text;
    const char *status;
};

static int render(const struct worker *w, const struct grade_result *r, struct rendered *out,
                  struct gb_err *err)
{
    struct report_options ro = { .utf8 = 1 };

    out->status = report_status_name(report_status(r));
    return report_json_signed(r, &w->signer, &out->json, err) ||
           report_text(r, &ro, &out->text, err) ? -1 : 0;
}

/* Queues the result for the LMS; a failure here is logged and the result
 * still recorded (the outbox is what keeps deliveries, and it failed). */
static void enqueue_for_lms(struct worker *w, const struct queue_job *job,
                            const struct gb_buf *json)
{
    char id[PAYLOAD_ID_MAX + 1];
    struct gb_err err;

    if (deliver_enqueue(w->outbox, &w->lms_cfg, json->data, json->len, id, NULL, &err))
        say("%s: result not queued for the LMS: %s", job->id, err.msg);
}

static void flush_lms(struct worker *w)
{
    struct deliver_stats st;
    struct gb_err err;

    w->last_flush_ms = deliver_now_ms();
    if (deliver_flush(w->outbox, &w->lms_cfg, NULL, 0, &st, stderr, &err))
        say("LMS delivery: %s", err.msg);
}

static int record(struct worker *w, const struct queue_job *job, const struct queue_outcome *o,
                  struct gb_err *err)
{
    int recorded;

    if (queue_finish(w->q, job->id, w->owner, o, deliver_now_ms(), &recorded, err))
        return -1;
    if (!recorded)
        say("%s: graded, but another worker holds it now; this result is dropped", job->id);
    return 0;
}

/* The pipeline failed for the service's own reasons: retry, or give up. */
static int grading_failed(struct worker *w, const struct queue_job *job, const char *why,
                          struct gb_err *err)
{
    struct queue_outcome o = { .error = why };

    say("%s: could not grade (attempt %d of %d): %s", job->id, job->attempts,
        w->cfg->max_attempts, why);
    if (job->attempts < w->cfg->max_attempts)
        return queue_retry(w->q, job->id, w->owner, deliver_now_ms(), err);
    return record(w, job, &o, err);
}

static int grade_job(struct worker *w, const struct queue_job *job, struct gb_err *err)
{
    struct pipeline_options po;
    struct grade_result r;
    struct rendered out = { GB_BUF_INIT, GB_BUF_INIT, NULL };
    struct queue_outcome o;
    struct lease lease;
    struct gb_err gerr;
    char dir[PATH_MAX], file[PATH_MAX + 256];
    double t0 = gb_now_seconds();
    int rc, graded;

    if (stage_upload(job, dir, sizeof dir, file, sizeof file, &gerr))
        return grading_failed(w, job, gerr.msg, err);
    memset(&po, 0, sizeof po);
    po.file = file;
    po.exercise = job->exercise;
    po.rubrics_dir = w->cfg->rubrics_dir;
    po.python = w->cfg->python ? w->cfg->python : PIPELINE_DEFAULT_PYTHON;
    po.student = job->student;
    po.assignment = job->exercise;      /* what an LMS files the grade under */
    /* the rerun with changed seeds where rubrics ask; with --integrity all also
     * where they offer it */
    po.integrity = w->cfg->integrity && !strcmp(w->cfg->integrity, "all") ? RERUN_ALL
                                                                          : RERUN_DEFAULT;
    po.warm = &w->warm;
    if (lease_start(&lease, w, job->id)) {
        unstage(dir, file);
        return gb_fail(err, "cannot start the lease thread");
    }
    graded = pipeline_grade(&po, &r, &gerr) == 0 && render(w, &r, &out, &gerr) == 0;
    lease_stop(&lease);
    unstage(dir, file);
    if (!graded) {
        rc = grading_failed(w, job, gerr.msg, err);
    } else {
        o = (struct queue_outcome){ .verdict = out.status, .score = r.score,
                                    .max_score = r.max_score,
                                    .grading_seconds = gb_now_seconds() - t0,
                                    .result_json = out.json.data, .report_text = out.text.data };
        if (w->lms && !lease.lost)
            enqueue_for_lms(w, job, &out.json);
        rc = record(w, job, &o, err);
        say("%s: %s for %s (attempt %d): %s %g/%g in %.1f s", job->id, job->exercise,
            job->student, job->attempts, out.status, r.score, r.max_score, o.grading_seconds);
    }
    result_free(&r);
    gb_buf_free(&out.json);
    gb_buf_free(&out.text);
    if (rc == 0 && graded && w->lms)
        flush_lms(w);
    return rc;
}

/* ---- the loop ------------------------------------------------------------------ */

static int open_lms(struct worker *w, struct gb_err *err)
{
    if (deliver_config_load(&w->lms_cfg, NULL, err))
        return -1;
    if (w->cfg->post_url &&
        deliver_config_set(&w->lms_cfg, "url", w->cfg->post_url, "--post", err))
        return -1;
    if (!deliver_config_destination(&w->lms_cfg))
        return 0;                       /* no LMS configured: results stay in the queue */
    w->lms = 1;
    if (deliver_check_destination(&w->lms_cfg, err) ||
        deliver_open_outbox(&w->lms_cfg, &w->outbox, err))
        return gb_err_prefix(err, "LMS delivery");
    return 0;
}

/* Claims and grades one job; *idle = 1 when there was none. */
static int step(struct worker *w, int *idle, struct gb_err *err)
{
    struct queue_job job;
    size_t freed;
    int got, rc;

    if (queue_reclaim_dead(w->q, deliver_now_ms(), &freed, err))
        return -1;
    if (freed)
        say("took back %zu job(s) whose worker on this host had died", freed);
    if (queue_claim(w->q, w->owner, deliver_now_ms(), w->cfg->lease_ms, w->cfg->max_attempts,
                    &job, &got, err))
        return -1;
    *idle = !got;
    if (!got)
        return 0;
    rc = grade_job(w, &job, err);
    queue_job_free(&job);
    return rc;
}

static int serve_jobs(struct worker *w, struct gb_err *err)
{
    int failures = 0;

    for (;;) {
        int idle = 1, sig;

        if (step(w, &idle, err)) {
            /* a database that went away may come back: keep trying a while */
            if (++failures >= WORKER_DB_RETRIES)
                return -1;
            say("%s (retrying in a second)", err->msg);
        } else
            failures = 0;
        if (w->lms && idle && deliver_now_ms() - w->last_flush_ms > WORKER_FLUSH_S * 1000)
            flush_lms(w);
        sig = signals_wait(failures ? 1000 : idle ? w->cfg->poll_ms : 0);
        if (sig == SIGTERM || sig == SIGINT)
            return 0;
    }
}

int worker_run(const struct worker_config *cfg, struct gb_err *err)
{
    static const int stop_signals[] = { SIGTERM, SIGINT };
    struct worker w;
    int rc;

    memset(&w, 0, sizeof w);
    w.cfg = cfg;
    w.owner = queue_owner_self();
    if (signals_catch(stop_signals, 2, err))
        return -1;
    /* `grader serve` made the key before starting this worker; a worker on
     * another host makes its own. */
    if (result_signer_load_default(&w.signer, 1, NULL, err) || open_lms(&w, err)
        || queue_open(&w.q, cfg->db_url, err)) {
        outbox_close(w.outbox);
        deliver_config_free(&w.lms_cfg);
        result_signer_free(&w.signer);
        return -1;
    }
    say("ready (%s queue, lease %lld s%s)", queue_backend(w.q), cfg->lease_ms / 1000,
        w.lms ? ", results also to the LMS" : "");
    rc = serve_jobs(&w, err);
    pipeline_warm_stop(&w.warm);
    queue_close(w.q);
    outbox_close(w.outbox);
    deliver_config_free(&w.lms_cfg);
    result_signer_free(&w.signer);
    return rc;
}

/* ---- `grader worker` ------------------------------------------------------------- */

static const char worker_usage[] =
    "usage: grader worker [--db PATH|postgresql://...] [--rubrics DIR] [--python PATH]\n"
    "                     [--post URL] [--lease SECONDS] [--max-attempts N]\n"
    "                     [--integrity default|all]\n"
    "Grades queued submissions until SIGTERM; see docs/service.md.\n";

static int parse_number(const char *flag, const char *value, long long lo, long long hi,
                        long long *out, struct gb_err *err)
{
    char *end;
    long long v;

    errno = 0;
    v = strtoll(value, &end, 10);
    if (errno || end == value || *end || v < lo || v > hi)
        return gb_fail(err, "%s takes a whole number from %lld to %lld, not '%s'", flag, lo,
                       hi, value);
    *out = v;
    return 0;
}

static int parse_worker_args(int argc, char **argv, struct worker_config *cfg,
                             struct gb_err *err)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        long long n;

        if (!strcmp(a, "-h") || !strcmp(a, "--help"))
            return 1;
        if (!v)
            return gb_fail(err, "option '%s' needs a value", a);
        i++;
        if (!strcmp(a, "--db"))
            cfg->db_url = v;
        else if (!strcmp(a, "--rubrics"))
            cfg->rubrics_dir = v;
        else if (!strcmp(a, "--python"))
            cfg->python = v;
        else if (!strcmp(a, "--post"))
            cfg->post_url = v;
        else if (!strcmp(a, "--integrity")) {
            if (worker_integrity_valid(v, err))
                return -1;
            cfg->integrity = v;
        }
        else if (!strcmp(a, "--lease")) {
            if (parse_number(a, v, 3, 86400, &n, err))
                return -1;
            cfg->lease_ms = n * 1000;
        } else if (!strcmp(a, "--max-attempts")) {
            if (parse_number(a, v, 1, 100, &n, err))
                return -1;
            cfg->max_attempts = (int)n;
        } else
            return gb_fail(err, "unknown option '%s'", a);
    }
    return 0;
}

int worker_main(int argc, char **argv)
{
    struct worker_config cfg;
    struct gb_err err;
    int rc;

    worker_config_default(&cfg);
    cfg.db_url = getenv("GRADEBOX_SERVE_DB");
    rc = parse_worker_args(argc, argv, &cfg, &err);
    if (rc) {
        if (rc > 0)
            fputs(worker_usage, stdout);
        else
            fprintf(stderr, "grader worker: %s\n%s", err.msg, worker_usage);
        return rc > 0 ? 0 : 2;
    }
    if (!cfg.db_url) {
        fprintf(stderr, "grader worker: which queue? --db PATH or --db postgresql://... "
                "(or $GRADEBOX_SERVE_DB)\n");
        return 2;
    }
    if (worker_run(&cfg, &err)) {
        fprintf(stderr, "grader worker: %s\n", err.msg);
        return 1;
    }
    return 0;
}
