/* extract_hits.c — extract_find(): choosing the value, hits and explanations.
 *
 * extract_find() compiles the query and collects the candidates of every
 * line in its section (table cells, inline values, axis lists, dicts); the
 * readings a table's declared axes rule out, the fallbacks (a table read the
 * other way round, a column named only above) and the values printed as
 * the course's are dropped.  Candidates are ranked (all words on the row
 * itself, then the tightest label, then the last printed) and every miss is
 * explained, as are two values found for one query.
 */
#include "extract/extract_int.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"

/* ---- hits and explanations ----------------------------------------------- */

/* Printable, valid UTF-8 copy of at most max bytes (others become '?'). */
static char *sanitize(const char *s, size_t len, size_t max)
{
    char *out;
    size_t o = 0;

    if (len > max)
        len = max;
    out = malloc(len + 1);
    if (!out)
        return NULL;
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)s[i];
        size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        int ok = n > 0 && i + n <= len && !(n == 2 && c < 0xC2) && !(n == 4 && c > 0xF4);
        for (size_t k = 1; ok && k < n; k++)
            ok = ((unsigned char)s[i + k] & 0xC0) == 0x80;
        if (ok && n == 1 && (c < 0x20 || c == 0x7F))
            ok = c == '\t';
        if (!ok) {
            out[o++] = '?';
            i++;
            continue;
        }
        memcpy(out + o, s + i, n);
        o += n;
        i += n;
    }
    out[o] = '\0';
    return out;
}

static char *trimmed_copy(const char *s, size_t len, size_t max)
{
    while (len && strchr(" \t|*#>", *s))
        s++, len--;
    while (len && strchr(" \t:=|,[(-><", s[len - 1]))
        len--;
    return sanitize(s, len, max);
}

/* A row of a table printed without a header ("  rude  0.8808 -0.1192
 * 0.8808 0.3394" under "output rows:"): its vector is every value from the
 * one found on. */
static int bare_row_value(const struct extract_transcript *t, const struct xline *ln,
                          const struct numparse_num *x, const struct numparse_num *me)
{
    if (ln->table < 0 || ln->role != XROW_DATA || t->tables[ln->table].header >= 0)
        return 0;
    return x->start >= me->start && !(x->flags & (NUMPARSE_GLUED | NUMPARSE_GLUED_RIGHT));
}

/* A VECTOR in a table is its cell's numbers when a column was asked for;
 * with only a row asked ("the output row for rude"), it is every numeric cell
 * of that row, as a markdown or aligned table prints a vector. */
static int fill_nums(const struct extract_transcript *t, const struct xline *ln,
                     const struct cand *c, const struct extract_query *q,
                     struct extract_hit *h)
{
    size_t n = 0;
    const struct numparse_num *me = c->num >= 0 ? &t->nums[c->num] : NULL;
    enum extract_shape shape = q->shape;
    int whole_row = c->col >= 0 && !c->transposed && q->n_phrases[EXTRACT_COLUMN] == 0;

    h->nums = malloc((ln->n_nums ? ln->n_nums : 1) * sizeof *h->nums);
    if (!h->nums)
        return -1;
    for (size_t k = 0; k < ln->n_nums; k++) {
        const struct numparse_num *x = &t->nums[ln->num0 + k];
        int take;
        if (shape == EXTRACT_LINE)
            take = 1;
        else if (shape == EXTRACT_VECTOR && me && me->list >= 0)
            take = x->list == me->list;
        else if (shape == EXTRACT_VECTOR && me && whole_row)
            take = t->num_col[ln->num0 + k] >= 0;
        else if (shape == EXTRACT_VECTOR && me && c->col >= 0)
            take = t->num_col[ln->num0 + k] == c->col;
        else if (shape == EXTRACT_VECTOR && me && bare_row_value(t, ln, x, me))
            take = 1;
        else
            take = x == me;
        if (take)
            h->nums[n++] = *x;
    }
    h->n_nums = n;
    return 0;
}

