/* score_relation.h — relations between printed numbers (see rubrics/README.md). */
#ifndef GB_SCORE_RELATION_H
#define GB_SCORE_RELATION_H

#include "error.h"
#include "score/rubric.h"
#include "score/score_ctx.h"

/* Fills o (verdict, expected, found, where, message).  Returns -1 only when
 * the rubric or the reference is at fault (the check becomes VERDICT_ERROR). */
int score_relation_check(const struct score_ctx *ctx, const struct rubric_check *ck,
                       struct score_outcome *o, struct gb_err *err);

#endif
