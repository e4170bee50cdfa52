/* batch_slurm.h — a cohort graded on a Slurm cluster: one job array.
 *
 * `grader batch --slurm` reads the cohort and the gradebook as usual, then,
 * instead of grading here, writes in DIR/.gradebox/slurm/:
 *   tasks.tsv   the pending uploads (student, exercise, stored copy,
 *               transcript, key) and the grading settings
 *   job.sh      the array job: each task runs `grader batch task DIR`
 * and submits it with `sbatch --array=0-(N-1)` (N = uploads, at most 1000;
 * task i grades every upload j with j mod N = i), one CPU and the largest
 * sandbox memory limit per task.  Tasks write result records into the
 * shared DIR (batch_worker.h), never the gradebook, since SQLite on a shared
 * file system is not safe to write from many nodes.  Each task marks itself
 * done; the task that finds every mark present runs `grader batch collect
 * DIR`, which imports the records into the gradebook and writes the
 * outputs.  Collect can be run by hand at any time; uploads whose task has
 * not run (or failed) are listed as not graded yet.
 */
#ifndef GB_BATCH_SLURM_H
#define GB_BATCH_SLURM_H

#include <stddef.h>

#include "batch/batch_store.h"
#include "batch/batch_worker.h"
#include "error.h"

#define BATCH_SLURM_SUBDIR ".gradebox/slurm"
#define BATCH_SLURM_MAX_ARRAY 1000      /* Slurm's default MaxArraySize is 1001 */

struct batch_slurm_options {
    const char *partition;             /* NULL: the cluster's default */
    const char *time;                  /* --time for each task, NULL: the partition's */
};

/* Writes tasks.tsv and job.sh and submits them; job_id receives Slurm's id. */
int batch_slurm_submit(const struct batch_grading *g, const struct batch_task *tasks, size_t n,
                       const struct batch_slurm_options *o, char *job_id, size_t size,
                       struct gb_err *err);

/* One array task ($SLURM_ARRAY_TASK_ID): grades its share, marks itself
 * done; *last is 1 when it was the last task to finish (it should collect). */
int batch_slurm_task(const char *out_dir, int index, int *last, struct gb_err *err);

/* The tasks of the last submission (for collect); g's strings are owned by
 * the returned tasks' storage and freed with batch_slurm_plan_free(). */
struct batch_slurm_plan {
    struct batch_task *tasks;
    size_t n;
    int array;                         /* array size */
    char *python, *rubrics, *assignment;
    int integrity_all;                 /* "integrity\tall": --integrity */
};
int batch_slurm_plan_load(const char *out_dir, struct batch_slurm_plan *plan, struct gb_err *err);
void batch_slurm_plan_free(struct batch_slurm_plan *plan);

#endif