/* Letters or digits between two header words on one line belong to other
 * columns: a pivot's "length" is put before its "50", not "length 5 20 50". */
static int other_cells_between(const char *from, const char *to)
{
    for (const char *p = from; p < to; p++)
        if ((*p >= '0' && *p <= '9') || ((*p | 0x20) >= 'a' && (*p | 0x20) <= 'z'))
            return 1;
    return 0;
}

/* A column's header as printed: its words with the text between them when
 * they sit together on one line, joined by a space otherwise (a pandas
 * index name, or a label column's name put before a numeric header). */
static char *column_text(const struct extract_transcript *t, const struct xcolumn *col)
{
    struct gb_buf b = GB_BUF_INIT;
    const char *pb = NULL, *pe = NULL;
    int ok = 1;

    for (size_t k = 0; k <= col->n_hatoms && ok; k++) {
        const struct xatom *a = k < col->n_hatoms ? &t->hatoms[col->hatom0 + k] : NULL;
        if (a && pb && a->p >= pe && !memchr(pe, '\n', (size_t)(a->p - pe)) &&
            !memchr(pe, '\r', (size_t)(a->p - pe)) && !other_cells_between(pe, a->p)) {
            pe = a->p + a->len;
            continue;
        }
        if (pb) {
            while (*pe == ')' || *pe == ']' || *pe == '%')
                pe++;   /* "LSTM (sequential)" keeps its bracket */
            char *piece = sanitize(pb, (size_t)(pe - pb), 200);
            ok = piece && gb_buf_printf(&b, NULL, "%s%s", b.len ? " " : "", piece) == 0;
            free(piece);
        }
        if (a) {
            pb = a->p;
            pe = a->p + a->len;
        }
    }
    if (!ok || !b.data) {
        gb_buf_free(&b);
        return ok ? strdup("") : NULL;
    }
    return gb_buf_steal(&b);
}

/* Is a value-column number printed between bytes from and to of the line? */
static int value_between(const struct extract_transcript *t, const struct xline *ln,
                         const struct xtable *tb, size_t from, size_t to)
{
    for (size_t k = 0; k < ln->n_nums; k++) {
        const struct numparse_num *n = &t->nums[ln->num0 + k];
        long col = t->num_col[ln->num0 + k];
        if (n->start >= from && n->end <= to && col >= 0 && t->cols[tb->col0 + col].is_value)
            return 1;
    }
    return 0;
}

/* The label cells of a table row as printed, pieces joined by a space
 * where value cells sit between them ("max | 0.574 | fresh" -> "max fresh"). */
static char *label_text(const struct extract_transcript *t, const struct xline *ln,
                        const struct xtable *tb, long col)
{
    struct xatom lab[LABEL_ATOMS_MAX];
    const char *s = t->text + ln->off;
    size_t n = extract_row_label(t, ln, tb, col, lab, LABEL_ATOMS_MAX), b = 0, e = 0;
    struct gb_buf out = GB_BUF_INIT;
    int ok = 1;

    for (size_t i = 0; i <= n && ok; i++) {
        const struct xatom *a = i < n ? &lab[i] : NULL;
        if (a && (a->p < s || a->p >= s + ln->len))
            continue;   /* header words put before label numbers */
        size_t ab = a ? (size_t)(a->p - s) : 0;
        if (a && e && !value_between(t, ln, tb, e, ab)) {
            e = ab + a->len;
            continue;
        }
        if (e) {
            while (e < ln->len && (s[e] == ')' || s[e] == ']'))
                e++;   /* "LSTM(bf=0)" keeps its bracket */
            char *piece = trimmed_copy(s + b, e - b, 200);
            ok = piece && gb_buf_printf(&out, NULL, "%s%s", out.len ? " " : "", piece) == 0;
            free(piece);
        }
        if (a) {
            b = ab;
            e = ab + a->len;
        }
    }
    if (!ok) {
        gb_buf_free(&out);
        return NULL;
    }
    return out.data ? gb_buf_steal(&out) : strdup("");
}

