/* nn_math.c — exp, sigmoid and tanh: one scalar definition, one AVX2 twin.
 *
 * Each vector function below mirrors its scalar twin operation by operation
 * (min/max/floor/fma/mul/div are exactly rounded in both), which is what makes
 * the two paths agree bit for bit; test_nn checks it on a sweep of inputs.
 */
#include "nn/nn_math.h"

#if defined(__x86_64__)
#include <immintrin.h>
#define NN_HAVE_AVX2 1
#endif
#include <math.h>
#include <stdint.h>
#include <string.h>

/* exp clamps its argument so 2^n stays a normal float: e^±88 is far past where
 * sigmoid and tanh saturate in float32. */
#define EXP_LO (-87.0f)
#define EXP_HI 88.0f
#define LOG2E 1.44269504088896341f
#define LN2_HI 0.693359375f
#define LN2_LO (-2.12194440e-4f)

static float exp2i(int n)
{
    uint32_t bits = (uint32_t)(n + 127) << 23;
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

float nn_expf(float x)
{
    x = fminf(fmaxf(x, EXP_LO), EXP_HI);
    float fx = floorf(fmaf(x, LOG2E, 0.5f));
    x = fmaf(fx, -LN2_HI, x);
    x = fmaf(fx, -LN2_LO, x);
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
    x = _mm256_min_ps(_mm256_max_ps(x, _mm256_set1_ps(EXP_LO)), _mm256_set1_ps(EXP_HI));
    __m256 fx = _mm256_floor_ps(_mm256_fmadd_ps(x, _mm256_set1_ps(LOG2E), _mm256_set1_ps(0.5f)));
    x = _mm256_fmadd_ps(fx, _mm256_set1_ps(-LN2_HI), x);
    x = _mm256_fmadd_ps(fx, _mm256_set1_ps(-LN2_LO), x);
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

/* Columns j0.. of one LSTM row, 8 at a time; returns the first column not done. */
__attribute__((target("avx2,fma")))
static int lstm_row_avx2(int H, float *a, const float *x, const float *c, float *cn, float *tc,
                         float *hn)
{
    int j = 0;
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

static int have_avx2(void)
{
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}
#else
static int have_avx2(void) { return 0; }
static int lstm_row_avx2(int H, float *a, const float *x, const float *c, float *cn, float *tc,
                         float *hn)
{
    (void)H; (void)a; (void)x; (void)c; (void)cn; (void)tc; (void)hn;
    return 0;
}
static size_t sigmoid_avx2(float *x, size_t n) { (void)x; (void)n; return 0; }
static size_t tanh_avx2(float *x, size_t n) { (void)x; (void)n; return 0; }
#endif

void nn_sigmoid_inplace(float *x, size_t n)
{
    size_t i = have_avx2() ? sigmoid_avx2(x, n) : 0;
    for (; i < n; i++)
        x[i] = nn_sigmoidf(x[i]);
}

void nn_tanh_inplace(float *x, size_t n)
{
    size_t i = have_avx2() ? tanh_avx2(x, n) : 0;
    for (; i < n; i++)
        x[i] = nn_tanhf(x[i]);
}

void nn_lstm_cell_rows(int rows, int H, float *a, const float *const *x, const float *c,
                       float *cn, float *tc, float *hn)
{
    int avx = have_avx2();
    for (int r = 0; r < rows; r++) {
        float *ar = a + (size_t)r * 4 * H;
        const float *xr = x[r], *cr = c + (size_t)r * H;
        float *cnr = cn + (size_t)r * H, *tcr = tc + (size_t)r * H, *hnr = hn + (size_t)r * H;
        int j = avx ? lstm_row_avx2(H, ar, xr, cr, cnr, tcr, hnr) : 0;
        for (; j < H; j++) {
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
