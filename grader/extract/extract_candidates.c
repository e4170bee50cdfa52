/* extract_candidates.c — candidates, and the scope and section they are read in.
 *
 * A candidate value is a number in the output whose context — the line's
 * own words, its table row label and column header, and the headings and
 * titles above it — contains every item of some row phrase and some column
 * phrase.  This file keeps the candidates (extract_add_cand), gives a line
 * its scope sources (names, enclosing keys, title, heading, captions and
 * section openers), decides whether a line is in the query's section, and
 * rules out what an exclude phrase names.
 */
#include "extract/extract_int.h"

#include <ctype.h>

#include <string.h>
#include <strings.h>

#include <stdlib.h>

/* ---- candidates ----------------------------------------------------- */

/* The part a heading or title names by its first words, "Часть 3:
 * отдельный query" or "Part 3 - query matrix" as "[Part 3]" does: 3; 0 when
 * it names none ("Step 50: 1.0" is a reading, not a part). */
static long named_part(const struct extract_transcript *t, long li)
{
    const struct xline *ln;
    const struct xatom *a;
    const struct numparse_num *n;
    const char *after, *end;
    long part;

    if (li < 0)
        return 0;
    ln = &t->lines[li];
    if ((part = extract_part_number(t, ln)) > 0)
        return part;
    a = t->atoms + ln->atom0;
    if (ln->n_atoms < 3 || !extract_structure_word(&a[0]) || a[1].num < 0 ||
        extract_atom_is(&a[0], "step"))
        return 0;
    n = &t->nums[a[1].num];
    after = a[1].p + a[1].len;
    end = t->text + ln->off + ln->len;
    while (after < end && *after == ' ')
        after++;
    if (!(n->flags & NUMPARSE_INTEGER) || n->value < 1 || n->value > 1000 || after >= end ||
        !(*after == ':' || *after == '-' || *after == '.' || (unsigned char)*after == 0xE2 ||
          (unsigned char)*after == 0xEF))
        return 0;   /* ':', '-', '.', an en or em dash, a full-width colon */
    return (long)n->value;
}

/* The part a heading names, or the heading of a higher level it sits
 * under ("=== Part 3 ===" over "--- B. separate query ---"). */
static long heading_part(const struct extract_transcript *t, long li)
{
    for (int depth = 0; li >= 0 && depth < 4; depth++) {
        long part = named_part(t, li);
        if (part > 0)
            return part;
        li = t->lines[li].outer;
    }
    return 0;
}

/* Does the line's heading or title name another part than the query's? */
static int in_other_part(const struct finder *f, size_t li)
{
    const struct xline *ln = &f->t->lines[li];
    long h, t;

    if (f->q->part <= 0)
        return 0;   /* most queries name no part: no heading is read per candidate */
    h = heading_part(f->t, ln->heading);
    t = named_part(f->t, ln->title);
    return (h > 0 && h != f->q->part) || (t > 0 && t != f->q->part && !(h == f->q->part));
}

/* Students number their output after the exercise's numbered list: a
 * heading or title "Part 3" (Step, Task..., in the student's language),
 * alone or before its description ("Часть 3: отдельный query"), names the
 * section the query's "part" is, as plainly as a descriptive title would. */
static int part_heading_ok(struct finder *f, size_t li)
{
    const struct xline *ln = &f->t->lines[li];
    long scope[2] = { ln->heading, ln->title };

    if (f->q->part <= 0)
        return 0;
    for (int k = 0; k < 2; k++)
        if (scope[k] >= 0 && (k ? named_part(f->t, scope[k])
                                : heading_part(f->t, scope[k])) == f->q->part)
            return 1;
    return 0;
}

static int outside(const struct extract_query *q, const struct numparse_num *n)
{
    double v = numparse_fraction(n), slack = 1e-9 + 0.5 * numparse_half_ulp(n);

    return v < q->within_lo - slack || v > q->within_hi + slack;
}

/* The number (index in t->nums) of the row candidate c is printed in that
 * the query's "within" rules out, or -1: the bracketed list its number sits
 * in, else the value cells of its table row (three or more: one quantity
 * across its columns), else the number itself.  A weights table's rude row
 * never prints 2.0; the queries' rude row does: that row holds another
 * quantity, and is no candidate. */
