/* score_answers.c — checks on the self-check answers document.
 *
 * The document is Markdown with one section per question, headed by a line
 * starting with '#' whose words include the section's name: "## Q1",
 * "## Q3 — output prediction", "## Friend", "## Attention" (the rubric names
 * the sections; rubrics/README.md documents the file).  A section runs to the
 * next heading.  Judgement calls are never auto-scored: the "review" kind
 * marks them VERDICT_REVIEW for a human.
 */
#include "score_answers.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "numparse.h"
#include "prose.h"
#include "score_source.h"

struct section {
    const char *text;      /* body, after the heading line */
    size_t len;
    size_t heading_line;
};

/* The heading's name is its first word after the '#'s ("## q3 — output
 * prediction" is q3, "## friend-attention" is friend-attention), compared
 * without case; "Question 3" and "Q3." also name q3. */
static int heading_names(const char *h, size_t n, const char *name)
{
    char first[64], second[64];
    size_t i = 0, k;

    while (i < n && (h[i] == '#' || h[i] == ' ' || h[i] == '\t'))
        i++;
    for (k = 0; i < n && !isspace((unsigned char)h[i]) && k + 1 < sizeof first; i++)
        first[k++] = (char)tolower((unsigned char)h[i]);
    while (k && strchr(".:)*", first[k - 1]))
        k--;
    first[k] = '\0';
    while (i < n && isspace((unsigned char)h[i]))
        i++;
    for (k = 0; i < n && isalnum((unsigned char)h[i]) && k + 1 < sizeof second; i++)
        second[k++] = (char)tolower((unsigned char)h[i]);
    second[k] = '\0';
    if (!strcmp(first, "question") && tolower((unsigned char)name[0]) == 'q' &&
        !strcasecmp(second, name + 1))
        return 1;
    return !strcasecmp(first, name);
}

static int find_section(const char *doc, size_t len, const char *name, struct section *s)
{
    size_t line = 1;
    int found = 0;

    memset(s, 0, sizeof *s);
    for (size_t i = 0; i < len;) {
        size_t end = i;
        while (end < len && doc[end] != '\n')
            end++;
        if (doc[i] == '#') {
            if (found) {
                s->len = (size_t)(doc + i - s->text);
                return 0;
            }
            if (heading_names(doc + i, end - i, name)) {
                found = 1;
                s->heading_line = line;
                s->text = doc + (end < len ? end + 1 : end);
            }
        }
        i = end + 1;
        line++;
    }
    if (found)
        s->len = (size_t)(doc + len - s->text);
    return found ? 0 : -1;
}

/* A bare integer names no decimal: "1 hop" must not count as "1.000", nor
 * "0" as 0.485.  It may stand for a non-integer target only from 10 up
 * ("68 times" for 68.4). */
static int printed_can_be(const struct numparse_num *n, double target)
{
    if (n->flags & NUMPARSE_GLUED)
        return 0;
    if (!(n->flags & NUMPARSE_INTEGER) || (n->flags & NUMPARSE_PERCENT))
        return 1;
    return target == floor(target) || fabs(target) >= 10;
}

static int check_numbers(const struct score_ctx *ctx, const struct rubric_check *ck,
                         const struct section *s, struct score_outcome *o, struct gb_err *err)
{
    struct numparse_num nums[128];
    size_t n = numparse_scan(s->text, s->len, 0, nums, 128), matched = 0;

    if (n > 128)
        n = 128;
    for (size_t k = 0; k < ck->n_numbers; k++) {
        const struct rubric_answer_number *an = &ck->numbers[k];
        int hit = 0, pass;
        if (gb_buf_printf(&o->expected, err, "%s%s ", k ? "; " : "", an->label) ||
            score_target(ctx, &an->target, 0, NULL, &pass, NULL, &o->expected, err))
            return -1;
        for (size_t i = 0; i < n && !hit; i++) {
            double exp = 0;
            if (an->target.op != TARGET_RANGE && score_number(ctx, &an->target.expected, &exp, err))
                return -1;
            if (!printed_can_be(&nums[i], exp))
                continue;
            if (score_target(ctx, &an->target, nums[i].value, &nums[i], &pass, NULL, NULL, err))
                return -1;
            if (pass == 1 && gb_buf_printf(&o->found, err, "%s%s (%.*s)", matched ? "; " : "",
                                      an->label, (int)(nums[i].end - nums[i].start),
                                      s->text + nums[i].start))
                return -1;
            hit = pass == 1;
        }
        matched += hit;
    }
    if (ck->min_numbers < ck->n_numbers &&
        gb_buf_printf(&o->expected, err, " (at least %zu of these)", ck->min_numbers))
        return -1;
    o->verdict = matched >= ck->min_numbers ? VERDICT_PASS : VERDICT_FAIL;
    if (o->verdict == VERDICT_FAIL)
        return gb_buf_printf(&o->message, err, "the answer names %zu of the numbers asked "
                             "for; it needs %zu", matched, ck->min_numbers);
    return 0;
}

