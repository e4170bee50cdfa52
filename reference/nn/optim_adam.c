/* optim_adam.c — Adam's update, in torch 1.13's operation order (see optim_adam.h). */
#include "nn/optim_adam.h"

#include <math.h>
#include <stdlib.h>

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

void optim_adam_step(struct optim_adam *a, float *param, const float *grad)
{
    a->step++;
    double bc1 = 1.0 - pow(a->beta1, (double)a->step);
    double bc2 = 1.0 - pow(a->beta2, (double)a->step);
    float b1 = (float)a->beta1, one_b1 = (float)(1.0 - a->beta1);
    float b2 = (float)a->beta2, one_b2 = (float)(1.0 - a->beta2);
    float neg_step = (float)(-(a->lr / bc1));
    float bc2_sqrt = (float)sqrt(bc2), eps = (float)a->eps;

    for (size_t i = 0; i < a->n; i++) {
        float g = grad[i];
        a->m[i] = fmaf(g, one_b1, a->m[i] * b1);
        a->v[i] = fmaf(one_b2 * g, g, a->v[i] * b2);
        float denom = sqrtf(a->v[i]) / bc2_sqrt + eps;
        param[i] = param[i] + (neg_step * a->m[i]) / denom;
    }
}
