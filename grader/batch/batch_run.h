/* batch_run.h — the steps of `grader batch`, given parsed settings.
 *
 * batch_cmd.c parses the command line into struct batch_settings; this
 * module runs: read the cohort, store it, grade (here or on Slurm), write
 * the outputs, post.  Each function returns the command's exit status
 * (batch_cmd.h) and prints its own messages.
 */
#ifndef GB_BATCH_RUN_H
#define GB_BATCH_RUN_H

#include <stddef.h>

#include "batch/batch_ingest.h"
#include "batch/batch_slurm.h"
#include "deliver/deliver_config.h"

#define BATCH_EXIT_OK 0
#define BATCH_EXIT_INCOMPLETE 1
#define BATCH_EXIT_USAGE 2
#define BATCH_EXIT_INTERRUPTED 130

struct batch_settings {
    const char **inputs;
    size_t n_inputs;
    const char *out;                 /* DIR */
    const char *roster;
    const char *assignment;
    const char *rubrics;
    const char *python;
    const char *transcripts;         /* DIR/STUDENT/EXERCISE.stdout (+ .status) */
    const char *samples;             /* --samples DIR: the published samples (batch_similar.h) */
    int jobs;
    size_t memory;                   /* 0: the default budget */
    int quiet;
    int regrade;                     /* --regrade given */
    const char *regrade_which;       /* its EXERCISE or STUDENT, or NULL for all */
    int slurm;
    struct batch_slurm_options slurm_opts;
    struct batch_ingest_limits limits;
    int integrity_all;               /* --integrity (batch_worker.h) */
    int missing_as_zero;             /* nothing gradable is 0 in the LMS files, not blank */
    const char *deadline;            /* --deadline, or NULL (batch_late.h) */
    const char *late_penalty;        /* --late-penalty, or NULL */
    int post;
    struct deliver_config deliver;   /* --post's settings (loaded only with --post) */
};

int batch_run(struct batch_settings *s);
int batch_collect(const char *out_dir, struct batch_settings *s);
int batch_task(const char *out_dir, int index, struct batch_settings *s);

/* Writes DIR's outputs again from its gradebook (after a review decision);
 * rubrics NULL: the installed ones. */
int batch_rewrite_outputs(const char *out_dir, const char *rubrics, struct gb_err *err);

#endif
