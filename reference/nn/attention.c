/* attention.c — scaled dot-product attention (see attention.h). */
#include "nn/attention.h"

#include <cblas.h>
#include <math.h>
#include <string.h>

/* NumPy's stable softmax, as the module writes it: exp(s - max) / sum. */
static void softmax_rows(const double *s, double *w, int n)
{
    for (int i = 0; i < n; i++) {
        const double *row = s + i * n;
        double max = row[0], sum = 0.0;

        for (int j = 1; j < n; j++)
            if (row[j] > max)
                max = row[j];
        for (int j = 0; j < n; j++) {
            w[i * n + j] = exp(row[j] - max);
            sum += w[i * n + j];
        }
        for (int j = 0; j < n; j++)
            w[i * n + j] /= sum;
    }
}

int attention_attend(const double *q, const double *k, const double *v, int n, int d,
                     enum attention_scaling scaling, struct attention_result *r,
                     struct gb_err *err)
{
    double qs[ATTENTION_MAX * ATTENTION_MAX];
    double alpha = 1.0;

    if (n < 1 || d < 1 || n > ATTENTION_MAX || d > ATTENTION_MAX)
        return gb_fail(err, "attention needs 1..%d tokens of 1..%d features, got %d x %d",
                       ATTENTION_MAX, ATTENTION_MAX, n, d);
    memset(r, 0, sizeof *r);
    r->n = n;
    r->d = d;
    memcpy(qs, q, sizeof(double) * (size_t)(n * d));
    if (scaling == ATTENTION_QUERY_PRESCALED) {
        for (int i = 0; i < n * d; i++)
            qs[i] = q[i] / sqrt((double)d);
    }
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, n, n, d, alpha, qs, d, k, d,
                0.0, r->scores, n);
    if (scaling == ATTENTION_SCALED) {
        for (int i = 0; i < n * n; i++)
            r->scores[i] /= sqrt((double)d);
    }
    softmax_rows(r->scores, r->weights, n);
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, d, n, 1.0, r->weights, n, v, d,
                0.0, r->out, d);
    return 0;
}
