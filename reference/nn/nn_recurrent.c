/* nn_recurrent.c — RNN / GRU / LSTM layers, forward and BPTT (see nn_recurrent.h).
 *
 * Per step the recurrent product h·W_hhᵀ is one small gemm; the input side is
 * projected for all steps at once by the caller, and the weight gradient
 * ∂L/∂W_hh is one gemm over all T·B rows after the backward sweep.
 */
#include "nn/nn_recurrent.h"

#include <stdlib.h>
#include <string.h>

#include "nn/nn_gemm.h"
#include "nn/nn_isa.h"
#include "nn/nn_math.h"
#include "nn/nn_step.h"

static float *alloc_floats(size_t n, int *failed)
{
    float *p = calloc(n ? n : 1, sizeof *p);
    if (!p)
        *failed = 1;
    return p;
}

int nn_recurrent_init(struct nn_recurrent *r, enum torch_cell kind, int in, int hid,
                      int max_steps, int max_batch, struct gb_err *err)
{
    memset(r, 0, sizeof *r);
    r->kind = kind;
    r->in = in;
    r->hid = hid;
    r->gh = (int)kind * hid;
    r->max_steps = max_steps;
    r->max_batch = max_batch;
    size_t tb = (size_t)max_steps * max_batch, bh = (size_t)max_batch * hid;
    int failed = 0;
    r->w_ih_t = alloc_floats((size_t)in * r->gh, &failed);
    r->w_hh_t = alloc_floats((size_t)hid * r->gh, &failed);
    r->xg = alloc_floats(tb * r->gh, &failed);
    r->xrow = calloc(tb ? tb : 1, sizeof *r->xrow);
    failed |= !r->xrow;
    r->hg = alloc_floats(tb * r->gh, &failed);
    r->act = alloc_floats(tb * r->gh, &failed);
    r->dxg = alloc_floats(tb * r->gh, &failed);
    r->dhg = alloc_floats(tb * r->gh, &failed);
    r->h = alloc_floats(tb * hid + bh, &failed);
    r->c = alloc_floats(tb * hid + bh, &failed);
    r->tc = alloc_floats(tb * hid, &failed);
    r->dh = alloc_floats(bh, &failed);
    r->dc = alloc_floats(bh, &failed);
    r->dtmp = alloc_floats(bh, &failed);
    r->acc = alloc_floats((size_t)r->gh, &failed);
    if (failed) {
        nn_recurrent_free(r);
        return gb_fail(err, "out of memory for a recurrent layer of %d steps × %d rows",
                       max_steps, max_batch);
    }
    return 0;
}

void nn_recurrent_bind(struct nn_recurrent *r, float *w_ih, float *w_hh, float *b_ih, float *b_hh,
                       float *g_w_ih, float *g_w_hh, float *g_b_ih, float *g_b_hh)
{
    r->w_ih = w_ih;
    r->w_hh = w_hh;
    r->b_ih = b_ih;
    r->b_hh = b_hh;
    r->g_w_ih = g_w_ih;
    r->g_w_hh = g_w_hh;
    r->g_b_ih = g_b_ih;
    r->g_b_hh = g_b_hh;
}

void nn_recurrent_free(struct nn_recurrent *r)
{
    float **bufs[] = { &r->w_ih_t, &r->w_hh_t, &r->xg, &r->hg, &r->act, &r->dxg, &r->dhg,
                       &r->h, &r->c, &r->tc, &r->dh, &r->dc, &r->dtmp, &r->acc };
    for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++) {
        free(*bufs[i]);
        *bufs[i] = NULL;
    }
    free(r->xrow);
    r->xrow = NULL;
}

void nn_recurrent_prepare(struct nn_recurrent *r)
{
    nn_transpose(r->w_ih, r->gh, r->in, r->w_ih_t);
    nn_transpose(r->w_hh, r->gh, r->hid, r->w_hh_t);
}

static void fill_rows(float *dst, int rows, const float *row, int cols)
{
    for (int i = 0; i < rows; i++)
        memcpy(dst + (size_t)i * cols, row, (size_t)cols * sizeof *dst);
}

/* dst[j] += Σ_i src[i][j], each column summed from zero in row order. */
NN_ELEMENTWISE static void colsum_add(float *acc, int rows, int cols, const float *src, float *dst)
{
    memset(acc, 0, (size_t)cols * sizeof *acc);
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            acc[j] += src[(size_t)i * cols + j];
    for (int j = 0; j < cols; j++)
        dst[j] += acc[j];
}

