/* extract_table_ragged.c — ragged rows, delimited and single-spaced tables; storing columns.
 *
 * A row label longer than its field pushes the row's numbers into the
 * gutters: then the header's fields are the columns and rows are read by
 * order (extract_layout_fields).  Delimited tables (markdown pipes, TSV,
 * CSV) are split by their delimiter.  When no gutters line up (a table
 * printed with single spaces), columns are assigned by order from the
 * right: the last header name gets the last value.  extract_store_columns()
 * stores a table's columns, with their header words and percent units.
 */
#include "extract/extract_int.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- ragged rows ------------------------------------------------------------ */

/* Atoms of a row read cell by cell (extract_layout_cells). */
#define LINE_CELLS_MAX 256

/* A header field: atoms [a0, a1) of the header, separated from the next by
 * two or more spaces or a tab, and its display span. */
struct hfield {
    size_t a0, a1;
    int c0, c1;
};

/* Splits a space-aligned header into its fields; returns how many. */
static int header_fields(const struct extract_transcript *t, const struct xline *h,
                         struct hfield *f, int max, int *scratch)
{
    const char *s = extract_xline_text(t, h);
    const struct xatom *a = t->atoms + h->atom0;
    int n = 0;

    extract_display_cols(s, h->len, scratch, WIDTH_MAX);
    for (size_t i = 0; i < h->n_atoms && n < max;) {
        size_t j = i + 1;
        while (j < h->n_atoms) {
            size_t from = (size_t)(a[j - 1].p + a[j - 1].len - s), to = (size_t)(a[j].p - s);
            int sep = 0;
            for (size_t k = from; k < to; k++)
                sep |= (k + 1 < to && s[k] == ' ' && s[k + 1] == ' ') || s[k] == '\t';
            if (sep)
                break;
            j++;
        }
        f[n].a0 = i;
        f[n].a1 = j;
        f[n].c0 = scratch[a[i].p - s];
        f[n].c1 = scratch[a[j - 1].p + a[j - 1].len - s];
        n++;
        i = j;
    }
    return n;
}

/* Value cells of a data row (a row holding a bracketed list is no plain
 * row: -1). */
static int row_cells(const struct extract_transcript *t, const struct xline *ln)
{
    int n = 0;
    for (size_t i = ln->value_atom; i < ln->n_atoms; i++) {
        const struct xatom *a = &t->atoms[ln->atom0 + i];
        if (a->num < 0)
            continue;
        if (t->nums[a->num].list >= 0)
            return -1;
        n++;
    }
    return n;
}

/* How many value cells most data rows of the table have (the larger count
 * on a tie), or 0 when a row holds a list.  A row with more has numbers in
 * its label ("LSTM, forget-gate bias 3.0"); one with fewer misses a cell. */
int extract_table_cells(const struct extract_transcript *t, const struct xtable *tb)
{
    int count[INTERVALS_MAX] = { 0 }, best = 0;
    for (size_t li = tb->first; li <= tb->last; li++) {
        const struct xline *ln = &t->lines[li];
        if (ln->role != XROW_DATA)
            continue;
        int c = row_cells(t, ln);
        if (c < 0)
            return 0;
        if (c < INTERVALS_MAX)
            count[c]++;
    }
    for (int c = 1; c < INTERVALS_MAX; c++)
        if (count[c] && count[c] >= count[best])
            best = c;
    return best;
}

/* The atom (relative) of a row's k-th value from the end of its values. */
static size_t nth_value_from_end(const struct extract_transcript *t, const struct xline *ln,
                                 int k)
{
    size_t i = ln->n_atoms;
    while (i-- > ln->value_atom)
        if (t->atoms[ln->atom0 + i].num >= 0 && k-- == 0)
            return i;
    return ln->value_atom;
}

/* Did the gutters fail a full row?  A label longer than its field pushes
 * its row's numbers right, into the gutters of the rows above, so the
 * gutters merge: a row with one value per value column then has two
 * values in one column, or a value in a label or headerless column. */
