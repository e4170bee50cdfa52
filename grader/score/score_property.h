/* score_property.h — the "property" family of check kinds (see rubrics/README.md). */
#ifndef GB_SCORE_PROPERTY_H
#define GB_SCORE_PROPERTY_H

#include "error.h"
#include "score/rubric.h"
#include "score/score_ctx.h"

/* Fills o (verdict, expected, found, where, message).  Returns -1 only when
 * the rubric or the reference is at fault (the check becomes VERDICT_ERROR). */
int score_property_check(const struct score_ctx *ctx, const struct rubric_check *ck,
                       struct score_outcome *o, struct gb_err *err);

/* The step at which the run's own printed RNN trace of a twin pair must
 * separate (the reference's hand_rnn_separation_of for that pair): what a
 * comment naming "the step where the traces separate" is checked against.
 * Sets *step to 0 when no trace of a twin pair was printed.  Returns -1 only
 * when memory runs out. */
int score_property_trace_separation(const struct score_ctx *ctx, size_t *step,
                                    struct gb_err *err);

#endif
