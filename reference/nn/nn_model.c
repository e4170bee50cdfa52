/* nn_model.c — bag and sequence models: construction, forward, backward. */
#include "nn/nn_model.h"

#include <stdlib.h>
#include <string.h>

#include "nn/nn_gemm.h"
#include "nn/nn_math.h"

static float *alloc_floats(size_t n, int *failed)
{
    float *p = calloc(n ? n : 1, sizeof *p);
    if (!p)
        *failed = 1;
    return p;
}

static int declare(struct nn_params *p, const char *const *names, const size_t *counts, int k,
                   struct gb_err *err)
{
    for (int i = 0; i < k; i++)
        if (nn_params_add(p, names[i], counts[i], err) < 0)
            return -1;
    return nn_params_alloc(p, err);
}

int nn_model_bag(struct nn_model *m, struct torch_gen *g, int in, int hid, int max_batch,
                 struct gb_err *err)
{
    static const char *const logistic[] = { "weight", "bias" };
    static const char *const mlp[] = { "0.weight", "0.bias", "2.weight", "2.bias" };
    memset(m, 0, sizeof *m);
    m->kind = NN_MODEL_BAG;
    m->in = in;
    m->hid = hid;
    m->max_batch = max_batch;
    int width = hid ? hid : 1;
    size_t counts[] = { (size_t)width * in, (size_t)width, (size_t)hid, 1 };
    if (declare(&m->params, hid ? mlp : logistic, counts, hid ? 4 : 2, err) < 0)
        return -1;
    struct nn_params *p = &m->params;
    if (nn_linear_init(&m->l1, in, width, nn_params_value(p, 0), nn_params_value(p, 1),
                       nn_params_grad(p, 0), nn_params_grad(p, 1), err) < 0)
        goto fail;
    torch_init_linear(g, in, width, m->l1.weight, m->l1.bias);
    if (hid) {
        if (nn_linear_init(&m->l2, hid, 1, nn_params_value(p, 2), nn_params_value(p, 3),
                           nn_params_grad(p, 2), nn_params_grad(p, 3), err) < 0)
            goto fail;
        torch_init_linear(g, hid, 1, m->l2.weight, m->l2.bias);
    }
    int failed = 0;
    m->z1 = alloc_floats((size_t)max_batch * width, &failed);
    m->a1 = alloc_floats((size_t)max_batch * width, &failed);
    m->dz1 = alloc_floats((size_t)max_batch * width, &failed);
    m->xrows = alloc_floats((size_t)max_batch * in, &failed);
    m->logits = alloc_floats((size_t)max_batch, &failed);
    m->dlogits = alloc_floats((size_t)max_batch, &failed);
    if (!failed)
        return 0;
    gb_fail(err, "out of memory for a bag model of %d rows", max_batch);
fail:
    nn_model_free(m);
    return -1;
}

