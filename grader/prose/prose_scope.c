/* prose_scope.c — the stance of a keyword mention in its clause (see
 * prose_scope.h).
 *
 * The text is cut into tokens: words (letters, digits, inner apostrophes,
 * decimal points and hyphens, UTF-8 letters) and clause breaks; everything
 * else (spaces, quotes, Markdown emphasis) separates words.  The rules then
 * walk the words of the mention's clause, back and forth, a few at a time.
 */
#include "prose/prose_scope.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "prose/prose_lexicon.h"

/* A capacity, not a rule: a text's tokens past it are not read. */
#define MAX_TOKENS 4096

struct tok {
    size_t a, b;
    int brk;               /* a clause break, not a word */
    int named;             /* inside a name (prose_scope_span): never a negator */
};

struct toks {
    const char *t;
    size_t len, n, cap;
    struct tok *v;         /* cap of them */
};

/* ---- tokens ---- */

static int utf8_punct(const char *t, size_t len, size_t i, unsigned char *d)
{
    if (i + 2 < len && (unsigned char)t[i] == 0xE2 && (unsigned char)t[i + 1] == 0x80) {
        *d = (unsigned char)t[i + 2];
        return 1;
    }
    return 0;
}

/* A continuation byte with no lead byte before it is no UTF-8 letter: a
 * Windows-1252 document's dash (0x96, 0x97) or curly quote. */
static int stray_byte(const char *t, size_t i)
{
    unsigned char c = (unsigned char)t[i];

    return c >= 0x80 && c <= 0xBF && (!i || (unsigned char)t[i - 1] < 0x80);
}

static int alnum_at(const char *t, size_t len, size_t i)
{
    return i < len && (isalnum((unsigned char)t[i]) ||
                       ((unsigned char)t[i] >= 0x80 && !stray_byte(t, i)));
}

/* Does the word go on at t[i]?  Apostrophes between letters (isn't, isn’t),
 * decimal points between digits and inner hyphens stay inside it. */
static size_t word_continues(const char *t, size_t len, size_t i)
{
    unsigned char d;

    if (utf8_punct(t, len, i, &d)) {
        if (d == 0x99 && i && isalpha((unsigned char)t[i - 1]) && alnum_at(t, len, i + 3))
            return 3;
        if (d >= 0x90 && d <= 0x9F)
            return 0;     /* dashes and curly quotes end words */
    }
    if (isalnum((unsigned char)t[i]) || t[i] == '_' ||
        ((unsigned char)t[i] >= 0x80 && !stray_byte(t, i)))
        return 1;
    if ((t[i] == '\'' || t[i] == '-') && i && alnum_at(t, len, i - 1) && alnum_at(t, len, i + 1))
        return 1;
    if (t[i] == '.' && i && isdigit((unsigned char)t[i - 1]) && i + 1 < len &&
        isdigit((unsigned char)t[i + 1]))
        return 1;
    return 0;
}

/* A clause break at t[i]: its byte length, else 0. */
static size_t break_at(const char *t, size_t len, size_t i)
{
    unsigned char d;

    if (utf8_punct(t, len, i, &d) && (d == 0x93 || d == 0x94))
        return 3;
    if (stray_byte(t, i) && ((unsigned char)t[i] == 0x96 || (unsigned char)t[i] == 0x97))
        return 1;
    if (strchr(",;:()!?", t[i]) && t[i])
        return 1;
    if (t[i] == '.' && (i + 1 >= len || !isdigit((unsigned char)t[i + 1])))
        return 1;
    return t[i] == '-' && (!i || t[i - 1] == ' ') && (i + 1 >= len || t[i + 1] == ' ') ? 1 : 0;
}