int extract_gutters_fail_full_rows(const struct extract_transcript *t, const struct xtable *tb,
                                   const struct colbuild *cb, int cells)
{
    for (size_t li = tb->first; li <= tb->last; li++) {
        const struct xline *ln = &t->lines[li];
        int prev = -1;
        if (ln->role != XROW_DATA || row_cells(t, ln) < cells)
            continue;
        for (size_t i = nth_value_from_end(t, ln, cells - 1); i < ln->n_atoms; i++) {
            const struct xatom *a = &t->atoms[ln->atom0 + i];
            int col;
            if (a->num < 0)
                continue;
            col = t->num_col[a->num];
            if (col <= prev || col < 0 || col >= cb->n || cb->kind[col] != 1 || cb->n_hdr[col] == 0)
                return 1;
            prev = col;
        }
    }
    return 0;
}

/* A row with a missing cell: each value goes to the value field nearest
 * to it on screen, left to right (offsets only decide which cell is
 * missing). */
static void place_short_row(struct extract_transcript *t, const struct xline *ln,
                            const struct hfield *f, int first_value, int nf, int *scratch)
{
    const char *s = extract_xline_text(t, ln);
    int next = first_value;

    extract_display_cols(s, ln->len, scratch, WIDTH_MAX);
    for (size_t i = ln->value_atom; i < ln->n_atoms; i++) {
        const struct xatom *a = &t->atoms[ln->atom0 + i];
        if (a->num < 0)
            continue;
        int c0 = scratch[a->p - s], c1 = scratch[a->p + a->len - s], best = -1, best_d = 0;
        for (int k = next; k < nf; k++) {
            int d = c1 <= f[k].c0 ? f[k].c0 - c1 : f[k].c1 <= c0 ? c0 - f[k].c1 : 0;
            if (best < 0 || d < best_d)
                best = k, best_d = d;
        }
        if (best < 0)
            return;
        t->num_col[a->num] = best;
        next = best + 1;
    }
}

/* Ragged rows: the header's fields are the columns and a row with one
 * value per value field is read by order (the k-th value from the right
 * under the k-th field from the right), whatever its offsets.  Returns 1
 * when the layout applies, 0 when it does not, -1 when out of memory. */
int extract_layout_fields(struct extract_transcript *t, struct xtable *tb, struct colbuild *cb,
                          int cells)
{
    const struct xline *h = &t->lines[tb->header];
    struct hfield *f = malloc(INTERVALS_MAX * sizeof *f);
    int *scratch = malloc(WIDTH_MAX * sizeof *scratch);
    int nf, first_value, rc = -1;

    if (!f || !scratch)
        goto out;
    rc = 0;
    if (h->len >= WIDTH_MAX)
        goto out;
    nf = header_fields(t, h, f, INTERVALS_MAX, scratch);
    first_value = nf - cells;
    if (cells < 2 || first_value < 1)
        goto out;   /* the row labels need a field of their own */
    memset(cb, 0, sizeof *cb);
    cb->n = nf;
    for (int k = 0; k < nf; k++) {
        cb->kind[k] = k < first_value ? 2 : 1;
        for (size_t i = f[k].a0; i < f[k].a1; i++)
            extract_add_header_atom(cb, k, (long)(h->atom0 + i));
    }
    for (size_t li = tb->first; li <= tb->last; li++) {
        const struct xline *ln = &t->lines[li];
        int col = first_value;
        if (ln->role != XROW_DATA)
            continue;
        for (size_t k = 0; k < ln->n_nums; k++)
            t->num_col[ln->num0 + k] = -1;
        if (row_cells(t, ln) < cells) {
            place_short_row(t, ln, f, first_value, nf, scratch);
            continue;
        }
        /* numbers before the last `cells` ones belong to the label ("bias 3.0") */
        size_t from = nth_value_from_end(t, ln, cells - 1);
        for (size_t i = ln->value_atom; i < ln->n_atoms; i++) {
            const struct xatom *a = &t->atoms[ln->atom0 + i];
            if (a->num >= 0)
                t->num_col[a->num] = i < from ? first_value - 1 : col++;
        }
    }
    rc = 1;
out:
    free(f);
    free(scratch);
    return rc;
}

/* The cell of every atom of a line split like a space-aligned header: a new
 * cell after two or more spaces or a tab.  Returns the number of cells. */
