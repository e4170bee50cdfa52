/* lesson_attention.c — Step 6's Output block: attention by hand on four tokens. */
#include <math.h>
#include <string.h>

#include "nn/attention.h"
#include "exp/exp_attention.h"
#include "exp/exp_selfcheck.h"
#include "lesson/lesson.h"
#include "lesson/lesson_steps.h"

#define N EXP_ATTENTION_N
#define D EXP_ATTENTION_D

/* Step 6 names its four tokens differently from the exercise; the meanings and
 * the query matrix are the same numbers. */
static const char *const step6_tokens[N] = { "service", "was", "not", "slow" };
static const char *const step6_axes = "['subject', 'good/bad', 'negation', 'filler']";

static void print_header(FILE *out, int with_sum)
{
    fprintf(out, "%-9s", "");
    for (int j = 0; j < N; j++)
        fprintf(out, "%10s", step6_tokens[j]);
    if (with_sum)
        fprintf(out, "%8s", "sum");
    fprintf(out, "\n");
}

static void print_rows(FILE *out, const double *m, int cols)
{
    char v[160];

    for (int i = 0; i < N; i++)
        fprintf(out, " %-8s %s\n", step6_tokens[i], lesson_np_vector(m + i * cols, cols, v, sizeof v));
}

/* The module's attend(): scores, weights with their row sums, outputs. */
static void print_attend(FILE *out, const char *label, const struct attention_result *r)
{
    fprintf(out, "\n--- %s ---\n", label);
    fprintf(out, "scores (query row, key column), divided by sqrt(4):\n");
    print_header(out, 0);
    for (int i = 0; i < N; i++) {
        fprintf(out, "%-9s", step6_tokens[i]);
        for (int j = 0; j < N; j++)
            fprintf(out, "%10.3f", r->scores[i * N + j]);
        fprintf(out, "\n");
    }
    fprintf(out, "attention weights after softmax (each row adds to 1.000):\n");
    print_header(out, 1);
    for (int i = 0; i < N; i++) {
        double sum = 0.0;

        fprintf(out, "%-9s", step6_tokens[i]);
        for (int j = 0; j < N; j++) {
            fprintf(out, "%10.3f", r->weights[i * N + j]);
            sum += r->weights[i * N + j];
        }
        fprintf(out, "%8.3f\n", sum);
    }
    fprintf(out, "output = weights times the value vectors:\n");
    print_rows(out, r->out, D);
}

static void print_slow_row(FILE *out, const struct attention_result *b, double gap)
{
    const double *e = exp_attention_meanings;
    int i = 3;   /* TOKENS.index("slow") */

    fprintf(out, "\nreading the 'slow' row aloud:\n");
    for (int j = 0; j < N; j++)
        fprintf(out, " %.3f of its new meaning comes from '%s'\n", b->weights[i * N + j],
                step6_tokens[j]);
    fprintf(out, " its good/bad number moved from %+.3f to %+.3f\n", e[i * D + 1], b->out[i * D + 1]);
    fprintf(out, " its negation number moved from %+.3f to %+.3f\n", e[i * D + 2], b->out[i * D + 2]);
    fprintf(out, "\nlargest gap against torch's own attention: %.2e\n", gap);
    fprintf(out, "hops from 'not' to 'slow': RNN %d, attention %d\n",
            selfcheck_hops_rnn(3, 4), selfcheck_hops_attention(3, 4));
    fprintf(out, "hops from token 1 to token 50: RNN %d, attention %d\n",
            selfcheck_hops_rnn(1, 50), selfcheck_hops_attention(1, 50));
}

int lesson_step6_attention(FILE *out, struct gb_err *err)
{
    const double *e = exp_attention_meanings;
    struct attention_result a, b, b_torch;
    double q[N * D], gap = 0.0;

    for (int i = 0; i < N; i++)          /* Q = E Wqᵀ */
        for (int j = 0; j < D; j++) {
            q[i * D + j] = 0.0;
            for (int k = 0; k < D; k++)
                q[i * D + j] += e[i * D + k] * exp_attention_wq[j * D + k];
        }
    if (attention_attend(e, e, e, N, D, ATTENTION_SCALED, &a, err) ||
        attention_attend(q, e, e, N, D, ATTENTION_SCALED, &b, err) ||
        attention_attend(q, e, e, N, D, ATTENTION_QUERY_PRESCALED, &b_torch, err))
        return -1;
    for (int i = 0; i < N * D; i++)
        gap = fmax(gap, fabs(b.out[i] - b_torch.out[i]));

    fprintf(out, "four 4-number meanings, axes = %s\n", step6_axes);
    print_rows(out, e, D);
    print_attend(out, "A. raw self-attention: query = key = value = the meanings", &a);
    fprintf(out, "\nqueries after one small query matrix (Wq):\n");
    print_rows(out, q, D);
    print_attend(out, "B. separate query, key and value: what 2.8 really uses", &b);
    print_slow_row(out, &b, gap);
    return 0;
}
