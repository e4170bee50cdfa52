/* nn_recurrent.h — nn.RNN (tanh), nn.GRU, nn.LSTM and nn.LSTMCell: one layer,
 * one direction, forward and backpropagation through time.
 *
 * Torch's layouts and gate order (LSTM i,f,g,o; GRU r,z,n) and torch's CPU cell
 * arithmetic (aten/src/ATen/native/RNN.cpp):
 *   RNN   h' = tanh(xg + hg)
 *   LSTM  c' = f·c + i·g,  h' = o·tanh(c')
 *   GRU   n = tanh(x_n + r·h_n),  h' = (h - n)·z + n
 * with xg = x·W_ihᵀ + b_ih and hg = h·W_hhᵀ + b_hh.  An LSTMCell run over a
 * sequence is exactly an LSTM layer, so one code path serves both.
 *
 * Time-major buffers: xg [T][B][G·H], hidden states h [T+1][B][H] with h[0] = 0.
 * The caller provides the input projections (nn_recurrent_project, or points
 * xrow at rows of a lookup table when the input is an embedding of a small
 * vocabulary), runs forward, then backward with the gradient on the last
 * hidden state.
 */
#ifndef GB_NN_RECURRENT_H
#define GB_NN_RECURRENT_H

#include "error.h"
#include "rng/torch_init.h"

struct nn_recurrent {
    enum torch_cell kind;
    int in, hid, gh;                     /* gh = gates × hid */
    int max_steps, max_batch;
    float *w_ih, *w_hh, *b_ih, *b_hh;    /* torch layouts, owned by an nn_params */
    float *g_w_ih, *g_w_hh, *g_b_ih, *g_b_hh;
    float *w_ih_t, *w_hh_t;              /* transposed copies, from nn_recurrent_prepare */
    /* Workspace, sized for max_steps × max_batch: */
    float *xg;          /* [T][B][gh] input projections (nn_recurrent_project) */
    const float **xrow; /* [T·B] row (t,b) of the input projections: into xg, or
                           into a caller's per-word table (nn_model) */
    float *hg;          /* [T][B][gh] hidden projections (GRU keeps h_n from it) */
    float *act;         /* [T][B][gh] gate activations */
    float *h;           /* [T+1][B][H] hidden states */
    float *c;           /* [T+1][B][H] LSTM cell states */
    float *tc;          /* [T][B][H]  tanh(c) */
    float *dxg, *dhg;   /* [T][B][gh] gradients of the projections */
    float *dh, *dc, *dtmp;   /* [B][H] running gradients */
    float *acc;         /* [gh] column sums */
};

int nn_recurrent_init(struct nn_recurrent *r, enum torch_cell kind, int in, int hid,
                      int max_steps, int max_batch, struct gb_err *err);
/* Points the layer at its parameters and their gradients (torch layouts). */
void nn_recurrent_bind(struct nn_recurrent *r, float *w_ih, float *w_hh, float *b_ih, float *b_hh,
                       float *g_w_ih, float *g_w_hh, float *g_b_ih, float *g_b_hh);
void nn_recurrent_free(struct nn_recurrent *r);
/* Call after the weights change and before forward. */
void nn_recurrent_prepare(struct nn_recurrent *r);

/* xg = x·W_ihᵀ + b_ih for rows = T·B rows of x [rows][in] (time-major); points xrow at it. */
void nn_recurrent_project(struct nn_recurrent *r, int rows, const float *x);
/* Runs T steps from h = c = 0; h_t (t = 1..T) is at nn_recurrent_hidden(r, t, B). */
void nn_recurrent_forward(struct nn_recurrent *r, int steps, int batch);
const float *nn_recurrent_hidden(const struct nn_recurrent *r, int t, int batch);

/* Backpropagation through time from dh_last = ∂L/∂h_T [B][H].  Fills r->dxg
 * (∂L/∂xg), adds ∂L/∂W_hh and ∂L/∂b_hh into the gradients.  If dh_steps /
 * dc_steps are not NULL they receive the total ∂L/∂h_t and (LSTM) ∂L/∂c_t for
 * t = 1..T, [T][B][H] — what retain_grad() shows as h.grad / c.grad. */
void nn_recurrent_backward(struct nn_recurrent *r, int steps, int batch, const float *dh_last,
                           float *dh_steps, float *dc_steps);
/* nn_recurrent_backward without the per-step outputs, for an input that is
 * a lookup table (xrow[i] points at rows of `table`, [rows][gh]): also adds
 * ∂L/∂xg of every (step, row), in that order, into the parallel row of
 * dtable — one pass over the gradients for both that and ∂b_hh. */
void nn_recurrent_backward_table(struct nn_recurrent *r, int steps, int batch,
                                 const float *dh_last, const float *table, float *dtable);
/* After backward: adds ∂L/∂W_ih, ∂L/∂b_ih for rows of x; dx = dxg·W_ih if dx. */
void nn_recurrent_backward_project(struct nn_recurrent *r, int rows, const float *x, float *dx);

#endif
