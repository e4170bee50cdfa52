/* score_value.h — the "value" family of check kinds (see rubrics/README.md). */
#ifndef GB_SCORE_VALUE_H
#define GB_SCORE_VALUE_H

#include "error.h"
#include "rubric.h"
#include "score.h"

/* Fills o (verdict, expected, found, where, message).  Returns -1 only when
 * the rubric or the reference is at fault (the check becomes VERDICT_ERROR). */
int score_value_check(const struct score_ctx *ctx, const struct rubric_check *ck,
                       struct score_outcome *o, struct gb_err *err);

#endif