static void tokenize(struct toks *k, const char *t, size_t len)
{
    size_t i = 0, m;

    k->t = t;
    k->len = len;
    k->n = 0;
    while (i < len && k->n < k->cap) {
        if ((m = break_at(t, len, i))) {
            k->v[k->n++] = (struct tok){ i, i + m, 1, 0 };
            i += m;
        } else if (word_continues(t, len, i) && !(t[i] == '\'' || t[i] == '-')) {
            size_t a = i;
            while (i < len && (m = word_continues(t, len, i)))
                i += m;
            k->v[k->n++] = (struct tok){ a, i, 0, 0 };
        } else {
            i++;
        }
    }
}

static void mark_named(struct toks *k, const struct prose_scope_span *named, size_t n_named)
{
    for (size_t j = 0; j < k->n; j++)
        for (size_t s = 0; s < n_named; s++)
            if (k->v[j].a < named[s].to && named[s].from < k->v[j].b)
                k->v[j].named = 1;
}

/* Quoted words are mentioned, not said: in 'the traces for "packing was
 * helpful and app was not slow" and its twin separate at step 3' the quote's
 * "not" negates nothing of the writer's.  Words inside a pair of double
 * quotes (straight, or curly U+201C/U+201D) that does not hold the mention
 * at `at` are marked as named, which makes them no negators. */
static void mark_quoted(struct toks *k, size_t at)
{
    size_t open = 0;
    int inside = 0;

    for (size_t i = 0; i < k->len; i++) {
        unsigned char d = 0;
        int straight = k->t[i] == '"';
        int curly = !straight && utf8_punct(k->t, k->len, i, &d) && (d == 0x9C || d == 0x9D);
        if (!straight && !curly)
            continue;
        if (!inside && (straight || d == 0x9C)) {
            inside = 1;
            open = i;
        } else if (inside && (straight || d == 0x9D)) {
            inside = 0;
            if (!(open < at && at < i))
                for (size_t j = 0; j < k->n; j++)
                    if (k->v[j].a > open && k->v[j].b <= i)
                        k->v[j].named = 1;
        }
        if (curly)
            i += 2;
    }
}

/* The token holding byte at, or the next one. */
static size_t token_of(const struct toks *k, size_t at)
{
    size_t j = 0;

    while (j < k->n && k->v[j].b <= at)
        j++;
    return j;
}

/* ---- word lists (prose_lexicon.h) ---- */

static int word_is(const struct toks *k, size_t j, const char *w)
{
    size_t n = strlen(w);

    return j < k->n && !k->v[j].brk && k->v[j].b - k->v[j].a == n &&
           !strncasecmp(k->t + k->v[j].a, w, n);
}

/* Do the words from token j spell phrase ("other than": one space between)? */
static int phrase_is(const struct toks *k, size_t j, const char *phrase)
{
    for (;;) {
        size_t n = strcspn(phrase, " ");
        if (j >= k->n || k->v[j].brk || k->v[j].b - k->v[j].a != n ||
            strncasecmp(k->t + k->v[j].a, phrase, n))
            return 0;
        if (!phrase[n])
            return 1;
        phrase += n + 1;
        j++;
    }
}

static int phrase_in(const struct toks *k, size_t j, const char *const *list)
{
    for (; *list; list++)
        if (phrase_is(k, j, *list))
            return 1;
    return 0;
}

static int word_in(const struct toks *k, size_t j, const char *const *list)
{
    for (; *list; list++)
        if (word_is(k, j, *list))
            return 1;
    return 0;
}

static int word_starts(const struct toks *k, size_t j, const char *const *list)
{
    for (; *list; list++)
        if (j < k->n && !k->v[j].brk && k->v[j].b - k->v[j].a >= strlen(*list) &&
            !strncasecmp(k->t + k->v[j].a, *list, strlen(*list)))
            return 1;
    return 0;
}

static int ends_nt(const char *w, size_t n)
{
    return (n > 3 && !strncasecmp(w + n - 3, "n't", 3)) ||
           (n > 5 && !memcmp(w + n - 5, "n\xE2\x80\x99", 4) && (w[n - 1] | 0x20) == 't');
}