static int make_hit(const struct finder *f, const struct cand *c, struct extract_hit *h)
{
    const struct extract_transcript *t = f->t;
    const struct xline *ln = &t->lines[c->line];
    const char *s = t->text + ln->off;

    memset(h, 0, sizeof *h);
    h->line = c->num >= 0 ? extract_line_at(t, c->line, t->nums[c->num].start) : ln->no;
    h->how = c->how;
    h->transposed = c->transposed;
    h->quality = c->quality;
    h->extras = c->extras;
    if (c->num >= 0) {
        h->num = t->nums[c->num];
        h->text = sanitize(s + h->num.start, h->num.end - h->num.start, 64);
        h->label = trimmed_copy(s, h->num.start, 200);
    } else {
        h->text = strdup("");
        h->label = trimmed_copy(s, ln->len, 200);
    }
    h->line_text = sanitize(s, ln->len, 400);
    if (!h->text || !h->label || !h->line_text || fill_nums(t, ln, c, f->q, h) < 0)
        return -1;
    if (c->how == EXTRACT_HOW_TABLE && c->col >= 0) {
        const struct xtable *tb = &t->tables[ln->table];
        const struct xcolumn *col = &t->cols[tb->col0 + c->col];
        if (col->n_hatoms && !(h->column = column_text(t, col)))
            return -1;
        /* A table row's label is its label cells, not everything before the value. */
        free(h->label);
        if (!(h->label = label_text(t, ln, tb, c->col)))
            return -1;
    }
    return 0;
}

static void free_hit(struct extract_hit *h)
{
    free(h->text);
    free(h->nums);
    free(h->label);
    free(h->column);
    free(h->line_text);
}

/* A vector query wants a printed list: a number inside brackets beats a lone
 * table cell on a row with the same label (the rude row of a weights table
 * versus the rude output row [0.881 -0.119 0.881 0.339] printed below it). */
static int in_list(const struct finder *f, const struct cand *c)
{
    if (f->q->shape != EXTRACT_VECTOR || c->num < 0)
        return 0;
    /* a list in brackets, else a line of several numbers ('<output>0.881
     * -0.119 0.881 0.339</output>'), over one number alone */
    return f->t->nums[c->num].list >= 0 ? 2 : f->t->lines[c->line].n_nums > 1;
}

static int cand_better(const struct finder *f, const struct cand *a, const struct cand *b)
{
    if (a->scope_excluded != b->scope_excluded)
        return a->scope_excluded < b->scope_excluded;
    /* two sections the section words both fit: the one numbered as the
     * query's part, not the one under "Part 3: ..." */
    if (a->other_part != b->other_part)
        return a->other_part < b->other_part;
    /* "logistic acc [all, very, not]: [0.74 1. 0.485]": the line names its
     * own columns, which says more than a header that a table guess put
     * above it. */
    if (a->line == b->line && a->positional != b->positional)
        return a->positional;
    if (in_list(f, a) != in_list(f, b))
        return in_list(f, a) > in_list(f, b);
    if (a->quality != b->quality)
        return a->quality > b->quality;
    /* Two records: the one whose field the query names whole ("rows":
     * "all") where the other prints another value ("rows": "not"). */
    if ((a->rec_named & b->rec_fields & ~b->rec_named) &&
        !(b->rec_named & a->rec_fields & ~a->rec_named))
        return 1;
    if ((b->rec_named & a->rec_fields & ~a->rec_named) &&
        !(a->rec_named & b->rec_fields & ~b->rec_named))
        return 0;
    /* Two rows of one table: the one whose own label words the query
     * matched more specifically (label_spread in extract_cells.c). */
    if (a->table >= 0 && a->table == b->table && a->spread && b->spread &&
        a->spread != b->spread)
        return a->spread < b->spread;
    /* "LSTM with forget bias 0 trained in 159.4 s" names the row's every
     * variant; "the LSTM pass took 70.0 ms" only its shortest. */
    if (a->row_words && b->row_words && a->row_words != b->row_words)
        return a->row_words > b->row_words;
    if (a->extras != b->extras)
        return a->extras < b->extras;
    if (a->line != b->line)
        return a->line > b->line;
    return a->num > b->num;
}

