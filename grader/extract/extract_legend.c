/* extract_legend.c — a matrix named by a legend line above it, as numpy
 * users print their results:
 *
 *   # rows: logistic, mlp64 (on word counts) | cols: params, all, very, not
 *   res
 *   [[  18.        0.74      1.        0.4851]
 *    [1217.        0.785     1.        0.5743]]
 *
 * A human reads the legend as the matrix's row and column labels: the k-th
 * row printed is the k-th name after "rows:", the j-th number of a row is
 * the j-th name after "cols:".  A bare number in a list takes the words of
 * the name before it ("lengths 5,20,50,100" is "lengths 20" for the second
 * row); "rows as above" takes the previous legend's rows.  The legend is
 * read only where it fits: as many rows printed as it names (one row when
 * it names none), each row holding as many numbers as it names columns,
 * the rows printed as numbers alone (a name before the first, "res [[",
 * and numpy's "array(" are no labels).  The lines it labels, and the
 * legend itself, are read by nothing else.
 */
#define _GNU_SOURCE   /* memmem */
#include "extract/extract_int.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define LEGEND_NAMES_MAX 24
#define LEGEND_ROWS_MAX 24
#define LEGEND_NAME_LINES 2     /* "res", "secs": a name over the matrix */

struct lname {
    size_t a0, a1;          /* the name's atoms, relative to the legend line */
    size_t w0, w1;          /* the words it takes from the name before it ("lengths") */
};

struct legend {
    size_t line;
    size_t rows_line;       /* the line its row names are atoms of ("rows as above") */
    size_t note0, note1;    /* a note closing the row list, "(gain 1.0)": every row's */
    struct lname rows[LEGEND_NAMES_MAX], cols[LEGEND_NAMES_MAX];
    size_t n_rows, n_cols;
    size_t row_line[LEGEND_ROWS_MAX];   /* the matrix's rows, as lines */
    size_t n_row_lines;
};

struct legends {
    struct legend *v;
    size_t n, cap;
    long *of_line;          /* per line: the legend labelling it (or being it), -1 none */
};

/* Is the segment's first word `w` (or w + "s"), followed by ':' or '='? */
static const char *list_after(const char *s, const char *end, const char *w)
{
    size_t n = strlen(w);

    while (s < end && (*s == ' ' || *s == '#' || *s == '\t'))
        s++;
    if ((size_t)(end - s) <= n || strncasecmp(s, w, n))
        return NULL;
    s += n;
    if (s < end && (*s == 's' || *s == 'S'))
        s++;
    while (s < end && *s == ' ')
        s++;
    return s < end && (*s == ':' || *s == '=') ? s + 1 : NULL;
}

/* The names of a comma-separated list [from, to) of line ln into out. */
static size_t read_names(const struct extract_transcript *t, const struct xline *ln,
                         const char *from, const char *to, struct lname *out)
{
    const struct xatom *a = t->atoms + ln->atom0;
    size_t n = 0, k = 0, w0 = 0, w1 = 0;

    while (k < ln->n_atoms && a[k].p < from)
        k++;
    while (k < ln->n_atoms && a[k].p < to && n < LEGEND_NAMES_MAX) {
        struct lname *nm = &out[n++];
        const char *comma = memchr(a[k].p, ',', (size_t)(to - a[k].p));
        const char *stop = comma ? comma : to;
        size_t words = 0;
        nm->a0 = k;
        while (k < ln->n_atoms && a[k].p < stop)
            words += a[k++].num < 0;
        nm->a1 = k;
        if (words) {            /* its own words carry to the bare numbers after it */
            w0 = nm->a0;
            for (w1 = w0; w1 < nm->a1 && a[w1].num < 0; w1++)
                ;
            nm->w0 = nm->w1 = 0;
        } else {
            nm->w0 = w0;
            nm->w1 = w1;
        }
    }
    return n;
}

/* Line li as a legend: its row and column names. */
static int parse_legend(const struct extract_transcript *t, size_t li, const struct legend *prev,
                        struct legend *lg)
{
    const struct xline *ln = &t->lines[li];
    const char *s = extract_xline_text(t, ln), *end = s + ln->len, *seg = s;

