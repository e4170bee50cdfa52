/* extract_table_detect.c — finds the tables in the transcript: runs of rows, headers, axes.
 *
 * A table is a header line followed by data rows (lines that end in values)
 * in one blank-line block.  extract_table_detect() finds each run of data
 * rows and its header (a pandas index-name line, a pivot's numbered
 * header, a line of names over lists), ends the run where a row no longer
 * lines up, builds the table's columns, and reads what its rows and columns
 * are from its corner ("key \ query") or caption ("rows = keys").
 */
#include "extract/extract_int.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- runs ------------------------------------------------------------------ */

/* Not in a table, or alone in a headerless one ("... sits at step 50"). */
static int is_lone_row(const struct extract_transcript *t, const struct xline *ln)
{
    const struct xtable *tb;
    if (ln->table < 0)
        return 1;
    tb = &t->tables[ln->table];
    return tb->header < 0 && tb->first == tb->last;
}

/* ---- axes ------------------------------------------------------------------ */

static void set_axis(struct xaxis *ax, const struct xatom *a, size_t n)
{
    if (n == 0 || n > AXIS_ATOMS_MAX)
        return;
    for (size_t i = 0; i < n; i++)
        ax->a[i] = a[i];
    ax->n = n;
}

/* The corner over the row labels names both axes, rows first: "key \ query",
 * "keys / queries", "keys vs queries", "k\q". */
static void corner_axes(const struct extract_transcript *t, struct xtable *tb)
{
    for (size_t k = 0; k < tb->n_cols; k++) {
        const struct xcolumn *c = &t->cols[tb->col0 + k];
        const struct xatom *h = t->hatoms + c->hatom0;
        if (c->is_value)
            return;   /* the corner is left of the values */
        for (size_t i = 0; i + 1 < c->n_hatoms; i++) {
            int slash = 0,
                vs = extract_atom_is(&h[i + 1], "vs") || extract_atom_is(&h[i + 1], "versus");
            for (const char *p = h[i].p + h[i].len; p < h[i + 1].p && !vs; p++)
                slash |= *p == '\\' || *p == '/';
            if (!slash && !vs)
                continue;
            size_t rest = i + 1 + (size_t)vs;
            if (rest >= c->n_hatoms)
                return;
            set_axis(&tb->rows_are, h, i + 1);
            set_axis(&tb->cols_are, h + rest, c->n_hatoms - rest);
            return;
        }
    }
}

/* One axis word after "rows", "columns" or "cols" in a caption: "rows =
 * keys", "rows: keys", "rows are keys", "one row per key".  Not a list of
 * row names ("rows: rude, was, not"): the word must end the phrase. */
static void caption_axes(const struct extract_transcript *t, struct xline *ln,
                         struct xtable *tb)
{
    const struct xatom *a = t->atoms + ln->atom0;
    const char *end = t->text + ln->off + ln->len;

    for (size_t i = 0; i + 1 < ln->n_atoms; i++) {
        int rows = extract_atom_is(&a[i], "row") || extract_atom_is(&a[i], "rows");
        int cols = extract_atom_is(&a[i], "column") || extract_atom_is(&a[i], "columns") ||
                   extract_atom_is(&a[i], "cols");
        size_t j = i + 1;
        int mark = 0;
        if (!rows && !cols)
            continue;
        for (const char *p = a[i].p + a[i].len; p < a[j].p; p++)
            mark |= *p == '=' || *p == ':';
        if (!mark && (extract_atom_is(&a[j], "are") || extract_atom_is(&a[j], "per")))
            mark = 1, j++;
        if (!mark || j >= ln->n_atoms || a[j].num >= 0)
            continue;
        const char *after = a[j].p + a[j].len, *stop = j + 1 < ln->n_atoms ? a[j + 1].p : end;
        int ends = j + 1 == ln->n_atoms || extract_atom_is(&a[j + 1], "and");
        for (const char *p = after; p < stop && !ends; p++)
            ends = *p == ')' || *p == '(' || *p == ';' || (*p == ',' && j + 1 < ln->n_atoms &&
                                               (extract_atom_is(&a[j + 1], "column") ||
                                                extract_atom_is(&a[j + 1], "columns") ||
                                                extract_atom_is(&a[j + 1], "cols") ||
                                                extract_atom_is(&a[j + 1], "row") ||
                                                extract_atom_is(&a[j + 1], "rows")));
        if (!ends)
            continue;
        set_axis(rows ? &tb->rows_are : &tb->cols_are, &a[j], 1);
        if (!ln->axes_at)
            ln->axes_at = i + 1;
    }
}

