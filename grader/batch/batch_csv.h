/* batch_csv.h — the gradebook as spreadsheets: grades.csv and LMS import files.
 *
 *   grades.csv          one row per student: id, name, email, late, a score
 *                       column per exercise (empty: nothing graded for it),
 *                       total, max_total, how many exercises wait for a
 *                       human or could not be graded, a note, the late
 *                       penalty, and matches_sample: the exercises whose
 *                       published sample the student handed in
 *                       (batch_similar.h), blank when none
 *   moodle_grades.csv   Moodle's grading worksheet (Identifier "Participant N",
 *                       Full name, Email address, Grade, Maximum Grade,
 *                       Feedback comments): Assignment > View all submissions
 *                       > Upload grading worksheet; Moodle students only
 *   canvas_grades.csv   Canvas's gradebook import (Student, ID, SIS User ID,
 *                       SIS Login ID, Section, then the assignment column,
 *                       named by --assignment, with a "Points Possible" row);
 *                       Canvas students only
 * Fields are written with libcsv's quoting; a field that a spreadsheet would
 * run as a formula (=, +, -, @ first) gets a leading apostrophe.
 */
#ifndef GB_BATCH_CSV_H
#define GB_BATCH_CSV_H

#include "batch/batch_similar.h"
#include "batch/batch_store.h"
#include "error.h"

/* sim may be NULL (similarity not computed): matches_sample is blank. */
int batch_csv_write(const struct batch_book *book, const struct batch_similarity *sim,
                    const char *out_dir, struct gb_err *err);

/* One student's total and maximum over the exercises with a result. */
void batch_csv_totals(const struct batch_book *book, const char *student, double *total,
                      double *max_total, int *review, int *errors);

#endif
