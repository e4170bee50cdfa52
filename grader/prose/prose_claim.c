/* prose_claim.c — ties claim keywords to their subjects (see prose_claim.h).
 *
 * The window of sentences is first copied into a normal form — lower case,
 * quotes and line breaks as spaces, one space between words — with a map back
 * to the original bytes, so rubric keywords match however the student quoted
 * or wrapped the sentence.  Then every mention is found (claims, subjects,
 * numbered subjects, pronouns), each with its clause and sentence, and each
 * claim is tied to one subject by the rules in the header.  Whether a claim
 * or a subject is negated is asked of prose_scope on the original bytes, with
 * the subjects and the token "not" marked as names.
 */
#include "prose/prose_claim.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "extract/numparse.h"
#include "prose/prose_lexicon.h"
#include "prose/prose_scope.h"

/* Enough for a window read in full (PROSE_CLAIM_MAX_BYTES of dense mentions);
 * claims are collected first, so a flood of subjects never hides them. */
#define MAX_MENTIONS 2048

enum role { CLAIM, RIGHT, WRONG, OTHER, PRONOUN };

struct mention {
    size_t a, b;              /* span in the normal form */
    enum role role;
    int number;               /* a '#N' claim: a number the student wrote */
};

struct window {
    const struct prose *p;
    char *t;                  /* normal form */
    size_t *src;              /* t[i] came from p->text[src[i]] */
    unsigned *clause, *sent, *word;
    size_t len;
    size_t base, end;         /* the window's bytes in p->text */
    struct mention m[MAX_MENTIONS];
    size_t n;
    struct prose_scope_span named[MAX_MENTIONS];   /* relative to base */
    size_t n_named;
};

static int word_byte(unsigned char c)
{
    return isalnum(c) || c == '_' || c >= 0x80;
}

/* ---- the normal form ---- */

static int letter_at(const char *s, size_t len, size_t i)
{
    return i < len && isalpha((unsigned char)s[i]);
}

/* One source character (at *i) as a normal-form byte: 0 drops it. */
static char normal_char(const char *s, size_t end, size_t *i)
{
    unsigned char c = (unsigned char)s[*i];

    if (c == 0xE2 && *i + 2 < end && (unsigned char)s[*i + 1] == 0x80) {
        unsigned char d = (unsigned char)s[*i + 2];
        size_t at = *i;
        *i += 2;
        if (d == 0x99 && at && letter_at(s, end, at + 3) && isalpha((unsigned char)s[at - 1]))
            return '\'';                         /* doesn’t */
        if (d == 0x93 || d == 0x94)
            return ',';                          /* en and em dashes end a clause */
        if (d >= 0x98 && d <= 0x9D)
            return ' ';                          /* curly quotes */
        *i = at;
        return (char)c;
    }
    if (c == '"' || c == '`' || c == '\n' || c == '\r' || c == '\t')
        return ' ';
    if (c == '\'')
        return *i && isalpha((unsigned char)s[*i - 1]) && letter_at(s, end, *i + 1) ? '\'' : ' ';
    return (char)tolower(c);
}

static int normalise(struct window *w, size_t from, size_t to)
{
    const char *s = w->p->text;
    size_t cap = to - from < PROSE_CLAIM_MAX_BYTES ? to - from : PROSE_CLAIM_MAX_BYTES;

    w->t = malloc(cap + 1);
    w->src = malloc((cap + 1) * sizeof *w->src);
    w->clause = malloc((cap + 1) * sizeof *w->clause);
    w->sent = malloc((cap + 1) * sizeof *w->sent);
    w->word = malloc((cap + 1) * sizeof *w->word);
    if (!w->t || !w->src || !w->clause || !w->sent || !w->word)
        return -1;
    w->len = 0;
    for (size_t i = from; i < from + cap; i++) {
        size_t at = i;
        char c = normal_char(s, from + cap, &i);
        if (c == ' ' && (!w->len || w->t[w->len - 1] == ' '))
            continue;
        w->t[w->len] = c;
        w->src[w->len++] = at;
    }
    w->t[w->len] = '\0';
    w->src[w->len] = from + cap;
    w->base = from;
    w->end = from + cap;
    return 0;
}