/* What the rows and columns of a table are, when its corner or the
 * caption right above it says (the corner first: it sits on the table). */
static void find_axes(struct extract_transcript *t, struct xtable *tb)
{
    corner_axes(t, tb);
    if (tb->header <= 0)
        return;
    struct xline *above = &t->lines[tb->header - 1];
    struct xaxis rows = tb->rows_are, cols = tb->cols_are;
    if (above->block == t->lines[tb->header].block && above->role == XROW_NONE &&
        (above->kind == XLINE_TITLE || above->kind == XLINE_TEXT))
        caption_axes(t, above, tb);
    if (rows.n || cols.n) {
        tb->rows_are = rows;
        tb->cols_are = cols;
    }
}

static int index_name_line(const struct extract_transcript *t, long h);
static int long_index_name(const struct extract_transcript *t, long h);

static int add_table(struct extract_transcript *t, long header, size_t first, size_t last,
                     enum xdelim d, struct gb_err *err)
{
    struct xtable *tb;
    long idx = (long)t->n_tables;

    if (extract_grow((void **)&t->tables, &t->cap_tables, t->n_tables + 1, sizeof *t->tables,
                     err) < 0)
        return -1;
    tb = &t->tables[t->n_tables++];
    memset(tb, 0, sizeof *tb);
    tb->header = header;
    tb->index_line = header >= 0 && (size_t)header + 2 == first &&
                     t->lines[header + 1].kind == XLINE_TEXT &&
                     (index_name_line(t, header + 1) || long_index_name(t, header + 1))
                         ? header + 1 : -1;
    tb->first = first;
    tb->last = last;
    tb->delim = d;
    for (size_t li = first; li <= last; li++) {
        if (t->lines[li].role == XROW_DATA)
            t->lines[li].table = idx;
    }
    if (header >= 0) {
        t->lines[header].role = XROW_HEADER;   /* even if it once looked like a lone row */
        t->lines[header].table = idx;
        if (tb->index_line >= 0) {
            t->lines[tb->index_line].role = XROW_HEADER;
            t->lines[tb->index_line].table = idx;
        }
        if (d == XDELIM_SPACE)
            extract_blanked_keys(t, tb);
        if (extract_build_columns(t, tb, err) < 0)
            return -1;
        int grouped = extract_group_header(t, &t->tables[idx], err);
        if (grouped < 0)
            return -1;
        /* The sentence right above a table is its title, unless it names
         * groups of its columns. */
        if (!grouped && header > 0 && (size_t)header + 3 > first) {
            struct xline *above = &t->lines[header - 1];
            if (above->block == t->lines[header].block && above->kind == XLINE_TEXT &&
                above->role != XROW_HEADER && is_lone_row(t, above)) {
                above->kind = XLINE_TITLE;
                above->role = XROW_NONE;
                above->table = -1;
            }
        }
        find_axes(t, &t->tables[idx]);
    }
    return 0;
}

static int is_lone_row(const struct extract_transcript *t, const struct xline *ln);

/* pandas prints a named index on its own line: "model" or "step", words only. */
static int index_name_line(const struct extract_transcript *t, long h)
{
    const struct xline *ln = &t->lines[h];
    if (ln->n_atoms == 0 || ln->n_atoms > 3 || ln->n_nums > 0)
        return 0;
    return !extract_wide_gap(ln, extract_xline_text(t, ln));
}

/* Under a pandas header (indented, wide gaps) the index's name may be a
 * longer phrase at the left margin, "model (order thrown away)", or the
 * names of a MultiIndex's levels, "model           setting". */
