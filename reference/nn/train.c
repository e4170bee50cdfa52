/* train.c — the module's training and scoring loops (see train.h). */
#include "nn/train.h"

#include <math.h>
#include <stdlib.h>

#include "nn/nn_clip.h"
#include "nn/nn_loss.h"
#include "nn/optim_adam.h"

struct train_opts train_defaults(void)
{
    struct train_opts o = { 30, 0.01, 64, 7, 0.0f };
    return o;
}

static int train_epochs(struct nn_model *m, const struct nn_data *d, const struct train_opts *o,
                        struct optim_adam *adam, int64_t *perm, float *yb, double *loss_out)
{
    struct torch_gen g;
    torch_gen_seed(&g, o->seed);
    double loss_sum = 0.0;
    int batches = 0;
    for (int e = 0; e < o->epochs; e++) {
        torch_randperm(&g, perm, (size_t)d->rows);
        loss_sum = 0.0;
        batches = 0;
        for (int start = 0; start < d->rows; start += o->batch) {
            int n = d->rows - start < o->batch ? d->rows - start : o->batch;
            const int64_t *idx = perm + start;
            for (int i = 0; i < n; i++)
                yb[i] = d->y[idx[i]];
            nn_params_zero_grad(&m->params);
            nn_model_forward(m, d, idx, n, m->logits);
            loss_sum += nn_bce_logits_mean(n, m->logits, yb, m->dlogits);
            batches++;
            nn_model_backward(m, n, m->dlogits);
            if (o->clip > 0.0f)
                nn_clip_grad_norm(&m->params, o->clip);
            optim_adam_step(adam, m->params.value, m->params.grad);
        }
    }
    if (loss_out)
        *loss_out = batches ? loss_sum / batches : NAN;
    return 0;
}

int train_run(struct nn_model *m, const struct nn_data *d, const struct train_opts *o,
              double *last_epoch_loss, struct gb_err *err)
{
    if (o->batch <= 0 || o->batch > m->max_batch)
        return gb_fail(err, "batch size %d does not fit the model's %d rows", o->batch,
                       m->max_batch);
    if (d->rows <= 0)
        return gb_fail(err, "no training rows");
    struct optim_adam adam;
    if (optim_adam_init(&adam, m->params.total, o->lr, err) < 0)
        return -1;
    int64_t *perm = malloc((size_t)d->rows * sizeof *perm);
    float *yb = malloc((size_t)o->batch * sizeof *yb);
    int rc = -1;
    if (!perm || !yb)
        gb_fail(err, "out of memory for %d training rows", d->rows);
    else
        rc = train_epochs(m, d, o, &adam, perm, yb, last_epoch_loss);
    free(perm);
    free(yb);
    optim_adam_free(&adam);
    return rc;
}

int train_accuracy(struct nn_model *m, const struct nn_data *d, const unsigned char *mask,
                   struct train_score *score, struct gb_err *err)
{
    float *logits = malloc((size_t)(d->rows ? d->rows : 1) * sizeof *logits);
    if (!logits)
        return gb_fail(err, "out of memory scoring %d rows", d->rows);
    nn_model_logits_all(m, d, logits);
    score->correct = score->total = 0;
    for (int i = 0; i < d->rows; i++) {
        if (mask && !mask[i])
            continue;
        score->total++;
        score->correct += (logits[i] > 0.0f ? 1.0f : 0.0f) == d->y[i];
    }
    score->accuracy = score->total ? (double)score->correct / score->total : NAN;
    free(logits);
    return 0;
}
