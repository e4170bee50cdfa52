/* extract_refmark.c — numbers the student printed as someone else's.
 *
 * Students print the course's numbers next to their own to compare: a
 * "course" column beside "mine", an "expected" key after "got", the
 * module's table copied under "for comparison", a target in parentheses
 * ("gap to torch (should be ~2e-16): 7.6e-01").  Such a number is bound to
 * a REFERENCE MARKER and is never graded as the student's result: when an
 * unmarked candidate exists it wins whatever the print order, and when
 * only marked ones exist the check finds nothing and says why.
 *
 * The words live in one place, below.  A value's context is read nearest
 * first, and the first level that says anything decides:
 *   1. the parenthetical the number sits in ("(expected ~0.49)");
 *   2. the label just before it on its line ('"expected": [...]',
 *      "target: 0.49  got: 0.62"), skipping parentheticals that hold
 *      numbers of their own (a target stated before the value);
 *   3. its table column's header ("course", "mine");
 *   4. the keys of nested output enclosing it;
 *   5. its title, caption, section opener and heading — but only over the
 *      block they head (the lines up to the next blank line, or the block
 *      right under a marker standing alone): what is printed after a copied
 *      table is the student's again.
 * A level holding an OWN word ("mine", "my", "got", "actual", a "gap" or
 * "difference" against the target, "on paper") is the student's, even when
 * it also names the target: "difference from expected: 3e-17" is measured.
 */
#include "extract/extract_int.h"

#include <stdlib.h>
#include <string.h>

#define LEVEL_WORDS_MAX 256

/* Words saying a number is not the student's result (the course's, the
 * module's, an expected or target value, a book's or paper's).  A phrase of
 * several words matches word for word. */
static const char *const marker_words[] = {
    "expected", "expect", "expectation", "target", "course", "module", "reference", "ref",
    "book", "textbook", "paper", "copied", "ideal", "official", "lecture", "slides",
    "should be", "should read", "should give", "should get", "should equal",
    "for comparison", "to compare", "from the text", NULL
};

/* Words saying a number is the student's own, or measured against the
 * target (a gap or difference is the student's result, and so is a value
 * that "matches" the course or came out "as expected"). */
static const char *const own_words[] = {
    "mine", "my", "our", "ours", "got", "actual", "measured", "obtained", "observed",
    "gap", "diff", "difference", "error", "deviation", "match", "matches", "agrees",
    "as expected", "as it should", "on paper", "by hand", NULL
};

/* Verbs after a marker that make it the source of an instruction, not of
 * the numbers: "(train s = wall-clock seconds, as the module asks)". */
static const char *const instruction_verbs[] = {
    "asks", "asked", "wants", "requires", "suggests", NULL    /* cases: test_extract_match */
};

enum level { LEVEL_NONE = 0, LEVEL_OWN, LEVEL_MARKED };

/* Exact, or the word's plural ("targets", "modules"). */
static int same_word(const char *w, size_t wlen, const struct xatom *a)
{
    size_t n = a->len;

    if (a->num >= 0)
        return 0;
    if (n == wlen + 1 && extract_lower((unsigned char)a->p[wlen]) == 's')
        n = wlen;
    if (n != wlen)
        return 0;
    for (size_t i = 0; i < wlen; i++)
        if (extract_lower((unsigned char)a->p[i]) != (unsigned char)w[i])
            return 0;
    return 1;
}

/* Does the phrase (space-separated words) start at a[i]? */
static int phrase_at(const char *phrase, const struct xatom *a, size_t n, size_t i)
{
    const char *w = phrase;

    while (*w) {
        size_t len = strcspn(w, " ");
        if (i >= n || !same_word(w, len, &a[i]))
            return 0;
        i++;
        w += len;
        while (*w == ' ')
            w++;
    }
    return 1;
}

/* The first of the list's phrases found in a[0..n), or NULL. */
static const char *find_phrase(const char *const *list, const struct xatom *a, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (const char *const *p = list; *p; p++)
            if (phrase_at(*p, a, n, i))
                return *p;
    return NULL;
}

