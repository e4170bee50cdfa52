/* exp_gradient.c — Step 3's gradient tables, the length sweep, the forget-bias
 * sweep and clipping, computed with the engine's RNN / LSTMCell and BPTT. */
#include "exp/exp_gradient.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp/expected_json.h"
#include "nn/nn_clip.h"
#include "nn/nn_gemm.h"
#include "nn/nn_loss.h"
#include "nn/nn_recurrent.h"
#include "rng/torch_init.h"
#include "rng/torch_rng.h"

enum { B = 64, D = 16, H = 32, T_MAIN = 50, T_LONGEST = 100, G_MAX = 4 };

struct inputs {
    int steps;
    float *x;        /* [steps][B][D] */
    float v[H];
};

static int draw_inputs(int steps, struct inputs *in, struct gb_err *err)
{
    struct torch_gen g;
    size_t n = (size_t)steps * B * D;
    in->steps = steps;
    in->x = malloc(n * sizeof *in->x);
    if (!in->x)
        return gb_fail(err, "out of memory for %d gradient-decay inputs", steps);
    torch_gen_seed(&g, 0);
    torch_normal_f32(&g, in->x, n, 0.0, 1.0);
    for (size_t i = 0; i < n; i++)
        in->x[i] *= 0.5f;
    torch_normal_f32(&g, in->v, H, 0.0, 1.0);
    for (int j = 0; j < H; j++)
        in->v[j] *= 0.2f;
    return 0;
}

struct weights {
    float w_ih[G_MAX * H * D], w_hh[G_MAX * H * H], b_ih[G_MAX * H], b_hh[G_MAX * H];
    float g_w_ih[G_MAX * H * D], g_w_hh[G_MAX * H * H], g_b_ih[G_MAX * H], g_b_hh[G_MAX * H];
};

static float norm_f32(const float *g, size_t n)
{
    double s = 0;
    for (size_t i = 0; i < n; i++)
        s += (double)g[i] * g[i];
    return (float)sqrt(s);
}

/* Forward over `steps` of in, loss at the last step, BPTT; out gets the norm of
 * ∂L/∂h_t (RNN) or ∂L/∂c_t (LSTM) at every step. */
static int measure(enum torch_cell kind, struct weights *w, const struct inputs *in, int steps,
                   struct exp_gradient_curve *out, struct gb_err *err)
{
    struct nn_recurrent r;
    float z[B], dz[B], ones[B], dh_last[B * H];
    if (nn_recurrent_init(&r, kind, D, H, steps, B, err) < 0)
        return -1;
    float *steps_grad = malloc((size_t)steps * B * H * sizeof *steps_grad);
    if (!steps_grad) {
        nn_recurrent_free(&r);
        return gb_fail(err, "out of memory for %d steps of gradients", steps);
    }
    nn_recurrent_bind(&r, w->w_ih, w->w_hh, w->b_ih, w->b_hh, w->g_w_ih, w->g_w_hh, w->g_b_ih,
                      w->g_b_hh);
    nn_recurrent_prepare(&r);
    nn_recurrent_project(&r, steps * B, in->x);
    nn_recurrent_forward(&r, steps, B);
    nn_gemm_nn(B, 1, H, nn_recurrent_hidden(&r, steps, B), H, in->v, 1, z, 1, 0);
    for (int b = 0; b < B; b++)
        ones[b] = 1.0f;
    nn_bce_logits_mean(B, z, ones, dz);
    for (int b = 0; b < B; b++)
        for (int j = 0; j < H; j++)
            dh_last[b * H + j] = dz[b] * in->v[j];
    int lstm = kind == TORCH_CELL_LSTM;
    nn_recurrent_backward(&r, steps, B, dh_last, lstm ? NULL : steps_grad,
                          lstm ? steps_grad : NULL);
    nn_recurrent_backward_project(&r, steps * B, in->x, NULL);
    out->steps = steps;
    for (int t = 0; t < steps; t++)
        out->norm[t] = norm_f32(steps_grad + (size_t)t * B * H, (size_t)B * H);
    free(steps_grad);
    nn_recurrent_free(&r);
    return 0;
}

/* Wx [D×H] and Wh [H×H] as the module draws them, stored as torch's
 * weight_ih = Wxᵀ, weight_hh = Whᵀ so that x·Wx = x·weight_ihᵀ. */
static void rnn_weights(double gain, struct weights *w)
{
    struct torch_gen g;
    float wx[D * H], wh[H * H];
    memset(w, 0, sizeof *w);
    torch_gen_seed(&g, 1);
    torch_normal_f32(&g, wx, D * H, 0.0, 1.0);
    for (int i = 0; i < D * H; i++)
        wx[i] *= 0.1f;
    torch_normal_f32(&g, wh, H * H, 0.0, 1.0);
    for (int i = 0; i < H * H; i++)
        wh[i] = wh[i] / (float)sqrt((double)H) * (float)gain;
    nn_transpose(wx, D, H, w->w_ih);
    nn_transpose(wh, H, H, w->w_hh);
}

