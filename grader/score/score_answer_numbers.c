/* score_answer_numbers.c — the answer_numbers check kind: the numbers an
 * answer quotes from the module (see score_answer_numbers.h).
 *
 * Every printed number of the section is classified against every rubric
 * number (enum quote), then matched one to one, so a single "66.6" never
 * counts for two of them (nor, across the section's answer_numbers checks,
 * for a looser match than another check's closer one); a number said of another number's subject fails
 * the check, and one that matches only when rounded coarsely is left to a
 * human.
 */
#include "score/score_answer_numbers.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "extract/numparse.h"
#include "prose/prose.h"

/* A bare integer names no decimal: "1 hop" must not count as "1.000", nor
 * "0" as 0.485.  It may stand for a non-integer target only from 10 up
 * ("68 times" for 68.4).  In prose "1." is the integer 1 before a full stop. */
static int printed_can_be(const struct numparse_num *n, double target)
{
    if (n->flags & NUMPARSE_GLUED)
        return 0;
    if (!(n->flags & (NUMPARSE_INTEGER | NUMPARSE_TRAILING_POINT)) || (n->flags & NUMPARSE_PERCENT))
        return 1;
    return target == floor(target) || fabs(target) >= 10;
}

/* Significant digits as printed: "0.485" 3, "0.5" 1, "5e-17" 1, "1,217" 4. */
static int significant_digits(const char *t, const struct numparse_num *n)
{
    int sig = 0;

    for (size_t i = n->start; i < n->end && t[i] != 'e' && t[i] != 'E'; i++)
        if (isdigit((unsigned char)t[i]) && (sig || t[i] != '0'))
            sig++;
    return sig;
}

/* How a printed number stands for one rubric number. */
enum quote {
    QUOTE_NO = 0,
    QUOTE_YES,        /* within the tolerance (plus rounding up to the tolerance) */
    QUOTE_ROUNDED,    /* only by rounding coarser than the tolerance: "67 ms" for 66.6 */
    QUOTE_COARSE,     /* one significant digit for a finer target: "0.5" for 0.485 */
    QUOTE_WRONG       /* within tolerance, but said of another number's subject */
};

/* A quoted number is not program output at the student's chosen precision:
 * "0.5" is chance level, not the module's 0.485, so printing fewer digits
 * earns at most the tolerance itself as rounding slack, and one significant
 * digit never stands for a finer target of everyday size — below
 * COARSE_MAGNITUDE_MIN the magnitude itself names the target ("5e-17" or
 * "0.00000000000000005" for the module's 5.03e-17: no everyday number is that
 * small).  Beyond that it is for a human. */
#define COARSE_MAGNITUDE_MIN 1e-3
static int quote_of(const struct score_ctx *ctx, const struct rubric_target *t, const char *text,
                    const struct numparse_num *n, enum quote *q, double *dev, struct gb_err *err)
{
    double exp = 0, v = n->value, half = numparse_half_ulp(n), tol, d, eps;
    int pass;

    *q = QUOTE_NO;
    *dev = 0;
    if (t->op != TARGET_RANGE && score_number(ctx, &t->expected, &exp, err))
        return -1;
    if (!printed_can_be(n, exp))
        return 0;
    if (t->op != TARGET_APPROX) {
        if (score_target(ctx, t, n->value, n, &pass, NULL, NULL, err))
            return -1;
        *q = pass == 1 ? QUOTE_YES : QUOTE_NO;
        return 0;
    }
    if ((n->flags & NUMPARSE_PERCENT) && fabs(v / 100 - exp) < fabs(v - exp))
        v /= 100, half /= 100;
    tol = fmax(t->abs_tol, t->rel_tol * fabs(exp));
    d = fabs(v - exp);
    eps = 1e-9 * fabs(exp);            /* float noise only: targets go down to 1e-17 */
    if (d > tol + half + eps)
        return 0;
    *dev = tol > 0 ? d / tol : (d > eps ? HUGE_VAL : 0);
    if (exp != floor(exp) && significant_digits(text, n) < 2 && half > tol &&
        fabs(exp) >= COARSE_MAGNITUDE_MIN)
        *q = QUOTE_COARSE;
    else
        *q = d <= tol + fmin(half, tol) + eps ? QUOTE_YES : QUOTE_ROUNDED;
    return 0;
}

