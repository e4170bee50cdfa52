/* extract_cells.c — table candidates: cells named by their row label and column header.
 *
 * A data row is named by its label (every atom outside the value columns)
 * and by its other cells as "header value" pairs; a cell by its column's
 * header.  Each cell is read straight (the row phrase on the row, the column
 * phrase on the header), the other way round, and when neither finds it,
 * mixed; a long ("tidy") table is also read by its key cells.
 */
#include "extract/extract_int.h"

#include <string.h>

/* ---- tables -------------------------------------------------------------- */

/* The display position of p in its line (bytes from the line's start; a
 * table's header and rows are laid out in the same characters). */
static size_t line_column(const struct extract_transcript *t, const char *p)
{
    const char *b = p;

    while (b > t->text && b[-1] != '\n' && b[-1] != '\r')
        b--;
    return (size_t)(p - b);
}

/* Appends to out the label atoms among the first `end` atoms of row ln:
 * every atom outside the value columns, with the header word of its
 * column put before each label number ("length" 50).  A row whose outer
 * keys were blanked reads the row that printed them first (depth bounds a
 * chain of such rows). */
static size_t label_atoms(const struct extract_transcript *t, const struct xline *ln,
                          const struct xtable *tb, long skip_col, size_t end, int depth,
                          struct xatom *out, size_t n, size_t max)
{
    const struct xatom *a = t->atoms + ln->atom0;

    if (ln->inherit >= 0 && depth < 4) {
        const struct xline *src = &t->lines[ln->inherit];
        n = label_atoms(t, src, tb, skip_col, ln->n_inherit, depth + 1, out, n, max);
    }
    for (size_t i = 0; i < end && n < max; i++) {
        long col = a[i].num >= 0 ? t->num_col[a[i].num] : -1;
        if (extract_is_noise_word(&a[i]))
            continue;
        if (col >= 0 && (t->cols[tb->col0 + col].is_value || col == skip_col))
            continue;
        int after_word = i > 0 ? a[i - 1].num < 0 : n > 0 && out[n - 1].num < 0;
        if (col >= 0 && !after_word) {
            /* "50" under "step" reads "step 50"; "gain 0.5" already has its word
             * (an inherited "RNN gain" before a blanked row's "0.9" too) */
            const struct xcolumn *c = &t->cols[tb->col0 + col];
            int all_words = c->n_hatoms > 0;
            for (size_t h = 0; h < c->n_hatoms; h++)
                all_words &= t->hatoms[c->hatom0 + h].num < 0;
            /* "5 RNN" under "len model": the header words left of where the
             * word after the number starts name the number ("urefu T" over
             * "     5", "model" over "RNN"), the rest name the words after it */
            size_t words = c->n_hatoms;
            if (i + 1 < end && a[i + 1].num < 0 && c->n_hatoms > 1) {
                size_t next = line_column(t, a[i + 1].p);
                for (words = 1; words < c->n_hatoms &&
                                line_column(t, t->hatoms[c->hatom0 + words].p) < next;
                     words++)
                    ;
            }
            for (size_t h = 0; all_words && h < words && n < max; h++)
                out[n++] = t->hatoms[c->hatom0 + h];
        }
        if (n < max)
            out[n++] = a[i];
    }
    return n;
}

/* Row label of a data row: its label atoms (label_atoms), never the cells
 * labelled on their own after the row's list ("sum=1.0"). */
size_t extract_row_label(const struct extract_transcript *t, const struct xline *ln,
                         const struct xtable *tb, long skip_col, struct xatom *out, size_t max)
{
    return label_atoms(t, ln, tb, skip_col, extract_labelled_tail(t, ln), 0, out, 0, max);
}

static long cell_number(const struct extract_transcript *t, const struct xline *ln,
                        long col, int nth)
{
    int seen = 0;
    for (size_t k = 0; k < ln->n_nums; k++) {
        size_t g = ln->num0 + k;
        if (t->num_col[g] == col && !extract_version_number(t, ln, &t->nums[g]) &&
            ++seen == nth)
            return (long)g;   /* "(torch 1.13)" in a label cell names, it holds no value */
    }
    return -1;
}

/* Without a column phrase, the nth number of the row's value columns. */
static long first_value_number(const struct extract_transcript *t, const struct xline *ln,
                               const struct xtable *tb, int nth)
{
    int seen = 0;
    for (size_t k = 0; k < ln->n_nums; k++) {
        size_t g = ln->num0 + k;
        long col = t->num_col[g];
        if (col >= 0 && t->cols[tb->col0 + col].is_value && ++seen == nth)
            return (long)g;
    }
    return -1;
}

