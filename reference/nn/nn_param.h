/* nn_param.h — a model's parameters: named float32 tensors in torch's
 * parameters() order, values and gradients each in one contiguous array.
 *
 * Contiguity is what lets Adam, clip_grad_norm_ and zero_grad treat a model as
 * one flat vector while still reporting per-tensor norms in torch's order.
 */
#ifndef GB_NN_PARAM_H
#define GB_NN_PARAM_H

#include <stddef.h>

#include "error.h"

#define NN_PARAM_MAX 16

struct nn_tensor {
    const char *name;        /* torch's name, e.g. "core.weight_hh_l0" */
    size_t offset, count;    /* into nn_params.value / .grad */
};

struct nn_params {
    struct nn_tensor tensor[NN_PARAM_MAX];
    int ntensor;
    size_t total;
    float *value;            /* total floats */
    float *grad;             /* total floats */
};

/* Declares a tensor (before nn_params_alloc); returns its index or -1. */
int nn_params_add(struct nn_params *p, const char *name, size_t count, struct gb_err *err);
/* Allocates value and grad (zeroed) for every declared tensor. */
int nn_params_alloc(struct nn_params *p, struct gb_err *err);
void nn_params_free(struct nn_params *p);

float *nn_params_value(const struct nn_params *p, int index);
float *nn_params_grad(const struct nn_params *p, int index);
void nn_params_zero_grad(struct nn_params *p);

#endif
