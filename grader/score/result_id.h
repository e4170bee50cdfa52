/* result_id.h — which gradebook cell a result fills, and which revision of
 * that cell's grade it is (revision semantics).
 *
 *   result_key  SHA-256 hex over (student, assignment, exercise): the cell.
 *               Every grading of that student's exercise has the same key.
 *   result_id   SHA-256 hex over (result_key, graded_at, submission_sha256,
 *               every check's id, verdict, points and max_points): one per
 *               revision.  A regrade — a corrected rubric, a new score, or the
 *               same file graded again later — is a new revision with a new id.
 *
 * A receiver dedupes deliveries on result_id (retries of one revision carry
 * the same id) and keeps, per result_key, the revision with the newest
 * graded_at: newest wins.  graded_at has millisecond precision.
 *
 * Every field is hashed with its length (and null apart from ""), so no
 * choice of ids makes two different inputs hash alike: "alice|hw1" with no
 * assignment is not "alice" with assignment "hw1|".
 */
#ifndef GB_RESULT_ID_H
#define GB_RESULT_ID_H

#include "error.h"
#include "score/result.h"

#define RESULT_ID_HEX 64
/* "2026-12-02T13:00:00.123Z" and its NUL. */
#define RESULT_TIME_MAX 32

/* Computes r->result_key and r->result_id from r's identity, graded_at and
 * checks (replacing any previous values). */
int result_identify(struct grade_result *r, struct gb_err *err);

/* Now as graded_at: RFC 3339 UTC with milliseconds. */
int result_time_now(char out[RESULT_TIME_MAX], struct gb_err *err);

/* Reads a graded_at written as YYYY-MM-DDTHH:MM:SS[.fraction]Z into
 * milliseconds since the epoch; -1 for anything else (an offset other than Z,
 * a missing field, trailing text). */
int result_time_parse(const char *text, long long *ms);

#endif