void nn_recurrent_project(struct nn_recurrent *r, int rows, const float *x)
{
    nn_gemm_nn_bias(rows, r->gh, r->in, x, r->in, r->w_ih_t, r->gh, r->b_ih, r->xg, r->gh);
    for (int i = 0; i < rows; i++)
        r->xrow[i] = r->xg + (size_t)i * r->gh;
}

const float *nn_recurrent_hidden(const struct nn_recurrent *r, int t, int batch)
{
    return r->h + (size_t)t * batch * r->hid;
}

/* RNN and LSTM: a holds b_hh + h·W_hhᵀ on entry; torch adds the input side to it. */
NN_ELEMENTWISE static void add_inputs(int batch, int gh, const float *const *xr, float *a)
{
    for (int b = 0; b < batch; b++) {
        float *ab = a + (size_t)b * gh;
        const float *xb = xr[b];
        for (int j = 0; j < gh; j++)
            ab[j] += xb[j];
    }
}

static void cell_rnn(const struct nn_recurrent *r, int batch, const float *const *xr, float *a,
                     float *hn)
{
    size_t n = (size_t)batch * r->hid;
    add_inputs(batch, r->gh, xr, a);
    nn_tanh_inplace(a, n);
    memcpy(hn, a, n * sizeof *hn);
}

static void cell_lstm(const struct nn_recurrent *r, int batch, const float *const *xr, float *a,
                      const float *cp, float *cn, float *tc, float *hn)
{
    nn_lstm_cell_rows(batch, r->hid, a, xr, cp, cn, tc, hn);
}

NN_ELEMENTWISE static void gru_gates(int batch, int H, const float *const *xr, const float *hg,
                                     float *a)
{
    for (int b = 0; b < batch; b++) {
        float *ab = a + (size_t)b * 3 * H;
        const float *xb = xr[b], *hb = hg + (size_t)b * 3 * H;
        for (int j = 0; j < 2 * H; j++)
            ab[j] = hb[j] + xb[j];
    }
}

NN_ELEMENTWISE static void gru_candidate(int batch, int H, const float *const *xr,
                                         const float *hg, float *a)
{
    for (int b = 0; b < batch; b++) {
        float *ab = a + (size_t)b * 3 * H;
        const float *xb = xr[b], *hb = hg + (size_t)b * 3 * H;
        for (int j = 0; j < H; j++)
            ab[2 * H + j] = xb[2 * H + j] + hb[2 * H + j] * ab[j];
    }
}

NN_ELEMENTWISE static void gru_output(int batch, int H, const float *a, const float *hp,
                                      float *hn)
{
    for (int b = 0; b < batch; b++)
        for (int j = 0; j < H; j++) {
            size_t k = (size_t)b * H + j;
            float n = a[(size_t)b * 3 * H + 2 * H + j];
            hn[k] = (hp[k] - n) * a[(size_t)b * 3 * H + H + j] + n;
        }
}

static void cell_gru(const struct nn_recurrent *r, int batch, const float *const *xr,
                     const float *hg, float *a, const float *hp, float *hn)
{
    int H = r->hid, gh = r->gh;
    gru_gates(batch, H, xr, hg, a);
    for (int b = 0; b < batch; b++)
        nn_sigmoid_inplace(a + (size_t)b * gh, 2 * (size_t)H);
    gru_candidate(batch, H, xr, hg, a);
    for (int b = 0; b < batch; b++)
        nn_tanh_inplace(a + (size_t)b * gh + 2 * H, (size_t)H);
    gru_output(batch, H, a, hp, hn);
}

