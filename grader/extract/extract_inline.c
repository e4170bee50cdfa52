/* extract_inline.c — inline candidates: values labelled on their own line.
 *
 * extract_inline_candidates() finds the row and column phrases on a line
 * (or above it) and takes the value after the label (extract_inline_labels.c).
 * This file also reads the other ways a line labels its values: a list of
 * labels mapped by place onto a run of numbers ("min/mean/max =
 * 0.448/0.504/0.574"), the sides of an arrow ("20.58 -> 1.00"), a unit word
 * ("9.2 seconds"), the keys of nested output around the line, a labelled
 * list under an axis line (extract_axis_candidates) and a dict keyed by bare
 * numbers ("{0.5: 0.49, 0.9: 0.842}", extract_dict_candidates).
 */
#include "extract/extract_int.h"

#include <string.h>
#include <strings.h>
#include <ctype.h>

/* Where a word sits in a list of labels: "[very, not]", "(mood, saw-not,
 * count)", "min/mean/max".  Fills the list's byte span, its length and the
 * word's place; 0 when the word is in no such list. */
static int label_list_place(const char *s, size_t len, const struct xatom *w, size_t *end,
                            size_t *k, size_t *place)
{
    size_t at = (size_t)(w->p - s), we = at + w->len, b, e, i;
    char sep;

    if (extract_enclosing_group(s, len, at, &b, &e)) {
        /* "(support was not rude)": words alone, a blank between each */
        sep = memchr(s + b, ',', e - b) ? ',' : memchr(s + b, ' ', e - b) ? ' ' : 0;
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

/* The first run of exactly k numbers that starts at or after byte `from`
 * of the line: the index (in t->nums) of its first number, or -1. */
static long run_of(const struct extract_transcript *t, const struct xline *ln, size_t from,
                   size_t k)
{
    size_t first = ln->n_nums, n;

    for (size_t j = 0; j < ln->n_nums && first == ln->n_nums; j++)
        if (t->nums[ln->num0 + j].start >= from)
            first = j;
    for (; first < ln->n_nums; first += n) {
        for (n = 1; first + n < ln->n_nums && same_run(t, ln, first + n); n++)
            ;
        if (n == k)
            return (long)(ln->num0 + first);
    }
    return -1;
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
    size_t end, k, place;
    long run;

    if (word < 0 || !label_list_place(s, ln->len, &t->atoms[ln->atom0 + word], &end, &k, &place))
        return -1;
    run = run_of(t, ln, end, k);
    return run < 0 ? -1 : run + (long)place;
}

/* The place of atom w in a list of labels joined by '/' ("tr/te",
 * "w(support/was/not/rude)"): the list runs between delimiters, holds no
 * digit and at least one '/'.  0 when w is in no such list. */
static int slash_list_place(const char *s, size_t len, const struct xatom *w, size_t *k,
                            size_t *place)
{
    static const char delims[] = " \t()[]{}=:,;|<>";
    size_t at = (size_t)(w->p - s), b = at, e = at + w->len;

    while (b > 0 && !strchr(delims, s[b - 1]))
        b--;
    while (e < len && !strchr(delims, s[e]))
        e++;
    *k = 1;
    *place = 0;
    for (size_t i = b; i < e; i++) {
        if (s[i] >= '0' && s[i] <= '9')
            return 0;
        if (s[i] == '/') {
            ++*k;
            *place += i < at;
        }
    }
    return *k >= 2;
}

/* "# format: q=token -> w(support/was/not/rude) = weights" over
 * "q=rude -> w = .096/.096/.096/.711 | sum 1.000": a legend line names,
 * place by place, a run of numbers on the lines under it, as a table's
 * header names its columns.  The legend is the nearest line above, in the
 * line's block and under the same heading, whose '/'-joined list of labels
 * holds the column's words and which shares a word with the line's own
 * label (the "w" the run follows: a "queries: [2. 0. 2. 0.]" line is not
 * what it lists); the run has as many numbers as the list names.  The line
 * holds no list of labels of its own (that one is read on the line).  The
 * column's number, or -1. */
static long legend_list_value(struct finder *f, size_t li)
{
    const struct extract_transcript *t = f->t;
    const struct xline *ln = &t->lines[li];
    const struct xatom *a = t->atoms + ln->atom0;
    size_t k, place;

    for (size_t j = 0; j < ln->n_atoms; j++)
        if (a[j].num < 0 && slash_list_place(t->text + ln->off, ln->len, &a[j], &k, &place))
            return -1;
    for (size_t up = li; up-- > 0 && li - up <= 12 && t->lines[up].block == ln->block &&
                         t->lines[up].kind != XLINE_RULE && t->lines[up].kind != XLINE_HEADING;) {
        const struct xline *lg = &t->lines[up];
        struct sources L = { .n = 1, .n_primary = 1 };
        struct match cm;
        int extras = 0;
        size_t at;

        if (lg->n_nums || lg->n_atoms < 3)
            continue;
        L.s[0] = extract_line_source(t, (long)up);
        if (!extract_match_set(t, &f->col, &L, -1, &cm, &extras, NULL, 0) ||
            cm.last_primary < 0 || cm.in_primary != cm.n_items)
            continue;
        at = (size_t)cm.last_primary;
        if (!slash_list_place(t->text + lg->off, lg->len, &t->atoms[lg->atom0 + at], &k, &place))
            continue;
        /* the run right after a word of the line's label the legend names too */
        for (size_t j = 0; j + 1 < ln->n_atoms; j++) {
            long run;
            if (a[j].num >= 0 || a[j + 1].num < 0)
                continue;
            for (size_t m = 0; m < lg->n_atoms; m++)
                if (t->atoms[lg->atom0 + m].num < 0 &&
                    extract_word_eq(t->atoms[lg->atom0 + m].p, t->atoms[lg->atom0 + m].len,
                                    a[j].p, a[j].len) == 3 &&
                    (run = run_of(t, ln, (size_t)(a[j].p + a[j].len - (t->text + ln->off)), k)) ==
                        a[j + 1].num)
                    return run + (long)place;
        }
        return -1;
    }
    return -1;
}

/* "weights of the 'not' row over (support, was, not, rude): 0.083 0.137
 * 0.696 0.083": a list of labels names one axis, place by place.  When the
 * column's word is mapped by its place in such a list, a row word found in
 * the same list is another place of that axis, never the row: the row
 * must be named outside it ("the 'not' row"). */
static int row_in_column_list(const struct extract_transcript *t, const struct xline *ln,
                              const struct match *rm, long col_word)
{
    const char *s = t->text + ln->off;
    size_t col_end, k, place;

    if (col_word < 0 ||
        !label_list_place(s, ln->len, &t->atoms[ln->atom0 + col_word], &col_end, &k, &place))
        return 0;
    for (size_t i = 0; i < rm->n_items; i++) {
        const struct xatom *w = &t->atoms[ln->atom0 + rm->pos[i].idx];
        size_t end;
        int named_outside = 0;
        if (rm->pos[i].src != 0 || w->num >= 0 ||
            !label_list_place(s, ln->len, w, &end, &k, &place) || end != col_end)
            continue;
        /* the row's word also printed outside the list ("the 'rude' row
         * over (..., rude)") names the row there */
        for (size_t j = 0; j < ln->n_atoms && !named_outside; j++) {
            const struct xatom *o = &t->atoms[ln->atom0 + j];
            named_outside = o != w && o->num < 0 &&
                            extract_word_eq(o->p, o->len, w->p, w->len) == 3 &&
                            !(label_list_place(s, ln->len, o, &end, &k, &place) && end == col_end);
        }
        if (!named_outside)
            return 1;
    }
    return 0;
}

/* The row phrase found in the headings, titles and keys above the line
 * alone: "'rude': {" over "'rude': 0.06" names the row, and the line's own
 * "rude" is the column.  S's line source is left out. */
static int row_named_above(struct finder *f, const struct sources *S, struct match *rm,
                           int *extras)
{
    struct sources above = *S;

    above.s[0] = (struct source){ NULL, 0, 0, 0 };
    return extract_match_set(f->t, &f->row, &above, -1, rm, extras, NULL, 0);
}

/* Whether a column's word names a number's unit: the unit itself ("ms"),
 * or, for a duration, any word for seconds ("trained in 31.2 s" under the
 * column "secs"). */
static int unit_named(const struct numparse_num *n, const char *w, size_t wlen)
{
    static const char *const seconds_words[] = { "s", "sec", "secs", "second", "seconds", NULL };
    double sec;

    if (extract_word_eq(n->unit, strlen(n->unit), w, wlen) == 3)
        return 1;
    if (numparse_seconds(n, &sec) < 0)
        return 0;
    for (const char *const *k = seconds_words; *k; k++)
        if (strlen(*k) == wlen && !strncasecmp(*k, w, wlen))
            return 1;
    return 0;
}

/* "T=50: rnn | total 1339s": past a '|' or ';' from the row's words, a
 * number right after a word of its own is that word's ("total"), whatever
 * its unit says. */
static int own_label_past_a_bar(const struct xatom *a, long anchor, size_t i,
                                const struct match *rm, int have_r)
{
    if (anchor < 0 || i == 0 || (long)i <= anchor || a[i - 1].num >= 0 ||
        extract_consumed(rm, have_r, i - 1) || (long)(i - 1) <= anchor)
        return 0;
    for (const char *c = a[anchor].p + a[anchor].len; c < a[i - 1].p; c++)
        if (*c == '|' || *c == ';')
            return 1;
    return 0;
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
        if (!n || !(n->flags & NUMPARSE_UNIT) || extract_consumed(rm, have_r, i))
            continue;
        for (size_t v = 0; v < f->col.n; v++) {
            const struct phrase *p = &f->col.v[v];
            if (p->n != 1 || !p->items[0].w || p->items[0].has_num ||
                !unit_named(n, p->items[0].w, p->items[0].wlen))
                continue;
            if (own_label_past_a_bar(a, anchor, i, rm, have_r))
                continue;
            if ((long)i > anchor)
                return (long)i;
            before = (long)i;
        }
    }
    return before;
}

/* "x.490/step", "12.1 ms/epoch": a number written as a rate, '/' and a
 * word glued to it, is that rate, and a column "per step" ("per" and the
 * word) names it.  The one such number on the line outside the row's
 * words (index in t->nums), or -1 when none or several. */
static long rate_labelled(struct finder *f, const struct xline *ln, const struct match *rm,
                          int have_r)
{
    const struct extract_transcript *t = f->t;
    const struct xatom *a = t->atoms + ln->atom0;
    const char *s = t->text + ln->off;
    long found = -1;

    for (size_t v = 0; v < f->col.n; v++) {
        const struct phrase *p = &f->col.v[v];
        if (p->n != 2 || !p->items[0].w || !p->items[1].w || p->items[1].has_num ||
            extract_word_eq("per", 3, p->items[0].w, p->items[0].wlen) != 3)
            continue;
        for (size_t i = 0; i + 1 < ln->n_atoms; i++) {
            const struct numparse_num *n = a[i].num >= 0 ? &t->nums[a[i].num] : NULL;
            const struct xatom *w = &a[i + 1];
            const char *after = w->p + w->len;
            /* "step1/step50" is a quotient of labels, no rate */
            if (!n || extract_consumed(rm, have_r, i) || w->num >= 0 ||
                w->p != s + n->end + 1 || s[n->end] != '/' ||
                (after < s + ln->len && (isalnum((unsigned char)*after) || *after == '_')) ||
                extract_word_eq(w->p, w->len, p->items[1].w, p->items[1].wlen) != 3)
                continue;
            if (found >= 0 && found != a[i].num)
                return -1;
            found = a[i].num;
        }
    }
    return found;
}

/* Which side of an arrow a word names: "old -> new" prints the before
 * value on the left and the after value on the right.  -1 left, 1 right,
 * 0 neither; arrow_side asks it of a column's one-word phrases. */
static int arrow_side_word(const char *w, size_t wlen)
{
    static const char *const left[] = { "before", "old", "pre", "initial", "original", "from",
                                        "unclipped", NULL };
    static const char *const right[] = { "after", "new", "post", "final", "to", "clipped", NULL };

    for (size_t k = 0; left[k]; k++)
        if (extract_word_eq(left[k], strlen(left[k]), w, wlen) == 3)
            return -1;
    for (size_t k = 0; right[k]; k++)
        if (extract_word_eq(right[k], strlen(right[k]), w, wlen) == 3)
            return 1;
    return 0;
}

static int arrow_side(const struct phrase_set *col)
{
    for (size_t v = 0; v < col->n; v++) {
        const struct pitem *it = &col->v[v].items[0];
        int side;
        if (col->v[v].n != 1 || !it->w || it->has_num)
            continue;
        if ((side = arrow_side_word(it->w, it->wlen)))
            return side;
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

/* Does the line name, in a word of its own, what an arrow pair is the
 * before and after of — a word of the column's phrases other than the
 * side word ("norm" of "norm after")?  An arrow says which side, never of
 * what: "lstm bf=3 2.230e-02 -> 4.782e-02" (step 50 to step 1) is no
 * clipped norm. */
static int arrow_subject_named(const struct extract_transcript *t, const struct xline *ln,
                               const struct phrase_set *col)
{
    int asked = 0;   /* a column of side words alone ("after") asks for no subject */

    for (size_t v = 0; v < col->n; v++) {
        if (col->v[v].n < 2)
            continue;
        for (size_t k = 0; k < col->v[v].n; k++) {
            const struct pitem *it = &col->v[v].items[k];
            if (!it->w || it->has_num || arrow_side_word(it->w, it->wlen))
                continue;
            asked = 1;
            for (size_t i = 0; i < ln->n_atoms; i++) {
                const struct xatom *a = &t->atoms[ln->atom0 + i];
                if (a->num < 0 && extract_word_eq(it->w, it->wlen, a->p, a->len) == 3)
                    return 1;
            }
        }
    }
    return !asked;
}

/* Does the line name only the other side of a before/after pair than the
 * column asks for?  "total grad norm before clip -> 20.577" is no "after"
 * value however its "clip" abbreviates the synonym "clipped": a human reads
 * "before" first.  A line naming both sides ("before 20.6, after 1.0") is
 * left to the words beside each number. */
static int names_other_side(const struct extract_transcript *t, const struct xline *ln,
                            int side)
{
    int other = 0, same = 0;

    for (size_t i = 0; side && i < ln->n_atoms; i++) {
        const struct xatom *a = &t->atoms[ln->atom0 + i];
        /* "from" and "to" join too much else ("clipping to 1.0") to say a side */
        int weak = (a->len == 2 && !strncasecmp(a->p, "to", 2)) ||
                   (a->len == 4 && !strncasecmp(a->p, "from", 4));
        int s = a->num < 0 && !weak ? arrow_side_word(a->p, a->len) : 0;
        other |= s == -side;
        same |= s == side;
    }
    return other && !same;
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

    if (side && !have_r && !arrow_subject_named(t, ln, &f->col))
        return -1;
    for (size_t j = 0; side && j + 1 < ln->n_nums; j++) {
        const struct numparse_num *l = &t->nums[ln->num0 + j], *r = &t->nums[ln->num0 + j + 1];
        if (!arrow_between(s + ln->off, l->end, r->start))
            continue;
        if (found >= 0)
            return -1;   /* several pairs: the words must say which */
        found = (long)(ln->num0 + j + (side > 0));
    }
    for (size_t i = 0; found >= 0 && i < ln->n_atoms; i++)
        if (t->atoms[ln->atom0 + i].num == found && extract_consumed(rm, have_r, i))
            return -1;
    return found;
}

/* The word and number of a column phrase that names one key ("step 1",
 * as one item or two); 0 when the phrase is anything else. */
static int key_phrase(const struct phrase *ph, const char **w, uint32_t *wlen, double *num)
{
    const struct pitem *x = &ph->items[0];

    if (ph->n == 1 && x->w && x->has_num) {
        *w = x->w, *wlen = x->wlen, *num = x->num;
        return 1;
    }
    if (ph->n == 2 && x->w && !x->has_num && !ph->items[1].w && ph->items[1].has_num) {
        *w = x->w, *wlen = x->wlen, *num = ph->items[1].num;
        return 1;
    }
    return 0;
}

/* "gradient norm at steps 50, 40, 30, 20, 10, 1: 7.6e-02 3.3e-05 ...": the
 * label lists the keys it prints, place by place, and the values follow as
 * one run of as many numbers.  A human reads the value of "step 1" at the
 * place 1 holds in the list.  The list: the key's word (or its plural),
 * then two or more whole numbers joined by commas, closed by ':' or '='
 * (a bracket may close it first).  -1 when the line is no such list, the
 * key is not in it, or no run after it holds as many numbers. */
static long key_list_value(const struct finder *f, const struct xline *ln,
                           const struct match *rm, int have_r)
{
    const struct extract_transcript *t = f->t;
    const struct xatom *a = t->atoms + ln->atom0;
    const char *s = t->text + ln->off, *end = s + ln->len, *w;
    uint32_t wlen;
    double key;

    for (size_t v = 0; v < f->col.n; v++) {
        if (!key_phrase(&f->col.v[v], &w, &wlen, &key))
            continue;
        for (size_t i = 0; i + 2 < ln->n_atoms; i++) {
            size_t k = 0, place = 0;
            const char *after;
            long run;
            if (a[i].num >= 0 || extract_word_eq(w, wlen, a[i].p, a[i].len) != 3)
                continue;
            for (size_t j = i + 1; j < ln->n_atoms && a[j].num >= 0; j++, k++) {
                const struct numparse_num *x = &t->nums[a[j].num];
                const char *gap = a[j - 1].p + a[j - 1].len;
                if (!(x->flags & NUMPARSE_INTEGER) || extract_consumed(rm, have_r, j) ||
                    (k > 0 && (gap >= a[j].p || *gap != ',')))
                    break;
                if (x->value == key)
                    place = k + 1;
            }
            if (k < 2 || !place)
                continue;
            after = a[i + k].p + a[i + k].len;
            while (after < end && (*after == ')' || *after == ']' || *after == ' '))
                after++;
            if (after >= end || (*after != ':' && *after != '='))
                continue;
            if ((run = run_of(t, ln, (size_t)(after - s) + 1, k)) >= 0)
                return run + (long)place - 1;
        }
    }
    return -1;
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
    if (!extract_match_set(t, &f->col, &K, -1, &cm, &extras, NULL, 0))
        return 0;
    for (size_t i = 0; i < K.s[0].n; i++)
        if (K.s[0].a[i].num < 0 && !extract_is_noise_word(&K.s[0].a[i]) &&
            !extract_used_at(&cm, cm.n_items, 0, i))
            return 0;
    struct source ps = extract_path_source(t, ln), ts = extract_line_source(t, ln->title);
    if (f->exc.n && (extract_excluded(f, ps.a, ps.n) || extract_excluded(f, ts.a, ts.n) ||
                     extract_excluded(f, t->atoms + ln->atom0, ln->n_atoms)))
        return 0;
    struct cand c = { .line = li, .num = (long)ln->num0, .quality = 0, .extras = extras,
                      .how = EXTRACT_HOW_INLINE, .col = -1, .table = -1, .above = 1,
                      .scope_excluded = extract_scope_excluded(f, li) };
    if (f->col_line < 0)
        f->col_line = (long)li;
    return extract_add_cand(f, &c);
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
        if (list >= 0 && n >= 2 && extract_has_word_between(a, label0, i) &&
            !extract_excluded(f, a + label0, i - label0))
            return a[i].num;
        label0 = i + 1;
    }
    return -1;
}

/* Whether the '>' at s[gt] ends a markup tag ('<grad step="1">5.032e-17'):
 * a '<' before it on the line opens a tag name or a closing tag, and no
 * space stands right before the '>' ("a > 0.5" compares). */
static int closes_tag(const char *s, size_t gt)
{
    if (gt == 0 || s[gt - 1] == ' ')
        return 0;
    for (size_t i = gt; i-- > 0;)
        if (s[i] == '<')
            return ((s[i + 1] | 0x20) >= 'a' && (s[i + 1] | 0x20) <= 'z') || s[i + 1] == '/';
    return 0;
}

/* A number right after '<', '>', '<=', '>=', '≤' or '≥' is a bound the
 * student tests against, not a reading: "[FAIL] plain RNN near chance on
 * test at T=50 (< 0.6)" prints no accuracy.  An arrow ("->", "=>") is no
 * comparison. */
static int after_comparison(const struct extract_transcript *t, const struct xline *ln, long num)
{
    const struct xatom *a = t->atoms + ln->atom0;
    const char *s = extract_xline_text(t, ln), *p;
    long i = extract_num_atom(t, ln, num);

    if (i < 0)
        return 0;
    p = a[i].p;
    while (p > s && p[-1] == ' ')
        p--;
    if (p > s && p[-1] == '=')
        p--;
    if (p > s && p[-1] == '>' && p - 1 > s && (p[-2] == '-' || p[-2] == '='))
        return 0;       /* an arrow, "20.58 -> 1.00": the new value */
    if (p > s && p[-1] == '>' && closes_tag(s, (size_t)(p - 1 - s)))
        return 0;       /* XML or HTML: the element's text */
    if (p > s && (p[-1] == '<' || p[-1] == '>'))
        return 1;
    /* ≤ U+2264 and ≥ U+2265: E2 89 A4 / A5 */
    return p - s >= 3 && (unsigned char)p[-3] == 0xE2 && (unsigned char)p[-2] == 0x89 &&
           ((unsigned char)p[-1] == 0xA4 || (unsigned char)p[-1] == 0xA5);
}

/* Words that, right after a number and before the quantity it is compared
 * with, make the number a difference ("the training score is 0.344 above
 * its test score"): it is neither side's reading.  With a number after
 * them the first number is a reading tested against a bound ("0.506 below
 * 0.6"), which is read as before.  Each with its case in test_extract_match
 * (test_difference_is_no_reading). */
static const char *const difference_words[] = { "above", "below", NULL };
static const char *const difference_than_words[] = {
    "more", "less", "higher", "lower", "greater", "larger", "bigger", "smaller", NULL };

static int word_in(const struct xatom *a, const char *const *list)
{
    /* in the student's language too: "차이는" is a difference */
    const char *en = a->num < 0 ? extract_lexicon_english(a->p, a->len) : NULL;

    for (; *list; list++)
        if (extract_atom_is(a, *list) || (en && !strcmp(en, *list)))
            return 1;
    return 0;
}

/* Whether number `num` is a difference between two named quantities (above). */
static int before_comparative(const struct extract_transcript *t, const struct xline *ln,
                              long num)
{
    const struct xatom *a = t->atoms + ln->atom0;
    long i = extract_num_atom(t, ln, num);
    size_t n = ln->n_atoms, k;

    if (i < 0 || (size_t)i + 2 >= n)
        return 0;
    for (const char *p = a[i].p + a[i].len; p < a[i + 1].p; p++)
        if (*p != ' ')
            return 0;       /* "0.839, above": no longer the number's own phrase */
    k = (size_t)i + 1;
    if (word_in(&a[k], difference_words))
        k++;
    else if (word_in(&a[k], difference_than_words) && extract_atom_is(&a[k + 1], "than"))
        k += 2;
    else
        return 0;
    return k < n && a[k].num < 0;
}

/* Words naming a difference itself: a "diff" column beside "mine" and
 * "module" holds a gap, not the quantity (cases: test_extract_match's
 * test_difference_is_no_reading, test_extract_table's
 * test_difference_column_is_no_reading). */
static const char *const difference_names[] = { "gap", "difference", "diff", "delta", "error", "minus",
                                                NULL };

int extract_asks_difference(const struct phrase_set *col)
{
    for (size_t i = 0; i < col->n; i++)
        for (size_t k = 0; k < col->v[i].n; k++)
            for (const char *const *w = difference_names; col->v[i].items[k].w && *w; w++)
                if (strlen(*w) == col->v[i].items[k].wlen &&
                    !strncasecmp(*w, col->v[i].items[k].w, col->v[i].items[k].wlen))
                    return 1;
    return 0;
}

int extract_names_difference(const struct xatom *a, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i].num < 0 && word_in(&a[i], difference_names))
            return 1;
    return 0;
}