static long off_domain(const struct finder *f, const struct cand *c)
{
    const struct extract_transcript *t = f->t;
    const struct xline *ln = &t->lines[c->line];
    const struct numparse_num *n;

    if (!f->q->within || c->num < 0)
        return -1;
    n = &t->nums[c->num];
    if (n->list >= 0) {
        for (size_t i = ln->num0; i < ln->num0 + ln->n_nums; i++)
            if (t->nums[i].list == n->list && outside(f->q, &t->nums[i]))
                return (long)i;
        return -1;
    }
    if (c->table >= 0) {
        /* a row of one quantity across its columns ("rude 2.000 0.000 2.000
         * 0.000"); a long table's row names one observation per column
         * ("A_self rude rude 2.000 0.711": score, weight), each its own */
        long values = 0, off = -1;
        for (size_t i = ln->value_atom; i < ln->n_atoms; i++) {
            const struct xatom *a = &t->atoms[ln->atom0 + i];
            if (a->num < 0 || !extract_is_value_num(t, ln, a))
                continue;
            values++;
            if (off < 0 && outside(f->q, &t->nums[a->num]))
                off = a->num;
        }
        return values >= 3 ? off : outside(f->q, n) ? c->num : -1;
    }
    return outside(f->q, n) ? c->num : -1;
}

int extract_add_cand(struct finder *f, const struct cand *c0)
{
    struct cand cc = *c0, *c = &cc;

    long off = off_domain(f, c0);

    if (off >= 0) {
        if (f->off_domain_num < 0)
            f->off_domain_num = off, f->off_domain_cline = c0->line;
        return 0;
    }
    cc.other_part = in_other_part(f, c0->line);
    for (size_t i = f->n_c; i-- > 0 && f->c[i].line == c->line;) {
        if (f->c[i].num == c->num) {
            unsigned ways = f->c[i].ways | c->ways;
            if (c->quality > f->c[i].quality ||
                (c->quality == f->c[i].quality && c->extras < f->c[i].extras))
                f->c[i] = *c;
            f->c[i].ways = ways;
            return 0;
        }
    }
    if (extract_grow((void **)&f->c, &f->cap_c, f->n_c + 1, sizeof *f->c, f->err) < 0)
        return -1;
    f->c[f->n_c++] = *c;
    return 0;
}

struct source extract_line_source(const struct extract_transcript *t, long li)
{
    struct source s = { NULL, 0, 0, 0 };
    if (li >= 0) {
        s.a = t->atoms + t->lines[li].atom0;
        s.n = t->lines[li].n_atoms;
    }
    return s;
}

/* The keys of the structures enclosing a line of nested output. */
struct source extract_path_source(const struct extract_transcript *t, const struct xline *ln)
{
    struct source s = { NULL, 0, 0, 0 };
    if (ln->path >= 0) {
        s.a = t->patoms + t->paths[ln->path].atom0;
        s.n = t->paths[ln->path].n_atoms;
    }
    return s;
}

/* Scope sources of a line: the name a matrix row was given by the names
 * printed above it, its enclosing keys, its title, then its heading.
 * Returns how many (at most SCOPES_MAX). */
int extract_scope_sources(const struct extract_transcript *t, const struct xline *ln,
                          struct source *out)
{
    int n = 0;
    if (ln->name0 >= 0)
        out[n++] = (struct source){ t->atoms + ln->name0, ln->n_name, 0, 0 };
    if (ln->path >= 0)
        out[n++] = extract_path_source(t, ln);
    if (ln->title >= 0) {
        out[n] = extract_line_source(t, ln->title);
        if (t->lines[ln->title].axes_at)
            out[n].n = t->lines[ln->title].axes_at - 1;   /* "rows = keys" names no section */
        n++;
    }
    if (ln->heading >= 0)
        out[n++] = extract_line_source(t, ln->heading);
    return n;
}

/* "w.sum(1)=array([...])", "weights[2]=tensor([...])": a number in the
 * arguments or index of a name, the whole expression then '=', is part of
 * the expression a self-documenting f-string prints as its label. */
static int in_labelled_expression(const struct extract_transcript *t, const struct xline *ln,
                                  const struct numparse_num *n)
{
    const char *s = t->text + ln->off;
    size_t open, close;

    if (!extract_enclosing_group(s, ln->len, n->start, &open, &close) || open < 2 ||
        !(isalnum((unsigned char)s[open - 2]) || s[open - 2] == '_'))
        return 0;
    for (close++; close < ln->len && s[close] == ' '; close++)
        ;
    return close < ln->len && s[close] == '=' && (close + 1 >= ln->len || s[close + 1] != '=');
}

/* The section's words may head the value or sit on its own line: a log
 * line "INFO:root:query-matrix query=rude support=0.4404" names its section
 * as its first words. */
