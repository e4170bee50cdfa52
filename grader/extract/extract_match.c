/* extract_match.c — answers queries: phrase matching, candidates, choice, explanations.
 *
 * A query phrase compiles to items: words, each optionally bound to the
 * number printed right after it ("gain 0.5" is one item), and bare numbers.
 * A candidate value is a number in the output whose context — the line's
 * own words, its table row label and column header, and the headings and
 * titles above it — contains every item of some row phrase and some column
 * phrase.  Candidates are ranked (all words on the row itself, then the
 * tightest label, then the last printed) and every miss is explained.
 */
#include "extract/extract_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "extract/extract_align.h"

#define ITEMS_MAX 24
#define VARIANTS_MAX 128
#define PHRASE_ATOMS_MAX 64
#define LABEL_ATOMS_MAX 512
#define SEGS_MAX 512

/* ---- words ----------------------------------------------------------- */

static int lower(unsigned char c) { return (c >= 'A' && c <= 'Z') ? c + 32 : c; }

int extract_word_eq(const char *a, size_t alen, const char *b, size_t blen)
{
    size_t n = alen < blen ? alen : blen, k;

    for (k = 0; k < n; k++)
        if (lower((unsigned char)a[k]) != lower((unsigned char)b[k]))
            break;
    if (k == n && alen == blen)
        return 3;
    if (k < n)
        return 0;
    /* One is a prefix of the other: plural, or an abbreviation. */
    {
        const char *longer = alen > blen ? a : b;
        size_t ll = alen > blen ? alen : blen;
        if (ll == n + 1 && lower((unsigned char)longer[n]) == 's')
            return 3;
        if (ll == n + 2 && lower((unsigned char)longer[n]) == 'e' &&
            lower((unsigned char)longer[n + 1]) == 's')
            return 3;
        /* "min" abbreviates "minimum", never the role word "mine" */
        if (n >= 3 && (unsigned char)a[0] < 0x80 && !extract_refmark_role_word(longer, ll))
            return 2;
    }
    return 0;
}

/* Words a Python repr adds around values: never part of a label. */
static int is_noise_word(const struct xatom *a)
{
    static const char *const noise[] = { "tensor", "array", "dtype", "float", "np",
                                         "torch", "grad", "fn", NULL };
    if (a->num >= 0)
        return 0;
    for (const char *const *w = noise; *w; w++)
        if (strlen(*w) == a->len && extract_word_eq(*w, a->len, a->p, a->len) == 3)
            return 1;
    return 0;
}

static int num_eq(double a, double b)
{
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b);
    return a == b;
}

/* ---- phrases ------------------------------------------------------------ */

struct pitem {
    const char *w;          /* NULL for a bare number */
    uint32_t wlen;
    int has_num;
    double num;
};

struct phrase {
    char *text;             /* owned; items point into it */
    const char *orig;       /* the rubric's phrase this variant came from */
    unsigned long groups;   /* synonym groups already substituted into it */
    struct pitem items[ITEMS_MAX];
    size_t n;
};

struct phrase_set {
    struct phrase *v;
    size_t n;
};

struct atom_buf {
    struct xatom a[PHRASE_ATOMS_MAX];
    size_t n;
};

static void emit_local(void *ctx, const struct xatom *a)
{
    struct atom_buf *b = ctx;
    if (b->n < PHRASE_ATOMS_MAX)
        b->a[b->n++] = *a;
}

static void tokenize_phrase(const char *s, struct atom_buf *ab, struct numparse_num *nums,
                            size_t *n_nums)
{
    size_t len = strlen(s);
    *n_nums = numparse_scan(s, len, 0, nums, PHRASE_ATOMS_MAX);
    if (*n_nums > PHRASE_ATOMS_MAX)
        *n_nums = PHRASE_ATOMS_MAX;
    ab->n = 0;
    extract_tokenize(s, len, nums, *n_nums, 0, emit_local, ab);
}

static int compile_phrase(struct phrase *p)
{
    struct atom_buf ab;
    struct numparse_num nums[PHRASE_ATOMS_MAX];
    size_t n_nums;
    int prev_word = 0;

    tokenize_phrase(p->text, &ab, nums, &n_nums);
    p->n = 0;
    for (size_t i = 0; i < ab.n && p->n < ITEMS_MAX; i++) {
        const struct xatom *a = &ab.a[i];
        if (a->num < 0) {
            p->items[p->n++] = (struct pitem){ a->p, a->len, 0, 0.0 };
            prev_word = 1;
        } else if (prev_word && !p->items[p->n - 1].has_num) {
            p->items[p->n - 1].has_num = 1;
            p->items[p->n - 1].num = nums[a->num].value;
            prev_word = 0;
        } else {
            p->items[p->n++] = (struct pitem){ NULL, 0, 1, nums[a->num].value };
            prev_word = 0;
        }
    }
    return p->n > 0;
}

static void phrase_set_free(struct phrase_set *ps)
{
    for (size_t i = 0; i < ps->n; i++)
        free(ps->v[i].text);
    free(ps->v);
    ps->v = NULL;
    ps->n = 0;
}

static int add_variant(struct phrase_set *ps, const char *text, const char *orig,
                       unsigned long groups, struct gb_err *err)
{
    struct phrase *p;

    for (size_t i = 0; i < ps->n; i++)
        if (strcasecmp(ps->v[i].text, text) == 0)
            return 0;
    p = realloc(ps->v, (ps->n + 1) * sizeof *p);
    if (!p)
        return gb_fail(err, "out of memory compiling a query");
    ps->v = p;
    p = &ps->v[ps->n];
    p->text = strdup(text);
    if (!p->text)
        return gb_fail(err, "out of memory compiling a query");
    p->orig = orig;
    p->groups = groups;
    if (compile_phrase(p))
        ps->n++;
    else
        free(p->text);
    return 0;
}

/* Where member m's words occur contiguously in s: byte span, or -1. */
static long find_member(const char *s, const char *m, size_t *span_end)
{
    struct atom_buf as, am;
    struct numparse_num ns[PHRASE_ATOMS_MAX], nm[PHRASE_ATOMS_MAX];
    size_t n1, n2;

    tokenize_phrase(s, &as, ns, &n1);
    tokenize_phrase(m, &am, nm, &n2);
    if (am.n == 0)
        return -1;
    for (size_t i = 0; i + am.n <= as.n; i++) {
        size_t k;
        for (k = 0; k < am.n; k++) {
            const struct xatom *x = &as.a[i + k], *y = &am.a[k];
            if ((x->num < 0) != (y->num < 0))
                break;
            if (x->num < 0 ? !(x->len == y->len && extract_word_eq(x->p, x->len, y->p, y->len) == 3)
                           : !num_eq(ns[x->num].value, nm[y->num].value))
                break;
        }
        if (k == am.n) {
            *span_end = (size_t)(as.a[i + k - 1].p + as.a[i + k - 1].len - s);
            return as.a[i].p - s;
        }
    }
    return -1;
}

/* Variant k with one more synonym group substituted, each way it can be:
 * "length 5 LSTM b_f 3" gives "T 5 LSTM b_f 3", and that gives "T 5 LSTM
 * bf 3" (a group is substituted once, so "forget bias" never becomes
 * "forget fb"). */
static int substitute(const struct extract_query *q, struct phrase_set *ps, size_t k,
                      struct gb_err *err)
{
    char *text = strdup(ps->v[k].text);
    const char *orig = ps->v[k].orig;
    unsigned long used = ps->v[k].groups;
    int rc = text ? 0 : gb_fail(err, "out of memory compiling a query");

    for (size_t g = 0; rc == 0 && g < 8 * sizeof used; g++) {
        const char *const *members;
        size_t nm;
        if (extract_synonym_groups(q->synonyms, &members, g, &nm) == 0)
            break;
        size_t a = nm, end = 0;
        long at = -1;
        if (used & (1ul << g))
            continue;
        /* the longest member found: in "train acc" the group's member is
         * "train acc", not its "train" (which would give "train acc acc") */
        for (size_t c = 0; c < nm; c++) {
            size_t e;
            long x = find_member(text, members[c], &e);
            if (x >= 0 && (at < 0 || e - (size_t)x > end - (size_t)at))
                a = c, at = x, end = e;
        }
        for (size_t b = 0; rc == 0 && at >= 0 && b < nm && ps->n < VARIANTS_MAX; b++) {
            struct gb_buf v = GB_BUF_INIT;
            if (b == a)
                continue;
            rc = gb_buf_printf(&v, err, "%.*s%s%s", (int)at, text, members[b], text + end);
            if (rc == 0)
                rc = add_variant(ps, v.data, orig, used | (1ul << g), err);
            gb_buf_free(&v);
        }
    }
    free(text);
    return rc;
}

/* Every alternative of a field, plus its synonym variants: every
 * combination of substitutions, one member per group. */
static int compile_field(const struct extract_query *q, enum extract_field f,
                         struct phrase_set *ps, struct gb_err *err)
{
    ps->v = NULL;
    ps->n = 0;
    for (size_t i = 0; i < q->n_phrases[f]; i++) {
        size_t first = ps->n;
        if (add_variant(ps, q->phrases[f][i], q->phrases[f][i], 0, err) < 0)
            return -1;
        for (size_t k = first; k < ps->n; k++)
            if (substitute(q, ps, k, err) < 0)
                return -1;
    }
    return 0;
}

/* ---- matching a phrase against sources of words ---------------------- */

struct source {
    const struct xatom *a;
    size_t n;
    int pairs;              /* "header value" pairs of a row's other cells (row_context) */
    int whole;              /* a key cell naming a long table's measure ("step 1"): a
                             * phrase found here must use every atom of it */
};

/* Where a phrase may be found: the first n_primary sources are the row
 * itself (its label, its other cells); the rest are headings and titles.
 * taken, when set, is another phrase's match on the same source 0 whose
 * atoms this phrase may not use: one printed word is never both the row
 * and the column. */
#define SCOPES_MAX 4
#define KEY_PAIR_MAX 8          /* header words of a long table's key column */
#define SOURCES_MAX (3 + SCOPES_MAX)
struct match;
struct sources {
    struct source s[SOURCES_MAX];
    int n, n_primary;
    const struct match *taken;
};

