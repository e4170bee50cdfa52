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

/* Softmax of each column of an nq x nk matrix: the wrong axis. */
static void softmax_columns(double *w, int nq, int nk)
{
    for (int j = 0; j < nk; j++) {
        double max = w[j], sum = 0.0;

        for (int i = 1; i < nq; i++)
            if (w[i * nk + j] > max)
                max = w[i * nk + j];
        for (int i = 0; i < nq; i++) {
            w[i * nk + j] = exp(w[i * nk + j] - max);
            sum += w[i * nk + j];
        }
        for (int i = 0; i < nq; i++)
            w[i * nk + j] /= sum;
    }
}

/* Row softmax in place, nq rows of nk (softmax_rows is square-only). */
static void softmax_rows_nk(double *w, int nq, int nk)
{
    for (int i = 0; i < nq; i++) {
        double *row = w + i * nk, max = row[0], sum = 0.0;

        for (int j = 1; j < nk; j++)
            if (row[j] > max)
                max = row[j];
        for (int j = 0; j < nk; j++) {
            row[j] = exp(row[j] - max);
            sum += row[j];
        }
        for (int j = 0; j < nk; j++)
            row[j] /= sum;
    }
}

int attention_general(const double *q, const double *k, const double *v, int nq, int nk,
                      int dk, int dv, enum attention_scaling scaling, int over_queries,
                      double *w, double *out, struct gb_err *err)
{
    double qs[ATTENTION_MAX * ATTENTION_MAX], alpha = 1.0 / sqrt((double)dk);

    if (nq < 1 || nk < 1 || dk < 1 || dv < 1 || nq > ATTENTION_MAX || nk > ATTENTION_MAX ||
        dk > ATTENTION_MAX || dv > ATTENTION_MAX)
        return gb_fail(err, "attention needs 1..%d queries, keys and features, got %d queries, "
                       "%d keys, %d x %d features", ATTENTION_MAX, nq, nk, dk, dv);
    memcpy(qs, q, sizeof(double) * (size_t)(nq * dk));
    if (scaling == ATTENTION_QUERY_PRESCALED)
        for (int i = 0; i < nq * dk; i++)
            qs[i] *= alpha;
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, nq, nk, dk, 1.0, qs, dk, k, dk,
                0.0, w, nk);
    if (scaling == ATTENTION_SCALED)
        for (int i = 0; i < nq * nk; i++)
            w[i] /= sqrt((double)dk);     /* divided, as the module's NumPy does */
    if (over_queries)
        softmax_columns(w, nq, nk);
    else
        softmax_rows_nk(w, nq, nk);
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, nq, dv, nk, 1.0, w, nk, v, dv,
                0.0, out, dv);
    return 0;
}