/* ---- numbers written as words ---- */

static const char *const units_words[] = {
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
    "eighteen", "nineteen", NULL
};
static const char *const tens_words[] = {
    "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety", NULL
};

/* The word list entry that t[i..] spells as a whole word, or -1. */
static int word_at(const char *t, size_t len, size_t i, const char *const *words, size_t *n)
{
    if (i > 0 && isalpha((unsigned char)t[i - 1]))
        return -1;
    for (int k = 0; words[k]; k++) {
        size_t w = strlen(words[k]);
        if (w && i + w <= len && !strncasecmp(t + i, words[k], w) &&
            (i + w == len || !isalpha((unsigned char)t[i + w]))) {
            *n = w;
            return k;
        }
    }
    return -1;
}

/* "forty-nine", "forty nine", "twelve", "a single": a whole number below 100
 * spelled out at t[i], as a numparse_num; 0 when none starts there. */
static int number_word_at(const char *t, size_t len, size_t i, struct numparse_num *out)
{
    size_t n, m;
    int tens = word_at(t, len, i, tens_words, &n), unit;

    memset(out, 0, sizeof *out);
    out->flags = NUMPARSE_INTEGER;
    out->list = -1;
    out->start = i;
    if (tens >= 2) {
        out->value = 10.0 * tens;
        out->end = i + n;
        if (i + n + 1 < len && (t[i + n] == '-' || t[i + n] == ' ') &&
            (unit = word_at(t, len, i + n + 1, units_words, &m)) >= 1 && unit <= 9)
            out->value += unit, out->end = i + n + 1 + m;
        return 1;
    }
    if ((unit = word_at(t, len, i, units_words, &n)) >= 0) {
        out->value = unit;
        out->end = i + n;
        return 1;
    }
    if (word_at(t, len, i, (const char *const[]){ "single", NULL }, &n) == 0) {
        out->value = 1;
        out->end = i + n;
        return 1;
    }
    return 0;
}

/* "48.5 percent", "seventy-one per cent" are percentages: prose spells the
 * sign out, after a numeral or a spelled number alike. */
static void mark_spelled_percent(const char *t, size_t len, struct numparse_num *nums, size_t n)
{
    static const char *const words[] = { "percent", "per cent", "pct", NULL };

    for (size_t k = 0; k < n; k++) {
        size_t i = nums[k].end, w;
        if (nums[k].flags & (NUMPARSE_PERCENT | NUMPARSE_UNIT))
            continue;
        while (i < len && (t[i] == ' ' || t[i] == '\t'))
            i++;
        if (i > nums[k].end && word_at(t, len, i, words, &w) >= 0)
            nums[k].flags |= NUMPARSE_PERCENT;
    }
}

/* Appends the section's spelled-out numbers after the printed ones. */
static size_t scan_number_words(const char *t, size_t len, struct numparse_num *nums,
                                size_t n, size_t max)
{
    for (size_t i = 0; i < len && n < max; i++)
        if (isalpha((unsigned char)t[i]) && number_word_at(t, len, i, &nums[n]))
            i = nums[n++].end - 1;
    return n;
}

/* ---- which thing a number is said of ---- */

/* Words that open a new clause, so "attention took 32.1 ms while the LSTM
 * took 66.6 ms" says each time of its own model. */
static const char *const clause_words[] = {
    "while", "whilst", "whereas", "but", "against", "vs", "versus", "compared", "instead",
    "than", "and", "where", "when", "unlike", "which", "so", "because", "since", "although",
    "though", "to", "from", NULL
};

