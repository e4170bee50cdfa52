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
};

/* Grades one submission into *result (which the caller frees with
 * result_free).  -1 only for usage/configuration errors; a submission that
 * crashes, loops or prints garbage is a graded result, not an error. */
int pipeline_grade(const struct pipeline_options *opts, struct grade_result *result,
                struct gb_err *err);

/* `grader check ...`: parses argv (argv[0] is "check"), grades, prints the
 * report on stdout, returns the exit status above. */
int pipeline_check_main(int argc, char **argv);

extern const char pipeline_check_usage[];

#endif