static void clip_readings(struct weights *w, struct exp_gradient_clip *clip)
{
    float wh_copy[H * H];
    memcpy(wh_copy, w->g_w_hh, sizeof wh_copy);
    float *pair[] = { w->g_w_ih, w->g_w_hh }, *one[] = { wh_copy };
    size_t pair_n[] = { D * H, H * H }, one_n[] = { H * H };
    clip->before = nn_clip_grad_norm_list(2, pair, pair_n, 1.0f);
    clip->after = nn_grad_norm_list(2, pair, pair_n);
    clip->wh_only_before = nn_clip_grad_norm_list(1, one, one_n, 1.0f);
    clip->wh_only_after = nn_grad_norm_list(1, one, one_n);
}

int exp_gradient_rnn(double gain, int steps, enum exp_gradient_inputs inputs,
                     struct exp_gradient_curve *out, struct exp_gradient_clip *clip,
                     struct gb_err *err)
{
    if (steps < 2 || steps > EXP_GRADIENT_MAX_STEPS)
        return gb_fail(err, "sequence length %d is outside 2..%d", steps, EXP_GRADIENT_MAX_STEPS);
    struct inputs in;
    struct weights *w = malloc(sizeof *w);
    if (!w)
        return gb_fail(err, "out of memory for RNN weights");
    if (draw_inputs(inputs == EXP_GRADIENT_PREFIX ? T_LONGEST : steps, &in, err) < 0) {
        free(w);
        return -1;
    }
    rnn_weights(gain, w);
    int rc = measure(TORCH_CELL_RNN, w, &in, steps, out, err);
    if (!rc && clip)
        clip_readings(w, clip);
    free(in.x);
    free(w);
    return rc;
}

int exp_gradient_lstm(double forget_bias, struct exp_gradient_curve *out, struct gb_err *err)
{
    struct inputs in;
    struct torch_gen g;
    struct weights *w = calloc(1, sizeof *w);
    if (!w)
        return gb_fail(err, "out of memory for LSTM weights");
    if (draw_inputs(T_MAIN, &in, err) < 0) {
        free(w);
        return -1;
    }
    torch_gen_seed(&g, 1);
    torch_init_recurrent(&g, TORCH_CELL_LSTM, D, H, w->w_ih, w->w_hh, w->b_ih, w->b_hh);
    for (int j = H; j < 2 * H; j++) {
        w->b_ih[j] = (float)forget_bias;
        w->b_hh[j] = 0.0f;
    }
    int rc = measure(TORCH_CELL_LSTM, w, &in, T_MAIN, out, err);
    free(in.x);
    free(w);
    return rc;
}

/* ---------------- expected values ---------------- */

/* Blame reach: counting back from the last step, how many consecutive steps
 * keep a norm of at least threshold × the last step's. */
static int steps_above(const struct exp_gradient_curve *c, double threshold)
{
    double floor_value = c->norm[c->steps - 1] * threshold;
    int k = 0;
    while (k < c->steps && c->norm[c->steps - 1 - k] >= floor_value)
        k++;
    return k;
}

static const char *verdict(double ratio)
{
    return ratio < 0.1 ? "vanishes" : ratio > 10.0 ? "explodes" : "holds";
}

static int put_curve(cJSON *obj, const struct exp_gradient_curve *c, struct gb_err *err)
{
    static const int rows[] = { 50, 45, 40, 30, 25, 20, 10, 5, 1, 100 };
    int T = c->steps;
    double ratio = c->norm[0] / c->norm[T - 1];
    char key[32];
    if (expected_json_number(obj, "steps", T, err) ||
        expected_json_vector(obj, "norms", c->norm, T, err))
        return -1;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        if (rows[i] > T)
            continue;
        snprintf(key, sizeof key, "step_%d", rows[i]);
        if (expected_json_number(obj, key, c->norm[rows[i] - 1], err))
            return -1;
    }
    return expected_json_number(obj, "step_last", c->norm[T - 1], err) ||
           expected_json_number(obj, "ratio", ratio, err) ||
           expected_json_number(obj, "factor", pow(ratio, 1.0 / (T - 1)), err) ||
           expected_json_string(obj, "verdict", verdict(ratio), err) ? -1 : 0;
}