int nn_model_seq(struct nn_model *m, struct torch_gen *g, enum torch_cell core, int vocab,
                 int emb, int hid, int steps, int max_batch, struct gb_err *err)
{
    static const char *const names[] = { "embed.weight", "core.weight_ih_l0",
        "core.weight_hh_l0", "core.bias_ih_l0", "core.bias_hh_l0", "head.weight", "head.bias" };
    memset(m, 0, sizeof *m);
    m->kind = NN_MODEL_SEQ;
    m->vocab = vocab;
    m->emb = emb;
    m->hid = hid;
    m->steps = steps;
    m->max_batch = max_batch;
    size_t gh = (size_t)core * hid;
    size_t counts[] = { (size_t)vocab * emb, gh * emb, gh * hid, gh, gh, (size_t)hid, 1 };
    if (declare(&m->params, names, counts, 7, err) < 0)
        return -1;
    struct nn_params *p = &m->params;
    if (nn_recurrent_init(&m->core, core, emb, hid, steps, max_batch, err) < 0)
        goto fail;
    nn_recurrent_bind(&m->core, nn_params_value(p, 1), nn_params_value(p, 2),
                      nn_params_value(p, 3), nn_params_value(p, 4), nn_params_grad(p, 1),
                      nn_params_grad(p, 2), nn_params_grad(p, 3), nn_params_grad(p, 4));
    if (nn_linear_init(&m->head, hid, 1, nn_params_value(p, 5), nn_params_value(p, 6),
                       nn_params_grad(p, 5), nn_params_grad(p, 6), err) < 0)
        goto fail;
    torch_init_embedding(g, vocab, emb, nn_params_value(p, 0));
    torch_init_recurrent(g, core, emb, hid, m->core.w_ih, m->core.w_hh, m->core.b_ih,
                         m->core.b_hh);
    torch_init_linear(g, hid, 1, m->head.weight, m->head.bias);
    int failed = 0;
    m->logits = alloc_floats((size_t)max_batch, &failed);
    m->dlogits = alloc_floats((size_t)max_batch, &failed);
    m->hlast = alloc_floats((size_t)max_batch * hid, &failed);
    m->dh = alloc_floats((size_t)max_batch * hid, &failed);
    m->table = alloc_floats((size_t)vocab * gh, &failed);
    m->dtable = alloc_floats((size_t)vocab * gh, &failed);
    if (!failed)
        return 0;
    gb_fail(err, "out of memory for a sequence model of %d rows", max_batch);
fail:
    nn_model_free(m);
    return -1;
}

void nn_model_free(struct nn_model *m)
{
    nn_linear_free(&m->l1);
    nn_linear_free(&m->l2);
    nn_linear_free(&m->head);
    nn_recurrent_free(&m->core);
    nn_params_free(&m->params);
    float *bufs[] = { m->z1, m->a1, m->dz1, m->xrows, m->logits, m->dlogits, m->hlast, m->dh,
                      m->table, m->dtable };
    for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++)
        free(bufs[i]);
    memset(m, 0, sizeof *m);
}

void nn_model_fill_forget_bias(struct nn_model *m, float value)
{
    int H = m->hid;
    for (int j = H; j < 2 * H; j++) {
        m->core.b_ih[j] = value;
        m->core.b_hh[j] = 0.0f;
    }
}

static void bag_forward(struct nn_model *m, const struct nn_data *d, const int64_t *idx, int n,
                        float *logits)
{
    for (int i = 0; i < n; i++)
        memcpy(m->xrows + (size_t)i * m->in, d->x + (size_t)idx[i] * d->width,
               (size_t)m->in * sizeof *m->xrows);
    nn_linear_prepare(&m->l1);
    if (!m->hid) {
        nn_linear_forward(&m->l1, n, m->xrows, logits);
        return;
    }
    nn_linear_prepare(&m->l2);
    nn_linear_forward(&m->l1, n, m->xrows, m->z1);
    nn_relu_forward(n * m->hid, m->z1, m->a1);
    nn_linear_forward(&m->l2, n, m->a1, logits);
}

/* table[v] = b_ih + E[v]·W_ihᵀ, then xg[t][b] = table[token of row b at step t]. */
static void seq_forward(struct nn_model *m, const struct nn_data *d, const int64_t *idx, int n,
                        float *logits)
{
    struct nn_recurrent *r = &m->core;
    int T = m->steps, gh = r->gh;
    nn_recurrent_prepare(r);
    nn_linear_prepare(&m->head);
    nn_gemm_nn_bias(m->vocab, gh, m->emb, nn_params_value(&m->params, 0), m->emb, r->w_ih_t, gh,
                    r->b_ih, m->table, gh);
    for (int t = 0; t < T; t++)
        for (int b = 0; b < n; b++) {
            int tok = d->tok[(size_t)idx[b] * d->width + t];
            r->xrow[(size_t)t * n + b] = m->table + (size_t)tok * gh;
        }
    nn_recurrent_forward(r, T, n);
    nn_linear_forward(&m->head, n, nn_recurrent_hidden(r, T, n), logits);
}