void nn_recurrent_forward(struct nn_recurrent *r, int steps, int batch)
{
    int H = r->hid, gh = r->gh, gru = r->kind == TORCH_CELL_GRU;
    int fused = r->kind == TORCH_CELL_RNN && nn_step_fused(H);
    size_t bg = (size_t)batch * gh, bh = (size_t)batch * H;
    memset(r->h, 0, bh * sizeof *r->h);
    memset(r->c, 0, bh * sizeof *r->c);
    for (int t = 0; t < steps; t++) {
        float *hg = r->hg + t * bg, *a = r->act + t * bg;
        float *pre = gru ? hg : a;        /* b_hh + h·W_hhᵀ */
        const float *const *xr = r->xrow + (size_t)t * batch;
        const float *hp = r->h + t * bh;
        float *hn = r->h + (t + 1) * bh;
        if (t > 0 && fused) {
            nn_step_rnn_forward(batch, H, hp, r->w_hh_t, r->b_hh, xr, a, hn);
            continue;
        }
        if (t > 0)
            nn_gemm_nn_bias(batch, gh, H, hp, H, r->w_hh_t, gh, r->b_hh, pre, gh);
        else         /* h_0 = 0 contributes exactly nothing */
            fill_rows(pre, batch, r->b_hh, gh);
        if (gru)
            cell_gru(r, batch, xr, hg, a, hp, hn);
        else if (r->kind == TORCH_CELL_RNN)
            cell_rnn(r, batch, xr, a, hn);
        else
            cell_lstm(r, batch, xr, a, r->c + t * bh, r->c + (t + 1) * bh, r->tc + t * bh, hn);
    }
}

/* Torch's derivative forms: tanh' = dy·(1 - y²), sigmoid' = dy·(1 - y)·y. */
static inline float dtanh(float dy, float y) { return dy * (1.0f - y * y); }
static inline float dsigm(float dy, float y) { return dy * (1.0f - y) * y; }

NN_ELEMENTWISE static void back_rnn(const struct nn_recurrent *r, int batch, const float *a, const float *dh,
                     float *dxg)
{
    size_t n = (size_t)batch * r->hid;
    for (size_t i = 0; i < n; i++)
        dxg[i] = dtanh(dh[i], a[i]);
}

/* One row; restrict lets the loop run 8 lanes wide (rows never overlap). */
NN_ELEMENTWISE static void back_lstm_row(int H, const float *restrict a,
                                         const float *restrict cp, const float *restrict tc,
                                         const float *restrict dh, float *restrict dc,
                                         float *restrict dc_out, float *restrict db)
{
    for (int j = 0; j < H; j++) {
        float i = a[j], f = a[H + j], g = a[2 * H + j], o = a[3 * H + j];
        float dcv = dc[j] + dtanh(dh[j] * o, tc[j]);
        dc_out[j] = dcv;
        db[j] = dsigm(dcv * g, i);
        db[H + j] = dsigm(dcv * cp[j], f);
        db[2 * H + j] = dtanh(dcv * i, g);
        db[3 * H + j] = dsigm(dh[j] * tc[j], o);
        dc[j] = dcv * f;
    }
}

/* dc_out receives ∂L/∂c_t (scratch when the caller does not want it). */
static void back_lstm(const struct nn_recurrent *r, int batch, const float *a, const float *cp,
                      const float *tc, const float *dh, float *dc, float *dc_out, float *dxg)
{
    int H = r->hid, gh = r->gh;
    for (int b = 0; b < batch; b++) {
        size_t k = (size_t)b * H;
        back_lstm_row(H, a + (size_t)b * gh, cp + k, tc + k, dh + k, dc + k, dc_out + k,
                      dxg + (size_t)b * gh);
    }
}

/* GRU: the n gate's hidden-side gradient is scaled by r, so dxg != dhg. */
NN_ELEMENTWISE static void back_gru_row(int H, const float *restrict a,
                                        const float *restrict hg, const float *restrict hp,
                                        const float *restrict dh, float *restrict direct,
                                        float *restrict dx, float *restrict dhh)
{
    for (int j = 0; j < H; j++) {
        float rr = a[j], z = a[H + j], n = a[2 * H + j];
        float dn = dtanh(dh[j] * (1.0f - z), n);
        float dr = dsigm(dn * hg[2 * H + j], rr), dz = dsigm(dh[j] * (hp[j] - n), z);
        dx[j] = dhh[j] = dr;
        dx[H + j] = dhh[H + j] = dz;
        dx[2 * H + j] = dn;
        dhh[2 * H + j] = dn * rr;
        direct[j] = dh[j] * z;
    }
}

static void back_gru(const struct nn_recurrent *r, int batch, const float *a, const float *hg,
                     const float *hp, const float *dh, float *direct, float *dxg, float *dhg)
{
    int H = r->hid, gh = r->gh;
    for (int b = 0; b < batch; b++) {
        size_t k = (size_t)b * H, kg = (size_t)b * gh;
        back_gru_row(H, a + kg, hg + kg, hp + k, dh + k, direct + k, dxg + kg, dhg + kg);
    }
}

