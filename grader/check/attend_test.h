/* attend_test.h — the hidden-input test of attend: the inputs, the reference's
 * answers and the shim's report.
 *
 * attention_by_hand asks for attend(Q, K, V) returning the weights and the
 * output.  Printed weights can be typed; a function called on matrices drawn
 * for one run cannot know its answers.  So, where the rubric has an
 * attend_hidden_input check and the caller's policy makes integrity runs
 * (rerun.h: batch and serve; `grader check --integrity`), the pipeline runs the
 * submission a second time with the inputs staged in ATTEND_TEST_IN_FILE and
 * $GRADEBOX_ATTEND naming it.  The runtime shim (grader/shims/sitecustomize.py)
 * reads and removes that file before the student's code runs and, when the
 * script has ended (atexit: the script's top-level code runs once, as in the
 * first run, with or without `if __name__ == "__main__"`), calls the script's
 * own attend on each input and writes what came back to ATTEND_TEST_OUT_FILE,
 * behind the run's token.  Nothing is computed in the sandbox but the student's
 * code: the expected values come from the reference (nn/attention.h), here.
 *
 * This module owns the inputs (random, from the OS, per run), their text for
 * the shim, the reference's attention for each, and reading the shim's report
 * into a struct attend_trial; score/score_attend.h judges it.
 */
#ifndef GB_ATTEND_TEST_H
#define GB_ATTEND_TEST_H

#include <stddef.h>

#include "buf.h"
#include "check/rerun.h"
#include "error.h"
#include "score/rubric.h"
#include "score/score_attend.h"

#define ATTEND_TEST_IN_FILE  ".gradebox-attend"       /* in the work dir: the inputs */
#define ATTEND_TEST_OUT_FILE ".gradebox-attend.out"   /* the shim's report */
#define ATTEND_TEST_OUT_MAX  (256u << 10)

/* 1 when this rubric's submission gets the test under this policy. */
int attend_test_wanted(const struct rubric *r, enum rerun_policy policy);

/* Fills t's inputs (fresh random values; the shapes are fixed: see
 * attend_test.c) and the reference's attention for each; nothing returned yet. */
int attend_test_draw(struct attend_trial *t, struct gb_err *err);

/* The inputs as the shim reads them: the number of inputs, then per input a
 * line "nq nk dk dv" and Q, K and V each on a line, row-major, %.17g. */
int attend_test_input(const struct attend_trial *t, struct gb_buf *out, struct gb_err *err);

/* Reads the shim's report (text, len; NULL: there was none) into t.  Its first
 * line is the run's token (the shim writes the file whole, truncating it); a
 * report without it is not the shim's and leaves t not called.  Then:
 *   called HOW                 attend was found and is called as HOW
 *   missing WHY                it could not be called
 *   case I ok N                input I returned N values, each on an item line:
 *   item ROWS COLS V...        (ROWS -1: not a 2-D array of at most ATTEND_DIM²)
 *   case I raised WHAT         input I raised WHAT
 * A report it cannot read (written over by the submission) leaves t not
 * called, with why saying so: a human looks.  -1 only when memory runs out. */
int attend_test_read(struct attend_trial *t, const char *text, size_t len, const char *token,
                     struct gb_err *err);

#endif