    memset(lg, 0, sizeof *lg);
    lg->line = lg->rows_line = li;
    while (seg < end) {
        const char *stop = seg, *list;
        while (stop < end && *stop != '|' && *stop != ';')
            stop++;
        if ((list = list_after(seg, stop, "row"))) {
            const char *open = memchr(list, '(', (size_t)(stop - list));
            /* "lengths 10,25,50,100 (gain 1.0)": the note names every row */
            lg->n_rows = read_names(t, ln, list, open && memchr(open, ')', (size_t)(stop - open))
                                                  && !memchr(open, ',', (size_t)(stop - open))
                                                  ? open : stop, lg->rows);
            lg->rows_line = li;
            if (lg->n_rows && open && lg->rows[lg->n_rows - 1].a1 < ln->n_atoms &&
                !memchr(open, ',', (size_t)(stop - open))) {
                const struct xatom *a = t->atoms + ln->atom0;
                lg->note0 = lg->rows[lg->n_rows - 1].a1;
                for (lg->note1 = lg->note0; lg->note1 < ln->n_atoms && a[lg->note1].p < stop;)
                    lg->note1++;
            }
        }
        else if ((list = list_after(seg, stop, "col")) || (list = list_after(seg, stop, "column")))
            lg->n_cols = read_names(t, ln, list, stop, lg->cols);
        else if (prev && memmem(seg, (size_t)(stop - seg), "rows as above", 13)) {
            memcpy(lg->rows, prev->rows, sizeof lg->rows);
            lg->n_rows = prev->n_rows;
            lg->rows_line = prev->rows_line;
            lg->note0 = prev->note0;
            lg->note1 = prev->note1;
        }
        seg = stop + (stop < end);
    }
    return lg->n_cols >= 2;
}

/* The numbers of a matrix row line: atoms past its leading name ("res",
 * "array") and before its trailing noise ("dtype"); 0 when a word sits
 * among them. */
static size_t row_numbers(const struct extract_transcript *t, const struct xline *ln,
                          size_t *first)
{
    const struct xatom *a = t->atoms + ln->atom0;
    size_t k = 0, n = 0, end = ln->n_atoms;

    /* the row's name: words, and numbers glued to them ("clip05") */
    while (k < end && (a[k].num < 0 || (t->nums[a[k].num].flags & NUMPARSE_GLUED)))
        k++;
    while (end > k && a[end - 1].num < 0 && extract_is_noise_word(&a[end - 1]))
        end--;
    *first = k;
    for (size_t i = k; i < end; i++) {
        if (a[i].num < 0)
            return 0;
        n++;
    }
    return n;
}

/* The matrix under legend lg: its row lines, each holding n_cols numbers. */
static int find_matrix(const struct extract_transcript *t, struct legend *lg)
{
    size_t li = lg->line + 1, names = 0, first;

    while (li < t->n_lines && t->lines[li].block == t->lines[lg->line].block &&
           lg->n_row_lines < LEGEND_ROWS_MAX) {
        const struct xline *ln = &t->lines[li];
        size_t n = ln->n_nums ? row_numbers(t, ln, &first) : 0;
        if (n == lg->n_cols && (!first || !lg->n_row_lines))
            lg->row_line[lg->n_row_lines++] = li;
        else if (lg->n_row_lines || ln->n_nums || ++names > LEGEND_NAME_LINES)
            break;
        li++;
    }
    return lg->n_row_lines && (lg->n_rows ? lg->n_row_lines == lg->n_rows : lg->n_row_lines == 1);
}

static int learn_legends(struct finder *f)
{
    const struct extract_transcript *t = f->t;
    struct legends *L = calloc(1, sizeof *L);
    struct legend lg;

    if (!L || !(L->of_line = malloc(t->n_lines * sizeof *L->of_line + 1))) {
        free(L);
        return gb_fail(f->err, "out of memory reading legends");
    }
    for (size_t li = 0; li < t->n_lines; li++)
        L->of_line[li] = -1;
    for (size_t li = 0; li < t->n_lines; li++) {
        if (!t->lines[li].n_atoms ||
            !parse_legend(t, li, L->n ? &L->v[L->n - 1] : NULL, &lg) || !find_matrix(t, &lg))
            continue;
        if (extract_grow((void **)&L->v, &L->cap, L->n + 1, sizeof *L->v, f->err) < 0) {
            free(L->of_line);
            free(L->v);
            free(L);
            return -1;
        }
        L->v[L->n] = lg;
        L->of_line[li] = (long)L->n;
        for (size_t k = 0; k < lg.n_row_lines; k++)
            L->of_line[lg.row_line[k]] = (long)L->n;
        L->n++;
    }
    f->legends = L;
    return 0;
}

void extract_legends_free(struct legends *L)
{
    if (!L)
        return;
    free(L->of_line);
    free(L->v);
    free(L);
}

/* The sources naming row k of lg's matrix: its name (and the words it
 * takes, and the list's note), else the row line's own name and the
 * legend's other words. */
static void row_sources(const struct extract_transcript *t, const struct legend *lg, size_t k,
                        struct sources *S)
{
    const struct xatom *la = t->atoms + t->lines[lg->line].atom0;
    const struct xatom *ra = t->atoms + t->lines[lg->rows_line].atom0;
    const struct xline *rl = &t->lines[lg->row_line[k]];
    size_t first;