/* Where a cell's row and column phrases may be found, by orientation:
 * 0 straight, 1 the other way round, 2 mixed ("length 50" over the column
 * and "RNN test" naming the row). */
static void cell_sources(const struct source *label, const struct source *context,
                         const struct source *header, const struct source *scope, int n_scope,
                         int orientation, struct sources *rows, struct sources *cols)
{
    struct sources *on_label = orientation == 1 ? cols : rows;
    struct sources *on_header = orientation == 1 ? rows : cols;

    if (orientation == 2) {
        rows->s[0] = cols->s[1] = *label;
        rows->s[1] = cols->s[2] = *context;
        rows->s[2] = cols->s[0] = *header;
        rows->n = cols->n = rows->n_primary = cols->n_primary = 3;
    } else {
        on_label->s[on_label->n++] = *label;
        on_label->s[on_label->n++] = *context;
        on_label->n_primary = 2;
        on_header->s[on_header->n++] = *header;
        on_header->n_primary = 1;
    }
    for (int s = 0; s < n_scope; s++) {
        rows->s[rows->n++] = scope[s];
        cols->s[cols->n++] = scope[s];
    }
}

static size_t value_columns(const struct extract_transcript *t, const struct xtable *tb)
{
    size_t n = 0;
    for (size_t k = 0; k < tb->n_cols; k++)
        n += t->cols[tb->col0 + k].is_value != 0;
    return n;
}

/* Does the cell's own name (its column header; the row label when read
 * the other way round) carry the column phrase?  A phrase found only in a
 * heading fits every column: it picks one only in a one-value table or
 * when the row phrase names the header ("T=20" under "test accuracy by
 * length:").  A phrase split between a heading and the name ("test" in
 * "== test run ==", "acc" in "train acc") holds only when the name has no
 * word the query did not ask for: "acc" under "== test set ==" is the test
 * accuracy, "train acc" never is.  In the mixed reading (orientation 2)
 * the row phrase shares the label and header: its words count as asked. */
/* "step 1" names a measure only as a whole: "per step" is not step 1's. */
static int whole_used(const struct source *name, const struct match *cm, int p)
{
    int used = 0;
    if (!name->whole)
        return 1;
    for (size_t k = 0; k < cm->n_items; k++)
        used |= cm->pos[k].src == p;
    for (size_t i = 0; used && i < name->n; i++)
        if (!extract_used_at(cm, cm->n_items, p, i))
            return 0;
    return 1;
}

static int column_named(const struct extract_transcript *t, const struct xtable *tb,
                        const struct sources *cols, const struct match *cm,
                        const struct match *rm, int orientation)
{
    static const int row_index[3] = { 2, 0, 1 };   /* cols source -> rows source, mixed */
    int on_name = 0, in_scope = 0;

    for (int p = 0; p < cols->n_primary; p++)
        if (!whole_used(&cols->s[p], cm, p))
            return 0;
    for (size_t k = 0; k < cm->n_items; k++)
        in_scope |= cm->pos[k].src >= cols->n_primary;
    if (!in_scope)
        return 1;
    for (int p = 0; p < cols->n_primary; p++) {
        const struct source *name = &cols->s[p];
        int used = 0;
        for (size_t k = 0; k < cm->n_items; k++)
            used |= cm->pos[k].src == p;
        if (!used)
            continue;
        on_name = 1;
        for (size_t i = 0; i < name->n; i++) {
            if (name->a[i].num >= 0 || extract_is_noise_word(&name->a[i]) ||
                extract_used_at(cm, cm->n_items, p, i))
                continue;
            if (orientation == 2 && rm && extract_used_at(rm, rm->n_items, row_index[p], i))
                continue;
            return 0;
        }
    }
    if (on_name || value_columns(t, tb) <= 1)
        return 1;
    for (size_t k = 0; rm && orientation && k < rm->n_items; k++)
        if (rm->pos[k].src == (orientation == 1 ? 0 : 2))
            return 1;
    return 0;
}

/* ---- how specific a row's own label words are ------------------------- */

#define SPREAD_WORDS 8

/* The words of line ln (by their text: labels are copied atoms) that match
 * m used (m matched over S). */
static size_t own_words(const struct extract_transcript *t, const struct xline *ln,
                        const struct sources *S, const struct match *m,
                        const struct xatom **out, size_t n, size_t max)
{
    const char *lo = t->text + ln->off, *hi = lo + ln->len;

    for (size_t k = 0; m && k < m->n_items && n < max; k++) {
        const struct item_pos *p = &m->pos[k];
        const struct xatom *a;
        if (p->src < 0 || p->src >= S->n || p->idx >= S->s[p->src].n)
            continue;
        a = &S->s[p->src].a[p->idx];
        if (a->p >= lo && a->p < hi && a->num < 0)
            out[n++] = a;
    }
    return n;
}