void nn_model_forward(struct nn_model *m, const struct nn_data *d, const int64_t *idx, int n,
                      float *logits)
{
    if (m->kind == NN_MODEL_BAG)
        bag_forward(m, d, idx, n, logits);
    else
        seq_forward(m, d, idx, n, logits);
}

static void bag_backward(struct nn_model *m, int n, const float *dlogits)
{
    if (!m->hid) {
        nn_linear_backward(&m->l1, n, m->xrows, dlogits, NULL);
        return;
    }
    nn_linear_backward(&m->l2, n, m->a1, dlogits, m->dz1);
    nn_relu_backward(n * m->hid, m->a1, m->dz1, m->dz1);
    nn_linear_backward(&m->l1, n, m->xrows, m->dz1, NULL);
}

static void seq_backward(struct nn_model *m, int n, const float *dlogits)
{
    struct nn_recurrent *r = &m->core;
    int T = m->steps, gh = r->gh;
    struct nn_params *p = &m->params;
    nn_linear_backward(&m->head, n, nn_recurrent_hidden(r, T, n), dlogits, m->dh);
    /* BPTT, gathering ∂L/∂xg per vocabulary word (xrow points into the
     * table); then push it through the table. */
    memset(m->dtable, 0, (size_t)m->vocab * gh * sizeof *m->dtable);
    nn_recurrent_backward_table(r, T, n, m->dh, m->table, m->dtable);
    const float *table_in = nn_params_value(p, 0);
    nn_gemm_tn(gh, m->emb, m->vocab, m->dtable, gh, table_in, m->emb, r->g_w_ih, m->emb, 1);
    for (int j = 0; j < gh; j++) {
        float s = 0.0f;
        for (int v = 0; v < m->vocab; v++)
            s += m->dtable[(size_t)v * gh + j];
        r->g_b_ih[j] += s;
    }
    nn_gemm_nn(m->vocab, m->emb, gh, m->dtable, gh, r->w_ih, m->emb, nn_params_grad(p, 0),
               m->emb, 1);
}

void nn_model_backward(struct nn_model *m, int n, const float *dlogits)
{
    if (m->kind == NN_MODEL_BAG)
        bag_backward(m, n, dlogits);
    else
        seq_backward(m, n, dlogits);
}

void nn_model_logits_all(struct nn_model *m, const struct nn_data *d, float *logits)
{
    int64_t idx[256];
    int chunk = m->max_batch < 256 ? m->max_batch : 256;
    for (int start = 0; start < d->rows; start += chunk) {
        int n = d->rows - start < chunk ? d->rows - start : chunk;
        for (int i = 0; i < n; i++)
            idx[i] = start + i;
        nn_model_forward(m, d, idx, n, logits + start);
    }
}

double nn_model_fmas(const struct nn_model *m, int n, int backward)
{
    if (m->kind == NN_MODEL_BAG) {
        double width = m->hid ? m->hid : 1, l2 = m->hid ? (double)n * m->hid : 0;
        double fwd = (double)n * m->in * width + l2;
        return backward ? fwd + (double)n * m->in * width + 2 * l2 : fwd;
    }
    double T = m->steps, H = m->hid, gh = m->core.gh, E = m->emb, V = m->vocab;
    double fwd = V * gh * E            /* the projection table */
               + (T - 1) * n * gh * H  /* h·W_hhᵀ from step 2 on (h_0 = 0) */
               + n * H;                /* head */
    double bwd = 2 * (T - 1) * n * gh * H   /* ∂h, ∂W_hh */
               + 2 * n * H                  /* head ∂W, ∂h */
               + 2 * V * gh * E;            /* ∂W_ih, ∂E through the table */
    return backward ? fwd + bwd : fwd;
}
