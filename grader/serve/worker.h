/* worker.h — a grading worker: claims queued submissions and grades them
 * with the `grader check` pipeline, one at a time.
 *
 * `grader serve` starts N of these as processes (`grader worker`, exec'd,
 * killed with their parent); on other hosts `grader worker --db postgresql://…`
 * runs them alone.  While grading, a second thread renews the job's lease
 * every lease/3, so only a dead or stalled worker's job is taken over.
 *
 * A job's upload is written to a private temporary directory under its own
 * file name and graded as `grader check --exercise E --student S` would grade
 * it.  A grading that fails for the service's own reasons (the sandbox could
 * not start) is retried up to max_attempts times, then recorded as an error.
 * With an LMS configured (deliver_config.h: url and secret, or --post URL) the
 * result goes into the outbox before it is recorded — so a crash in between
 * re-grades and re-queues it under the same webhook-id, never loses it — and
 * is sent at once; the worker also flushes due retries while idle.
 *
 * SIGTERM or SIGINT: an idle worker exits; a grading one gives its job back
 * (queued again, the attempt not counted) and exits at once.
 */
#ifndef GB_WORKER_H
#define GB_WORKER_H

#include "error.h"

#define WORKER_DEFAULT_LEASE_S 60
#define WORKER_DEFAULT_ATTEMPTS 3
#define WORKER_POLL_MS 250
#define WORKER_FLUSH_S 30
#define WORKER_DB_RETRIES 120   /* a second apart: a database down this long ends the worker */

struct worker_config {
    const char *db_url;
    const char *rubrics_dir;      /* NULL: the pipeline's own search */
    const char *python;           /* NULL: the pipeline's default */
    const char *post_url;         /* NULL: the LMS settings' url, if any */
    const char *integrity;        /* "default" (NULL) or "all": also memory_lab's rerun */
    long long lease_ms;
    int max_attempts;
    long long poll_ms;
};

void worker_config_default(struct worker_config *cfg);

/* `--integrity`'s value: "default" (the reruns rubrics ask for) or "all"
 * (also those they offer by option: memory_lab's, which doubles minutes). */
int worker_integrity_valid(const char *value, struct gb_err *err);

/* Runs until SIGTERM/SIGINT; -1 when it could not start (err says why) or
 * the queue database failed for good. */
int worker_run(const struct worker_config *cfg, struct gb_err *err);

/* `grader worker [--db URL] [--rubrics DIR] [--python PATH] [--post URL]
 *                [--lease SECONDS] [--max-attempts N]` */
int worker_main(int argc, char **argv);

#endif
