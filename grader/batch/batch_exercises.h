/* batch_exercises.h — the course's exercises as a batch sees them, loaded once.
 *
 * Every rubric in the rubrics directory: its exercise and file name (to
 * recognise uploads by the same rule as `grader check`), the memory its
 * sandbox may use (to admit runs without swapping), its wall limit, and a
 * digest of everything a grade depends on besides the submission — rubric,
 * expected values, course files, grader version — so the gradebook knows
 * which results a rubric change made stale.
 */
#ifndef GB_BATCH_EXERCISES_H
#define GB_BATCH_EXERCISES_H

#include <stddef.h>

#include "error.h"

struct batch_exercise {
    char *name;                 /* "attention_by_hand" */
    char *submission;           /* "attention_by_hand.py" */
    int is_run;                 /* run in the sandbox (a Python script) or read */
    size_t memory_bytes;        /* the sandbox's memory limit for it */
    double wall_seconds;        /* its wall limit */
    char digest[65];            /* SHA-256 over what its grades depend on */
};

struct batch_exercises {
    struct batch_exercise *v;   /* sorted by name */
    size_t n;
    char rubrics_dir[4096];
    char exercises_dir[4096];   /* course files */
};

/* rubrics_dir NULL: the grader's own (GRADEBOX_HOME, or beside the binary). */
int batch_exercises_load(const char *rubrics_dir, struct batch_exercises *ex,
                         struct gb_err *err);
void batch_exercises_free(struct batch_exercises *ex);

/* The exercise an upload named `file` is for: an exact file name first,
 * else the one exercise whose name it contains.  NULL when none or several
 * (*ambiguous set). */
const struct batch_exercise *batch_exercises_match(const struct batch_exercises *ex,
                                                   const char *file, int *ambiguous);
/* The exercise a file that matches none was probably meant for: a typo or
 * two from its file name (check/exname.h), else NULL. */
const struct batch_exercise *batch_exercises_near(const struct batch_exercises *ex,
                                                  const char *file);
const struct batch_exercise *batch_exercises_find(const struct batch_exercises *ex,
                                                  const char *name);

#endif