static int line_has_word(const struct extract_transcript *t, const struct xline *ln,
                         const struct xatom *w)
{
    for (size_t i = 0; i < ln->n_atoms; i++) {
        const struct xatom *a = &t->atoms[ln->atom0 + i];
        if (a->num < 0 && extract_word_eq(a->p, a->len, w->p, w->len))
            return 1;
    }
    return 0;
}

/* How many data rows of li's table print every word of ws. */
static int rows_with(const struct extract_transcript *t, const struct xtable *tb,
                     const struct xline *ln, const struct xatom **ws, size_t n)
{
    int spread = 0;

    for (size_t r = tb->first; r <= tb->last && r < t->n_lines; r++) {
        const struct xline *row = &t->lines[r];
        size_t k = 0;
        if (row->table != ln->table || row->role != XROW_DATA)
            continue;
        while (k < n && line_has_word(t, row, ws[k]))
            k++;
        spread += k == n;
    }
    return spread ? spread : 1;
}

/* A human reads a table's row labels together: in "accuracy, all test
 * rows / accuracy, 'very' rows / accuracy, 'not' rows" the shared word
 * "accuracy" names the family and the words that differ name the row, so
 * a query whose words ("all", or its synonym "accuracy") find "all" on a
 * row says more about that row than "accuracy" says about the others.
 * Returns, over the query's row and column variants that match on line li
 * itself, the fewest data rows of the table printing every word a variant
 * used there (1: only this row); 0 when none used a word of the line. */
static int label_spread(const struct finder *f, const struct xtable *tb, size_t li,
                        const struct sources *rows, const struct sources *cols)
{
    const struct extract_transcript *t = f->t;
    const struct xline *ln = &t->lines[li];
    int best = 0;

    for (int axis = 0; axis < 2; axis++) {
        const struct phrase_set *ps = axis == 0 ? &f->row : &f->col;
        const struct sources *S = axis == 0 ? rows : cols;
        for (size_t v = 0; v < ps->n; v++) {
            const struct xatom *w[SPREAD_WORDS];
            struct match m;
            size_t n;
            int spread;
            if (!extract_match_compact(t, &ps->v[v], S, -1, &m, NULL, 0))
                continue;
            if (!(n = own_words(t, ln, S, &m, w, 0, SPREAD_WORDS)))
                continue;
            spread = rows_with(t, tb, ln, w, n);
            if (!best || spread < best)
                best = spread;
        }
    }
    return best;
}

static int table_cell(struct finder *f, size_t li, const struct xtable *tb, long col,
                      const struct source *label, const struct source *context,
                      const struct source *header, const struct source *scope, int n_scope,
                      int transposed)
{
    const struct extract_transcript *t = f->t;
    struct sources rows = { .n = 0 }, cols = { .n = 0 };
    struct match rm, cm;
    int r_extras = 0, c_extras = 0, have_r = 0, have_c = 0, nth = f->q->nth > 0 ? f->q->nth : 1;
    struct cand c = { .table = -1 };   /* every field set below or zero */
    long num;

    cell_sources(label, context, header, scope, n_scope, transposed, &rows, &cols);
    if (f->row.n) {
        if (!extract_match_set(t, &f->row, &rows, -1, &rm, &r_extras, &f->nm, t->lines[li].no))
            return 0;

        have_r = 1;
        if (rm.in_primary > 0 && transposed != 1) {
            if (f->row_line < 0)
                f->row_line = (long)li;
            f->row_table_line = (long)li;
        }
    }
    if (f->col.n) {
        if (have_r && transposed == 2 && rm.n_items) {
            /* read the mixed way the row label is the columns' source 1: a
             * word of it the row took ("query=rude") is not the column's */
            cols.taken = &rm;
            cols.taken_src = 1;
        }
        if (!extract_match_set(t, &f->col, &cols, -1, &cm, &c_extras, NULL, 0))
            return 0;
        if (!column_named(t, tb, &cols, &cm, have_r ? &rm : NULL, transposed))
            return 0;
        have_c = 1;
        if (f->col_line < 0)
            f->col_line = (long)li;
    } else if (transposed) {
        return 0;
    }
    if (f->exc.n && (extract_excluded(f, label->a, label->n) ||
                     extract_excluded(f, header->a, header->n) ||
                     extract_context_excluded(f, context->a, context->n) ||
                     extract_label_header_excluded(f, tb) ||
                     (!transposed && extract_whole_row_excluded(f, tb, &t->lines[li]))))
        return 0;
    num = col >= 0 ? cell_number(t, &t->lines[li], col, nth)
                   : first_value_number(t, &t->lines[li], tb, nth);
    if (num < 0)
        return 0;
    if (col < 0 && f->exc.n && t->num_col[num] >= 0) {
        /* a row read by position: the header over the number it lands on
         * ("outputs" over list rows) rules it out as a named column would */
        const struct xcolumn *xc = &t->cols[tb->col0 + t->num_col[num]];
        if (xc->n_hatoms && extract_excluded(f, t->hatoms + xc->hatom0, xc->n_hatoms))
            return 0;
    }
    c.line = li;
    c.num = num;
    c.quality = (!have_r || rm.in_primary == rm.n_items) &&
                (!have_c || cm.in_primary == cm.n_items) ? 1 : 0;
    c.extras = r_extras + c_extras;
    c.how = EXTRACT_HOW_TABLE;
    c.transposed = transposed;   /* 0 straight, 1 the other way round, 2 mixed */
    c.ways = 1u << transposed;
    c.col = t->num_col[num];
    c.table = t->lines[li].table;
    c.above = 0;
    c.positional = 0;
    c.row_words = have_r ? (int)rm.n_items : 0;
    c.spread = label_spread(f, tb, li, &rows, &cols);
    c.scope_excluded = extract_scope_excluded(f, li);
    return extract_add_cand(f, &c);
}

