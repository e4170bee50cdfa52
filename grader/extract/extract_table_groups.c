/* extract_table_groups.c — pandas' two levels: group lines over headers, blanked row keys.
 *
 * pandas prints a MultiIndex's outer level centred over its columns, and
 * students draw the same by hand:
 *
 *                                  test accuracy                  <- group line
 *                    params    all  very rows  not rows           <- header
 *     64-unit net     1,217  0.785      1.000     0.574
 *
 *     |   (wall clock) || ------ train accuracy ------ || ...
 *     | train s module ||  train | module | diff | ok  || ...
 *
 * A human reads "not rows" as "test accuracy, not rows".  The line right
 * above a table's header is such a group line when it is indented past the
 * row labels and every one of its labels (word runs apart by two spaces or a
 * '|', widened by the rule characters drawn beside them) sits over value
 * columns.  Each label then names a contiguous run of value columns: those
 * it overlaps, widened to the run that centres it best (pandas centres it;
 * a hand-drawn "---- label ----" spans its columns exactly).  Its words go
 * before each of those columns' own header words, and the line stops being
 * the table's caption (it names some columns, not every one; one label over
 * all of them is left a caption).
 *
 * Rows have two levels too: pandas blanks an outer index key the row above
 * already printed,
 *
 *     RNN gain        0.5      7.577e-02 ...
 *                     0.9      7.603e-02 ...
 *
 * and a reader takes "0.9" as "RNN gain 0.9".  A row that starts right of
 * the rows above, its first atom where an atom of such a row starts (or
 * ends, right-aligned), inherits that row's atoms left of it with a gap
 * (extract_blanked_keys); extract_row_label() reads them first.
 */
#define _GNU_SOURCE
#include "extract/extract_int.h"

#include <stdlib.h>
#include <string.h>

#define GROUPS_MAX 32

struct group {
    size_t atom0, n_atoms;   /* absolute atoms of the label */
    int c0, c1;              /* display extent, rules drawn beside it included */
    int col0, col1;          /* value columns named, -1 none */
};

static int rule_byte(char c)
{
    return c == '-' || c == '=' || c == '~' || c == '_' || c == '<' || c == '>' || c == '*';
}

/* Widens [b, e) over the rule drawn beside the label ("---- label ----",
 * one space apart), in bytes of s[0 .. len). */
static void widen_over_rules(const char *s, size_t len, size_t *b, size_t *e)
{
    size_t p = *b, q = *e;
    if (p >= 2 && s[p - 1] == ' ' && rule_byte(s[p - 2]))
        p--;
    while (p > 0 && rule_byte(s[p - 1]))
        p--;
    if (q + 1 < len && s[q] == ' ' && rule_byte(s[q + 1]))
        q++;
    while (q < len && rule_byte(s[q]))
        q++;
    if (p < *b && s[p] != ' ')
        *b = p;
    if (q > *e && s[q - 1] != ' ')
        *e = q;
}

/* Splits the line's atoms into labels; 0 when the line cannot be a group line. */
static int find_labels(const struct extract_transcript *t, const struct xline *ln,
                       const int *cols, struct group *g, int max)
{
    const char *s = extract_xline_text(t, ln);
    int n = 0;

    for (size_t i = 0; i < ln->n_atoms; i++) {
        const struct xatom *a = &t->atoms[ln->atom0 + i];
        size_t b = (size_t)(a->p - s), e = b + a->len;
        int joined = 0;
        if (n > 0) {
            size_t prev_end = (size_t)(t->atoms[ln->atom0 + i - 1].p - s) +
                              t->atoms[ln->atom0 + i - 1].len;
            joined = !memchr(s + prev_end, '|', b - prev_end) &&
                     !memchr(s + prev_end, '\t', b - prev_end) &&
                     !memmem(s + prev_end, b - prev_end, "  ", 2);   /* "output = weights @ V" */
        }
        if (joined) {
            g[n - 1].n_atoms++;
            g[n - 1].c1 = cols[e];
            continue;
        }
        if (n == max)
            return 0;
        g[n] = (struct group){ ln->atom0 + i, 1, cols[b], cols[e], -1, -1 };
        n++;
    }
    for (int k = 0; k < n; k++) {
        const struct xatom *first = &t->atoms[g[k].atom0];
        const struct xatom *last = &t->atoms[g[k].atom0 + g[k].n_atoms - 1];
        size_t b = (size_t)(first->p - s), e = (size_t)(last->p - s) + last->len;
        widen_over_rules(s, ln->len, &b, &e);
        g[k].c0 = cols[b];
        g[k].c1 = cols[e];
    }
    return n;
}