/* A header naming a quotient of two keys: "step1/step50", "s1 / s50",
 * "step 1 vs step 50", "step1_over_step50" — the same word with two
 * numbers, split by '/', "vs" or "over".  Its cells are that ratio, no reading of either key. */
int extract_names_ratio(const struct xatom *a, size_t n)
{
    for (size_t i = 0; i + 3 < n; i++) {
        if (a[i].num >= 0 || a[i + 1].num < 0 || a[i + 2].num >= 0 || a[i + 3].num < 0 ||
            extract_word_eq(a[i].p, a[i].len, a[i + 2].p, a[i + 2].len) != 3)
            continue;
        const char *from = a[i + 1].p + a[i + 1].len, *to = a[i + 2].p;
        if (to > from && to - from < 8 && memchr(from, '/', (size_t)(to - from)))
            return 1;
    }
    for (size_t i = 0; i + 4 < n; i++) {
        /* "step 1 vs step 50", "step1_over_step50", "step 1 divided by step 50" */
        size_t by = extract_atom_is(&a[i + 2], "divided") && i + 5 < n &&
                    extract_atom_is(&a[i + 3], "by");
        if (a[i].num < 0 && a[i + 1].num >= 0 &&
            (extract_atom_is(&a[i + 2], "vs") || extract_atom_is(&a[i + 2], "over") || by) &&
            a[i + 3 + by].num < 0 && a[i + 4 + by].num >= 0 &&
            extract_word_eq(a[i].p, a[i].len, a[i + 3 + by].p, a[i + 3 + by].len) == 3)
            return 1;
    }
    return 0;
}