/* Does one of the list's phrases open a[0..n)? */
static int phrase_at_start(const char *const *list, const struct xatom *a, size_t n)
{
    for (const char *const *p = list; *p; p++)
        if (phrase_at(*p, a, n, 0))
            return 1;
    return 0;
}

/* The first marker phrase in a[0..n) that is not followed by an
 * instruction verb, or NULL. */
static const char *find_marker(const struct xatom *a, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (const char *const *p = marker_words; *p; p++) {
            size_t words = 1;
            if (!phrase_at(*p, a, n, i))
                continue;
            for (const char *c = *p; *c; c++)
                words += *c == ' ';
            if (i + words < n && find_phrase(instruction_verbs, a + i + words, 1))
                continue;
            return *p;
        }
    return NULL;
}

/* What one level of context says; *marker is the marker phrase found. */
static enum level classify(const struct xatom *a, size_t n, const char **marker)
{
    const char *m;

    if (n == 0 || find_phrase(own_words, a, n))
        return n ? LEVEL_OWN : LEVEL_NONE;
    if (!(m = find_marker(a, n)))
        return LEVEL_NONE;
    *marker = m;
    return LEVEL_MARKED;
}

int extract_refmark_role_word(const char *w, size_t len)
{
    struct xatom a = { w, (uint32_t)len, -1 };

    if (same_word("mine", 4, &a) || same_word("ours", 4, &a))
        return 1;
    for (const char *const *p = marker_words; *p; p++)
        if (!strchr(*p, ' ') && same_word(*p, strlen(*p), &a))
            return 1;
    return 0;
}

int extract_refmark_opens_reading(const struct xatom *a, size_t n)
{
    return n > 0 && (phrase_at_start(own_words, a, n) || phrase_at_start(marker_words, a, n));
}

long extract_num_atom(const struct extract_transcript *t, const struct xline *ln, long num)
{
    for (size_t k = 0; k < ln->n_atoms; k++)
        if (t->atoms[ln->atom0 + k].num == num)
            return (long)k;
    return -1;
}

/* The words inside the innermost parentheses around byte `at`: level 1. */
static size_t paren_words(const struct extract_transcript *t, const struct xline *ln,
                          size_t at, struct xatom *out)
{
    const char *s = t->text + ln->off;
    size_t open, close, n = 0;
    int depth = 0;

    for (open = at; open-- > 0;) {
        if (s[open] == ')')
            depth++;
        else if (s[open] == '(' && depth-- == 0)
            break;
    }
    if (open == (size_t)-1)
        return 0;
    for (depth = 0, close = at; close < ln->len; close++) {
        if (s[close] == '(')
            depth++;
        else if (s[close] == ')' && depth-- == 0)
            break;
    }
    if (close >= ln->len)
        return 0;
    for (size_t k = 0; k < ln->n_atoms && n < LEVEL_WORDS_MAX; k++) {
        const struct xatom *a = &t->atoms[ln->atom0 + k];
        size_t p = (size_t)(a->p - s);
        if (a->num < 0 && p > open && p < close)
            out[n++] = *a;
    }
    return n;
}

/* Reverses the n words collected backwards into reading order. */
static size_t reading_order(struct xatom *w, size_t n)
{
    for (size_t i = 0; i < n / 2; i++) {
        struct xatom x = w[i];
        w[i] = w[n - 1 - i];
        w[n - 1 - i] = x;
    }
    return n;
}

/* The label before atom k (level 2): back over the list k belongs to, then
 * the words up to the previous value.  A parenthetical holding a number is
 * someone else's value and is skipped ("gap (should be ~2e-16): 0.76");
 * one of words only ("accuracy (course): 0.740") is part of the label. */
static size_t label_words(const struct extract_transcript *t, const struct xline *ln, size_t k,
                          struct xatom *out)
{
    const char *s = t->text + ln->off;
    const struct xatom *a = t->atoms + ln->atom0;
    struct xatom grp[LEVEL_WORDS_MAX];
    size_t n = 0, ng = 0, pos = (size_t)(a[k].p - s);
    int depth = 0, grp_num = 0, seen_word = 0;

