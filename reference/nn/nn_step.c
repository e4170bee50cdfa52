/* nn_step.c — recurrent steps with the product and the cell fused (see nn_step.h).
 *
 * A tile holds MR rows of the batch × NV vectors of 16 columns in registers
 * for the whole chain of multiply-adds (nn_gemm's chain: from zero over
 * p = 0..k-1, then added to what the unfused path adds it to), and the cell
 * arithmetic of those rows runs on the tile as soon as the chains end.
 */
#include "nn/nn_step.h"

#include <stddef.h>

#include "nn/nn_gemm.h"
#include "nn/nn_isa.h"
#include "nn/nn_vmath.h"

#if defined(__x86_64__)
#include <x86intrin.h>

#define STEP_FN __attribute__((target("avx512f"), always_inline)) static inline
enum { MAX_ROWS = 8, MAX_VECS = 4 };

/* acc[r][v] = chain_p a[r][p]·b[p][col(v)] for rows r < mr and the vectors v
 * < nv whose columns start at col(v) = off[v]; a rows are lda apart. */
STEP_FN void chains(const int mr, const int nv, int k, const float *a, int lda, const float *b,
                    int ldb, const int *off, __m512 acc[MAX_ROWS][MAX_VECS])
{
#pragma GCC unroll 8
    for (int r = 0; r < mr; r++)
#pragma GCC unroll 4
        for (int v = 0; v < nv; v++)
            acc[r][v] = _mm512_setzero_ps();
    for (int p = 0; p < k; p++) {
        const float *bp = b + (ptrdiff_t)p * ldb;
        __m512 bv[MAX_VECS];
#pragma GCC unroll 4
        for (int v = 0; v < nv; v++)
            bv[v] = _mm512_loadu_ps(bp + off[v]);
#pragma GCC unroll 8
        for (int r = 0; r < mr; r++) {
            __m512 av = _mm512_set1_ps(a[(ptrdiff_t)r * lda + p]);
#pragma GCC unroll 4
            for (int v = 0; v < nv; v++)
                acc[r][v] = _mm512_fmadd_ps(av, bv[v], acc[r][v]);
        }
    }
}

/* ---------------- RNN forward ---------------- */

struct rnn_fwd {
    int H;
    const float *hp, *w, *b_hh;
    const float *const *x;
    float *act, *hn;
};

/* h' = tanh(b_hh + h·W_hhᵀ + x) on rows r0.., nv vectors of columns from j:
 * cell_rnn's order (add_inputs adds x to the biased product). */
STEP_FN void rnn_tile(const int mr, const int nv, const struct rnn_fwd *s, int r0, int j)
{
    int off[MAX_VECS] = { j, j + 16, j + 32, j + 48 };
    __m512 acc[MAX_ROWS][MAX_VECS];
    chains(mr, nv, s->H, s->hp + (ptrdiff_t)r0 * s->H, s->H, s->w, s->H, off, acc);
#pragma GCC unroll 8
    for (int r = 0; r < mr; r++)
#pragma GCC unroll 4
        for (int v = 0; v < nv; v++) {
            size_t k = (size_t)(r0 + r) * s->H + off[v];
            __m512 pre = _mm512_add_ps(_mm512_loadu_ps(s->b_hh + off[v]), acc[r][v]);
            __m512 h = nn_vtanh16(_mm512_add_ps(pre, _mm512_loadu_ps(s->x[r0 + r] + off[v])));
            _mm512_storeu_ps(s->act + k, h);
            _mm512_storeu_ps(s->hn + k, h);
        }
}

typedef void rnn_fn(const struct rnn_fwd *s, int r0, int j);

#define RNN_TILE(MR, NV)                                                                     \
    __attribute__((target("avx512f"))) static void rnn_##MR##x##NV(const struct rnn_fwd *s,  \
                                                                   int r0, int j)            \
    {                                                                                        \
        rnn_tile(MR, NV, s, r0, j);                                                          \
    }
#define RNN_TILES(NV) RNN_TILE(1, NV) RNN_TILE(2, NV) RNN_TILE(4, NV) RNN_TILE(8, NV)
RNN_TILES(1)
RNN_TILES(2)

/* [nv - 1][rows]: tiles of 8 rows, the rest by 4, 2, 1. */
static rnn_fn *const rnn_tiles[2][9] = {
    { 0, rnn_1x1, rnn_2x1, 0, rnn_4x1, 0, 0, 0, rnn_8x1 },
    { 0, rnn_1x2, rnn_2x2, 0, rnn_4x2, 0, 0, 0, rnn_8x2 },
};

int nn_step_fused(int H)
{
    return nn_isa() == NN_ISA_AVX512 && H > 0 && H % 16 == 0 && H <= 16 * MAX_VECS;
}