/* One step's cell derivatives: ∂gates of step t from r->dh (and r->dc). */
static void back_step(struct nn_recurrent *r, int t, int batch, float *dhg_all, float *dc_steps)
{
    size_t bg = (size_t)batch * r->gh, bh = (size_t)batch * r->hid;
    const float *a = r->act + t * bg;
    float *dxg = r->dxg + t * bg;
    if (r->kind == TORCH_CELL_RNN)
        back_rnn(r, batch, a, r->dh, dxg);
    else if (r->kind == TORCH_CELL_LSTM)
        back_lstm(r, batch, a, r->c + t * bh, r->tc + t * bh, r->dh, r->dc,
                  dc_steps ? dc_steps + t * bh : r->dtmp, dxg);
    else
        back_gru(r, batch, a, r->hg + t * bg, r->h + t * bh, r->dh, r->dtmp, dxg,
                 dhg_all + t * bg);
}

/* The sweep from step T-1 down to 0: every step's ∂gates, and ∂W_hh. */
static void backward_sweep(struct nn_recurrent *r, int steps, int batch, const float *dh_last,
                           float *dh_steps, float *dc_steps)
{
    int H = r->hid, gh = r->gh;
    size_t bg = (size_t)batch * gh, bh = (size_t)batch * H;
    int gru = r->kind == TORCH_CELL_GRU;
    /* the product ∂h = ∂gates·W_hh fused with the next step's cell
     * derivatives, when nobody asks for the per-step gradients in between */
    int fused = r->kind != TORCH_CELL_RNN && !dh_steps && !dc_steps && nn_step_fused(H);
    float *dhg_all = gru ? r->dhg : r->dxg;
    memcpy(r->dh, dh_last, bh * sizeof *r->dh);
    memset(r->dc, 0, bh * sizeof *r->dc);
    if (steps <= 0)
        return;
    if (dh_steps)
        memcpy(dh_steps + (steps - 1) * bh, r->dh, bh * sizeof *r->dh);
    back_step(r, steps - 1, batch, dhg_all, dc_steps);
    for (int t = steps - 1; t > 0; t--) {
        float *dhg = dhg_all + t * bg;
        /* ∂W_hh while this step's rows are hot: per step, as autograd sums it
         * (step 0 meets h_0 = 0 and adds nothing). */
        nn_gemm_tn(gh, H, batch, dhg, gh, r->h + t * bh, H, r->g_w_hh, H, 1);
        if (fused && !gru) {
            nn_step_lstm_backward(batch, H, dhg, r->w_hh, r->dh, r->act + (t - 1) * bg,
                                  r->c + (t - 1) * bh, r->tc + (t - 1) * bh, r->dc, r->dtmp,
                                  r->dxg + (t - 1) * bg);
            continue;
        }
        if (fused) {
            nn_step_gru_backward(batch, H, dhg, r->w_hh, r->dh, r->dtmp, r->act + (t - 1) * bg,
                                 r->hg + (t - 1) * bg, r->h + (t - 1) * bh,
                                 r->dxg + (t - 1) * bg, r->dhg + (t - 1) * bg);
            continue;
        }
        nn_gemm_nn(batch, H, gh, dhg, gh, r->w_hh, H, r->dh, H, 0);
        if (gru)
            for (size_t k = 0; k < bh; k++)
                r->dh[k] += r->dtmp[k];
        if (dh_steps)
            memcpy(dh_steps + (t - 1) * bh, r->dh, bh * sizeof *r->dh);
        back_step(r, t - 1, batch, dhg_all, dc_steps);
    }
}

void nn_recurrent_backward(struct nn_recurrent *r, int steps, int batch, const float *dh_last,
                           float *dh_steps, float *dc_steps)
{
    backward_sweep(r, steps, batch, dh_last, dh_steps, dc_steps);
    colsum_add(r->acc, steps * batch, r->gh, r->kind == TORCH_CELL_GRU ? r->dhg : r->dxg,
               r->g_b_hh);
}

/* One row of both sums: acc += the hidden-side row, dtab += the input-side row. */
NN_ELEMENTWISE static void sum_row(int cols, const float *restrict hrow,
                                   const float *restrict xrow, float *restrict acc,
                                   float *restrict dtab)
{
    for (int j = 0; j < cols; j++) {
        acc[j] += hrow[j];
        dtab[j] += xrow[j];
    }
}