static int long_index_name(const struct extract_transcript *t, long h)
{
    const struct xline *ln = &t->lines[h];
    const char *s = extract_xline_text(t, ln);
    if (ln->n_atoms == 0 || ln->n_atoms > 6 || ln->n_nums > 0 || ln->len == 0 || s[0] == ' ' ||
        s[0] == '\t' || h == 0)
        return 0;
    const struct xline *above = &t->lines[h - 1];
    const char *a = extract_xline_text(t, above);
    return above->block == ln->block && above->kind == XLINE_TEXT && above->len > 0 &&
           a[0] == ' ' && extract_wide_gap(above, a);
}

/* Numbers glued to a key by '=' or ':' ("t50=3.4e-02", "loss:0.31"): each
 * cell carries its own name.  A spaced "x = 3" is a setting, not counted. */
static size_t keyed_numbers(const struct extract_transcript *t, const struct xline *ln)
{
    const char *s = extract_xline_text(t, ln);
    size_t n = 0;
    for (size_t i = 0; i < ln->n_atoms; i++) {
        const struct xatom *a = &t->atoms[ln->atom0 + i];
        const char *q = a->p;
        if (a->num < 0 || q - s < 2)
            continue;
        n += (q[-1] == '=' || q[-1] == ':') && q[-2] != ' ' && q[-2] != '\t';
    }
    return n;
}

static int names_each_value(const struct extract_transcript *t, const struct xline *header,
                            const struct xline *row);

/* An outline's branch: a list item with a deeper list item right below it
 * ("- lstm (forget bias 0)" over "  - train s: 122.3", a tree drawing's
 * branch, extract.c).  It names what the items under it measure, as a
 * heading does: never a table's header or row, and its items no table's
 * rows across it. */
static int outline_branch(const struct extract_transcript *t, size_t k)
{
    size_t ind, next_ind;

    if (k + 1 >= t->n_lines || t->lines[k + 1].block != t->lines[k].block)
        return 0;
    return extract_list_marker(t, &t->lines[k], &ind) &&
           extract_list_marker(t, &t->lines[k + 1], &next_ind) && next_ind > ind;
}

/* The header of a run starting at line `first`: the line above it (a rule
 * line in between is allowed), in the same block and not itself a value row. */
static long find_header(const struct extract_transcript *t, size_t first, enum xdelim d,
                        const enum xdelim *delims)
{
    long h = (long)first - 1;
    if (h >= 0 && t->lines[h].kind == XLINE_RULE && t->lines[h].block == t->lines[first].block)
        h--;
    if (h < 0 || t->lines[h].block != t->lines[first].block || outline_branch(t, (size_t)h))
        return -1;
    if (t->lines[h].kind != XLINE_TEXT || t->lines[h].role != XROW_NONE || t->lines[h].n_atoms == 0)
        return -1;
    if (keyed_numbers(t, &t->lines[h]) > 2 * extract_count_values(t, &t->lines[first]))
        return -1;   /* "bf=3  t50=3.4e-02  t1=4.7e-09" over "took 0.12 s": a log line that
                      * names its own cells; "T=5  T=20  T=50" over as many values heads them */
    if ((index_name_line(t, h) || long_index_name(t, h)) && h > 0 &&
        !names_each_value(t, &t->lines[h], &t->lines[first]) &&
        t->lines[h - 1].block == t->lines[h].block &&
        t->lines[h - 1].kind == XLINE_TEXT &&
        (extract_pandas_header(t, &t->lines[h - 1]) ||
         extract_count_values(t, &t->lines[first]) == 1) &&
        (!extract_is_data(&t->lines[h - 1]) ||
         (is_lone_row(t, &t->lines[h - 1]) &&
          extract_header_like(t, &t->lines[h - 1], &t->lines[first]))))
        return h - 1;   /* pandas: header, then the index's name alone on a line */
    if (d != XDELIM_SPACE && delims[h] != d)
        return -1;
    if (extract_is_data(&t->lines[h]) && !extract_header_like(t, &t->lines[h], &t->lines[first]))
        return -1;
    return h;
}

/* "device: cpu", "optimizer = adam": a setting printed as key and value,
 * not a row of column names. */