static int check_sentences(const struct rubric_check *ck, const struct prose *p,
                           struct score_outcome *o, struct gb_err *err)
{
    size_t n = p->n;

    if (ck->max_sentences && gb_buf_printf(&o->expected, err, "at most %zu sentences",
                                           ck->max_sentences))
        return -1;
    if (!ck->max_sentences && gb_buf_printf(&o->expected, err, "at least %zu sentences",
                                            ck->min_sentences))
        return -1;
    if (gb_buf_printf(&o->found, err, "%zu sentence%s", n, n == 1 ? "" : "s"))
        return -1;
    o->verdict = n >= ck->min_sentences && (!ck->max_sentences || n <= ck->max_sentences)
                     ? VERDICT_PASS : VERDICT_FAIL;
    return o->verdict == VERDICT_PASS ? 0
           : gb_buf_printf(&o->message, err, "the answer has %zu sentences", n);
}

static int check_words(const struct rubric_check *ck, const struct section *s,
                       struct score_outcome *o, struct gb_err *err)
{
    size_t bad = 0;

    if (gb_buf_puts(&o->expected, "none of the words ruled out by the task", err))
        return -1;
    for (size_t i = 0; i < ck->forbidden.n; i++) {
        const char *w = ck->forbidden.v[i];
        if (!prose_keyword_in(s->text, s->len, w))
            continue;
        size_t n = strlen(w) - (w[strlen(w) - 1] == '$');
        if (gb_buf_printf(&o->found, err, "%s\"%.*s\"", bad++ ? ", " : "uses ", (int)n, w))
            return -1;
    }
    o->verdict = bad ? VERDICT_FAIL : VERDICT_PASS;
    return bad ? gb_buf_puts(&o->message, "rephrase without those words", err) : 0;
}

static int check_review(const struct rubric_check *ck, struct score_outcome *o,
                        struct gb_err *err)
{
    o->verdict = VERDICT_REVIEW;
    return gb_buf_puts(&o->expected, "a reviewer's judgement", err) ||
           gb_buf_printf(&o->message, err, "needs human review: %s", ck->prompt);
}

static int in_section(const struct score_ctx *ctx, const struct rubric_check *ck,
                      const struct section *s, struct score_outcome *o, struct gb_err *err)
{
    struct prose p;
    size_t used;
    long first;
    int rc;

    if (gb_buf_printf(&o->where, err, "%s, section \"%s\" (line %zu)",
                      ctx->in->rubric->submission, ck->section, s->heading_line))
        return -1;
    if (ck->kind == CHECK_REVIEW)
        return check_review(ck, o, err);
    if (ck->kind == CHECK_ANSWER_NUMBERS)
        return check_numbers(ctx, ck, s, o, err);
    if (ck->kind == CHECK_ANSWER_WORDS)
        return check_words(ck, s, o, err);
    if (prose_split(s->text, s->len, &p, err))
        return -1;
    if (ck->kind == CHECK_ANSWER_SENTENCES)
        rc = check_sentences(ck, &p, o, err);
    else
        rc = score_text_ideas(&p, ck, ctx->in->rubric->submission, o, &first, &used, err);
    prose_free(&p);
    return rc;
}

int score_answers_check(const struct score_ctx *ctx, const struct rubric_check *ck,
                        struct score_outcome *o, struct gb_err *err)
{
    const char *doc = ctx->in->answers ? ctx->in->answers : "";
    size_t len = ctx->in->answers ? ctx->in->answers_len : 0;
    struct section s;

    if (find_section(doc, len, ck->section, &s) || !s.len ||
        !prose_word_count(s.text, s.len)) {
        o->verdict = VERDICT_MISSING;
        return gb_buf_printf(&o->message, err, "%s has no answer under a heading "
                             "\"## %s\"", ctx->in->rubric->submission, ck->section);
    }
    return in_section(ctx, ck, &s, o, err);
}
