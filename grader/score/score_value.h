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

struct extract_alignment;

/* Recognises the expected value at ref (an expected-values key) by the
 * company it keeps: extract_align() over the record ref belongs to, taking
 * no evidence from lines the locate's "exclude" phrases name.  Returns 1
 * and fills *al (free with extract_alignment_free), 0 when it does not
 * align (or ref is no key of the reference), -1 when out of memory. */
int score_align(const struct score_ctx *ctx, const char *ref, const struct cJSON *locate,
                double rel_tol, double abs_tol, struct extract_alignment *al,
                struct gb_err *err);

struct gb_buf;

/* The number a value check judges: the label's choice, a better-described
 * or agreeing look-alike's, or the expected value recognised by its record
 * (score_align) where no label located it or the label's choice misses and
 * the value sits on a line the row names.  res->hits[*which] is it (none
 * when res->n_hits is 0, with res->explain saying why); note gets a sentence
 * when it was not the label's first choice.  The typed_output check reads
 * the same numbers the value checks judged through this. */
int score_value_judged(const struct score_ctx *ctx, const struct rubric_check *ck,
                       struct extract_result *res, size_t *which, struct gb_buf *note,
                       struct gb_err *err);

/* A located number that reads a reference value (ref, an expected-values
 * key): the label's choice, unless it is more than rel_tol off ref and
 * another label-compatible candidate on another line is not (a look-alike
 * line), or — when no label located it — the number recognised by its
 * value (score_align).  res->hits[0] is the number; note gets a sentence
 * when the choice was not the label's.  ref NULL: the label's choice. */
int score_locate_near(const struct score_ctx *ctx, const struct cJSON *locate, const char *ref,
                      double rel_tol, struct extract_result *res, struct gb_buf *note,
                      struct gb_err *err);

#endif
