/* torch_init.c — torch.nn's default initialisation, drawn in construction order.
 *
 * Bounds are computed in double exactly as torch/nn/init.py computes them in
 * Python; the uniform kernel then rounds them to float32 itself.
 */
#include "rng/torch_init.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void torch_init_linear(struct torch_gen *g, int in, int out, float *weight, float *bias)
{
    /* kaiming_uniform_(a=sqrt(5)): gain = sqrt(2 / (1 + a^2)), bound = sqrt(3) * gain / sqrt(fan_in). */
    double a = sqrt(5.0);
    double gain = sqrt(2.0 / (1.0 + a * a));
    double bound = sqrt(3.0) * (gain / sqrt((double)in));

    torch_uniform_f32(g, weight, (size_t)out * (size_t)in, -bound, bound);
    if (bias) {
        bound = in > 0 ? 1.0 / sqrt((double)in) : 0.0;
        torch_uniform_f32(g, bias, (size_t)out, -bound, bound);
    }
}

void torch_init_embedding(struct torch_gen *g, int num, int dim, float *weight)
{
    torch_normal_f32(g, weight, (size_t)num * (size_t)dim, 0.0, 1.0);
}

void torch_init_recurrent(struct torch_gen *g, enum torch_cell kind, int in, int hid,
                          float *w_ih, float *w_hh, float *b_ih, float *b_hh)
{
    double stdv = hid > 0 ? 1.0 / sqrt((double)hid) : 0.0;
    size_t rows = (size_t)kind * (size_t)hid;

    torch_uniform_f32(g, w_ih, rows * (size_t)in, -stdv, stdv);
    torch_uniform_f32(g, w_hh, rows * (size_t)hid, -stdv, stdv);
    torch_uniform_f32(g, b_ih, rows, -stdv, stdv);
    torch_uniform_f32(g, b_hh, rows, -stdv, stdv);
}

/* ---- named models, as `reference init MODEL` and the golden tests name them ---- */

#define SPEC_MAX_DIM 65536
#define SPEC_MAX_PARAMS ((size_t)1 << 26)

enum layer_kind { LAYER_LINEAR, LAYER_EMBEDDING, LAYER_RECURRENT };

struct layer {
    enum layer_kind kind;
    enum torch_cell cell;
    int in, out;              /* embedding: num, dim; recurrent: in, hid */
};

static size_t layer_params(const struct layer *l)
{
    size_t in = (size_t)l->in, out = (size_t)l->out, g = (size_t)l->cell;

    switch (l->kind) {
    case LAYER_LINEAR:    return out * in + out;
    case LAYER_EMBEDDING: return in * out;
    case LAYER_RECURRENT: return g * out * (in + out) + 2 * g * out;
    }
    return 0;
}

static float *layer_draw(struct torch_gen *g, const struct layer *l, float *p)
{
    size_t gh = (size_t)l->cell * (size_t)l->out;

    switch (l->kind) {
    case LAYER_LINEAR:
        torch_init_linear(g, l->in, l->out, p, p + (size_t)l->out * (size_t)l->in);
        break;
    case LAYER_EMBEDDING:
        torch_init_embedding(g, l->in, l->out, p);
        break;
    case LAYER_RECURRENT:
        torch_init_recurrent(g, l->cell, l->in, l->out, p, p + gh * (size_t)l->in,
                             p + gh * (size_t)(l->in + l->out),
                             p + gh * (size_t)(l->in + l->out) + gh);
        break;
    }
    return p + layer_params(l);
}

/* Parses ":A:B..." into exactly `want` dimensions in [1, SPEC_MAX_DIM]. */
static int parse_dims(const char *s, int *dims, int want)
{
    for (int i = 0; i < want; i++) {
        char *end;
        long v;

        if (*s != ':' || s[1] < '0' || s[1] > '9')
            return -1;
        v = strtol(s + 1, &end, 10);
        if (v < 1 || v > SPEC_MAX_DIM)
            return -1;
        dims[i] = (int)v;
        s = end;
    }
    return *s ? -1 : 0;
}