/* A line end inside a paragraph is a space; a blank line, a list item or a
 * heading after it ends the clause. */
static size_t paragraph_break(const char *t, size_t len, size_t i)
{
    size_t j = i + 1;

    while (j < len && (t[j] == ' ' || t[j] == '\t' || t[j] == '\r'))
        j++;
    if (j >= len || t[j] == '\n' || t[j] == '#' || t[j] == '|')
        return 1;
    if (j + 1 < len && strchr("-*+", t[j]) && t[j + 1] == ' ')
        return 1;
    return j + 1 < len && isdigit((unsigned char)t[j]) && (t[j + 1] == '.' || t[j + 1] == ')');
}

/* Bytes of a clause boundary starting at t[i], 0 when none. */
static size_t boundary_at(const char *t, size_t len, size_t i)
{
    unsigned char c = (unsigned char)t[i];

    if (c == ',' && i && isdigit((unsigned char)t[i - 1]) && i + 1 < len &&
        isdigit((unsigned char)t[i + 1]))
        return 0;                                   /* 1,000 */
    if (c == '\n')
        return paragraph_break(t, len, i);
    if (c && strchr(",;:()[]", c))
        return 1;
    if (strchr(".!?", c) && (i + 1 >= len || isspace((unsigned char)t[i + 1])))
        return 1;
    if (c == 0xE2 && i + 2 < len && (unsigned char)t[i + 1] == 0x80 &&
        ((unsigned char)t[i + 2] == 0x93 || (unsigned char)t[i + 2] == 0x94))
        return 3;
    if (!isalpha(c) || (i && isalnum((unsigned char)t[i - 1])))
        return 0;
    for (size_t k = 0; clause_words[k]; k++) {
        size_t n = strlen(clause_words[k]);
        if (i + n <= len && !strncasecmp(t + i, clause_words[k], n) &&
            (i + n == len || !isalnum((unsigned char)t[i + n])))
            return n;
    }
    return 0;
}

static void clause_of(const char *t, size_t len, const struct numparse_num *n, size_t *a,
                      size_t *b)
{
    size_t i;

    *a = 0;
    for (i = n->start; i-- > 0;) {
        size_t w = boundary_at(t, len, i);
        if (w && i + w <= n->start) {
            *a = i + w;
            break;
        }
    }
    for (*b = len, i = n->end; i < len; i++)
        if (boundary_at(t, len, i)) {
            *b = i;
            break;
        }
}

static int names_subject(const struct rubric_strings *subject, const char *t, size_t n)
{
    return subject->n && prose_group_in(t, n, subject) >= 0;
}

/* The other rubric number whose subject the number's clause names instead
 * of its own ("attention took 66.6 ms" when 66.6 is the LSTM's), or -1.  A
 * clause naming both subjects, or neither, decides nothing. */
static long said_of_other(const struct rubric_check *ck, size_t k, const char *t, size_t len,
                          const struct numparse_num *n)
{
    size_t a, b;

    if (!ck->numbers[k].subject.n)
        return -1;
    clause_of(t, len, n, &a, &b);
    if (names_subject(&ck->numbers[k].subject, t + a, b - a))
        return -1;
    for (size_t j = 0; j < ck->n_numbers; j++)
        if (j != k && names_subject(&ck->numbers[j].subject, t + a, b - a))
            return (long)j;
    return -1;
}

/* ---- answer_numbers ---- */

struct quoted {
    struct numparse_num nums[128];   /* printed numbers, then numbers written as words */
    size_t n_nums, n_entries;
    unsigned char *q;          /* q[k * n_nums + i]: enum quote of number i for entry k */
    long *owner;               /* entry matched to number i, or -1 */
    unsigned char *seen;
};

/* One entry's augmenting path (Kuhn's matching): every printed number counts
 * for at most one rubric number, so "66.6" cannot be both timings. */