void nn_step_rnn_forward(int batch, int H, const float *hp, const float *w_hh_t,
                         const float *b_hh, const float *const *xrow, float *act, float *hn)
{
    struct rnn_fwd s = { H, hp, w_hh_t, b_hh, xrow, act, hn };
    unsigned long long t0 = __rdtsc();
    for (int j = 0; j < H;) {
        int nv = H - j >= 32 ? 2 : 1, r0 = 0;
        for (int mr = 8; mr >= 1; mr /= 2)
            for (; r0 + mr <= batch; r0 += mr)
                rnn_tiles[nv - 1][mr](&s, r0, j);
        j += 16 * nv;
    }
    nn_gemm_account((unsigned long long)batch * H * H, __rdtsc() - t0);
}

/* ---------------- backward: ∂h = ∂gates·W_hh, then the cell ---------------- */

struct bwd {
    int H, gh;
    const float *dg, *w, *a, *cp, *tc, *hg, *hp;
    float *dh, *dc, *dc_out, *dg_out, *direct, *dhh_out;
};

/* dtanh(dy, y) = dy·(1 - y²), dsigm(dy, y) = dy·(1 - y)·y, as nn_recurrent.c. */
STEP_FN __m512 vdtanh(__m512 dy, __m512 y)
{
    return _mm512_mul_ps(dy, _mm512_sub_ps(_mm512_set1_ps(1.0f), _mm512_mul_ps(y, y)));
}

STEP_FN __m512 vdsigm(__m512 dy, __m512 y)
{
    return _mm512_mul_ps(_mm512_mul_ps(dy, _mm512_sub_ps(_mm512_set1_ps(1.0f), y)), y);
}

/* back_lstm_row on columns j..j+15 of row (k: offset in [B][H], row: in [B][4H]). */
STEP_FN void lstm_back16(const struct bwd *s, size_t k, size_t row, int j, __m512 dh)
{
    int H = s->H;
    const float *a = s->a + row;
    float *db = s->dg_out + row;
    __m512 i = _mm512_loadu_ps(a + j), f = _mm512_loadu_ps(a + H + j);
    __m512 g = _mm512_loadu_ps(a + 2 * H + j), o = _mm512_loadu_ps(a + 3 * H + j);
    __m512 t = _mm512_loadu_ps(s->tc + k + j);
    __m512 dcv = _mm512_add_ps(_mm512_loadu_ps(s->dc + k + j), vdtanh(_mm512_mul_ps(dh, o), t));
    _mm512_storeu_ps(s->dc_out + k + j, dcv);
    _mm512_storeu_ps(db + j, vdsigm(_mm512_mul_ps(dcv, g), i));
    _mm512_storeu_ps(db + H + j, vdsigm(_mm512_mul_ps(dcv, _mm512_loadu_ps(s->cp + k + j)), f));
    _mm512_storeu_ps(db + 2 * H + j, vdtanh(_mm512_mul_ps(dcv, i), g));
    _mm512_storeu_ps(db + 3 * H + j, vdsigm(_mm512_mul_ps(dh, t), o));
    _mm512_storeu_ps(s->dc + k + j, _mm512_mul_ps(dcv, f));
}

/* back_gru_row on columns j..j+15 of row (k: offset in [B][H], row: in [B][3H]). */
STEP_FN void gru_back16(const struct bwd *s, size_t k, size_t row, int j, __m512 dh)
{
    int H = s->H;
    const float *a = s->a + row, *hg = s->hg + row;
    float *dx = s->dg_out + row, *dhh = s->dhh_out + row;
    __m512 one = _mm512_set1_ps(1.0f);
    __m512 rr = _mm512_loadu_ps(a + j), z = _mm512_loadu_ps(a + H + j);
    __m512 n = _mm512_loadu_ps(a + 2 * H + j);
    __m512 dn = vdtanh(_mm512_mul_ps(dh, _mm512_sub_ps(one, z)), n);
    __m512 dr = vdsigm(_mm512_mul_ps(dn, _mm512_loadu_ps(hg + 2 * H + j)), rr);
    __m512 dz = vdsigm(_mm512_mul_ps(dh, _mm512_sub_ps(_mm512_loadu_ps(s->hp + k + j), n)), z);
    _mm512_storeu_ps(dx + j, dr);
    _mm512_storeu_ps(dhh + j, dr);
    _mm512_storeu_ps(dx + H + j, dz);
    _mm512_storeu_ps(dhh + H + j, dz);
    _mm512_storeu_ps(dx + 2 * H + j, dn);
    _mm512_storeu_ps(dhh + 2 * H + j, _mm512_mul_ps(dn, rr));
    _mm512_storeu_ps(s->direct + k + j, _mm512_mul_ps(dh, z));
}

/* Rows r0.. of dh = dg·W_hh (all H columns: nv = H/16 vectors), then each
 * row's cell derivatives; the GRU adds the direct path dh·z of the later
 * step first (nn_recurrent: dh += dtmp after the product). */
