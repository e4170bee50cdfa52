/* nn_gemm.c — deterministic small matrix products (see nn_gemm.h for why).
 *
 * One summation order everywhere: for each C element, a chain of fused
 * multiply-adds over p = 0..k-1 starting from zero, then added to C when
 * accumulating.  The AVX2 and AVX-512 kernels vectorise across columns of C
 * (8 or 16 at a time), never across p, so they compute exactly what the
 * fmaf() fallback computes; nn_isa() picks the widest the CPU runs.
 */
#include "nn/nn_gemm.h"

#include <math.h>
#if defined(__x86_64__)
#include <immintrin.h>
#include <x86intrin.h>
#define NN_HAVE_AVX2 1
#endif

#include "nn/nn_isa.h"

static __thread unsigned long long fma_count, gemm_cycles;

unsigned long long nn_gemm_fma_count(void)
{
    return fma_count;
}

unsigned long long nn_gemm_cycles(void)
{
    return gemm_cycles;
}

void nn_gemm_account(unsigned long long fmas, unsigned long long cycles)
{
    fma_count += fmas;
    gemm_cycles += cycles;
}

unsigned long long nn_gemm_tsc(void)
{
#ifdef NN_HAVE_AVX2
    return __rdtsc();
#else
    return 0;
#endif
}

/* a(i,p) = a[i*rs + p*cs]: rs=lda,cs=1 reads A; rs=1,cs=lda reads Aᵀ. */
static void gemm_portable(int m, int n, int k, const float *a, ptrdiff_t rs, ptrdiff_t cs,
                          const float *b, int ldb, float *c, int ldc,
                          int accumulate, const float *bias)
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            float s = 0.0f;
            for (int p = 0; p < k; p++)
                s = fmaf(a[i * rs + p * cs], b[(ptrdiff_t)p * ldb + j], s);
            float *cij = &c[(ptrdiff_t)i * ldc + j];
            *cij = bias ? bias[j] + s : accumulate ? *cij + s : s;
        }
}

#ifdef NN_HAVE_AVX2
/* MR rows × (8·NV) columns of C held in registers for the whole p loop. */
#define AVX_FN __attribute__((target("avx2,fma"), always_inline)) static inline
AVX_FN void block_avx2(int mr, int nv, int k, const float *a, ptrdiff_t rs, ptrdiff_t cs,
                       const float *b, int ldb, float *c, int ldc,
                       int accumulate, const float *bias)
{
    __m256 acc[4][2];
    for (int r = 0; r < mr; r++)
        for (int v = 0; v < nv; v++)
            acc[r][v] = _mm256_setzero_ps();
    for (int p = 0; p < k; p++) {
        __m256 bv[2];
        for (int v = 0; v < nv; v++)
            bv[v] = _mm256_loadu_ps(b + (ptrdiff_t)p * ldb + 8 * v);
        for (int r = 0; r < mr; r++) {
            __m256 av = _mm256_broadcast_ss(a + r * rs + p * cs);
            for (int v = 0; v < nv; v++)
                acc[r][v] = _mm256_fmadd_ps(av, bv[v], acc[r][v]);
        }
    }
    for (int r = 0; r < mr; r++)
        for (int v = 0; v < nv; v++) {
            float *cp = c + (ptrdiff_t)r * ldc + 8 * v;
            __m256 out = acc[r][v];
            if (bias)
                out = _mm256_add_ps(_mm256_loadu_ps(bias + 8 * v), out);
            else if (accumulate)
                out = _mm256_add_ps(_mm256_loadu_ps(cp), out);
            _mm256_storeu_ps(cp, out);
        }
}

/* The hot tile, written out so the eight accumulators stay in registers. */
__attribute__((target("avx2,fma")))
static void tile_4x16(int k, const float *a, ptrdiff_t rs, ptrdiff_t cs, const float *b, int ldb,
                      float *c, int ldc, int accumulate, const float *bias)
{
    __m256 c00 = _mm256_setzero_ps(), c01 = c00, c10 = c00, c11 = c00;
    __m256 c20 = c00, c21 = c00, c30 = c00, c31 = c00;
    for (int p = 0; p < k; p++) {
        const float *bp = b + (ptrdiff_t)p * ldb, *ap = a + p * cs;
        __m256 b0 = _mm256_loadu_ps(bp), b1 = _mm256_loadu_ps(bp + 8);
        __m256 a0 = _mm256_broadcast_ss(ap);
        c00 = _mm256_fmadd_ps(a0, b0, c00);
        c01 = _mm256_fmadd_ps(a0, b1, c01);
        __m256 a1 = _mm256_broadcast_ss(ap + rs);
        c10 = _mm256_fmadd_ps(a1, b0, c10);
        c11 = _mm256_fmadd_ps(a1, b1, c11);
        __m256 a2 = _mm256_broadcast_ss(ap + 2 * rs);
        c20 = _mm256_fmadd_ps(a2, b0, c20);
        c21 = _mm256_fmadd_ps(a2, b1, c21);
        __m256 a3 = _mm256_broadcast_ss(ap + 3 * rs);
        c30 = _mm256_fmadd_ps(a3, b0, c30);
        c31 = _mm256_fmadd_ps(a3, b1, c31);
    }
    __m256 acc[8] = { c00, c01, c10, c11, c20, c21, c30, c31 };
    for (int r = 0; r < 4; r++)
        for (int v = 0; v < 2; v++) {
            float *cp = c + (ptrdiff_t)r * ldc + 8 * v;
            __m256 out = acc[2 * r + v];
            if (bias)
                out = _mm256_add_ps(_mm256_loadu_ps(bias + 8 * v), out);
            else if (accumulate)
                out = _mm256_add_ps(_mm256_loadu_ps(cp), out);
            _mm256_storeu_ps(cp, out);
        }
}

