/* extract_phrase_match.c — matching a phrase against sources of words.
 *
 * A source is a run of atoms a phrase may be found in: the row itself (its
 * label, its other cells), then the headings, titles and keys above it.
 * Every item of the phrase must be found, the row's own words first; of the
 * variants that match, the one with most items on the row itself and fewest
 * words the query did not ask for is taken (extract_match_set).
 */
#include "extract/extract_int.h"

#include <ctype.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

/* ---- matching a phrase against sources of words ---------------------- */

int extract_used_at(const struct match *m, size_t upto, int src, size_t idx)
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
    if (extract_used_at(m, k, s, idx))
        return 0;
    return !(s == S->taken_src && S->taken &&
             extract_used_at(S->taken, S->taken->n_items, 0, idx));
}

/* A name cannot hold a '.', so students drop it: "gain05", "g15", "g10",
 * "lr001" name gain 0.5, 1.5, 1.0 and lr 0.01.  Does the run of digits
 * glued right to a letter (at least two, as printed) read as the item's
 * number with the point after its first digit?  Only for a number the
 * rubric writes with a point: "T50" is length 50, never length 5. */
static int point_dropped(const struct extract_transcript *t, const struct xatom *b,
                         const struct pitem *it)
{
    double v = 0, scale = 1, want = it->num;

    if (!(t->nums[b->num].flags & NUMPARSE_GLUED) || b->len < 2 || b->len > 6 ||
        !it->point || !isalpha((unsigned char)b->p[-1]))
        return 0;
    for (size_t i = 0; i < b->len; i++) {
        if (b->p[i] < '0' || b->p[i] > '9')
            return 0;
        v = v * 10 + (b->p[i] - '0');
        scale *= i ? 10 : 1;
    }
    return extract_num_eq(v / scale, want);
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
            if (a->num < 0 || !extract_num_eq(t->nums[a->num].value, it->num))
                continue;
            strength = 3;
        } else {
            if (a->num >= 0 || !(strength = extract_label_eq(it->w, it->wlen, a)))
                continue;
            if (it->whole && strength < 3 && a->len < EXCLUDE_ABBREV_MIN && a->len < it->wlen)
                continue;
            if (it->glued && !it->has_num)
                continue;
            if (it->has_num) {
                const struct xatom *b = i + 1 < src->n ? &src->a[i + 1] : NULL;
                if (!b || b->num < 0 || !atom_free(S, s, m, k, i + 1))
                    continue;
                if (it->glued && !(t->nums[b->num].flags & NUMPARSE_GLUED))
                    continue;
                if (!extract_num_eq(t->nums[b->num].value, it->num) &&
                    !point_dropped(t, b, it)) {
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
            if (a->num < 0 && extract_label_eq(word->w, word->wlen, a) &&
                !(i + 1 < src->n && src->a[i + 1].num >= 0))
                return 1;
        }
    }
    return 0;
}

/* A word-and-number item split between a heading and the row: "step 1"
 * where the columns are headed "50 ... 1" under a title naming steps.  The
 * number must stand alone: the 1.0 of a column headed "g=1.0" is glued to
 * its own word, and is no step; nor is the number of a row's other cell
 * (a "pairs" source: "max_norm 1." is max_norm's value). */
static int match_split(const struct extract_transcript *t, const struct pitem *it,
                       const struct sources *S, struct match *m, size_t k)
{
    struct pitem word = { it->w, it->wlen, 0, 0.0, it->whole, 0, 0 };
    struct pitem num = { NULL, 0, 1, it->num, 0, 0, it->point };

    if (it->glued || !word_free_in_scope(&word, S))
        return 0;
    for (int s = 0; s < S->n_primary; s++) {
        long i = S->s[s].pairs ? -1 : find_in_source(t, &num, S, s, m, k, -1, NULL, 0);
        if (i >= 0 && (t->nums[S->s[s].a[i].num].flags & NUMPARSE_GLUED))
            continue;
        if (i >= 0) {
            m->pos[k] = (struct item_pos){ s, (size_t)i, 0, 1 };
            return 1;
        }
    }
    return 0;
}

/* "lstm3", "rnn0.5": a name with its one parameter glued on.  When the
 * phrase's previous item is that name ("LSTM" of "LSTM b_f 3") and its own
 * word is printed nowhere, the glued number stands for it: a human reads
 * "lstm3" beside "lstm0" as the forget biases the exercise varies.  The
 * number matches as a bare number would, so it is no value. */
