/* extract_panes.c — tables printed side by side, " || " between them.
 *
 * A student short of screen lines prints related tables on the same lines:
 *
 *     step      g=0.5      g=1.5  ||      b_f=0      b_f=3
 *       50  7.577e-02  7.708e-02  ||  3.679e-02  2.230e-02
 *        1  5.032e-17  5.268e+00  ||  5.180e-12  4.782e-02
 *
 * A reader reads each pane down as its own table, and a right pane's row of
 * bare numbers as the row of the left pane beside it: the 4.782e-02 is the
 * b_f=3 run's blame at step 1.  This pass writes that reading into the text
 * before it is split into lines: on each data line of a run, a right pane
 * that starts with a number gets the left pane's key ("1", "rude") in front
 * of it, and the run's header line gets the left header's corner ("step")
 * when the corner heads the key column.  split_lines (extract.c) then
 * stores the run pane by pane, each pane its own block (extract_pane_bars
 * finds the separators).  A line the run does not change passes unchanged.
 */
#define _GNU_SOURCE   /* memmem */
#include "extract/extract_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

#define PANE_RUN_MAX 512

size_t extract_pane_bars(const char *s, size_t len, size_t *at)
{
    size_t n = 0;

    for (size_t i = 0; i < len; i++) {
        if (s[i] != '|')
            continue;
        if (i + 1 >= len || s[i + 1] != '|' || (i + 2 < len && s[i + 2] == '|'))
            return 0;                    /* a lone bar, or a rule of bars */
        if ((i > 0 && s[i - 1] != ' ' && s[i - 1] != '\t') ||
            (i + 2 < len && s[i + 2] != ' ' && s[i + 2] != '\t') || n == EXTRACT_PANES_MAX - 1)
            return 0;
        at[n++] = i++;
    }
    return n;
}

struct token {
    size_t b, e;                         /* in the line */
};

/* The first blank-delimited token of s[b, e), or an empty one. */
static struct token first_token(const char *s, size_t b, size_t e)
{
    size_t i = b, j;

    while (i < e && (s[i] == ' ' || s[i] == '\t'))
        i++;
    for (j = i; j < e && s[j] != ' ' && s[j] != '\t'; j++)
        ;
    return (struct token){ i, j };
}

static int starts_number(const char *s, size_t b, size_t e)
{
    struct token tk = first_token(s, b, e);
    char c = tk.b < tk.e ? s[tk.b] : 0;

    return isdigit((unsigned char)c) ||
           ((c == '-' || c == '+' || c == '.') && tk.b + 1 < tk.e &&
            (isdigit((unsigned char)s[tk.b + 1]) || s[tk.b + 1] == '.'));
}

/* A data line: its left pane is a key and at least one number after it. */
static int data_line(const char *s, size_t b, size_t e)
{
    struct token key = first_token(s, b, e);

    return key.b < key.e && starts_number(s, key.e, e);
}

struct run_line {
    size_t b, e;                         /* the line, without its newline */
    size_t at[EXTRACT_PANES_MAX];
    size_t bars;
};

/* The run of lines from b holding the same number of separators: into rl,
 * how many (0: none starts at b). */
static size_t pane_run(const char *s, size_t len, size_t b, struct run_line *rl)
{
    size_t n = 0;

    while (b < len && n < PANE_RUN_MAX) {
        const char *nl = memchr(s + b, '\n', len - b);
        size_t e = nl ? (size_t)(nl - s) : len;
        rl[n].b = b;
        rl[n].e = e;
        rl[n].bars = extract_pane_bars(s + b, e - b, rl[n].at);
        if (!rl[n].bars || (n && rl[n].bars != rl[0].bars))
            break;
        n++;
        if (!nl)
            break;
        b = e + 1;
    }
    return n;
}

/* Line l of a run with the left key (data lines) or corner (the header)
 * put in front of each right pane that lacks it, right-aligned in width
 * columns so the pane's columns stay under its header's (a header without
 * a corner gets as many blanks). */
static int put_line(struct gb_buf *out, const char *s, const struct run_line *l,
                    struct token key, int header, size_t width, struct gb_err *err)
{
    size_t from = l->b, n = key.e - key.b;

    for (size_t k = 0; k < l->bars; k++) {
        size_t pane = l->b + l->at[k] + 2, end = k + 1 < l->bars ? l->b + l->at[k + 1] : l->e;
        int put = header || starts_number(s, pane, end);
        if (gb_buf_append(out, s + from, pane - from, err))
            return -1;
        from = pane;
        if (put && (gb_buf_printf(out, err, " %*s", (int)(width - n), "") ||
                    gb_buf_append(out, s + key.b, n, err)))
            return -1;
    }
    return gb_buf_append(out, s + from, l->e - from, err);
}

/* The corner of the run's header line h (the line over its first data
 * line), when it heads the key column: it starts before the first data
 * line's key ends ("step" over "  50"), not over a value column ("support"
 * over "rude   0.096"). */
static struct token corner(const char *s, const struct run_line *h, const struct run_line *d)
{
    struct token c = first_token(s, h->b, h->b + h->at[0]);
    struct token key = first_token(s, d->b, d->b + d->at[0]);

    if (c.b >= c.e || c.b - h->b >= key.e - d->b || starts_number(s, c.b, c.e))
        return (struct token){ 0, 0 };
    return c;
}

static int put_run(struct gb_buf *out, const char *s, const struct run_line *rl, size_t n,
                   struct gb_err *err)
{
    struct token key[PANE_RUN_MAX];
    size_t first_data = n, width = 0;

    for (size_t j = 0; j < n && first_data == n; j++)
        if (data_line(s, rl[j].b, rl[j].b + rl[j].at[0]))
            first_data = j;
    for (size_t j = 0; j < n; j++) {
        key[j] = (struct token){ 0, 0 };
        if (first_data < n && j + 1 == first_data)
            key[j] = corner(s, &rl[j], &rl[first_data]);
        else if (j >= first_data && data_line(s, rl[j].b, rl[j].b + rl[j].at[0]))
            key[j] = first_token(s, rl[j].b, rl[j].b + rl[j].at[0]);
        if (key[j].e - key[j].b > width)
            width = key[j].e - key[j].b;
    }
    for (size_t j = 0; j < n; j++) {
        int header = first_data < n && j + 1 == first_data;
        int keyed = header || key[j].b < key[j].e;
        if ((j && gb_buf_puts(out, "\n", err)) ||
            (keyed ? put_line(out, s, &rl[j], key[j], header, width, err)
                   : gb_buf_append(out, s + rl[j].b, rl[j].e - rl[j].b, err)))
            return -1;
    }
    return 0;
}

/* A run of two lines or more from b, its keys put in (extract_rewrite_spans). */
static int pane_span(void *arg, const char *s, size_t len, size_t b, struct gb_buf *out,
                     size_t *end, struct gb_err *err)
{
    struct run_line *rl = arg;
    size_t n = b < len ? pane_run(s, len, b, rl) : 0;

    if (n < 2)
        return 0;
    *end = rl[n - 1].e;
    return put_run(out, s, rl, n, err) ? -1 : 1;
}

int extract_reshape_panes(struct extract_transcript *t, struct gb_err *err)
{
    struct run_line *rl;
    int rc;

    if (!t->len || !memmem(t->text, t->len, "||", 2))
        return 0;
    if (!(rl = malloc(PANE_RUN_MAX * sizeof *rl)))
        return gb_fail(err, "out of memory reading tables side by side");
    rc = extract_rewrite_spans(t, "tables printed side by side", pane_span, rl, err);
    free(rl);
    return rc;
}