static const char *first(const struct phrase_set *ps)
{
    return ps->n ? ps->v[0].orig : "";
}

#define BANNER_MARKS " \t|*#>=-~_:[]"

/* "under 'B. with the query matrix Wq' (lines 14-24), ": the section as the
 * student printed it (its first line, a heading or a line naming it) and
 * the lines it was taken to cover, not the rubric's phrase. */
static int explain_section(struct finder *f, struct gb_buf *b)
{
    const struct extract_transcript *t = f->t;
    const struct xline *head = &t->lines[f->sec_head], *last = &t->lines[f->sec_last];
    const char *p = t->text + head->off;
    size_t len = head->len;
    char *txt;
    int rc;

    while (len && *p && strchr(BANNER_MARKS, *p))   /* "== part one ==" reads "part one" */
        p++, len--;
    while (len && p[len - 1] && strchr(BANNER_MARKS, p[len - 1]))
        len--;
    if (!(txt = sanitize(p, len, 80)))
        return gb_fail(f->err, "out of memory explaining a miss");
    if (last->no > head->no)
        rc = gb_buf_printf(b, f->err, "under '%s' (lines %zu-%zu), ", txt, head->no, last->no);
    else
        rc = gb_buf_printf(b, f->err, "under '%s' (line %zu), ", txt, head->no);
    free(txt);
    return rc;
}

/* "the only value found for X, 0.711 on line 20, is printed as someone
 * else's ('expected' on line 16): print your own result" */
static int explain_marked(struct finder *f, struct gb_buf *b)
{
    const struct extract_transcript *t = f->t;
    const struct xline *ln = &t->lines[f->marked_cline];
    const struct numparse_num *x = &t->nums[f->marked_num];
    char what[256], *num;
    int rc;

    extract_query_describe(f->q, what, sizeof what);
    if (!(num = sanitize(t->text + ln->off + x->start, x->end - x->start, 64)))
        return gb_fail(f->err, "out of memory explaining a miss");
    rc = gb_buf_printf(b, f->err, "the only value found for %s, %s on line %zu, is printed "
                       "as the course's or expected one ('%s' on line %zu): print your own "
                       "result", what, num, extract_line_at(t, f->marked_cline, x->start),
                       f->marked.marker ? f->marked.marker : "expected",
                       t->lines[f->marked.line].no);
    free(num);
    return rc;
}