/* Does the column phrase ask for such a quotient: one word bound to two
 * numbers ("step 1" and "step 50" in one phrase)? */
int extract_asks_ratio(const struct phrase_set *col)
{
    for (size_t i = 0; i < col->n; i++)
        for (size_t k = 0; k < col->v[i].n; k++)
            for (size_t m = k + 1; m < col->v[i].n; m++) {
                const struct pitem *x = &col->v[i].items[k], *y = &col->v[i].items[m];
                if (x->w && y->w && x->has_num && y->has_num &&
                    extract_word_eq(x->w, x->wlen, y->w, y->wlen) == 3)
                    return 1;
            }
    return 0;
}

/* Whether a word of the column match is an operand of a difference in the
 * label: "train - test = 3.438e-01" is the gap, no test accuracy.  A spaced
 * minus (" - ") or the word "minus" joins it to another word that the column
 * did not ask for.
 * Unspaced hyphens join words ("forget-bias"), and '/' lists labels mapped
 * by place ("tr/te"), so neither counts; a difference word right after it
 * ("train-test gap", "test gap") does. */
static int column_in_difference(const struct extract_transcript *t, const struct xline *ln,
                                const struct match *cm)
{
    const struct xatom *a = t->atoms + ln->atom0;

    for (size_t k = 0; k < cm->n_items; k++) {
        if (cm->pos[k].src != 0)
            continue;
        size_t i = cm->pos[k].idx;
        for (int side = -1; side <= 1; side += 2) {
            size_t j = side < 0 ? i - 1 : i + 1;
            if ((side < 0 && i == 0) || j >= ln->n_atoms || a[j].num >= 0 ||
                extract_used_at(cm, cm->n_items, 0, j))
                continue;
            const char *from = side < 0 ? a[j].p + a[j].len : a[i].p + a[i].len;
            const char *to = side < 0 ? a[i].p : a[j].p;
            size_t n = (size_t)(to - from);
            if (n == 3 && !memcmp(from, " - ", 3))
                return 1;
            /* the minus sign U+2212 is an atom of its own ("train − test") */
            if (a[j].len == 3 && !memcmp(a[j].p, "\xe2\x88\x92", 3))
                return 1;
            /* "lstm_bf0_len50_train_minus_test": the gap spelled out */
            if (extract_atom_is(&a[j], "minus"))
                return 1;
        }
        /* "train-test gap 0.344", "test gap": the word names a gap's operand */
        for (size_t j = i + 1; j < ln->n_atoms && j <= i + 2 && a[j].num < 0; j++)
            if (!extract_used_at(cm, cm->n_items, 0, j) && word_in(&a[j], difference_names))
                return 1;   /* (a number ends the label: "test_acc=1.000 gap=0.000") */
        /* "gap train-test=+0.344": the gap named first, its operands after */
        for (size_t j = i; j-- > 0 && j + 2 >= i && a[j].num < 0;)
            if (!extract_used_at(cm, cm->n_items, 0, j) && word_in(&a[j], difference_names))
                return 1;
    }
    return 0;
}