struct item_pos {
    int src;                /* -1 unmatched */
    size_t idx;             /* the word (or bare number) atom */
    int used_num;           /* 1: idx+1 is the bound number */
    int split;              /* 1: only the number is here; its word was in a heading */
};

struct match {
    struct item_pos pos[ITEMS_MAX];
    size_t n_items;
    size_t in_primary;      /* items found in source 0 */
    long last_primary;      /* highest atom index used in source 0, -1 none */
    const struct phrase *phrase;
};

struct near_miss {
    size_t line;            /* 0 none */
    char text[80];          /* "gain 1.05": the word and the number it was printed with */
};

static int used_at(const struct match *m, size_t upto, int src, size_t idx)
{
    for (size_t i = 0; i < upto; i++) {
        const struct item_pos *p = &m->pos[i];
        if (p->src == src && (p->idx == idx || (p->used_num && p->idx + 1 == idx)))
            return 1;
    }
    return 0;
}

/* May item k use atom idx of source s?  Not when an earlier item of the
 * same match, or the phrase that took the row's words, already did. */
static int atom_free(const struct sources *S, int s, const struct match *m, size_t k,
                     size_t idx)
{
    if (used_at(m, k, s, idx))
        return 0;
    return !(s == 0 && S->taken && used_at(S->taken, S->taken->n_items, 0, idx));
}

/* Where an item occurs in source s: the strongest word match, then the
 * first occurrence at or after `after` (else the last before); -1 none.
 * Atoms the match already used, or S->taken used, are skipped. */
static long find_in_source(const struct extract_transcript *t, const struct pitem *it,
                           const struct sources *S, int s, const struct match *m, size_t k,
                           long after, struct near_miss *nm, size_t line)
{
    const struct source *src = &S->s[s];
    long best = -1, best_before = -1;
    int best_strength = 0;

    for (size_t i = 0; i < src->n; i++) {
        const struct xatom *a = &src->a[i];
        int strength;
        if (!atom_free(S, s, m, k, i))
            continue;
        if (!it->w) {
            if (a->num < 0 || !num_eq(t->nums[a->num].value, it->num))
                continue;
            strength = 3;
        } else {
            if (a->num >= 0 || !(strength = extract_word_eq(it->w, it->wlen, a->p, a->len)))
                continue;
            if (it->has_num) {
                const struct xatom *b = i + 1 < src->n ? &src->a[i + 1] : NULL;
                if (!b || b->num < 0 || !atom_free(S, s, m, k, i + 1))
                    continue;
                if (!num_eq(t->nums[b->num].value, it->num)) {
                    if (nm && !nm->line && s == 0) {
                        nm->line = line;
                        snprintf(nm->text, sizeof nm->text, "%.*s %.*s", (int)a->len, a->p,
                                 (int)b->len, b->p);
                    }
                    continue;
                }
            }
        }
        if (strength > best_strength) {
            best_strength = strength;
            best = best_before = -1;
        }
        if (strength < best_strength)
            continue;
        if ((long)i >= after && best < 0)
            best = (long)i;
        if ((long)i < after)
            best_before = (long)i;
    }
    return best >= 0 ? best : best_before;
}

/* Is the item's word in a heading or title without a number of its own?
 * "== gain 0.5 ==" has its gain: that "gain" never pairs with a number on
 * the row (the 1 of "step 1" is no gain 1). */
static int word_free_in_scope(const struct pitem *word, const struct sources *S)
{
    for (int s = S->n_primary; s < S->n; s++) {
        const struct source *src = &S->s[s];
        for (size_t i = 0; i < src->n; i++) {
            const struct xatom *a = &src->a[i];
            if (a->num < 0 && extract_word_eq(word->w, word->wlen, a->p, a->len) &&
                !(i + 1 < src->n && src->a[i + 1].num >= 0))
                return 1;
        }
    }
    return 0;
}

/* A word-and-number item split between a heading and the row: "step 1"
 * where the columns are headed "50 ... 1" under a title naming steps.  The
 * number must stand alone: the 1.0 of a column headed "g=1.0" is glued to
 * its own word, and is no step. */
static int match_split(const struct extract_transcript *t, const struct pitem *it,
                       const struct sources *S, struct match *m, size_t k)
{
    struct pitem word = { it->w, it->wlen, 0, 0.0 }, num = { NULL, 0, 1, it->num };

    if (!word_free_in_scope(&word, S))
        return 0;
    for (int s = 0; s < S->n_primary; s++) {
        long i = find_in_source(t, &num, S, s, m, k, -1, NULL, 0);
        if (i >= 0 && (t->nums[S->s[s].a[i].num].flags & NUMPARSE_GLUED))
            continue;
        if (i >= 0) {
            m->pos[k] = (struct item_pos){ s, (size_t)i, 0, 1 };
            return 1;
        }
    }
    return 0;
}

/* Finds item k in the sources, primary ones first. */
static int match_item(const struct extract_transcript *t, const struct pitem *it,
                      const struct sources *S, struct match *m, size_t k, long after,
                      struct near_miss *nm, size_t line)
{
    int later = -1;
    long later_i = -1;

    for (int s = 0; s < S->n; s++) {
        long i = find_in_source(t, it, S, s, m, k, after, nm, line);
        if (i >= 0 && S->s[s].pairs && !(it->w && it->has_num)) {
            /* a bare word over another cell ("rude" heading a column of a
             * matrix) names that cell, not the row: only a last resort,
             * kept if the cell's number is matched too (pair_unbound) */
            if (later < 0)
                later = s, later_i = i;
            continue;
        }
        if (i >= 0) {
            m->pos[k] = (struct item_pos){ s, (size_t)i, it->w && it->has_num, 0 };
            return 1;
        }
    }
    if (it->w && it->has_num && match_split(t, it, S, m, k))
        return 1;
    if (later >= 0) {
        m->pos[k] = (struct item_pos){ later, (size_t)later_i, 0, 0 };
        return 1;
    }
    m->pos[k].src = -1;
    return 0;
}

/* A word found in a row's "header value" pairs whose value no item of the
 * phrase matched: "b" of "b_f 3" is fine once "f 3" took the 3; "rude"
 * over a matrix cell is not a name of the row. */
static int pair_unbound(const struct sources *S, const struct match *m)
{
    for (size_t k = 0; k < m->n_items; k++) {
        const struct item_pos *p = &m->pos[k];
        if (p->src < 0 || !S->s[p->src].pairs || p->used_num)
            continue;
        const struct source *src = &S->s[p->src];
        size_t v = p->idx;
        while (v < src->n && src->a[v].num < 0)
            v++;
        if (v == p->idx && src->a[v].num >= 0)
            continue;   /* a bare number: the value itself */
        if (v >= src->n || !used_at(m, m->n_items, p->src, v))
            return 1;
    }
    return 0;
}

static int match_phrase(const struct extract_transcript *t, const struct phrase *p,
                        const struct sources *S, long after, struct match *m,
                        struct near_miss *nm, size_t line)
{
    m->n_items = p->n;
    m->in_primary = 0;
    m->last_primary = -1;
    m->phrase = p;
    for (size_t k = 0; k < p->n; k++) {
        if (!match_item(t, &p->items[k], S, m, k, after, nm, line))
            return 0;
        if (m->pos[k].src >= 0 && m->pos[k].src < S->n_primary && !m->pos[k].split)
            m->in_primary++;
        if (m->pos[k].src == 0) {
            long end = (long)(m->pos[k].idx + (size_t)m->pos[k].used_num);
            if (end > m->last_primary)
                m->last_primary = end;
        }
    }
    return !pair_unbound(S, m);
}

/* Atoms of source 0 the match did not use: words the query did not ask for. */
static int count_extras(const struct source *primary, const struct match *m)
{
    int extras = 0;
    for (size_t i = 0; i < primary->n; i++)
        if (!is_noise_word(&primary->a[i]) && !used_at(m, m->n_items, 0, i))
            extras++;
    return extras;
}

/* Words found out of the phrase's order on the row ("not good ... slow"
 * against "good ... not slow") make a looser match, not a miss. */
static int count_disorder(const struct match *m)
{
    int n = 0;
    for (size_t k = 1; k < m->n_items; k++)
        if (m->pos[k].src == 0 && m->pos[k - 1].src == 0 && m->pos[k].idx < m->pos[k - 1].idx)
            n++;
    return n;
}

static int count_disorder(const struct match *m);
static int gap_separates(const char *s, size_t from, size_t to);
static int has_word_between(const struct xatom *a, size_t from, size_t to);

/* Separators (",", "|", wide gaps) between atoms lo and hi of a source. */
static int crossings(const struct source *s0, long lo, long hi)
{
    int n = 0;
    for (long k = lo; k < hi; k++) {
        const struct xatom *a = &s0->a[k], *b = &s0->a[k + 1];
        const char *end = a->p + a->len;
        if (b->p > end && b->p - end < 64 && !memchr(end, '\n', (size_t)(b->p - end)) &&
            gap_separates(end, 0, (size_t)(b->p - end)))
            n++;
    }
    return n;
}

/* How far apart a match's words are on the row itself: words out of the
 * phrase's order and separators crossed count extra. */
static long primary_span(const struct match *m, const struct source *s0)
{
    long lo = -1, hi = -1;
    for (size_t k = 0; k < m->n_items; k++) {
        long i = (long)m->pos[k].idx;
        if (m->pos[k].src != 0)
            continue;
        if (lo < 0 || i < lo)
            lo = i;
        if (i > hi)
            hi = i;
    }
    return lo < 0 ? 0 : hi - lo + 2 * count_disorder(m) + 8 * crossings(s0, lo, hi);
}

/* A phrase's words where they sit closest together: "T=50 LSTM" in
 * "T=20 LSTM 0.9 | T=50 RNN 0.5 | T=50 LSTM 0.506" is the last pair, not the
 * first "T=50" with the first "LSTM".  Tries each place the first word
 * occurs (a bounded number of them). */
static int match_compact(const struct extract_transcript *t, const struct phrase *p,
                         const struct sources *S, long after, struct match *m,
                         struct near_miss *nm, size_t line)
{
    const struct source *s0 = &S->s[0];
    struct match alt;
    long best;
    int tries = 0;

