/* nn_gemm.h — the engine's matrix products: small, single-threaded, deterministic.
 *
 * Why not cblas_sgemm here: OpenBLAS picks its kernel per CPU at run time and
 * each kernel sums in its own order, so the same training run gives different
 * last bits on different machines — and a model that fails to learn amplifies
 * those bits into different accuracies.  The committed expected values must be
 * byte-identical wherever CI runs, so every product the engine computes is a
 * chain of fused multiply-adds in a fixed order:
 *
 *     C[i][j] = (accumulate ? C[i][j] : 0) + fma-chain_p(a(i,p) * B[p][j], p = 0..k-1)
 *
 * The AVX-512 and AVX2+FMA kernels and the portable fmaf() fallback compute
 * exactly that (nn_isa.h picks one), so the bits do not depend on the CPU (any
 * IEEE-754 machine), the compiler flags or the number of threads.  Matrices
 * are row-major float32.
 */
#ifndef GB_NN_GEMM_H
#define GB_NN_GEMM_H

#include <stddef.h>

/* C[m×n] (+)= A[m×k] · B[k×n]. */
void nn_gemm_nn(int m, int n, int k, const float *a, int lda, const float *b, int ldb,
                float *c, int ldc, int accumulate);
/* C[m×n] = bias[n] (every row) + A[m×k] · B[k×n]: addmm's order, product first. */
void nn_gemm_nn_bias(int m, int n, int k, const float *a, int lda, const float *b, int ldb,
                     const float *bias, float *c, int ldc);
/* C[m×n] (+)= A[k×m]ᵀ · B[k×n]  (weight gradients: sum over rows of a batch). */
void nn_gemm_tn(int m, int n, int k, const float *a, int lda, const float *b, int ldb,
                float *c, int ldc, int accumulate);
/* dst[cols×rows] = src[rows×cols]ᵀ — to turn a torch weight [out×in] into the
 * [in×out] operand of nn_gemm_nn (x·Wᵀ). */
void nn_transpose(const float *src, int rows, int cols, float *dst);

/* Multiply-adds nn_gemm_* performed by this thread since it started (for FLOP
 * accounting: 2 FLOP each). */
unsigned long long nn_gemm_fma_count(void);
/* Time-stamp-counter cycles this thread spent in nn_gemm_* (0 off x86-64):
 * with the FMA count, the fraction of peak the products reach. */
unsigned long long nn_gemm_cycles(void);
/* For kernels outside this module that compute products in this module's
 * fixed order (nn_step's fused steps): adds to the two counters above. */
void nn_gemm_account(unsigned long long fmas, unsigned long long cycles);
/* The time-stamp counter now (0 off x86-64), to calibrate its rate. */
unsigned long long nn_gemm_tsc(void);

#endif
