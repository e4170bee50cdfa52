/* nn_math.c — exp, sigmoid and tanh: one scalar definition, AVX2 and AVX-512
 * twins.
 *
 * Each vector function below mirrors its scalar twin operation by operation
 * (min/max/floor/fma/mul/div are exactly rounded in all three), which is what
 * makes the paths agree bit for bit; test_nn checks it on a sweep of inputs.
 * Two liberties keep the same bits: AVX-512 scales by 2^n with vscalefps
 * (one rounding of the exact product, as the multiply by an exact power of
 * two), and tanh skips the branch no lane of a vector takes.
 */
#include "nn/nn_math.h"

#if defined(__x86_64__)
#include <immintrin.h>
#define NN_HAVE_AVX2 1
#endif
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "nn/nn_isa.h"
#include "nn/nn_vmath.h"

static float exp2i(int n)
{
    uint32_t bits = (uint32_t)(n + 127) << 23;
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

float nn_expf(float x)
{
    x = fminf(fmaxf(x, NN_EXP_LO), NN_EXP_HI);
    float fx = floorf(fmaf(x, NN_LOG2E, 0.5f));
    x = fmaf(fx, -NN_LN2_HI, x);
    x = fmaf(fx, -NN_LN2_LO, x);
    float z = x * x;
    float y = 1.9875691500e-4f;
    y = fmaf(y, x, 1.3981999507e-3f);
    y = fmaf(y, x, 8.3334519073e-3f);
    y = fmaf(y, x, 4.1665795894e-2f);
    y = fmaf(y, x, 1.6666665459e-1f);
    y = fmaf(y, x, 5.0000001201e-1f);
    y = fmaf(y, z, x);
    y = y + 1.0f;
    return y * exp2i((int)fx);
}

float nn_sigmoidf(float x)
{
    return 1.0f / (1.0f + nn_expf(-x));
}

/* Small |x|: odd polynomial (no cancellation); else 1 - 2/(e^{2|x|}+1). */
float nn_tanhf(float x)
{
    float ax = fabsf(x);
    if (ax < 0.625f) {
        float z = x * x;
        float p = -5.70498872745e-3f;
        p = fmaf(p, z, 2.06390887954e-2f);
        p = fmaf(p, z, -5.37397155531e-2f);
        p = fmaf(p, z, 1.33314422036e-1f);
        p = fmaf(p, z, -3.33332819422e-1f);
        return fmaf(p * z, x, x);
    }
    float e = nn_expf(ax + ax);
    float y = 1.0f - 2.0f / (e + 1.0f);
    return copysignf(y, x);
}

#ifdef NN_HAVE_AVX2
#define AVX_FN __attribute__((target("avx2,fma"))) static inline

AVX_FN __m256 exp8(__m256 x)
{
    x = _mm256_min_ps(_mm256_max_ps(x, _mm256_set1_ps(NN_EXP_LO)), _mm256_set1_ps(NN_EXP_HI));
    __m256 fx = _mm256_floor_ps(_mm256_fmadd_ps(x, _mm256_set1_ps(NN_LOG2E), _mm256_set1_ps(0.5f)));
    x = _mm256_fmadd_ps(fx, _mm256_set1_ps(-NN_LN2_HI), x);
    x = _mm256_fmadd_ps(fx, _mm256_set1_ps(-NN_LN2_LO), x);
    __m256 z = _mm256_mul_ps(x, x);
    __m256 y = _mm256_set1_ps(1.9875691500e-4f);
    y = _mm256_fmadd_ps(y, x, _mm256_set1_ps(1.3981999507e-3f));
    y = _mm256_fmadd_ps(y, x, _mm256_set1_ps(8.3334519073e-3f));
    y = _mm256_fmadd_ps(y, x, _mm256_set1_ps(4.1665795894e-2f));
    y = _mm256_fmadd_ps(y, x, _mm256_set1_ps(1.6666665459e-1f));
    y = _mm256_fmadd_ps(y, x, _mm256_set1_ps(5.0000001201e-1f));
    y = _mm256_fmadd_ps(y, z, x);
    y = _mm256_add_ps(y, _mm256_set1_ps(1.0f));
    __m256i n = _mm256_cvttps_epi32(fx);
    __m256i bits = _mm256_slli_epi32(_mm256_add_epi32(n, _mm256_set1_epi32(127)), 23);
    return _mm256_mul_ps(y, _mm256_castsi256_ps(bits));
}

AVX_FN __m256 sigmoid8(__m256 x)
{
    __m256 one = _mm256_set1_ps(1.0f);
    __m256 e = exp8(_mm256_sub_ps(_mm256_setzero_ps(), x));
    return _mm256_div_ps(one, _mm256_add_ps(one, e));
}

AVX_FN __m256 tanh8(__m256 x)
{
    __m256 sign = _mm256_set1_ps(-0.0f);
    __m256 ax = _mm256_andnot_ps(sign, x);
    __m256 z = _mm256_mul_ps(x, x);
    __m256 p = _mm256_set1_ps(-5.70498872745e-3f);
    p = _mm256_fmadd_ps(p, z, _mm256_set1_ps(2.06390887954e-2f));
    p = _mm256_fmadd_ps(p, z, _mm256_set1_ps(-5.37397155531e-2f));
    p = _mm256_fmadd_ps(p, z, _mm256_set1_ps(1.33314422036e-1f));
    p = _mm256_fmadd_ps(p, z, _mm256_set1_ps(-3.33332819422e-1f));
    __m256 small = _mm256_fmadd_ps(_mm256_mul_ps(p, z), x, x);
    __m256 e = exp8(_mm256_add_ps(ax, ax));
    __m256 one = _mm256_set1_ps(1.0f);
    __m256 big = _mm256_sub_ps(one, _mm256_div_ps(_mm256_set1_ps(2.0f), _mm256_add_ps(e, one)));
    big = _mm256_or_ps(big, _mm256_and_ps(sign, x));   /* copysign: big >= 0 */
    __m256 is_small = _mm256_cmp_ps(ax, _mm256_set1_ps(0.625f), _CMP_LT_OQ);
    return _mm256_blendv_ps(big, small, is_small);
}

/* Columns j.. of one LSTM row, 8 at a time; returns the first column not done. */
__attribute__((target("avx2,fma")))
static int lstm_row_avx2(int H, int j, float *a, const float *x, const float *c, float *cn,
                         float *tc, float *hn)
{
    for (; j + 8 <= H; j += 8) {
        __m256 i = sigmoid8(_mm256_add_ps(_mm256_loadu_ps(a + j), _mm256_loadu_ps(x + j)));
        __m256 f = sigmoid8(_mm256_add_ps(_mm256_loadu_ps(a + H + j),
                                          _mm256_loadu_ps(x + H + j)));
        __m256 g = tanh8(_mm256_add_ps(_mm256_loadu_ps(a + 2 * H + j),
                                       _mm256_loadu_ps(x + 2 * H + j)));
        __m256 o = sigmoid8(_mm256_add_ps(_mm256_loadu_ps(a + 3 * H + j),
                                          _mm256_loadu_ps(x + 3 * H + j)));
        __m256 cv = _mm256_add_ps(_mm256_mul_ps(f, _mm256_loadu_ps(c + j)), _mm256_mul_ps(i, g));
        __m256 t = tanh8(cv);
        _mm256_storeu_ps(a + j, i);
        _mm256_storeu_ps(a + H + j, f);
        _mm256_storeu_ps(a + 2 * H + j, g);
        _mm256_storeu_ps(a + 3 * H + j, o);
        _mm256_storeu_ps(cn + j, cv);
        _mm256_storeu_ps(tc + j, t);
        _mm256_storeu_ps(hn + j, _mm256_mul_ps(o, t));
    }
    return j;
}

__attribute__((target("avx2,fma")))
static size_t sigmoid_avx2(float *x, size_t n)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8)
        _mm256_storeu_ps(x + i, sigmoid8(_mm256_loadu_ps(x + i)));
    return i;
}