    if (!match_phrase(t, p, S, after, m, nm, line))
        return 0;
    if (p->n < 2)
        return 1;
    /* after the row's words too: "train_acc: 0.87, test_acc: 0.51" holds
     * "test acc" in its last two words, not "test" with the first "acc" */
    best = primary_span(m, s0);
    for (size_t i = after > 0 ? (size_t)after : 0; i < s0->n && tries < 16 && best > 0; i++) {
        const struct pitem *it = &p->items[0];
        const struct xatom *a = &s0->a[i];
        if (it->w ? (a->num >= 0 || !extract_word_eq(it->w, it->wlen, a->p, a->len))
                  : (a->num < 0 || !num_eq(t->nums[a->num].value, it->num)))
            continue;
        tries++;
        if (match_phrase(t, p, S, (long)i, &alt, NULL, 0) && primary_span(&alt, s0) < best) {
            *m = alt;
            best = primary_span(&alt, s0);
        }
    }
    return 1;
}

/* Best match of any variant: most items on the row itself, then fewest extras. */
static int match_set(const struct extract_transcript *t, const struct phrase_set *ps,
                     const struct sources *S, long after, struct match *best,
                     int *best_extras, struct near_miss *nm, size_t line)
{
    int found = 0;
    struct match m;

    for (size_t v = 0; v < ps->n; v++) {
        if (!match_compact(t, &ps->v[v], S, after, &m, nm, line))
            continue;
        int fully = m.in_primary == m.n_items, bfully;
        int extras = count_extras(&S->s[0], &m) + count_disorder(&m);
        bfully = found && best->in_primary == best->n_items;
        if (!found || fully > bfully || (fully == bfully && extras < *best_extras)) {
            *best = m;
            *best_extras = extras;
            found = 1;
        }
    }
    return found;
}

/* ---- candidates ----------------------------------------------------- */

struct cand {
    size_t line;            /* index in t->lines */
    long num;               /* index in t->nums, -1 for a LINE hit without numbers */
    int quality;            /* 1: every query word on the row/line itself */
    int extras;
    enum extract_how how;
    int transposed;
    unsigned ways;          /* table cells: bit k set when reading k (0 straight, 1 the other
                             * way round, 2 mixed) finds it; a diagonal cell is found both ways */
    long col;               /* table column, -1 inline */
    long table;             /* table index, -1 inline */
    int above;              /* 1: its column named only above the line (column_above) */
    int scope_excluded;     /* 1: its heading or title names an excluded word */
    int positional;         /* 1: its column word sits in a label list on the line itself,
                             * mapped by place onto the line's run of numbers */
};

struct finder {
    const struct extract_transcript *t;
    const struct extract_query *q;
    struct phrase_set sec, row, col, exc, rax;
    struct cand *c;
    size_t n_c, cap_c;
    long *opener;           /* per line: the plain line opening its section, or -1 */
    long *caption;          /* per line: the nearest plain caption above it in its block, or -1 */
    long *outer;            /* per line whose caption is only a name ("output:"): the caption
                             * before that one in its block, or -1 */
    /* for explanations */
    int section_seen;
    long sec_head, sec_last;  /* the first line in the section (its heading) and its last */
    int sec_closed;           /* the first run of lines in the section has ended */
    long row_line, row_table_line, col_line, row_nonum_line;
    struct near_miss nm;
    long marked_num;          /* a dropped value printed as the course's/expected, or -1 */
    size_t marked_cline;      /*   its line */
    struct extract_refmark_at marked;
    struct gb_err *err;
};

static int add_cand(struct finder *f, const struct cand *c)
{
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

static struct source line_source(const struct extract_transcript *t, long li)
{
    struct source s = { NULL, 0, 0, 0 };
    if (li >= 0) {
        s.a = t->atoms + t->lines[li].atom0;
        s.n = t->lines[li].n_atoms;
    }
    return s;
}

/* The keys of the structures enclosing a line of nested output. */
static struct source path_source(const struct extract_transcript *t, const struct xline *ln)
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
static int scope_sources(const struct extract_transcript *t, const struct xline *ln,
                         struct source *out)
{
    int n = 0;
    if (ln->name0 >= 0)
        out[n++] = (struct source){ t->atoms + ln->name0, ln->n_name, 0, 0 };
    if (ln->path >= 0)
        out[n++] = path_source(t, ln);
    if (ln->title >= 0) {
        out[n] = line_source(t, ln->title);
        if (t->lines[ln->title].axes_at)
            out[n].n = t->lines[ln->title].axes_at - 1;   /* "rows = keys" names no section */
        n++;
    }
    if (ln->heading >= 0)
        out[n++] = line_source(t, ln->heading);
    return n;
}

/* The section's words may head the value or sit on its own line: a log
 * line "INFO:root:query-matrix query=rude support=0.4404" names its section
 * as its first words. */
static int glued_to_word(const struct extract_transcript *t, const struct xline *ln,
                         const struct numparse_num *n)
{
    unsigned char p = n->start > 0 ? (unsigned char)t->text[ln->off + n->start - 1] : ' ';
    return ((p | 0x20) >= 'a' && (p | 0x20) <= 'z') || p == '_' ||
           (n->flags & NUMPARSE_GLUED_RIGHT);
}

/* A plain line of words, no value: "weights_df", "outputs",
 * ">>> self-attention, Q = K = V = E". */
static int is_plain_caption(const struct extract_transcript *t, const struct xline *ln)
{
    if ((ln->kind != XLINE_TEXT && ln->kind != XLINE_TITLE) || ln->role != XROW_NONE ||
        ln->n_atoms == 0)
        return 0;
    for (size_t k = 0; k < ln->n_nums; k++)
        if (!glued_to_word(t, ln, &t->nums[ln->num0 + k]))
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
static int find_captions(struct finder *f)
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

    S->n += scope_sources(f->t, &f->t->lines[li], S->s + S->n);
    for (int k = 0; k < 2 && S->n < SOURCES_MAX; k++) {
        int dup = extra[k] < 0 || (k == 1 && extra[1] == extra[0]) ||
                  extra[k] == f->t->lines[li].title || extra[k] == f->t->lines[li].heading;
        if (!dup)
            S->s[S->n++] = line_source(f->t, extra[k]);
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
        if (match_compact(f->t, &f->sec.v[v], S, -1, &m, NULL, 0) && contiguous(&m))
            return 1;
    return 0;
}

/* Students number their output after the exercise's numbered list: a
 * heading or title whose only words are "Part 3" (Step, Task...) names the
 * section the query's "part" is, as plainly as a descriptive title would. */
static int part_heading_ok(struct finder *f, size_t li)
{
    const struct xline *ln = &f->t->lines[li];
    long scope[2] = { ln->heading, ln->title };

    if (f->q->part <= 0)
        return 0;
    for (int k = 0; k < 2; k++)
        if (scope[k] >= 0 && extract_part_number(f->t, &f->t->lines[scope[k]]) == f->q->part)
            return 1;
    return 0;
}

/* The section phrase is on the line, or over it in its heading and title,
 * its words side by side in each ("q = k" is not "Q = E @ Wq.T, K = V =
 * E"); or it is the caption or the opening line of its block alone, never
 * half in a caption ("query" in a banner, "key" in "keys: [...]"). */
static int section_ok(struct finder *f, size_t li)
{
    struct sources S = { .n = 1, .n_primary = 1 };
    long extra[3] = { f->opener[li], f->caption[li], f->outer[li] };

    if (f->sec.n == 0)
        return 1;
    if (part_heading_ok(f, li))
        return 1;
    S.s[0] = line_source(f->t, (long)li);
    S.n += scope_sources(f->t, &f->t->lines[li], S.s + 1);
    if (section_in(f, &S))
        return 1;
    for (int k = 0; k < 3; k++) {
        struct sources one = { .s = { line_source(f->t, extra[k]) }, .n = 1, .n_primary = 1 };
        if (extra[k] >= 0 && section_in(f, &one))
            return 1;
    }
    return 0;
}

static int excluded(struct finder *f, const struct xatom *a, size_t n)
{
    struct sources S = { .s = { { a, n } }, .n = 1, .n_primary = 1 };
    struct match m;
    int extras;
    return f->exc.n && match_set(f->t, &f->exc, &S, -1, &m, &extras, NULL, 0);
}

/* Two sections can both answer to the query's section words ("with the
 * query matrix" and "shuffled rows, query matrix"): the one whose heading,
 * title or caption names an excluded word is the fallback ("outputs" over
 * rows labelled like the weights).  Ranked, not ruled out:
 * a student's only section may well be titled "weights and outputs". */
static int scope_excluded(struct finder *f, size_t li)
{
    struct sources S = { .n = 0 };

    if (!f->exc.n || !f->sec.n)
        return 0;
    scope_and_captions(f, li, &S);
    for (int i = 0; i < S.n; i++)
        if (excluded(f, S.s[i].a, S.s[i].n))
            return 1;
    return 0;
}

/* A parameter in another cell of the row ("forget bias" 3 in its own
 * column) rules the row out like a label would: only exclude phrases with
 * a number count there ("b_f 3"), since a plain word ("mean") in another
 * column's header names that column, not this row. */
static int context_excluded(struct finder *f, const struct xatom *a, size_t n)
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
        if (has_num && match_set(f->t, &one, &S, -1, &m, &extras, NULL, 0))
            return 1;
    }
    return 0;
}

/* The header over a table's label column names what its rows are
 * ("accuracy" over "very rows", "not rows"): an excluded word there
 * disqualifies every row, as it would on the row's own label. */
static int label_header_excluded(struct finder *f, const struct xtable *tb)
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
    return n && excluded(f, words, n);
}

/* A whole-row vector takes every value column of the row (fill_nums), so
 * an excluded word in any of their headers disqualifies it: the "sum"
 * column marks a weight table's row, not the output row asked for; so does
 * a cell labelled on its own after the row's list ("[...]  sum=1.0"). */