static int setting_line(const struct extract_transcript *t, const struct xline *ln)
{
    const struct xatom *a = t->atoms + ln->atom0;
    const char *s = extract_xline_text(t, ln);
    int marks = 0, depth = 0;

    if (ln->n_atoms < 2 || a[0].num >= 0 || extract_wide_gap(ln, s))
        return 0;   /* "T=5    T=20    T=50" is a header of parameters */
    for (size_t i = 0; i < ln->len; i++) {
        if (s[i] == '(' || s[i] == '[' || s[i] == '{')
            depth++;
        else if ((s[i] == ')' || s[i] == ']' || s[i] == '}') && depth > 0)
            depth--;
        else if ((s[i] == ':' || s[i] == '=') && depth == 0 && (size_t)(a[0].p - s) < i)
            marks++;   /* not "weights_df.sum(axis=1)" */
    }
    return marks == 1;
}

/* "logistic → all 0.745 · very 1.000 · not 0.495": every number labelled by
 * the word right before it.  Such lines carry their own column names; a
 * line of words above them is no header. */
static int labels_each_value(const struct extract_transcript *t, const struct xline *ln)
{
    const struct xatom *a = t->atoms + ln->atom0;
    size_t pairs = 0, values = 0;

    for (size_t i = 0; i < ln->n_atoms; i++) {
        if (!extract_is_value_num(t, ln, &a[i]))
            continue;
        values++;
        pairs += i > 0 && a[i - 1].num < 0 && !extract_is_filler(t, ln, &a[i - 1]);
    }
    return values >= 2 && pairs == values;
}

static int value_spans(const struct extract_transcript *t, const struct xline *ln,
                       int (*spans)[3], int max);

/* A row holding one cell: one value, or one bracketed list. */
static int one_cell_row(const struct extract_transcript *t, const struct xline *ln)
{
    int spans[2][3];
    return value_spans(t, ln, spans, 2) == 1;
}

/* A space-aligned header has wide gaps between its names; a single-spaced
 * one ("model train_acc test_acc") must be names only, no values.  A
 * setting line ("device: cpu") heads nothing, except the names of the
 * lists below it ("columns: support was not rude" over tensor rows). */
static int space_header_ok(const struct extract_transcript *t, long h, size_t first)
{
    const struct xline *ln = &t->lines[h];
    size_t list_first;
    if (setting_line(t, ln) && extract_list_width(t, &t->lines[first], &list_first) < 2)
        return 0;
    if (extract_wide_gap(ln, extract_xline_text(t, ln)))
        return 1;
    for (size_t i = 0; i < ln->n_atoms; i++)
        if (extract_is_value_num(t, ln, &t->atoms[ln->atom0 + i]))
            return 0;
    /* a Series: "kind" over "not  303" (or over one printed list a row);
     * one word over rows of several cells ("outputs" over a matrix) names
     * the matrix, it heads no column */
    return ln->n_atoms >= 2 || (index_name_line(t, h) && one_cell_row(t, &t->lines[first]));
}

/* Display column of byte p of a line. */
static int display_col(const struct extract_transcript *t, const struct xline *ln, const char *p)
{
    const char *s = extract_xline_text(t, ln);
    int c = 0;
    for (const char *q = s; q < p; q++) {
        if (*q == '\t')
            c = (c / 8 + 1) * 8;
        else if (((unsigned char)*q & 0xC0) != 0x80)
            c++;
    }
    return c;
}

/* Display spans of a row's values; a bracketed list of two or more numbers
 * is one span, flagged in spans[k][2]. */
static int value_spans(const struct extract_transcript *t, const struct xline *ln,
                       int (*spans)[3], int max)
{
    int n = 0, list = -2;
    for (size_t i = ln->value_atom; i < ln->n_atoms; i++) {
        const struct xatom *a = &t->atoms[ln->atom0 + i];
        int l;
        if (a->num < 0)
            continue;
        l = t->nums[a->num].list;
        if (l >= 0 && l == list && n > 0) {
            spans[n - 1][1] = display_col(t, ln, a->p + a->len);
            spans[n - 1][2] = 1;
            continue;
        }
        if (n == max)
            break;
        spans[n][0] = display_col(t, ln, a->p);
        spans[n][1] = display_col(t, ln, a->p + a->len);
        spans[n][2] = 0;
        n++;
        list = l;
    }
    return n;
}

