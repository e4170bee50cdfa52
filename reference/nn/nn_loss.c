/* nn_loss.c — binary cross-entropy on logits (see nn_loss.h). */
#include "nn/nn_loss.h"

#include <math.h>

#include "nn/nn_math.h"

double nn_bce_logits_mean(int n, const float *x, const float *y, float *dx)
{
    double sum = 0.0;
    for (int i = 0; i < n; i++) {
        double xi = x[i], m = xi < 0 ? -xi : 0.0;
        sum += (1.0 - y[i]) * xi + m + log(exp(-m) + exp(-xi - m));
        if (dx)
            dx[i] = (nn_sigmoidf(x[i]) - y[i]) / (float)n;
    }
    return n ? sum / n : 0.0;
}