/* The runs of '|' on a line (a "||" is one run of width 2): their display
 * columns and widths; the count, or -1 when there are too many. */
static int pipe_runs(const char *s, size_t len, const int *cols, int (*run)[2], int max)
{
    int n = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] != '|')
            continue;
        size_t j = i;
        while (j < len && s[j] == '|')
            j++;
        if (n == max)
            return -1;
        run[n][0] = cols[i];
        run[n][1] = (int)(j - i);
        n++;
        i = j - 1;
    }
    return n;
}

/* A group line drawn with pipes is aligned by its pipes, not by columns of
 * text: "|| --- test accuracy --- ||" sits between the header's second and
 * third "||" however many spaces the student typed.  Each group pipe run is
 * matched to the next header run of the same width; the labels' extents
 * become the header's columns between the matched runs.  Nothing changes
 * when a run finds no match. */
static void align_by_pipes(const struct extract_transcript *t, const struct xline *ln,
                           const int *lcols, const struct xline *h, const int *hcols,
                           struct group *g, int n)
{
    int gr[GROUPS_MAX][2], hr[INTERVALS_MAX][2], match[GROUPS_MAX];
    int ng = pipe_runs(extract_xline_text(t, ln), ln->len, lcols, gr, GROUPS_MAX);
    int nh = pipe_runs(extract_xline_text(t, h), h->len, hcols, hr, INTERVALS_MAX);
    int at = 0;

    if (ng <= 0 || nh <= 0)
        return;
    for (int k = 0; k < ng; k++) {
        while (at < nh && hr[at][1] != gr[k][1])
            at++;
        if (at == nh)
            return;
        match[k] = at++;
    }
    for (int k = 0; k < n; k++) {
        int lo = -1, hi = ng;   /* the group pipe runs around the label */
        for (int r = 0; r < ng; r++) {
            if (gr[r][0] < g[k].c0)
                lo = r;
            else if (hi == ng)
                hi = r;
        }
        g[k].c0 = lo < 0 ? 0 : hr[match[lo]][0] + hr[match[lo]][1];
        g[k].c1 = hi == ng ? hcols[h->len] : hr[match[hi]][0];
    }
}

/* Display extent of column k's header words on the header line; 0 if none. */
static int column_extent(const struct extract_transcript *t, const struct xtable *tb, size_t k,
                         const int *hcols, int *c0, int *c1)
{
    const struct xline *h = &t->lines[tb->header];
    const char *s = extract_xline_text(t, h);
    const struct xcolumn *c = &t->cols[tb->col0 + k];
    int any = 0;

    for (size_t i = 0; i < c->n_hatoms; i++) {
        const struct xatom *a = &t->hatoms[c->hatom0 + i];
        if (a->p < s || a->p + a->len > s + h->len)
            continue;   /* a word lent by the label column: not on this line here */
        int b = hcols[a->p - s], e = hcols[a->p + a->len - s];
        *c0 = any && *c0 < b ? *c0 : b;
        *c1 = any && *c1 > e ? *c1 : e;
        any = 1;
    }
    return any;
}

/* The run of value columns [lo, hi] inside [min, max] holding the overlapped
 * ones [a, b] whose middle is nearest the label's middle (the shorter run on
 * a tie). */
static void centre(const int (*ext)[2], int a, int b, int min, int max, struct group *g)
{
    int best = -1, mid2 = g->c0 + g->c1;
    for (int lo = min; lo <= a; lo++)
        for (int hi = b; hi <= max; hi++) {
            if (ext[lo][0] < 0 || ext[hi][0] < 0)
                continue;
            int d = abs(ext[lo][0] + ext[hi][1] - mid2);
            if (best < 0 || d < best || (d == best && hi - lo < g->col1 - g->col0))
                best = d, g->col0 = lo, g->col1 = hi;
        }
}