static int whole_row_excluded(struct finder *f, const struct xtable *tb, const struct xline *ln)
{
    const struct extract_transcript *t = f->t;
    size_t tail = extract_labelled_tail(t, ln);

    if (!f->exc.n || f->q->shape != EXTRACT_VECTOR || f->q->n_phrases[EXTRACT_COLUMN])
        return 0;
    if (tail < ln->n_atoms && excluded(f, t->atoms + ln->atom0 + tail, ln->n_atoms - tail))
        return 1;
    for (size_t k = 0; k < tb->n_cols; k++) {
        const struct xcolumn *c = &t->cols[tb->col0 + k];
        if (c->is_value && c->n_hatoms && excluded(f, t->hatoms + c->hatom0, c->n_hatoms))
            return 1;
    }
    return 0;
}


/* ---- inline: "label: value", key=value, dicts, prose ------------------ */

struct seg {
    size_t a0, a1;          /* atoms [a0, a1) */
    int value_first;        /* "297 'very'": the numbers come before their label */
    int hard;               /* opened at a separator, not where words follow numbers */
};

static int gap_separates(const char *s, size_t from, size_t to)
{
    int spaces = 0;
    for (size_t i = from; i < to; i++) {
        char c = s[i];
        if (c == ',' || c == ';' || c == '|' || c == '\t' || c == '{' || c == '}')
            return 1;
        spaces = c == ' ' ? spaces + 1 : 0;
        if (spaces >= 2)
            return 1;
    }
    return 0;
}

static int has_word_between(const struct xatom *a, size_t from, size_t to)
{
    for (size_t k = from; k < to; k++)
        if (a[k].num < 0)
            return 1;
    return 0;
}

static int has_number(const struct xatom *a, size_t from, size_t to)
{
    for (size_t k = from; k < to; k++)
        if (a[k].num >= 0)
            return 1;
    return 0;
}

/* Closes segment [start, end).  Words left alone after a soft cut ("297
 * 'very'" before a comma) label the numbers before them: merge them back. */
static size_t close_seg(const struct xatom *a, struct seg *segs, size_t n, size_t start,
                        size_t end, int soft)
{
    if (soft && n > 0 && !has_number(a, start, end)) {
        segs[n - 1].a1 = end;
        segs[n - 1].value_first = 1;
        return n;
    }
    segs[n].a0 = start;
    segs[n].a1 = end;
    segs[n].value_first = a[start].num >= 0;
    segs[n].hard = !soft;
    return n + 1;
}

/* Cuts a line into label/value segments: at top-level separators, then
 * wherever words follow numbers ("min 0.448 mean 0.504"). */
static size_t segment_line(const struct extract_transcript *t, const struct xline *ln,
                           struct seg *segs, size_t max)
{
    const char *s = t->text + ln->off;
    const struct xatom *a = t->atoms + ln->atom0;
    size_t n = 0, start = 0, depth_pos = 0;
    int depth = 0, soft = 0;

    for (size_t i = 0; i < ln->n_atoms && n + 1 < max; i++) {
        size_t from = i ? (size_t)(a[i - 1].p + a[i - 1].len - s) : 0;
        size_t to = (size_t)(a[i].p - s);
        int hard = 0, cut = 0;
        for (; depth_pos < to; depth_pos++) {
            if (s[depth_pos] == '(' || s[depth_pos] == '[')
                depth++;
            else if ((s[depth_pos] == ')' || s[depth_pos] == ']') && depth > 0)
                depth--;
        }
        if (i > 0 && depth == 0 && gap_separates(s, from, to))
            hard = cut = 1;
        if (!cut && i > 0 && a[i - 1].num >= 0 && a[i].num < 0 && depth == 0)
            /* numbers then words: a new label, unless this segment began with
             * its numbers ("297 'very'"), where the words label them. */
            cut = a[start].num < 0 || has_word_between(a, start, i);
        if (cut) {
            n = close_seg(a, segs, n, start, i, soft);
            soft = !hard;
            start = i;
        }
    }
    if (n < max && start < ln->n_atoms)
        n = close_seg(a, segs, n, start, ln->n_atoms, soft);
    return n;
}

static int consumed(const struct match *m, int have, size_t idx)
{
    return have && used_at(m, m->n_items, 0, idx);
}

/* A sentence printed after its score ("P 0.000   delivery was not good"):
 * the label is the last segment, has no numbers and at least three words. */
static int text_after_score(const struct xatom *a, const struct seg *sg, size_t n_atoms)
{
    if (sg->a1 != n_atoms || sg->a1 - sg->a0 < 3 || sg->a0 == 0 || a[sg->a0 - 1].num < 0)
        return 0;
    return !has_number(a, sg->a0, sg->a1);
}

/* Words Python, JSON and people print where a value is missing. */
static int is_null_word(const struct xatom *a, size_t n_after)
{
    static const char *const nulls[] = { "none", "null", "nil", "na", "undefined", NULL };
    if (a->num >= 0)
        return 0;
    if (a->len == 1 && (a->p[0] | 0x20) == 'n' && n_after > 1 && a[1].num < 0 &&
        a[1].len == 1 && (a[1].p[0] | 0x20) == 'a' && a[1].p == a->p + 2 && a->p[1] == '/')
        return 1;   /* "n/a" */
    for (const char *const *w = nulls; *w; w++)
        if (strlen(*w) == a->len && strncasecmp(*w, a->p, a->len) == 0)
            return 1;
    return 0;
}

/* Does a segment open with a word (noise like "tensor" aside)?  Then it
 * is another label's, with its own value. */
static int opens_with_word(const struct xatom *a, const struct seg *sg)
{
    for (size_t i = sg->a0; i < sg->a1; i++)
        if (!is_noise_word(&a[i]))
            return a[i].num < 0;
    return 0;
}

/* The nth free value number after the anchor atom, segment-aware.  The
 * value never comes from past a separator where a segment opens with its
 * own label: "step 50: n/a  factor: 0.490" printed no step-50 value, and
 * 0.490 is the factor's ("step 50 blame: 0.076" and "loss 0.2 then nan" go
 * on: no separator).  "step 1: None" printed none either.  A segment that
 * opens with a reading ("target: 0.490  got: 0.620") is the same value's. */
static long pick_inline_value(const struct extract_transcript *t, const struct xline *ln,
                              long anchor, const struct match *rm, int have_r,
                              const struct match *cm, int have_c, int nth)
{
    const struct xatom *a = t->atoms + ln->atom0;
    struct seg segs[SEGS_MAX];
    size_t n_segs = segment_line(t, ln, segs, SEGS_MAX), from = 0, home = n_segs, k = 0;
    int seen = 0, crossed = 0;

    if (anchor >= 0) {
        from = (size_t)anchor + 1;
        for (size_t s = 0; s < n_segs; s++) {
            if ((size_t)anchor >= segs[s].a0 && (size_t)anchor < segs[s].a1) {
                home = s;
                if (segs[s].value_first)
                    from = segs[s].a0;   /* "297 'very'": the label follows its numbers */
                else if (s > 0 && text_after_score(a, &segs[s], ln->n_atoms))
                    from = segs[s - 1].a0;   /* "0.000   delivery was not good ..." */
                break;
            }
        }
    }
    if (anchor >= 0 && from == (size_t)anchor + 1 && from < ln->n_atoms &&
        is_null_word(&a[anchor + 1], ln->n_atoms - (size_t)anchor - 1))
        return -1;   /* "step 1: None" printed no value for step 1 */
    for (size_t i = from; i < ln->n_atoms; i++) {
        const struct numparse_num *n;
        while (k + 1 < n_segs && i >= segs[k].a1)
            crossed |= segs[++k].hard;
        if (home < n_segs && k > home && i == segs[k].a0 && opens_with_word(a, &segs[k]) &&
            crossed && !consumed(rm, have_r, i) && !consumed(cm, have_c, i) &&
            !extract_refmark_opens_reading(a + i, segs[k].a1 - i))
            break;
        if (a[i].num < 0 || consumed(rm, have_r, i) || consumed(cm, have_c, i))
            continue;
        n = &t->nums[a[i].num];
        if (glued_to_word(t, ln, n))
            continue;
        if (++seen == nth)
            return a[i].num;
    }
    return -1;
}

/* Value numbers (not part of a name) printed after atom anchor. */
static int values_after(const struct extract_transcript *t, const struct xline *ln, long anchor)
{
    const struct xatom *a = t->atoms + ln->atom0;
    int n = 0;
    for (size_t i = anchor < 0 ? 0 : (size_t)anchor + 1; i < ln->n_atoms; i++)
        n += a[i].num >= 0 && !glued_to_word(t, ln, &t->nums[a[i].num]);
    return n;
}

/* The atom of the first value number after atom anchor, or n_atoms. */
static size_t first_value_after(const struct extract_transcript *t, const struct xline *ln,
                                long anchor)
{
    const struct xatom *a = t->atoms + ln->atom0;
    size_t i = anchor < 0 ? 0 : (size_t)anchor + 1;
    while (i < ln->n_atoms && (a[i].num < 0 || glued_to_word(t, ln, &t->nums[a[i].num])))
        i++;
    return i;
}

/* "per-step factor:" over "gain 0.5: 0.490", or {"per_step": {"gain 0.5":
 * 0.49}}: a row named in full on its own line, printing one value, takes
 * its column from its title, enclosing keys or heading.  With several
 * values on the line the words above cannot say which one they name; with
 * words between the row and its value the line is a sentence of its own
 * ("gain 1.0 ... stays above 1/1000 of the last step"), which the words
 * above do not describe. */
static int column_above(struct finder *f, const struct xline *ln, const struct match *rm,
                        int have_r, long anchor, struct sources *C, struct match *cm,
                        int *c_extras)
{
    const struct extract_transcript *t = f->t;

    if (!have_r || rm->in_primary != rm->n_items || values_after(t, ln, anchor) != 1 ||
        has_word_between(t->atoms + ln->atom0, anchor < 0 ? 0 : (size_t)anchor + 1,
                         first_value_after(t, ln, anchor)))
        return 0;
    C->n += scope_sources(t, ln, C->s + 1);
    return match_set(t, &f->col, C, anchor, cm, c_extras, NULL, 0);
}

/* Is atom w one of the phrase's own words? */
static int phrase_word(const struct phrase *p, const struct xatom *w)
{
    for (size_t k = 0; p && k < p->n; k++)
        if (p->items[k].w && p->items[k].wlen == w->len &&
            extract_word_eq(p->items[k].w, p->items[k].wlen, w->p, w->len) == 3)
            return 1;
    return 0;
}

