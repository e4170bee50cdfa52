/* nn_math.h — the engine's elementwise transcendental functions, deterministic.
 *
 * sigmoid and tanh dominate a recurrent layer's time once its products are
 * fast, so they run 8 lanes at a time with AVX2.  Like nn_gemm, the vector and
 * scalar paths perform the same IEEE operations in the same order (cephes-style
 * polynomials, explicit fmaf), so results are the same bits on every machine.
 * Accuracy: within 2 ulp of the true value (tanh: 2 ulp + 1e-9 absolute);
 * torch's own (Sleef) differ by about as much, i.e. float rounding.
 */
#ifndef GB_NN_MATH_H
#define GB_NN_MATH_H

#include <stddef.h>

/* For elementwise loops: an AVX2 clone besides the baseline one, both fully
 * vectorised.  Safe for reproducibility because no lane ever depends on another
 * and -ffp-contract=off keeps every multiply and add separately rounded. */
#if defined(__x86_64__) && !defined(__clang__)
#define NN_ELEMENTWISE __attribute__((target_clones("avx512f", "avx2", "default"), optimize("O3")))
#else
#define NN_ELEMENTWISE
#endif

float nn_expf(float x);
float nn_sigmoidf(float x);          /* 1 / (1 + exp(-x)), as torch writes it */
float nn_tanhf(float x);

void nn_sigmoid_inplace(float *x, size_t n);
void nn_tanh_inplace(float *x, size_t n);

/* One LSTM step's elementwise work, fused so each row is read once: a[r] (4H
 * gates i,f,g,o) holds b_hh + h·W_hhᵀ on entry and gets x[r] added (torch's
 * order), then the gate activations in place; c' = f·c + i·g, tc = tanh(c'),
 * h' = o·tc.  The same bits as the unfused sequence of the functions above. */
void nn_lstm_cell_rows(int rows, int H, float *a, const float *const *x, const float *c,
                       float *cn, float *tc, float *hn);

#endif
