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
#define LEGEND_ROWS_MAX 64
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
    size_t row_line[LEGEND_ROWS_MAX];   /* the matrices' rows, as lines */
    size_t row_k[LEGEND_ROWS_MAX];      /*   the row name each is */
    long row_name[LEGEND_ROWS_MAX];     /*   its matrix's name line ("secs", "res [["), -1 none */
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

/* The matrices under legend lg, all of its shape ("secs", "tracc",
 * "teacc" printed one after another under one legend): their row lines,
 * each holding n_cols numbers, and each matrix's name (a line of words over
 * it, or the words before its first row's numbers). */
static int find_matrix(const struct extract_transcript *t, struct legend *lg)
{
    size_t li = lg->line + 1, names = 0, first, k = 0;
    long name = -1;

    while (li < t->n_lines && t->lines[li].block == t->lines[lg->line].block &&
           lg->n_row_lines < LEGEND_ROWS_MAX) {
        const struct xline *ln = &t->lines[li];
        size_t n = ln->n_nums ? row_numbers(t, ln, &first) : 0;
        if (n == lg->n_cols && (!first || !k)) {
            if (!k && first)
                name = (long)li;
            lg->row_line[lg->n_row_lines] = li;
            lg->row_k[lg->n_row_lines] = k++;
            lg->row_name[lg->n_row_lines++] = name;
            if (!lg->n_rows) {
                k = 0;
                break;   /* no row names: one row */
            }
            if (k == lg->n_rows)
                k = 0, names = 0, name = -1;
        } else if (!k && !ln->n_nums && ++names <= LEGEND_NAME_LINES) {
            name = (long)li;
        } else {
            break;
        }
        li++;
    }
    lg->n_row_lines -= k;   /* a matrix cut short is not this legend's */
    return lg->n_row_lines > 0 && (lg->n_rows ? lg->n_row_lines % lg->n_rows == 0
                                              : lg->n_row_lines == 1);
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

/* The atoms naming the matrix row r belongs to: its name line's, or the
 * words before its first row's numbers. */
static struct source matrix_name(const struct extract_transcript *t, const struct legend *lg,
                                 size_t r)
{
    const struct xline *nl;
    size_t first;

    if (lg->row_name[r] < 0)
        return (struct source){ NULL, 0, 0, 0 };
    nl = &t->lines[lg->row_name[r]];
    if (nl->n_nums && row_numbers(t, nl, &first) == lg->n_cols)
        return (struct source){ t->atoms + nl->atom0, first, 0, 0 };
    return (struct source){ t->atoms + nl->atom0, nl->n_atoms, 0, 0 };
}

/* The labels of the cell at row line r, column j, read together as a
 * human reads them: 0 its row's name, 1 its column's name, 2 its matrix's
 * name; then, as headings over them, 3 the words the row's bare number
 * takes ("lengths" over 20), 4 those of the column's, 5 the row list's
 * note or, with no row names, the row line's own name and the legend's
 * other words. */
static void cell_sources(const struct extract_transcript *t, const struct legend *lg, size_t r,
                         size_t j, struct sources *S)
{
    const struct xatom *la = t->atoms + t->lines[lg->line].atom0;
    const struct xatom *ra = t->atoms + t->lines[lg->rows_line].atom0;
    const struct xline *rl = &t->lines[lg->row_line[r]];
    const struct lname *cn = &lg->cols[j];
    size_t first;

    memset(S, 0, sizeof *S);
    S->n = 6;
    S->n_primary = 3;
    S->s[1] = (struct source){ la + cn->a0, cn->a1 - cn->a0, 0, 0 };
    S->s[2] = matrix_name(t, lg, r);
    S->s[4] = (struct source){ la + cn->w0, cn->w1 - cn->w0, 0, 0 };
    if (lg->n_rows) {
        const struct lname *nm = &lg->rows[lg->row_k[r]];
        S->s[0] = (struct source){ ra + nm->a0, nm->a1 - nm->a0, 0, 0 };
        S->s[3] = (struct source){ ra + nm->w0, nm->w1 - nm->w0, 0, 0 };
        S->s[5] = (struct source){ ra + lg->note0, lg->note1 - lg->note0, 0, 0 };
    } else {
        row_numbers(t, rl, &first);
        S->s[0] = (struct source){ t->atoms + rl->atom0, first, 0, 0 };
        S->s[5] = (struct source){ la, lg->n_cols ? lg->cols[0].a0 : 0, 0, 0 };
        if (S->s[2].a == S->s[0].a)
            S->s[2].n = 0;   /* the row's own name is the matrix's */
    }
}

/* Is every item of m on the cell's names or the words they take (sources
 * 0 to 4), none only in the note? */
static int on_names(const struct match *m)
{
    for (size_t k = 0; k < m->n_items; k++)
        if (m->pos[k].src < 0 || m->pos[k].src > 4)
            return 0;
    return 1;
}

static int used_source(const struct match *m, int src)
{
    for (size_t k = 0; k < m->n_items; k++)
        if (m->pos[k].src == src)
            return 1;
    return 0;
}

/* A matrix named by one word joining two of the column phrase's words
 * ("teacc" for "te acc", "tracc" for "tr acc"): printed as a variable's
 * name is. */
static int compound_named(const struct phrase_set *col, const struct source *name)
{
    for (size_t v = 0; v < col->n; v++) {
        const struct phrase *p = &col->v[v];
        if (p->n != 2 || !p->items[0].w || !p->items[1].w || p->items[0].has_num ||
            p->items[1].has_num)
            continue;
        for (size_t i = 0; i < name->n; i++) {
            const struct xatom *a = &name->a[i];
            size_t l0 = p->items[0].wlen, l1 = p->items[1].wlen;
            if (a->num < 0 && a->len == l0 + l1 && !strncasecmp(a->p, p->items[0].w, l0) &&
                !strncasecmp(a->p + l0, p->items[1].w, l1))
                return 1;
        }
    }
    return 0;
}

/* Does column j's name carry the query's column phrase, and (*plain) as
 * the rubric wrote it, no synonym substituted? */
static int column_named(struct finder *f, const struct legend *lg, size_t j, int *plain)
{
    const struct xatom *la = f->t->atoms + f->t->lines[lg->line].atom0;
    const struct lname *cn = &lg->cols[j];
    struct sources C = { .n = 2, .n_primary = 1 };
    struct match cm;
    int extras;

    C.s[0] = (struct source){ la + cn->a0, cn->a1 - cn->a0, 0, 0 };
    C.s[1] = (struct source){ la + cn->w0, cn->w1 - cn->w0, 0, 0 };
    if (!extract_match_set(f->t, &f->col, &C, -1, &cm, &extras, NULL, 0))
        return 0;
    *plain = cm.phrase && !cm.phrase->groups;
    return 1;
}

/* The cell's column as the query reads it where no column of the legend
 * names it: the matrix's name ("secs"; "teacc" joining "te acc"), or a
 * word of the row's name. */
static int column_elsewhere(struct finder *f, const struct sources *S, const struct match *rm,
                            struct match *cm, int *extras, int *quality)
{
    struct sources C = *S;

    C.taken = f->row.n ? rm : NULL;
    if (extract_match_set(f->t, &f->col, &C, -1, cm, extras, NULL, 0)) {
        *quality = on_names(cm);
        return 1;
    }
    *quality = 1;
    return compound_named(&f->col, &S->s[2]);
}

static int legend_cell(struct finder *f, const struct legend *lg, size_t r, size_t j,
                       int any_col, int any_plain)
{
    const struct extract_transcript *t = f->t;
    const struct xline *rl = &t->lines[lg->row_line[r]];
    struct sources S;
    struct match rm, cm;
    int r_extras = 0, c_extras = 0, c_quality = 1;
    size_t first;

    if (!f->row.n && !f->col.n)
        return 0;
    cell_sources(t, lg, r, j, &S);
    if (f->row.n && (!extract_match_set(t, &f->row, &S, -1, &rm, &r_extras, NULL, 0) ||
                     !(used_source(&rm, 0) || used_source(&rm, 3) || !lg->n_rows)))
        return 0;
    if (f->col.n && any_col) {
        /* where the legend names the query's column, it is one of its
         * columns: by the rubric's own word where one says it ("clipped",
         * a synonym of "after", fits "before clip" abbreviated) */
        int plain = 0;
        const struct source *cn = &S.s[1];
        if (!column_named(f, lg, j, &plain) || (any_plain && !plain))
            return 0;
        /* "step1/step50" is a quotient, never step 1; "max |a - b|" a gap */
        if ((extract_names_ratio(cn->a, cn->n) && !extract_asks_ratio(&f->col)) ||
            (extract_names_difference(cn->a, cn->n) && !extract_asks_difference(&f->col)))
            return 0;
    } else if (f->col.n && !column_elsewhere(f, &S, &rm, &cm, &c_extras, &c_quality)) {
        return 0;
    }
    /* the cell's own names, the words they take and the note: not headings */
    for (int i = 0; i < S.n; i++)
        if (extract_excluded(f, S.s[i].a, S.s[i].n))
            return 0;
    row_numbers(t, rl, &first);
    struct cand c = { .line = lg->row_line[r], .num = t->atoms[rl->atom0 + first + j].num,
                      .quality = (!f->row.n || on_names(&rm)) && c_quality,
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
    int any_col = 0, any_plain = 0;

    if (!f->legends && learn_legends(f) < 0)
        return -1;
    if (f->legends->of_line[li] < 0)
        return 0;
    lg = &f->legends->v[f->legends->of_line[li]];
    if (li == lg->line || f->q->shape != EXTRACT_SCALAR || f->q->nth > 1)
        return 1;   /* the legend itself, or a query for what a cell is not */
    for (size_t j = 0; j < lg->n_cols && f->col.n; j++) {
        int plain = 0;
        if (column_named(f, lg, j, &plain))
            any_col = 1, any_plain |= plain;
    }
    for (size_t k = 0; k < lg->n_row_lines; k++)
        if (lg->row_line[k] == li)
            for (size_t j = 0; j < lg->n_cols; j++)
                if (legend_cell(f, lg, k, j, any_col, any_plain) < 0)
                    return -1;
    return 1;
}