/* ---- sentences, clauses and words ---- */

/* Does keyword kw (lower or mixed case, '$' = whole word) match t at i? */
static size_t match_at(const char *t, size_t len, size_t i, const char *kw)
{
    size_t k = strlen(kw);
    int whole = k > 1 && kw[k - 1] == '$';

    if (whole)
        k--;
    if (!k || i + k > len || (i && word_byte((unsigned char)kw[0]) &&
                              word_byte((unsigned char)t[i - 1])))
        return 0;
    for (size_t j = 0; j < k; j++)
        if (tolower((unsigned char)kw[j]) != (unsigned char)t[i + j])
            return 0;
    if (whole && i + k < len && word_byte((unsigned char)t[i + k]))
        return 0;
    return k;
}

static int clause_break_char(const char *t, size_t len, size_t i)
{
    if (strchr(",;:()", t[i]))
        return 1;
    return t[i] == '-' && i && t[i - 1] == ' ' && i + 1 < len && t[i + 1] == ' ';
}

static void mark_structure(struct window *w)
{
    const struct prose *p = w->p;
    unsigned clause = 0, sent = 0, word = 0;
    size_t next_sentence = 0;

    for (size_t i = 0; i < w->len; i++) {
        while (next_sentence < p->n && p->s[next_sentence].start <= w->src[i]) {
            next_sentence++;
            sent = (unsigned)next_sentence;
            clause++;
        }
        int starts_word = word_byte((unsigned char)w->t[i]) &&
                          (!i || !word_byte((unsigned char)w->t[i - 1]));
        if (starts_word) {
            word++;
            for (size_t k = 0; prose_lexicon_clause_words[k]; k++)
                if (match_at(w->t, w->len, i, prose_lexicon_clause_words[k]) &&
                    !word_byte((unsigned char)w->t[i + strlen(prose_lexicon_clause_words[k])]))
                    clause++;
        }
        w->clause[i] = clause;
        w->sent[i] = sent;
        w->word[i] = word;
        if (clause_break_char(w->t, w->len, i))
            clause++;
    }
}

/* ---- mentions ---- */

static int add(struct window *w, size_t a, size_t b, enum role role)
{
    if (w->n == MAX_MENTIONS)
        return 0;
    w->m[w->n].a = a;
    w->m[w->n].b = b;
    w->m[w->n].role = role;
    w->m[w->n].number = 0;
    w->n++;
    return 1;
}

static int inside_subject(const struct window *w, size_t a, size_t b)
{
    for (size_t k = 0; k < w->n; k++) {
        enum role r = w->m[k].role;
        if ((r == RIGHT || r == WRONG || r == OTHER) && w->m[k].a <= a && b <= w->m[k].b)
            return 1;
    }
    return 0;
}

/* The longest subject keyword at i, with its role; 0 when none. */
static size_t subject_at(const struct window *w, size_t i, const struct rubric_about *ab,
                         enum role *role)
{
    const struct rubric_strings *lists[3] = { &ab->right, &ab->wrong, &ab->other };
    const enum role roles[3] = { RIGHT, WRONG, OTHER };
    size_t best = 0;

    for (int l = 0; l < 3; l++)
        for (size_t k = 0; k < lists[l]->n; k++) {
            size_t m = match_at(w->t, w->len, i, lists[l]->v[k]);
            if (m > best) {
                best = m;
                *role = roles[l];
            }
        }
    return best;
}

static void find_subjects(struct window *w, const struct rubric_about *ab)
{
    for (size_t i = 0; i < w->len; i++) {
        enum role role;
        size_t m = subject_at(w, i, ab, &role);
        if (!m || inside_subject(w, i, i + m))
            continue;
        add(w, i, i + m, role);
        i += m - 1;
    }
}

/* ---- numbered subjects: "step 3", "t=3", "3rd step", "the third step" ---- */

