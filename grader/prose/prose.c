/* prose.c — sentence splitting and keyword matching for comments and answers
 * (see prose.h).  Deliberately simple and predictable: an instructor must be
 * able to tell from the rubric alone which sentences will match. */
#include "prose/prose.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "extract/numparse.h"
#include "prose/prose_lexicon.h"

static int is_word_byte(unsigned char c)
{
    return isalnum(c) || c >= 0x80;   /* UTF-8 letters stay inside words */
}

/* A blank line, or a line that starts a list item or a heading, is a hard
 * break: the text before it is one sentence even without a full stop. */
static int hard_break_at(const char *t, size_t len, size_t i)
{
    size_t j = i + 1;

    if (t[i] != '\n')
        return 0;
    while (j < len && (t[j] == ' ' || t[j] == '\t' || t[j] == '\r'))
        j++;
    if (j >= len || t[j] == '\n' || t[j] == '#')
        return 1;
    if ((t[j] == '-' || t[j] == '*' || t[j] == '+') && j + 1 < len && t[j + 1] == ' ')
        return 1;
    return isdigit((unsigned char)t[j]) && j + 1 < len && t[j + 1] == '.' &&
           j + 2 < len && t[j + 2] == ' ';
}

static int word_in_list(const char *w, const char **list)
{
    for (; *list; list++)
        if (!strcmp(w, *list))
            return 1;
    return 0;
}

/* Is the '.' at i the point of an abbreviation ("e.g.", "vs.", "approx.",
 * "No. 3", "etc. and")?  Those do not end a sentence. */
static int abbreviation_at(const char *t, size_t len, size_t i)
{
    char w[16];
    size_t a = i, k = 0, next = i + 1;
    int dotted = 0;

    while (a > 0 && i - a < sizeof w - 1 &&
           (isalpha((unsigned char)t[a - 1]) || (t[a - 1] == '.' && a >= 2 &&
                                                  isalpha((unsigned char)t[a - 2]))))
        a--;
    if (a == i || (a > 0 && isalnum((unsigned char)t[a - 1])))
        return 0;
    for (size_t j = a; j < i; j++)
        if (t[j] == '.')
            dotted = 1;
        else
            w[k++] = (char)tolower((unsigned char)t[j]);
    w[k] = '\0';
    while (next < len && (t[next] == ' ' || t[next] == '\t'))
        next++;
    /* e.g. i.e. a.k.a. w.r.t. */
    if (word_in_list(w, prose_lexicon_abbreviations) || (dotted && k <= 4))
        return 1;
    if (word_in_list(w, prose_lexicon_before_number))
        return next < len && isdigit((unsigned char)t[next]);
    /* "etc." ends a sentence only when a capital follows */
    return !strcmp(w, "etc") && next < len && t[next] != '\n' && t[next] != '\r' &&
           !isupper((unsigned char)t[next]);
}

/* A point inside a quotation or an ellipsis ('"the refund was slow, not
 * ..." fill in the same columns') ends no sentence when the text goes on in
 * lower case: the writer is still in the sentence that quotes it. */
static int quoted_or_trailing_off(const char *t, size_t len, size_t i)
{
    size_t j = i + 1;
    int quote = 0;

    while (j < len && (t[j] == '"' || t[j] == '\'' || t[j] == ')' || t[j] == '*')) {
        quote |= t[j] == '"' || t[j] == '\'';
        j++;
    }
    if (!quote && !(i >= 2 && t[i - 1] == '.' && t[i - 2] == '.'))
        return 0;
    while (j < len && (t[j] == ' ' || t[j] == '\t'))
        j++;
    return j < len && islower((unsigned char)t[j]);
}

static int ends_sentence(const char *t, size_t len, size_t i)
{
    if (t[i] != '.' && t[i] != '!' && t[i] != '?')
        return 0;
    if (!(i + 1 >= len || isspace((unsigned char)t[i + 1]) || t[i + 1] == '"' ||
          t[i + 1] == ')' || t[i + 1] == '*'))
        return 0;
    if (quoted_or_trailing_off(t, len, i))
        return 0;
    return t[i] != '.' || !abbreviation_at(t, len, i);
}