/* A note in brackets right after the value describes it as its label
 * would: "max gap 0.0003 (≈ rounding to 3 dp)" is the rounding gap, not
 * the gap against torch.  Whether the note holds an excluded word. */
static int note_excluded(struct finder *f, const struct xline *ln, long num)
{
    const struct extract_transcript *t = f->t;
    const struct xatom *a = t->atoms + ln->atom0;
    const char *s = extract_xline_text(t, ln), *end = s + ln->len, *p, *close;
    long at = extract_num_atom(t, ln, num);
    size_t i, j;

    if (at < 0)
        return 0;
    i = (size_t)at;
    for (p = a[i].p + a[i].len; p < end && (*p == ' ' || *p == '\t'); p++)
        ;
    if (p == end || *p != '(' || !(close = memchr(p, ')', (size_t)(end - p))))
        return 0;
    for (j = i + 1; j < ln->n_atoms && a[j].p < close; j++)
        ;
    return j > i + 1 && extract_excluded(f, a + i + 1, j - i - 1);
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
        struct source ts = extract_line_source(t, ln->title);
        exc = extract_excluded(f, ts.a, ts.n);
    }
    if (!exc && ln->path >= 0) {
        struct source ps = extract_path_source(t, ln);
        exc = extract_excluded(f, ps.a, ps.n);
    }
    if (exc)
        *own = own_labelled_list(f, ln, rm, have_r, anchor);
    return exc && *own < 0;
}