static int augment(struct quoted *m, size_t k, unsigned accept)
{
    for (size_t i = 0; i < m->n_nums; i++) {
        if (!(accept & (1u << m->q[k * m->n_nums + i])) || m->seen[i])
            continue;
        m->seen[i] = 1;
        if (m->owner[i] < 0 || augment(m, (size_t)m->owner[i], accept)) {
            m->owner[i] = (long)k;
            return 1;
        }
    }
    return 0;
}

static size_t match(struct quoted *m, unsigned accept)
{
    size_t matched = 0;

    for (size_t i = 0; i < m->n_nums; i++)
        m->owner[i] = -1;
    for (size_t k = 0; k < m->n_entries; k++) {
        memset(m->seen, 0, m->n_nums);
        matched += (size_t)augment(m, k, accept);
    }
    return matched;
}

/* "gain 1.0", "bias of 3": a number right after one of the check's
 * not_after words names a parameter, not a result the answer cites. */
static int after_parameter(const struct rubric_check *ck, const char *t,
                           const struct numparse_num *n)
{
    size_t b = n->start, a;

    while (b && strchr(" =:", t[b - 1]))
        b--;
    if (b >= 3 && !strncasecmp(t + b - 3, " of", 3))
        b -= 3;
    for (a = b; a && isalpha((unsigned char)t[a - 1]); a--)
        ;
    for (size_t i = 0; i < ck->not_after.n && a < b; i++)
        if (prose_keyword_in(t + a, b - a, ck->not_after.v[i]))
            return 1;
    return 0;
}

/* A number with "context" words counts only in a sentence holding one:
 * 1.000 is an accuracy in "right 1.000 of the time", not in "1.000 per step". */
static int in_context(const struct rubric_answer_number *an, const struct answers_section *s,
                      const struct numparse_num *n)
{
    size_t a = n->start, b = n->end;

    if (!an->context.n)
        return 1;
    while (a && !strchr(".!?\n", s->text[a - 1]))
        a--;
    while (b < s->len && !strchr("!?\n", s->text[b]) &&
           !(s->text[b] == '.' && (b + 1 >= s->len || isspace((unsigned char)s->text[b + 1]))))
        b++;
    for (size_t i = 0; i < an->context.n; i++)
        if (prose_keyword_in(s->text + a, b - a, an->context.v[i]))
            return 1;
    return 0;
}

/* How printed number n stands for entry k of ck, and its deviation in
 * tolerances (0 when exact). */
static int entry_quote(const struct score_ctx *ctx, const struct rubric_check *ck, size_t k,
                       const struct answers_section *s, const struct numparse_num *n,
                       enum quote *q, double *dev, struct gb_err *err)
{
    if (quote_of(ctx, &ck->numbers[k].target, s->text, n, q, dev, err))
        return -1;
    if (after_parameter(ck, s->text, n) || !in_context(&ck->numbers[k], s, n))
        *q = QUOTE_NO;
    if ((*q == QUOTE_YES || *q == QUOTE_ROUNDED) && said_of_other(ck, k, s->text, s->len, n) >= 0)
        *q = QUOTE_WRONG;
    return 0;
}

/* Does another answer_numbers check of the same section match n strictly
 * closer than dev?  One printed number is one quantity: "right 0.485 of the
 * time" is the accuracy exactly, so it is not also a gradient factor 0.490
 * that it reaches only through the tolerance.  The best match keeps it. */
