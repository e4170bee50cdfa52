/* nn_linear.h — nn.Linear, ReLU and nn.Embedding: forward and backward.
 *
 * Tensors are row-major float32 with torch's layouts (Linear weight [out×in]).
 * Backward functions ADD into parameter gradients, as autograd accumulates into
 * .grad; they overwrite the input gradient.
 */
#ifndef GB_NN_LINEAR_H
#define GB_NN_LINEAR_H

#include "error.h"

struct nn_linear {
    int in, out;
    float *weight, *bias;            /* [out×in], [out]: owned by an nn_params */
    float *grad_weight, *grad_bias;
    float *weight_t;                 /* [in×out] copy, refreshed by nn_linear_prepare */
};

int nn_linear_init(struct nn_linear *l, int in, int out, float *weight, float *bias,
                   float *grad_weight, float *grad_bias, struct gb_err *err);
void nn_linear_free(struct nn_linear *l);
/* Call after the weights change (an optimizer step) and before forward. */
void nn_linear_prepare(struct nn_linear *l);
/* y[n×out] = bias + x[n×in]·Wᵀ (product summed first, then the bias: addmm's order). */
void nn_linear_forward(const struct nn_linear *l, int n, const float *x, float *y);
/* grad_weight += dyᵀ·x; grad_bias += Σ rows of dy; dx = dy·W (dx may be NULL). */
void nn_linear_backward(struct nn_linear *l, int n, const float *x, const float *dy, float *dx);

void nn_relu_forward(int count, const float *x, float *y);
/* dx = dy where y > 0, else 0 (torch's threshold_backward on the output). */
void nn_relu_backward(int count, const float *y, const float *dy, float *dx);

/* out[n×dim] = table rows tok[0..n). */
void nn_embedding_forward(const float *table, int dim, const int *tok, int n, float *out);
/* grad_table[tok[i]] += dout[i], in row order. */
void nn_embedding_backward(float *grad_table, int dim, const int *tok, int n, const float *dout);

#endif