    /* the words a bare number takes are a heading over it ("lengths" over
     * 20): a phrase's "length 20" splits between them (match_split) */
    S->n = 2;
    S->n_primary = 1;
    if (lg->n_rows) {
        const struct lname *nm = &lg->rows[k];
        S->s[0] = (struct source){ ra + nm->a0, nm->a1 - nm->a0, 0, 0 };
        S->s[1] = (struct source){ ra + nm->w0, nm->w1 - nm->w0, 0, 0 };
        S->s[S->n++] = (struct source){ ra + lg->note0, lg->note1 - lg->note0, 0, 0 };
    } else {
        row_numbers(t, rl, &first);
        S->s[0] = (struct source){ t->atoms + rl->atom0, first, 0, 0 };
        S->s[1] = (struct source){ la, lg->n_cols ? lg->cols[0].a0 : 0, 0, 0 };
    }
    S->n += extract_scope_sources(t, &t->lines[lg->line], S->s + S->n);
}

/* Is every item of m on the name itself or the words it takes (sources 0
 * and 1), none in a note or a heading? */
static int on_name(const struct match *m)
{
    for (size_t k = 0; k < m->n_items; k++)
        if (m->pos[k].src < 0 || m->pos[k].src > 1)
            return 0;
    return 1;
}

/* Does column j's name carry the query's column phrase, and (*plain) as
 * the rubric wrote it, no synonym substituted? */
static int column_named(struct finder *f, const struct legend *lg, size_t j, struct match *cm,
                        int *extras, int *plain)
{
    const struct xatom *la = f->t->atoms + f->t->lines[lg->line].atom0;
    const struct lname *cn = &lg->cols[j];
    struct sources C = { .n = 2, .n_primary = 1 };

    C.s[0] = (struct source){ la + cn->a0, cn->a1 - cn->a0, 0, 0 };
    C.s[1] = (struct source){ la + cn->w0, cn->w1 - cn->w0, 0, 0 };
    if (!extract_match_set(f->t, &f->col, &C, -1, cm, extras, NULL, 0))
        return 0;
    *plain = cm->phrase && !cm->phrase->groups;
    return 1;
}

static int legend_cell(struct finder *f, const struct legend *lg, size_t k, size_t j,
                       int any_plain)
{
    const struct extract_transcript *t = f->t;
    const struct xatom *la = t->atoms + t->lines[lg->line].atom0;
    const struct xline *rl = &t->lines[lg->row_line[k]];
    const struct lname *cn = &lg->cols[j];
    struct sources R = { .n = 0 };
    struct match rm, cm;
    int r_extras = 0, c_extras = 0, plain = 0;
    size_t first;

    row_sources(t, lg, k, &R);
    if (f->row.n && !extract_match_set(t, &f->row, &R, -1, &rm, &r_extras, NULL, 0))
        return 0;
    /* "clipped" (a synonym of "after") is "clip" abbreviated: where a
     * column says "after" itself, "before clip" is not that column */
    if (f->col.n && (!column_named(f, lg, j, &cm, &c_extras, &plain) || (any_plain && !plain)))
        return 0;
    /* "step1/step50" is a quotient, never step 1; "max |a - b|" a gap */
    if ((extract_names_ratio(la + cn->a0, cn->a1 - cn->a0) && !extract_asks_ratio(&f->col)) ||
        (extract_names_difference(la + cn->a0, cn->a1 - cn->a0) &&
         !extract_asks_difference(&f->col)))
        return 0;
    if (!f->row.n && !f->col.n)
        return 0;
    /* the row's name, the words it takes and the note: not the headings */
    for (int i = 0; i < (lg->n_rows ? 3 : 2); i++)
        if (extract_excluded(f, R.s[i].a, R.s[i].n))
            return 0;
    if (extract_excluded(f, la + cn->a0, cn->a1 - cn->a0))
        return 0;
    row_numbers(t, rl, &first);
    struct cand c = { .line = lg->row_line[k], .num = t->atoms[rl->atom0 + first + j].num,
                      .quality = (!f->row.n || on_name(&rm)) && (!f->col.n || on_name(&cm)),
                      .extras = r_extras + c_extras, .how = EXTRACT_HOW_INLINE,
                      .col = -1, .table = -1,
                      .scope_excluded = extract_scope_excluded(f, lg->line) };
    if (f->row_line < 0)
        f->row_line = (long)lg->line;
    return extract_add_cand(f, &c) < 0 ? -1 : 0;
}

int extract_legend_candidates(struct finder *f, size_t li)
{
    const struct legend *lg;
    int any_plain = 0;

    if (!f->legends && learn_legends(f) < 0)
        return -1;
    if (f->legends->of_line[li] < 0)
        return 0;
    lg = &f->legends->v[f->legends->of_line[li]];
    if (li == lg->line || f->q->shape != EXTRACT_SCALAR || f->q->nth > 1)
        return 1;   /* the legend itself, or a query for what a cell is not */
    for (size_t j = 0; j < lg->n_cols && f->col.n && !any_plain; j++) {
        struct match cm;
        int extras, plain = 0;
        any_plain = column_named(f, lg, j, &cm, &extras, &plain) && plain;
    }
    for (size_t k = 0; k < lg->n_row_lines; k++)
        if (lg->row_line[k] == li)
            for (size_t j = 0; j < lg->n_cols; j++)
                if (legend_cell(f, lg, k, j, any_plain) < 0)
                    return -1;
    return 1;
}
