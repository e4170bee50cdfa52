/* batch_feedback.h — what a student is told, in words an LMS shows beside a grade.
 *
 * Per exercise, its score and status, then every check that did not pass or
 * that a human decided, with its points and the grader's message (or the
 * human's verdict and note), an override of the whole exercise with who and
 * why, and how many others passed.  Moodle's worksheet carries it in
 * "Feedback comments" and its feedback-files zip as a file per student.
 * Read from the stored result documents only: nothing is recomputed.
 */
#ifndef GB_BATCH_FEEDBACK_H
#define GB_BATCH_FEEDBACK_H

#include "batch/batch_store.h"
#include "buf.h"
#include "error.h"

/* Appends the student's feedback to out ("" when nothing of theirs was
 * graded: batch_status.h says why).  -1 only when out of memory. */
int batch_feedback_text(const struct batch_book *b, const char *student, struct gb_buf *out,
                        struct gb_err *err);

/* Appends "EXERCISE overridden to P/M by WHO: NOTE" for each of the
 * student's results a human overrode (`grader review --override`), "; "
 * between them; nothing when none.  -1 only when out of memory. */
int batch_feedback_overrides(const struct batch_book *b, const char *student,
                             struct gb_buf *out, struct gb_err *err);

#endif