static int has_letter(const char *t, size_t a, size_t b)
{
    for (size_t i = a; i < b; i++)
        if (isalpha((unsigned char)t[i]))
            return 1;
    return 0;
}

static int push(struct prose *p, size_t *cap, size_t a, size_t b, struct gb_err *err)
{
    while (a < b && isspace((unsigned char)p->text[a]))
        a++;
    if (!has_letter(p->text, a, b))
        return 0;
    if (p->n == *cap) {
        size_t nc = *cap ? *cap * 2 : 16;
        struct prose_sentence *g = realloc(p->s, nc * sizeof *g);
        if (!g)
            return gb_fail(err, "out of memory splitting sentences");
        p->s = g;
        *cap = nc;
    }
    p->s[p->n].start = a;
    p->s[p->n].end = b;
    p->s[p->n].line = 0;
    p->n++;
    return 0;
}

int prose_split(const char *text, size_t len, struct prose *out, struct gb_err *err)
{
    size_t cap = 0, start = 0;

    memset(out, 0, sizeof *out);
    out->text = text;
    out->len = len;
    for (size_t i = 0; i < len; i++) {
        if (!ends_sentence(text, len, i) && !hard_break_at(text, len, i))
            continue;
        if (push(out, &cap, start, i + 1, err)) {
            prose_free(out);
            return -1;
        }
        start = i + 1;
    }
    if (push(out, &cap, start, len, err)) {
        prose_free(out);
        return -1;
    }
    /* A sentence's line is that of its first non-space byte. */
    for (size_t k = 0, ln = 1, pos = 0; k < out->n; k++) {
        for (; pos < out->s[k].start; pos++)
            ln += text[pos] == '\n';
        out->s[k].line = ln;
    }
    return 0;
}

void prose_free(struct prose *p)
{
    free(p->s);
    memset(p, 0, sizeof *p);
}

static int common_english(const char *w, size_t n)
{
    for (const char **e = (const char **)prose_lexicon_english_common; *e; e++)
        if (strlen(*e) == n && !strncasecmp(*e, w, n))
            return 1;
    return 0;
}

/* Bytes of the character at s when it is of a script written without
 * spaces between words (kana, CJK ideographs, Hangul syllables), with
 * *word 1; CJK and full-width punctuation give *word 0; 0 for any other. */
static size_t unspaced_char(const char *s, size_t len, int *word)
{
    const unsigned char *u = (const unsigned char *)s;
    unsigned cp;

    if (len < 3 || (u[0] & 0xF0) != 0xE0 || (u[1] & 0xC0) != 0x80 || (u[2] & 0xC0) != 0x80)
        return 0;
    cp = ((unsigned)(u[0] & 0x0F) << 12) | ((unsigned)(u[1] & 0x3F) << 6) | (u[2] & 0x3Fu);
    if ((cp >= 0x3040 && cp <= 0x30FF) || (cp >= 0x3400 && cp <= 0x9FFF) ||
        (cp >= 0xAC00 && cp <= 0xD7AF) || (cp >= 0xF900 && cp <= 0xFAFF))
        *word = 1;
    else if ((cp >= 0x3000 && cp <= 0x303F) || (cp >= 0xFF00 && cp <= 0xFFEF))
        *word = 0;
    else
        return 0;
    return 3;
}

int prose_readable(const char *text, size_t len)
{
    size_t words = 0, common = 0, i = 0;

    while (i < len) {
        size_t j = i, c;
        int word;
        /* Japanese and Chinese print no spaces: each character is a word
         * here, or a sentence of them would count as one */
        if ((c = unspaced_char(text + i, len - i, &word))) {
            words += (size_t)word;
            i += c;
            continue;
        }
        if (!is_word_byte((unsigned char)text[i])) {
            i++;
            continue;
        }
        while (j < len && is_word_byte((unsigned char)text[j]) &&
               !unspaced_char(text + j, len - j, &word))
            j++;
        if (!isdigit((unsigned char)text[i])) {   /* numbers are no language */
            words++;
            common += common_english(text + i, j - i);
        }
        i = j;
    }
    return words < prose_lexicon_readable_min || common * prose_lexicon_readable_words >= words;
}