static int claimed_closer(const struct score_ctx *ctx, const struct rubric_check *ck,
                          const struct answers_section *s, const struct numparse_num *n,
                          double dev, int *claimed, struct gb_err *err)
{
    const struct rubric *r = ctx->in->rubric;

    *claimed = 0;
    for (size_t c = 0; c < r->n_checks && !*claimed; c++) {
        const struct rubric_check *other = &r->checks[c];
        if (other == ck || other->kind != CHECK_ANSWER_NUMBERS || !other->section ||
            strcmp(other->section, ck->section))
            continue;
        for (size_t k = 0; k < other->n_numbers && !*claimed; k++) {
            enum quote q;
            double d;
            if (entry_quote(ctx, other, k, s, n, &q, &d, err))
                return -1;
            *claimed = q == QUOTE_YES && d < dev;
        }
    }
    return 0;
}

static int classify(const struct score_ctx *ctx, const struct rubric_check *ck,
                    const struct answers_section *s, struct quoted *m, struct gb_err *err)
{
    for (size_t k = 0; k < m->n_entries; k++)
        for (size_t i = 0; i < m->n_nums; i++) {
            enum quote q;
            double dev;
            int claimed = 0;
            if (entry_quote(ctx, ck, k, s, &m->nums[i], &q, &dev, err))
                return -1;
            /* a coarse rounding is left to the human who reviews it */
            if (q == QUOTE_YES &&
                claimed_closer(ctx, ck, s, &m->nums[i], dev, &claimed, err))
                return -1;
            m->q[k * m->n_nums + i] = (unsigned char)(claimed ? QUOTE_NO : q);
        }
    return 0;
}

static const struct numparse_num *first_with(const struct quoted *m, enum quote q, size_t *entry)
{
    for (size_t k = 0; k < m->n_entries; k++)
        for (size_t i = 0; i < m->n_nums; i++)
            if (m->q[k * m->n_nums + i] == q) {
                *entry = k;
                return &m->nums[i];
            }
    return NULL;
}

/* How many printed numbers are said of another number's subject. */
static size_t count_wrong(const struct quoted *m)
{
    size_t n = 0;

    for (size_t i = 0; i < m->n_nums; i++)
        for (size_t k = 0; k < m->n_entries; k++)
            if (m->q[k * m->n_nums + i] == QUOTE_WRONG) {
                n++;
                break;
            }
    return n;
}

/* "the numbers 0.458, 0.94": what the answer quoted instead, so a student
 * sees which of theirs were read. */
static int list_printed(const struct answers_section *s, const struct quoted *m,
                        struct gb_buf *b, struct gb_err *err)
{
    size_t shown = 0;

    for (size_t i = 0; i < m->n_nums; i++) {
        const struct numparse_num *n = &m->nums[i];
        if (n->flags & NUMPARSE_GLUED)
            continue;
        if (shown == 8)
            return gb_buf_puts(b, ", ...", err);
        if (gb_buf_printf(b, err, "%s%.*s", shown++ ? ", " : "the numbers ",
                          (int)(n->end - n->start), s->text + n->start))
            return -1;
    }
    return 0;
}

static int list_matched(const struct rubric_check *ck, const struct answers_section *s,
                        const struct quoted *m, struct gb_buf *b, struct gb_err *err)
{
    size_t shown = 0;

    for (size_t i = 0; i < m->n_nums; i++)
        if (m->owner[i] >= 0 && gb_buf_printf(b, err, "%s%s (%.*s)", shown++ ? "; " : "",
                                              ck->numbers[m->owner[i]].label,
                                              (int)(m->nums[i].end - m->nums[i].start),
                                              s->text + m->nums[i].start))
            return -1;
    return 0;
}

static int judge_numbers(const struct rubric_check *ck, const struct answers_section *s,
                         struct quoted *m, struct score_outcome *o, struct gb_err *err)
{
    const struct numparse_num *n;
    size_t k, matched = match(m, 1u << QUOTE_YES);
    const char *t = s->text;