__attribute__((target("avx2,fma")))
static void rows_avx2(int mr, int n, int k, const float *a, ptrdiff_t rs, ptrdiff_t cs,
                      const float *b, int ldb, float *c, int ldc,
                      int accumulate, const float *bias)
{
    int j = 0;
    if (mr == 4)
        for (; j + 16 <= n; j += 16)
            tile_4x16(k, a, rs, cs, b + j, ldb, c + j, ldc, accumulate, bias ? bias + j : NULL);
    for (; j + 8 <= n; j += 8)
        block_avx2(mr, 1, k, a, rs, cs, b + j, ldb, c + j, ldc, accumulate,
            bias ? bias + j : NULL);
    if (j < n)
        gemm_portable(mr, n - j, k, a, rs, cs, b + j, ldb, c + j, ldc, accumulate,
                      bias ? bias + j : NULL);
}

__attribute__((target("avx2,fma")))
static void gemm_avx2(int m, int n, int k, const float *a, ptrdiff_t rs, ptrdiff_t cs,
                      const float *b, int ldb, float *c, int ldc,
                      int accumulate, const float *bias)
{
    int i = 0;
    for (; i + 4 <= m; i += 4)
        rows_avx2(4, n, k, a + i * rs, rs, cs, b, ldb, c + (ptrdiff_t)i * ldc, ldc, accumulate,
                  bias);
    for (; i < m; i++)
        rows_avx2(1, n, k, a + i * rs, rs, cs, b, ldb, c + (ptrdiff_t)i * ldc, ldc, accumulate,
                  bias);
}


/* ---------------- AVX-512: 16 columns per register ---------------- */

#define K512 __attribute__((target("avx512f"), always_inline)) static inline
enum { MR512 = 8, NV512 = 4 };

/* mr rows × nv vectors of 16 columns of C (the last vector's columns masked
 * by `tail`), held in registers for the whole p loop.  Called with constant
 * mr and nv, so the arrays below are registers once unrolled. */
K512 void tile512(const int mr, const int nv, int k, const float *a, ptrdiff_t rs, ptrdiff_t cs,
                  const float *b, int ldb, float *c, int ldc, int accumulate, const float *bias,
                  __mmask16 tail)
{
    __m512 acc[MR512][NV512];
#pragma GCC unroll 8
    for (int r = 0; r < mr; r++)
#pragma GCC unroll 4
        for (int v = 0; v < nv; v++)
            acc[r][v] = _mm512_setzero_ps();
    for (int p = 0; p < k; p++) {
        const float *bp = b + (ptrdiff_t)p * ldb, *ap = a + p * cs;
        __m512 bv[NV512];
#pragma GCC unroll 4
        for (int v = 0; v < nv; v++)
            bv[v] = v == nv - 1 ? _mm512_maskz_loadu_ps(tail, bp + 16 * v)
                                : _mm512_loadu_ps(bp + 16 * v);
#pragma GCC unroll 8
        for (int r = 0; r < mr; r++) {
            __m512 av = _mm512_set1_ps(ap[r * rs]);
#pragma GCC unroll 4
            for (int v = 0; v < nv; v++)
                acc[r][v] = _mm512_fmadd_ps(av, bv[v], acc[r][v]);
        }
    }
#pragma GCC unroll 8
    for (int r = 0; r < mr; r++)
#pragma GCC unroll 4
        for (int v = 0; v < nv; v++) {
            float *cp = c + (ptrdiff_t)r * ldc + 16 * v;
            __mmask16 m = v == nv - 1 ? tail : 0xFFFF;
            __m512 out = acc[r][v];
            if (bias)
                out = _mm512_add_ps(_mm512_maskz_loadu_ps(m, bias + 16 * v), out);
            else if (accumulate)
                out = _mm512_add_ps(_mm512_maskz_loadu_ps(m, cp), out);
            _mm512_mask_storeu_ps(cp, m, out);
        }
}

typedef void tile512_fn(int k, const float *a, ptrdiff_t rs, ptrdiff_t cs, const float *b,
                        int ldb, float *c, int ldc, int accumulate, const float *bias,
                        __mmask16 tail);