/* "by ×0.842 per step: step 50 gets 7.6e-02": the number after the column
 * words is a sibling label's (a word of the query with another number), so
 * the column printed its value just before its words, or not at all.
 * Returns the value to take: num itself when it is no sibling's. */
static long value_before_label(const struct extract_transcript *t, const struct xline *ln,
                               long num, const struct match *rm, int have_r,
                               const struct match *cm)
{
    const struct xatom *a = t->atoms + ln->atom0;
    size_t i = 0, c0 = ln->n_atoms;

    while (i < ln->n_atoms && a[i].num != num)
        i++;
    if (i == 0 || i == ln->n_atoms || a[i - 1].num >= 0 || consumed(rm, have_r, i - 1) ||
        consumed(cm, 1, i - 1) ||
        !(phrase_word(cm->phrase, &a[i - 1]) || (have_r && phrase_word(rm->phrase, &a[i - 1]))))
        return num;
    /* the number right before one of the column's words: "shrinks by
     * ×0.842 per step" has it before "per" */
    for (size_t k = 0; k < cm->n_items; k++) {
        size_t j = cm->pos[k].idx;
        if (cm->pos[k].src != 0 || j == 0 || a[j - 1].num < 0 || consumed(rm, have_r, j - 1) ||
            consumed(cm, 1, j - 1) || glued_to_word(t, ln, &t->nums[a[j - 1].num]))
            continue;
        if (c0 == ln->n_atoms || j - 1 > c0)
            c0 = j - 1;
    }
    return c0 < ln->n_atoms ? a[c0].num : -1;
}

/* Words that join clauses of a sentence: "100.0% on the 'very' rows and
 * 48.5% on the 'not' rows". */
static int is_clause_word(const char *s, size_t b, size_t e)
{
    static const char *const joins[] = { "and", "but", "while", "whereas", NULL };
    for (const char *const *w = joins; *w; w++)
        if (strlen(*w) == e - b && strncasecmp(*w, s + b, e - b) == 0)
            return 1;
    return 0;
}

/* Does the gap between atoms i and i+1 end a clause? */
static int clause_break(const struct xatom *a, size_t i, const char *s)
{
    const char *gap = a[i].p + a[i].len;
    size_t n = (size_t)(a[i + 1].p - gap);

    for (size_t k = 0; k < n; k++)
        if (strchr(",;()[]", gap[k]) && gap[k])
            return 1;
    return (a[i].num < 0 && is_clause_word(s, (size_t)(a[i].p - s), (size_t)(a[i].p - s) + a[i].len)) ||
           (a[i + 1].num < 0 &&
            is_clause_word(s, (size_t)(a[i + 1].p - s), (size_t)(a[i + 1].p - s) + a[i + 1].len));
}

static int atom_is(const struct xatom *a, const char *w)
{
    return a->num < 0 && a->len == strlen(w) && !strncasecmp(a->p, w, a->len);
}

/* "from 20.58 before clipping to 1.00 after clipping", "from a minimum of
 * 0.448 to a maximum of 0.574": a line saying "from <number> ... to
 * <number>" gives each end its own clause, opened by "from" and "to". */
static int from_to_line(const struct xline *ln, const struct xatom *a)
{
    int from = 0, end = 0;

    for (size_t i = 0; i < ln->n_atoms; i++) {
        if (atom_is(&a[i], "from"))
            from = 1, end = 0;
        else if (a[i].num >= 0 && from)
            end = 1;
        else if (end && atom_is(&a[i], "to") && has_number(a, i + 1, ln->n_atoms))
            return 1;
    }
    return 0;
}

static int opens_end(int ft, const struct xatom *a)
{
    return ft && (atom_is(a, "from") || atom_is(a, "to"));
}

/* The clause of a line around atom `at`, atoms [*lo, *hi]: bounded by
 * , ; ( ) [ ] and the joining words (and "from"/"to" of a range). */
static void clause_bounds(const struct xline *ln, const struct xatom *a, const char *s, size_t at,
                          size_t *lo, size_t *hi)
{
    int ft = from_to_line(ln, a);

    for (*lo = at; *lo > 0 && !clause_break(a, *lo - 1, s) && !opens_end(ft, &a[*lo]); (*lo)--)
        ;
    for (*hi = at; *hi + 1 < ln->n_atoms && !clause_break(a, *hi, s) && !opens_end(ft, &a[*hi + 1]);
         (*hi)++)
        ;
}

/* Prose binds a value to the label in its own clause: when the number
 * after the column's words lies in another clause (or there is none), the
 * one free number of the column's clause is taken ("100.0% on the 'very'
 * rows and 48.5% on the 'not' rows"). */
static long value_in_clause(const struct extract_transcript *t, const struct xline *ln, long num,
                            const struct match *rm, int have_r, const struct match *cm)
{
    const struct xatom *a = t->atoms + ln->atom0;
    const char *s = t->text + ln->off;
    size_t at = ln->n_atoms, lo, hi;
    long own = -1;

    for (size_t k = 0; k < cm->n_items; k++)
        if (cm->pos[k].src == 0 && (at == ln->n_atoms || cm->pos[k].idx > at))
            at = cm->pos[k].idx;
    if (at == ln->n_atoms)
        return num;
    clause_bounds(ln, a, s, at, &lo, &hi);
    for (size_t i = lo; i <= hi; i++) {
        if (a[i].num < 0 || consumed(rm, have_r, i) || consumed(cm, 1, i) ||
            glued_to_word(t, ln, &t->nums[a[i].num]))
            continue;
        if (a[i].num == num)
            return num;   /* the value found is the clause's own */
        if (own >= 0)
            return num;   /* several: the clause does not decide */
        own = a[i].num;
    }
    return own >= 0 ? own : num;
}

/* The bracket group around byte `at` of s: [*open, *close) holds its
 * inside; 0 when `at` is in none. */
static int enclosing_group(const char *s, size_t len, size_t at, size_t *open, size_t *close)
{
    int depth = 0;
    size_t i = at;

    while (i-- > 0) {
        if (s[i] == ')' || s[i] == ']')
            depth++;
        else if ((s[i] == '(' || s[i] == '[') && depth-- == 0)
            break;
    }
    if (i == (size_t)-1)
        return 0;
    *open = i + 1;
    for (depth = 0, i = at; i < len; i++) {
        if (s[i] == '(' || s[i] == '[')
            depth++;
        else if ((s[i] == ')' || s[i] == ']') && depth-- == 0)
            break;
    }
    if (i >= len)
        return 0;
    *close = i;
    return 1;
}

/* Where a word sits in a list of labels: "[very, not]", "(mood, saw-not,
 * count)", "min/mean/max".  Fills the list's byte span, its length and the
 * word's place; 0 when the word is in no such list. */
static int label_list_place(const char *s, size_t len, const struct xatom *w, size_t *end,
                            size_t *k, size_t *place)
{
    size_t at = (size_t)(w->p - s), we = at + w->len, b, e, i;
    char sep;

    if (enclosing_group(s, len, at, &b, &e)) {
        sep = memchr(s + b, ',', e - b) ? ',' : 0;
        *end = e + 1;
    } else if ((at > 0 && s[at - 1] == '/') || (we < len && s[we] == '/')) {
        for (b = at; b > 0 && s[b - 1] != ' ' && s[b - 1] != '\t' && s[b - 1] != ':'; b--)
            ;
        for (e = we; e < len && s[e] != ' ' && s[e] != '\t' && s[e] != ':' && s[e] != '='; e++)
            ;
        sep = '/';
        *end = e;
    } else {
        return 0;
    }
    if (!sep)
        return 0;
    for (*k = 1, *place = 0, i = b; i < e; i++) {
        if (s[i] != sep)
            continue;
        (*k)++;
        if (i < at)
            (*place)++;
    }
    for (i = b; i < e; i++)
        if (s[i] >= '0' && s[i] <= '9')
            return 0;   /* a list of labels holds no numbers */
    return *k >= 2;
}

/* Do numbers j-1 and j of a line belong to one run: the same bracketed
 * list, joined by '/', or with no word between them? */