static int put_reach(cJSON *obj, const struct exp_gradient_curve *c, struct gb_err *err)
{
    int k = steps_above(c, 1e-3), T = c->steps;
    cJSON *r = expected_json_object(obj, "blame_above_thousandth", err);
    return !r || expected_json_number(r, "steps_above", k, err) ||
           expected_json_number(r, "steps_back", k - 1, err) ||
           expected_json_number(r, "earliest_step_above", T - k + 1, err) ||
           expected_json_number(r, "latest_step_below", T - k, err) ||
           expected_json_bool(r, "whole_sequence_above", k == T, err) ? -1 : 0;
}

static void gain_key(double gain, char *key, size_t size)
{
    int tenths = (int)lround(gain * 10);
    snprintf(key, size, "gain_%d_%d", tenths / 10, tenths % 10);
}

static int put_rnn_gains(cJSON *values, struct exp_gradient_clip *clip, struct gb_err *err)
{
    static const double gains[] = { 0.5, 0.9, 1.0, 1.2, 1.5 };
    cJSON *rnn = expected_json_object(values, "rnn", err);
    if (!rnn)
        return -1;
    for (size_t i = 0; i < sizeof gains / sizeof gains[0]; i++) {
        struct exp_gradient_curve c;
        char key[32];
        gain_key(gains[i], key, sizeof key);
        cJSON *o = expected_json_object(rnn, key, err);
        if (!o || exp_gradient_rnn(gains[i], T_MAIN, EXP_GRADIENT_RESEED, &c,
                                   gains[i] == 1.5 ? clip : NULL, err) ||
            expected_json_number(o, "gain", gains[i], err) || put_curve(o, &c, err))
            return -1;
    }
    return 0;
}

static int put_lengths(cJSON *values, const char *name, enum exp_gradient_inputs inputs,
                       const char *how, struct gb_err *err)
{
    static const int lengths[] = { 10, 25, 50, 100 };
    cJSON *o = expected_json_object(values, name, err);
    if (!o || expected_json_string(o, "inputs", how, err) ||
        expected_json_number(o, "gain", 1.0, err) ||
        expected_json_number(o, "blame_threshold", 1e-3, err))
        return -1;
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
        struct exp_gradient_curve c;
        char key[32];
        snprintf(key, sizeof key, "length_%d", lengths[i]);
        cJSON *l = expected_json_object(o, key, err);
        if (!l || exp_gradient_rnn(1.0, lengths[i], inputs, &c, NULL, err) ||
            put_curve(l, &c, err) || put_reach(l, &c, err))
            return -1;
    }
    return 0;
}

static int put_lstm(cJSON *values, struct gb_err *err)
{
    cJSON *lstm = expected_json_object(values, "lstm", err);
    if (!lstm)
        return -1;
    for (int fb = 0; fb <= 3; fb++) {
        struct exp_gradient_curve c;
        char key[32];
        snprintf(key, sizeof key, "bias_%d", fb);
        cJSON *o = expected_json_object(lstm, key, err);
        if (!o || exp_gradient_lstm(fb, &c, err) ||
            expected_json_number(o, "forget_bias", fb, err) || put_curve(o, &c, err))
            return -1;
    }
    return 0;
}

static int put_clip(cJSON *values, const struct exp_gradient_clip *clip, struct gb_err *err)
{
    cJSON *o = expected_json_object(values, "clip", err), *wh;
    return !o || expected_json_number(o, "gain", 1.5, err) ||
           expected_json_number(o, "max_norm", 1.0, err) ||
           expected_json_string(o, "parameters", "Wx, Wh", err) ||
           expected_json_number(o, "total_norm_before", clip->before, err) ||
           expected_json_number(o, "total_norm_after", clip->after, err) ||
           !(wh = expected_json_object(o, "wh_only", err)) ||
           expected_json_number(wh, "total_norm_before", clip->wh_only_before, err) ||
           expected_json_number(wh, "total_norm_after", clip->wh_only_after, err) ? -1 : 0;
}

int exp_gradient_values(cJSON *values, struct gb_err *err)
{
    struct exp_gradient_clip clip;
    cJSON *setup = expected_json_object(values, "setup", err);
    if (!setup || expected_json_number(setup, "steps", T_MAIN, err) ||
        expected_json_number(setup, "batch", B, err) ||
        expected_json_number(setup, "input_size", D, err) ||
        expected_json_number(setup, "hidden_size", H, err))
        return -1;
    if (put_rnn_gains(values, &clip, err) ||
        put_lengths(values, "lengths", EXP_GRADIENT_RESEED,
                    "reseed_per_length: manual_seed(0); x = randn(T,B,D)*0.5; v = randn(H,1)*0.2",
                    err) ||
        put_lengths(values, "lengths_prefix", EXP_GRADIENT_PREFIX,
                    "prefix_of_longest: x drawn once for T=100 (then v); steps 1..T used", err) ||
        put_lstm(values, err) || put_clip(values, &clip, err))
        return -1;
    return 0;
}