static int explain_miss(struct finder *f, struct gb_buf *b)
{
    const struct extract_transcript *t = f->t;
    struct gb_err *err = f->err;
    int rc = 0;

    if (f->marked_num >= 0)
        return explain_marked(f, b);
    if (f->sec.n && !f->section_seen)
        return gb_buf_printf(b, err, "no heading or title mentions '%s'", first(&f->sec));
    if (f->sec.n)
        rc = explain_section(f, b);
    if (rc < 0)
        return -1;
    if (f->row.n && f->row_line < 0) {
        rc = gb_buf_printf(b, err, "no line mentions %s", first(&f->row));
        if (rc == 0 && f->nm.line) {
            char *txt = sanitize(f->nm.text, strlen(f->nm.text), sizeof f->nm.text);
            rc = txt ? gb_buf_printf(b, err, " (line %zu has '%s')", f->nm.line, txt)
                     : gb_fail(err, "out of memory explaining a miss");
            free(txt);
        }
        return rc;
    }
    if (f->off_domain_num >= 0) {
        const struct numparse_num *x = &t->nums[f->off_domain_num];
        char *txt = sanitize(t->text + t->lines[f->off_domain_cline].off + x->start,
                             x->end - x->start, 64);
        rc = txt ? gb_buf_printf(b, err, "the row on line %zu prints %s, which %s cannot be "
                                 "(it lies in [%g, %g]): that row holds another quantity, or this one "
                                 "computed wrong",
                                 t->lines[f->off_domain_cline].no, txt,
                                 f->q->what ? f->q->what : "this value", f->q->within_lo,
                                 f->q->within_hi)
                 : gb_fail(err, "out of memory explaining a miss");
        free(txt);
        return rc;
    }
    if (f->row.n && f->col.n && f->row_nonum_line >= 0)
        return gb_buf_printf(b, err, "found '%s, %s' on line %zu but no number for it",
                             first(&f->row), first(&f->col), t->lines[f->row_nonum_line].no);
    if (f->row.n && f->col.n) {
        if (f->row_table_line >= 0)
            return gb_buf_printf(b, err, "the row for '%s' (line %zu) has no '%s' column",
                                 first(&f->row), t->lines[f->row_table_line].no, first(&f->col));
        return gb_buf_printf(b, err, "found '%s' on line %zu but no '%s' next to it",
                             first(&f->row), t->lines[f->row_line].no, first(&f->col));
    }
    if (f->col.n && f->col_line < 0)
        return gb_buf_printf(b, err, "no table column or line mentions '%s'", first(&f->col));
    if (f->row_nonum_line >= 0 || f->row_line >= 0 || f->col_line >= 0) {
        long l = f->row_nonum_line >= 0 ? f->row_nonum_line
                                        : f->row_line >= 0 ? f->row_line : f->col_line;
        return gb_buf_printf(b, err, "found '%s' on line %zu but no number after the label",
                             f->row.n ? first(&f->row) : first(&f->col), t->lines[l].no);
    }
    return gb_buf_printf(b, err, "no number was printed%s", f->sec.n ? " there" : "");
}

/* Only equally good candidates conflict: a looser label on the same or
 * another line is a different row, not a second print of this one. */
static int equally_good(const struct cand *c, const struct cand *chosen)
{
    return c->quality == chosen->quality && c->extras == chosen->extras && c->num >= 0 &&
           c->scope_excluded == chosen->scope_excluded &&
           (c->table != chosen->table || c->spread == chosen->spread);
}

/* How many different values the candidates as good as the chosen one
 * print on lines printed alike (extract_lines_alike): what neither labels
 * nor layout decide.  Values are never compared
 * with what the rubric expects here; score/ decides what many means.
 * Counting stops at EXTRACT_VALUES_MAX (linear in the candidates). */
static size_t distinct_values(const struct finder *f, const struct cand *chosen)
{
    double seen[EXTRACT_VALUES_MAX];
    size_t n = 0;

    for (size_t i = 0; i < f->n_c && n < EXTRACT_VALUES_MAX; i++) {
        const struct cand *c = &f->c[i];
        double v;
        size_t k;
        if (!equally_good(c, chosen) ||
            (c->line != chosen->line && !extract_lines_alike(f->t, c->line, chosen->line)))
            continue;
        v = f->t->nums[c->num].value;
        for (k = 0; k < n && !extract_num_eq(seen[k], v); k++)
            ;
        if (k == n)
            seen[n++] = v;
    }
    return n;
}

