/* batch_status.h — what became of each student: graded, or why not.
 *
 * A student of whom nothing was graded (no upload, every file refused or
 * matching no exercise, every run failed) is *ungraded*, never a 0 out of 0:
 * grades.csv says why in words, the LMS files leave the grade blank (unless
 * --missing-as-zero) and `grader batch` exits 1.  The reason is read from
 * the cohort's problems and the results, so it is the same wherever shown.
 */
#ifndef GB_BATCH_STATUS_H
#define GB_BATCH_STATUS_H

#include <stddef.h>

#include "batch/batch_store.h"

/* 1 when nothing of the student's has a result to count (why: the reason,
 * always a NUL-terminated sentence, cut to size); 0 when something does (why:
 * what of the student's is still not graded, or ""). */
int batch_status_ungraded(const struct batch_book *b, const char *student, char *why,
                          size_t size);

/* "10003 (Chloé Dubois)", or the id alone when the LMS gave no name. */
void batch_status_who(const struct batch_book *b, const char *student, char *out, size_t size);

#endif