#if defined(__x86_64__) && !defined(__clang__)
#include <immintrin.h>

/* All rows of both sums with acc's gh = 16·NV running sums in registers: the
 * row-at-a-time sum_row reloads and stores them, a store-to-load chain per
 * row that cost more than the additions.  Every element is still summed in
 * row order, so the bits are sum_row's. */
#define SUM_ROWS_AVX512(NV)                                                                  \
    __attribute__((target("avx512f"))) static void sum_rows_##NV(                           \
        size_t rows, const float *hg, const float *xg, const float *const *xrow,            \
        const float *table, float *acc, float *dtable)                                      \
    {                                                                                        \
        __m512 a[NV];                                                                        \
        _Pragma("GCC unroll 8") for (int k = 0; k < NV; k++) a[k] = _mm512_setzero_ps();    \
        for (size_t i = 0; i < rows; i++) {                                                  \
            const float *h = hg + i * (16 * NV), *x = xg + i * (16 * NV);                    \
            float *d = dtable + (xrow[i] - table);                                           \
            _Pragma("GCC unroll 8") for (int k = 0; k < NV; k++) {                           \
                a[k] = _mm512_add_ps(a[k], _mm512_loadu_ps(h + 16 * k));                     \
                _mm512_storeu_ps(d + 16 * k, _mm512_add_ps(_mm512_loadu_ps(d + 16 * k),       \
                                                           _mm512_loadu_ps(x + 16 * k)));     \
            }                                                                                \
        }                                                                                    \
        _Pragma("GCC unroll 8") for (int k = 0; k < NV; k++)                                 \
            _mm512_storeu_ps(acc + 16 * k, a[k]);                                            \
    }
SUM_ROWS_AVX512(2)
SUM_ROWS_AVX512(6)
SUM_ROWS_AVX512(8)

/* Both sums over all rows on the AVX-512 path for the layer widths the
 * models use (RNN, GRU, LSTM of 32 units); 0 when another path must. */
static int sum_rows_vector(int gh, size_t rows, const float *hg, const float *xg,
                           const float *const *xrow, const float *table, float *acc,
                           float *dtable)
{
    if (nn_isa() != NN_ISA_AVX512)
        return 0;
    switch (gh) {
    case 32: sum_rows_2(rows, hg, xg, xrow, table, acc, dtable); return 1;
    case 96: sum_rows_6(rows, hg, xg, xrow, table, acc, dtable); return 1;
    case 128: sum_rows_8(rows, hg, xg, xrow, table, acc, dtable); return 1;
    default: return 0;
    }
}
#else
static int sum_rows_vector(int gh, size_t rows, const float *hg, const float *xg,
                           const float *const *xrow, const float *table, float *acc,
                           float *dtable)
{
    (void)gh; (void)rows; (void)hg; (void)xg; (void)xrow; (void)table; (void)acc; (void)dtable;
    return 0;
}
#endif

void nn_recurrent_backward_table(struct nn_recurrent *r, int steps, int batch,
                                 const float *dh_last, const float *table, float *dtable)
{
    int gh = r->gh;
    size_t rows = (size_t)steps * batch;
    const float *dhg_all = r->kind == TORCH_CELL_GRU ? r->dhg : r->dxg;
    backward_sweep(r, steps, batch, dh_last, NULL, NULL);
    memset(r->acc, 0, (size_t)gh * sizeof *r->acc);
    if (!sum_rows_vector(gh, rows, dhg_all, r->dxg, r->xrow, table, r->acc, dtable))
        for (size_t i = 0; i < rows; i++)
            sum_row(gh, dhg_all + i * gh, r->dxg + i * gh, r->acc,
                    dtable + (r->xrow[i] - table));
    for (int j = 0; j < gh; j++)
        r->g_b_hh[j] += r->acc[j];
}

void nn_recurrent_backward_project(struct nn_recurrent *r, int rows, const float *x, float *dx)
{
    nn_gemm_tn(r->gh, r->in, rows, r->dxg, r->gh, x, r->in, r->g_w_ih, r->in, 1);
    colsum_add(r->acc, rows, r->gh, r->dxg, r->g_b_ih);
    if (dx)
        nn_gemm_nn(rows, r->in, r->gh, r->dxg, r->gh, r->w_ih, r->in, dx, r->in, 0);
}