static int is_number_word(const struct window *w, size_t a, size_t b,
                          const struct rubric_strings *words)
{
    for (size_t k = 0; k < words->n; k++) {
        size_t m = match_at(w->t, w->len, a, words->v[k]);
        /* "step" names "steps" too, never "stepwise" */
        if (m && (a + m == b || (a + m + 1 == b && w->t[a + m] == 's')))
            return 1;
    }
    return 0;
}

/* The word ending at or before i (skipping "=", ":", spaces): its span. */
static int word_before(const char *t, size_t i, size_t *a, size_t *b)
{
    while (i && strchr(" =:#(", t[i - 1]))
        i--;
    *b = i;
    while (i && isalpha((unsigned char)t[i - 1]))
        i--;
    *a = i;
    return *a < *b;
}

static int word_after(const char *t, size_t len, size_t i, size_t *a, size_t *b)
{
    while (i < len && t[i] == ' ')
        i++;
    *a = i;
    while (i < len && isalpha((unsigned char)t[i]))
        i++;
    *b = i;
    return *a < *b;
}

struct numbered {
    size_t a, b;
    double value;
};

/* Does a clause of prose_lexicon_superlative_clauses follow at t[i]? */
static int superlative(const struct window *w, size_t i)
{
    while (i < w->len && w->t[i] == ' ')
        i++;
    for (size_t k = 0; prose_lexicon_superlative_clauses[k]; k++) {
        size_t m = match_at(w->t, w->len, i, prose_lexicon_superlative_clauses[k]);
        if (m && (i + m >= w->len || !word_byte((unsigned char)w->t[i + m])))
            return 1;
    }
    return 0;
}

static size_t find_numbered(const struct window *w, const struct rubric_strings *words,
                            struct numbered *out, size_t max)
{
    struct numparse_num num[64];
    size_t n = numparse_scan(w->t, w->len, 0, num, 64), k = 0, a, b;

    for (size_t i = 0; i < n && i < 64 && k < max; i++) {
        size_t end = num[i].end;
        /* "step 3." ends a sentence: numparse reads numpy's "3." */
        if (!(num[i].flags & (NUMPARSE_INTEGER | NUMPARSE_TRAILING_POINT)))
            continue;
        if (word_before(w->t, num[i].start, &a, &b) && is_number_word(w, a, b, words)) {
            out[k++] = (struct numbered){ a, end, num[i].value };
            continue;
        }
        /* "3rd step" */
        while (end < w->len && isalpha((unsigned char)w->t[end]))
            end++;
        if (word_after(w->t, w->len, end, &a, &b) && is_number_word(w, a, b, words))
            out[k++] = (struct numbered){ num[i].start, b, num[i].value };
    }
    for (size_t i = 0; i < w->len && k < max; i++)
        for (size_t o = 0; prose_lexicon_ordinals[o]; o++) {
            size_t m = match_at(w->t, w->len, i, prose_lexicon_ordinals[o]);
            if (m && !word_byte((unsigned char)w->t[i + m]) &&
                word_after(w->t, w->len, i + m, &a, &b) && is_number_word(w, a, b, words) &&
                !superlative(w, b))
                out[k++] = (struct numbered){ i, b, (double)(o + 1) };
        }
    return k;
}

/* ---- names: subjects and the token "not" ---- */

static int in_list(const char *t, size_t a, size_t b, const char **list)
{
    for (size_t k = 0; list[k]; k++)
        if (strlen(list[k]) == b - a && !strncmp(t + a, list[k], b - a))
            return 1;
    return 0;
}

static int is_quote(unsigned char c)
{
    return c == '"' || c == '\'' || c == '`' || c == 0x9C || c == 0x9D || c == 0x98 ||
           c == 0x99;
}

