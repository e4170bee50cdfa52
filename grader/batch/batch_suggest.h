/* batch_suggest.h — a suggested verdict for a review item, from evidence the
 * grader already has in the same result, with its reasons.
 *
 * A human still decides; the suggestion only says which way the grader's own
 * automatic checks lean, so a reviewer who agrees decides with one key.  The
 * evidence, in this order:
 *
 *   the rerun with changed seeds — for the typed-values check
 *       (computed_not_typed): every compared value followed the new seeds
 *       (the code computes them): pass; a value printed again unchanged: fail;
 *   the related automatic checks — those of the same answer section (the
 *       section the check's `where` names), else of the same family (the
 *       check id up to its last '_': qk_rude_was → qk_rude_self, …), review
 *       checks and checks a human decided left out.  3/4 or more of their points passed: pass, with the
 *       sentences or lines they matched; 1/4 or less: fail, with what they
 *       missed; between, or no related check: no suggestion.
 *
 * Pure: reads the result document only.
 */
#ifndef GB_BATCH_SUGGEST_H
#define GB_BATCH_SUGGEST_H

#include <cjson/cJSON.h>

#include "error.h"

#define BATCH_SUGGEST_PASS_SHARE 0.75
#define BATCH_SUGGEST_FAIL_SHARE 0.25

struct batch_suggestion {
    const char *verdict;          /* "pass", "fail", or NULL: no evidence either way */
    char *reasons;                /* why, one line per piece of evidence; NULL without one */
};

/* The suggestion for review check `check` of result document `doc`. */
int batch_suggest(const cJSON *doc, const cJSON *check, struct batch_suggestion *s,
                  struct gb_err *err);
void batch_suggestion_free(struct batch_suggestion *s);

#endif