static int words_only(const struct xatom *a, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i].num >= 0)
            return 0;
    return n > 0;
}

/* The row's other cells as "header value" pairs: a row is also named by
 * its parameters ("gain" 0.5 in a gain column), without counting them as
 * label words the query did not ask for. */
static size_t row_context(const struct extract_transcript *t, const struct xline *ln,
                          const struct xtable *tb, long skip_col, int keys_only,
                          struct xatom *out, size_t max)
{
    size_t n = 0;
    for (size_t k = 0; k < ln->n_nums && n < max; k++) {
        long col = t->num_col[ln->num0 + k];
        const struct xcolumn *c;
        const struct xatom *a;
        if (col < 0 || col == skip_col ||
            !(t->cols[tb->col0 + col].is_value || t->cols[tb->col0 + col].is_key) ||
            (keys_only && !t->cols[tb->col0 + col].is_key))
            continue;   /* a key's number is in the label too: "rnn 0.5" is gain 0.5 */
        c = &t->cols[tb->col0 + col];
        if (!words_only(t->hatoms + c->hatom0, c->n_hatoms))
            continue;   /* "length 50" over a result names that result, not this row */
        for (size_t h = 0; h < c->n_hatoms && n < max; h++)
            out[n++] = t->hatoms[c->hatom0 + h];
        a = t->atoms + ln->atom0;
        for (size_t i = 0; i < ln->n_atoms && n < max; i++)
            if (a[i].num == (int32_t)(ln->num0 + k))
                out[n++] = a[i];
    }
    return n;
}

/* The number of column kc on the row when it is a key cell read as a
 * "header value" pair ("step" over "1" after another number), else -1. */
static long key_pair(const struct extract_transcript *t, const struct xline *ln,
                     const struct xtable *tb, long kc)
{
    const struct xatom *a = t->atoms + ln->atom0;
    const struct xcolumn *c = &t->cols[tb->col0 + kc];

    if (c->is_value || !words_only(t->hatoms + c->hatom0, c->n_hatoms))
        return -1;
    for (size_t i = 0; i < ln->n_atoms; i++)
        if (a[i].num >= 0 && t->num_col[a[i].num] == kc)
            return i == 0 || a[i - 1].num >= 0 ? (long)i : -1;
    return -1;
}

/* A long table's measure named by one of the row's key cells: row "gain
 * 0.5", column "step 1" is the grad_norm of the row whose key cells read
 * "gain 0.5" and "step 1".  The key cell is the measure's name, so it
 * leaves the label; the row is named by its key cells alone, never by the
 * header of another measure ("g=1.0" over a column of a transposed table). */
