/* batch_queue.h — grades a cohort's pending uploads in parallel on this machine.
 *
 * Each upload is graded by a forked worker process (batch_worker.h), so a
 * crash while grading one costs that one only.  At most `jobs` workers run
 * at once, and a worker starts only while the memory limits of the running
 * sandboxes plus its own fit the memory budget (one always may, so a large
 * exercise is never starved): memory_lab's 2 GiB runs cannot push the
 * machine into swap or the OOM killer.  Longest-expected uploads start first.
 * The parallelism changes only when a result arrives, never what it is.
 *
 * Each finished upload is committed to the gradebook at once.  SIGINT,
 * SIGTERM or SIGHUP stops admitting, ends the running workers (their uploads
 * stay pending for the next run) and returns with stats->interrupted set.
 */
#ifndef GB_BATCH_QUEUE_H
#define GB_BATCH_QUEUE_H

#include <stddef.h>

#include "batch/batch_store.h"
#include "batch/batch_worker.h"
#include "error.h"

struct batch_queue_options {
    int jobs;                  /* workers at once (default: the cores) */
    size_t memory_budget;      /* bytes all running sandboxes may use together */
    int quiet;
};

struct batch_queue_stats {
    size_t graded;             /* results recorded */
    size_t errors;             /* uploads that could not be graded (recorded as errors) */
    size_t left;               /* still pending (interrupted) */
    int interrupted;
};

/* Memory the sandboxes may use: 80% of MemAvailable now. */
size_t batch_queue_memory_default(void);
int batch_queue_cores(void);

int batch_queue_run(struct batch_store *st, const struct batch_grading *g,
                    const struct batch_task *tasks, size_t n, const struct batch_queue_options *o,
                    struct batch_queue_stats *stats, struct gb_err *err);

/* Moves t's record (if a current one exists) into the gradebook.  *found is
 * 0 when there is none; *status, when not NULL, receives the result's status
 * ("passed", ..., "error"; static storage). */
int batch_queue_import(struct batch_store *st, const char *out_dir, const struct batch_task *t,
                       int *found, const char **status, double *score, double *max_score,
                       struct gb_err *err);

#endif
