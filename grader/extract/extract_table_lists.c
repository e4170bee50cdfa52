/* extract_table_lists.c — tables of lists, Series, and the layout of space-aligned tables.
 *
 * A run of rows that are each one bracketed list, under a line of as many
 * names, is a table: column k is element k of every list, and a square
 * matrix printed without row labels names its rows by the same names.  The
 * names over a headerless run of bare lists may be printed a few lines up.
 * Also: a pandas Series under the expression that made it, and the choice
 * of layout for a space-aligned table (extract_layout_space_table).
 */
#include "extract/extract_int.h"

#include <string.h>

/* ---- tables of lists ---------------------------------------------------------- */

/* Names on a header line, from the right: a name is a run of atoms with no
 * space, comma or quote between them ("h1", "b_f=3"); a standalone value
 * number ends the names.  Fills starts[] (relative atom indices, right to
 * left) and returns how many, at most max. */
static size_t header_names(const struct extract_transcript *t, const struct xline *h,
                           size_t *starts, size_t max)
{
    const struct xatom *a = t->atoms + h->atom0;
    size_t n = 0, i = h->n_atoms;

    while (i > 0 && n < max) {
        size_t b = i - 1;
        while (b > 0) {
            const char *from = a[b - 1].p + a[b - 1].len, *to = a[b].p;
            int joined = 1;
            for (const char *c = from; c < to && joined; c++)
                joined = !strchr(" \t,'\"[](){}|:", *c);
            if (!joined)
                break;
            b--;
        }
        int words = 0;
        for (size_t k = b; k < i; k++)
            words += a[k].num < 0;
        if (!words || extract_is_noise(&a[b]))
            break;
        starts[n++] = b;
        i = b;
    }
    return n;
}

static int names_line(const struct extract_transcript *t, const struct xline *ln, size_t width);

/* Every data row is one list of the same length N >= 2 and the header is a
 * line of exactly N names (after a "label:" perhaps): the N columns.
 * Returns N, or 0. */
size_t extract_list_table_width(const struct extract_transcript *t, const struct xtable *tb,
                                size_t *starts)
{
    size_t width = 0, first;

    for (size_t li = tb->first; li <= tb->last; li++) {
        const struct xline *ln = &t->lines[li];
        if (ln->role != XROW_DATA)
            continue;
        size_t w = extract_list_width(t, ln, &first);
        if (w < 2 || (width && w != width))
            return 0;
        width = w;
    }
    if (!width || width > INTERVALS_MAX - 1 || tb->index_line >= 0 ||
        !names_line(t, &t->lines[tb->header], width))
        return 0;
    header_names(t, &t->lines[tb->header], starts, width);
    return width;
}

/* Words before the row's list other than "tensor(" or "array(". */
static int row_labelled(const struct extract_transcript *t, const struct xline *ln, size_t first)
{
    for (size_t i = 0; i < first; i++)
        if (!extract_is_noise(&t->atoms[ln->atom0 + i]))
            return 1;
    return 0;
}

#define NAMES_LOOKBACK 8

/* A line that only names things: "support was not rude", "tokens:
 * ['support', 'was', 'not', 'rude']", "rows/cols: a b c d" — exactly width
 * names, after nothing or after a label ending in ':' or '='. */
static int names_line(const struct extract_transcript *t, const struct xline *ln, size_t width)
{
    size_t starts[INTERVALS_MAX + 1];
    const struct xatom *a = t->atoms + ln->atom0;

    if (ln->kind != XLINE_TEXT || width > INTERVALS_MAX ||
        header_names(t, ln, starts, width + 1) < width)
        return 0;
    size_t b = starts[width - 1];
    if (b == 0)
        return 1;
    for (const char *c = a[b - 1].p + a[b - 1].len; c < a[b].p; c++)
        if (*c == ':' || *c == '=')
            return 1;
    return 0;
}

/* The names over a headerless run of bare list rows: a names line a few lines
 * up ("tokens: [...]" above "weights:" above the matrix), or the one the
 * list table just above used (the same tokens name every matrix printed
 * after them).  Rows that name nothing on their own (another bare matrix,
 * "row sums: [1. 1. 1. 1.]") are looked past: a script that prints its
 * tokens once and then matrix after matrix means those tokens for every
 * one of them; only lines of words count towards the look-back.  Returns
 * its line index, or -1. */
long extract_names_header(const struct extract_transcript *t, size_t first, size_t last)
{
    size_t width = 0, lf;

    for (size_t li = first; li <= last; li++) {
        const struct xline *ln = &t->lines[li];
        if (ln->role != XROW_DATA)
            continue;
        size_t w = extract_list_width(t, ln, &lf);
        if (w < 2 || (width && w != width) || row_labelled(t, ln, lf))
            return -1;   /* rows with labels name themselves */
        width = w;
    }
    size_t words = 0;
    for (size_t k = first; k-- > 0 && words < NAMES_LOOKBACK;) {
        const struct xline *ln = &t->lines[k];
        if (ln->role == XROW_DATA) {
            const struct xtable *tb = ln->table >= 0 ? &t->tables[ln->table] : NULL;
            if (tb && tb->header >= 0 && extract_list_width(t, ln, &lf) == width &&
                names_line(t, &t->lines[tb->header], width))
                return tb->header;
            if (!tb || tb->header >= 0 || extract_list_width(t, ln, &lf) < 2)
                return -1;   /* a table of its own, or a value line: the names end here */
            continue;
        }
        if (ln->role == XROW_NONE && names_line(t, ln, width))
            return (long)k;
        words += ln->kind != XLINE_BLANK;
    }
    return -1;
}