__attribute__((target("avx2,fma")))
static size_t tanh_avx2(float *x, size_t n)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8)
        _mm256_storeu_ps(x + i, tanh8(_mm256_loadu_ps(x + i)));
    return i;
}


/* One LSTM cell group: 16 columns from j of one row (see nn_lstm_cell_rows). */
__attribute__((target("avx512f"), always_inline))
static inline void lstm16(int H, int j, float *a, const float *x, const float *c, float *cn,
                          float *tc, float *hn)
{
    __m512 g[4];
    for (int k = 0; k < 4; k++)
        g[k] = _mm512_add_ps(_mm512_loadu_ps(a + k * H + j), _mm512_loadu_ps(x + k * H + j));
    nn_vlstm16(g, _mm512_loadu_ps(c + j), a + j, H, cn + j, tc + j, hn + j);
}

/* Every row's columns in whole groups of 16, two groups at a time (their
 * chains interleaved: nn_vlstm16n); returns the columns done per row. */
__attribute__((target("avx512f")))
static int lstm_rows_avx512(int rows, int H, float *a, const float *const *x, const float *c,
                            float *cn, float *tc, float *hn)
{
    int per_row = H / 16, groups = rows * per_row, gh = 4 * H, q = 0;
    for (; q < groups; q += 2) {
        int n = groups - q >= 2 ? 2 : 1;
        __m512 pre[2][4], cp[2];
        float *act[2], *cnp[2], *tcp[2], *hnp[2];
        for (int k = 0; k < 2; k++) {
            int qq = k < n ? q + k : q, r = qq / per_row, j = qq % per_row * 16;
            size_t kk = (size_t)r * H + j;
            float *ar = a + (size_t)r * gh;
            for (int g = 0; g < 4; g++)
                pre[k][g] = _mm512_add_ps(_mm512_loadu_ps(ar + g * H + j),
                                          _mm512_loadu_ps(x[r] + g * H + j));
            cp[k] = _mm512_loadu_ps(c + kk);
            act[k] = ar + j;
            cnp[k] = cn + kk;
            tcp[k] = tc + kk;
            hnp[k] = hn + kk;
        }
        if (n == 2)
            nn_vlstm16n(2, pre, cp, act, H, cnp, tcp, hnp);
        else
            nn_vlstm16n(1, pre, cp, act, H, cnp, tcp, hnp);
    }
    return per_row * 16;
}