    for (size_t j = k; j-- > 0;) {
        size_t end = (size_t)(a[j].p - s) + a[j].len;
        for (; pos > end; pos--) {
            char c = s[pos - 1];
            if (c == ')')
                depth++;
            else if (c == '(' && depth > 0 && --depth == 0) {
                for (size_t g = 0; !grp_num && g < ng && n < LEVEL_WORDS_MAX; g++)
                    out[n++] = grp[g];
                seen_word |= !grp_num && ng > 0;
                ng = 0;
                grp_num = 0;
            } else if (c == '(' && depth == 0 && seen_word)
                return reading_order(out, n);   /* the parenthetical it sits in ends its label */
        }
        if (depth > 0) {
            grp_num |= a[j].num >= 0;
            if (a[j].num < 0 && ng < LEVEL_WORDS_MAX)
                grp[ng++] = a[j];
        } else if (a[j].num >= 0) {
            if (seen_word)
                break;
        } else if (n < LEVEL_WORDS_MAX) {
            out[n++] = a[j];
            seen_word = 1;
        }
    }
    return reading_order(out, n);
}

/* The header words of number num's table column (level 3). */
static size_t column_words(const struct extract_transcript *t, const struct xline *ln, long num,
                           const struct xatom **out)
{
    int32_t col = t->num_col[num];
    const struct xcolumn *c;

    if (ln->table < 0 || col < 0 || (size_t)col >= t->tables[ln->table].n_cols)
        return 0;
    c = &t->cols[t->tables[ln->table].col0 + (size_t)col];
    *out = t->hatoms + c->hatom0;
    return c->n_hatoms;
}

static long next_nonblank(const struct extract_transcript *t, size_t li)
{
    for (size_t k = li + 1; k < t->n_lines; k++)
        if (t->lines[k].kind != XLINE_BLANK && t->lines[k].n_atoms + t->lines[k].len > 0)
            return (long)k;
    return -1;
}

/* A title, caption or heading speaks for its own block, or for the block
 * right under it when it stands alone ("## Expected", a blank, the table). */
static int heads_block(const struct extract_transcript *t, long scope, size_t li)
{
    long next;

    if (t->lines[scope].block == t->lines[li].block)
        return 1;
    next = next_nonblank(t, (size_t)scope);
    return next >= 0 && t->lines[next].block != t->lines[scope].block &&
           t->lines[next].block == t->lines[li].block;
}

static enum level scope_level(const struct extract_transcript *t, long scope, size_t li,
                              const char **word, long *where)
{
    const struct xline *s;
    enum level lv;

    if (scope < 0 || (size_t)scope == li || !heads_block(t, scope, li))
        return LEVEL_NONE;
    s = &t->lines[scope];
    lv = classify(t->atoms + s->atom0, s->n_atoms, word);
    if (lv == LEVEL_MARKED)
        *where = scope;
    return lv;
}

int extract_refmark(const struct extract_transcript *t, size_t li, long num,
                    const long *scopes, size_t n_scopes, struct extract_refmark_at *at)
{
    const struct xline *ln = &t->lines[li];
    struct xatom words[LEVEL_WORDS_MAX];
    const struct xatom *cw = NULL;
    const char *w = NULL;
    enum level lv;
    long k;
    size_t n;

    at->line = (long)li;
    at->marker = NULL;
    if (num < 0 || (k = extract_num_atom(t, ln, num)) < 0)
        return 0;
    n = paren_words(t, ln, t->nums[num].start, words);
    if ((lv = classify(words, n, &w)) == LEVEL_NONE) {
        n = label_words(t, ln, (size_t)k, words);
        lv = classify(words, n, &w);
    }
    if (lv == LEVEL_NONE) {
        n = column_words(t, ln, num, &cw);
        lv = classify(cw, n, &w);
        if (lv == LEVEL_MARKED && ln->table >= 0)
            at->line = t->tables[ln->table].header;
    }
    if (lv == LEVEL_NONE && ln->path >= 0)
        lv = classify(t->patoms + t->paths[ln->path].atom0, t->paths[ln->path].n_atoms, &w);
    for (size_t i = 0; lv == LEVEL_NONE && i < n_scopes; i++)
        lv = scope_level(t, scopes[i], li, &w, &at->line);
    at->marker = lv == LEVEL_MARKED ? w : NULL;
    return lv == LEVEL_MARKED;
}