/* The atom before the key that holds atom `at` when the key joins words
 * with '_' ("secs_T5"), else `at`: the column may be named in the same key
 * as the row, before the row's number.  In "secs_T5=15.2 secs_T20=55.9" the
 * row "length 5" ends at T5 and the column "secs" is its key's first word;
 * looking for the column only after T5 took the next key's 55.9. */
static long key_start_before(const struct extract_transcript *t, const struct xline *ln, long at)
{
    const struct xatom *a = t->atoms + ln->atom0;
    long i = at;
    int underscore = 0;
    if (at < 0)
        return at;
    while (i > 0) {
        const char *gap = a[i - 1].p + a[i - 1].len;
        if (gap == a[i].p && a[i].num >= 0 && a[i - 1].num < 0)
            i--;                                    /* "T5": a number glued to its word */
        else if (gap + 1 == a[i].p && *gap == '_' && a[i - 1].num < 0)
            i--, underscore = 1;
        else
            break;
    }
    return underscore ? i - 1 : at;
}

/* "{'RNN gain 1.5': {'steps': {50: ..., 1: '5.268e+00'}}": the key the line
 * prints ("1") and the keys enclosing it ("steps") name the column
 * together, as "step 1" — the word in the path, the number on the line. */
static int column_in_path(struct finder *f, const struct xline *ln, const struct sources *C,
                          struct match *cm, int *c_extras)
{
    struct sources P = { .n = 2, .n_primary = 1 };

