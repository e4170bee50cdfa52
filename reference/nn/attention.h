/* attention.h — scaled dot-product attention in double precision, as the module computes it
 * by hand and in NumPy: scores = Q Kᵀ / √d, a row-wise softmax, output = weights · V.
 */
#ifndef GB_ATTENTION_H
#define GB_ATTENTION_H

#include "error.h"

#define ATTENTION_MAX 16   /* the module's examples have 4 tokens of 4 numbers */

struct attention_result {
    int n;                                         /* tokens (rows of Q, K, V) */
    int d;                                         /* features per token */
    double scores[ATTENTION_MAX * ATTENTION_MAX];  /* n x n, already scaled */
    double weights[ATTENTION_MAX * ATTENTION_MAX]; /* n x n, rows sum to 1 */
    double out[ATTENTION_MAX * ATTENTION_MAX];     /* n x d */
};

enum attention_scaling {
    ATTENTION_SCALED = 0,      /* divide scores by sqrt(d): the module's attend() */
    ATTENTION_UNSCALED,        /* the common mistake: no 1/sqrt(d) */
    ATTENTION_QUERY_PRESCALED  /* (Q/sqrt(d)) Kᵀ: torch's order of operations */
};

/* q, k, v are row-major n x d; matrix products go through cblas_dgemm. */
int attention_attend(const double *q, const double *k, const double *v, int n, int d,
                     enum attention_scaling scaling, struct attention_result *r,
                     struct gb_err *err);

/* Attention of nq queries over nk keys, for any shapes up to ATTENTION_MAX:
 * q is nq x dk, k is nk x dk, v is nk x dv (row-major); w receives nq x nk,
 * out nq x dv.  scaling as above (divided by sqrt(dk)); over_queries
 * normalises each column of the scores instead of each row — the mistake of a
 * softmax over the wrong axis, which the grader names when it sees it (the
 * hidden-input test of attend, grader/check/attend_test.h). */
int attention_general(const double *q, const double *k, const double *v, int nq, int nk,
                      int dk, int dv, enum attention_scaling scaling, int over_queries,
                      double *w, double *out, struct gb_err *err);

#endif