/* Is value column c of the table headed by a marker? */
static int column_marked(const struct extract_transcript *t, const struct xcolumn *c)
{
    const char *w;
    return c->is_value && classify(t->hatoms + c->hatom0, c->n_hatoms, &w) == LEVEL_MARKED;
}

static long own_column(const struct extract_transcript *t, size_t li, long num)
{
    const struct xline *ln = &t->lines[li];
    const struct xtable *tb;
    size_t marked = 0, own = 0, rank = 0, want = 0;
    long own_col = -1;

    if (num < 0 || ln->table < 0 || t->num_col[num] < 0)
        return -1;
    tb = &t->tables[ln->table];
    /* the k-th marked column pairs with the k-th unmarked one */
    for (size_t c = 0; c < tb->n_cols; c++) {
        const struct xcolumn *col = &t->cols[tb->col0 + c];
        if (!col->is_value)
            continue;
        if (column_marked(t, col)) {
            if ((long)c == t->num_col[num])
                rank = marked;
            marked++;
        } else {
            own++;
        }
    }
    if (marked == 0 || own != marked)
        return -1;
    for (size_t c = 0; c < tb->n_cols && own_col < 0; c++) {
        const struct xcolumn *col = &t->cols[tb->col0 + c];
        if (col->is_value && !column_marked(t, col) && want++ == rank)
            own_col = (long)c;
    }
    for (size_t k = 0; k < ln->n_nums; k++)
        if (t->num_col[ln->num0 + k] == own_col)
            return (long)(ln->num0 + k);
    return -1;
}

/* A target stated before the value ("gap (should be ~2e-16): 7.6e-01"):
 * the first number after the parenthetical holding num, when only a
 * separator stands between them. */
static long after_paren(const struct extract_transcript *t, size_t li, long num)
{
    const struct xline *ln = &t->lines[li];
    const char *s = t->text + ln->off;
    size_t i = t->nums[num].end;
    int depth = 0;

    for (; i < ln->len; i++) {
        if (s[i] == '(')
            depth++;
        else if (s[i] == ')' && depth-- == 0)
            break;
    }
    if (i >= ln->len)
        return -1;
    for (i++; i < ln->len && strchr(" \t:=", s[i]); i++)
        ;
    for (size_t k = 0; k < ln->n_nums; k++)
        if (t->nums[ln->num0 + k].start == i)
            return (long)(ln->num0 + k);
    return -1;
}

/* "target: 0.490  got: 0.620": the first later number on the line whose
 * own label says it is the student's. */
static long labelled_own_after(const struct extract_transcript *t, size_t li, long num)
{
    const struct xline *ln = &t->lines[li];
    struct xatom words[LEVEL_WORDS_MAX];
    const char *w;

    for (long k = extract_num_atom(t, ln, num) + 1; k > 0 && (size_t)k < ln->n_atoms; k++) {
        if (t->atoms[ln->atom0 + k].num < 0)
            continue;
        size_t n = label_words(t, ln, (size_t)k, words);
        if (classify(words, n, &w) == LEVEL_OWN)
            return t->atoms[ln->atom0 + k].num;
    }
    return -1;
}

long extract_refmark_own_value(const struct extract_transcript *t, size_t li, long num)
{
    long own;

    if (num < 0)
        return -1;
    if ((own = own_column(t, li, num)) < 0 && (own = after_paren(t, li, num)) < 0)
        own = labelled_own_after(t, li, num);
    return own;
}