static int is_negator(const struct toks *k, size_t j)
{
    if (j >= k->n || k->v[j].brk || k->v[j].named)
        return 0;
    return word_in(k, j, prose_lexicon_negators) ||
           ends_nt(k->t + k->v[j].a, k->v[j].b - k->v[j].a) ||
           (word_starts(k, j, (const char *const[]){ "fail", NULL }) && word_is(k, j + 1, "to")) ||
           (word_is(k, j, "rather") && word_is(k, j + 1, "than")) ||
           (word_is(k, j, "instead") && word_is(k, j + 1, "of"));
}

/* The first word after token j that is no auxiliary ("is", "should be"). */
static size_t past_auxiliaries(const struct toks *k, size_t j)
{
    for (size_t s = 0; s < prose_lexicon_aux_run && word_in(k, j, prose_lexicon_auxiliaries); s++)
        j++;
    return j;
}

/* Is the negator at token j undone by what follows it: "not only", "not
 * blind to", "cannot sum to anything but 1"?  2 = hedged ("not necessarily"). */
static int undone_after(const struct toks *k, size_t j)
{
    size_t next = past_auxiliaries(k, j + 1 + (word_is(k, j, "rather") ||
                                               word_is(k, j, "instead")));

    if (word_in(k, j + 1, prose_lexicon_hedges))
        return 2;
    if (word_in(k, j + 1, prose_lexicon_not_a_denial) ||
        word_starts(k, next, prose_lexicon_litotes))
        return 1;
    for (size_t i = j + 1; i < k->n && i < j + prose_lexicon_undo_reach; i++) {
        if (k->v[i].brk && strchr(".!?;", k->t[k->v[i].a]))
            break;
        if (phrase_in(k, i, prose_lexicon_undoers))
            return 1;
    }
    return 0;
}

/* ---- stance ---- */

static struct prose_scope_hit hit(enum prose_stance s, const struct toks *k, size_t from_tok,
                                  size_t at, size_t end)
{
    size_t from = from_tok < k->n && k->v[from_tok].a < at ? k->v[from_tok].a : at;

    return (struct prose_scope_hit){ s, from, end, 0 };
}

/* A negator after the mention, past auxiliaries: "the forget bias is not
 * worth touching".  Returns its token, or k->n. */
static size_t negated_after(const struct toks *k, size_t last)
{
    size_t j = past_auxiliaries(k, last + 1);

    if (j < k->n && is_negator(k, j) && !word_is(k, j, "without") && !word_is(k, j, "rather") &&
        !word_is(k, j, "instead"))
        return j;
    return k->n;
}

struct look {
    size_t negs, preds;      /* negators and negative predicates before the mention */
    size_t nearest;          /* token of the nearest negator */
    size_t between;          /* words between it and the mention */
    int opens;               /* it opens the clause ("No row attends ...") */
};

/* "without" and "no" negate the noun phrase they govern; a name after it
 * (a rubric's subject) starts the clause's own subject, out of their reach:
 * "Without new evidence the mood unit weakens". */
static int phrase_ended(const struct toks *k, size_t j, int name_after)
{
    return name_after && (word_is(k, j, "without") || word_is(k, j, "no"));
}

static void look_back(const struct toks *k, size_t first, struct look *l)
{
    size_t words = 0;
    int name_after = 0;

    memset(l, 0, sizeof *l);
    l->nearest = k->n;
    for (size_t j = first; j-- > 0 && words < prose_lexicon_look_back;) {
        if (k->v[j].brk)
            break;
        name_after |= k->v[j].named;
        if (is_negator(k, j) && !phrase_ended(k, j, name_after)) {
            if (!l->negs++) {
                l->nearest = j;
                l->between = words;
                l->opens = !j || k->v[j - 1].brk || word_in(k, j - 1, prose_lexicon_openers);
            }
        } else if (!k->v[j].named && word_starts(k, j, prose_lexicon_litotes)) {
            l->preds++;
        }
        if (word_in(k, j, prose_lexicon_openers))
            break;
        words++;
    }
}