    P.s[0] = C->s[0];
    P.s[1] = extract_path_source(f->t, ln);
    P.taken = C->taken;
    if (!extract_match_set(f->t, &f->col, &P, -1, cm, c_extras, NULL, 0))
        return 0;
    /* only a key's number on the line with its word above: a bare word in
     * the path names the row as often ({'rude': {'support': 0.44}}) */
    for (size_t k = 0; k < cm->n_items; k++)
        if (cm->pos[k].src != 0 && !cm->pos[k].split)
            return 0;
    return 1;
}

/* A number written into a word, "step1" or "lstm_bf3": part of a label.
 * One after "=" or ":" ("b_f=3", "step50=3.5e-02") is a value. */
static int label_number(const struct extract_transcript *t, const struct xline *ln,
                        const struct xatom *n)
{
    const char *s = extract_xline_text(t, ln);
    unsigned char p = n->p > s ? (unsigned char)n->p[-1] : ' ';

    return ((p | 0x20) >= 'a' && (p | 0x20) <= 'z') || p == '_';
}

int extract_inline_candidates(struct finder *f, size_t li)
{
    const struct extract_transcript *t = f->t;
    const struct xline *ln = &t->lines[li];
    struct sources S = { .n = 1, .n_primary = 1 }, C = { .n = 1, .n_primary = 1 };
    struct match rm, cm;
    int r_extras = 0, c_extras = 0, have_r = 0, have_c = 0, above = 0, by_legend = 0;
    long anchor = -1, num, direct = -1, pos, own_list = -1;
    int nth = f->q->nth > 0 ? f->q->nth : 1;
    struct cand c = { .table = -1 };   /* every field set below or zero */

    if (f->col.n && names_other_side(t, ln, arrow_side(&f->col)))
        return 0;
    S.s[0] = C.s[0] = extract_line_source(t, (long)li);
    S.n += extract_scope_sources(t, ln, S.s + 1);
    if (f->row.n) {
        if (!extract_match_set(t, &f->row, &S, -1, &rm, &r_extras, &f->nm, ln->no))
            return 0;
        if (extract_binds_other_row(f, ln))
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
    if (f->col.n && f->q->shape == EXTRACT_SCALAR && direct < 0)
        direct = key_list_value(f, ln, &rm, have_r);
    if (f->col.n && direct < 0) {
        above = !extract_match_set(t, &f->col, &C, key_start_before(t, ln, anchor), &cm,
                                   &c_extras, NULL, 0);
        if (above && ln->path >= 0 && column_in_path(f, ln, &C, &cm, &c_extras))
            above = 0;
        if (above && have_r && rm.in_primary) {
            /* the row named by the key or heading above, the line's word the column */
            struct match rm2;
            int x2 = 0;
            C.taken = &rm2;
            if (row_named_above(f, &S, &rm2, &x2) &&
                extract_match_set(t, &f->col, &C, -1, &cm, &c_extras, NULL, 0)) {
                rm = rm2;
                r_extras = x2;
                anchor = -1;
                above = 0;
            }
            C.taken = &rm;
        }
        if (above && f->q->shape == EXTRACT_SCALAR) {
            long u = unit_labelled(f, ln, &rm, have_r, anchor);
            direct = u >= 0 ? t->atoms[ln->atom0 + u].num : rate_labelled(f, ln, &rm, have_r);
            if (direct < 0 && (direct = legend_list_value(f, li)) >= 0)
                by_legend = 1;
            above = direct < 0;
        }
        if (above && !have_r)
            return key_column_candidate(f, li);
        if (direct < 0 && above &&
            !extract_column_above(f, ln, &rm, have_r, anchor, &C, &cm, &c_extras))
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
    if (f->exc.n && anchor >= 0 && extract_excluded(f, S.s[0].a, (size_t)anchor + 1))
        return 0;
    if (f->exc.n && direct >= 0 && anchor < 0) {
        /* an arrow's side names no subject: the words before the value do
         * ("gain 0.5, same clip: ... blame stays 5.03e-17 -> 5.03e-17") */
        long at = extract_num_atom(t, ln, direct);
        if (at > 0 && extract_excluded(f, t->atoms + ln->atom0, (size_t)at))
            return 0;
    }
    if (enclosing_excluded(f, ln, &rm, have_r, anchor, &own_list))
        return 0;
    /* a legend names the value's own place; the table's other headers
     * describe other cells ("| row sum | output") */
    if (!by_legend && ln->table >= 0 && ln->role == XROW_DATA &&
        extract_label_header_excluded(f, &t->tables[ln->table]))
        return 0;
    num = direct >= 0 ? direct
          : have_c && f->q->shape == EXTRACT_SCALAR ? positional_value(t, ln, cm.last_primary) : -1;
    pos = direct >= 0 ? -1 : num;
    if (pos >= 0 && have_r && row_in_column_list(t, ln, &rm, cm.last_primary))
        return 0;
    if (own_list >= 0)
        num = own_list;   /* the title's excluded word is waived for that list only */
    if (num < 0)
        num = f->q->shape == EXTRACT_LINE && ln->n_nums == 0
                  ? -1 : extract_pick_inline_value(t, ln, anchor, &rm, have_r, &cm, have_c,
                                                   f->q->nth > 0 ? -nth : nth);
    /* a value mapped by its place in a list of labels is that label's: the
     * list says so, which is more than where the words stand */
    if (num >= 0 && pos < 0 && have_c && nth == 1 && f->q->shape == EXTRACT_SCALAR)
        num = extract_value_before_label(t, ln, num, &rm, have_r, &cm);
    if (pos < 0 && have_c && nth == 1 && f->q->shape == EXTRACT_SCALAR)
        num = extract_value_in_clause(t, ln, num, &rm, have_r, &cm);
    if (direct >= 0)
        num = direct;
    if (num < 0 && f->q->shape != EXTRACT_LINE) {
        if (f->row_nonum_line < 0)
            f->row_nonum_line = (long)li;
        return 0;
    }
    if (num < 0 && ln->n_nums > 0)
        num = (long)ln->num0;
    if (f->exc.n && num >= 0 && anchor >= 0) {
        /* "max gap out[shuffled] vs out[B] permuted: 0.00e+00": the words
         * between the label and its value describe it as the label does */
        long at = extract_num_atom(t, ln, num);
        if (at > anchor + 1 &&
            extract_excluded(f, t->atoms + ln->atom0 + anchor + 1, (size_t)(at - anchor - 1)))
            return 0;
    }
    if (f->exc.n && num >= 0 && note_excluded(f, ln, num))
        return 0;
    if (num >= 0 && (after_comparison(f->t, ln, num) || before_comparative(f->t, ln, num)))
        return 0;
    if (have_c && direct < 0 && column_in_difference(t, ln, &cm) &&
        !extract_asks_difference(&f->col))
        return 0;
    /* A table row's vector is its cells (extract_table_candidates), not one number;
     * a row without a header is its values (bare_row_value). */
    if (f->q->shape == EXTRACT_VECTOR && num >= 0 && t->nums[num].list < 0 &&
        ln->table >= 0 && ln->role == XROW_DATA && t->tables[ln->table].header >= 0)
        return 0;
    if (have_c && num >= 0 && !extract_asks_ratio(&f->col)) {
        /* "'step1/step50': '6.64e-16'": the quotient, neither step's value.
         * Its own label only: the words since the last value before it
         * ("step1_over_step50=7.96e-09 per_step=x0.683" labels x0.683 "per
         * step"); a number written into a word ("step1") is label, no value,
         * and so is one a word names ("step 1 divided by step 50: 6.64e-16"). */
        long at = extract_num_atom(t, ln, num), from = at;
        const struct xatom *a = t->atoms + ln->atom0;
        while (from > 0 && !(a[from - 1].num >= 0 && !label_number(t, ln, &a[from - 1]) &&
                             !(from > 1 && a[from - 2].num < 0 &&
                               a[from - 1].p == a[from - 2].p + a[from - 2].len + 1)))
            from--;
        if (at > from && extract_names_ratio(a + from, (size_t)(at - from)))
            return 0;
    }
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
    c.row_words = have_r ? (int)rm.n_items : 0;
    c.spread = 0;
    c.scope_excluded = extract_scope_excluded(f, li);
    return extract_add_cand(f, &c);
}

/* The row of a labelled list under an axis line (extract_nest_axes): the
 * list's own label names the row, and a column phrase names element k when
 * it takes the axis' words with its k-th number ("step 1" in "steps: [50
 * ... 1]").  The number must be used: "per step" is no element. */
int extract_axis_candidates(struct finder *f, size_t li)
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
    S.n += extract_scope_sources(t, ln, S.s + 1);
    if (f->row.n && !extract_match_set(t, &f->row, &S, -1, &rm, &r_extras, NULL, 0))
        return 0;
    if (f->exc.n && (extract_excluded(f, S.s[0].a, S.s[0].n) || extract_scope_excluded(f, li)))
        return 0;
    memcpy(pair, t->atoms + ax->atom0, afirst * sizeof *pair);
    C.s[0] = (struct source){ pair, afirst + 1, 0, 0 };
    for (size_t k = 0; k < width; k++) {
        pair[afirst] = t->atoms[ax->atom0 + afirst + k];
        if (!extract_match_set(t, &f->col, &C, -1, &cm, &c_extras, NULL, 0) ||
            !extract_used_at(&cm, cm.n_items, 0, afirst))
            continue;
        struct cand c = { .line = li, .num = t->atoms[ln->atom0 + first + k].num,
                          .quality = !f->row.n || rm.in_primary == rm.n_items,
                          .extras = (f->row.n ? r_extras : 0) + c_extras,
                          .how = EXTRACT_HOW_INLINE, .col = -1, .table = -1 };
        if (f->col_line < 0)
            f->col_line = (long)li;
        if (extract_add_cand(f, &c) < 0)
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
        if (a[i].num < 0 || a[i + 1].num < 0 || !extract_joined_by(&a[i], &a[i + 1], ':'))
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
int extract_dict_candidates(struct finder *f, size_t li)
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
        S.n += extract_scope_sources(t, ln, S.s + 2);
        if (!extract_match_set(t, &f->row, &S, -1, &rm, &r_extras, NULL, 0) ||
            !extract_used_at(&rm, rm.n_items, 0, 0))
            continue;
        C = S;
        C.taken = &rm;
        if (f->col.n && !extract_match_set(t, &f->col, &C, -1, &cm, &c_extras, NULL, 0))
            continue;
        if (f->exc.n && (extract_excluded(f, key, 1) || extract_excluded(f, S.s[1].a, S.s[1].n)))
            continue;
        struct cand c = { .line = li, .num = key[1].num, .quality = 0,
                          .extras = r_extras + c_extras, .how = EXTRACT_HOW_INLINE,
                          .col = -1, .table = -1,
                          .scope_excluded = extract_scope_excluded(f, li) };
        if (f->row_line < 0)
            f->row_line = (long)li;
        if (extract_add_cand(f, &c) < 0)
            return -1;
    }
    return 0;
}
