/* score_answers.c — checks on the self-check answers document.
 *
 * The document is Markdown with one section per question (answers_doc.h
 * finds them; rubrics/README.md documents the file).  This file dispatches
 * the answer_* kinds and scores sentence limits and forbidden words;
 * answer_numbers lives in score_answer_numbers.c.  Judgement calls are never
 * auto-scored: the "review" kind marks them VERDICT_REVIEW for a human.
 */
#include "score_answers.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "answers_doc.h"
#include "prose.h"
#include "score_answer_numbers.h"
#include "score_source.h"

/* The first `words` words of t[0..n) with their spacing made single. */
static int excerpt(const char *t, size_t n, size_t words, struct gb_buf *b, struct gb_err *err)
{
    size_t i = 0;

    for (size_t w = 0; w < words; w++) {
        size_t a;
        while (i < n && isspace((unsigned char)t[i]))
            i++;
        if (i >= n)
            return 0;
        for (a = i; i < n && !isspace((unsigned char)t[i]); i++)
            ;
        if (gb_buf_printf(b, err, "%s%.*s", w ? " " : "", (int)(i - a), t + a))
            return -1;
    }
    while (i < n && isspace((unsigned char)t[i]))
        i++;
    return i < n ? gb_buf_puts(b, " ...", err) : 0;
}

/* Lists where each sentence starts, so a student told "5 sentences" can see
 * where the grader split them. */
static int list_sentences(const struct prose *p, const struct answers_section *s,
                          struct gb_buf *b, struct gb_err *err)
{
    for (size_t k = 0; k < p->n; k++)
        if (gb_buf_printf(b, err, "%s%zu \"", k ? "; " : ": ", k + 1) ||
            excerpt(p->text + p->s[k].start, p->s[k].end - p->s[k].start, 5, b, err) ||
            gb_buf_printf(b, err, "\" (line %zu)", s->line + p->s[k].line))
            return -1;
    return 0;
}

static int check_sentences(const struct rubric_check *ck, const struct prose *p,
                           const struct answers_section *s, struct score_outcome *o,
                           struct gb_err *err)
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
    if (o->verdict == VERDICT_PASS)
        return 0;
    return gb_buf_printf(&o->message, err, "the answer has %zu sentence%s", n,
                         n == 1 ? "" : "s") || list_sentences(p, s, &o->message, err);
}

/* Is text[a, a + n) part of one of the rubric's everyday phrases ("complaint
 * log", "integral part"), where the word is no maths? */
static int in_everyday_phrase(const struct rubric_check *ck, const char *t, size_t len,
                              size_t a, size_t n)
{
    for (size_t i = 0; i < ck->everyday.n; i++) {
        size_t plen = strlen(ck->everyday.v[i]), from = a > plen ? a - plen : 0, at, m;
        while (prose_keyword_at(t, len, ck->everyday.v[i], from, &at, &m) && at <= a) {
            if (a + n <= at + m)
                return 1;
            from = at + 1;
        }
    }
    return 0;
}

static int is_ambiguous(const struct rubric_check *ck, const char *w)
{
    for (size_t i = 0; i < ck->ambiguous.n; i++)
        if (!strcmp(ck->ambiguous.v[i], w))
            return 1;
    return 0;
}

/* Quotes the sentence around byte i of the section. */
static int quote_sentence(const struct answers_section *s, size_t i, struct gb_buf *b,
                          struct gb_err *err)
{
    size_t a = i, e = i;

    while (a > 0 && !strchr(".!?\n", s->text[a - 1]))
        a--;
    while (e < s->len && !strchr("!?\n", s->text[e]) &&
           !(s->text[e] == '.' && (e + 1 >= s->len || isspace((unsigned char)s->text[e + 1]))))
        e++;
    if (e < s->len && s->text[e] != '\n')
        e++;
    return gb_buf_puts(b, "\"", err) || excerpt(s->text + a, e - a, 14, b, err) ||
           gb_buf_puts(b, "\"", err);
}

/* How a forbidden word is used: 0 not at all (or only in everyday phrases),
 * 1 only where it may be everyday (REVIEW, *where set), 2 as maths (FAIL). */
static int word_use(const struct rubric_check *ck, const char *w, const struct answers_section *s,
                    size_t *where)
{
    size_t from = 0, at, n;
    int use = 0;

    if (w[0] == '#')
        return prose_keyword_in(s->text, s->len, w) ? 2 : 0;
    while (prose_keyword_at(s->text, s->len, w, from, &at, &n)) {
        from = at + 1;
        if (in_everyday_phrase(ck, s->text, s->len, at, n))
            continue;
        if (!is_ambiguous(ck, w))
            return 2;
        if (!use)
            *where = at;
        use = 1;
    }
    return use;
}

static int check_words(const struct rubric_check *ck, const struct answers_section *s,
                       struct score_outcome *o, struct gb_err *err)
{
    size_t bad = 0, unsure = 0, where = 0, first_unsure = 0;