/* A row with a label longer than the first row's: as many plain values,
 * each pushed right by the same amount (the label's extra length), so far
 * that they may sit in the gutters. */
static int ragged_row(int (*a)[3], int na, int (*b)[3], int nb)
{
    if (na != nb || na < 2 || a[0][0] <= b[0][0])
        return 0;
    for (int i = 0; i < na; i++)
        if (a[i][2] || b[i][2] || a[i][1] - b[i][1] != a[0][1] - b[0][1])
            return 0;
    return 1;
}

/* Does a value span [c0, c1] sit under a header word over which the first
 * row printed nothing?  A first row with an empty cell ("—", "-", or
 * blank: an RNN row's forget-bias column) has no value there for the rows
 * below to line up with; the header still does. */
static int under_empty_header(const struct extract_transcript *t, const struct xline *header,
                              int (*first)[3], int n_first, int c0, int c1)
{
    for (size_t i = 0; i < header->n_atoms; i++) {
        const struct xatom *a = &t->atoms[header->atom0 + i];
        int h0 = display_col(t, header, a->p), h1 = display_col(t, header, a->p + a->len);
        int over_first = 0;
        if (!(c0 <= h1 && h0 <= c1))
            continue;
        for (int j = 0; j < n_first && !over_first; j++)
            over_first = h0 < first[j][1] && first[j][0] < h1;
        if (!over_first)
            return 1;
    }
    return 0;
}

/* Does row `ln` belong under the table that starts with row `first`?
 * Aligned tables: each of its values overlaps a value column of the first
 * row, and a bracketed list overlaps only one ("output of rude: [0.881,
 * -0.119, ...]" printed under a table of plain numbers is a line of its
 * own, not a row whose list straddles the table's columns), or sits under
 * a header word over which the first row printed nothing.  Single-spaced
 * headers: as many values as the first row, or more, lined up as above. */
static int row_fits(const struct extract_transcript *t, const struct xline *header,
                    const struct xline *first, const struct xline *ln)
{
    int a[64][3], b[64][3], na, nb, first_lists = 0;

    if (!extract_wide_gap(header, extract_xline_text(t, header))) {
        size_t nl = extract_count_values(t, ln), nf = extract_count_values(t, first);
        if (nl == nf)
            return 1;
        if (nl < nf || ln->len > WIDTH_MAX || first->len > WIDTH_MAX)
            return 0;
        /* a row that fills a cell the first row left empty ("-" under
         * forget_bias in an R data frame) still lines up under the header:
         * read by place below */
    } else if (ln->len > WIDTH_MAX || first->len > WIDTH_MAX) {
        return 1;
    }
    na = value_spans(t, ln, a, 64);
    nb = value_spans(t, first, b, 64);
    for (int j = 0; j < nb; j++)
        first_lists |= b[j][2];
    if (ragged_row(a, na, b, nb))
        return 1;
    for (int i = 0; i < na; i++) {
        int fits = 0;
        if (nb > 0 && a[i][1] < b[0][0] && !a[i][2])
            continue;   /* left of every value column: part of the label ("forget bias 3.0") */
        for (int j = 0; j < nb; j++)
            fits += a[i][0] <= b[j][1] && b[j][0] <= a[i][1];
        if (!fits && nb > 0 && !a[i][2])
            fits = under_empty_header(t, header, b, nb, a[i][0], a[i][1]);
        if (!fits || (fits > 1 && a[i][2] && !first_lists))
            return 0;
    }
    return 1;
}

/* A line of words standing one over each value of the row below ("not
 * very" over "303  297": R's named vector, a Series printed across): its
 * k-th word overlaps the row's k-th value.  A sentence over a row of
 * numbers does not line up word for value. */
static int names_each_value(const struct extract_transcript *t, const struct xline *header,
                            const struct xline *row)
{
    size_t k = 0;

    if (header->n_atoms < 2 || header->n_atoms != row->n_atoms || row->n_nums != row->n_atoms)
        return 0;
    for (; k < header->n_atoms; k++) {
        const struct xatom *a = &t->atoms[header->atom0 + k], *v = &t->atoms[row->atom0 + k];
        int h0 = display_col(t, header, a->p), h1 = display_col(t, header, a->p + a->len);
        int v0 = display_col(t, row, v->p), v1 = display_col(t, row, v->p + v->len);
        if (a->num >= 0 || v->num < 0 || t->nums[v->num].list >= 0 || !(h0 < v1 && v0 < h1))
            return 0;
    }
    return 1;
}

