/* score_property.c — checks whose truth the reference library computes from
 * what the student printed, rather than a number to compare:
 *
 *   twin_pairs  each printed pair of reviews really has identical bags of
 *               words and opposite labels (reference/rng/sequences.h), and, when
 *               asked, its sorted word list is printed too;
 *   rnn_trace   the student's step-by-step trace of Step 2's hand-set RNN on
 *               their twin pair matches the reference trace and separates at
 *               the step the reference computes (reference/nn/hand_rnn.h); a
 *               trace is one row per step (its step printed, or its place in
 *               the run when only the token names the row) or one column per
 *               step.
 *
 * Reviews are found as runs of vocabulary words on a line, whatever quotes,
 * commas or brackets surround them; a run is cut into reviews by the course
 * grammar, so "A | B" on one line is two reviews and a sorted list is none.
 */
#include "score/score_property.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "extract/extract.h"
#include "nn/hand_rnn.h"
#include "extract/numparse.h"
#include "rng/sequences.h"

#define PROP_MAX_RUN 64          /* vocabulary words kept per line */
#define PROP_WORD 16

struct review {
    size_t line;
    size_t n;
    const char *tok[SEQ_MAX_TOKENS];
};

struct reviews {
    struct review *v;
    size_t n, cap;
};

/* Vocabulary words of one line, in order; a non-vocabulary word ends a run
 * (recorded as a NULL entry so reviews never straddle it). */
static size_t line_words(const char *s, size_t len, const char **out, size_t max)
{
    size_t n = 0;
    char w[PROP_WORD];

    for (size_t i = 0; i < len && n < max;) {
        size_t k = 0;
        if (!isalpha((unsigned char)s[i])) {
            i++;
            continue;
        }
        while (i < len && isalpha((unsigned char)s[i])) {
            if (k + 1 < sizeof w)
                w[k++] = (char)tolower((unsigned char)s[i]);
            i++;
        }
        w[k] = '\0';
        int id = sequences_stoi(w);
        out[n++] = id >= 0 ? sequences_vocab[id] : NULL;
    }
    return n;
}

static int parses(const char *const *tok, size_t n)
{
    struct seq_parsed p;

    for (size_t i = 0; i < n; i++)
        if (!tok[i])
            return 0;
    return sequences_parse(tok, n, &p, NULL) == 0;
}

static int push_review(struct reviews *r, size_t line, const char *const *tok, size_t n,
                       struct gb_err *err)
{
    if (r->n == r->cap) {
        size_t nc = r->cap ? 2 * r->cap : 16;
        struct review *g = realloc(r->v, nc * sizeof *g);
        if (!g)
            return gb_fail(err, "out of memory");
        r->v = g;
        r->cap = nc;
    }
    r->v[r->n].line = line;
    r->v[r->n].n = n;
    memcpy(r->v[r->n].tok, tok, n * sizeof *tok);
    r->n++;
    return 0;
}

static int same_review(const struct review *a, const struct review *b)
{
    if (a->n != b->n)
        return 0;
    for (size_t i = 0; i < a->n; i++)
        if (strcmp(a->tok[i], b->tok[i]))
            return 0;
    return 1;
}