/* A bare contrast tag: ", not the beginning." — "not" opening a clause of at
 * prose_lexicon_tag_words words.  It negates a noun, and whether that is the idea's
 * negation ("it learns the end, not the beginning") a keyword cannot tell. */
static int contrast_tag(const struct toks *k, size_t j)
{
    size_t words = 0, i;

    if (!word_is(k, j, "not") || !j || !k->v[j - 1].brk || strchr(".!?", k->t[k->v[j - 1].a]))
        return 0;
    for (i = j + 1; i < k->n && !k->v[i].brk; i++)
        words++;
    return words <= prose_lexicon_tag_words;
}

static struct prose_scope_hit scope(const struct toks *k, size_t first, size_t last, size_t at,
                                    size_t end, enum prose_scope_reach reach)
{
    struct prose_scope_hit h;
    struct look l;
    int undone;

    look_back(k, first, &l);
    if (!l.negs && reach == PROSE_SCOPE_BEFORE)
        return hit(PROSE_SAID, k, k->n, at, end);
    if (!l.negs) {
        size_t j = negated_after(k, last);
        if (j == k->n || (undone = undone_after(k, j)) == 1)
            return hit(PROSE_SAID, k, k->n, at, end);
        return hit(undone ? PROSE_UNSURE : PROSE_DENIED, k, k->n, at, k->v[j].b);
    }
    undone = undone_after(k, l.nearest);
    if (undone == 1 || (l.negs + l.preds) % 2 == 0)
        return hit(PROSE_SAID, k, k->n, at, end);
    if (undone == 2 || (l.between > prose_lexicon_close && !l.opens))
        return hit(PROSE_UNSURE, k, l.nearest, at, end);
    h = hit(PROSE_DENIED, k, l.nearest, at, end);
    h.contrast = contrast_tag(k, l.nearest);
    return h;
}

/* The tokens of t[0, len), on the heap (MAX_TOKENS of them are ~96 KB). */
static struct toks *toks_new(const char *t, size_t len, struct gb_err *err)
{
    struct toks *k = malloc(sizeof *k);

    if (k && !(k->v = malloc(MAX_TOKENS * sizeof *k->v))) {
        free(k);
        k = NULL;
    }
    if (!k) {
        gb_fail(err, "out of memory reading a sentence's negations");
        return NULL;
    }
    k->cap = MAX_TOKENS;
    tokenize(k, t, len);
    return k;
}

static void toks_free(struct toks *k)
{
    free(k->v);
    free(k);
}

int prose_scope_mention(const char *t, size_t len, size_t at, size_t n,
                        struct prose_scope_hit *out, struct gb_err *err)
{
    return prose_scope_mention_named(t, len, at, n, NULL, 0, PROSE_SCOPE_CLAUSE, out, err);
}

int prose_scope_mention_named(const char *t, size_t len, size_t at, size_t n,
                              const struct prose_scope_span *named, size_t n_named,
                              enum prose_scope_reach reach, struct prose_scope_hit *out,
                              struct gb_err *err)
{
    struct toks *k = toks_new(t, len, err);
    size_t first, last;

    *out = (struct prose_scope_hit){ PROSE_SAID, at, at + n, 0 };
    if (!k)
        return -1;
    mark_named(k, named, n_named);
    mark_quoted(k, at);
    first = token_of(k, at);
    last = token_of(k, at + (n ? n - 1 : 0));
    if (first < k->n && last < k->n)
        *out = scope(k, first, last, at, k->v[last].b > at + n ? k->v[last].b : at + n, reach);
    toks_free(k);
    return 0;
}

int prose_scope_negation(const char *t, size_t len, size_t at, size_t n,
                         struct prose_scope_hit *out, struct gb_err *err)
{
    struct toks *k = toks_new(t, len, err);
    size_t j;
    int undone;