/* Is the "not" at t[i..i+3) the token the sentence talks about? */
static int names_the_token(const struct window *w, size_t i)
{
    const char *s = w->p->text;
    size_t from = w->src[i], to = w->src[i + 2] + 1, a, b;

    if ((from && is_quote((unsigned char)s[from - 1])) ||
        (to < w->p->len && is_quote((unsigned char)s[to])))
        return 1;
    if (word_before(w->t, i, &a, &b) && b == i - (i && w->t[i - 1] == ' ') &&
        in_list(w->t, a, b, prose_lexicon_not_named_after))
        return 1;
    return word_after(w->t, w->len, i + 3, &a, &b) &&
           in_list(w->t, a, b, prose_lexicon_not_named_before);
}

static int is_subject(enum role r)
{
    return r == RIGHT || r == WRONG || r == OTHER;
}

static void add_name(struct window *w, size_t a, size_t b)
{
    if (w->n_named < MAX_MENTIONS)
        w->named[w->n_named++] = (struct prose_scope_span){ w->src[a] - w->base,
                                                            w->src[b - 1] + 1 - w->base };
}

/* Subjects and the token "not" name things: their words negate nothing
 * ("the LSTM with no forget bias memorises", "h2 lights up at not"). */
static void find_names(struct window *w)
{
    for (size_t k = 0; k < w->n; k++)
        if (is_subject(w->m[k].role))
            add_name(w, w->m[k].a, w->m[k].b);
    for (size_t i = 0; i < w->len; i++)
        if (match_at(w->t, w->len, i, "not$") && names_the_token(w, i))
            add_name(w, i, i + 3);
}

static size_t match_any(const struct window *w, size_t i, const char *const *kws, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        size_t m = kws[k][0] == '#' ? 0 : match_at(w->t, w->len, i, kws[k]);
        if (m)
            return m;
    }
    return 0;
}

static void find_keywords(struct window *w, const char *const *kws, size_t n, enum role role)
{
    for (size_t i = 0; i < w->len; i++) {
        size_t m = match_any(w, i, kws, n);
        if (m)
            add(w, i, i + m, role);
    }
}

/* '#N' claim keywords: a number of that value anywhere in the window. */
static void find_number_claims(struct window *w, const struct rubric_strings *claim)
{
    struct numparse_num num[64];
    size_t n = numparse_scan(w->t, w->len, 0, num, 64);

    for (size_t i = 0; i < n && i < 64; i++)
        for (size_t k = 0; k < claim->n; k++)
            if (claim->v[k][0] == '#' &&
                fabs(numparse_fraction(&num[i]) - strtod(claim->v[k] + 1, NULL)) <= 1e-9) {
                if (add(w, num[i].start, num[i].end, CLAIM))
                    w->m[w->n - 1].number = 1;
                break;
            }
}

/* ---- tying a claim to its subject ---- */

/* Is mention m denied, or perhaps denied, by a negator within reach
 * (prose_scope.h)?  The answer in *neg.  A claim said only perhaps is not
 * said: no credit rests on it. */
static int negated(const struct window *w, const struct mention *m, enum prose_scope_reach reach,
                   int *neg, struct gb_err *err)
{
    size_t from = w->src[m->a], to = w->src[m->b - 1] + 1;
    struct prose_scope_hit h;

    *neg = 0;
    if (prose_scope_mention_named(w->p->text + w->base, w->end - w->base, from - w->base,
                                  to - from, w->named, w->n_named, reach, &h, err))
        return -1;
    *neg = h.stance == PROSE_DENIED || h.stance == PROSE_UNSURE;
    return 0;
}

static int has_pronoun(const struct window *w, size_t at)
{
    for (size_t k = 0; k < w->n; k++)
        if (w->m[k].role == PRONOUN && w->clause[w->m[k].a] == w->clause[at])
            return 1;
    return 0;
}

static size_t distance(const struct window *w, const struct mention *s, const struct mention *c)
{
    return s->a < c->a ? w->word[c->a] - w->word[s->a] : w->word[s->a] - w->word[c->a];
}

/* "rude: 0.711", "rude = 0.711": the subject labels the number right after it. */
static int labels(const struct window *w, const struct mention *s, const struct mention *c)
{
    if (s->b > c->a)
        return 0;
    for (size_t i = s->b; i < c->a; i++)
        if (!strchr(" :=", w->t[i]))
            return 0;
    return 1;
}