int extract_glued_to_word(const struct extract_transcript *t, const struct xline *ln,
                          const struct numparse_num *n)
{
    unsigned char p = n->start > 0 ? (unsigned char)t->text[ln->off + n->start - 1] : ' ';
    return ((p | 0x20) >= 'a' && (p | 0x20) <= 'z') || p == '_' ||
           (p == '#' && (n->flags & NUMPARSE_GLUED)) ||   /* "#2": a rank (numparse) */
           (n->flags & NUMPARSE_GLUED_RIGHT) || extract_version_number(t, ln, n) ||
           in_labelled_expression(t, ln, n);
}

/* A plain line of words, no value: "weights_df", "outputs",
 * ">>> self-attention, Q = K = V = E". */
static int is_plain_caption(const struct extract_transcript *t, const struct xline *ln)
{
    if ((ln->kind != XLINE_TEXT && ln->kind != XLINE_TITLE) || ln->role != XROW_NONE ||
        ln->n_atoms == 0)
        return 0;
    for (size_t k = 0; k < ln->n_nums; k++)
        if (!extract_glued_to_word(t, ln, &t->nums[ln->num0 + k]))
            return 0;   /* "rude=0.7112" is a value, "Wq2" or "64-unit" a name */
    return 1;
}

/* How many words a line holds once trimmed: 0 (blank), 1 (one name such as
 * "output:" or "weights_df"), 2 for several.  Captions are told apart by it. */
static int line_word_count(const struct extract_transcript *t, const struct xline *ln)
{
    const char *s = t->text + ln->off;
    size_t b = 0, e = ln->len;

    while (b < e && (s[b] == ' ' || s[b] == '\t'))
        b++;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t'))
        e--;
    for (size_t i = b; i < e; i++)
        if (s[i] == ' ' || s[i] == '\t')
            return 2;
    return b < e;
}

/* Does a caption open a section: the first line after a blank (or of the
 * output), of several words ("A) query = key = value = E", "First, plain
 * self-attention where ..."), not a name like "output_df"? */
static int opens_section(const struct extract_transcript *t, size_t li)
{
    const struct xline *ln = &t->lines[li];

    if (ln->kind != XLINE_TEXT || !is_plain_caption(t, ln) || ln->n_atoms < 2 ||
        li + 1 >= t->n_lines || t->lines[li + 1].block != ln->block)
        return 0;
    if (li > 0 && t->lines[li - 1].block == ln->block && t->lines[li - 1].kind != XLINE_RULE)
        return 0;
    return line_word_count(t, ln) == 2;
}

/* A caption that is one name ("output:", "weights_df"), no spaces. */
static int name_caption(const struct extract_transcript *t, const struct xline *ln)
{
    return line_word_count(t, ln) == 1;
}

/* Plain lines that name what follows without being banners or "title:"
 * lines: the caption right above a table or list ("outputs", "weights_df")
 * and the sentence opening a section.  One pass: a heading ends both, a
 * blank line ends a caption.  A caption that is only a name ("output:"
 * under "weights with the query matrix Wq:" and its matrix, no blank line
 * between) names the next thing in the same part, so the caption before it
 * is kept as its outer caption. */
int extract_find_captions(struct finder *f)
{
    const struct extract_transcript *t = f->t;
    long opener = -1, caption = -1, outer = -1;
    size_t n = t->n_lines ? t->n_lines : 1;

    f->opener = malloc(n * sizeof *f->opener);
    f->caption = malloc(n * sizeof *f->caption);
    f->outer = malloc(n * sizeof *f->outer);
    if (!f->opener || !f->caption || !f->outer)
        return gb_fail(f->err, "out of memory reading captions");
    for (size_t li = 0; li < t->n_lines; li++) {
        const struct xline *ln = &t->lines[li];
        if (li > 0 && t->lines[li - 1].block != ln->block)
            caption = outer = -1;   /* a blank line ends a caption's reach */
        f->opener[li] = opener;
        f->caption[li] = caption;
        f->outer[li] = outer;
        if (ln->kind == XLINE_HEADING) {
            opener = caption = outer = -1;
        } else if (opens_section(t, li)) {
            opener = caption = (long)li;
            outer = -1;
        } else if (is_plain_caption(t, ln)) {
            outer = name_caption(t, ln) ? caption : -1;
            caption = (long)li;
        }
    }
    return 0;
}

/* Scope sources, then the line's section opener and caption, as far as
 * they add a line; returns the new count. */
static int scope_and_captions(struct finder *f, size_t li, struct sources *S)
{
    long extra[2] = { f->opener[li], f->caption[li] };

    S->n += extract_scope_sources(f->t, &f->t->lines[li], S->s + S->n);
    for (int k = 0; k < 2 && S->n < SOURCES_MAX; k++) {
        int dup = extra[k] < 0 || (k == 1 && extra[1] == extra[0]) ||
                  extra[k] == f->t->lines[li].title || extra[k] == f->t->lines[li].heading;
        if (!dup)
            S->s[S->n++] = extract_line_source(f->t, extra[k]);
    }
    return S->n;
}

