/* batch_ingest.h — a cohort from its inputs: directories and LMS archives.
 *
 * Each INPUT is a directory (a folder per student, or an unpacked Gradescope
 * export) or an archive libarchive reads (a Moodle, Canvas or Gradescope zip;
 * tar works too).  Every file becomes an upload of one student for one
 * exercise (batch_names.h says whose, batch_exercises.h which exercise), or a
 * problem the report lists: unmatched files, two files for one exercise
 * (which one was graded, and why), empty or binary uploads, unsafe paths,
 * corrupt archives.  Nothing is written anywhere: uploads are held in memory
 * (each at most BATCH_UPLOAD_MAX bytes) and the caller stores them.
 *
 * Bounds, so a hostile archive cannot exhaust the machine: entries read per
 * input, bytes read per input (only files named after an exercise are read at
 * all), files listed per student; past a bound the input stops with a
 * problem naming it, and what was read before still counts.
 */
#ifndef GB_BATCH_INGEST_H
#define GB_BATCH_INGEST_H

#include <stddef.h>

#include "batch/batch_exercises.h"
#include "batch/batch_names.h"
#include "buf.h"
#include "error.h"

#define BATCH_UPLOAD_MAX (1u << 20)   /* what `grader check` accepts for a source */

struct batch_upload {
    char *student;                    /* safe id: its folder name in the output */
    const struct batch_exercise *exercise;
    char *origin;                     /* "cohort.zip: Jane Doe_12_.../x.py", display-clean */
    struct gb_buf data;
    char sha256[65];
    long long mtime;
    int exact_name;                   /* named as the exercise's file (any case, or its notebook) */
    int notebook;                     /* a Jupyter notebook of a script exercise (.ipynb) */
    int versioned;                    /* from an LMS that keeps resubmissions (Canvas) */
    long revision;                    /* its -N resubmission number (batch_names.h) */
    long long attachment;             /* its attachment id: larger is newer */
};

struct batch_student {
    char *id;                         /* safe id (folder name) */
    char *raw_id;                     /* as the LMS wrote it: Moodle participant, Canvas user */
    char *name;                       /* from the LMS's file names, the roster overrides */
    char *email;
    enum batch_lms lms;
    int late;
    int in_roster;
    size_t n_files;                   /* files seen in its uploads */
    size_t n_unlisted;                /* unmatched files past the listing cap */
};

struct batch_problem {
    char *student;                    /* NULL: about an input as a whole */
    char *what;
    int refused;                      /* something was not graded (an entry, an upload, an
                                       * input); 0: a notice (two files, one graded; an
                                       * extra file; a student not on the roster) */
};

struct batch_cohort {
    struct batch_student *students;
    size_t n_students;
    struct batch_upload *uploads;
    size_t n_uploads;
    struct batch_problem *problems;
    size_t n_problems;
};

/* The instructor's word on a renamed upload (`grader review --grade-as`):
 * the student's file of that name (the upload's own name, the LMS prefix
 * removed) is graded as the exercise. */
struct batch_grade_as {
    const char *student, *file, *exercise;
};

struct batch_ingest_limits {
    size_t max_entries;               /* per input; default 100000 */
    size_t max_bytes;                 /* read per input; default 512 MiB */
    size_t max_files_listed;          /* unmatched files listed per student; default 20 */
    const char *exclude;              /* a folder never read: the output DIR when it lies
                                       * inside an input folder; or NULL */
    const struct batch_grade_as *grade_as;   /* files to grade as an exercise, or NULL */
    size_t n_grade_as;
};

void batch_ingest_limits_default(struct batch_ingest_limits *lim);

/* Reads every input into *c.  A bad input (unreadable, corrupt, a bomb) is
 * a problem in c, not an error; -1 only when out of memory. */
int batch_ingest(const char *const *inputs, size_t n_inputs, const struct batch_exercises *ex,
                 const struct batch_ingest_limits *lim, struct batch_cohort *c,
                 struct gb_err *err);

/* Adds a problem (formatted): a refusal, or with _notice a notice; -1 only
 * when out of memory. */
int batch_cohort_problem(struct batch_cohort *c, const char *student, struct gb_err *err,
                         const char *fmt, ...) __attribute__((format(printf, 4, 5)));
int batch_cohort_notice(struct batch_cohort *c, const char *student, struct gb_err *err,
                        const char *fmt, ...) __attribute__((format(printf, 4, 5)));
struct batch_student *batch_cohort_student(struct batch_cohort *c, const char *id);
/* The student with this raw id; added (from this LMS) if new.  Two raw ids
 * that make the same folder name get distinct ones ("a_b", "a_b~2").  NULL
 * only when out of memory. */
struct batch_student *batch_cohort_student_for(struct batch_cohort *c, const char *raw,
                                               enum batch_lms lms, struct gb_err *err);
void batch_cohort_free(struct batch_cohort *c);

#endif