STEP_FN void back_tile(const int gru, const int mr, const int nv, const struct bwd *s, int r0)
{
    int off[MAX_VECS] = { 0, 16, 32, 48 };
    __m512 acc[MAX_ROWS][MAX_VECS];
    chains(mr, nv, s->gh, s->dg + (ptrdiff_t)r0 * s->gh, s->gh, s->w, s->H, off, acc);
#pragma GCC unroll 8
    for (int r = 0; r < mr; r++) {
        size_t k = (size_t)(r0 + r) * s->H, row = (size_t)(r0 + r) * s->gh;
#pragma GCC unroll 4
        for (int v = 0; v < nv; v++) {
            __m512 dh = acc[r][v];
            if (gru) {
                dh = _mm512_add_ps(dh, _mm512_loadu_ps(s->direct + k + 16 * v));
                gru_back16(s, k, row, 16 * v, dh);
            } else {
                lstm_back16(s, k, row, 16 * v, dh);
            }
            _mm512_storeu_ps(s->dh + k + 16 * v, dh);
        }
    }
}

typedef void bwd_fn(const struct bwd *s, int r0);

#define BWD_TILE(CELL, GRU, MR, NV)                                                          \
    __attribute__((target("avx512f"))) static void CELL##_##MR##x##NV(const struct bwd *s,   \
                                                                      int r0)                \
    {                                                                                        \
        back_tile(GRU, MR, NV, s, r0);                                                       \
    }
#define BWD_TILES(CELL, GRU, NV) BWD_TILE(CELL, GRU, 1, NV) BWD_TILE(CELL, GRU, 2, NV) \
    BWD_TILE(CELL, GRU, 4, NV) BWD_TILE(CELL, GRU, 8, NV)
#define BWD_ROW(CELL, NV) { 0, CELL##_1x##NV, CELL##_2x##NV, 0, CELL##_4x##NV, 0, 0, 0, \
                            CELL##_8x##NV }
BWD_TILES(lstm, 0, 1) BWD_TILES(lstm, 0, 2) BWD_TILES(lstm, 0, 3) BWD_TILES(lstm, 0, 4)
BWD_TILES(gru, 1, 1) BWD_TILES(gru, 1, 2) BWD_TILES(gru, 1, 3) BWD_TILES(gru, 1, 4)

/* [gru][nv - 1][rows]: tiles of 8 rows (8 × 4 vectors still leaves 8 of the
 * 32 registers for W_hh), the rest by 4, 2, 1. */
static bwd_fn *const bwd_tiles[2][MAX_VECS][9] = {
    { BWD_ROW(lstm, 1), BWD_ROW(lstm, 2), BWD_ROW(lstm, 3), BWD_ROW(lstm, 4) },
    { BWD_ROW(gru, 1), BWD_ROW(gru, 2), BWD_ROW(gru, 3), BWD_ROW(gru, 4) },
};

static void run_back(int gru, int batch, const struct bwd *s)
{
    int nv = s->H / 16, r0 = 0;
    unsigned long long t0 = __rdtsc();
    for (int mr = 8; mr >= 1; mr /= 2)
        for (; r0 + mr <= batch; r0 += mr)
            bwd_tiles[gru][nv - 1][mr](s, r0);
    nn_gemm_account((unsigned long long)batch * s->H * s->gh, __rdtsc() - t0);
}

void nn_step_lstm_backward(int batch, int H, const float *dg, const float *w_hh, float *dh,
                           const float *a, const float *cp, const float *tc, float *dc,
                           float *dc_out, float *dg_out)
{
    struct bwd s = { .H = H, .gh = 4 * H, .dg = dg, .w = w_hh, .a = a, .cp = cp, .tc = tc,
                     .dh = dh, .dc = dc, .dc_out = dc_out, .dg_out = dg_out };
    run_back(0, batch, &s);
}

void nn_step_gru_backward(int batch, int H, const float *dg, const float *w_hh, float *dh,
                          float *direct, const float *a, const float *hg, const float *hp,
                          float *dx_out, float *dhh_out)
{
    struct bwd s = { .H = H, .gh = 3 * H, .dg = dg, .w = w_hh, .a = a, .hg = hg, .hp = hp,
                     .dh = dh, .direct = direct, .dg_out = dx_out, .dhh_out = dhh_out };
    run_back(1, batch, &s);
}

#else /* not x86-64: no fused path; nn_step_fused() says so, nothing calls the rest */

int nn_step_fused(int H)
{
    (void)H;
    return 0;
}

void nn_step_rnn_forward(int batch, int H, const float *hp, const float *w_hh_t,
                         const float *b_hh, const float *const *xrow, float *act, float *hn)
{
    (void)batch; (void)H; (void)hp; (void)w_hh_t; (void)b_hh; (void)xrow; (void)act; (void)hn;
}

void nn_step_lstm_backward(int batch, int H, const float *dg, const float *w_hh, float *dh,
                           const float *a, const float *cp, const float *tc, float *dc,
                           float *dc_out, float *dg_out)
{
    (void)batch; (void)H; (void)dg; (void)w_hh; (void)dh; (void)a; (void)cp; (void)tc;
    (void)dc; (void)dc_out; (void)dg_out;
}

void nn_step_gru_backward(int batch, int H, const float *dg, const float *w_hh, float *dh,
                          float *direct, const float *a, const float *hg, const float *hp,
                          float *dx_out, float *dhh_out)
{
    (void)batch; (void)H; (void)dg; (void)w_hh; (void)dh; (void)direct; (void)a; (void)hg;
    (void)hp; (void)dx_out; (void)dhh_out;
}
#endif
