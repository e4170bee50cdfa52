/* batch_store.h — the gradebook: DIR/gradebook.sqlite.
 *
 * Holds the cohort as the last run read it (students, uploads, problems) and
 * every result graded so far, keyed by student and exercise and stamped with
 * the submission's SHA-256 and the exercise's digest (rubric, expected values,
 * course files, grader version; see batch_exercises.h) and the recorded
 * transcript's SHA-256 when there is one.  A result is current while those
 * match its upload; re-running grades only uploads without a current result.
 *
 * Each result is committed on its own as soon as it is graded (WAL journal),
 * so a Ctrl-C or kill -9 loses only the submissions in flight.  Only the
 * batch process (or `grader batch collect`) writes it: Slurm tasks write
 * result files, which collect imports.
 */
#ifndef GB_BATCH_STORE_H
#define GB_BATCH_STORE_H

#include <stddef.h>

#include "batch/batch_ingest.h"
#include "error.h"

#define BATCH_STORE_FILE "gradebook.sqlite"

struct batch_store;

/* One upload to grade: what a worker or a Slurm task needs. */
struct batch_task {
    char *student;
    char *exercise;
    char *path;            /* the stored copy of the upload */
    char *transcript;      /* a recorded run to grade instead of running, or NULL */
    char *key;             /* sha256 | digest | transcript sha: what the result is of */
    size_t memory_bytes;   /* the exercise's sandbox memory limit */
    double estimate;       /* expected seconds (measured before, else a guess) */
};

/* One student's result for one exercise, as the outputs read it. */
struct batch_row {
    char *student, *exercise, *origin, *path;
    char *status;          /* "passed", "needs_review", "failed", "error"; NULL: not graded */
    char *json;            /* gradebox.result/1 document, or NULL */
    char *error;           /* why grading failed (status "error"), or NULL */
    char *graded_at;       /* RFC 3339 UTC of the grading, or NULL */
    long long mtime;       /* when the upload was handed in (its time in the LMS's
                            * archive or on disk), -1 unknown */
    double score, max_score, wall;
};

struct batch_book {        /* everything the outputs need, read back from the store */
    struct batch_cohort cohort;      /* students and problems (uploads' data not loaded) */
    struct batch_row *rows;          /* every upload, with its current result if any */
    size_t n_rows;
    char **exercises;                /* exercises with an upload, sorted */
    size_t n_exercises;
    char *assignment;                /* --assignment, or NULL */
    int missing_as_zero;             /* --missing-as-zero: nothing gradable is 0 in the
                                      * LMS files, not blank */
    char *late_policy;               /* --deadline/--late-penalty as batch_late.h reads
                                      * it, or NULL: no late policy */
};

int batch_store_open(const char *dir, struct batch_store **out, struct gb_err *err);
void batch_store_close(struct batch_store *st);

/* Replaces the cohort (students, uploads with their stored paths and keys,
 * problems) in one transaction; results are kept. */
int batch_store_set_cohort(struct batch_store *st, const struct batch_cohort *c,
                           char *const *paths, char *const *transcripts,
                           char *const *keys, struct gb_err *err);

int batch_store_set_meta(struct batch_store *st, const char *key, const char *value,
                         struct gb_err *err);
/* *value is malloc'd, NULL when unset. */
int batch_store_get_meta(struct batch_store *st, const char *key, char **value,
                         struct gb_err *err);

/* Forgets results so they are graded again: all (which NULL), or a
 * student's or an exercise's.  *n receives how many. */
int batch_store_forget(struct batch_store *st, const char *which, size_t *n,
                       struct gb_err *err);

/* Uploads without a current result, longest expected first. */
int batch_store_pending(struct batch_store *st, const struct batch_exercises *ex,
                        struct batch_task **tasks, size_t *n, struct gb_err *err);
void batch_tasks_free(struct batch_task *tasks, size_t n);

/* Mean measured seconds of an exercise's runs, or 0 when none. */
double batch_store_mean_wall(struct batch_store *st, const char *exercise);

/* Records a result (json from the worker) or a failure (json NULL, error set). */
int batch_store_put_result(struct batch_store *st, const struct batch_task *t, const char *json,
                           const char *error, struct gb_err *err);

/* Results not yet handed to the outbox: (student, exercise, json) triples. */
int batch_store_unposted(struct batch_store *st, struct batch_row **rows, size_t *n,
                         struct gb_err *err);
int batch_store_mark_posted(struct batch_store *st, const char *student, const char *exercise,
                            struct gb_err *err);
/* Every result to be posted again (the late policy changed what the LMS gets). */
int batch_store_mark_all_unposted(struct batch_store *st, struct gb_err *err);

/* A human's decision on one review item (batch_review.h): who, when, why,
 * and the evidence it was made on (a digest), so a regrade keeps it only
 * while the evidence is the same. */
struct batch_decision {
    char *student, *exercise, *check;
    char *verdict;         /* "pass", "fail" or "points" */
    double points;         /* awarded ("points"; pass: the maximum, fail: 0) */
    char *note;            /* why, or NULL */
    char *by;              /* $USER or --by */
    char *at;              /* RFC 3339 UTC with milliseconds */
    char *evidence;        /* SHA-256 hex of the evidence decided on */
};

/* Records (replaces) a decision, and marks the result to be posted again:
 * the decided grade is a new revision for the LMS. */
int batch_store_put_decision(struct batch_store *st, const struct batch_decision *d,
                             struct gb_err *err);
int batch_store_decisions(struct batch_store *st, struct batch_decision **v, size_t *n,
                          struct gb_err *err);
void batch_decisions_free(struct batch_decision *v, size_t n);

int batch_store_book(struct batch_store *st, struct batch_book *book, struct gb_err *err);
void batch_book_free(struct batch_book *book);
void batch_rows_free(struct batch_row *rows, size_t n);

#endif
