/* nn_param.c — parameter registry (see nn_param.h). */
#include "nn/nn_param.h"

#include <stdlib.h>
#include <string.h>

int nn_params_add(struct nn_params *p, const char *name, size_t count, struct gb_err *err)
{
    if (p->value)
        return gb_fail(err, "parameter '%s' declared after allocation", name);
    if (p->ntensor == NN_PARAM_MAX)
        return gb_fail(err, "more than %d parameter tensors", NN_PARAM_MAX);
    struct nn_tensor *t = &p->tensor[p->ntensor];
    t->name = name;
    t->offset = p->total;
    t->count = count;
    p->total += count;
    return p->ntensor++;
}

int nn_params_alloc(struct nn_params *p, struct gb_err *err)
{
    size_t n = p->total ? p->total : 1;
    p->value = calloc(n, sizeof *p->value);
    p->grad = calloc(n, sizeof *p->grad);
    if (!p->value || !p->grad) {
        nn_params_free(p);
        return gb_fail(err, "out of memory for %zu parameters", p->total);
    }
    return 0;
}

void nn_params_free(struct nn_params *p)
{
    free(p->value);
    free(p->grad);
    p->value = p->grad = NULL;
}

float *nn_params_value(const struct nn_params *p, int index)
{
    return p->value + p->tensor[index].offset;
}

float *nn_params_grad(const struct nn_params *p, int index)
{
    return p->grad + p->tensor[index].offset;
}

void nn_params_zero_grad(struct nn_params *p)
{
    memset(p->grad, 0, p->total * sizeof *p->grad);
}
