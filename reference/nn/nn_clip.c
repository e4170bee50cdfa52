/* nn_clip.c — gradient-norm clipping (see nn_clip.h).
 *
 * Each norm is summed in double and rounded once to float32: torch reduces in
 * float32 with its own blocking, so the two agree to float rounding.
 */
#include "nn/nn_clip.h"

#include <math.h>

static float norm2(const float *g, size_t n)
{
    double s = 0.0;
    for (size_t i = 0; i < n; i++)
        s += (double)g[i] * g[i];
    return (float)sqrt(s);
}

float nn_grad_norm_list(int k, float *const *grads, const size_t *counts)
{
    double s = 0.0;
    for (int i = 0; i < k; i++) {
        double ni = norm2(grads[i], counts[i]);
        s += ni * ni;
    }
    return (float)sqrt(s);
}

float nn_clip_grad_norm_list(int k, float *const *grads, const size_t *counts, float max_norm)
{
    float total = nn_grad_norm_list(k, grads, counts);
    float coef = max_norm / (total + 1e-6f);
    if (coef > 1.0f)
        coef = 1.0f;
    for (int i = 0; i < k; i++)
        for (size_t j = 0; j < counts[i]; j++)
            grads[i][j] *= coef;
    return total;
}

float nn_clip_grad_norm(struct nn_params *p, float max_norm)
{
    float *grads[NN_PARAM_MAX];
    size_t counts[NN_PARAM_MAX];
    for (int i = 0; i < p->ntensor; i++) {
        grads[i] = nn_params_grad(p, i);
        counts[i] = p->tensor[i].count;
    }
    return nn_clip_grad_norm_list(p->ntensor, grads, counts, max_norm);
}