__attribute__((target("avx512f")))
static size_t sigmoid_avx512(float *x, size_t n)
{
    size_t i = 0;
    for (; i + 16 <= n; i += 16)
        _mm512_storeu_ps(x + i, nn_vsigmoid16(_mm512_loadu_ps(x + i)));
    return i;
}

__attribute__((target("avx512f")))
static size_t tanh_avx512(float *x, size_t n)
{
    size_t i = 0;
    for (; i + 16 <= n; i += 16)
        _mm512_storeu_ps(x + i, nn_vtanh16(_mm512_loadu_ps(x + i)));
    return i;
}

/* The widest vector path for n values from x on; returns how many it did. */
static size_t sigmoid_vector(float *x, size_t n)
{
    enum nn_isa isa = nn_isa();
    size_t i = isa == NN_ISA_AVX512 ? sigmoid_avx512(x, n) : 0;
    return isa >= NN_ISA_AVX2 ? i + sigmoid_avx2(x + i, n - i) : i;
}

static size_t tanh_vector(float *x, size_t n)
{
    enum nn_isa isa = nn_isa();
    size_t i = isa == NN_ISA_AVX512 ? tanh_avx512(x, n) : 0;
    return isa >= NN_ISA_AVX2 ? i + tanh_avx2(x + i, n - i) : i;
}

/* Columns [0, returned) of every row by the widest vector paths: AVX-512's
 * groups of 16, then AVX2's of 8; the caller does the rest in scalar code. */
static int lstm_rows_vector(int rows, int H, float *a, const float *const *x, const float *c,
                            float *cn, float *tc, float *hn)
{
    int j = nn_isa() == NN_ISA_AVX512 ? lstm_rows_avx512(rows, H, a, x, c, cn, tc, hn) : 0;
    if (nn_isa() < NN_ISA_AVX2 || j + 8 > H)
        return j;
    int to = j;
    for (int r = 0; r < rows; r++) {
        size_t k = (size_t)r * H;
        to = lstm_row_avx2(H, j, a + 4 * k, x[r], c + k, cn + k, tc + k, hn + k);
    }
    return to;
}
#else
static size_t sigmoid_vector(float *x, size_t n) { (void)x; (void)n; return 0; }
static size_t tanh_vector(float *x, size_t n) { (void)x; (void)n; return 0; }
static int lstm_rows_vector(int rows, int H, float *a, const float *const *x, const float *c,
                            float *cn, float *tc, float *hn)
{
    (void)rows; (void)H; (void)a; (void)x; (void)c; (void)cn; (void)tc; (void)hn;
    return 0;
}
#endif

void nn_sigmoid_inplace(float *x, size_t n)
{
    size_t i = sigmoid_vector(x, n);
    for (; i < n; i++)
        x[i] = nn_sigmoidf(x[i]);
}

void nn_tanh_inplace(float *x, size_t n)
{
    size_t i = tanh_vector(x, n);
    for (; i < n; i++)
        x[i] = nn_tanhf(x[i]);
}

void nn_lstm_cell_rows(int rows, int H, float *a, const float *const *x, const float *c,
                       float *cn, float *tc, float *hn)
{
    int done = lstm_rows_vector(rows, H, a, x, c, cn, tc, hn);
    for (int r = 0; r < rows; r++) {
        float *ar = a + (size_t)r * 4 * H;
        const float *xr = x[r], *cr = c + (size_t)r * H;
        float *cnr = cn + (size_t)r * H, *tcr = tc + (size_t)r * H, *hnr = hn + (size_t)r * H;
        for (int j = done; j < H; j++) {
            float i = nn_sigmoidf(ar[j] + xr[j]), f = nn_sigmoidf(ar[H + j] + xr[H + j]);
            float g = nn_tanhf(ar[2 * H + j] + xr[2 * H + j]);
            float o = nn_sigmoidf(ar[3 * H + j] + xr[3 * H + j]);
            ar[j] = i;
            ar[H + j] = f;
            ar[2 * H + j] = g;
            ar[3 * H + j] = o;
            cnr[j] = f * cr[j] + i * g;
            tcr[j] = nn_tanhf(cnr[j]);
            hnr[j] = o * tcr[j];
        }
    }
}
