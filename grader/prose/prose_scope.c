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

#define MAX_TOKENS 4096
#define LOOK_BACK 8        /* words a negator may precede its keyword by */
#define CLOSE 3            /* words between: at most this many denies outright */

struct tok {
    size_t a, b;
    int brk;               /* a clause break, not a word */
    int named;             /* inside a name (prose_scope_span): never a negator */
};

struct toks {
    const char *t;
    size_t len, n;
    struct tok v[MAX_TOKENS];
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
    while (i < len && k->n < MAX_TOKENS) {
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

/* The token holding byte at, or the next one. */
static size_t token_of(const struct toks *k, size_t at)
{
    size_t j = 0;

    while (j < k->n && k->v[j].b <= at)
        j++;
    return j;
}

/* ---- word lists ---- */

static const char *const negators[] = {
    "not", "no", "never", "without", "cannot", "nothing", "neither", "nor", "none", "nobody",
    "hardly", "nowhere", NULL
};
/* Negative predicates, and the verbs of leaving a thing as it is: negated,
 * they affirm ("not blind to", "never fails to", "would not leave the forget
 * bias at zero"). */
static const char *const litotes[] = {
    "blind", "unable", "incapable", "impossibl", "useless", "pointless", "ignor", "fail",
    "lost", "miss", "leav", "left", "keep", "kept", "stay", "remain", NULL
};
static const char *const openers[] = {
    "but", "while", "whilst", "whereas", "because", "since", "although", "though", "which",
    "so", "however", "when", "whenever", "if", "unless", "yet", "instead", "rather", NULL
};
static const char *const auxiliaries[] = {
    "is", "are", "was", "were", "be", "been", "being", "am", "does", "do", "did", "will",
    "would", "should", "could", "can", "may", "might", "must", "shall", "has", "have", "had",
    "really", "just", "simply", "also", "still", "even", "then", "actually", "clearly",
    "certainly", "definitely", "truly", "get", "gets", "got", NULL
};
static const char *const not_a_denial[] = { "only", "just", "merely", "simply", NULL };
static const char *const comparatives[] = {
    "above", "below", "over", "under", "beyond", "exceed", "exceeds", "exceeding", NULL
};
static const char *const than_words[] = {
    "more", "less", "greater", "fewer", "larger", "bigger", "smaller", "higher", "lower", NULL
};

static int word_is(const struct toks *k, size_t j, const char *w)
{
    size_t n = strlen(w);

    return j < k->n && !k->v[j].brk && k->v[j].b - k->v[j].a == n &&
           !strncasecmp(k->t + k->v[j].a, w, n);
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
    return word_in(k, j, negators) || ends_nt(k->t + k->v[j].a, k->v[j].b - k->v[j].a) ||
           (word_starts(k, j, (const char *const[]){ "fail", NULL }) && word_is(k, j + 1, "to")) ||
           (word_is(k, j, "rather") && word_is(k, j + 1, "than")) ||
           (word_is(k, j, "instead") && word_is(k, j + 1, "of"));
}

/* The first word after token j that is no auxiliary ("is", "should be"). */
static size_t past_auxiliaries(const struct toks *k, size_t j)
{
    for (int s = 0; s < 3 && word_in(k, j, auxiliaries); s++)
        j++;
    return j;
}

/* Is the negator at token j undone by what follows it: "not only", "not
 * blind to", "cannot sum to anything but 1"?  2 = hedged ("not necessarily"). */
static int undone_after(const struct toks *k, size_t j)
{
    size_t next = past_auxiliaries(k, j + 1 + (word_is(k, j, "rather") || word_is(k, j, "instead")));

    if (word_is(k, j + 1, "necessarily") || word_is(k, j + 1, "always"))
        return 2;
    if (word_in(k, j + 1, not_a_denial) || word_starts(k, next, litotes))
        return 1;
    for (size_t i = j + 1; i < k->n && i < j + 14; i++) {
        if (k->v[i].brk && strchr(".!?;", k->t[k->v[i].a]))
            break;
        if ((word_is(k, i, "anything") || word_is(k, i, "nothing")) && word_is(k, i + 1, "but"))
            return 1;
        if (word_is(k, i, "except") || (word_is(k, i, "other") && word_is(k, i + 1, "than")) ||
            (word_is(k, i, "apart") && word_is(k, i + 1, "from")))
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
    for (size_t j = first; j-- > 0 && words < LOOK_BACK;) {
        if (k->v[j].brk)
            break;
        name_after |= k->v[j].named;
        if (is_negator(k, j) && !phrase_ended(k, j, name_after)) {
            if (!l->negs++) {
                l->nearest = j;
                l->between = words;
                l->opens = !j || k->v[j - 1].brk || word_in(k, j - 1, openers);
            }
        } else if (!k->v[j].named && word_starts(k, j, litotes)) {
            l->preds++;
        }
        if (word_in(k, j, openers))
            break;
        words++;
    }
}

/* A bare contrast tag: ", not the beginning." — "not" opening a clause of at
 * most four words.  It negates a noun, and whether that is the idea's
 * negation ("it learns the end, not the beginning") a keyword cannot tell. */
static int contrast_tag(const struct toks *k, size_t j)
{
    size_t words = 0, i;

    if (!word_is(k, j, "not") || !j || !k->v[j - 1].brk || strchr(".!?", k->t[k->v[j - 1].a]))
        return 0;
    for (i = j + 1; i < k->n && !k->v[i].brk; i++)
        words++;
    return words <= 4;
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
    if (undone == 2 || (l.between > CLOSE && !l.opens))
        return hit(PROSE_UNSURE, k, l.nearest, at, end);
    h = hit(PROSE_DENIED, k, l.nearest, at, end);
    h.contrast = contrast_tag(k, l.nearest);
    return h;
}

struct prose_scope_hit prose_scope_mention(const char *t, size_t len, size_t at, size_t n)
{
    return prose_scope_mention_named(t, len, at, n, NULL, 0, PROSE_SCOPE_CLAUSE);
}

struct prose_scope_hit prose_scope_mention_named(const char *t, size_t len, size_t at, size_t n,
                                                 const struct prose_scope_span *named,
                                                 size_t n_named, enum prose_scope_reach reach)
{
    struct toks *k = malloc(sizeof *k);
    struct prose_scope_hit h = { PROSE_SAID, at, at + n, 0 };
    size_t first, last;

    /* without memory the mention is taken as said: the old keyword rule */
    if (!k)
        return h;
    tokenize(k, t, len);
    mark_named(k, named, n_named);
    first = token_of(k, at);
    last = token_of(k, at + (n ? n - 1 : 0));
    if (first < k->n && last < k->n)
        h = scope(k, first, last, at, k->v[last].b > at + n ? k->v[last].b : at + n, reach);
    free(k);
    return h;
}

struct prose_scope_hit prose_scope_negation(const char *t, size_t len, size_t at, size_t n)
{
    struct toks *k = malloc(sizeof *k);
    struct prose_scope_hit h = { PROSE_SAID, at, at + n, 0 };
    size_t j;
    int undone;

    if (!k)
        return h;
    tokenize(k, t, len);
    j = token_of(k, at);
    if (j < k->n && (undone = undone_after(k, j)) != 0) {
        h.stance = undone == 1 ? PROSE_DENIED : PROSE_UNSURE;
        h.to = k->v[past_auxiliaries(k, j + 1) < k->n ? past_auxiliaries(k, j + 1) : j].b;
    } else if (j < k->n && contrast_tag(k, j)) {
        h.stance = PROSE_UNSURE;
        while (j + 1 < k->n && !k->v[j + 1].brk)
            j++;
        h.to = k->v[j].b;    /* quote the whole tag: "not the beginning" */
    }
    free(k);
    return h;
}

/* The writer speaking of their own choice: "I'd show", "we would plot". */
static const char *const first_person[] = {
    "i", "i'd", "i\xe2\x80\x99" "d", "i'll", "i\xe2\x80\x99" "ll", "i'm", "i\xe2\x80\x99" "m",
    "we", "we'd", "we\xe2\x80\x99" "d", "we'll", "we\xe2\x80\x99" "ll", "let's",
    "let\xe2\x80\x99" "s", NULL
};

/* Subjects after the writer that make the clause about something else. */
static const char *const other_subjects[] = {
    "it", "it's", "it\xe2\x80\x99" "s", "its", "that", "which", "this", "they", "model", "rnn",
    "rnns", "network", "gradient", "gradients", "lstm", "gru", "attention", "layer", NULL
};

int prose_scope_own_choice_tag(const char *t, size_t len, size_t at)
{
    struct toks *k = malloc(sizeof *k);
    size_t j, i;
    int own = 0;

    if (!k)
        return 0;
    tokenize(k, t, len);
    j = token_of(k, at);
    if (j < k->n && contrast_tag(k, j)) {
        /* the host clause: from the break before it to the tag's comma; the
         * writer must be its last subject ("I think it learns the end, not
         * the beginning" is about the model) */
        for (i = j - 1; i > 0 && !k->v[i - 1].brk; i--)
            ;
        for (; i + 1 < j; i++) {
            if (word_in(k, i, first_person))
                own = 1;
            else if (own && word_in(k, i, other_subjects))
                own = 0;
        }
    }
    free(k);
    return own;
}

int prose_scope_negator_at(const char *t, size_t len, size_t at)
{
    struct toks k1;
    size_t b = at;

    /* one word, tokenized alone (plus a following "to"/"than"/"of") */
    while (b < len && b - at < 48 && (t[b] == ' ' || word_continues(t, len, b)))
        b++;
    k1.t = t;
    k1.len = b;
    k1.n = 0;
    for (size_t i = at, m; i < b && k1.n < 2;) {
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

int prose_scope_bound_at(const char *t, size_t len, size_t at, size_t *from)
{
    struct toks *k = malloc(sizeof *k);
    size_t j, words = 0;

    if (!k)
        return 0;
    tokenize(k, t, len);
    j = token_of(k, at);
    if (j >= 1 && j <= k->n && word_in(k, j - 1, comparatives))
        words = 1;
    else if (j >= 2 && j <= k->n && ((word_is(k, j - 1, "than") && word_in(k, j - 2, than_words)) ||
                                     (word_is(k, j - 2, "at") && (word_is(k, j - 1, "least") ||
                                                                  word_is(k, j - 1, "most")))))
        words = 2;
    if (words)
        *from = k->v[j - words].a;
    free(k);
    return words > 0;
}

int prose_scope_keyword_negates(const char *kw)
{
    size_t n = strcspn(kw, "$");
    int found = 0;

    for (size_t i = 0; i < n && !found; i++)
        if (!i || !isalnum((unsigned char)kw[i - 1]))
            found = prose_scope_negator_at(kw, n, i);
    return found || !strncasecmp(kw, "unable", 6) || !strncasecmp(kw, "doesn", 5) ||
           !strncasecmp(kw, "won$", 4) || !strcasecmp(kw, "can not");
}

int prose_scope_keyword_compares(const char *kw)
{
    static const char *const words[] = { "more than", "less than", "greater than", "above",
                                         "below", "at most", "at least", "exceed", "beyond",
                                         "over$", "under$", NULL };

    for (size_t i = 0; words[i]; i++)
        if (!strncasecmp(kw, words[i], strcspn(words[i], "$")))
            return 1;
    return 0;
}
