/* nn_step.h — recurrent steps with the product fused with the cell (AVX-512).
 *
 * A forward step of nn_recurrent is pre = b_hh + h·W_hhᵀ (nn_gemm's fixed
 * chain of multiply-adds per element) followed by the cell's elementwise
 * arithmetic (nn_math).  Fused, each tile of pre goes through the cell while
 * it is still in registers, so the cell's long dependency chains (exp, a
 * division) overlap the next tile's multiply-adds instead of leaving the FMA
 * units idle.  Every element sees the same operations in the same order as
 * the unfused path, so the bits are the same (test_nn trains on every path).
 *
 * A backward step is the mirror: the product ∂h = ∂gates·W_hh of step t+1
 * fused with step t's cell derivatives (nn_recurrent's back_lstm, back_gru).
 * Measured against the unfused path on the exercise's shapes (batch 64,
 * hidden 32), only these three kernels gained (RNN forward ~10%, LSTM and
 * GRU backward ~10%); the LSTM and GRU forward cells, which are bound by
 * their own arithmetic, did not, and stay unfused.
 */
#ifndef GB_NN_STEP_H
#define GB_NN_STEP_H

#include "rng/torch_init.h"

/* Whether the fused kernels run for this layer shape on this CPU (the AVX-512
 * path and a hidden size that is a multiple of 16, at most 64); else callers
 * use the unfused path, which computes the same bits. */
int nn_step_fused(int H);

/* RNN step t >= 1 of nn_recurrent_forward for rows [0, batch): hp = h_t
 * [B][H], w_hh_t = W_hhᵀ [H][H], xrow[b] = row b's input projection; writes
 * act and hn [B][H] (both h_{t+1} = tanh(b_hh + h·W_hhᵀ + x)). */
void nn_step_rnn_forward(int batch, int H, const float *hp, const float *w_hh_t,
                         const float *b_hh, const float *const *xrow, float *act, float *hn);

/* LSTM, between steps t+1 and t of nn_recurrent_backward: dh = dg·W_hh for
 * rows [0, batch) (dg = ∂gates of step t+1 [B][4H], w_hh [4H][H]), then step
 * t's cell derivatives from it (nn_recurrent's back_lstm): a = step t's gate
 * activations [B][4H], cp = c_t, tc = tanh(c_{t+1}) [B][H].  Writes dh
 * (∂L/∂h_t), dg_out (∂gates of step t), dc_out (∂L/∂c_{t+1}) and carries dc. */
void nn_step_lstm_backward(int batch, int H, const float *dg, const float *w_hh, float *dh,
                           const float *a, const float *cp, const float *tc, float *dc,
                           float *dc_out, float *dg_out);

/* GRU, the same: dh = dg·W_hh + direct (the path through z of step t+1),
 * then back_gru of step t: a = its activations r, z, n and hg = b_hh + h·W_hhᵀ
 * [B][3H], hp = h_t [B][H].  Writes dh, direct (dh·z of step t), dx_out and
 * dhh_out (∂ of the input and hidden projections of step t). */
void nn_step_gru_backward(int batch, int H, const float *dg, const float *w_hh, float *dh,
                          float *direct, const float *a, const float *hg, const float *hp,
                          float *dx_out, float *dhh_out);

#endif