static int split_cells(const struct extract_transcript *t, const struct xline *ln, int *cell,
                       size_t max)
{
    const char *s = extract_xline_text(t, ln);
    const struct xatom *a = t->atoms + ln->atom0;
    int c = 0;

    for (size_t i = 0; i < ln->n_atoms && i < max; i++) {
        if (i > 0) {
            size_t from = (size_t)(a[i - 1].p + a[i - 1].len - s), to = (size_t)(a[i].p - s);
            for (size_t k = from; k < to; k++)
                if ((k + 1 < to && s[k] == ' ' && s[k + 1] == ' ') || s[k] == '\t') {
                    c++;
                    break;
                }
        }
        cell[i] = c;
    }
    return ln->n_atoms ? c + 1 : 0;
}

int extract_layout_cells(struct extract_transcript *t, struct xtable *tb, struct colbuild *cb)
{
    const struct xline *h = &t->lines[tb->header];
    struct hfield *f = malloc(INTERVALS_MAX * sizeof *f);
    int *scratch = malloc(WIDTH_MAX * sizeof *scratch), *cell = malloc(LINE_CELLS_MAX * sizeof *cell);
    int nf, rc = -1;

    if (!f || !scratch || !cell)
        goto out;
    rc = 0;
    if (h->len >= WIDTH_MAX || (nf = header_fields(t, h, f, INTERVALS_MAX, scratch)) < 3)
        goto out;
    for (size_t li = tb->first; li <= tb->last; li++) {
        const struct xline *ln = &t->lines[li];
        if (ln->role == XROW_DATA &&
            (ln->n_atoms > LINE_CELLS_MAX || split_cells(t, ln, cell, LINE_CELLS_MAX) != nf))
            goto out;   /* some row is cut otherwise: positions cannot be trusted */
    }
    memset(cb, 0, sizeof *cb);
    cb->n = nf;
    for (int k = 0; k < nf; k++)
        for (size_t i = f[k].a0; i < f[k].a1; i++)
            extract_add_header_atom(cb, k, (long)(h->atom0 + i));
    for (size_t li = tb->first; li <= tb->last; li++) {
        const struct xline *ln = &t->lines[li];
        if (ln->role != XROW_DATA)
            continue;
        split_cells(t, ln, cell, LINE_CELLS_MAX);
        for (size_t i = 0; i < ln->n_atoms; i++) {
            const struct xatom *a = &t->atoms[ln->atom0 + i];
            if (extract_is_filler(t, ln, a))
                continue;
            extract_note_kind(cb, cell[i], (long)li, extract_is_value_num(t, ln, a));
            if (a->num >= 0)
                t->num_col[a->num] = cell[i];
        }
    }
    extract_settle_kinds(cb);
    rc = 1;
out:
    free(f);
    free(scratch);
    free(cell);
    return rc;
}

void extract_layout_delimited(struct extract_transcript *t, struct xtable *tb, struct colbuild *cb)
{
    const struct xline *h = &t->lines[tb->header];
    const char *hs = extract_xline_text(t, h);

    for (size_t li = tb->first; li <= tb->last; li++) {
        const struct xline *ln = &t->lines[li];
        const char *s = extract_xline_text(t, ln);
        if (ln->role != XROW_DATA)
            continue;
        for (size_t i = 0; i < ln->n_atoms; i++) {
            const struct xatom *a = &t->atoms[ln->atom0 + i];
            int col = extract_field_of(s, (size_t)(a->p - s), tb->delim);
            if (extract_is_filler(t, ln, a))
                continue;
            extract_note_kind(cb, col, (long)li, extract_is_value_num(t, ln, a));
            if (a->num >= 0)
                t->num_col[a->num] = col;
        }
    }
    extract_settle_kinds(cb);
    for (size_t i = 0; i < h->n_atoms; i++) {
        const struct xatom *a = &t->atoms[h->atom0 + i];
        int col = extract_field_of(hs, (size_t)(a->p - hs), tb->delim);
        extract_add_header_atom(cb, col, (long)(h->atom0 + i));
        if (col >= cb->n && col < INTERVALS_MAX)
            cb->n = col + 1;
    }
}

