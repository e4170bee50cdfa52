/* train.h — the module's train() and acc(): Adam, a seeded per-epoch
 * permutation, batches of 64, optional clip_grad_norm_, then scoring.
 *
 * sequences.py's train(net, X, y, epochs, lr, bs, seed) and Step 5's loop:
 *     opt = Adam(net.parameters(), lr); g = torch.Generator().manual_seed(seed)
 *     for epoch: for i in torch.randperm(len(X), generator=g).split(bs):
 *         zero_grad; BCEWithLogits(net(X[i]), y[i]).backward(); [clip]; opt.step()
 * (train()'s own torch.manual_seed(seed) draws nothing here: no dropout.)
 */
#ifndef GB_TRAIN_H
#define GB_TRAIN_H

#include <stdint.h>

#include "error.h"
#include "nn/nn_model.h"

struct train_opts {
    int epochs;            /* the module: 30 (train() default), 60 (Step 1), 40 (Step 5) */
    double lr;             /* 0.01 */
    int batch;             /* 64 */
    uint64_t seed;         /* 7: seeds the permutation generator */
    float clip;            /* clip_grad_norm_ max_norm; 0 = no clipping */
};

/* The defaults of sequences.py's train(): 30 epochs, lr 0.01, batch 64, seed 7, no clip. */
struct train_opts train_defaults(void);

/* Trains m in place.  Optional out-params: mean loss of the last epoch's batches. */
int train_run(struct nn_model *m, const struct nn_data *d, const struct train_opts *o,
              double *last_epoch_loss, struct gb_err *err);

struct train_score {
    long correct, total;
    double accuracy;       /* correct / total; NaN if total == 0 */
};

/* acc(net, X, y, mask): (logit > 0) == y over the rows where mask[i] (all rows if mask NULL). */
int train_accuracy(struct nn_model *m, const struct nn_data *d, const unsigned char *mask,
                   struct train_score *score, struct gb_err *err);

#endif