    if ((n = first_with(m, QUOTE_WRONG, &k))) {
        long j = said_of_other(ck, k, t, s->len, n);
        /* Two numbers each said of the other's subject is a swap; one alone
         * may be a reading of the sentence the grammar rules got wrong. */
        int swapped = count_wrong(m) >= 2;
        o->verdict = swapped ? VERDICT_FAIL : VERDICT_REVIEW;
        return gb_buf_printf(&o->found, err, "%.*s said of %s", (int)(n->end - n->start),
                             t + n->start, ck->numbers[j].label) ||
               gb_buf_printf(&o->message, err, "%s%.*s is %s, but the answer seems to say it "
                             "of %s", swapped ? "" : "needs human review: ",
                             (int)(n->end - n->start), t + n->start, ck->numbers[k].label,
                             ck->numbers[j].label);
    }
    if (list_matched(ck, s, m, &o->found, err))
        return -1;
    o->verdict = VERDICT_PASS;
    if (matched >= ck->min_numbers)
        return 0;
    if (match(m, 1u << QUOTE_YES | 1u << QUOTE_ROUNDED) >= ck->min_numbers &&
        (n = first_with(m, QUOTE_ROUNDED, &k))) {
        o->verdict = VERDICT_REVIEW;
        return gb_buf_printf(&o->message, err, "needs human review: %.*s is %s only when rounded "
                             "more coarsely than the tolerance", (int)(n->end - n->start),
                             t + n->start, ck->numbers[k].label);
    }
    o->verdict = VERDICT_FAIL;
    if (!matched && list_printed(s, m, &o->found, err))
        return -1;
    if (gb_buf_printf(&o->message, err, "the answer names %zu of the numbers asked for; it "
                      "needs %zu", matched, ck->min_numbers))
        return -1;
    if ((n = first_with(m, QUOTE_COARSE, &k)))
        return gb_buf_printf(&o->message, err, " (%.*s is too coarse to be %s: quote the "
                             "module's digits)", (int)(n->end - n->start), t + n->start,
                             ck->numbers[k].label);
    return 0;
}

static int describe_numbers(const struct score_ctx *ctx, const struct rubric_check *ck,
                            struct score_outcome *o, struct gb_err *err)
{
    int pass;

    for (size_t k = 0; k < ck->n_numbers; k++)
        if (gb_buf_printf(&o->expected, err, "%s%s ", k ? "; " : "", ck->numbers[k].label) ||
            score_target(ctx, &ck->numbers[k].target, 0, NULL, &pass, NULL, &o->expected, err))
            return -1;
    if (ck->min_numbers < ck->n_numbers &&
        gb_buf_printf(&o->expected, err, " (at least %zu of these)", ck->min_numbers))
        return -1;
    return 0;
}

int score_answer_numbers_check(const struct score_ctx *ctx, const struct rubric_check *ck,
                               const struct answers_section *s, struct score_outcome *o,
                               struct gb_err *err)
{
    struct quoted *m = calloc(1, sizeof *m);
    int rc = -1;

    if (!m)
        return gb_fail(err, "out of memory scoring answer numbers");
    m->n_nums = numparse_scan(s->text, s->len, 0, m->nums, 128);
    m->n_nums = m->n_nums > 128 ? 128 : m->n_nums;
    /* Words first, so "seventy-one percent" is 71% as "71 percent" is. */
    m->n_nums = scan_number_words(s->text, s->len, m->nums, m->n_nums, 128);
    mark_spelled_percent(s->text, s->len, m->nums, m->n_nums);
    m->n_entries = ck->n_numbers;
    m->q = calloc(m->n_entries * m->n_nums + 1, 1);
    m->owner = calloc(m->n_nums + 1, sizeof *m->owner);
    m->seen = calloc(m->n_nums + 1, 1);
    if (!m->q || !m->owner || !m->seen)
        gb_fail(err, "out of memory scoring answer numbers");
    else if (!describe_numbers(ctx, ck, o, err) && !classify(ctx, ck, s, m, err))
        rc = judge_numbers(ck, s, m, o, err);
    free(m->q);
    free(m->owner);
    free(m->seen);
    free(m);
    return rc;
}
