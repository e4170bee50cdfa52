/* torch_init.h — torch.nn's default parameter initialisation, in construction order.
 *
 * Each helper draws from the generator exactly what the torch module's
 * constructor draws, in parameter-registration order, into row-major float32
 * arrays laid out like torch's tensors (weight [out, in]).
 */
#ifndef GB_TORCH_INIT_H
#define GB_TORCH_INIT_H

#include "torch_rng.h"

enum torch_cell { TORCH_CELL_RNN = 1, TORCH_CELL_GRU = 3, TORCH_CELL_LSTM = 4 };  /* value = gate count */

/* nn.Linear(in, out): weight [out*in], then bias [out]. */
void torch_init_linear(struct torch_gen *g, int in, int out, float *weight, float *bias);
/* nn.Embedding(num, dim): weight [num*dim] ~ N(0, 1). */
void torch_init_embedding(struct torch_gen *g, int num, int dim, float *weight);
/* nn.RNN/GRU/LSTM (1 layer, 1 direction) and the *Cell modules:
 * w_ih [G*hid*in], w_hh [G*hid*hid], b_ih [G*hid], b_hh [G*hid].
 * Gate row blocks: LSTM i,f,g,o; GRU r,z,n. */
void torch_init_recurrent(struct torch_gen *g, enum torch_cell kind, int in, int hid,
                          float *w_ih, float *w_hh, float *b_ih, float *b_hh);

#endif
