/* score_value.h — numbers the run printed: value, vector, each (see rubrics/README.md). */
#ifndef GB_SCORE_VALUE_H
#define GB_SCORE_VALUE_H

#include "error.h"
#include "score/rubric.h"
#include "score/score_ctx.h"

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

/* A value printed with this many different readings that neither its labels
 * nor its layout tell apart ("test accuracy: 0.000" ... "1.000"; 101 weight
 * tables under "guess 0" ... "guess 100") is a shotgun, not a result: the
 * check fails, whichever reading the rubric expects (docs/scoring.md).
 * Fewer disagreeing readings go to a reviewer: a student who prints one
 * sentence per setting ("... a factor of 0.490 per step" for each of nine
 * gains and biases, each named on the line above) prints nine, and guesses
 * that few cover little of a range at a rubric's tolerance. */
#define SCORE_SHOTGUN_VALUES 12

/* How the number a value check judges was read. */
enum score_reading {
    SCORE_READ_ONE = 0,   /* the labels designate it */
    SCORE_READ_DISPUTED,  /* another reading the labels fit as well disagrees with it:
                           * a human decides (review), the value never does */
    SCORE_READ_SHOTGUN    /* SCORE_SHOTGUN_VALUES or more readings: no result */
};

/* The number a value check judges: the label's choice or a look-alike the
 * rubric's words describe better, or — where no label located anything —
 * the expected value recognised by its record (score_align: values settle
 * which printed numbers form the record, a structure).  The expected value
 * never picks among readings the labels fit alike: when the labels' choice
 * misses and such a reading would meet it, *how is SCORE_READ_DISPUTED and
 * note shows both; SCORE_SHOTGUN_VALUES readings or more (or an aligned
 * line printed from a template that many times) make SCORE_READ_SHOTGUN.
 * res->hits[*which] is the number (none when res->n_hits is 0, with
 * res->explain saying why).  The typed_output check reads the same numbers
 * the value checks judged through this. */
int score_value_judged(const struct score_ctx *ctx, const struct rubric_check *ck,
                       struct extract_result *res, size_t *which, struct gb_buf *note,
                       enum score_reading *how, struct gb_err *err);

/* A located number that reads a reference value (ref, an expected-values
 * key): the label's choice.  When it is more than rel_tol off ref and
 * another label-compatible candidate on another line is not, the labels
 * cannot say which line is the result: *disputed becomes 1 and note shows
 * both (the value never picks the reading).  When no label located it, the
 * number recognised by its record (score_align), unless it is one of many
 * lines printed alike.  res->hits[0] is the number; note gets a sentence
 * when the choice was not the label's.  ref NULL: the label's choice. */
int score_locate_near(const struct score_ctx *ctx, const struct cJSON *locate, const char *ref,
                      double rel_tol, struct extract_result *res, struct gb_buf *note,
                      int *disputed, struct gb_err *err);

#endif
