/* score_value.h — numbers the run printed: value, vector, each (see rubrics/README.md). */
#ifndef GB_SCORE_VALUE_H
#define GB_SCORE_VALUE_H

#include "error.h"
#include "score/rubric.h"
#include "score/score.h"

/* Fills o (verdict, expected, found, where, message).  Returns -1 only when
 * the rubric or the reference is at fault (the check becomes VERDICT_ERROR). */
int score_value_check(const struct score_ctx *ctx, const struct rubric_check *ck,
                       struct score_outcome *o, struct gb_err *err);

struct cJSON;
struct extract_result;

/* Runs a rubric "locate" object against the parsed stdout (shared with the
 * relation and property kinds).  shape overrides the locate's own when not
 * EXTRACT_SCALAR; all=1 asks for every hit. */
int score_locate(const struct score_ctx *ctx, const struct cJSON *locate, int shape, int all,
                 struct extract_result *res, struct gb_err *err);

#endif