static int same_run(const struct extract_transcript *t, const struct xline *ln, size_t j)
{
    const struct numparse_num *x = &t->nums[ln->num0 + j - 1], *y = &t->nums[ln->num0 + j];
    const char *s = t->text + ln->off;

    if (x->list >= 0 || y->list >= 0)
        return x->list == y->list;
    for (size_t i = x->end; i < y->start; i++)
        if ((s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'z')
            return 0;
    return 1;
}

/* "test rows [very, not]: [297 303]", "min/mean/max = 0.448/0.504/0.574",
 * "acc (train, test): 0.98 0.51": k labels, then a run of exactly k
 * numbers later on the same line, map by position ("[before, after]
 * clipping at 1.0: [20.58 1.00]" skips the lone 1.0).  -1 when no run
 * after the labels holds k numbers. */
static long positional_value(const struct extract_transcript *t, const struct xline *ln,
                             long word)
{
    const char *s = t->text + ln->off;
    size_t end, k, place, first = ln->n_nums, n;

    if (word < 0 || !label_list_place(s, ln->len, &t->atoms[ln->atom0 + word], &end, &k, &place))
        return -1;
    for (size_t j = 0; j < ln->n_nums && first == ln->n_nums; j++)
        if (t->nums[ln->num0 + j].start >= end)
            first = j;
    for (; first < ln->n_nums; first += n) {
        for (n = 1; first + n < ln->n_nums && same_run(t, ln, first + n); n++)
            ;
        if (n == k)
            return (long)(ln->num0 + first + place);
    }
    return -1;
}

/* The row phrase found in the headings, titles and keys above the line
 * alone: "'rude': {" over "'rude': 0.06" names the row, and the line's own
 * "rude" is the column.  S's line source is left out. */
static int row_named_above(struct finder *f, const struct sources *S, struct match *rm,
                           int *extras)
{
    struct sources above = *S;

    above.s[0] = (struct source){ NULL, 0, 0, 0 };
    return match_set(f->t, &f->row, &above, -1, rm, extras, NULL, 0);
}

/* "trained for 9.2 seconds": the unit word belongs to the number's atom
 * (extract_tokenize), so a column named by that word ("seconds", "ms")
 * labels the number itself.  The first such free number after the anchor,
 * else the last before it; -1 when none. */
static long unit_labelled(struct finder *f, const struct xline *ln, const struct match *rm,
                          int have_r, long anchor)
{
    const struct extract_transcript *t = f->t;
    const struct xatom *a = t->atoms + ln->atom0;
    long before = -1;

    for (size_t i = 0; i < ln->n_atoms; i++) {
        const struct numparse_num *n = a[i].num >= 0 ? &t->nums[a[i].num] : NULL;
        if (!n || !(n->flags & NUMPARSE_UNIT) || consumed(rm, have_r, i))
            continue;
        for (size_t v = 0; v < f->col.n; v++) {
            const struct phrase *p = &f->col.v[v];
            if (p->n != 1 || !p->items[0].w || p->items[0].has_num ||
                extract_word_eq(n->unit, strlen(n->unit), p->items[0].w, p->items[0].wlen) != 3)
                continue;
            if ((long)i > anchor)
                return (long)i;
            before = (long)i;
        }
    }
    return before;
}

/* Which side of an arrow a column names: "old -> new" prints the before
 * value on the left and the after value on the right.  -1 left, 1 right,
 * 0 neither. */
static int arrow_side(const struct phrase_set *col)
{
    static const char *const left[] = { "before", "old", "pre", "initial", "original", "from",
                                        "unclipped", NULL };
    static const char *const right[] = { "after", "new", "post", "final", "to", "clipped", NULL };

    for (size_t v = 0; v < col->n; v++) {
        const struct pitem *it = &col->v[v].items[0];
        if (col->v[v].n != 1 || !it->w || it->has_num)
            continue;
        for (size_t k = 0; left[k]; k++)
            if (extract_word_eq(left[k], strlen(left[k]), it->w, it->wlen) == 3)
                return -1;
        for (size_t k = 0; right[k]; k++)
            if (extract_word_eq(right[k], strlen(right[k]), it->w, it->wlen) == 3)
                return 1;
    }
    return 0;
}

/* Is the text between two numbers an arrow: "->", "-->", "=>", "→", "⟶"? */
static int arrow_between(const char *s, size_t from, size_t to)
{
    static const char *const arrows[] = { "->", "-->", "=>", "\xe2\x86\x92", "\xe2\x9f\xb6",
                                          "\xe2\x87\x92", NULL };

    while (from < to && s[from] == ' ')
        from++;
    while (to > from && s[to - 1] == ' ')
        to--;
    for (size_t k = 0; arrows[k]; k++)
        if (strlen(arrows[k]) == to - from && !memcmp(s + from, arrows[k], to - from))
            return 1;
    return 0;
}

/* "total norm 20.58 -> 1.00": the number on the column's side of an arrow
 * pair, when the column is "before"/"after" (or "old"/"new"); -1 none.
 * A line with one arrow pair answers before any label on it: in "clip at
 * 1.0: 20.58 -> 1.00" the 1.0 is the threshold, not the after value. */
static long arrow_value(struct finder *f, const struct xline *ln, const struct match *rm,
                        int have_r)
{
    const struct extract_transcript *t = f->t;
    const char *s = t->text;
    int side = arrow_side(&f->col);
    long found = -1;

    for (size_t j = 0; side && j + 1 < ln->n_nums; j++) {
        const struct numparse_num *l = &t->nums[ln->num0 + j], *r = &t->nums[ln->num0 + j + 1];
        if (!arrow_between(s + ln->off, l->end, r->start))
            continue;
        if (found >= 0)
            return -1;   /* several pairs: the words must say which */
        found = (long)(ln->num0 + j + (side > 0));
    }
    for (size_t i = 0; found >= 0 && i < ln->n_atoms; i++)
        if (t->atoms[ln->atom0 + i].num == found && consumed(rm, have_r, i))
            return -1;
    return found;
}

/* A column named only by the key around the line: '"row_sums": {' over
 * '"support": 1.0' makes each entry a cell of the row_sums column, as a
 * table would be printed.  The whole key must be the column ("row sum",
 * not "sum" of "row_sums" alone), and the line one entry with one number. */
static int key_column_candidate(struct finder *f, size_t li)
{
    const struct extract_transcript *t = f->t;
    const struct xline *ln = &t->lines[li];
    struct sources K = { .n = 1, .n_primary = 1 };
    struct match cm;
    int extras = 0;

    if (ln->path < 0 || ln->n_nums != 1 || ln->n_atoms < 2 ||
        t->atoms[ln->atom0 + ln->n_atoms - 1].num != (int32_t)ln->num0)
        return 0;
    const struct xpath *p = &t->paths[ln->path];
    K.s[0] = (struct source){ t->patoms + p->atom0 + p->n_atoms - p->n_key, p->n_key, 0, 0 };
    if (!match_set(t, &f->col, &K, -1, &cm, &extras, NULL, 0))
        return 0;
    for (size_t i = 0; i < K.s[0].n; i++)
        if (K.s[0].a[i].num < 0 && !is_noise_word(&K.s[0].a[i]) && !used_at(&cm, cm.n_items, 0, i))
            return 0;
    struct source ps = path_source(t, ln), ts = line_source(t, ln->title);
    if (f->exc.n && (excluded(f, ps.a, ps.n) || excluded(f, ts.a, ts.n) ||
                     excluded(f, t->atoms + ln->atom0, ln->n_atoms)))
        return 0;
    struct cand c = { .line = li, .num = (long)ln->num0, .quality = 0, .extras = extras,
                      .how = EXTRACT_HOW_INLINE, .col = -1, .table = -1, .above = 1,
                      .scope_excluded = scope_excluded(f, li) };
    if (f->col_line < 0)
        f->col_line = (long)li;
    return add_cand(f, &c);
}

/* "rude attends to:" over "(sum 100.0%)  output [0.881, ...]": the title
 * names the row, and the line labels its list itself ("output"), so the
 * list is what that label says, not what the title's other words say.  For
 * a vector query whose row word comes only from above, the first list of
 * two or more numbers after atom anchor whose own label (the words since
 * the number before it) holds no excluded word; as its first number's
 * index, -1 none.  A line naming the row itself ("outputs" over "rude
 * [0.19, ...]") gets none: there the title says what the list is. */
static long own_labelled_list(struct finder *f, const struct xline *ln, const struct match *rm,
                              int have_r, long anchor)
{
    const struct extract_transcript *t = f->t;
    const struct xatom *a = t->atoms + ln->atom0;
    size_t label0 = anchor < 0 ? 0 : (size_t)anchor + 1;

    if (f->q->shape != EXTRACT_VECTOR || !have_r || rm->in_primary > 0)
        return -1;
    for (size_t i = label0; i < ln->n_atoms; i++) {
        if (a[i].num < 0)
            continue;
        int list = t->nums[a[i].num].list;
        size_t n = 0;
        for (size_t k = i; k < ln->n_atoms && a[k].num >= 0 && t->nums[a[k].num].list == list; k++)
            n++;
        if (list >= 0 && n >= 2 && has_word_between(a, label0, i) &&
            !excluded(f, a + label0, i - label0))
            return a[i].num;
        label0 = i + 1;
    }
    return -1;
}

/* An excluded word in the title or the keys enclosing the line
 * ('"logistic": {' above "not": 0.485, '"output": {' around "rude": [...])
 * disqualifies the line, unless the line's own label says what its list is
 * (own_labelled_list, stored in *own).  1: disqualified. */
static int enclosing_excluded(struct finder *f, const struct xline *ln, const struct match *rm,
                              int have_r, long anchor, long *own)
{
    const struct extract_transcript *t = f->t;
    int exc = 0;

    if (!f->exc.n)
        return 0;
    if (ln->title >= 0) {
        struct source ts = line_source(t, ln->title);
        exc = excluded(f, ts.a, ts.n);
    }
    if (!exc && ln->path >= 0) {
        struct source ps = path_source(t, ln);
        exc = excluded(f, ps.a, ps.n);
    }
    if (exc)
        *own = own_labelled_list(f, ln, rm, have_r, anchor);
    return exc && *own < 0;
}

static int inline_candidates(struct finder *f, size_t li)
{
    const struct extract_transcript *t = f->t;
    const struct xline *ln = &t->lines[li];
    struct sources S = { .n = 1, .n_primary = 1 }, C = { .n = 1, .n_primary = 1 };
    struct match rm, cm;
    int r_extras = 0, c_extras = 0, have_r = 0, have_c = 0, above = 0;
    long anchor = -1, num, direct = -1, pos, own_list = -1;
    int nth = f->q->nth > 0 ? f->q->nth : 1;
    struct cand c;

    S.s[0] = C.s[0] = line_source(t, (long)li);
    S.n += scope_sources(t, ln, S.s + 1);
    if (f->row.n) {
        if (!match_set(t, &f->row, &S, -1, &rm, &r_extras, &f->nm, ln->no))
            return 0;
        have_r = 1;
        if (rm.in_primary > 0 && f->row_line < 0)
            f->row_line = (long)li;
        anchor = rm.last_primary;
        /* "query=rude ... rude=0.7112": the column is the row word's second print */
        C.taken = &rm;
    }
    if (f->col.n && f->q->shape == EXTRACT_SCALAR)
        direct = arrow_value(f, ln, &rm, have_r);
    if (f->col.n && direct < 0) {
        above = !match_set(t, &f->col, &C, anchor, &cm, &c_extras, NULL, 0);
        if (above && have_r && rm.in_primary) {
            /* the row named by the key or heading above, the line's word the column */
            struct match rm2;
            int x2 = 0;
            C.taken = &rm2;
            if (row_named_above(f, &S, &rm2, &x2) &&
                match_set(t, &f->col, &C, -1, &cm, &c_extras, NULL, 0)) {
                rm = rm2;
                r_extras = x2;
                anchor = -1;
                above = 0;
            }
            C.taken = &rm;
        }
        if (above && f->q->shape == EXTRACT_SCALAR) {
            long u = unit_labelled(f, ln, &rm, have_r, anchor);
            direct = u >= 0 ? t->atoms[ln->atom0 + u].num : -1;
            above = direct < 0;
        }
        if (above && !have_r)
            return key_column_candidate(f, li);
        if (direct < 0 && above && !column_above(f, ln, &rm, have_r, anchor, &C, &cm, &c_extras))
            return 0;
    }
    if (direct >= 0) {
        /* the line labels the value itself: an arrow's side, a unit word */
        if (f->col_line < 0)
            f->col_line = (long)li;
    } else if (f->col.n) {
        have_c = 1;
        if (f->col_line < 0)
            f->col_line = (long)li;
        /* the value follows whichever label came last: "acc(test) ... LSTM 0.506" */
        if (cm.last_primary > anchor)
            anchor = cm.last_primary;
    }
    if (f->exc.n && anchor >= 0 && excluded(f, S.s[0].a, (size_t)anchor + 1))
        return 0;
    if (enclosing_excluded(f, ln, &rm, have_r, anchor, &own_list))
        return 0;
    if (ln->table >= 0 && ln->role == XROW_DATA && label_header_excluded(f, &t->tables[ln->table]))
        return 0;
    num = direct >= 0 ? direct
          : have_c && f->q->shape == EXTRACT_SCALAR ? positional_value(t, ln, cm.last_primary) : -1;
    pos = direct >= 0 ? -1 : num;
    if (own_list >= 0)
        num = own_list;   /* the title's excluded word is waived for that list only */
    if (num < 0)
        num = f->q->shape == EXTRACT_LINE && ln->n_nums == 0
                  ? -1 : pick_inline_value(t, ln, anchor, &rm, have_r, &cm, have_c, nth);
    if (num >= 0 && have_c && nth == 1 && f->q->shape == EXTRACT_SCALAR)
        num = value_before_label(t, ln, num, &rm, have_r, &cm);
    if (have_c && nth == 1 && f->q->shape == EXTRACT_SCALAR)
        num = value_in_clause(t, ln, num, &rm, have_r, &cm);
    if (direct >= 0)
        num = direct;
    if (num < 0 && f->q->shape != EXTRACT_LINE) {
        if (f->row_nonum_line < 0)
            f->row_nonum_line = (long)li;
        return 0;
    }
    if (num < 0 && ln->n_nums > 0)
        num = (long)ln->num0;
    /* A table row's vector is its cells (table_candidates), not one number;
     * a row without a header is its values (bare_row_value). */
    if (f->q->shape == EXTRACT_VECTOR && num >= 0 && t->nums[num].list < 0 &&
        ln->table >= 0 && ln->role == XROW_DATA && t->tables[ln->table].header >= 0)
        return 0;
    c.line = li;
    c.num = num;
    c.positional = pos >= 0 && num == pos;
    c.quality = (!have_r || rm.in_primary == rm.n_items) &&
                (!have_c || cm.in_primary == cm.n_items) ? 1 : 0;
    c.extras = r_extras + c_extras;
    c.how = EXTRACT_HOW_INLINE;
    c.transposed = 0;
    c.col = -1;
    c.table = -1;
    c.ways = 0;
    c.above = above;
    c.scope_excluded = scope_excluded(f, li);
    return add_cand(f, &c);
}

/* The row of a labelled list under an axis line (extract_nest_axes): the
 * list's own label names the row, and a column phrase names element k when
 * it takes the axis' words with its k-th number ("step 1" in "steps: [50
 * ... 1]").  The number must be used: "per step" is no element. */
static int axis_candidates(struct finder *f, size_t li)
{
    const struct extract_transcript *t = f->t;
    const struct xline *ln = &t->lines[li], *ax;
    struct sources S = { .n = 1, .n_primary = 1 }, C = { .n = 1, .n_primary = 1 };
    struct xatom pair[KEY_PAIR_MAX + 1];
    size_t first = 0, afirst = 0, width;
    struct match rm, cm;
    int r_extras = 0, c_extras = 0;

    if (ln->axis < 0 || !f->col.n || f->q->shape != EXTRACT_SCALAR)
        return 0;
    ax = &t->lines[ln->axis];
    width = extract_first_list(t, ln, &first);
    if (extract_first_list(t, ax, &afirst) != width || afirst > KEY_PAIR_MAX)
        return 0;
    S.s[0] = (struct source){ t->atoms + ln->atom0, first, 0, 0 };
    S.n += scope_sources(t, ln, S.s + 1);
    if (f->row.n && !match_set(t, &f->row, &S, -1, &rm, &r_extras, NULL, 0))
        return 0;
    if (f->exc.n && (excluded(f, S.s[0].a, S.s[0].n) || scope_excluded(f, li)))
        return 0;
    memcpy(pair, t->atoms + ax->atom0, afirst * sizeof *pair);
    C.s[0] = (struct source){ pair, afirst + 1, 0, 0 };
    for (size_t k = 0; k < width; k++) {
        pair[afirst] = t->atoms[ax->atom0 + afirst + k];
        if (!match_set(t, &f->col, &C, -1, &cm, &c_extras, NULL, 0) ||
            !used_at(&cm, cm.n_items, 0, afirst))
            continue;
        struct cand c = { .line = li, .num = t->atoms[ln->atom0 + first + k].num,
                          .quality = !f->row.n || rm.in_primary == rm.n_items,
                          .extras = (f->row.n ? r_extras : 0) + c_extras,
                          .how = EXTRACT_HOW_INLINE, .col = -1, .table = -1 };
        if (f->col_line < 0)
            f->col_line = (long)li;
        if (add_cand(f, &c) < 0)
            return -1;
    }
    return 0;
}

/* One entry of a dict printed on one line with bare numbers as keys:
 * "RNN gain -> per-step factor: {0.5: 0.49, 0.9: 0.842}".  Atom indices
 * (relative to the line) of its key and value. */
struct dict_pair {
    size_t key, value;
};

/* Only separators between two atoms, and among them the byte c. */
static int joined_by(const struct xatom *x, const struct xatom *y, char c)
{
    int seen = 0;
    for (const char *p = x->p + x->len; p < y->p; p++) {
        if (*p == c)
            seen = 1;
        else if (*p != ' ' && *p != '\t')
            return 0;
    }
    return seen;
}

/* The pairs of the line's first "{num: num, ...}" (at most max), with
 * *open the first atom after its '{'.  0 unless every entry has a bare
 * number as its key and as its value, and there are at least two. */
static size_t dict_pairs(const struct extract_transcript *t, const struct xline *ln,
                         struct dict_pair *out, size_t max, size_t *open)
{
    const char *s = t->text + ln->off, *brace = memchr(s, '{', ln->len);
    const struct xatom *a = t->atoms + ln->atom0;
    size_t i = 0, n = 0;

    if (!brace)
        return 0;
    while (i < ln->n_atoms && a[i].p < brace)
        i++;
    *open = i;
    for (; i + 1 < ln->n_atoms && n < max; i += 2) {
        if (a[i].num < 0 || a[i + 1].num < 0 || !joined_by(&a[i], &a[i + 1], ':'))
            return 0;
        out[n++] = (struct dict_pair){ i, i + 1 };
        const char *end = s + ln->len;
        const char *p = a[i + 1].p + a[i + 1].len;
        while (p < end && (*p == ' ' || *p == '\t'))
            p++;
        if (p < end && *p == '}')
            return n >= 2 ? n : 0;
        if (p >= end || *p != ',' || i + 2 >= ln->n_atoms)
            return 0;
    }
    return 0;
}

#define DICT_PAIRS_MAX 64

/* A dict keyed by bare numbers names its keys in the words before it:
 * "RNN gain -> per-step factor: {0.5: 0.49, ...}" is the row "gain 0.5"
 * with the column "per-step factor" for its first entry, as a table of
 * that title would be.  The key is the entry's own source and the words
 * before the dict a heading over it (match_split pairs "gain" with the
 * key); the column may not take the key the row took. */
static int dict_candidates(struct finder *f, size_t li)
{
    const struct extract_transcript *t = f->t;
    const struct xline *ln = &t->lines[li];
    struct dict_pair dp[DICT_PAIRS_MAX];
    size_t open = 0, n;
    struct match rm, cm;

    if (!f->row.n || f->q->shape != EXTRACT_SCALAR ||
        (n = dict_pairs(t, ln, dp, DICT_PAIRS_MAX, &open)) == 0)
        return 0;
    for (size_t k = 0; k < n; k++) {
        struct sources S = { .n = 2, .n_primary = 1 }, C;
        int r_extras = 0, c_extras = 0;
        const struct xatom *key = t->atoms + ln->atom0 + dp[k].key;
        S.s[0] = (struct source){ key, 1, 0, 0 };
        S.s[1] = (struct source){ t->atoms + ln->atom0, open, 0, 0 };
        S.n += scope_sources(t, ln, S.s + 2);
        if (!match_set(t, &f->row, &S, -1, &rm, &r_extras, NULL, 0) ||
            !used_at(&rm, rm.n_items, 0, 0))
            continue;
        C = S;
        C.taken = &rm;
        if (f->col.n && !match_set(t, &f->col, &C, -1, &cm, &c_extras, NULL, 0))
            continue;
        if (f->exc.n && (excluded(f, key, 1) || excluded(f, S.s[1].a, S.s[1].n)))
            continue;
        struct cand c = { .line = li, .num = key[1].num, .quality = 0,
                          .extras = r_extras + c_extras, .how = EXTRACT_HOW_INLINE,
                          .col = -1, .table = -1,
                          .scope_excluded = scope_excluded(f, li) };
        if (f->row_line < 0)
            f->row_line = (long)li;
        if (add_cand(f, &c) < 0)
            return -1;
    }
    return 0;
}

/* ---- tables -------------------------------------------------------------- */

/* Row label of a data row: every atom outside the value columns, with the
 * header word of its column put before each label number ("length" 50);
 * never the cells labelled on their own after the row's list ("sum=1.0"). */
static size_t row_label(const struct extract_transcript *t, const struct xline *ln,
                        const struct xtable *tb, long skip_col, struct xatom *out, size_t max)
{
    const struct xatom *a = t->atoms + ln->atom0;
    size_t n = 0, end = extract_labelled_tail(t, ln);

    for (size_t i = 0; i < end && n < max; i++) {
        long col = a[i].num >= 0 ? t->num_col[a[i].num] : -1;
        if (is_noise_word(&a[i]))
            continue;
        if (col >= 0 && (t->cols[tb->col0 + col].is_value || col == skip_col))
            continue;
        if (col >= 0 && (i == 0 || a[i - 1].num >= 0)) {
            /* "50" under "step" reads "step 50"; "gain 0.5" already has its word */
            const struct xcolumn *c = &t->cols[tb->col0 + col];
            int all_words = c->n_hatoms > 0;
            for (size_t h = 0; h < c->n_hatoms; h++)
                all_words &= t->hatoms[c->hatom0 + h].num < 0;
            for (size_t h = 0; all_words && h < c->n_hatoms && n < max; h++)
                out[n++] = t->hatoms[c->hatom0 + h];
        }
        if (n < max)
            out[n++] = a[i];
    }
    return n;
}

static long cell_number(const struct extract_transcript *t, const struct xline *ln,
                        long col, int nth)
{
    int seen = 0;
    for (size_t k = 0; k < ln->n_nums; k++) {
        size_t g = ln->num0 + k;
        if (t->num_col[g] == col && ++seen == nth)
            return (long)g;
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
        if (!used_at(cm, cm->n_items, p, i))
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
            if (name->a[i].num >= 0 || is_noise_word(&name->a[i]) ||
                used_at(cm, cm->n_items, p, i))
                continue;
            if (orientation == 2 && rm && used_at(rm, rm->n_items, row_index[p], i))
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

static int table_cell(struct finder *f, size_t li, const struct xtable *tb, long col,
                      const struct source *label, const struct source *context,
                      const struct source *header, const struct source *scope, int n_scope,
                      int transposed)
{
    const struct extract_transcript *t = f->t;
    struct sources rows = { .n = 0 }, cols = { .n = 0 };
    struct match rm, cm;
    int r_extras = 0, c_extras = 0, have_r = 0, have_c = 0, nth = f->q->nth > 0 ? f->q->nth : 1;
    struct cand c;
    long num;

    cell_sources(label, context, header, scope, n_scope, transposed, &rows, &cols);
    if (f->row.n) {
        if (!match_set(t, &f->row, &rows, -1, &rm, &r_extras, &f->nm, t->lines[li].no))
            return 0;

        have_r = 1;
        if (rm.in_primary > 0 && transposed != 1) {
            if (f->row_line < 0)
                f->row_line = (long)li;
            f->row_table_line = (long)li;
        }
    }
    if (f->col.n) {
        if (!match_set(t, &f->col, &cols, -1, &cm, &c_extras, NULL, 0))
            return 0;
        if (!column_named(t, tb, &cols, &cm, have_r ? &rm : NULL, transposed))
            return 0;
        have_c = 1;
        if (f->col_line < 0)
            f->col_line = (long)li;
    } else if (transposed) {
        return 0;
    }
    if (f->exc.n && (excluded(f, label->a, label->n) || excluded(f, header->a, header->n) ||
                     context_excluded(f, context->a, context->n) ||
                     label_header_excluded(f, tb) ||
                     (!transposed && whole_row_excluded(f, tb, &t->lines[li]))))
        return 0;
    num = col >= 0 ? cell_number(t, &t->lines[li], col, nth)
                   : first_value_number(t, &t->lines[li], tb, nth);
    if (num < 0)
        return 0;
    if (col < 0 && f->exc.n && t->num_col[num] >= 0) {
        /* a row read by position: the header over the number it lands on
         * ("outputs" over list rows) rules it out as a named column would */
        const struct xcolumn *xc = &t->cols[tb->col0 + t->num_col[num]];
        if (xc->n_hatoms && excluded(f, t->hatoms + xc->hatom0, xc->n_hatoms))
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
    c.scope_excluded = scope_excluded(f, li);
    return add_cand(f, &c);
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
        lab.n = row_label(t, ln, tb, (long)kc, label, LABEL_ATOMS_MAX);
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

static int table_candidates(struct finder *f, size_t li)
{
    const struct extract_transcript *t = f->t;
    const struct xline *ln = &t->lines[li];
    const struct xtable *tb;
    struct xatom label[LABEL_ATOMS_MAX], context[LABEL_ATOMS_MAX];
    struct source lab, ctx, hdr = { NULL, 0, 0, 0 }, scope[SCOPES_MAX];
    int n_scope;

    if (ln->table < 0 || ln->role != XROW_DATA)
        return 0;
    tb = &t->tables[ln->table];
    if (tb->header < 0)
        return 0;
    n_scope = scope_sources(t, ln, scope);
    lab.a = label;
    ctx.a = context;
    lab.pairs = lab.whole = ctx.whole = 0;
    ctx.pairs = 1;
    if (!f->col.n) {
        lab.n = row_label(t, ln, tb, -1, label, LABEL_ATOMS_MAX);
        ctx.n = row_context(t, ln, tb, -1, 0, context, LABEL_ATOMS_MAX);
        return table_cell(f, li, tb, -1, &lab, &ctx, &hdr, scope, n_scope, 0);
    }
    for (size_t c = 0; c < tb->n_cols; c++) {
        const struct xcolumn *col = &t->cols[tb->col0 + c];
        if (cell_number(t, ln, (long)c, 1) < 0)
            continue;
        lab.n = row_label(t, ln, tb, (long)c, label, LABEL_ATOMS_MAX);
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
    size_t n = row_label(t, ln, tb, col, lab, LABEL_ATOMS_MAX), b = 0, e = 0;
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
    return f->q->shape == EXTRACT_VECTOR && c->num >= 0 && f->t->nums[c->num].list >= 0;
}

static int cand_better(const struct finder *f, const struct cand *a, const struct cand *b)
{
    if (a->scope_excluded != b->scope_excluded)
        return a->scope_excluded < b->scope_excluded;
    /* "logistic acc [all, very, not]: [0.74 1. 0.485]": the line names its
     * own columns, which says more than a header that a table guess put
     * above it. */
    if (a->line == b->line && a->positional != b->positional)
        return a->positional;
    if (in_list(f, a) != in_list(f, b))
        return in_list(f, a);
    if (a->quality != b->quality)
        return a->quality > b->quality;
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
        /* Only equally good candidates conflict: a looser label on the same
         * or another line is a different row, not a second print of this one. */
        if (c->quality != chosen->quality || c->extras != chosen->extras || c->num < 0 ||
            c->scope_excluded != chosen->scope_excluded)
            continue;
        last = i;
        for (k = 0; k < n; k++)
            if (num_eq(t->nums[f->c[distinct[k]].num].value, t->nums[c->num].value))
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
    return ax->n && match_set(f->t, &f->rax, &S, -1, &m, &extras, NULL, 0);
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
    if (!t || !q)
        return gb_fail(err, "no transcript or query to search");
    if (q->nth < 0 || (unsigned)q->shape > EXTRACT_LINE)
        return gb_fail(err, "a query's nth must be 1 or more and its shape scalar, vector or line");
    if (compile_field(q, EXTRACT_SECTION, &f.sec, err) < 0 ||
        compile_field(q, EXTRACT_ROW, &f.row, err) < 0 ||
        compile_field(q, EXTRACT_COLUMN, &f.col, err) < 0 ||
        compile_field(q, EXTRACT_EXCLUDE, &f.exc, err) < 0 ||
        compile_field(q, EXTRACT_ROW_AXIS, &f.rax, err) < 0 || find_captions(&f) < 0)
        goto out;
    for (size_t li = 0; li < t->n_lines; li++) {
        const struct xline *ln = &t->lines[li];
        if (ln->kind == XLINE_RULE || ln->n_atoms == 0)
            continue;
        if (!section_ok(&f, li)) {
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
        if (table_candidates(&f, li) < 0 || inline_candidates(&f, li) < 0 ||
            axis_candidates(&f, li) < 0 || dict_candidates(&f, li) < 0)
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
    phrase_set_free(&f.sec);
    phrase_set_free(&f.row);
    phrase_set_free(&f.col);
    phrase_set_free(&f.exc);
    phrase_set_free(&f.rax);
    free(f.opener);
    free(f.caption);
    free(f.outer);
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
    memset(res, 0, sizeof *res);
}

/* ---- lines a phrase names (extract_align.h) -------------------------------- */

static int push_line(size_t **lines, size_t *n, size_t *cap, size_t line, struct gb_err *err)
{
    if (*n == *cap) {
        size_t nc = *cap ? 2 * *cap : 16;
        size_t *g = realloc(*lines, nc * sizeof *g);
        if (!g)
            return gb_fail(err, "out of memory");
        *lines = g;
        *cap = nc;
    }
    (*lines)[(*n)++] = line;
    return 0;
}

/* Only a line's own words count here, never the headings above it: "output"
 * in a section title does not make every line under it an output row. */
int extract_lines_naming(const struct extract_transcript *t, const struct extract_query *q,
                         enum extract_field field, int labels_only, size_t **lines, size_t *n,
                         struct gb_err *err)
{
    struct phrase_set ps;
    size_t cap = 0;
    int rc = 0;

    *lines = NULL;
    *n = 0;
    if (compile_field(q, field, &ps, err) < 0)
        return -1;
    for (size_t li = 0; ps.n && li < t->n_lines && !rc; li++) {
        const struct xline *ln = &t->lines[li];
        size_t own = ln->n_atoms;
        if (labels_only && ln->table >= 0 && ln->role == XROW_DATA && ln->value_atom < own)
            own = ln->value_atom;    /* a table row's label cells, not its values' keys */
        struct sources S = { .s = { { t->atoms + ln->atom0, own, 0, 0 } }, .n = 1,
                             .n_primary = 1 };
        struct match m;
        int extras;
        if (ln->kind == XLINE_RULE || !own)
            continue;
        if (match_set(t, &ps, &S, -1, &m, &extras, NULL, li))
            rc = push_line(lines, n, &cap, ln->no, err);
    }
    phrase_set_free(&ps);
    if (rc) {
        free(*lines);
        *lines = NULL;
        *n = 0;
    }
    return rc;
}
