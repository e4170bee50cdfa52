/* nn_linear.c — Linear, ReLU, Embedding (see nn_linear.h). */
#include "nn/nn_linear.h"

#include <stdlib.h>
#include <string.h>

#include "nn/nn_gemm.h"

int nn_linear_init(struct nn_linear *l, int in, int out, float *weight, float *bias,
                   float *grad_weight, float *grad_bias, struct gb_err *err)
{
    l->in = in;
    l->out = out;
    l->weight = weight;
    l->bias = bias;
    l->grad_weight = grad_weight;
    l->grad_bias = grad_bias;
    l->weight_t = malloc((size_t)in * out * sizeof *l->weight_t);
    if (!l->weight_t)
        return gb_fail(err, "out of memory for a %d×%d linear layer", out, in);
    nn_linear_prepare(l);
    return 0;
}

void nn_linear_free(struct nn_linear *l)
{
    free(l->weight_t);
    l->weight_t = NULL;
}

void nn_linear_prepare(struct nn_linear *l)
{
    nn_transpose(l->weight, l->out, l->in, l->weight_t);
}

void nn_linear_forward(const struct nn_linear *l, int n, const float *x, float *y)
{
    nn_gemm_nn_bias(n, l->out, l->in, x, l->in, l->weight_t, l->out, l->bias, y, l->out);
}

void nn_linear_backward(struct nn_linear *l, int n, const float *x, const float *dy, float *dx)
{
    nn_gemm_tn(l->out, l->in, n, dy, l->out, x, l->in, l->grad_weight, l->in, 1);
    for (int j = 0; j < l->out; j++) {
        float s = 0.0f;
        for (int i = 0; i < n; i++)
            s += dy[(size_t)i * l->out + j];
        l->grad_bias[j] += s;
    }
    if (dx)
        nn_gemm_nn(n, l->in, l->out, dy, l->out, l->weight, l->in, dx, l->in, 0);
}

void nn_relu_forward(int count, const float *x, float *y)
{
    for (int i = 0; i < count; i++)
        y[i] = x[i] > 0.0f ? x[i] : 0.0f;
}

void nn_relu_backward(int count, const float *y, const float *dy, float *dx)
{
    for (int i = 0; i < count; i++)
        dx[i] = y[i] > 0.0f ? dy[i] : 0.0f;
}

void nn_embedding_forward(const float *table, int dim, const int *tok, int n, float *out)
{
    for (int i = 0; i < n; i++)
        memcpy(out + (size_t)i * dim, table + (size_t)tok[i] * dim, (size_t)dim * sizeof *out);
}

void nn_embedding_backward(float *grad_table, int dim, const int *tok, int n, const float *dout)
{
    for (int i = 0; i < n; i++) {
        float *g = grad_table + (size_t)tok[i] * dim;
        for (int j = 0; j < dim; j++)
            g[j] += dout[(size_t)i * dim + j];
    }
}
