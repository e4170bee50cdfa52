/* result_doc.h — a gradebox.result/1 document as `grader post` receives it,
 * trusted only once checked: a file on disk may have been edited, or forged.
 *
 *   strict JSON   no duplicate key in any object (cJSON keeps the first
 *                 "score", a Python receiver the last), nothing after the
 *                 document (a second document, garbage), every string valid
 *                 UTF-8 without control characters (as report_json writes)
 *   signature     when a verify key is given, checked before anything else
 *                 (report/result_sign.h); with allow_unsigned, a document
 *                 without one ("signature": null) is taken unchecked
 *   the grade     every check has an id, a known verdict and finite points; a
 *                 check's points are its max_points when it passed and 0
 *                 otherwise; score and max_score are the sums over the checks;
 *                 status, if present, is the one the checks imply
 *                 (report_status); graded_at is RFC 3339 UTC
 *   override      optional {points, by, at, note} (`grader review --override`):
 *                 a human's score for the whole exercise, from 0 to max_score;
 *                 the checks stay as graded, and what an LMS receives is it
 *   late          optional {days, percent, score} (`grader batch --post` under
 *                 a late policy): whole days, a percentage from 0 to 100, and
 *                 score the grade after the penalty — checked to be
 *                 score (or the override's points) × (1 − percent/100); the checks and their sum stay as
 *                 graded, and what an LMS receives is the score after it
 *   identity      student and assignment fill in from the settings when the
 *                 document has none — never in a signed one, which the grader
 *                 signed as nobody's: filling it would post it as anyone's; result_key and result_id are recomputed
 *                 from the checked fields (score/result_id.h), whatever the
 *                 document claimed
 *
 * What is delivered is the checked tree re-serialised, never the bytes that
 * came in.  Members the schema does not know are kept as they are.  When
 * filling in or recomputing changed the document, its signature no longer
 * holds and is set to null.
 */
#ifndef GB_RESULT_DOC_H
#define GB_RESULT_DOC_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "error.h"
#include "report/report.h"
#include "report/result_sign.h"
#include "score/result.h"

struct result_doc_opts {
    const char *student;                  /* fills a result that has none; NULL: none */
    const char *assignment;
    const struct result_signer *verify;   /* NULL: signatures are not required */
    int allow_unsigned;                   /* with verify: an unsigned one is taken */
};

struct result_doc {
    cJSON *root;                  /* the checked document, identity recomputed */
    struct grade_result r;        /* its fields, for reports (run details aside) */
    enum report_status status;
    long long graded_ms;          /* graded_at, milliseconds since the epoch */
    int overridden;               /* "override": a human set the exercise's score */
    int late_days;                /* "late": days after the deadline, 0 without one */
    double late_percent;          /* the penalty, 0 without one */
    double delivered;             /* the grade an LMS receives: score after any penalty */
};

/* On failure the error names the field at fault, and *d is left empty. */
int result_doc_parse(const char *json, size_t len, const struct result_doc_opts *o,
                     struct result_doc *d, struct gb_err *err);
void result_doc_free(struct result_doc *d);

/* Sets (adds or replaces) member key of a result document's object o to
 * value, which it takes; 0, or -1 when value is NULL or out of memory (value
 * freed).  How review decisions, overrides and late penalties amend a
 * stored result. */
int result_doc_set_member(cJSON *o, const char *key, cJSON *value);

#endif