/* Value columns each label overlaps, then widened; 0 when a label names none. */
static int assign_columns(const int (*ext)[2], int n_cols, struct group *g, int n)
{
    for (int k = 0; k < n; k++) {
        int a = -1, b = -1;
        for (int c = 0; c < n_cols; c++)
            if (ext[c][0] >= 0 && ext[c][0] < g[k].c1 && g[k].c0 < ext[c][1]) {
                a = a < 0 ? c : a;
                b = c;
            }
        if (a < 0)
            return 0;
        g[k].col0 = a;
        g[k].col1 = b;
    }
    for (int k = 0; k < n; k++) {
        int min = k > 0 ? g[k - 1].col1 + 1 : 0, max = k + 1 < n ? g[k + 1].col0 - 1 : n_cols - 1;
        if (g[k].col0 < min || g[k].col1 > max)
            return 0;   /* two labels over one column: not a group line */
        while (min < g[k].col0 && ext[min][0] < 0)
            min++;
        centre(ext, g[k].col0, g[k].col1, min, max, &g[k]);
    }
    return 1;
}

/* One label over every value column names the whole table: it stays its
 * caption ("query" centred over a matrix's columns), as weak context. */
static int names_every_column(const int (*ext)[2], int n_cols, const struct group *g, int n)
{
    if (n != 1)
        return 0;
    for (int c = 0; c < n_cols; c++)
        if (ext[c][0] >= 0 && (c < g[0].col0 || c > g[0].col1))
            return 0;
    return 1;
}

/* Puts the label's words before the header words of the columns it names. */
static int prefix_columns(struct extract_transcript *t, struct xtable *tb, const struct group *g,
                          struct gb_err *err)
{
    for (int c = g->col0; c <= g->col1; c++) {
        struct xcolumn *col = &t->cols[tb->col0 + (size_t)c];
        size_t need = t->n_hatoms + g->n_atoms + col->n_hatoms, at = t->n_hatoms;
        if (!col->is_value)
            continue;
        if (extract_grow((void **)&t->hatoms, &t->cap_hatoms, need, sizeof *t->hatoms, err) < 0)
            return -1;
        for (size_t i = 0; i < g->n_atoms; i++)
            t->hatoms[t->n_hatoms++] = t->atoms[g->atom0 + i];
        for (size_t i = 0; i < col->n_hatoms; i++)
            t->hatoms[t->n_hatoms++] = t->hatoms[col->hatom0 + i];
        col->hatom0 = at;
        col->n_hatoms = t->n_hatoms - at;
    }
    return 0;
}

/* Is line L (right above the header) placed like a group line: in the
 * header's block, words not data, indented past the row labels? */
static int placed_as_group_line(const struct extract_transcript *t, const struct xtable *tb,
                                size_t L, const int (*ext)[2], const int *lcols)
{
    const struct xline *ln = &t->lines[L];
    const char *s = extract_xline_text(t, ln);
    int first_value = -1;

    if (ln->block != t->lines[tb->header].block || ln->role != XROW_NONE ||
        ln->kind != XLINE_TEXT || ln->n_atoms == 0 || ln->len >= WIDTH_MAX)
        return 0;
    size_t e = ln->len;
    while (e > 0 && (s[e - 1] == ' ' || s[e - 1] == '\t'))
        e--;
    if (e > 0 && s[e - 1] == ':')
        return 0;   /* "accuracy by length:" captions the whole table */
    for (size_t k = 0; k < tb->n_cols && first_value < 0; k++)
        if (ext[k][0] >= 0)
            first_value = ext[k][0];
    return first_value >= 0 && lcols[t->atoms[ln->atom0].p - s] + 2 >= first_value &&
           lcols[t->atoms[ln->atom0].p - s] > 0;
}