/* "two values for X: a (line 12) and b (line 40); took line 40, the last printed" */
static int explain_conflict(struct finder *f, const struct cand *chosen, struct gb_buf *b)
{
    const struct extract_transcript *t = f->t;
    size_t distinct[8], n = 0, last = 0;
    char what[256];
    static const char *const counts[] = { "", "one", "two", "three", "four", "five",
                                          "six", "seven", "eight" };

    for (size_t i = 0; i < f->n_c; i++) {
        const struct cand *c = &f->c[i];
        size_t k;
        if (!equally_good(c, chosen))
            continue;
        last = i;
        for (k = 0; k < n; k++)
            if (extract_num_eq(t->nums[f->c[distinct[k]].num].value, t->nums[c->num].value))
                break;
        if (k == n && n < 8)
            distinct[n++] = i;
        else if (k < n && f->c[distinct[k]].line < c->line)
            distinct[k] = i;
    }
    if (n < 2)
        return 0;
    extract_query_describe(f->q, what, sizeof what);
    if (gb_buf_printf(b, f->err, "%s values for %s: ", counts[n], what) < 0)
        return -1;
    for (size_t k = 0; k < n; k++) {
        const struct cand *c = &f->c[distinct[k]];
        const struct xline *ln = &t->lines[c->line];
        const struct numparse_num *x = &t->nums[c->num];
        char *txt = sanitize(t->text + ln->off + x->start, x->end - x->start, 64);
        int rc;
        if (!txt)
            return gb_fail(f->err, "out of memory explaining a value");
        rc = gb_buf_printf(b, f->err, "%s%s (line %zu)", k == 0 ? "" : k + 1 == n ? " and " : ", ",
                           txt, extract_line_at(t, c->line, x->start));
        free(txt);
        if (rc < 0)
            return -1;
    }
    return gb_buf_printf(b, f->err, "; took line %zu, %s",
                         extract_line_at(t, chosen->line, t->nums[chosen->num].start),
                         f->c[last].line == chosen->line ? "the last printed"
                                                         : "the closest match for the label");
}

static int finish(struct finder *f, struct extract_result *res)
{
    struct gb_buf b = GB_BUF_INIT;
    size_t best = 0;

    res->n_candidates = f->n_c;
    if (f->n_c == 0) {
        if (f->off_domain_num >= 0) {
            const struct xline *ln = &f->t->lines[f->off_domain_cline];
            const struct numparse_num *x = &f->t->nums[f->off_domain_num];
            if (!(res->ruled_out = sanitize(f->t->text + ln->off + x->start,
                                            x->end - x->start, 64)))
                return gb_fail(f->err, "out of memory explaining a miss");
            res->ruled_out_line = extract_line_at(f->t, f->off_domain_cline, x->start);
        }
        if (explain_miss(f, &b) < 0)
            goto fail;
        res->explain = gb_buf_steal(&b);
        return res->explain ? 0 : gb_fail(f->err, "out of memory explaining a miss");
    }
    for (size_t i = 1; i < f->n_c; i++)
        if (cand_better(f, &f->c[i], &f->c[best]))
            best = i;
    if (f->q->all) {
        size_t n = 0;
        res->hits = calloc(f->n_c, sizeof *res->hits);
        if (!res->hits)
            goto oom;
        for (size_t i = 0; i < f->n_c; i++) {
            if (f->c[i].quality != f->c[best].quality ||
                f->c[i].scope_excluded != f->c[best].scope_excluded)
                continue;
            if (make_hit(f, &f->c[i], &res->hits[n]) < 0) {
                free_hit(&res->hits[n]);
                res->n_hits = n;
                goto oom;
            }
            n++;
        }
        res->n_hits = n;
        return 0;
    }
    res->hits = calloc(1, sizeof *res->hits);
    if (!res->hits)
        goto oom;
    if (make_hit(f, &f->c[best], &res->hits[0]) < 0) {
        free_hit(&res->hits[0]);
        goto oom;
    }
    res->n_hits = 1;
    res->n_values = distinct_values(f, &f->c[best]);
    if (explain_conflict(f, &f->c[best], &b) < 0)
        goto fail;
    res->explain = b.len ? gb_buf_steal(&b) : NULL;
    return 0;
oom:
    gb_fail(f->err, "out of memory collecting values");
fail:
    gb_buf_free(&b);
    return -1;
}