size_t prose_word_count(const char *text, size_t len)
{
    size_t n = 0;

    for (size_t i = 0; i < len; i++)
        if (is_word_byte((unsigned char)text[i]) &&
            (i == 0 || !is_word_byte((unsigned char)text[i - 1])))
            n++;
    return n;
}

static int number_keyword_in(const char *text, size_t len, double want)
{
    struct numparse_num nums[64];
    size_t n = numparse_scan(text, len, 0, nums, 64);

    if (n > 64)
        n = 64;
    for (size_t i = 0; i < n; i++) {
        double v = numparse_fraction(&nums[i]);
        if (nums[i].flags & NUMPARSE_GLUED)
            continue;
        if (fabs(v - want) <= 1e-9 * fmax(1.0, fabs(want)) || fabs(nums[i].value - want) <= 1e-9)
            return 1;
    }
    return 0;
}

int prose_keyword_at(const char *text, size_t len, const char *kw, size_t from, size_t *at,
                     size_t *n)
{
    size_t klen = strlen(kw);
    int whole = klen > 1 && kw[klen - 1] == '$';

    if (whole)
        klen--;
    if (!klen || klen > len)
        return 0;
    for (size_t i = from; i + klen <= len; i++) {
        if (is_word_byte((unsigned char)kw[0]) && i > 0 && is_word_byte((unsigned char)text[i - 1]))
            continue;
        if (strncasecmp(text + i, kw, klen))
            continue;
        if (whole && i + klen < len && is_word_byte((unsigned char)text[i + klen]))
            continue;
        *at = i;
        *n = klen;
        return 1;
    }
    return 0;
}

int prose_keyword_in(const char *text, size_t len, const char *kw)
{
    size_t at, n;

    if (kw[0] == '#')
        return number_keyword_in(text, len, strtod(kw + 1, NULL));
    return prose_keyword_at(text, len, kw, 0, &at, &n);
}

int prose_group_in(const char *text, size_t len, const struct rubric_strings *group)
{
    for (size_t i = 0; i < group->n; i++)
        if (prose_keyword_in(text, len, group->v[i]))
            return (int)i;
    return -1;
}

/* Does the window of w sentences from i carry every group?  Counts hits. */
static size_t window_hits(const struct prose *p, const struct rubric_strings *groups,
                          size_t n_groups, size_t i, size_t w, size_t *miss)
{
    size_t last = i + w - 1 < p->n ? i + w - 1 : p->n - 1, hits = 0;
    const char *a = p->text + p->s[i].start;
    size_t n = p->s[last].end - p->s[i].start;

    *miss = n_groups;
    for (size_t g = 0; g < n_groups; g++) {
        if (prose_group_in(a, n, &groups[g]) >= 0)
            hits++;
        else if (*miss == n_groups)
            *miss = g;
    }
    return hits;
}

int prose_window_has_ideas(const struct prose *p, const struct rubric_strings *groups,
                           size_t n_groups, size_t i, size_t w)
{
    size_t miss;

    return i < p->n && window_hits(p, groups, n_groups, i, w, &miss) == n_groups;
}

long prose_find_ideas(const struct prose *p, const struct rubric_strings *groups,
                      size_t n_groups, size_t window, size_t *used, size_t *missing)
{
    size_t best = 0, miss;

    *missing = 0;
    *used = 1;
    /* The tightest quote wins: one sentence that says it all beats a pair. */
    for (size_t w = 1; w <= (window ? window : 1); w++)
        for (size_t i = 0; i < p->n; i++) {
            size_t hits = window_hits(p, groups, n_groups, i, w, &miss);
            if (hits == n_groups) {
                *used = w;
                return (long)i;
            }
            if (hits > best) {
                best = hits;
                *missing = miss;
            }
        }
    return -1;
}

/* ---- ideas with their stance (prose_scope.h) ---- */