/* Single-spaced tables: the k-th value from the right sits under the k-th
 * header name from the right. */
void extract_layout_ordinal(struct extract_transcript *t, struct xtable *tb, struct colbuild *cb)
{
    const struct xline *h = &t->lines[tb->header];
    const char *hs = extract_xline_text(t, h);
    long starts[INTERVALS_MAX];
    int nf = 0;

    /* header names: whitespace-separated tokens */
    for (size_t i = 0; i < h->n_atoms && nf < INTERVALS_MAX; i++) {
        const struct xatom *a = &t->atoms[h->atom0 + i];
        size_t off = (size_t)(a->p - hs);
        if (i == 0 || off == 0 || hs[off - 1] == ' ' || hs[off - 1] == '\t')
            starts[nf++] = (long)i;
        extract_add_header_atom(cb, nf - 1, (long)(h->atom0 + i));
    }
    cb->n = nf;
    for (int k = 0; k < nf; k++)
        cb->kind[k] = 2;
    for (size_t li = tb->first; li <= tb->last; li++) {
        const struct xline *ln = &t->lines[li];
        int col = nf - 1, last_list = -2;
        if (ln->role != XROW_DATA)
            continue;
        for (size_t i = ln->n_atoms; i-- > ln->value_atom && col >= 0;) {
            const struct xatom *a = &t->atoms[ln->atom0 + i];
            const struct numparse_num *n;
            if (a->num < 0)
                continue;
            n = &t->nums[a->num];
            if (last_list != -2 && (n->list < 0 || n->list != last_list))
                col--;
            if (col < 0)
                break;
            t->num_col[a->num] = col;
            cb->kind[col] = 1;
            last_list = n->list < 0 ? -3 : n->list;
        }
    }
    (void)starts;
}

/* How many of the label column's header words name the numbered columns.
 * pandas prints a pivot's columns' name on the header line ("length" over
 * the row labels) and its index's name on the line below ("model"): only
 * the first names them, so a cell reads "length 50", not "length model 50". */
static int columns_name_atoms(const struct extract_transcript *t, const struct xtable *tb,
                              const struct colbuild *cb, int label_col)
{
    const struct xline *h = &t->lines[tb->header];
    long end = (long)(h->atom0 + h->n_atoms);
    int n = 0;

    while (n < cb->n_hdr[label_col] && cb->hdr_atoms[label_col][n] < end)
        n++;
    return tb->index_line >= 0 && n > 0 ? n : cb->n_hdr[label_col];
}

/* "train acc %", "test acc (%)", "acc [%]", "accuracy percent": the
 * column's numbers are percentages even when printed bare. */
static int percent_header(const struct extract_transcript *t, const struct colbuild *cb, int k)
{
    for (int h = 0; h < cb->n_hdr[k]; h++) {
        const struct xatom *a = &t->atoms[cb->hdr_atoms[k][h]];
        const char *p = a->p + a->len, *end = t->text + t->len;
        if (a->num < 0 && ((a->len == 7 && strncasecmp(a->p, "percent", 7) == 0) ||
                           (a->len == 3 && strncasecmp(a->p, "pct", 3) == 0)))
            return 1;
        while (p < end && (*p == ' ' || *p == '(' || *p == '[' || *p == '_' || *p == '-' ||
                           *p == '/' || *p == 'i' || *p == 'n'))
            p++;   /* "acc (%)", "acc in %", "acc/%" */
        if (p < end && *p == '%')
            return 1;
    }
    return 0;
}

/* "attention weights in % (rows = queries):", "accuracy (percent)": a
 * caption that gives the unit of every cell below it.  A '%' glued to a
 * number ("adds to 100%") is a value, not a unit. */
static int percent_caption(const struct extract_transcript *t, const struct xline *ln)
{
    const char *s = extract_xline_text(t, ln);
    const struct xatom *a = t->atoms + ln->atom0;

    for (size_t i = 0; i < ln->n_atoms; i++)
        if (a[i].num < 0 && ((a[i].len == 7 && strncasecmp(a[i].p, "percent", 7) == 0) ||
                             (a[i].len == 3 && strncasecmp(a[i].p, "pct", 3) == 0)))
            return 1;
    for (size_t i = 0; i < ln->len; i++) {
        if (s[i] != '%')
            continue;
        size_t k = i;
        while (k > 0 && s[k - 1] == ' ')
            k--;
        if (k == 0 || !(s[k - 1] >= '0' && s[k - 1] <= '9'))
            return 1;
    }
    return 0;
}

