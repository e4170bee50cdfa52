/* hand_rnn.c — Step 2's hand-set NumPy RNN, traced in double precision. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nn/hand_rnn.h"
#include "rng/sequences.h"

/* The module's weights: rows are units (mood, saw-not, count). */
static const double wx[HAND_RNN_UNITS][HAND_RNN_UNITS] = {
    { 0.9, -0.9, 0.0 },
    { 0.0,  0.0, 2.0 },
    { 0.5,  0.5, 0.0 },
};
static const double wh[HAND_RNN_UNITS][HAND_RNN_UNITS] = {
    { 1.0, 0.0, 0.0 },
    { 0.0, 0.0, 0.0 },
    { 0.0, 0.0, 1.0 },
};
static const double bias[HAND_RNN_UNITS] = { 0.0, 0.0, 0.0 };

/* Step 1's POS and NEG lists are the vocabulary's id ranges. */
void hand_rnn_features(const char *token, double x[HAND_RNN_UNITS])
{
    int id = sequences_stoi(token);

    x[0] = id >= SEQ_GOOD && id <= SEQ_HELPFUL ? 1.0 : 0.0;
    x[1] = id >= SEQ_BAD && id <= SEQ_RUDE ? 1.0 : 0.0;
    x[2] = id == SEQ_NOT ? 1.0 : 0.0;
}

/* The sums run in NumPy's order (inner index left to right, then the additions as
 * written).  The trace still differs from NumPy's in the last bit or two (NumPy
 * 1.24 brings its own vectorised tanh on AVX-512 machines), which is why traces
 * are compared with HAND_RNN_SAME_TOL rather than for equality. */
static double dot3(const double w[HAND_RNN_UNITS], const double v[HAND_RNN_UNITS])
{
    return w[0] * v[0] + w[1] * v[1] + w[2] * v[2];
}

void hand_rnn_step(const double h_prev[HAND_RNN_UNITS], const double x[HAND_RNN_UNITS],
                   double h[HAND_RNN_UNITS])
{
    double pre[HAND_RNN_UNITS];

    for (int u = 0; u < HAND_RNN_UNITS; u++)
        pre[u] = dot3(wx[u], x) + dot3(wh[u], h_prev) + bias[u];
    for (int u = 0; u < HAND_RNN_UNITS; u++)
        h[u] = tanh(pre[u]);
}

void hand_rnn_trace(const char *const *tokens, size_t n, double (*h)[HAND_RNN_UNITS])
{
    double state[HAND_RNN_UNITS] = { 0.0, 0.0, 0.0 };
    double x[HAND_RNN_UNITS];

    for (size_t t = 0; t < n; t++) {
        hand_rnn_features(tokens[t], x);
        hand_rnn_step(state, x, state);
        memcpy(h[t], state, sizeof state);
    }
}

size_t hand_rnn_separation(const double (*ha)[HAND_RNN_UNITS],
                           const double (*hb)[HAND_RNN_UNITS], size_t n, double tol)
{
    for (size_t t = 0; t < n; t++)
        for (int u = 0; u < HAND_RNN_UNITS; u++)
            if (fabs(ha[t][u] - hb[t][u]) > tol)
                return t + 1;
    return 0;
}

long hand_rnn_separation_of(const char *const *a, size_t na,
                            const char *const *b, size_t nb, double tol)
{
    size_t n = na < nb ? na : nb;
    double (*ha)[HAND_RNN_UNITS] = calloc(n ? n : 1, sizeof *ha);
    double (*hb)[HAND_RNN_UNITS] = calloc(n ? n : 1, sizeof *hb);
    long step = -1;

    if (ha && hb) {
        hand_rnn_trace(a, n, ha);
        hand_rnn_trace(b, n, hb);
        step = (long)hand_rnn_separation((const double (*)[HAND_RNN_UNITS])ha,
                                         (const double (*)[HAND_RNN_UNITS])hb, n, tol);
    }
    free(ha);
    free(hb);
    return step;
}

size_t hand_rnn_first_opinion(const char *const *tokens, size_t n)
{
    double x[HAND_RNN_UNITS];

    for (size_t t = 0; t < n; t++) {
        hand_rnn_features(tokens[t], x);
        if (x[0] != 0.0 || x[1] != 0.0)
            return t + 1;
    }
    return 0;
}
