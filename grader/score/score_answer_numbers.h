/* score_answer_numbers.h — the answer_numbers check kind (rubrics/README.md):
 * the module's numbers an answers section quotes, at the digits the
 * tolerance asks for, each said of the right thing. */
#ifndef GB_SCORE_ANSWER_NUMBERS_H
#define GB_SCORE_ANSWER_NUMBERS_H

#include "prose/answers_doc.h"
#include "error.h"
#include "score/rubric.h"
#include "score/score_ctx.h"

/* Fills o (verdict, expected, found, message; the caller fills where).
 * Returns -1 only when the rubric or the reference is at fault. */
int score_answer_numbers_check(const struct score_ctx *ctx, const struct rubric_check *ck,
                               const struct answers_section *s, struct score_outcome *o,
                               struct gb_err *err);

#endif
