/* optim_adam.c — Adam's update, in torch 1.13's operation order (see optim_adam.h). */
#include "nn/optim_adam.h"

#include <math.h>
#include <stdlib.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "nn/nn_isa.h"

int optim_adam_init(struct optim_adam *a, size_t n, double lr, struct gb_err *err)
{
    a->lr = lr;
    a->beta1 = 0.9;
    a->beta2 = 0.999;
    a->eps = 1e-8;
    a->step = 0;
    a->n = n;
    a->m = calloc(n ? n : 1, sizeof *a->m);
    a->v = calloc(n ? n : 1, sizeof *a->v);
    if (!a->m || !a->v) {
        optim_adam_free(a);
        return gb_fail(err, "out of memory for Adam state of %zu parameters", n);
    }
    return 0;
}

void optim_adam_free(struct optim_adam *a)
{
    free(a->m);
    free(a->v);
    a->m = a->v = NULL;
}

struct adam_consts { float b1, one_b1, b2, one_b2, neg_step, bc2_sqrt, eps; };

static void adam_scalar(size_t from, size_t n, const struct adam_consts *k, float *param,
                        const float *grad, float *m, float *v)
{
    for (size_t i = from; i < n; i++) {
        float g = grad[i];
        m[i] = fmaf(g, k->one_b1, m[i] * k->b1);
        v[i] = fmaf(k->one_b2 * g, g, v[i] * k->b2);
        float denom = sqrtf(v[i]) / k->bc2_sqrt + k->eps;
        param[i] = param[i] + (k->neg_step * m[i]) / denom;
    }
}

#if defined(__x86_64__)
/* 16 parameters at a time, the scalar loop's operations lane by lane (IEEE
 * sqrt and division are exactly rounded at every width); returns how many. */
__attribute__((target("avx512f")))
static size_t adam_avx512(size_t n, const struct adam_consts *k, float *param, const float *grad,
                          float *m, float *v)
{
    __m512 b1 = _mm512_set1_ps(k->b1), one_b1 = _mm512_set1_ps(k->one_b1);
    __m512 b2 = _mm512_set1_ps(k->b2), one_b2 = _mm512_set1_ps(k->one_b2);
    __m512 neg_step = _mm512_set1_ps(k->neg_step), bc2_sqrt = _mm512_set1_ps(k->bc2_sqrt);
    __m512 eps = _mm512_set1_ps(k->eps);
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m512 g = _mm512_loadu_ps(grad + i);
        __m512 mi = _mm512_fmadd_ps(g, one_b1, _mm512_mul_ps(_mm512_loadu_ps(m + i), b1));
        __m512 vi = _mm512_fmadd_ps(_mm512_mul_ps(one_b2, g), g,
                                    _mm512_mul_ps(_mm512_loadu_ps(v + i), b2));
        __m512 denom = _mm512_add_ps(_mm512_div_ps(_mm512_sqrt_ps(vi), bc2_sqrt), eps);
        __m512 step = _mm512_div_ps(_mm512_mul_ps(neg_step, mi), denom);
        _mm512_storeu_ps(m + i, mi);
        _mm512_storeu_ps(v + i, vi);
        _mm512_storeu_ps(param + i, _mm512_add_ps(_mm512_loadu_ps(param + i), step));
    }
    return i;
}
#else
static size_t adam_avx512(size_t n, const struct adam_consts *k, float *param, const float *grad,
                          float *m, float *v)
{
    (void)n; (void)k; (void)param; (void)grad; (void)m; (void)v;
    return 0;
}
#endif

void optim_adam_step(struct optim_adam *a, float *param, const float *grad)
{
    a->step++;
    double bc1 = 1.0 - pow(a->beta1, (double)a->step);
    double bc2 = 1.0 - pow(a->beta2, (double)a->step);
    struct adam_consts k = {
        (float)a->beta1, (float)(1.0 - a->beta1), (float)a->beta2, (float)(1.0 - a->beta2),
        (float)(-(a->lr / bc1)), (float)sqrt(bc2), (float)a->eps
    };
    size_t done = nn_isa() == NN_ISA_AVX512 ? adam_avx512(a->n, &k, param, grad, a->m, a->v) : 0;
    adam_scalar(done, a->n, &k, param, grad, a->m, a->v);
}