/* Does a table's axis name what the query's rows are? */
static int axis_is(const struct finder *f, const struct xaxis *ax)
{
    struct sources S = { .s = { { ax->a, ax->n, 0 } }, .n = 1, .n_primary = 1 };
    struct match m;
    int extras;
    return ax->n && extract_match_set(f->t, &f->rax, &S, -1, &m, &extras, NULL, 0);
}

/* A table that says what its rows and columns are ("key \ query" in its
 * corner, "rows = keys, columns = queries" over it) is read in the
 * orientation it declares: when the query's rows are that table's columns,
 * only the reading the other way round is kept, and when they are its
 * rows, only the straight one (neither keeps the mixed reading).  A square
 * matrix finds a cell both ways, so without this the straight reading
 * would win by default. */
static void orient_by_axes(struct finder *f)
{
    size_t n = 0;
    for (size_t i = 0; i < f->n_c; i++) {
        struct cand *c = &f->c[i];
        if (f->rax.n && c->table >= 0) {
            const struct xtable *tb = &f->t->tables[c->table];
            int rows = axis_is(f, &tb->rows_are), cols = axis_is(f, &tb->cols_are);
            int want = cols && !rows ? 1 : rows && !cols ? 0 : -1;
            if (want >= 0 && !(c->ways & (1u << want)))
                continue;   /* a reading the table's declared axes rule out */
            if (want >= 0)
                c->transposed = want;
        }
        f->c[n++] = *c;
    }
    f->n_c = n;
}

/* A table read the other way round is only a fallback: in a square matrix
 * ("service was not slow" by the same four) both readings find a cell. */
static void drop_transposed(struct finder *f)
{
    size_t n = 0;
    for (size_t i = 0; i < f->n_c; i++) {
        int straight = 0;
        if (f->c[i].transposed) {
            for (size_t k = 0; k < f->n_c && !straight; k++)
                straight = f->c[k].table == f->c[i].table && !f->c[k].transposed;
            if (straight)
                continue;
        }
        f->c[n++] = f->c[i];
    }
    f->n_c = n;
}

/* A column named only above its line is a fallback: in nested output the
 * enclosing key is as often the row ({'rude': {'support': 0.44}}), and a
 * reading with the column on the line itself is the one to take. */
static void drop_above(struct finder *f)
{
    size_t n = 0, straight = 0;
    for (size_t i = 0; i < f->n_c; i++)
        straight += !f->c[i].above;
    for (size_t i = 0; i < f->n_c; i++)
        if (!straight || !f->c[i].above)
            f->c[n++] = f->c[i];
    f->n_c = n;
}

static int cand_marked(struct finder *f, size_t li, long num, struct extract_refmark_at *at)
{
    const struct xline *ln = &f->t->lines[li];
    long scopes[4] = { ln->title, f->caption[li], f->opener[li], ln->heading };
    return extract_refmark(f->t, li, num, scopes, 4, at);
}

/* Values printed as the course's, the module's or the expected ones are
 * never the student's, whatever the print order: a candidate in a marked
 * column takes the number in its row's own column instead ("course  mine"),
 * a target in parentheses the value printed right after it;
 * the others are dropped, and when nothing is left the miss names the
 * marked value so the student knows to print their own. */
static void drop_marked(struct finder *f)
{
    size_t n = 0;

    for (size_t i = 0; i < f->n_c; i++) {
        struct cand c = f->c[i];
        struct extract_refmark_at at, own_at;
        long own;

        if (c.num >= 0 && cand_marked(f, c.line, c.num, &at)) {
            own = extract_refmark_own_value(f->t, c.line, c.num);
            if (own < 0 || cand_marked(f, c.line, own, &own_at)) {
                if (f->marked_num < 0) {
                    f->marked_num = c.num;
                    f->marked_cline = c.line;
                    f->marked = at;
                }
                continue;
            }
            c.num = own;
            if (c.table >= 0)
                c.col = f->t->num_col[own];
        }
        f->c[n++] = c;
    }
    f->n_c = n;
    if (n)
        f->marked_num = -1;
}

