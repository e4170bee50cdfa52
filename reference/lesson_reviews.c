/* lesson_reviews.c — Steps 1 and 2's Output blocks: the review data, the twin
 * pair, the bag models, and the hand-set RNN's memory printed step by step. */
#include <math.h>
#include <string.h>

#include "hand_rnn.h"
#include "lesson.h"
#include "lesson_steps.h"

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

static const char *const twin_a[8] = { "delivery", "was", "good", "and",
                                       "service", "was", "not", "slow" };
static const char *const twin_b[8] = { "delivery", "was", "slow", "and",
                                       "service", "was", "not", "good" };

static void join(const char *const *tokens, size_t n, char *buf, size_t size)
{
    size_t pos = 0;

    buf[0] = '\0';
    for (size_t i = 0; i < n && pos < size; i++)
        pos += (size_t)snprintf(buf + pos, size - pos, "%s%s", i ? " " : "", tokens[i]);
}

/* run_rnn(tokens, show=True) */
static void print_trace(FILE *out, const char *const *tokens, size_t n, double *final)
{
    double h[HAND_RNN_UNITS] = { 0.0, 0.0, 0.0 }, x[HAND_RNN_UNITS];
    char xs[80], hs[80];

    fprintf(out, "%4s %-10s %-20s %-28s\n", "step", "token", "x_t (pos,neg,not)",
            "h_t (mood, saw-not, count)");
    lesson_np_vector(h, 3, xs, sizeof xs);
    fprintf(out, "%4d %-10s %-20s %-28s\n", 0, "<start>", xs, xs);
    for (size_t t = 0; t < n; t++) {
        hand_rnn_features(tokens[t], x);
        hand_rnn_step(h, x, h);
        fprintf(out, "%4zu %-10s %-20s %-28s\n", t + 1, tokens[t],
                lesson_np_vector(x, 3, xs, sizeof xs), lesson_np_vector(h, 3, hs, sizeof hs));
    }
    memcpy(final, h, sizeof h);
}

static void summed_features(const char *const *tokens, size_t n, double sum[HAND_RNN_UNITS])
{
    double x[HAND_RNN_UNITS];

    memset(sum, 0, sizeof(double) * HAND_RNN_UNITS);
    for (size_t t = 0; t < n; t++) {
        hand_rnn_features(tokens[t], x);
        for (int u = 0; u < HAND_RNN_UNITS; u++)
            sum[u] += x[u];
    }
}

static void print_orders(FILE *out)
{
    static const int shuffle[8] = { 4, 0, 7, 2, 6, 1, 5, 3 };
    static const char *const labels[3] = { "as written", "reversed  ", "shuffled  " };
    const char *seq[3][8];
    double h[8][HAND_RNN_UNITS];
    char line[128];

    for (int i = 0; i < 8; i++) {
        seq[0][i] = twin_a[i];
        seq[1][i] = twin_a[7 - i];
        seq[2][i] = twin_a[shuffle[i]];
    }
    fprintf(out, "\nsame 8 words, 3 orders, one RNN:\n");
    for (int k = 0; k < 3; k++) {
        hand_rnn_trace(seq[k], 8, h);
        join(seq[k], 8, line, sizeof line);
        fprintf(out, " %s mood %+.3f count %.3f %s\n", labels[k], h[7][HAND_RNN_MOOD],
                h[7][HAND_RNN_COUNT], line);
    }
}

int lesson_step2_hand_rnn(FILE *out, struct gb_err *err)
{
    double ha[HAND_RNN_UNITS], hb[HAND_RNN_UNITS], sa[HAND_RNN_UNITS], sb[HAND_RNN_UNITS];
    double gap = 0.0;
    char line[128], va[80], vb[80];

    (void)err;
    join(twin_a, 8, line, sizeof line);
    fprintf(out, "REVIEW A (positive): %s\n", line);
    print_trace(out, twin_a, 8, ha);
    join(twin_b, 8, line, sizeof line);
    fprintf(out, "\nREVIEW B (negative): %s\n", line);
    print_trace(out, twin_b, 8, hb);
    for (int u = 0; u < HAND_RNN_UNITS; u++)
        gap = fmax(gap, fabs(ha[u] - hb[u]));
    fprintf(out, "\nfinal memory A: %s\n", lesson_np_vector(ha, 3, va, sizeof va));
    fprintf(out, "final memory B: %s\n", lesson_np_vector(hb, 3, vb, sizeof vb));
    fprintf(out, "they differ by : %.3f <- order changed the memory\n", gap);

    summed_features(twin_a, 8, sa);
    summed_features(twin_b, 8, sb);
    fprintf(out, "\nthe same features summed, order thrown away\n");
    fprintf(out, " A: %s\n B: %s\n identical? %s\n", lesson_np_vector(sa, 3, va, sizeof va),
            lesson_np_vector(sb, 3, vb, sizeof vb),
            memcmp(sa, sb, sizeof sa) ? "False" : "True");
    print_orders(out);
    return 0;
}

int lesson_step1_order(FILE *out, struct gb_err *err)
{
    (void)out;
    return gb_fail(err, "needs the review data and the training engine, not on main yet");
}
