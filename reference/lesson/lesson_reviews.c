/* lesson_reviews.c — Steps 1 and 2's Output blocks: the review data, the twin
 * pair, the bag models, and the hand-set RNN's memory printed step by step. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "exp/exp_order.h"
#include "nn/hand_rnn.h"
#include "lesson/lesson.h"
#include "lesson/lesson_steps.h"
#include "rng/sequences.h"

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

static int compare_words(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* print("A sorted:", sorted(a)): Python's list repr. */
static void print_sorted(FILE *out, const char *label, const char **sorted)
{
    fprintf(out, "%s sorted: [", label);
    for (int i = 0; i < 8; i++)
        fprintf(out, "%s'%s'", i ? ", " : "", sorted[i]);
    fprintf(out, "]\n");
}

static void print_data(FILE *out)
{
    static struct seq_review test[ORDER_TEST_ROWS], first[4];
    int very = 0, nots = 0;
    char line[128];

    sequences_make_reviews(ORDER_TEST_ROWS, ORDER_TEST_SEED, test);
    for (int i = 0; i < ORDER_TEST_ROWS; i++)
        test[i].kind == SEQ_KIND_VERY ? very++ : nots++;
    fprintf(out, "vocabulary %d words; every review is %d tokens\n", SEQ_VOCAB_SIZE, SEQ_REVIEW_LEN);
    fprintf(out, "train (%d, %d) test (%d, %d) test rows: %d 'very', %d 'not'\n", ORDER_TRAIN_ROWS,
            SEQ_REVIEW_LEN, ORDER_TEST_ROWS, SEQ_REVIEW_LEN, very, nots);
    sequences_make_reviews(4, ORDER_TEST_SEED, first);
    for (int i = 0; i < 4; i++) {
        const char *words[SEQ_REVIEW_LEN];

        for (int k = 0; k < SEQ_REVIEW_LEN; k++)
            words[k] = sequences_vocab[first[i].ids[k]];
        join(words, SEQ_REVIEW_LEN, line, sizeof line);
        fprintf(out, " %-52s label %d (%s)\n", line, first[i].label,
                sequences_kind_name(first[i].kind));
    }
}

static int print_twins(FILE *out, struct gb_err *err)
{
    const char *sorted_a[8], *sorted_b[8];
    int ids_a[8], ids_b[8], same_words = 1;
    float bag_a[SEQ_VOCAB_SIZE], bag_b[SEQ_VOCAB_SIZE];
    char line[128];

    if (sequences_encode(twin_a, 8, ids_a, err) || sequences_encode(twin_b, 8, ids_b, err))
        return -1;
    sequences_bag(ids_a, 8, bag_a);
    sequences_bag(ids_b, 8, bag_b);
    join(twin_a, 8, line, sizeof line);
    fprintf(out, "\ntwin A -> positive: %s\n", line);
    join(twin_b, 8, line, sizeof line);
    fprintf(out, "twin B -> negative: %s\n", line);
    memcpy(sorted_a, twin_a, sizeof sorted_a);
    memcpy(sorted_b, twin_b, sizeof sorted_b);
    qsort(sorted_a, 8, sizeof sorted_a[0], compare_words);
    qsort(sorted_b, 8, sizeof sorted_b[0], compare_words);
    print_sorted(out, "A", sorted_a);
    print_sorted(out, "B", sorted_b);
    for (int i = 0; i < 8; i++)
        same_words &= !strcmp(sorted_a[i], sorted_b[i]);
    fprintf(out, "same multiset of words? %s\n", same_words ? "True" : "False");
    fprintf(out, "same bag-of-words vector?  %s\n", memcmp(bag_a, bag_b, sizeof bag_a) ? "False" : "True");
    fprintf(out, "\nbag-of-words matrix (%d, %d) — order is gone for good\n", ORDER_TRAIN_ROWS,
            SEQ_VOCAB_SIZE);
    return 0;
}

static void print_bag_row(FILE *out, const char *name, const struct order_reading *r,
                          enum order_model m)
{
    char params[32];

    fprintf(out, "%-28s %7s %7.3f %10.3f %9.3f\n", name,
            lesson_thousands(r->params[m], params, sizeof params), r->scores[m].all,
            r->scores[m].very, r->scores[m].nots);
}

int lesson_step1_order(FILE *out, struct gb_err *err)
{
    struct order_reading r;

    print_data(out);
    if (print_twins(out, err) || order_bag_reading(60, &r, err))
        return -1;
    fprintf(out, "\n%-28s %7s %7s %10s %9s\n", "model (order thrown away)", "params", "all",
            "very rows", "not rows");
    print_bag_row(out, "logistic on word counts", &r, ORDER_LOGISTIC);
    print_bag_row(out, "64-unit net on counts", &r, ORDER_MLP64);
    fprintf(out, "\nthe 64-unit model's 'not' score on %d fresh test sets:\n", ORDER_FRESH_SETS);
    fprintf(out, " min %.3f mean %.3f max %.3f\n", r.fresh_min, r.fresh_mean, r.fresh_max);
    return 0;
}