    *out = (struct prose_scope_hit){ PROSE_SAID, at, at + n, 0 };
    if (!k)
        return -1;
    j = token_of(k, at);
    if (j < k->n && (undone = undone_after(k, j)) != 0) {
        out->stance = undone == 1 ? PROSE_DENIED : PROSE_UNSURE;
        out->to = k->v[past_auxiliaries(k, j + 1) < k->n ? past_auxiliaries(k, j + 1) : j].b;
    } else if (j < k->n && contrast_tag(k, j)) {
        out->stance = PROSE_UNSURE;
        while (j + 1 < k->n && !k->v[j + 1].brk)
            j++;
        out->to = k->v[j].b;    /* quote the whole tag: "not the beginning" */
    }
    toks_free(k);
    return 0;
}

int prose_scope_own_choice_tag(const char *t, size_t len, size_t at, int *own,
                               struct gb_err *err)
{
    struct toks *k = toks_new(t, len, err);
    size_t j, i;

    *own = 0;
    if (!k)
        return -1;
    j = token_of(k, at);
    if (j < k->n && contrast_tag(k, j)) {
        /* the host clause: from the break before it to the tag's comma; the
         * writer must be its last subject ("I think it learns the end, not
         * the beginning" is about the model) */
        for (i = j - 1; i > 0 && !k->v[i - 1].brk; i--)
            ;
        for (; i + 1 < j; i++) {
            if (word_in(k, i, prose_lexicon_first_person))
                *own = 1;
            else if (*own && word_in(k, i, prose_lexicon_other_subjects))
                *own = 0;
        }
    }
    toks_free(k);
    return 0;
}

int prose_scope_negator_at(const char *t, size_t len, size_t at)
{
    struct tok v[2];
    struct toks k1 = { t, 0, 0, 2, v };
    size_t b = at;

    /* one word, tokenized alone (plus a following "to"/"than"/"of") */
    while (b < len && b - at < 48 && (t[b] == ' ' || word_continues(t, len, b)))
        b++;
    k1.len = b;
    for (size_t i = at, m; i < b && k1.n < k1.cap;) {
        if (word_continues(t, b, i) && !(t[i] == '\'' || t[i] == '-')) {
            size_t a = i;
            while (i < b && (m = word_continues(t, b, i)))
                i += m;
            k1.v[k1.n++] = (struct tok){ a, i, 0, 0 };
        } else {
            i++;
        }
    }
    return k1.n && is_negator(&k1, 0);
}

int prose_scope_bound_at(const char *t, size_t len, size_t at, int *bound, size_t *from,
                         struct gb_err *err)
{
    struct toks *k = toks_new(t, len, err);
    size_t j, words = 0;

    *bound = 0;
    if (!k)
        return -1;
    j = token_of(k, at);
    if (j >= 1 && j <= k->n && word_in(k, j - 1, prose_lexicon_comparatives))
        words = 1;
    else if (j >= 2 && j <= k->n && ((word_is(k, j - 1, "than") &&
                                      word_in(k, j - 2, prose_lexicon_than_words)) ||
                                     phrase_in(k, j - 2, prose_lexicon_bound_phrases)))
        words = 2;
    if (words) {
        *from = k->v[j - words].a;
        *bound = 1;
    }
    toks_free(k);
    return 0;
}

int prose_scope_keyword_negates(const char *kw)
{
    size_t n = strcspn(kw, "$");
    int found = 0;

    for (size_t i = 0; i < n && !found; i++)
        if (!i || !isalnum((unsigned char)kw[i - 1]))
            found = prose_scope_negator_at(kw, n, i);
    for (size_t i = 0; !found && prose_lexicon_negating_keywords[i]; i++)
        found = !strncasecmp(kw, prose_lexicon_negating_keywords[i],
                             strlen(prose_lexicon_negating_keywords[i]));
    return found;
}

int prose_scope_keyword_compares(const char *kw)
{
    const char **words = prose_lexicon_compare_keywords;

    for (size_t i = 0; words[i]; i++)
        if (!strncasecmp(kw, words[i], strcspn(words[i], "$")))
            return 1;
    return 0;
}