int extract_group_header(struct extract_transcript *t, struct xtable *tb, struct gb_err *err)
{
    static int hcols[WIDTH_MAX + 1], lcols[WIDTH_MAX + 1];
    int (*ext)[2], n, rc = 0;
    struct group g[GROUPS_MAX];
    const struct xline *h;

    if (tb->header <= 0 || tb->n_cols < 2 || tb->n_cols > INTERVALS_MAX)
        return 0;
    h = &t->lines[tb->header];
    if (h->len >= WIDTH_MAX)
        return 0;
    if (!(ext = malloc(tb->n_cols * sizeof *ext)))
        return gb_fail(err, "out of memory reading a table's header");
    extract_display_cols(extract_xline_text(t, h), h->len, hcols, WIDTH_MAX + 1);
    for (size_t k = 0; k < tb->n_cols; k++)
        if (!t->cols[tb->col0 + k].is_value ||
            !column_extent(t, tb, k, hcols, &ext[k][0], &ext[k][1]))
            ext[k][0] = ext[k][1] = -1;
    size_t L = (size_t)tb->header - 1;
    const struct xline *ln = &t->lines[L];
    if (ln->len < WIDTH_MAX)
        extract_display_cols(extract_xline_text(t, ln), ln->len, lcols, WIDTH_MAX + 1);
    if (ln->len < WIDTH_MAX && placed_as_group_line(t, tb, L, ext, lcols) &&
        (n = find_labels(t, ln, lcols, g, GROUPS_MAX)) > 0 &&
        (align_by_pipes(t, ln, lcols, h, hcols, g, n), 1) &&
        assign_columns((const int (*)[2])ext, (int)tb->n_cols, g, n) &&
        !names_every_column((const int (*)[2])ext, (int)tb->n_cols, g, n)) {
        for (int k = 0; k < n && rc == 0; k++)
            rc = prefix_columns(t, tb, &g[k], err);
        if (rc == 0) {
            t->lines[L].role = XROW_HEADER;
            t->lines[L].table = tb - t->tables;
            rc = 1;
        }
    }
    free(ext);
    return rc;
}

/* ---- blanked keys ---------------------------------------------------------- */

static int atom_col(const struct extract_transcript *t, const struct xline *ln, size_t i, int end)
{
    const char *s = extract_xline_text(t, ln);
    const struct xatom *a = &t->atoms[ln->atom0 + i];
    int c = 0;
    for (const char *q = s; q < a->p + (end ? a->len : 0); q++)
        if (((unsigned char)*q & 0xC0) != 0x80)
            c = *q == '\t' ? (c / 8 + 1) * 8 : c + 1;
    return c;
}

/* Atoms of row src, from its first, that end left of display column c with
 * a gap, within its label; 0 when src has no atom lined up with the row
 * starting at c and ending at c_end. */
static size_t inherited_atoms(const struct extract_transcript *t, const struct xline *src, int c,
                              int c_end)
{
    size_t n = 0;
    int lined_up = 0;
    for (size_t i = 0; i < src->n_atoms; i++) {
        int b = atom_col(t, src, i, 0), e = atom_col(t, src, i, 1);
        if (e + 1 < c && i < src->value_atom && n == i)
            n = i + 1;
        lined_up |= b == c || e == c_end;
    }
    return lined_up ? n : 0;
}

void extract_blanked_keys(struct extract_transcript *t, const struct xtable *tb)
{
    for (size_t li = tb->first + 1; li <= tb->last && li < t->n_lines; li++) {
        struct xline *ln = &t->lines[li];
        if (ln->role != XROW_DATA || ln->n_atoms == 0 || ln->len >= WIDTH_MAX)
            continue;
        int c = atom_col(t, ln, 0, 0), c_end = atom_col(t, ln, 0, 1);
        if (c == 0)
            continue;
        for (size_t p = li; p-- > tb->first;) {
            const struct xline *src = &t->lines[p];
            if (src->role != XROW_DATA || src->n_atoms == 0 || src->len >= WIDTH_MAX)
                continue;
            if (atom_col(t, src, 0, 0) >= c)
                continue;   /* a blanked row itself, or one indented as far */
            size_t n = inherited_atoms(t, src, c, c_end);
            if (n) {
                ln->inherit = (long)p;
                ln->n_inherit = n;
            }
            break;
        }
    }
}