#define TILE512(MR, NV)                                                                     \
    __attribute__((target("avx512f"))) static void tile512_##MR##x##NV(                     \
        int k, const float *a, ptrdiff_t rs, ptrdiff_t cs, const float *b, int ldb, float *c, \
        int ldc, int accumulate, const float *bias, __mmask16 tail)                          \
    {                                                                                       \
        tile512(MR, NV, k, a, rs, cs, b, ldb, c, ldc, accumulate, bias, tail);              \
    }
#define TILE512_ROWS(NV) TILE512(1, NV) TILE512(2, NV) TILE512(3, NV) TILE512(4, NV) \
                         TILE512(5, NV) TILE512(6, NV) TILE512(7, NV) TILE512(8, NV)
TILE512_ROWS(1)
TILE512_ROWS(2)
TILE512_ROWS(3)
TILE512_ROWS(4)

#define TILE512_ROW(NV) { tile512_1x##NV, tile512_2x##NV, tile512_3x##NV, tile512_4x##NV, \
                          tile512_5x##NV, tile512_6x##NV, tile512_7x##NV, tile512_8x##NV }
/* tiles512[nv - 1][mr - 1] */
static tile512_fn *const tiles512[NV512][MR512] = {
    TILE512_ROW(1), TILE512_ROW(2), TILE512_ROW(3), TILE512_ROW(4)
};
/* Rows per tile for nv vectors: enough accumulators (8+) to cover the FMA
 * latency, few enough (<= 24 of 32 registers) to leave room for B and A. */
static const int rows512[NV512] = { 8, 8, 8, 6 };

/* Column blocks of nv vectors: 4s, or 3s when that tiles n exactly (GRU's 96). */
static int block_vectors(int vectors_left, int all_vectors)
{
    if (all_vectors % 4 && all_vectors % 3 == 0)
        return 3;
    return vectors_left < 4 ? vectors_left : 4;
}

static void gemm_avx512(int m, int n, int k, const float *a, ptrdiff_t rs, ptrdiff_t cs,
                        const float *b, int ldb, float *c, int ldc, int accumulate,
                        const float *bias)
{
    int vectors = (n + 15) / 16;
    for (int v0 = 0; v0 < vectors;) {
        int nv = block_vectors(vectors - v0, vectors), j = 16 * v0;
        int last_cols = n - 16 * (v0 + nv - 1);
        __mmask16 tail = (__mmask16)(last_cols >= 16 ? 0xFFFF : (1u << last_cols) - 1);
        int mr = rows512[nv - 1];
        for (int i = 0; i < m; i += mr) {
            int rows = m - i < mr ? m - i : mr;
            tiles512[nv - 1][rows - 1](k, a + i * rs, rs, cs, b + j, ldb,
                                       c + (ptrdiff_t)i * ldc + j, ldc, accumulate,
                                       bias ? bias + j : NULL, tail);
        }
        v0 += nv;
    }
}
#endif

static void gemm(int m, int n, int k, const float *a, ptrdiff_t rs, ptrdiff_t cs,
                 const float *b, int ldb, float *c, int ldc, int accumulate, const float *bias)
{
    fma_count += (unsigned long long)m * n * k;
#ifdef NN_HAVE_AVX2
    unsigned long long t0 = __rdtsc();
    enum nn_isa isa = nn_isa();
    if (isa == NN_ISA_AVX512)
        gemm_avx512(m, n, k, a, rs, cs, b, ldb, c, ldc, accumulate, bias);
    else if (isa == NN_ISA_AVX2)
        gemm_avx2(m, n, k, a, rs, cs, b, ldb, c, ldc, accumulate, bias);
    else
        gemm_portable(m, n, k, a, rs, cs, b, ldb, c, ldc, accumulate, bias);
    gemm_cycles += __rdtsc() - t0;
#else
    gemm_portable(m, n, k, a, rs, cs, b, ldb, c, ldc, accumulate, bias);
#endif
}

void nn_gemm_nn(int m, int n, int k, const float *a, int lda, const float *b, int ldb,
                float *c, int ldc, int accumulate)
{
    gemm(m, n, k, a, lda, 1, b, ldb, c, ldc, accumulate, NULL);
}

void nn_gemm_tn(int m, int n, int k, const float *a, int lda, const float *b, int ldb,
                float *c, int ldc, int accumulate)
{
    gemm(m, n, k, a, 1, lda, b, ldb, c, ldc, accumulate, NULL);
}

void nn_transpose(const float *src, int rows, int cols, float *dst)
{
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            dst[(ptrdiff_t)c * rows + r] = src[(ptrdiff_t)r * cols + c];
}

void nn_gemm_nn_bias(int m, int n, int k, const float *a, int lda, const float *b, int ldb,
                     const float *bias, float *c, int ldc)
{
    gemm(m, n, k, a, lda, 1, b, ldb, c, ldc, 0, bias);
}