static int parse_cell(const char *s, enum torch_cell *cell)
{
    if (!strcmp(s, "rnn"))
        *cell = TORCH_CELL_RNN;
    else if (!strcmp(s, "lstm"))
        *cell = TORCH_CELL_LSTM;
    else if (!strcmp(s, "gru"))
        *cell = TORCH_CELL_GRU;
    else
        return -1;
    return 0;
}

/* The course's SeqNet / Step 5 recaller: Embedding(vocab,16) -> core(16,32) -> Linear(32,1).
 * The module's Step 5 has no GRU recaller, but memory_lab.py asks for one. */
static int seq_layers(const char *cell_name, int vocab, struct layer *ls)
{
    enum torch_cell cell;

    if (parse_cell(cell_name, &cell))
        return -1;
    ls[0] = (struct layer){ LAYER_EMBEDDING, 0, vocab, 16 };
    ls[1] = (struct layer){ LAYER_RECURRENT, cell, 16, 32 };
    ls[2] = (struct layer){ LAYER_LINEAR, 0, 32, 1 };
    return 3;
}

static int spec_layers(const char *spec, struct layer *ls)
{
    int d[3];

    if (!strncmp(spec, "linear", 6) && !parse_dims(spec + 6, d, 2)) {
        ls[0] = (struct layer){ LAYER_LINEAR, 0, d[0], d[1] };
        return 1;
    }
    if (!strncmp(spec, "mlp", 3) && !parse_dims(spec + 3, d, 3)) {
        ls[0] = (struct layer){ LAYER_LINEAR, 0, d[0], d[1] };
        ls[1] = (struct layer){ LAYER_LINEAR, 0, d[1], d[2] };
        return 2;
    }
    if (!strncmp(spec, "lstmcell", 8) && !parse_dims(spec + 8, d, 2)) {
        ls[0] = (struct layer){ LAYER_RECURRENT, TORCH_CELL_LSTM, d[0], d[1] };
        return 1;
    }
    if (!strncmp(spec, "seqnet:", 7))
        return seq_layers(spec + 7, 17, ls);
    if (!strncmp(spec, "recaller:", 9))
        return seq_layers(spec + 9, 10, ls);
    return -1;
}

int torch_init_model(const char *spec, uint64_t seed, float **params, size_t *count,
                     struct gb_err *err)
{
    return torch_init_model_runtime(spec, seed, TORCH_PROFILE_1_13, TORCH_KERNELS_AVX2, params,
                                    count, err);
}

int torch_init_model_runtime(const char *spec, uint64_t seed, enum torch_profile profile,
                             enum torch_kernels kernels, float **params, size_t *count,
                             struct gb_err *err)
{
    struct layer ls[3];
    struct torch_gen g;
    size_t total = 0;
    int n = spec_layers(spec, ls);
    float *p;

    if (n < 0)
        return gb_fail(err, "unknown model '%s' (expected linear:IN:OUT, mlp:IN:HID:OUT, "
                       "seqnet:rnn|gru|lstm, recaller:rnn|gru|lstm or lstmcell:IN:H)", spec);
    for (int i = 0; i < n; i++)
        total += layer_params(&ls[i]);
    if (total > SPEC_MAX_PARAMS)
        return gb_fail(err, "model '%s' has %zu parameters; the limit is %zu", spec, total,
                       SPEC_MAX_PARAMS);
    p = malloc(total * sizeof *p);
    if (!p)
        return gb_fail(err, "out of memory for %zu parameters of '%s'", total, spec);
    torch_gen_seed_runtime(&g, seed, profile, kernels);
    *params = p;
    for (int i = 0; i < n; i++)
        p = layer_draw(&g, &ls[i], p);
    *count = total;
    return 0;
}