/* Rules 1-3 of the header; NULL when the claim has no subject.  A number
 * is said only of a subject in its own clause ("0.711 on rude") or of the
 * label just before it ("rude: 0.711"): in "(support, was, not, rude) =
 * 0.096, 0.096, 0.096, 0.711" each number goes with a position, and the
 * nearest earlier token is a layout accident. */
static const struct mention *tie(const struct window *w, const struct mention *c)
{
    const struct mention *same = NULL, *before = NULL, *after = NULL, *earlier = NULL;

    for (size_t k = 0; k < w->n; k++) {
        const struct mention *s = &w->m[k];
        if (!is_subject(s->role))
            continue;
        if (c->number && labels(w, s, c))
            return s;
        if (w->clause[s->a] == w->clause[c->a]) {
            if (!same || distance(w, s, c) < distance(w, same, c) ||
                (distance(w, s, c) == distance(w, same, c) && s->a < c->a))
                same = s;
        } else if (w->sent[s->a] == w->sent[c->a]) {
            if (s->a < c->a)
                before = s;
            else if (!after)
                after = s;
        } else if (s->a < c->a) {
            earlier = s;
        }
    }
    if (same || c->number)
        return same;
    if (before)
        return before;
    if (after)
        return after;
    return earlier && has_pronoun(w, c->a) ? earlier : NULL;
}

/* The verdict of claim c tied to subject s, in *v. */
static int judge_tie(const struct window *w, const struct mention *c, const struct mention *s,
                     enum prose_claim_verdict *v, struct gb_err *err)
{
    int neg = 0;

    *v = PROSE_CLAIM_NONE;
    if (!s || s->role == OTHER)
        return 0;
    if (negated(w, c, PROSE_SCOPE_CLAUSE, &neg, err))
        return -1;
    if (!neg && w->clause[s->a] != w->clause[c->a] && negated(w, s, PROSE_SCOPE_BEFORE, &neg, err))
        return -1;
    if (!neg)
        *v = s->role == RIGHT ? PROSE_CLAIM_RIGHT : PROSE_CLAIM_WRONG;
    return 0;
}

static void add_numbered(struct window *w, const struct prose_claim_spec *spec)
{
    struct numbered num[32];
    size_t n = find_numbered(w, &spec->about->number_words, num, 32);

    for (size_t i = 0; i < n; i++)
        if (!inside_subject(w, num[i].a, num[i].b))
            add(w, num[i].a, num[i].b,
                fabs(num[i].value - spec->number) < 1e-9 ? RIGHT : WRONG);
}

static size_t count(const char **list)
{
    size_t n = 0;

    while (list[n])
        n++;
    return n;
}

static void collect(struct window *w, const struct prose_claim_spec *spec)
{
    find_keywords(w, (const char *const *)spec->claim->v, spec->claim->n, CLAIM);
    find_number_claims(w, spec->claim);
    find_subjects(w, spec->about);
    if (spec->about->has_number)
        add_numbered(w, spec);
    find_names(w);
    find_keywords(w, prose_lexicon_pronouns, count(prose_lexicon_pronouns), PRONOUN);
}

static int has_subjects(const struct rubric_about *ab)
{
    return ab->right.n || ab->wrong.n || ab->other.n || ab->has_number;
}

/* Without subjects a claim only has to be affirmed: "it was luck" is right,
 * "it is not luck" denies it.  An affirmation anywhere wins. */
static int affirmed(const struct window *w, struct prose_claim_tie *out, struct gb_err *err)
{
    memset(out, 0, sizeof *out);
    for (size_t k = 0; k < w->n && out->verdict != PROSE_CLAIM_RIGHT; k++) {
        const struct mention *c = &w->m[k];
        int neg;
        if (c->role != CLAIM)
            continue;
        if (negated(w, c, PROSE_SCOPE_CLAUSE, &neg, err))
            return -1;
        out->verdict = neg ? PROSE_CLAIM_WRONG : PROSE_CLAIM_RIGHT;
        out->claim_start = out->subject_start = w->src[c->a];
        out->claim_end = out->subject_end = w->src[c->b - 1] + 1;
    }
    return 0;
}