/* Candidates are collected in line order (inline and table for each line),
 * so "last printed" is simply the higher index. */
static int sort_by_line(const void *a, const void *b)
{
    const struct cand *x = a, *y = b;
    if (x->line != y->line)
        return x->line < y->line ? -1 : 1;
    return x->num < y->num ? -1 : x->num > y->num;
}

int extract_find(const struct extract_transcript *t, const struct extract_query *q,
                 struct extract_result *res, struct gb_err *err)
{
    struct finder f;
    int rc = -1;

    memset(res, 0, sizeof *res);
    memset(&f, 0, sizeof f);
    f.t = t;
    f.q = q;
    f.err = err;
    f.row_line = f.row_table_line = f.col_line = f.row_nonum_line = f.marked_num = -1;
    f.off_domain_num = -1;
    if (!t || !q)
        return gb_fail(err, "no transcript or query to search");
    if (q->nth < 0 || (unsigned)q->shape > EXTRACT_LINE)
        return gb_fail(err, "a query's nth must be 1 or more and its shape scalar, vector or line");
    if (extract_compile_field(q, EXTRACT_SECTION, &f.sec, err) < 0 ||
        extract_compile_field(q, EXTRACT_ROW, &f.row, err) < 0 ||
        extract_compile_field(q, EXTRACT_COLUMN, &f.col, err) < 0 ||
        extract_compile_field(q, EXTRACT_EXCLUDE, &f.exc, err) < 0 ||
        extract_compile_field(q, EXTRACT_ROW_AXIS, &f.rax, err) < 0 ||
        extract_find_captions(&f) < 0)
        goto out;
    /* An excluded word rules a value out only where the text says it: a
     * short word it begins with ("per" of "permuted") is another word. */
    for (size_t i = 0; i < f.exc.n; i++)
        for (size_t k = 0; k < f.exc.v[i].n; k++)
            f.exc.v[i].items[k].whole = 1;
    for (size_t li = 0; li < t->n_lines; li++) {
        const struct xline *ln = &t->lines[li];
        if (ln->kind == XLINE_RULE || ln->n_atoms == 0)
            continue;
        if (!extract_section_ok(&f, li)) {
            f.sec_closed = f.section_seen;
            continue;
        }
        if (!f.section_seen)
            f.sec_head = (long)li;
        else if (ln->kind == XLINE_HEADING)
            f.sec_closed = 1;   /* the next heading, inside the section by its scope */
        if (!f.sec_closed)
            f.sec_last = (long)li;
        f.section_seen = 1;
        int record = extract_legend_candidates(&f, li);
        if (!record)
            record = extract_record_candidates(&f, li);
        if (record < 0)
            goto out;
        if (!record && (extract_table_candidates(&f, li) < 0 ||
                        extract_inline_candidates(&f, li) < 0 ||
                        extract_axis_candidates(&f, li) < 0 ||
                        extract_dict_candidates(&f, li) < 0))
            goto out;

    }
    orient_by_axes(&f);
    drop_transposed(&f);
    drop_above(&f);
    drop_marked(&f);
    if (f.n_c > 1)
        qsort(f.c, f.n_c, sizeof *f.c, sort_by_line);
    rc = finish(&f, res);
    if (rc < 0)
        extract_result_free(res);
out:
    extract_phrase_set_free(&f.sec);
    extract_phrase_set_free(&f.row);
    extract_phrase_set_free(&f.col);
    extract_phrase_set_free(&f.exc);
    extract_phrase_set_free(&f.rax);
    free(f.opener);
    free(f.caption);
    free(f.outer);
    free(f.records);
    extract_legends_free(f.legends);
    free(f.c);
    return rc;
}

void extract_result_free(struct extract_result *res)
{
    if (!res)
        return;
    for (size_t i = 0; i < res->n_hits; i++)
        free_hit(&res->hits[i]);
    free(res->hits);
    free(res->explain);
    free(res->ruled_out);
    memset(res, 0, sizeof *res);
}
