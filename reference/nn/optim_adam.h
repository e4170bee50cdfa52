/* optim_adam.h — torch.optim.Adam as torch 1.13 computes it (single-tensor path).
 *
 * Defaults betas (0.9, 0.999), eps 1e-8, no weight decay, no amsgrad.  The
 * float32 arithmetic follows torch's kernels, checked against Debian's torch:
 *   m = fma(g, (float)(1-b1), m·(float)b1)
 *   v = fma((float)(1-b2)·g, g, v·(float)b2)
 *   p = p + ((float)(-lr/(1-b1^t)) · m) / (sqrt(v) / (float)sqrt(1-b2^t) + (float)eps)
 * with the bias corrections in double, as Python computes them.
 */
#ifndef GB_OPTIM_ADAM_H
#define GB_OPTIM_ADAM_H

#include <stddef.h>

#include "error.h"

struct optim_adam {
    double lr, beta1, beta2, eps;
    long step;
    size_t n;
    float *m, *v;           /* exp_avg, exp_avg_sq */
};

int optim_adam_init(struct optim_adam *a, size_t n, double lr, struct gb_err *err);
void optim_adam_free(struct optim_adam *a);
/* One opt.step() over n parameters (a model's flat nn_params arrays). */
void optim_adam_step(struct optim_adam *a, float *param, const float *grad);

#endif
