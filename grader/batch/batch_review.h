/* batch_review.h — the human side of grading: review items and decisions.
 *
 * A review item is a check a human must judge: the rubric's review-by-design
 * checks and the grader's own reviews (verdict "review" in a stored result).
 * Each has its evidence — the student's section of an answers document (read
 * from the stored copy at the line the check names), else the grader's reason
 * and what it found — and a digest of it.  Items whose evidence is the same
 * once case, spacing, punctuation and numbers are set aside (the same
 * sentence, the same kind of miss) share a group id, so one decision can
 * cover them all, as Gradescope's answer groups do.
 *
 * A decision (batch_store.h) holds while the evidence digest it was made on
 * is the item's: a regrade that changes the evidence re-asks it.  Applied, a
 * decision rewrites the check in the result document (verdict, points,
 * "decided_by", the message says who, when and why), the grade follows from
 * the checks, and graded_at becomes the decision's time: a new revision for
 * the LMS with its identity recomputed (deliver/result_doc.h checks it).
 * Each item carries a suggested verdict with its reasons where the same
 * result holds evidence either way (batch_suggest.h).
 * Nothing here writes the gradebook; the command (batch_review_cmd.h) does.
 */
#ifndef GB_BATCH_REVIEW_H
#define GB_BATCH_REVIEW_H

#include <stddef.h>

#include "batch/batch_store.h"
#include "error.h"

#define BATCH_REVIEW_GROUP_MAX 16

struct batch_review_item {
    char *student, *exercise, *check;
    char *question;                     /* the check's message: what a human must judge */
    char *description;                  /* the rubric's description of the check */
    char *evidence;                     /* the student's text, or the grader's reason */
    char evidence_sha[65];
    char group[BATCH_REVIEW_GROUP_MAX];  /* "g" and 8 hex digits */
    double max_points;
    const char *suggested;              /* "pass", "fail" or NULL (batch_suggest.h) */
    char *reasons;                      /* why it is suggested; NULL without a suggestion */
    const struct batch_decision *decision;   /* in force (same evidence), or NULL */
    int stale;                          /* decided on other evidence: asked again */
};

/* Every review item of the book's current results, in row and rubric order,
 * with the decision in force for each. */
int batch_review_items(const struct batch_book *b, const struct batch_decision *d, size_t nd,
                       struct batch_review_item **items, size_t *n, struct gb_err *err);
void batch_review_items_free(struct batch_review_item *items, size_t n);

/* Records a decision on one item: word is "pass", "fail", a number of
 * points from 0 to the item's maximum, or "suggested" (the item's suggested
 * verdict; the note then says it was the suggestion) — else -1 with a
 * sentence, nothing recorded; note may be NULL; at is RFC 3339 UTC with
 * milliseconds. */
int batch_review_decide(struct batch_store *st, const struct batch_review_item *it,
                        const char *word, const char *note, const char *by, const char *at,
                        struct gb_err *err);

/* The check id under which an override of a whole exercise is stored as a
 * decision (verdict "override", its points the exercise's score, evidence
 * the submission's SHA-256: a new upload drops it, a regrade of the same
 * file keeps it).  No rubric id has parentheses. */
#define BATCH_REVIEW_OVERRIDE "(override)"

/* The check id under which "grade this file as EXERCISE" is kept (`grader
 * review --grade-as`): exercise the exercise, verdict "grade-as", evidence
 * the file's name; the next batch run reads it (batch_ingest.h). */
#define BATCH_REVIEW_GRADE_AS "(grade-as)"

/* Records an override: the exercise's score set to points (0 to the
 * result's max_score, else -1 with a sentence), with a note saying why. */
int batch_review_override(struct batch_store *st, const struct batch_row *r, const char *points,
                          const char *note, const char *by, const char *at, struct gb_err *err);

/* Rewrites each row's result with the decisions in force (json, score,
 * status, graded_at), an override last: an "override" member
 * {points, by, at, note} and the row's score its points.  A result that will not take its decisions is an
 * error, never a silent change of grade. */
int batch_review_apply(struct batch_row *rows, size_t n, const struct batch_decision *d,
                       size_t nd, struct gb_err *err);

/* Reads the store's decisions and applies them to the rows. */
int batch_review_apply_stored(struct batch_store *st, struct batch_row *rows, size_t n,
                              struct gb_err *err);

#endif
