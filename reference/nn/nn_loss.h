/* nn_loss.h — nn.BCEWithLogitsLoss() (reduction 'mean'), torch's stable form. */
#ifndef GB_NN_LOSS_H
#define GB_NN_LOSS_H

/* Returns mean over n of (1-y)·x + m + log(e^-m + e^(-x-m)), m = max(-x, 0),
 * computed in double.  If dx is not NULL, writes the gradient of that mean,
 * (sigmoid(x) - y) / n in float32 as torch's backward computes it. */
double nn_bce_logits_mean(int n, const float *x, const float *y, float *dx);

#endif