static int match_glued_parameter(const struct extract_transcript *t, const struct pitem *it,
                                 const struct sources *S, struct match *m, size_t k)
{
    const struct item_pos *prev = k > 0 ? &m->pos[k - 1] : NULL;
    const struct source *src;
    const struct xatom *w, *n;

    if (!prev || prev->src < 0 || prev->used_num || prev->split || it->glued)
        return 0;
    src = &S->s[prev->src];
    if (prev->idx + 1 >= src->n)
        return 0;
    w = &src->a[prev->idx];
    n = &src->a[prev->idx + 1];
    if (w->num >= 0 || n->num < 0 || n->p != w->p + w->len ||
        !(t->nums[n->num].flags & NUMPARSE_GLUED) ||
        !extract_num_eq(t->nums[n->num].value, it->num) ||
        !atom_free(S, prev->src, m, k, prev->idx + 1))
        return 0;
    m->pos[k] = (struct item_pos){ prev->src, prev->idx + 1, 0, 0 };
    return 1;
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
    if (it->w && it->has_num && match_glued_parameter(t, it, S, m, k))
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
        if (v >= src->n || !extract_used_at(m, m->n_items, p->src, v))
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
        if (!extract_is_noise_word(&primary->a[i]) && !extract_used_at(m, m->n_items, 0, i))
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

/* Separators (",", "|", wide gaps) between atoms lo and hi of a source. */
static int crossings(const struct source *s0, long lo, long hi)
{
    int n = 0;
    for (long k = lo; k < hi; k++) {
        const struct xatom *a = &s0->a[k], *b = &s0->a[k + 1];
        const char *end = a->p + a->len;
        if (b->p > end && b->p - end < 64 && !memchr(end, '\n', (size_t)(b->p - end)) &&
            extract_gap_separates(end, 0, (size_t)(b->p - end)))
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
int extract_match_compact(const struct extract_transcript *t, const struct phrase *p,
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
        if (it->w ? (a->num >= 0 || !extract_label_eq(it->w, it->wlen, a))
                  : (a->num < 0 || !extract_num_eq(t->nums[a->num].value, it->num)))
            continue;
        tries++;
        if (match_phrase(t, p, S, (long)i, &alt, NULL, 0) && primary_span(&alt, s0) < best) {
            *m = alt;
            best = primary_span(&alt, s0);
        }
    }
    return 1;
}

/* A word written into an identifier ("all" of "acc_all"): the key is one name. */
static int in_identifier(const struct extract_transcript *t, const struct xatom *a)
{
    return (a->p > t->text && a->p[-1] == '_') || a->p[a->len] == '_';
}

/* Does a value given to a key ("= 0.740", ": 0.740") sit between two of
 * the match's words, each written into an identifier?  Then they are words
 * of two keys: "acc_all = 0.740 acc_very_rows = 1.000" holds no "all rows".
 * (Spaced words are not: "T=50 | RNN: ... | LSTM:" names "length 50 LSTM".) */
static int straddles_value(const struct extract_transcript *t, const struct source *s0,
                           const struct match *m)
{
    size_t lo = SIZE_MAX, hi = 0;

    for (size_t k = 0; k < m->n_items; k++) {
        if (m->pos[k].src != 0)
            continue;
        lo = m->pos[k].idx < lo ? m->pos[k].idx : lo;
        hi = m->pos[k].idx > hi ? m->pos[k].idx : hi;
    }
    if (lo == SIZE_MAX || hi >= s0->n || !in_identifier(t, &s0->a[lo]) ||
        !in_identifier(t, &s0->a[hi]))
        return 0;
    for (size_t i = lo + 1; i < hi; i++) {
        const struct xatom *a = &s0->a[i];
        const char *p = a->p;
        int bound = 0;   /* the number of an item's own "gain 0.5" */
        for (size_t k = 0; k < m->n_items; k++)
            bound |= m->pos[k].src == 0 && m->pos[k].used_num && m->pos[k].idx + 1 == i;
        if (a->num < 0 || bound ||
            (t->nums[a->num].flags & (NUMPARSE_GLUED | NUMPARSE_GLUED_RIGHT)))
            continue;
        while (p > t->text && p[-1] == ' ')
            p--;
        if (p > t->text && (p[-1] == '=' || p[-1] == ':'))
            return 1;
    }
    return 0;
}

/* Best match of any variant: most items on the row itself, then fewest extras. */
int extract_match_set(const struct extract_transcript *t, const struct phrase_set *ps,
                      const struct sources *S, long after, struct match *best,
                      int *best_extras, struct near_miss *nm, size_t line)
{
    int found = 0;
    struct match m;

    for (size_t v = 0; v < ps->n; v++) {
        if (!extract_match_compact(t, &ps->v[v], S, after, &m, nm, line) ||
            (m.n_items > 1 && straddles_value(t, &S->s[0], &m)))
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