struct idea_ctx {
    const struct prose *p;
    const struct rubric_strings *groups;
    size_t n_groups;
    int asks_negation, compares;
    size_t first, last;          /* the window's sentences */
};

static int idea_flag(const struct rubric_strings *groups, size_t n, int (*test)(const char *))
{
    for (size_t g = 0; g < n; g++)
        for (size_t k = 0; k < groups[g].n; k++)
            if (test(groups[g].v[k]))
                return 1;
    return 0;
}

/* Does the window sentence holding text[at] mention a group other than g? */
static int tied(const struct idea_ctx *c, size_t g, size_t at)
{
    for (size_t s = c->first; s <= c->last; s++) {
        const struct prose_sentence *ps = &c->p->s[s];
        if (at < ps->start || at >= ps->end)
            continue;
        for (size_t h = 0; h < c->n_groups; h++)
            if (h != g && prose_group_in(c->p->text + ps->start, ps->end - ps->start,
                                         &c->groups[h]) >= 0)
                return 1;
    }
    return 0;
}

static void keep(struct prose_scope_hit *best, struct prose_scope_hit h, size_t base)
{
    if (h.stance < best->stance) {
        *best = h;
        best->from += base;
        best->to += base;
    }
}

static int number_mentions(const struct idea_ctx *c, const char *a, size_t n, size_t base,
                           double want, struct prose_scope_hit *best, struct gb_err *err)
{
    struct numparse_num nums[64];
    size_t k = numparse_scan(a, n, 0, nums, 64);

    for (size_t i = 0; i < k && i < 64; i++) {
        double v = numparse_fraction(&nums[i]);
        size_t at = nums[i].start, m = nums[i].end - nums[i].start;
        struct prose_scope_hit h;
        int bound = 0;
        if (m > 1 && a[at + m - 1] == '.')
            m--;      /* "sum to 1." ends the sentence: the point is no part of the number */
        h = (struct prose_scope_hit){ PROSE_SAID, at, at + m, 0 };
        if ((nums[i].flags & NUMPARSE_GLUED) ||
            !(fabs(v - want) <= 1e-9 * fmax(1.0, fabs(want)) || fabs(nums[i].value - want) <= 1e-9))
            continue;
        if (!c->compares && prose_scope_bound_at(a, n, at, &bound, &h.from, err))
            return -1;
        if (bound)
            h.stance = PROSE_DENIED;
        else if (!c->asks_negation && prose_scope_mention(a, n, at, m, &h, err))
            return -1;
        keep(best, h, base);
    }
    return 0;
}

/* The stance of one mention of a word keyword at a[at, at + m); *skip when
 * it is a negation of something else. */
static int mention_stance(const struct idea_ctx *c, size_t g, const char *a, size_t n,
                          size_t base, size_t at, size_t m, struct prose_scope_hit *h,
                          int *skip, struct gb_err *err)
{
    int own;

    *h = (struct prose_scope_hit){ PROSE_SAID, at, at + m, 0 };
    *skip = 0;
    if (!prose_scope_negator_at(a, n, at))
        return c->asks_negation ? 0 : prose_scope_mention(a, n, at, m, h, err);
    if (prose_scope_own_choice_tag(a, n, at, &own, err))
        return -1;
    if (own) {
        *skip = 1;     /* the writer's choice, not the idea's negation */
        return 0;
    }
    if (prose_scope_negation(a, n, at, m, h, err))
        return -1;
    *skip = !tied(c, g, base + at);     /* a negation of something else */
    return 0;
}

/* The strongest stance group g has in the window, in *best. */
static int group_stance(const struct idea_ctx *c, size_t g, struct prose_scope_hit *best,
                        struct gb_err *err)
{
    size_t base = c->p->s[c->first].start, n = c->p->s[c->last].end - base;
    const char *a = c->p->text + base;