/* Every review printed, in output order; one printed twice in a row counts once. */
static int find_reviews(const struct extract_transcript *t, struct reviews *r, struct gb_err *err)
{
    static const size_t lens[] = { SEQ_REVIEW_LEN, SEQ_MAX_TOKENS, SEQ_REVIEW_LEN - 1 };
    const char *w[PROP_MAX_RUN];

    for (size_t line = 1; line <= extract_line_count(t); line++) {
        size_t len, n;
        const char *s = extract_line_text(t, line, &len);
        if (!s)
            continue;
        n = line_words(s, len, w, PROP_MAX_RUN);
        for (size_t i = 0; i < n;) {
            size_t used = 0;
            for (size_t k = 0; k < 3 && !used; k++)
                if (i + lens[k] <= n && parses(w + i, lens[k]))
                    used = lens[k];
            if (!used) {
                i++;
                continue;
            }
            struct review cand = { line, used, { 0 } };
            memcpy(cand.tok, w + i, used * sizeof *w);
            if ((!r->n || !same_review(&r->v[r->n - 1], &cand)) &&
                push_review(r, line, w + i, used, err))
                return -1;
            i += used;
        }
    }
    return 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Is the review's sorted word list printed as a run of words on some line? */
static int sorted_printed(const struct extract_transcript *t, const struct review *rv)
{
    const char *sorted[SEQ_MAX_TOKENS], *w[PROP_MAX_RUN];

    memcpy(sorted, rv->tok, rv->n * sizeof *sorted);
    qsort(sorted, rv->n, sizeof *sorted, cmp_str);
    for (size_t line = 1; line <= extract_line_count(t); line++) {
        size_t len, n;
        const char *s = extract_line_text(t, line, &len);
        n = s ? line_words(s, len, w, PROP_MAX_RUN) : 0;
        for (size_t i = 0; i + rv->n <= n; i++) {
            size_t k = 0;
            while (k < rv->n && w[i + k] && !strcmp(w[i + k], sorted[k]))
                k++;
            if (k == rv->n)
                return 1;
        }
    }
    return 0;
}

static int append_review(struct gb_buf *b, const struct review *rv, struct gb_err *err)
{
    if (gb_buf_puts(b, "\"", err))
        return -1;
    for (size_t i = 0; i < rv->n; i++)
        if (gb_buf_printf(b, err, "%s%s", i ? " " : "", rv->tok[i]))
            return -1;
    return gb_buf_puts(b, "\"", err);
}

static int is_new_pair(const struct review *pairs[][2], size_t n, const struct review *a,
                       const struct review *b)
{
    for (size_t i = 0; i < n; i++)
        if ((same_review(pairs[i][0], a) && same_review(pairs[i][1], b)) ||
            (same_review(pairs[i][0], b) && same_review(pairs[i][1], a)))
            return 0;
    return 1;
}

struct twin_scan {
    const struct review *pairs[16][2];
    size_t n_pairs;
    struct gb_err why;          /* why the first adjacent non-twin is not a twin */
    size_t why_line;
    const struct review *unsorted;   /* a pair whose sorted list is not printed */
};

static void scan_twins(const struct extract_transcript *t, const struct reviews *r,
                       int require_sorted, struct twin_scan *s)
{
    memset(s, 0, sizeof *s);
    for (size_t i = 0; i + 1 < r->n;) {
        const struct review *a = &r->v[i], *b = &r->v[i + 1];
        struct gb_err why;
        if (sequences_check_twins(a->tok, a->n, b->tok, b->n, &why)) {
            if (!s->why_line && b->line - a->line <= 3) {
                s->why = why;
                s->why_line = a->line;
            }
            i++;
            continue;
        }
        if (require_sorted && !sorted_printed(t, a)) {
            if (!s->unsorted)
                s->unsorted = a;
        } else if (s->n_pairs < 16 && is_new_pair(s->pairs, s->n_pairs, a, b)) {
            s->pairs[s->n_pairs][0] = a;
            s->pairs[s->n_pairs][1] = b;
            s->n_pairs++;
        }
        i += 2;
    }
}

static int check_twins(const struct score_ctx *ctx, const struct rubric_check *ck,
                       struct score_outcome *o, struct gb_err *err)
{
    struct reviews r = { NULL, 0, 0 };
    struct twin_scan s;
    int rc = -1;

    if (gb_buf_printf(&o->expected, err, "%zu different twin pairs (identical bags, opposite "
                      "labels)%s", ck->min_pairs,
                      ck->require_sorted ? ", each with its sorted word list" : "") ||
        find_reviews(ctx->out, &r, err))
        goto out;
    scan_twins(ctx->out, &r, ck->require_sorted, &s);
    if (gb_buf_printf(&o->found, err, "%zu twin pair%s", s.n_pairs, s.n_pairs == 1 ? "" : "s"))
        goto out;
    for (size_t i = 0; i < s.n_pairs; i++)
        if (gb_buf_printf(&o->where, err, "%s%zu", i ? ", " : "output lines ",
                          s.pairs[i][0]->line))
            goto out;
    if (s.n_pairs >= ck->min_pairs) {
        o->verdict = VERDICT_PASS;
        rc = 0;
        goto out;
    }
    o->verdict = r.n ? VERDICT_FAIL : VERDICT_MISSING;
    if (!r.n) {
        rc = gb_buf_puts(&o->message, "no review in the course grammar was printed "
                         "(e.g. \"delivery was good and service was not slow\")", err);
        goto out;
    }
    rc = gb_buf_printf(&o->message, err, "found %zu real twin pair%s among %zu printed reviews",
                       s.n_pairs, s.n_pairs == 1 ? "" : "s", r.n);
    if (!rc && s.why_line)
        rc = gb_buf_printf(&o->message, err, "; the reviews from line %zu are not twins: %s",
                           s.why_line, s.why.msg);
    if (!rc && s.unsorted)
        rc = gb_buf_puts(&o->message, "; no sorted word list is printed for ", err) ||
             append_review(&o->message, s.unsorted, err);
out:
    free(r.v);
    return rc;
}

/* ---- rnn_trace ---------------------------------------------------------- */

#define TRACE_MAX_STEPS 64
/* Printed trace values are compared to the reference within this, plus the
 * student's printed precision (capped: numpy prints 0 as "0."). */
#define TRACE_TOL 0.002
/* A wrapped trace row (one value per line) spans about a dozen lines. */
#define WRAPPED_ROW_LINES 24
#define WRAPPED_ROW_BYTES 1024

struct trace {
    size_t line;                               /* first row's line */
    size_t n;                                  /* tokens (steps >= 1) */
    const char *tok[TRACE_MAX_STEPS];
    double h[TRACE_MAX_STEPS][HAND_RNN_UNITS];
    double slack[TRACE_MAX_STEPS];
    size_t row_line[TRACE_MAX_STEPS];
};

/* "token: rude", "word=rude": a key naming the token that follows it, as in
 * a trace row printed as a mapping ("- {step: 4, token: rude, h: [...]}").
 * Returns the index of the word after the key, or i when there is none. */
static size_t after_token_key(const char *s, size_t i, size_t end)
{
    static const char *const keys[] = { "token", "word", "tok", "input", NULL };
    size_t b = i, j;

    while (i < end && isalpha((unsigned char)s[i]))
        i++;
    for (const char *const *k = keys; *k; k++) {
        if (strlen(*k) != i - b || strncasecmp(s + b, *k, i - b) != 0)
            continue;
        for (j = i; j < end && s[j] == ' '; j++)
            ;
        if (j == end || (s[j] != ':' && s[j] != '='))
            return b;
        for (j++; j < end && !isalpha((unsigned char)s[j]); j++)
            ;
        return j < end ? j : b;
    }
    return b;
}

/* Words of a sentence that may come between a step and its token ("At
 * step 3 the RNN reads 'good'"): at most this many, none the course's. */
#define TOKEN_LEAD_WORDS 4

/* The token read at a step, in s[i..end), after separators, an optional key
 * ("token=", "word:") and up to TOKEN_LEAD_WORDS other words: "<start>" or a
 * course word; *after is where it ends.  NULL when there is none. */
static const char *row_token(const char *s, size_t i, size_t end, size_t *after)
{
    char word[PROP_WORD];
    const char *w[2];

    for (int lead = 0; lead <= TOKEN_LEAD_WORDS; lead++) {
        size_t k = 0;
        while (i < end && !isalpha((unsigned char)s[i]) && s[i] != '<')
            i++;
        i = after_token_key(s, i, end);
        if (i + 7 <= end && !strncmp(s + i, "<start>", 7)) {
            *after = i + 7;
            return "<start>";
        }
        while (i < end && isalpha((unsigned char)s[i]) && k + 1 < sizeof word)
            word[k++] = (char)tolower((unsigned char)s[i++]);
        word[k] = '\0';
        *after = i;
        if (!k)
            return NULL;
        if (!strcmp(word, "start"))
            return "<start>";
        if (line_words(word, k, w, 1) == 1 && w[0])
            return w[0];
    }
    return NULL;
}

/* Nothing but labels between the numbers after the token: keys ("x=",
 * "h_t:", "mood:") and words of a sentence ("the state is mood 0.716,
 * saw-not 0.000", "and its memory becomes [...]").  Two course words in a
 * row, not a key, mean the row goes on in the course's words: "label 1:
 * packing was not rude ..." is a review, not a step. */
static int only_keys(const char *s, size_t a, size_t b)
{
    int run = 0;

    for (size_t i = a; i < b; i++) {
        char w[PROP_WORD];
        size_t k = 0;
        if (!isalpha((unsigned char)s[i])) {
            if (strchr("0123456789[]()=:,;", s[i]))
                run = 0;
            continue;
        }
        while (i < b && (isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '-')) {
            if (k + 1 < sizeof w)
                w[k++] = (char)tolower((unsigned char)s[i]);
            i++;
        }
        w[k] = '\0';
        while (i < b && s[i] == ' ')
            i++;
        if (i < b && (s[i] == '=' || s[i] == ':'))
            run = 0;
        else if (sequences_stoi(w) < 0)
            run = 0;
        else if (++run >= 2)
            return 0;
        i--;   /* the loop's i++ lands on the character after the word */
    }
    return 1;
}

/* A trace row's memory: its last HAND_RNN_UNITS numbers, from mem, into h;
 * slack is how far its printing may be off (half a unit of its last digit,
 * at most 0.005). */
static void row_memory(const struct numparse_num *mem, double h[HAND_RNN_UNITS], double *slack)
{
    *slack = 0;
    for (size_t u = 0; u < HAND_RNN_UNITS; u++) {
        h[u] = mem[u].value;
        *slack = fmax(*slack, fmin(numparse_half_ulp(&mem[u]), 0.005));
    }
}

/* A trace row, however it is printed: an integer step, the token read at
 * it, then only numbers (and their keys), the last three the memory —
 * "3 good [1. 0. 0.] [0.716 0. 0.462]", "review=A step=3 token=good x=[...]
 * h=[...]" behind a logging prefix, "A label 1: ...,3,good,1.0,...,0.716,...",
 * "- {step: 4, token: rude, h: [...]}".  The step is the last integer that
 * such a tail follows, so a timestamp or a label's number before it is no
 * step.  Returns the step, or -1 when the line is not a trace row. */
static long trace_row(const char *s, size_t len, const char **tok, double h[HAND_RNN_UNITS],
                      double *slack)
{
    struct numparse_num num[40];
    size_t n = numparse_scan(s, len, 0, num, 40), after;
    long step = -1;

    if (n > 40 || n < 1 + HAND_RNN_UNITS)
        return -1;
    for (size_t i = 0; i + HAND_RNN_UNITS < n; i++) {
        const char *t;
        if (!(num[i].flags & NUMPARSE_INTEGER) || (num[i].flags & NUMPARSE_GLUED_RIGHT) ||
            num[i].value < 0 || num[i].value > TRACE_MAX_STEPS ||
            !(t = row_token(s, num[i].end, num[i + 1].start, &after)) ||
            !only_keys(s, after, num[i + 1].start) || !only_keys(s, num[n - 1].end, len))
            continue;
        size_t k = i + 1;
        while (k + 1 < n && only_keys(s, num[k].end, num[k + 1].start))
            k++;
        if (k + 1 != n)
            continue;
        step = (long)num[i].value;
        *tok = t;
    }
    if (step < 0)
        return -1;
    row_memory(&num[n - HAND_RNN_UNITS], h, slack);
    return step;
}

/* Is s[0..n) exactly the token tok ("<start>" also as "start")? */
static int first_word_is(const char *s, size_t n, const char *tok)
{
    if (!strcmp(tok, "<start>"))
        return (n == 7 && !strncmp(s, "<start>", 7)) || (n == 5 && !strncasecmp(s, "start", 5));
    return strlen(tok) == n && !strncasecmp(s, tok, n);
}

/* A trace row that prints no step (an R data frame's rows, a dict's
 * entries in order): the token as the line's first word ("<start>",
 * "packing"), then exactly the memory's numbers and their keys.  The step
 * is the row's place in the run (find_traces).  Returns 1 for such a row. */
static int stepless_row(const char *s, size_t len, const char **tok, double h[HAND_RNN_UNITS],
                        double *slack)
{
    struct numparse_num num[HAND_RNN_UNITS + 1];
    size_t n = numparse_scan(s, len, 0, num, HAND_RNN_UNITS + 1), after, i = 0;

    while (i < len && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (n != HAND_RNN_UNITS || i == len || !(isalpha((unsigned char)s[i]) || s[i] == '<') ||
        !(*tok = row_token(s, i, num[0].start, &after)) || after >= len || s[after] != ' ' ||
        !first_word_is(s + i, after - i, *tok) || !only_keys(s, after, num[0].start) ||
        !only_keys(s, num[n - 1].end, len))
        return 0;   /* the row's name is the token itself: "x_pos_neg_not: [...]" is none */
    for (size_t k = 0; k + 1 < n; k++)
        if (!only_keys(s, num[k].end, num[k + 1].start))
            return 0;
    row_memory(num, h, slack);
    return 1;
}

/* The step row of a trace printed the other way round: a label, then
 * whole steps counting up by one from 0 or 1 ("step  0  1  2 ... 8").
 * Returns how many steps (at least 2), filling first; 0 when it is not. */
static size_t step_row(const char *s, size_t len, long *first)
{
    struct numparse_num num[TRACE_MAX_STEPS + 1];
    size_t n = numparse_scan(s, len, 0, num, TRACE_MAX_STEPS + 1), label = 0;

    if (n < 2 || n > TRACE_MAX_STEPS || num[0].value < 0 || num[0].value > 1)
        return 0;
    for (size_t i = 0; i < num[0].start; i++)
        label |= isalpha((unsigned char)s[i]) != 0;
    for (size_t i = 0; i < n; i++)
        if (!(num[i].flags & NUMPARSE_INTEGER) ||
            (num[i].flags & (NUMPARSE_GLUED | NUMPARSE_GLUED_RIGHT)) ||
            num[i].value != num[0].value + (double)i)
            return 0;
    *first = (long)num[0].value;
    return label ? n : 0;
}

/* The token row under it: a label, then one token per step ("<start>" or a
 * course word), separated by spaces.  Returns 1 when it has exactly n. */
static int token_row(const char *s, size_t len, size_t n, const char **tok)
{
    size_t i = 0, k = 0;

    while (i < len && isspace((unsigned char)s[i]))
        i++;
    while (i < len && !isspace((unsigned char)s[i]))
        i++;   /* the label */
    for (;;) {
        const char *w[2];
        size_t b;
        while (i < len && isspace((unsigned char)s[i]))
            i++;
        if (i == len)
            return k == n;
        for (b = i; i < len && !isspace((unsigned char)s[i]); i++)
            ;
        if (k == n)
            return 0;
        if (i - b == 7 && strncmp(s + b, "<start>", 7) == 0)
            tok[k++] = "<start>";
        else if (line_words(s + b, i - b, w, 2) == 1 && w[0])
            tok[k++] = w[0];
        else
            return 0;
    }
}

/* A memory row: a label, then one number per step; the numbers fill
 * column u of h.  Returns 1 when it has exactly n. */
static int unit_row(const char *s, size_t len, size_t n, size_t u,
                    double (*h)[HAND_RNN_UNITS], double *slack)
{
    struct numparse_num num[TRACE_MAX_STEPS + 1];
    size_t got = numparse_scan(s, len, 0, num, TRACE_MAX_STEPS + 1);

    if (got != n)
        return 0;
    for (size_t i = 0; i < n; i++) {
        if (num[i].flags & (NUMPARSE_GLUED | NUMPARSE_GLUED_RIGHT))
            return 0;
        h[i][u] = num[i].value;
        slack[i] = fmax(slack[i], fmin(numparse_half_ulp(&num[i]), 0.005));
    }
    return 1;
}

/* A trace printed the other way round, one column per step:
 *
 *     step          0       1       2 ...
 *     token   <start> packing     was ...
 *     mood      0.000   0.000   0.000 ...
 *     saw-not   ...
 *     count     ...
 *
 * the step row, the token row right under it, then the memory units'
 * rows in the order Step 2 defines them.  Returns 1 and fills tr when the
 * rows starting at line are such a trace. */
static int transposed_trace(const struct extract_transcript *t, size_t line, struct trace *tr)
{
    const char *tok[TRACE_MAX_STEPS];
    double h[TRACE_MAX_STEPS][HAND_RNN_UNITS], slack[TRACE_MAX_STEPS] = { 0 };
    size_t len, n;
    long first;
    const char *s = extract_line_text(t, line, &len);

    if (!s || !(n = step_row(s, len, &first)))
        return 0;
    if (!(s = extract_line_text(t, line + 1, &len)) || !token_row(s, len, n, tok))
        return 0;
    for (size_t u = 0; u < HAND_RNN_UNITS; u++)
        if (!(s = extract_line_text(t, line + 2 + u, &len)) || !unit_row(s, len, n, u, h, slack))
            return 0;
    memset(tr, 0, sizeof *tr);
    tr->line = line;
    for (size_t i = 0; i < n; i++) {
        if (first + (long)i == 0)
            continue;   /* the state before the first token */
        tr->tok[tr->n] = tok[i];
        memcpy(tr->h[tr->n], h[i], sizeof h[i]);
        tr->slack[tr->n] = slack[i];
        tr->row_line[tr->n] = line;
        tr->n++;
    }
    return tr->n > 0;
}

/* A trace row pretty-printed over several lines (json.dumps(..., indent=2)
 * puts "[", "3,", "\"good\",", "[" ... on lines of their own): the lines
 * from `line` to where its bracket closes, joined with spaces into buf.
 * Returns the last line used, 0 when line opens no short bracketed row. */
static size_t wrapped_row(const struct extract_transcript *t, size_t line, char *buf,
                          size_t size, size_t *blen)
{
    size_t used = 0, l = line;
    int depth = 0, opened = 0;

    for (; l <= extract_line_count(t) && l < line + WRAPPED_ROW_LINES; l++) {
        size_t len;
        const char *s = extract_line_text(t, l, &len);
        if (!s || used + len + 2 > size)
            return 0;
        for (size_t i = 0; i < len; i++) {
            depth += s[i] == '[' || s[i] == '{';
            depth -= s[i] == ']' || s[i] == '}';
            opened |= depth > 0;
        }
        memcpy(buf + used, s, len);
        used += len;
        buf[used++] = ' ';
        if (!opened || depth < 0)
            return 0;
        if (depth == 0) {
            *blen = used;
            return l > line ? l : 0;
        }
    }
    return 0;
}

static size_t find_traces(const struct extract_transcript *t, struct trace *out, size_t max)
{
    size_t nt = 0, stepless_prev = 0;
    long prev = -2;
    char joined[WRAPPED_ROW_BYTES];

    /* in reading order: two traces printed side by side are read one after
     * the other (extract_reading_line) */
    for (size_t r = 0, skip = 0, line; r < extract_reading_count(t); r++) {
        size_t len, last;
        const char *s = extract_reading_line(t, r, &len, &line), *tok;
        double h[HAND_RNN_UNITS], slack;
        if (!s || line <= skip)
            continue;
        long step = trace_row(s, len, &tok, h, &slack);
        if (step < 0 && (last = wrapped_row(t, line, joined, sizeof joined, &len)) &&
            (step = trace_row(joined, len, &tok, h, &slack)) >= 0)
            line = skip = last;   /* tok is a vocabulary string, not a pointer into joined */
        int stepless = step < 0 && stepless_row(s, len, &tok, h, &slack);
        if (stepless)
            /* its place in the run: after the row just above, or the first
             * (step 0 for "<start>", else step 1) */
            step = stepless_prev == line - 1 ? prev + 1 : !strcmp(tok, "<start>") ? 0 : 1;
        stepless_prev = stepless ? line : 0;
        if (step < 0 && nt < max && transposed_trace(t, line, &out[nt])) {
            nt++;
            prev = -2;
            skip = line + 1 + HAND_RNN_UNITS;   /* its token and unit rows */
            continue;
        }
        if (step < 0)
            continue;
        if (step != prev + 1 || !nt) {
            if (step > 1 || nt == max)
                continue;       /* a trace starts at step 0 or 1 */
            memset(&out[nt], 0, sizeof out[nt]);
            out[nt++].line = line;
        }
        prev = step;
        if (step == 0 || out[nt - 1].n >= TRACE_MAX_STEPS)
            continue;
        struct trace *tr = &out[nt - 1];
        tr->tok[tr->n] = tok;
        memcpy(tr->h[tr->n], h, sizeof h);
        tr->slack[tr->n] = slack;
        tr->row_line[tr->n] = line;
        tr->n++;
    }
    return nt;
}

/* First step (1-based) where the printed memories differ at all: the same
 * computation prints the same text. */
static size_t printed_separation(const struct trace *a, const struct trace *b)
{
    size_t n = a->n < b->n ? a->n : b->n;

    for (size_t t = 0; t < n; t++)
        for (size_t u = 0; u < HAND_RNN_UNITS; u++)
            if (a->h[t][u] != b->h[t][u])
                return t + 1;
    return 0;
}

/* The first printed state that is not the module's RNN, or n. */
static size_t trace_mismatch(const struct trace *tr, double (*ref)[HAND_RNN_UNITS])
{
    for (size_t t = 0; t < tr->n; t++)
        for (size_t u = 0; u < HAND_RNN_UNITS; u++)
            if (!(fabs(tr->h[t][u] - ref[t][u]) <= TRACE_TOL + tr->slack[t]))
                return t;
    return tr->n;
}

static int pick_pair(const struct trace *tr, size_t nt, size_t *ia)
{
    for (size_t i = 0; i + 1 < nt; i++)
        if (tr[i].n == tr[i + 1].n && tr[i].n >= 2 &&
            !sequences_check_twins(tr[i].tok, tr[i].n, tr[i + 1].tok, tr[i + 1].n, NULL)) {
            *ia = i;
            return 0;
        }
    return -1;
}

static int trace_values_ok(const struct trace *tr, struct score_outcome *o, struct gb_err *err)
{
    double ref[TRACE_MAX_STEPS][HAND_RNN_UNITS];
    size_t bad;

    hand_rnn_trace(tr->tok, tr->n, ref);
    bad = trace_mismatch(tr, ref);
    if (bad == tr->n)
        return 1;
    o->verdict = VERDICT_FAIL;
    gb_buf_printf(&o->message, err, "line %zu: after '%s' (step %zu) your memory reads "
                  "[%.3f %.3f %.3f] but Step 2's RNN gives [%.3f %.3f %.3f]; copy its "
                  "weights unchanged", tr->row_line[bad], tr->tok[bad], bad + 1,
                  tr->h[bad][0], tr->h[bad][1], tr->h[bad][2],
                  ref[bad][0], ref[bad][1], ref[bad][2]);
    return 0;
}

static int trace_verdict(const struct score_ctx *ctx, struct trace *tr, size_t nt,
                         struct score_outcome *o, struct gb_err *err);

static int check_trace(const struct score_ctx *ctx, struct score_outcome *o, struct gb_err *err)
{
    struct trace *tr = calloc(8, sizeof *tr);
    int rc;

    if (!tr)
        return gb_fail(err, "out of memory");
    rc = trace_verdict(ctx, tr, find_traces(ctx->out, tr, 8), o, err);
    free(tr);
    return rc;
}

static int trace_verdict(const struct score_ctx *ctx, struct trace *tr, size_t nt,
                         struct score_outcome *o, struct gb_err *err)
{
    size_t i, got;
    long want;

    (void)ctx;
    if (gb_buf_puts(&o->expected, "the two memories separate where the first opinion word "
                    "arrives (step computed by the reference for your pair)", err))
        return -1;
    if (pick_pair(tr, nt, &i)) {
        o->verdict = nt ? VERDICT_FAIL : VERDICT_MISSING;
        return gb_buf_puts(&o->message, nt ? "the traces printed are not of one twin pair "
                           "(same words, opposite labels)" : "no step-by-step RNN trace was "
                           "found (rows like \"3 good [1. 0. 0.] [0.716 0. 0.462]\")", err);
    }
    want = hand_rnn_separation_of(tr[i].tok, tr[i].n, tr[i + 1].tok, tr[i + 1].n,
                                  HAND_RNN_SAME_TOL);
    if (want < 0)
        return gb_fail(err, "out of memory");
    got = printed_separation(&tr[i], &tr[i + 1]);
    if (gb_buf_printf(&o->found, err, "separate at step %zu ('%s' / '%s')", got,
                      got ? tr[i].tok[got - 1] : "-", got ? tr[i + 1].tok[got - 1] : "-") ||
        gb_buf_printf(&o->where, err, "output lines %zu and %zu", tr[i].line, tr[i + 1].line))
        return -1;
    if (!trace_values_ok(&tr[i], o, err) || !trace_values_ok(&tr[i + 1], o, err))
        return 0;
    o->verdict = got == (size_t)want ? VERDICT_PASS : VERDICT_FAIL;
    if (o->verdict == VERDICT_FAIL)
        return gb_buf_printf(&o->message, err, "for this pair the memories must first differ "
                             "at step %ld ('%s' / '%s'), where the first opinion word arrives",
                             want, tr[i].tok[want - 1], tr[i + 1].tok[want - 1]);
    return 0;
}

int score_property_trace_separation(const struct score_ctx *ctx, size_t *step,
                                    struct gb_err *err)
{
    struct trace *tr = calloc(8, sizeof *tr);
    size_t nt, i;
    long want = 0;

    *step = 0;
    if (!tr)
        return gb_fail(err, "out of memory");
    nt = find_traces(ctx->out, tr, 8);
    if (!pick_pair(tr, nt, &i))
        want = hand_rnn_separation_of(tr[i].tok, tr[i].n, tr[i + 1].tok, tr[i + 1].n,
                                      HAND_RNN_SAME_TOL);
    free(tr);
    if (want < 0)
        return gb_fail(err, "out of memory");
    *step = (size_t)want;
    return 0;
}

int score_property_check(const struct score_ctx *ctx, const struct rubric_check *ck,
                         struct score_outcome *o, struct gb_err *err)
{
    if (ck->kind == CHECK_TWIN_PAIRS)
        return check_twins(ctx, ck, o, err);
    return check_trace(ctx, o, err);
}