/* Line i looks like a header; is the line above it a worse one?  A
 * sentence above a wide-gapped header is its title, not its header. */
static int weak_header_above(const struct extract_transcript *t, size_t i, const enum xdelim *delims)
{
    long h = find_header(t, i, delims[i], delims);
    if (h < 0)
        return 1;
    return delims[i] == XDELIM_SPACE &&
           extract_wide_gap(&t->lines[i], extract_xline_text(t, &t->lines[i])) &&
           !extract_wide_gap(&t->lines[h], extract_xline_text(t, &t->lines[h]));
}

/* The last row of the run that starts at data row `first` under `header`. */
static size_t extend_run(struct extract_transcript *t, size_t first, long header,
                         const enum xdelim *delims)
{
    size_t last = first;
    for (size_t k = first + 1; k < t->n_lines; k++) {
        const struct xline *ln = &t->lines[k];
        if (ln->block != t->lines[first].block)
            break;
        if (ln->kind == XLINE_RULE)
            continue;
        if (!extract_is_data(ln) || delims[k] != delims[first] || outline_branch(t, k))
            break;
        if (k + 1 < t->n_lines && extract_is_data(&t->lines[k + 1]) &&
            t->lines[k + 1].block == ln->block && extract_header_like(t, ln, &t->lines[k + 1]) &&
            !(header >= 0 && delims[first] == XDELIM_SPACE &&
              row_fits(t, &t->lines[header], &t->lines[first], ln)))
            break;   /* the header of the next table (a row lined up under this one's is a row) */
        if (header >= 0 && delims[first] == XDELIM_SPACE &&
            !row_fits(t, &t->lines[header], &t->lines[first], ln))
            break;   /* a log line after the table, not one of its rows */
        if (extract_unlabelled_list_row(t, &t->lines[first]) && !extract_unlabelled_list_row(t, ln))
            break;   /* "output rude: [...]" printed after a numpy matrix */
        if (labels_each_value(t, ln) && !labels_each_value(t, &t->lines[first]))
            break;   /* "min 0.448  mean 0.504  max 0.574" under a table names its own values */
        t->lines[k].role = XROW_DATA;
        last = k;
    }
    return last;
}

/* Header numbers that label columns: whole, distinct and ascending ("5 20 50 100"). */
static int whole_ascending(const struct extract_transcript *t, const struct xline *ln)
{
    const struct numparse_num *prev = NULL;
    for (size_t i = ln->value_atom; i < ln->n_atoms; i++) {
        const struct xatom *a = &t->atoms[ln->atom0 + i];
        const struct numparse_num *n = a->num >= 0 ? &t->nums[a->num] : NULL;
        if (!n)
            continue;
        if (!(n->flags & NUMPARSE_INTEGER) || (prev && n->value <= prev->value))
            return 0;
        prev = n;
    }
    return prev != NULL;
}

/* Every row of the run from line r has k values, one of them a fraction. */
static int rows_have_fractions(const struct extract_transcript *t, size_t r, size_t k,
                               const enum xdelim *delims)
{
    size_t rows = 0;
    for (size_t li = r; li < t->n_lines && t->lines[li].block == t->lines[r].block &&
                        extract_is_data(&t->lines[li]) && delims[li] == delims[r]; li++) {
        const struct xline *ln = &t->lines[li];
        int fraction = 0;
        if (extract_count_values(t, ln) != k)
            break;
        for (size_t j = ln->value_atom; j < ln->n_atoms; j++) {
            const struct xatom *a = &t->atoms[ln->atom0 + j];
            fraction |= a->num >= 0 && !(t->nums[a->num].flags & NUMPARSE_INTEGER);
        }
        if (!fraction)
            return 0;
        rows++;
    }
    return rows > 0;
}