/* Marks the bare numbers of a percent column as percentages. */
static void mark_percent(struct extract_transcript *t, const struct xtable *tb, int col)
{
    for (size_t li = tb->first; li <= tb->last; li++) {
        const struct xline *ln = &t->lines[li];
        if (ln->role != XROW_DATA)
            continue;
        for (size_t k = 0; k < ln->n_nums; k++) {
            struct numparse_num *n = &t->nums[ln->num0 + k];
            if (t->num_col[ln->num0 + k] == col &&
                !(n->flags & (NUMPARSE_PERCENT | NUMPARSE_UNIT | NUMPARSE_FACTOR | NUMPARSE_NAN |
                              NUMPARSE_INF)))
                n->flags |= NUMPARSE_PERCENT;
        }
    }
}

int extract_store_columns(struct extract_transcript *t, struct xtable *tb, struct colbuild *cb,
                          struct gb_err *err)
{
    int label_col = -1, has_label = 0;

    for (int k = 0; k < cb->n; k++)
        has_label |= cb->kind[k] == 2;
    if (!has_label && cb->n >= 2) {
        int k = 0;
        while (k < cb->n && cb->kind[k] == 0)
            k++;   /* "| step |": the empty field before the first pipe */
        if (k < cb->n - 1)
            cb->kind[k] = 2;   /* the leftmost column names the rows */
    }
    for (int k = 0; k < cb->n && label_col < 0; k++) {
        int words = cb->n_hdr[k] > 0;
        for (int h = 0; h < cb->n_hdr[k]; h++)
            words &= t->atoms[cb->hdr_atoms[k][h]].num < 0;
        if (cb->kind[k] == 2 && words)
            label_col = k;
    }
    tb->col0 = t->n_cols;
    tb->n_cols = (size_t)cb->n;
    if (extract_grow((void **)&t->cols, &t->cap_cols, t->n_cols + (size_t)cb->n,
                     sizeof *t->cols, err) < 0)
        return -1;
    /* the caption right above the header may give the unit of every cell */
    int caption_pct = tb->header > 0 && t->lines[tb->header - 1].block == t->lines[tb->header].block &&
                      t->lines[tb->header - 1].role == XROW_NONE &&
                      percent_caption(t, &t->lines[tb->header - 1]);
    for (int k = 0; k < cb->n; k++) {
        struct xcolumn *c = &t->cols[t->n_cols++];
        int numeric = cb->n_hdr[k] > 0;
        for (int h = 0; h < cb->n_hdr[k]; h++)
            numeric &= t->atoms[cb->hdr_atoms[k][h]].num >= 0;
        c->is_value = cb->kind[k] == 1;
        c->is_key = cb->key[k];
        if (c->is_value && (caption_pct || percent_header(t, cb, k)))
            mark_percent(t, tb, k);
        c->hatom0 = t->n_hatoms;
        /* A header that is only a number ("0.5") is named by the label
         * column's header ("gain"): the cell reads "gain 0.5". */
        int prefix = numeric && label_col >= 0 && label_col != k
                         ? columns_name_atoms(t, tb, cb, label_col) : 0;
        if (extract_grow((void **)&t->hatoms, &t->cap_hatoms,
                         t->n_hatoms + (size_t)(prefix + cb->n_hdr[k]), sizeof *t->hatoms, err) < 0)
            return -1;
        for (int h = 0; h < prefix; h++)
            t->hatoms[t->n_hatoms++] = t->atoms[cb->hdr_atoms[label_col][h]];
        for (int h = 0; h < cb->n_hdr[k]; h++)
            t->hatoms[t->n_hatoms++] = t->atoms[cb->hdr_atoms[k][h]];
        c->n_hatoms = t->n_hatoms - c->hatom0;
    }
    return 0;
}