    if (gb_buf_puts(&o->expected, "none of the words ruled out by the task", err))
        return -1;
    for (size_t i = 0; i < ck->forbidden.n; i++) {
        const char *w = ck->forbidden.v[i];
        int use = word_use(ck, w, s, &where);
        size_t n = strlen(w) - (w[strlen(w) - 1] == '$');
        if (!use)
            continue;
        if (use == 1 && !unsure++)
            first_unsure = i;
        if (use == 1 && unsure > 1)
            continue;
        if (gb_buf_printf(&o->found, err, "%s\"%.*s\"", bad + unsure > 1 ? ", " : "uses ",
                          (int)n, w))
            return -1;
        if (use == 2)
            bad++;
        else if (gb_buf_puts(&o->found, " in ", err) || quote_sentence(s, where, &o->found, err))
            return -1;
    }
    o->verdict = bad ? VERDICT_FAIL : unsure ? VERDICT_REVIEW : VERDICT_PASS;
    if (bad)
        return gb_buf_puts(&o->message, "rephrase without those words", err);
    if (unsure)
        return gb_buf_printf(&o->message, err, "needs human review: is \"%s\" used as a maths "
                             "word there, or in its everyday sense?", ck->forbidden.v[first_unsure]);
    return 0;
}

static int check_review(const struct rubric_check *ck, struct score_outcome *o,
                        struct gb_err *err)
{
    o->verdict = VERDICT_REVIEW;
    return gb_buf_puts(&o->expected, "a reviewer's judgement", err) ||
           gb_buf_printf(&o->message, err, "needs human review: %s", ck->prompt);
}

static int in_section(const struct score_ctx *ctx, const struct rubric_check *ck,
                      const struct answers_section *s, struct score_outcome *o, struct gb_err *err)
{
    struct prose p;
    size_t used;
    long first;
    int rc;

    if (gb_buf_printf(&o->where, err, "%s, section \"%s\" (line %zu)",
                      ctx->in->rubric->submission, ck->section, s->line))
        return -1;
    if (ck->kind == CHECK_REVIEW)
        return check_review(ck, o, err);
    if (ck->kind == CHECK_ANSWER_NUMBERS)
        return score_answer_numbers_check(ctx, ck, s, o, err);
    if (ck->kind == CHECK_ANSWER_WORDS)
        return check_words(ck, s, o, err);
    if (prose_split(s->text, s->len, &p, err))
        return -1;
    if (ck->kind == CHECK_ANSWER_SENTENCES)
        rc = check_sentences(ck, &p, s, o, err);
    else
        rc = score_text_ideas(&p, ck, ctx->in->rubric->submission, o, &first, &used, err);
    prose_free(&p);
    return rc;
}

/* The sections every check of the rubric reads, so "friend" is never taken
 * for "friend-attention". */
static size_t rubric_sections(const struct rubric *r, const char **names, size_t max)
{
    size_t n = 0;

    for (size_t i = 0; i < r->n_checks && n < max; i++) {
        const char *s = r->checks[i].section;
        size_t k = 0;
        while (s && k < n && strcasecmp(names[k], s))
            k++;
        if (s && k == n)
            names[n++] = s;
    }
    return n;
}

static int section_missing(const struct score_ctx *ctx, const struct rubric_check *ck,
                           const char *doc, size_t len, const struct answers_section *s,
                           struct score_outcome *o, struct gb_err *err)
{
    const char *file = ctx->in->rubric->submission, *what = answers_doc_not_text(doc, len);

    o->verdict = VERDICT_MISSING;
    if (what)
        return gb_buf_printf(&o->message, err, "%s is not a plain-text document (it is %s): "
                             "save it as plain text (Markdown, UTF-8) and hand it in again",
                             file, what);
    if (s->heading)
        return gb_buf_printf(&o->message, err, "the section under '%.*s' (%s line %zu) is "
                             "empty", (int)(s->heading_len > 80 ? 80 : s->heading_len),
                             s->heading, file, s->line);
    if (gb_buf_printf(&o->message, err, "%s has no heading that names %s (write the answer "
                      "under a line \"## %s\"); the headings found are: ", file,
                      ck->section, ck->section))
        return -1;
    return answers_doc_list_headings(doc, len, 12, &o->message, err);
}

static int score_document(const struct score_ctx *ctx, const struct rubric_check *ck,
                          const char *doc, size_t len, struct score_outcome *o,
                          struct gb_err *err)
{
    const char *names[32];
    size_t n_names = rubric_sections(ctx->in->rubric, names, 32);
    struct answers_section s;

    if (answers_doc_find(doc, len, names, n_names, ck->section, &s) ||
        !prose_word_count(s.text, s.len))
        return section_missing(ctx, ck, doc, len, &s, o, err);
    return in_section(ctx, ck, &s, o, err);
}

int score_answers_check(const struct score_ctx *ctx, const struct rubric_check *ck,
                        struct score_outcome *o, struct gb_err *err)
{
    const char *doc = ctx->in->answers ? ctx->in->answers : "";
    size_t len = ctx->in->answers ? ctx->in->answers_len : 0;
    struct gb_buf utf8 = GB_BUF_INIT;
    int rc = answers_doc_from_utf16(doc, len, &utf8, err);

    /* Notepad's "Unicode" is UTF-16: read it as the text it is. */
    if (rc > 0)
        rc = score_document(ctx, ck, utf8.data, utf8.len, o, err);
    else if (rc == 0)
        rc = score_document(ctx, ck, doc, len, o, err);
    gb_buf_free(&utf8);
    return rc;
}