/* A pivot table's header numbers its columns: pandas prints
 * df.pivot(index="model", columns="length", values=...) as
 *
 *     length      5     20     50
 *     model
 *     RNN     1.000  1.000  0.561
 *
 * the columns' name and labels, then the index's name alone on a line.
 * Words then k numbers over rows of k values: with the index-name line
 * that shape is enough; without it ("length  5  20  50" straight over the
 * rows) the numbers must be whole and ascending and every row must print
 * a fraction, so the first row of a table of counts is never a header. */
static int pivot_header(const struct extract_transcript *t, size_t i, const enum xdelim *delims)
{
    const struct xline *ln = &t->lines[i];
    size_t k = extract_count_values(t, ln), r = i + 1;
    int indexed;

    if (delims[i] != XDELIM_SPACE || k < 2 || !extract_is_data(ln) || ln->value_atom == 0 ||
        !extract_wide_gap(ln, extract_xline_text(t, ln)))
        return 0;
    for (size_t j = 0; j < ln->value_atom; j++)
        if (t->atoms[ln->atom0 + j].num >= 0)
            return 0;
    indexed = r < t->n_lines && t->lines[r].block == ln->block && t->lines[r].kind == XLINE_TEXT &&
              index_name_line(t, (long)r);
    r += indexed;
    if (r >= t->n_lines || t->lines[r].block != ln->block || !extract_is_data(&t->lines[r]) ||
        delims[r] != delims[i] || extract_count_values(t, &t->lines[r]) != k)
        return 0;
    return indexed || (whole_ascending(t, ln) && rows_have_fractions(t, r, k, delims));
}

/* A value row that is really the header of the rows below it. */
static int header_row(const struct extract_transcript *t, size_t i, const enum xdelim *delims)
{
    if (pivot_header(t, i, delims))
        return 1;
    return i + 1 < t->n_lines && extract_is_data(&t->lines[i + 1]) &&
           t->lines[i + 1].block == t->lines[i].block && delims[i + 1] == delims[i] &&
           extract_header_like(t, &t->lines[i], &t->lines[i + 1]) &&
           weak_header_above(t, i, delims);
}

int extract_table_detect(struct extract_transcript *t, struct gb_err *err)
{
    enum xdelim *delims = malloc((t->n_lines ? t->n_lines : 1) * sizeof *delims);
    size_t i = 0;

    if (!delims)
        return gb_fail(err, "out of memory finding tables");
    for (size_t k = 0; k < t->n_lines; k++) {
        struct xline *ln = &t->lines[k];
        delims[k] = extract_line_delim(extract_xline_text(t, ln), ln->len, ln->decimal_comma);
        ln->value_atom = ln->kind == XLINE_TEXT ? extract_value_start(t, ln, delims[k])
                                                : ln->n_atoms;
    }
    while (i < t->n_lines) {
        size_t first = i, last;
        long header;
        if (outline_branch(t, i)) {
            i++;             /* read as the line it is (extract_inline.c), never a row */
            continue;
        }
        if (!extract_is_data(&t->lines[i]) || header_row(t, i, delims)) {
            if (extract_is_data(&t->lines[i]))
                t->lines[i].value_atom = t->lines[i].n_atoms;
            i++;
            continue;
        }
        t->lines[i].role = XROW_DATA;
        header = find_header(t, first, delims[first], delims);
        if (header >= 0 && delims[first] == XDELIM_SPACE && !space_header_ok(t, header, first))
            header = -1;
        last = extend_run(t, first, header, delims);
        if (header >= 0 && first == last && delims[first] == XDELIM_SPACE &&
            !extract_wide_gap(&t->lines[header], extract_xline_text(t, &t->lines[header])) &&
            !names_each_value(t, &t->lines[header], &t->lines[first]))
            header = -1;   /* one row under a sentence is not a table */
        if (header >= 0 && delims[first] == XDELIM_SPACE && labels_each_value(t, &t->lines[first]))
            header = -1;
        if (header < 0 && delims[first] == XDELIM_SPACE)
            header = extract_names_header(t, first, last);
        if (add_table(t, header, first, last, delims[first], err) < 0) {
            free(delims);
            return -1;
        }
        i = last + 1;
    }
    free(delims);
    return 0;
}
