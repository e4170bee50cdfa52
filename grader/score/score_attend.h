/* score_attend.h — the attend_hidden_input check kind: does the student's
 * attend(Q, K, V) compute attention on inputs it has never seen?
 *
 * Printed numbers can be typed, decoded or arithmetic on literals; a function
 * called on random matrices drawn by the grader for that one run cannot know
 * its answers in advance.  grader/check/attend_test.h makes the test (a second
 * sandboxed run whose shim calls the student's attend after the script ends)
 * and fills a struct attend_trial with the hidden inputs, what attend returned
 * and the reference's attention for each input.  This module judges it:
 *
 *   - pass: on every input, some returned value has the weights' shape
 *     (queries x keys) and matches softmax(Q Kᵀ / √d_k) row by row, and another
 *     has the output's (queries x d_v) and matches weights · V (either order,
 *     numpy arrays or torch tensors: the shim hands over plain numbers);
 *   - fail, this check's points: wrong values (the message names the mistake
 *     when it is a softmax over the queries or unscaled scores);
 *   - fail, and the value checks and typed_output that passed fail with 0 points
 *     (as the rerun does to a replay, score_rerun.h): attend returned the same
 *     numbers for two different inputs, so it computes nothing from them and the
 *     printed weights are not its results;
 *   - review: no attend was found or called, it raised, or it returned values
 *     without the weights' or the output's shape — a human decides.
 *
 * During score_submission() the check has no evidence yet and scores a review
 * placeholder (score_attend_check); the pipeline then either judges the trial
 * (score_attend_judge) or, when the test is not made, takes the check out of
 * the result (score_attend_not_made): a local `grader check` without
 * --integrity grades without it, as it grades without the rerun.
 */
#ifndef GB_SCORE_ATTEND_H
#define GB_SCORE_ATTEND_H

#include <stddef.h>

#include "error.h"
#include "score/result.h"
#include "score/rubric.h"
#include "score/score_ctx.h"

#define ATTEND_CASES 5       /* hidden inputs per test */
#define ATTEND_DIM 8         /* largest row or column count of any matrix in the test */
#define ATTEND_ITEMS 4       /* returned values looked at (weights, output, and a few more) */
#define ATTEND_TOL 1e-5      /* |found - expected| allowed: float32 code passes, mistakes do not */
#define ATTEND_TEXT 240

/* A matrix as the shim reported it; rows < 0: not a 2-D array of numbers. */
struct attend_matrix {
    int rows, cols;
    double v[ATTEND_DIM * ATTEND_DIM];
};

struct attend_case {
    int nq, nk, dk, dv;                      /* queries, keys, key and value widths */
    double q[ATTEND_DIM * ATTEND_DIM], k[ATTEND_DIM * ATTEND_DIM], v[ATTEND_DIM * ATTEND_DIM];
    struct attend_matrix weights, out;       /* the reference's attention */
    struct attend_matrix over_queries;       /* the reference's weights with the softmax
                                              * over the wrong axis, to name that mistake */
    struct attend_matrix unscaled;           /* ... without the 1/√d_k */
    int returned;                            /* 1: attend returned; 0: it raised, or the
                                              * shim never reached this input */
    char error[ATTEND_TEXT];                 /* what it raised ("" when it returned) */
    size_t n_items;
    struct attend_matrix items[ATTEND_ITEMS];   /* what it returned, in order */
};

struct attend_trial {
    int called;                  /* 1: the shim found attend and called it */
    char why[ATTEND_TEXT];       /* when not called: why ("no function named attend ...") */
    char how[ATTEND_TEXT];       /* how it was called: "attend(Q, K, V) with numpy arrays" */
    size_t n_cases;
    struct attend_case cases[ATTEND_CASES];
};

/* The placeholder verdict scored with the rest of the rubric (see above). */
int score_attend_check(const struct score_ctx *ctx, const struct rubric_check *ck,
                       struct score_outcome *o, struct gb_err *err);

/* 1 when the rubric has an attend_hidden_input check. */
int score_attend_in_rubric(const struct rubric *r);

/* Judges trial into result's attend_hidden_input checks (verdict, points,
 * found, message), gates the value checks when attend ignores its inputs, and
 * says in result->integrity what was called and compared.  run_summary is how
 * the test's run ended (sandbox_describe), for the message when attend was
 * never called. */
int score_attend_judge(const struct rubric *r, struct grade_result *result,
                       const struct attend_trial *trial, const char *run_summary,
                       struct gb_err *err);

/* Takes the rubric's attend_hidden_input checks out of result (their placeholder
 * reviews); why, when not NULL, goes into result->integrity's sentence. */
int score_attend_not_made(const struct rubric *r, struct grade_result *result, const char *why,
                          struct gb_err *err);

#endif