/* Whether the claim c is asked rather than made: a question word
 * (prose_lexicon_question_words) before it in its clause, or its sentence
 * ends in '?'.  "to see whether the memories split at 'not' or at the first
 * opinion word" ties the claim to no subject. */
static int asked(const struct window *w, const struct mention *c)
{
    const struct prose *p = w->p;
    unsigned sent = w->sent[c->a];
    size_t end;

    for (size_t i = c->a; i-- > 0 && w->clause[i] == w->clause[c->a];)
        if (word_byte((unsigned char)w->t[i]) && (!i || !word_byte((unsigned char)w->t[i - 1])))
            for (size_t k = 0; prose_lexicon_question_words[k]; k++) {
                size_t n = strlen(prose_lexicon_question_words[k]);
                if (match_at(w->t, w->len, i, prose_lexicon_question_words[k]) &&
                    (i + n >= w->len || !word_byte((unsigned char)w->t[i + n])))
                    return 1;
            }
    if (!sent || sent > p->n)
        return 0;
    end = p->s[sent - 1].end;
    while (end > p->s[sent - 1].start && isspace((unsigned char)p->text[end - 1]))
        end--;
    return end > p->s[sent - 1].start && p->text[end - 1] == '?';
}

static int verdict_of(const struct window *w, const struct rubric_about *ab,
                      struct prose_claim_tie *out, struct gb_err *err)
{
    if (!has_subjects(ab))
        return affirmed(w, out, err);
    long decided = -1;      /* the sentence whose statement was taken last */

    memset(out, 0, sizeof *out);
    for (size_t k = 0; k < w->n; k++) {
        const struct mention *c = &w->m[k], *s;
        enum prose_claim_verdict v;
        if (c->role != CLAIM || inside_subject(w, c->a, c->b) || asked(w, c))
            continue;
        s = tie(w, c);
        /* A sentence states its claim first — of the right subject, another
         * one, or denied ("can't split just because 'not' arrives at
         * different steps") — and a later tie in the same sentence is the
         * contrast it draws ("separate at step 3, ... by step 7, where not
         * arrives, they are long since different"). */
        if (!s || (long)w->sent[c->a] == decided)
            continue;
        decided = (long)w->sent[c->a];
        if (judge_tie(w, c, s, &v, err))
            return -1;
        if (v == PROSE_CLAIM_NONE)
            continue;
        if ((out->verdict && v != PROSE_CLAIM_WRONG) || out->verdict == PROSE_CLAIM_WRONG)
            continue;
        out->verdict = v;
        out->claim_start = w->src[c->a];
        out->claim_end = w->src[c->b - 1] + 1;
        /* quote the whole word: "separate", not the keyword "separat" */
        while (out->claim_end < w->p->len && word_byte((unsigned char)w->p->text[out->claim_end]))
            out->claim_end++;
        out->subject_start = w->src[s->a];
        out->subject_end = w->src[s->b - 1] + 1;
    }
    return 0;
}

int prose_claim_judge(const struct prose *p, size_t first, size_t n,
                      const struct prose_claim_spec *spec, struct prose_claim_tie *out,
                      struct gb_err *err)
{
    struct window *w = calloc(1, sizeof *w);
    size_t last = first + n - 1 < p->n ? first + n - 1 : p->n - 1;
    int rc = 0;

    memset(out, 0, sizeof *out);
    if (!w)
        return gb_fail(err, "out of memory reading a claim");
    w->p = p;
    if (!n || first >= p->n) {
        free(w);
        return 0;
    }
    if (normalise(w, p->s[first].start, p->s[last].end)) {
        rc = gb_fail(err, "out of memory reading a claim");
    } else {
        mark_structure(w);
        collect(w, spec);
        rc = verdict_of(w, spec->about, out, err);
    }
    free(w->t);
    free(w->src);
    free(w->clause);
    free(w->sent);
    free(w->word);
    free(w);
    return rc;
}
