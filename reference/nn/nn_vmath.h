/* nn_vmath.h — the AVX-512 twins of nn_math's functions, inline, for the
 * kernels that apply them to values still in registers (nn_math's loops and
 * nn_step's fused recurrent steps).
 *
 * Each mirrors the scalar definition in nn_math.c operation by operation, so
 * lanes equal the scalar results bit for bit (test_nn checks every path).
 * One liberty keeps the same bits: exp scales by 2^n with vscalefps, one
 * rounding of the exact product, as the scalar multiply by an exact power of
 * two.  The constants are shared with the scalar and AVX2 definitions.
 */
#ifndef GB_NN_VMATH_H
#define GB_NN_VMATH_H

/* exp clamps its argument so 2^n stays a normal float: e^±88 is far past where
 * sigmoid and tanh saturate in float32. */
#define NN_EXP_LO (-87.0f)
#define NN_EXP_HI 88.0f
#define NN_LOG2E 1.44269504088896341f
#define NN_LN2_HI 0.693359375f
#define NN_LN2_LO (-2.12194440e-4f)

#if defined(__x86_64__)
#include <immintrin.h>

#define NN_VMATH_FN __attribute__((target("avx512f"), always_inline)) static inline

NN_VMATH_FN __m512 nn_vexp16(__m512 x)
{
    x = _mm512_min_ps(_mm512_max_ps(x, _mm512_set1_ps(NN_EXP_LO)), _mm512_set1_ps(NN_EXP_HI));
    __m512 fx = _mm512_roundscale_ps(_mm512_fmadd_ps(x, _mm512_set1_ps(NN_LOG2E),
                                                     _mm512_set1_ps(0.5f)),
                                     _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    x = _mm512_fmadd_ps(fx, _mm512_set1_ps(-NN_LN2_HI), x);
    x = _mm512_fmadd_ps(fx, _mm512_set1_ps(-NN_LN2_LO), x);
    __m512 z = _mm512_mul_ps(x, x);
    __m512 y = _mm512_set1_ps(1.9875691500e-4f);
    y = _mm512_fmadd_ps(y, x, _mm512_set1_ps(1.3981999507e-3f));
    y = _mm512_fmadd_ps(y, x, _mm512_set1_ps(8.3334519073e-3f));
    y = _mm512_fmadd_ps(y, x, _mm512_set1_ps(4.1665795894e-2f));
    y = _mm512_fmadd_ps(y, x, _mm512_set1_ps(1.6666665459e-1f));
    y = _mm512_fmadd_ps(y, x, _mm512_set1_ps(5.0000001201e-1f));
    y = _mm512_fmadd_ps(y, z, x);
    y = _mm512_add_ps(y, _mm512_set1_ps(1.0f));
    return _mm512_scalef_ps(y, fx);      /* y · 2^fx, fx an integer in [-125, 127] */
}

NN_VMATH_FN __m512 nn_vsigmoid16(__m512 x)
{
    __m512 one = _mm512_set1_ps(1.0f);
    __m512 e = nn_vexp16(_mm512_sub_ps(_mm512_setzero_ps(), x));
    return _mm512_div_ps(one, _mm512_add_ps(one, e));
}

NN_VMATH_FN __m512 nn_vtanh16(__m512 x)
{
    __m512 ax = _mm512_abs_ps(x);
    __m512 z = _mm512_mul_ps(x, x);
    __m512 p = _mm512_set1_ps(-5.70498872745e-3f);
    p = _mm512_fmadd_ps(p, z, _mm512_set1_ps(2.06390887954e-2f));
    p = _mm512_fmadd_ps(p, z, _mm512_set1_ps(-5.37397155531e-2f));
    p = _mm512_fmadd_ps(p, z, _mm512_set1_ps(1.33314422036e-1f));
    p = _mm512_fmadd_ps(p, z, _mm512_set1_ps(-3.33332819422e-1f));
    __m512 small = _mm512_fmadd_ps(_mm512_mul_ps(p, z), x, x);
    __m512 e = nn_vexp16(_mm512_add_ps(ax, ax));
    __m512 one = _mm512_set1_ps(1.0f);
    __m512 big = _mm512_sub_ps(one, _mm512_div_ps(_mm512_set1_ps(2.0f), _mm512_add_ps(e, one)));
    big = _mm512_castsi512_ps(_mm512_ternarylogic_epi32(     /* copysign: big >= 0 */
        _mm512_castps_si512(big), _mm512_castps_si512(x), _mm512_set1_epi32((int)0x80000000u),
        0xF8));                                              /* big | (x & sign) */
    __mmask16 is_small = _mm512_cmp_ps_mask(ax, _mm512_set1_ps(0.625f), _CMP_LT_OQ);
    return _mm512_mask_mov_ps(big, is_small, small);
}

/* One LSTM cell group of 16 columns: pre[0..3] are the gates' pre-activations
 * (b_hh + h·W_hhᵀ + x, torch's order), c the previous cell state.  Stores the
 * activations i, f, g, o at act, act + H, act + 2H, act + 3H, and c', tanh(c'),
 * h' = o·tanh(c'): nn_lstm_cell_rows's arithmetic. */
NN_VMATH_FN void nn_vlstm16(const __m512 pre[4], __m512 c, float *act, int H, float *cn,
                            float *tc, float *hn)
{
    __m512 i = nn_vsigmoid16(pre[0]), f = nn_vsigmoid16(pre[1]);
    __m512 g = nn_vtanh16(pre[2]), o = nn_vsigmoid16(pre[3]);
    __m512 cv = _mm512_add_ps(_mm512_mul_ps(f, c), _mm512_mul_ps(i, g));
    __m512 t = nn_vtanh16(cv);
    _mm512_storeu_ps(act, i);
    _mm512_storeu_ps(act + H, f);
    _mm512_storeu_ps(act + 2 * H, g);
    _mm512_storeu_ps(act + 3 * H, o);
    _mm512_storeu_ps(cn, cv);
    _mm512_storeu_ps(tc, t);
    _mm512_storeu_ps(hn, _mm512_mul_ps(o, t));
}

/* Wide forms: the same functions on n vectors at once, statement by
 * statement, so that n independent dependency chains are in flight (the
 * compiler keeps the source order; one chain alone leaves the FP units idle
 * waiting on latencies).  n is a compile-time constant <= NN_VWIDE. */
#define NN_VWIDE 8

NN_VMATH_FN void nn_vexp16n(const int n, __m512 *x)
{
    __m512 fx[NN_VWIDE], z[NN_VWIDE], y[NN_VWIDE];
    static const float poly[] = { 1.3981999507e-3f, 8.3334519073e-3f, 4.1665795894e-2f,
                                  1.6666665459e-1f, 5.0000001201e-1f };
#pragma GCC unroll 8
    for (int k = 0; k < n; k++)
        x[k] = _mm512_min_ps(_mm512_max_ps(x[k], _mm512_set1_ps(NN_EXP_LO)),
                             _mm512_set1_ps(NN_EXP_HI));
#pragma GCC unroll 8
    for (int k = 0; k < n; k++)
        fx[k] = _mm512_roundscale_ps(_mm512_fmadd_ps(x[k], _mm512_set1_ps(NN_LOG2E),
                                                     _mm512_set1_ps(0.5f)),
                                     _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
#pragma GCC unroll 8
    for (int k = 0; k < n; k++)
        x[k] = _mm512_fmadd_ps(fx[k], _mm512_set1_ps(-NN_LN2_HI), x[k]);
#pragma GCC unroll 8
    for (int k = 0; k < n; k++) {
        x[k] = _mm512_fmadd_ps(fx[k], _mm512_set1_ps(-NN_LN2_LO), x[k]);
        z[k] = _mm512_mul_ps(x[k], x[k]);
        y[k] = _mm512_set1_ps(1.9875691500e-4f);
    }
#pragma GCC unroll 5
    for (int c = 0; c < 5; c++)
#pragma GCC unroll 8
        for (int k = 0; k < n; k++)
            y[k] = _mm512_fmadd_ps(y[k], x[k], _mm512_set1_ps(poly[c]));
#pragma GCC unroll 8
    for (int k = 0; k < n; k++)
        y[k] = _mm512_fmadd_ps(y[k], z[k], x[k]);
#pragma GCC unroll 8
    for (int k = 0; k < n; k++)
        x[k] = _mm512_scalef_ps(_mm512_add_ps(y[k], _mm512_set1_ps(1.0f)), fx[k]);
}

/* tanh's two branches for n vectors; e[k] must hold nn_vexp16(|x|+|x|). */
NN_VMATH_FN void nn_vtanh16n_from_exp(const int n, const __m512 *x, const __m512 *e,
                                      __m512 *out)
{
#pragma GCC unroll 8
    for (int k = 0; k < n; k++) {
        __m512 one = _mm512_set1_ps(1.0f);
        __m512 big = _mm512_sub_ps(one, _mm512_div_ps(_mm512_set1_ps(2.0f),
                                                      _mm512_add_ps(e[k], one)));
        out[k] = _mm512_castsi512_ps(_mm512_ternarylogic_epi32(
            _mm512_castps_si512(big), _mm512_castps_si512(x[k]),
            _mm512_set1_epi32((int)0x80000000u), 0xF8));
    }
    __m512 z[NN_VWIDE], p[NN_VWIDE];
#pragma GCC unroll 8
    for (int k = 0; k < n; k++) {
        z[k] = _mm512_mul_ps(x[k], x[k]);
        p[k] = _mm512_fmadd_ps(_mm512_set1_ps(-5.70498872745e-3f), z[k],
                               _mm512_set1_ps(2.06390887954e-2f));
    }
#pragma GCC unroll 8
    for (int k = 0; k < n; k++)
        p[k] = _mm512_fmadd_ps(p[k], z[k], _mm512_set1_ps(-5.37397155531e-2f));
#pragma GCC unroll 8
    for (int k = 0; k < n; k++)
        p[k] = _mm512_fmadd_ps(p[k], z[k], _mm512_set1_ps(1.33314422036e-1f));
#pragma GCC unroll 8
    for (int k = 0; k < n; k++)
        p[k] = _mm512_fmadd_ps(p[k], z[k], _mm512_set1_ps(-3.33332819422e-1f));
#pragma GCC unroll 8
    for (int k = 0; k < n; k++) {
        __m512 small = _mm512_fmadd_ps(_mm512_mul_ps(p[k], z[k]), x[k], x[k]);
        __mmask16 is_small = _mm512_cmp_ps_mask(_mm512_abs_ps(x[k]), _mm512_set1_ps(0.625f),
                                                _CMP_LT_OQ);
        out[k] = _mm512_mask_mov_ps(out[k], is_small, small);
    }
}

/* n LSTM cell groups of 16 columns (see nn_vlstm16): pre[k][0..3] the gates'
 * pre-activations, c[k] the previous cell state; stores through the k-th
 * pointers.  The four gates' exps run as one wide exp, then tanh(c'). */
NN_VMATH_FN void nn_vlstm16n(const int n, __m512 (*pre)[4], const __m512 *c, float *const *act,
                             int H, float *const *cn, float *const *tc, float *const *hn)
{
    __m512 e[4 * NN_VWIDE / 2], cv[NN_VWIDE / 2], ec[NN_VWIDE / 2], t[NN_VWIDE / 2];
    __m512 zero = _mm512_setzero_ps(), one = _mm512_set1_ps(1.0f);
#pragma GCC unroll 4
    for (int k = 0; k < n; k++) {
        __m512 ag = _mm512_abs_ps(pre[k][2]);
        e[4 * k] = _mm512_sub_ps(zero, pre[k][0]);
        e[4 * k + 1] = _mm512_sub_ps(zero, pre[k][1]);
        e[4 * k + 2] = _mm512_add_ps(ag, ag);
        e[4 * k + 3] = _mm512_sub_ps(zero, pre[k][3]);
    }
    nn_vexp16n(4 * n, e);
    __m512 gx[NN_VWIDE / 2], ge[NN_VWIDE / 2], g[NN_VWIDE / 2];
#pragma GCC unroll 4
    for (int k = 0; k < n; k++) {
        gx[k] = pre[k][2];
        ge[k] = e[4 * k + 2];
    }
    nn_vtanh16n_from_exp(n, gx, ge, g);
#pragma GCC unroll 4
    for (int k = 0; k < n; k++) {
        __m512 i = _mm512_div_ps(one, _mm512_add_ps(one, e[4 * k]));
        __m512 f = _mm512_div_ps(one, _mm512_add_ps(one, e[4 * k + 1]));
        __m512 o = _mm512_div_ps(one, _mm512_add_ps(one, e[4 * k + 3]));
        e[4 * k] = i;
        e[4 * k + 1] = f;
        e[4 * k + 3] = o;
        cv[k] = _mm512_add_ps(_mm512_mul_ps(f, c[k]), _mm512_mul_ps(i, g[k]));
        __m512 acv = _mm512_abs_ps(cv[k]);
        ec[k] = _mm512_add_ps(acv, acv);
    }
    nn_vexp16n(n, ec);
    nn_vtanh16n_from_exp(n, cv, ec, t);
#pragma GCC unroll 4
    for (int k = 0; k < n; k++) {
        _mm512_storeu_ps(act[k], e[4 * k]);
        _mm512_storeu_ps(act[k] + H, e[4 * k + 1]);
        _mm512_storeu_ps(act[k] + 2 * H, g[k]);
        _mm512_storeu_ps(act[k] + 3 * H, e[4 * k + 3]);
        _mm512_storeu_ps(cn[k], cv[k]);
        _mm512_storeu_ps(tc[k], t[k]);
        _mm512_storeu_ps(hn[k], _mm512_mul_ps(e[4 * k + 3], t[k]));
    }
}

#endif /* __x86_64__ */
#endif
