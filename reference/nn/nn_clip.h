/* nn_clip.h — torch.nn.utils.clip_grad_norm_(parameters, max_norm), norm 2.
 *
 * torch 1.13: total = ‖(‖g_1‖, …, ‖g_k‖)‖ over the tensors' own 2-norms, all
 * float32; coef = max_norm / (total + 1e-6) in float32, clamped to at most 1;
 * every gradient is multiplied by coef (even when coef is 1).
 */
#ifndef GB_NN_CLIP_H
#define GB_NN_CLIP_H

#include "nn/nn_param.h"

/* Clips every tensor of p; returns the pre-clip total norm. */
float nn_clip_grad_norm(struct nn_params *p, float max_norm);
/* The same over an explicit list of gradient arrays (grads[i] has counts[i] floats). */
float nn_clip_grad_norm_list(int k, float *const *grads, const size_t *counts, float max_norm);
/* Total 2-norm as clip computes it, without clipping. */
float nn_grad_norm_list(int k, float *const *grads, const size_t *counts);

#endif