/* Are a match's words printed side by side, in the phrase's order, within
 * each source they were found in ("raw self-attention" in a banner,
 * "weights" in the title under it)? */
static int contiguous(const struct match *m)
{
    for (size_t k = 1; k < m->n_items; k++) {
        const struct item_pos *p = &m->pos[k];
        for (size_t j = k; j-- > 0;) {
            const struct item_pos *q = &m->pos[j];
            if (q->src != p->src)
                continue;
            if (p->idx != q->idx + 1 + (size_t)q->used_num)
                return 0;
            break;
        }
    }
    return 1;
}

static int section_in(struct finder *f, const struct sources *S)
{
    struct match m;

    for (size_t v = 0; v < f->sec.n; v++)
        if (extract_match_compact(f->t, &f->sec.v[v], S, -1, &m, NULL, 0) && contiguous(&m))
            return 1;
    return 0;
}

/* The section phrase is on the line, or over it in its heading and title,
 * its words side by side in each ("q = k" is not "Q = E @ Wq.T, K = V =
 * E"); or it is the caption or the opening line of its block alone, never
 * half in a caption ("query" in a banner, "key" in "keys: [...]"). */
int extract_section_ok(struct finder *f, size_t li)
{
    struct sources S = { .n = 1, .n_primary = 1 };
    long extra[3] = { f->opener[li], f->caption[li], f->outer[li] };

    if (f->sec.n == 0)
        return 1;
    if (part_heading_ok(f, li))
        return 1;
    S.s[0] = extract_line_source(f->t, (long)li);
    S.n += extract_scope_sources(f->t, &f->t->lines[li], S.s + 1);
    if (section_in(f, &S))
        return 1;
    /* each scope alone: "query" and "key" in the caption "α (query row →
     * key column)" are not side by side, and must not hide the heading
     * "Part 2 — query = key = value" above it, where they are */
    for (int k = 1; k < S.n; k++) {
        struct sources one = { .s = { S.s[k] }, .n = 1, .n_primary = 1 };
        if (section_in(f, &one))
            return 1;
    }
    for (int k = 0; k < 3; k++) {
        struct sources one = { .s = { extract_line_source(f->t, extra[k]) }, .n = 1,
                               .n_primary = 1 };
        if (extra[k] >= 0 && section_in(f, &one))
            return 1;
    }
    /* the headings the line's heading sits under: "Attention weights after
     * softmax" is a title inside "Part two: query = key = value" */
    for (long h = f->t->lines[li].heading; h >= 0 && (h = f->t->lines[h].outer) >= 0;) {
        struct sources one = { .s = { extract_line_source(f->t, h) }, .n = 1, .n_primary = 1 };
        if (section_in(f, &one))
            return 1;
    }
    return 0;
}

int extract_excluded(struct finder *f, const struct xatom *a, size_t n)
{
    struct sources S = { .s = { { a, n } }, .n = 1, .n_primary = 1 };
    struct match m;
    int extras;
    return f->exc.n && extract_match_set(f->t, &f->exc, &S, -1, &m, &extras, NULL, 0);
}

/* Two sections can both answer to the query's section words ("with the
 * query matrix" and "shuffled rows, query matrix"): the one whose heading,
 * title or caption names an excluded word is the fallback ("outputs" over
 * rows labelled like the weights).  Ranked, not ruled out:
 * a student's only section may well be titled "weights and outputs". */
int extract_scope_excluded(struct finder *f, size_t li)
{
    struct sources S = { .n = 0 };

    if (!f->exc.n || !f->sec.n)
        return 0;
    scope_and_captions(f, li, &S);
    for (int i = 0; i < S.n; i++)
        if (extract_excluded(f, S.s[i].a, S.s[i].n))
            return 1;
    return 0;
}

/* A parameter in another cell of the row ("forget bias" 3 in its own
 * column) rules the row out like a label would: only exclude phrases with
 * a number count there ("b_f 3"), since a plain word ("mean") in another
 * column's header names that column, not this row. */
int extract_context_excluded(struct finder *f, const struct xatom *a, size_t n)
{
    for (size_t i = 0; i < f->exc.n; i++) {
        const struct phrase *p = &f->exc.v[i];
        int has_num = 0;
        for (size_t k = 0; k < p->n; k++)
            has_num |= p->items[k].has_num;
        struct phrase_set one = { &f->exc.v[i], 1 };
        struct sources S = { .s = { { a, n } }, .n = 1, .n_primary = 1 };
        struct match m;
        int extras;
        if (has_num && extract_match_set(f->t, &one, &S, -1, &m, &extras, NULL, 0))
            return 1;
    }
    return 0;
}

