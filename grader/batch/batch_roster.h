/* batch_roster.h — the class list: ids to names and e-mails.
 *
 * A CSV file (parsed with libcsv) whose first row names its columns; the
 * columns are found by name, case-insensitively:
 *   id     "id", "student id", "sid", "identifier", "user id", "username",
 *          "login id", "sis login id"   (Moodle's "Participant 12345" reads as 12345)
 *   name   "name", "full name", "student name", "student"
 *   email  "email", "email address", "e-mail"
 * A Moodle grading worksheet or a Canvas gradebook export works as it is.
 * The roster's name and e-mail win over the ones read from file names.  A
 * student on the roster without an upload gets a row (and a problem: "no
 * upload"); an upload from someone not on it is listed as a problem.
 */
#ifndef GB_BATCH_ROSTER_H
#define GB_BATCH_ROSTER_H

#include "batch/batch_ingest.h"
#include "error.h"

/* -1 for a roster that cannot be used (unreadable, no id column). */
int batch_roster_apply(const char *path, struct batch_cohort *c, struct gb_err *err);

#endif
