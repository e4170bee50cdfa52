/* pipeline.h — the `grader check` pipeline: one submission in, one result out.
 *
 *   recognise the exercise (file name, or --exercise) -> load its rubric and
 *   expected values -> probe the runtime -> copy the submission and the course
 *   files into a private work dir -> run it in the sandbox with the rubric's
 *   limits (or read a recorded transcript, or read an answers document) ->
 *   score -> a struct grade_result, which pipeline_check_main() reports.
 *
 * Flow is one way: this module never looks inside the scorer's verdicts, and
 * the reports never look back at the run.
 */
#ifndef GB_PIPELINE_H
#define GB_PIPELINE_H

#include "check/rerun.h"
#include "error.h"
#include "report/report.h"
#include "score/result.h"

#define PIPELINE_DEFAULT_PYTHON "/usr/bin/python3"

/* Exit statuses of `grader check`. */
#define PIPELINE_EXIT_PASSED 0    /* every check passed (or only human review is left) */
#define PIPELINE_EXIT_FAILED 1    /* some check failed */
#define PIPELINE_EXIT_USAGE  2    /* usage or configuration error; a message says which */

struct sandbox_zygote;

/* A warm interpreter one process keeps across its gradings
 * (sandbox/sandbox_zygote.h): started at the first live run, used by every
 * run it fits, stopped by pipeline_warm_stop.  Zeroed: none yet. */
struct pipeline_warm {
    struct sandbox_zygote *zygote;
    int unavailable;            /* starting it failed once: runs are exec'd */
};

/* Starts it now, for a process that forks its graders (batch): they share it.
 * One that cannot start is said on stderr and leaves warm->unavailable set:
 * runs then start their own interpreter.  Never an error. */
void pipeline_warm_start(struct pipeline_warm *warm, const char *python,
                         const char *rubrics_dir);
void pipeline_warm_stop(struct pipeline_warm *warm);

struct pipeline_options {
    const char *file;          /* the submission (or answers document) */
    const char *exercise;      /* --exercise NAME; NULL: recognise from the file name */
    const char *rubrics_dir;   /* --rubrics DIR; NULL: $GRADEBOX_HOME or next to the binary */
    const char *python;        /* --python PATH */
    const char *transcript;    /* --transcript FILE: grade this recorded output, run nothing */
    /* --transcript-status FILE: how that run ended (transcript.h); NULL: the
     * file beside the transcript ("x.stdout" -> "x.status") if there is one */
    const char *transcript_status;
    const char *student;       /* --student or $GRADEBOX_STUDENT */
    const char *assignment;    /* --assignment or $GRADEBOX_ASSIGNMENT */
    const char *post;          /* --post URL: also deliver the result (deliver.h) */
    /* --sign-key FILE: sign the JSON result with it; NULL: with this machine's
     * key, $GRADEBOX_RESULT_SIGN_KEY or results.key (report/result_sign.h) */
    const char *sign_key;
    enum report_format format;
    /* the integrity rerun (check/rerun.h): RERUN_OFF for `grader check` unless
     * --integrity (RERUN_ALL); batch and serve grade with RERUN_DEFAULT */
    enum rerun_policy integrity;
    /* where live runs find a warm interpreter (NULL: each run starts python) */
    struct pipeline_warm *warm;
};

/* Grades one submission into *result (which the caller frees with
 * result_free).  -1 only for usage/configuration errors; a submission that
 * crashes, loops or prints garbage is a graded result, not an error. */
int pipeline_grade(const struct pipeline_options *opts, struct grade_result *result,
                struct gb_err *err);

/* `grader check ...`: parses argv (argv[0] is "check"), grades each FILE in
 * turn (several share one warm interpreter), prints the reports on stdout
 * (several JSON results as one array), returns the exit status above (the
 * worst of them). */
int pipeline_check_main(int argc, char **argv);

extern const char pipeline_check_usage[];

#endif
