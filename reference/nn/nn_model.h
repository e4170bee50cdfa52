/* nn_model.h — the module's model shapes, built, run and differentiated.
 *
 *   bag:  nn.Linear(in, 1)                          (hid = 0: "logistic on word counts")
 *         nn.Sequential(Linear(in, hid), ReLU(), Linear(hid, 1))
 *   seq:  Embedding(vocab, emb) -> RNN|GRU|LSTM(emb, hid, batch_first) -> Linear(hid, 1)
 *         on the last hidden state (Step 4's SeqNet, Step 5's Recaller)
 *
 * Constructors draw the initial weights from g exactly as torch's constructors
 * draw them (call torch_gen_seed(g, 7) first, as the module calls
 * torch.manual_seed(7) before build()).  Parameters are in parameters() order
 * under torch's names, so a model's flat nn_params matches net.parameters().
 *
 * A seq model projects its embedding through W_ih once per vocabulary word
 * (a [vocab × gates·hid] table) instead of once per token: the same dot
 * products, so the same values, at a fraction of the cost.
 */
#ifndef GB_NN_MODEL_H
#define GB_NN_MODEL_H

#include <stdint.h>

#include "error.h"
#include "nn/nn_linear.h"
#include "nn/nn_param.h"
#include "nn/nn_recurrent.h"
#include "rng/torch_rng.h"

/* Rows of a data set: bag features (x) or token ids (tok), and 0/1 labels. */
struct nn_data {
    int rows;
    int width;           /* features (bag) or tokens (seq) per row */
    const float *x;      /* [rows × width], bag models */
    const int *tok;      /* [rows × width], seq models */
    const float *y;      /* [rows] */
};

enum nn_model_kind { NN_MODEL_BAG, NN_MODEL_SEQ };

struct nn_model {
    enum nn_model_kind kind;
    struct nn_params params;
    int max_batch;
    /* bag */
    int in, hid;
    struct nn_linear l1, l2;
    /* seq */
    int vocab, emb, steps;
    struct nn_recurrent core;
    struct nn_linear head;
    /* workspace */
    float *z1, *a1, *dz1;          /* bag hidden layer [max_batch × hid] */
    float *xrows;                  /* bag inputs gathered [max_batch × in] */
    float *logits, *dlogits;       /* [max_batch] */
    float *hlast, *dh;             /* seq [max_batch × hid] */
    float *table, *dtable;         /* seq [vocab × gates·hid] */
};

int nn_model_bag(struct nn_model *m, struct torch_gen *g, int in, int hid, int max_batch,
                 struct gb_err *err);
int nn_model_seq(struct nn_model *m, struct torch_gen *g, enum torch_cell core, int vocab,
                 int emb, int hid, int steps, int max_batch, struct gb_err *err);
void nn_model_free(struct nn_model *m);

/* Step 3/5's forget-gate fill: bias_ih[H:2H] = value, bias_hh[H:2H] = 0 (no draws). */
void nn_model_fill_forget_bias(struct nn_model *m, float value);

/* logits[n] for rows idx[0..n) of d (n <= max_batch); keeps what backward needs. */
void nn_model_forward(struct nn_model *m, const struct nn_data *d, const int64_t *idx, int n,
                      float *logits);
/* Adds ∂L/∂θ into m->params.grad given dlogits = ∂L/∂logits of the last
 * forward (its n rows). */
void nn_model_backward(struct nn_model *m, int n, const float *dlogits);
/* logits for every row of d, in chunks (forward only). */
void nn_model_logits_all(struct nn_model *m, const struct nn_data *d, float *logits);

/* Multiply-adds the matrix products of one forward over n rows perform (plus
 * those of the backward if `backward`), from the shapes alone: FLOP = 2 × this. */
double nn_model_fmas(const struct nn_model *m, int n, int backward);

#endif