/* " [0.0963 0.0963 0.0963 0.7112]]": a row of a matrix printed bare. */
int extract_unlabelled_list_row(const struct extract_transcript *t, const struct xline *ln)
{
    size_t first;
    return extract_list_width(t, ln, &first) >= 2 && !row_labelled(t, ln, first);
}

/* Column 0 holds the row labels (headed by the header's words before the
 * names); column k+1 is element k of every row's list.  A square matrix
 * printed without row labels names its rows by the same names, in order
 * (rows with labels of their own, like "output rude: [...]", keep them). */
void extract_layout_list(struct extract_transcript *t, struct xtable *tb, struct colbuild *cb,
                         size_t width, const size_t *starts)
{
    const struct xline *h = &t->lines[tb->header];
    size_t rows = 0, unlabelled = 0;

    cb->n = (int)width + 1;
    cb->kind[0] = 2;
    for (size_t i = 0; i < starts[width - 1]; i++)
        extract_add_header_atom(cb, 0, (long)(h->atom0 + i));
    for (size_t k = 0; k < width; k++) {
        size_t b = starts[width - 1 - k], e = k + 1 < width ? starts[width - 2 - k] : h->n_atoms;
        cb->kind[k + 1] = 1;
        for (size_t i = b; i < e; i++)
            extract_add_header_atom(cb, (int)k + 1, (long)(h->atom0 + i));
    }
    for (size_t li = tb->first; li <= tb->last; li++) {
        struct xline *ln = &t->lines[li];
        size_t first, col = 1;
        if (ln->role != XROW_DATA)
            continue;
        extract_list_width(t, ln, &first);
        ln->value_atom = first;
        unlabelled += !row_labelled(t, ln, first);
        for (size_t i = first; i < ln->n_atoms && col <= width; i++)
            if (t->atoms[ln->atom0 + i].num >= 0)   /* a labelled tail is read inline */
                t->num_col[t->atoms[ln->atom0 + i].num] = (int32_t)col++;
    }
    if (unlabelled != width)
        return;
    rows = 0;
    for (size_t li = tb->first; li <= tb->last; li++) {
        struct xline *ln = &t->lines[li];
        if (ln->role != XROW_DATA || row_labelled(t, ln, ln->value_atom))
            continue;
        size_t b = starts[width - 1 - rows], e = rows + 1 < width ? starts[width - 2 - rows] : h->n_atoms;
        ln->name0 = (long)(h->atom0 + b);
        ln->n_name = e - b;
        rows++;
    }
}

/* A Series under the expression that made it:
 *
 *     weights_df.sum(axis=1)       <- names the values
 *     query                        <- the index's name
 *     support    1.0
 *
 * the caption's words all head the one value column, the index name heads
 * the labels. */
void extract_series_caption(struct extract_transcript *t, const struct xtable *tb,
                            struct colbuild *cb)
{
    int value = -1, label = -1;

    if (tb->index_line < 0 || extract_pandas_header(t, &t->lines[tb->header]))
        return;
    for (int k = 0; k < cb->n; k++) {
        if (cb->kind[k] == 1) {
            if (value >= 0)
                return;   /* a frame of several columns is no Series */
            value = k;
        } else if (cb->kind[k] == 2 && label < 0) {
            label = k;
        }
    }
    if (value < 0)
        return;
    for (int k = 0; k < cb->n; k++)
        cb->n_hdr[k] = 0;
    const struct xline *h = &t->lines[tb->header], *ix = &t->lines[tb->index_line];
    for (size_t i = 0; i < h->n_atoms; i++)
        extract_add_header_atom(cb, value, (long)(h->atom0 + i));
    for (size_t i = 0; label >= 0 && i < ix->n_atoms; i++)
        extract_add_header_atom(cb, label, (long)(ix->atom0 + i));
}

/* A space-aligned table: by its gutters; by its header's fields in order
 * when ragged rows defeat the gutters; by order from the right when there
 * are no usable gutters at all.  0, or -1 when out of memory. */
int extract_layout_space_table(struct extract_transcript *t, struct xtable *tb, struct colbuild *cb)
{
    int cells = extract_table_cells(t, tb), values = 0;
    int rc = extract_layout_space(t, tb, cb);

    if (rc == 0 && tb->index_line < 0 && cells >= 2 &&
        extract_gutters_fail_full_rows(t, tb, cb, cells)) {
        int fields = extract_layout_cells(t, tb, cb);
        if (fields != 0)
            return fields < 0 ? -1 : 0;
        fields = extract_layout_fields(t, tb, cb, cells);
        if (fields != 0)
            return fields < 0 ? -1 : 0;
        /* a header with no field for the labels: positions as before */
    }
    if (rc < 0)
        return -1;
    for (int k = 0; rc == 0 && k < cb->n; k++)
        values += cb->kind[k] == 1 && cb->n_hdr[k] > 0;
    if (rc == 1 || values == 0) {
        /* no usable gutters: fall back to order from the right */
        for (size_t li = tb->first; li <= tb->last; li++)
            for (size_t k = 0; k < t->lines[li].n_nums; k++)
                t->num_col[t->lines[li].num0 + k] = -1;
        memset(cb, 0, sizeof *cb);
        extract_layout_ordinal(t, tb, cb);
    }
    return 0;
}
