/* score_source.h — checks on the submission's comments (see rubrics/README.md). */
#ifndef GB_SCORE_SOURCE_H
#define GB_SCORE_SOURCE_H

#include "error.h"
#include "score/rubric.h"
#include "score/score_ctx.h"

/* Fills o (verdict, expected, found, where, message).  Returns -1 only when
 * the rubric or the reference is at fault (the check becomes VERDICT_ERROR). */
int score_source_check(const struct score_ctx *ctx, const struct rubric_check *ck,
                       struct score_outcome *o, struct gb_err *err);

/* The submission's comment text ('#' comments and triple-quoted strings),
 * line for line with the source, code lines blank.  score.c reads from it
 * which reading a comment says the student chose. */
int score_source_comments(const char *src, size_t len, struct gb_buf *out, struct gb_err *err);

struct prose;
/* Shared with score_answers.c: finds a window of sentences carrying every
 * keyword group of ck; *first is its first sentence or -1 (verdict FAIL).
 * With ck->about, the claim must also be said of a right subject and never
 * of a wrong one (prose_claim.h). */
int score_text_ideas(const struct score_ctx *ctx, const struct prose *p,
                     const struct rubric_check *ck,
                     const char *where_name, struct score_outcome *o, long *first,
                     size_t *used, struct gb_err *err);

#endif