/* "q=support -> w = ...", '<weight query="support" key="rude">': a line
 * that binds the query's row axis to a value ("query=", "q:", an
 * attribute) names its own row, and a line naming another row than the
 * query's is not the query's row, whatever other words it shares with it
 * ("key=rude").  1 when the line binds the axis to a word no row phrase
 * matches. */
int extract_binds_other_row(struct finder *f, const struct xline *ln)
{
    const struct extract_transcript *t = f->t;
    const struct xatom *a = t->atoms + ln->atom0;

    if (!f->rax.n || !f->row.n)
        return 0;
    for (size_t i = 0; i + 1 < ln->n_atoms; i++) {
        struct sources A = { .n = 1, .n_primary = 1 };
        struct match m;
        int extras = 0, bound = 0;
        const char *p, *end;

        if (a[i].num >= 0 || a[i + 1].num >= 0)
            continue;
        /* "q=support", 'query="support"', "query: support"; not the
         * equation of a title ("query = key", "A(q=k=v)") */
        p = a[i].p + a[i].len;
        if (p < a[i + 1].p && (*p == '=' || *p == ':')) {
            bound = 1;
            for (p++; p < a[i + 1].p && (*p == '"' || *p == '\'' || (p[-1] == ':' && *p == ' '));)
                p++;
        }
        end = a[i + 1].p + a[i + 1].len;
        if (!bound || p != a[i + 1].p || (end < t->text + ln->off + ln->len && *end == '='))
            continue;
        A.s[0] = (struct source){ a + i, 1, 0, 0 };
        if (!extract_match_set(t, &f->rax, &A, -1, &m, &extras, NULL, 0))
            continue;
        A.s[0] = (struct source){ a + i + 1, 1, 0, 0 };
        if (!extract_match_set(t, &f->row, &A, -1, &m, &extras, NULL, 0))
            return 1;
    }
    return 0;
}

/* The header over a table's label column names what its rows are
 * ("accuracy" over "very rows", "not rows"): an excluded word there
 * disqualifies every row, as it would on the row's own label. */
int extract_label_header_excluded(struct finder *f, const struct xtable *tb)
{
    const struct extract_transcript *t = f->t;
    struct xatom words[LABEL_ATOMS_MAX];
    size_t n = 0;

    if (!f->exc.n || tb->header < 0)
        return 0;
    /* the header line, and pandas' index name ("model") on the line below it */
    for (int pass = 0; pass < 2; pass++) {
        long hl = pass == 0 ? tb->header : tb->index_line;
        if (hl < 0)
            continue;
        const struct xline *h = &t->lines[hl];
        for (size_t i = 0; i < h->n_atoms && n < LABEL_ATOMS_MAX; i++) {
            const struct xatom *a = &t->atoms[h->atom0 + i];
            int in_value_col = 0;
            for (size_t k = 0; k < tb->n_cols && !in_value_col; k++) {
                const struct xcolumn *c = &t->cols[tb->col0 + k];
                for (size_t m = 0; c->is_value && m < c->n_hatoms && !in_value_col; m++)
                    in_value_col = t->hatoms[c->hatom0 + m].p == a->p;
            }
            if (!in_value_col)
                words[n++] = *a;
        }
    }
    return n && extract_excluded(f, words, n);
}

/* A whole-row vector takes every value column of the row (fill_nums), so
 * an excluded word in any of their headers disqualifies it: the "sum"
 * column marks a weight table's row, not the output row asked for; so does
 * a cell labelled on its own after the row's list ("[...]  sum=1.0"). */
int extract_whole_row_excluded(struct finder *f, const struct xtable *tb, const struct xline *ln)
{
    const struct extract_transcript *t = f->t;
    size_t tail = extract_labelled_tail(t, ln);

    if (!f->exc.n || f->q->shape != EXTRACT_VECTOR || f->q->n_phrases[EXTRACT_COLUMN])
        return 0;
    if (tail < ln->n_atoms && extract_excluded(f, t->atoms + ln->atom0 + tail, ln->n_atoms - tail))
        return 1;
    for (size_t k = 0; k < tb->n_cols; k++) {
        const struct xcolumn *c = &t->cols[tb->col0 + k];
        if (c->is_value && c->n_hatoms && extract_excluded(f, t->hatoms + c->hatom0, c->n_hatoms))
            return 1;
    }
    return 0;
}
