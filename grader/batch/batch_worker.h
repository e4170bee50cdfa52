/* batch_worker.h — grades one upload of a cohort through the `grader check` pipeline.
 *
 * A worker (a forked child of `grader batch`, or a Slurm task) grades one
 * task and writes, atomically:
 *   DIR/STUDENT/EXERCISE.txt and .json    the student's reports
 *   DIR/.gradebox/results/STUDENT/EXERCISE.result
 *                                         the record the gradebook imports:
 *                                         the task's key on the first line,
 *                                         then the result JSON, or
 *                                         "error: <sentence>" when the
 *                                         grading itself failed
 * The result JSON, in both, is signed with the grading machine's key
 * (report/result_sign.h), which `grader batch` loads, or makes, before any
 * worker starts.
 * Only the record tells the gradebook anything, so a worker killed before
 * writing it leaves the upload pending, and one from an older upload (its
 * key differs) is ignored.
 */
#ifndef GB_BATCH_WORKER_H
#define GB_BATCH_WORKER_H

#include "batch/batch_store.h"
#include "error.h"
#include "report/result_sign.h"

struct pipeline_warm;

#define BATCH_RESULTS_SUBDIR ".gradebox/results"

struct batch_grading {
    const char *out_dir;         /* DIR */
    const char *rubrics_dir;     /* NULL: the grader's own */
    const char *python;          /* the student runtime */
    const char *assignment;      /* NULL or --assignment */
    const struct result_signer *signer;   /* signs every result written */
    struct pipeline_warm *warm;  /* the warm interpreter the gradings share, or NULL */
    int integrity_all;           /* --integrity: also the reruns rubrics make "by option" */
};

/* This machine's result signing key, made on first use (saying so on stderr). */
int batch_signer_load(struct result_signer *s, struct gb_err *err);

/* Grades t and writes its files; -1 only when no record could be written. */
int batch_worker_run(const struct batch_grading *g, const struct batch_task *t,
                     struct gb_err *err);

/* Reads t's record: 0 with *json (or *error) malloc'd; 1 when there is no
 * record of t's current key. */
int batch_worker_read(const char *out_dir, const struct batch_task *t, char **json,
                      char **error, struct gb_err *err);
/* mkdir -p (mode 0755). */
int batch_mkdir_p(const char *path, struct gb_err *err);

/* Removes t's record once the gradebook holds it. */
void batch_worker_forget(const char *out_dir, const struct batch_task *t);

#endif
