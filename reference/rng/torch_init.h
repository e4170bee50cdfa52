/* torch_init.h — torch.nn's default parameter initialisation, in construction order.
 *
 * Each helper draws from the generator exactly what the torch module's
 * constructor draws, in parameter-registration order, into row-major float32
 * arrays laid out like torch's tensors (weight [out, in]).
 */
#ifndef GB_TORCH_INIT_H
#define GB_TORCH_INIT_H

#include "error.h"
#include "rng/torch_rng.h"

enum torch_cell { TORCH_CELL_RNN = 1, TORCH_CELL_GRU = 3, TORCH_CELL_LSTM = 4 };  /* value = gate count */

/* nn.Linear(in, out): weight [out*in], then bias [out]; bias NULL is
 * nn.Linear(..., bias=False), which draws nothing for it. */
void torch_init_linear(struct torch_gen *g, int in, int out, float *weight, float *bias);
/* nn.Embedding(num, dim): weight [num*dim] ~ N(0, 1). */
void torch_init_embedding(struct torch_gen *g, int num, int dim, float *weight);
/* nn.RNN/GRU/LSTM (1 layer, 1 direction) and the *Cell modules:
 * w_ih [G*hid*in], w_hh [G*hid*hid], b_ih [G*hid], b_hh [G*hid].
 * Gate row blocks: LSTM i,f,g,o; GRU r,z,n. */
void torch_init_recurrent(struct torch_gen *g, enum torch_cell kind, int in, int hid,
                          float *w_ih, float *w_hh, float *b_ih, float *b_hh);

/* A whole model seeded with torch.manual_seed(seed) and built in the course's
 * construction order, its parameters flattened in parameters() order into a
 * malloc'd array (*params, *count; the caller frees).  MODEL is one of
 * linear:IN:OUT, mlp:IN:HID:OUT (Linear-ReLU-Linear), seqnet:rnn|gru|lstm
 * (Embedding(17,16) -> core(16,32) -> Linear(32,1)), recaller:rnn|gru|lstm
 * (Embedding(10,16) -> core(16,32) -> Linear(32,1)), lstmcell:IN:H. */
int torch_init_model(const char *spec, uint64_t seed, float **params, size_t *count,
                     struct gb_err *err);
/* The same for another runtime (torch_gen_seed_runtime's profile and kernels). */
int torch_init_model_runtime(const char *spec, uint64_t seed, enum torch_profile profile,
                             enum torch_kernels kernels, float **params, size_t *count,
                             struct gb_err *err);

#endif