static int key_cells(struct finder *f, size_t li, const struct xtable *tb,
                     const struct source *scope, int n_scope)
{
    const struct extract_transcript *t = f->t;
    const struct xline *ln = &t->lines[li];
    struct xatom label[LABEL_ATOMS_MAX], context[LABEL_ATOMS_MAX], pair[KEY_PAIR_MAX + 1];
    struct source lab = { label, 0, 0, 0 }, ctx = { context, 0, 1, 0 }, hdr = { pair, 0, 0, 1 };

    for (size_t kc = 0; kc < tb->n_cols; kc++) {
        long at = key_pair(t, ln, tb, (long)kc);
        const struct xcolumn *k = &t->cols[tb->col0 + kc];
        if (at < 0 || k->n_hatoms > KEY_PAIR_MAX)
            continue;
        memcpy(pair, t->hatoms + k->hatom0, k->n_hatoms * sizeof *pair);
        pair[k->n_hatoms] = t->atoms[ln->atom0 + (size_t)at];
        hdr.n = k->n_hatoms + 1;
        lab.n = extract_row_label(t, ln, tb, (long)kc, label, LABEL_ATOMS_MAX);
        ctx.n = row_context(t, ln, tb, (long)kc, 1, context, LABEL_ATOMS_MAX);
        for (size_t c = 0; c < tb->n_cols; c++) {
            if (!t->cols[tb->col0 + c].is_value || cell_number(t, ln, (long)c, 1) < 0)
                continue;
            if (table_cell(f, li, tb, (long)c, &lab, &ctx, &hdr, scope, n_scope, 0) < 0)
                return -1;
        }
    }
    return 0;
}

static int line_has_words(const struct extract_transcript *t, const struct xline *ln)
{
    for (size_t i = 0; i < ln->n_atoms; i++)
        if (t->atoms[ln->atom0 + i].num < 0)
            return 1;
    return 0;
}

int extract_table_candidates(struct finder *f, size_t li)
{
    const struct extract_transcript *t = f->t;
    const struct xline *ln = &t->lines[li];
    const struct xtable *tb;
    struct xatom label[LABEL_ATOMS_MAX], context[LABEL_ATOMS_MAX];
    struct source lab, ctx, hdr = { NULL, 0, 0, 0 }, scope[SCOPES_MAX];
    int n_scope;

    if (ln->table < 0 || ln->role != XROW_DATA || extract_binds_other_row(f, ln))
        return 0;
    tb = &t->tables[ln->table];
    if (tb->header < 0)
        return 0;
    n_scope = extract_scope_sources(t, ln, scope);
    lab.a = label;
    ctx.a = context;
    lab.pairs = lab.whole = ctx.whole = 0;
    ctx.pairs = 1;
    if (!f->col.n) {
        lab.n = extract_row_label(t, ln, tb, -1, label, LABEL_ATOMS_MAX);
        ctx.n = row_context(t, ln, tb, -1, 0, context, LABEL_ATOMS_MAX);
        return table_cell(f, li, tb, -1, &lab, &ctx, &hdr, scope, n_scope, 0);
    }
    for (size_t c = 0; c < tb->n_cols; c++) {
        const struct xcolumn *col = &t->cols[tb->col0 + c];
        if (cell_number(t, ln, (long)c, 1) < 0)
            continue;
        /* "mean over 20 test sets | 0.504": the column the table reader
         * found to name the rows holds labels, and a number in a label is
         * part of its words (a count, a length), not a reading — where
         * the reader found value columns at all, and the row has words (a
         * row of bare numbers has no label, whatever column came first) */
        if (!col->is_value && !col->is_key && value_columns(t, tb) > 0 && line_has_words(t, ln))
            continue;
        /* a long table's key column names the row ("query=rude,4,..."): its
         * cells are keys, read as "step 4" with their header, no reading */
        if (col->is_key && tb->keyed == 2)
            continue;
        /* "mine | module | diff": the diff column holds a gap, not the quantity */
        if (extract_names_difference(t->hatoms + col->hatom0, col->n_hatoms) &&
            !extract_asks_difference(&f->col))
            continue;
        /* "step1/step50": the quotient, neither step's value */
        if (extract_names_ratio(t->hatoms + col->hatom0, col->n_hatoms) &&
            !extract_asks_ratio(&f->col))
            continue;
        lab.n = extract_row_label(t, ln, tb, (long)c, label, LABEL_ATOMS_MAX);
        ctx.n = row_context(t, ln, tb, (long)c, 0, context, LABEL_ATOMS_MAX);
        hdr.a = t->hatoms + col->hatom0;
        hdr.n = col->n_hatoms;
        size_t before = f->n_c;
        if (table_cell(f, li, tb, (long)c, &lab, &ctx, &hdr, scope, n_scope, 0) < 0 ||
            table_cell(f, li, tb, (long)c, &lab, &ctx, &hdr, scope, n_scope, 1) < 0)
            return -1;
        if (f->n_c == before && f->row.n &&
            table_cell(f, li, tb, (long)c, &lab, &ctx, &hdr, scope, n_scope, 2) < 0)
            return -1;
    }
    return tb->keyed ? key_cells(f, li, tb, scope, n_scope) : 0;
}