    *best = (struct prose_scope_hit){ PROSE_ABSENT, 0, 0, 0 };
    for (size_t k = 0; k < c->groups[g].n && best->stance != PROSE_SAID; k++) {
        const char *kw = c->groups[g].v[k];
        size_t from = 0, at, m;
        if (kw[0] == '#') {
            if (number_mentions(c, a, n, base, strtod(kw + 1, NULL), best, err))
                return -1;
            continue;
        }
        for (; prose_keyword_at(a, n, kw, from, &at, &m); from = at + 1) {
            struct prose_scope_hit h;
            int skip;
            if (mention_stance(c, g, a, n, base, at, m, &h, &skip, err))
                return -1;
            if (!skip)
                keep(best, h, base);
        }
    }
    return 0;
}

/* The window's weakest group stance, in *worst; *weakest and *hit describe it. */
static int window_stance(const struct idea_ctx *c, size_t *weakest, struct prose_scope_hit *hit,
                         size_t *present, enum prose_stance *worst, struct gb_err *err)
{
    *worst = PROSE_SAID;
    *present = 0;
    for (size_t g = 0; g < c->n_groups; g++) {
        struct prose_scope_hit h;
        if (group_stance(c, g, &h, err))
            return -1;
        *present += h.stance != PROSE_ABSENT;
        if (h.stance > *worst) {
            *worst = h.stance;
            *weakest = g;
            *hit = h;
        }
    }
    return 0;
}

static int consider(struct prose_ideas *out, const struct idea_ctx *c, size_t w,
                    size_t *best_present, struct gb_err *err)
{
    struct prose_scope_hit h = { PROSE_SAID, 0, 0, 0 };
    size_t weakest = 0, present;
    enum prose_stance s;

    if (window_stance(c, &weakest, &h, &present, &s, err))
        return -1;
    if (s == PROSE_SAID) {
        out->first = (long)c->first;
        out->used = w;
        return 0;
    }
    if (s == PROSE_ABSENT) {
        if (present > *best_present) {
            *best_present = present;
            out->missing = weakest;
        }
        return 0;
    }
    if (out->near < 0 || (s == PROSE_UNSURE && out->stance == PROSE_DENIED)) {
        out->near = (long)c->first;
        out->near_used = w;
        out->stance = s;
        out->group = weakest;
        out->from = h.from;
        out->to = h.to;
    }
    return 0;
}

/* Does a sentence outside the found window set a group aside with a bare
 * contrast tag and say none of it?  Ordinary negations there ("RNNs cannot
 * run in parallel") may state the idea's other side, so only the tag counts. */
static int find_aside(struct idea_ctx c, struct prose_ideas *out, struct gb_err *err)
{
    for (size_t k = 0; k < c.p->n && !c.asks_negation; k++) {
        if (k >= (size_t)out->first && k < (size_t)out->first + out->used)
            continue;
        c.first = c.last = k;
        for (size_t g = 0; g < c.n_groups; g++) {
            struct prose_scope_hit h;
            if (group_stance(&c, g, &h, err))
                return -1;
            if (h.stance == PROSE_DENIED && h.contrast) {
                out->aside = (long)k;
                out->aside_from = h.from;
                out->aside_to = h.to;
                return 0;
            }
        }
    }
    return 0;
}

int prose_find_ideas_scoped(const struct prose *p, const struct rubric_strings *groups,
                            size_t n_groups, size_t window, struct prose_ideas *out,
                            struct gb_err *err)
{
    struct idea_ctx c = { p, groups, n_groups, idea_flag(groups, n_groups, prose_scope_keyword_negates),
                          idea_flag(groups, n_groups, prose_scope_keyword_compares), 0, 0 };
    size_t best_present = 0;

    memset(out, 0, sizeof *out);
    out->first = out->near = out->aside = -1;
    out->used = out->near_used = 1;
    /* The tightest quote wins: one sentence that says it all beats a pair. */
    for (size_t w = 1; w <= (window ? window : 1); w++)
        for (size_t i = 0; i < p->n; i++) {
            c.first = i;
            c.last = i + w - 1 < p->n ? i + w - 1 : p->n - 1;
            if (consider(out, &c, w, &best_present, err))
                return -1;
            if (out->first >= 0)
                return find_aside(c, out, err);
        }
    return 0;
}
