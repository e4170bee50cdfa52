/* score_answers.c — checks on the self-check answers document.
 *
 * The document is Markdown with one section per question (answers_doc.h
 * finds them; rubrics/README.md documents the file).  This file dispatches
 * the answer_* kinds and scores sentence limits and forbidden words;
 * answer_numbers lives in score_answer_numbers.c.  Judgement calls are never
 * auto-scored: the "review" kind marks them VERDICT_REVIEW for a human.
 */
#include "score/score_answers.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "prose/answers_doc.h"
#include "prose/answers_outline.h"
#include "prose/prose.h"
#include "score/score_answer_numbers.h"
#include "score/score_source.h"

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

/* "**Why the word counter fails (4 sentences).**" alone on its line is the
 * answer's title, not one of its sentences. */
static int bold_title(const struct prose *p, size_t k)
{
    const char *t = p->text;
    size_t a = p->s[k].start, e = p->s[k].end;

    while (a < e && (t[a] == ' ' || t[a] == '\t' || t[a] == '\n' || t[a] == '\r'))
        a++;
    if (a + 2 >= e || !((t[a] == '*' && t[a + 1] == '*') || (t[a] == '_' && t[a + 1] == '_')))
        return 0;
    if (e + 2 > p->len || t[e] != t[a] || t[e + 1] != t[a])
        return 0;
    for (e += 2; e < p->len && (t[e] == ' ' || t[e] == '\t' || t[e] == '\r'); e++)
        ;
    return e >= p->len || t[e] == '\n';
}

static int check_sentences(const struct rubric_check *ck, const struct prose *p,
                           const struct answers_section *s, struct score_outcome *o,
                           struct gb_err *err)
{
    size_t n = p->n;

    for (size_t k = 0; k < p->n; k++)
        n -= bold_title(p, k);

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
        size_t near = a + plen < len ? a + plen : len;   /* a phrase covering a ends here */
        while (prose_keyword_at(t, near, ck->everyday.v[i], from, &at, &m) && at <= a) {
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
        if (!is_ambiguous(ck, w)) {
            *where = at;
            return 2;
        }
        if (!use)
            *where = at;
        use = 1;
    }
    return use;
}

/* The whole word the student wrote around a keyword's match at t[at]. */
static void word_around(const char *t, size_t len, size_t at, size_t *a, size_t *b)
{
    for (*a = at; *a > 0 && (isalnum((unsigned char)t[*a - 1]) || (unsigned char)t[*a - 1] >= 0x80);)
        (*a)--;
    for (*b = at; *b < len && *b - *a < 40 &&
                  (isalnum((unsigned char)t[*b]) || (unsigned char)t[*b] >= 0x80);)
        (*b)++;
}

static int check_words(const struct rubric_check *ck, const struct answers_section *s,
                       struct score_outcome *o, struct gb_err *err)
{
    size_t bad = 0, unsure = 0, where = 0, first_bad = 0, first_unsure = 0, a, b;

    if (gb_buf_puts(&o->expected, "none of the words ruled out by the task", err))
        return -1;
    for (size_t i = 0; i < ck->forbidden.n; i++) {
        const char *w = ck->forbidden.v[i];
        int use = word_use(ck, w, s, &where);
        if (!use || (use == 1 && unsure++))
            continue;
        if (use == 2 && !bad++)
            first_bad = where;
        if (use == 1)
            first_unsure = where;
        word_around(s->text, s->len, where, &a, &b);
        if (w[0] == '#')
            a = b = 0;
        if (gb_buf_printf(&o->found, err, "%s\"%.*s\"", bad + unsure > 1 ? ", " : "uses ",
                          (int)(b - a), s->text + a))
            return -1;
        if (use == 1 && (gb_buf_puts(&o->found, " in ", err) ||
                         quote_sentence(s, where, &o->found, err)))
            return -1;
    }
    o->verdict = bad ? VERDICT_FAIL : unsure ? VERDICT_REVIEW : VERDICT_PASS;
    if (bad)
        return gb_buf_puts(&o->message, "rephrase without those words, as in ", err) ||
               quote_sentence(s, first_bad, &o->message, err);
    if (!unsure)
        return 0;
    word_around(s->text, s->len, first_unsure, &a, &b);
    return gb_buf_printf(&o->message, err, "needs human review: is \"%.*s\" used as a maths "
                         "word there, or in its everyday sense?", (int)(b - a), s->text + a);
}

static int check_review(const struct rubric_check *ck, struct score_outcome *o,
                        struct gb_err *err)
{
    o->verdict = VERDICT_REVIEW;
    return gb_buf_puts(&o->expected, "a reviewer's judgement", err) ||
           gb_buf_printf(&o->message, err, "needs human review: %s", ck->prompt);
}

/* ---- answer_idea: keywords said, not denied (prose_scope.h) ---- */

static int check_idea(const struct score_ctx *ctx, const struct rubric_check *ck,
                      const struct answers_section *s, const struct prose *p,
                      struct score_outcome *o, struct gb_err *err)
{
    size_t used;
    long first;

    if (score_text_ideas(ctx, p, ck, ctx->in->rubric->submission, o, &first, &used, err))
        return -1;
    /* the sentence's line in the whole document, not in the section */
    o->where.len = 0;
    if (gb_buf_printf(&o->where, err, "%s, section \"%s\" (line %zu)",
                      ctx->in->rubric->submission, ck->section,
                      first >= 0 ? s->line + p->s[first].line : s->line))
        return -1;
    return 0;
}

static int in_section(const struct score_ctx *ctx, const struct rubric_check *ck,
                      const struct answers_section *s, struct score_outcome *o, struct gb_err *err)
{
    struct prose p;
    int rc;

    if (ck->kind != CHECK_ANSWER_IDEA &&
        gb_buf_printf(&o->where, err, "%s, section \"%s\" (line %zu)",
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
        rc = check_idea(ctx, ck, s, &p, o, err);
    prose_free(&p);
    return rc;
}

#define SPECS_MAX 32

/* The module's wording of a section's question, or NULL when the rubric
 * does not give it (then every quote in the section is the question). */
static const char *section_question(const struct rubric *r, const char *name)
{
    for (size_t i = 0; i < r->n_sections; i++)
        if (!strcmp(r->sections[i].name, name))
            return r->sections[i].question;
    return NULL;
}

/* Every section the rubric declares ("sections": aliases, numbering, host)
 * and every other section a check reads, so "friend" is never taken for
 * "friend-attention". */
static size_t section_specs(const struct rubric *r, struct answers_spec *specs)
{
    size_t n = 0;

    for (size_t i = 0; i < r->n_sections && n < SPECS_MAX; i++)
        specs[n++] = (struct answers_spec){ r->sections[i].name,
                                            (const char *const *)r->sections[i].aliases.v,
                                            r->sections[i].aliases.n, r->sections[i].number,
                                            r->sections[i].inside };
    for (size_t i = 0; i < r->n_checks && n < SPECS_MAX; i++) {
        const char *s = r->checks[i].section;
        size_t k = 0;
        while (s && k < n && strcasecmp(specs[k].name, s))
            k++;
        if (s && k == n)
            specs[n++] = (struct answers_spec){ s, NULL, 0, 0, NULL };
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
        return gb_buf_printf(&o->message, err, "the section under '%.*s' (%s line %zu) %s",
                             (int)(s->heading_len > 80 ? 80 : s->heading_len), s->heading,
                             file, s->line, prose_word_count(s->text, s->len)
                             ? "has no answer yet: only the question (quoted with >) or a "
                               "placeholder such as TODO; write the answer as plain text below "
                               "the question" : "is empty");
    if (gb_buf_printf(&o->message, err, "%s has no heading that names %s (write the answer "
                      "under a line \"## %s\"); the headings found are: ", file,
                      ck->section, ck->section))
        return -1;
    return answers_doc_list_headings(doc, len, 12, &o->message, err);
}

/* A fail or miss the grader cannot stand behind, because it cannot read
 * the language: review, with why first and the grader's own finding after. */
static int unread(struct score_outcome *o, const char *why, struct gb_err *err)
{
    struct gb_buf b = GB_BUF_INIT;

    o->verdict = VERDICT_REVIEW;
    if (gb_buf_printf(&b, err, "needs human review: %s%s%s", why, o->message.len ? "; " : "",
                      o->message.len ? o->message.data : "")) {
        gb_buf_free(&b);
        return -1;
    }
    gb_buf_free(&o->message);
    o->message = b;
    return 0;
}

static int score_document(const struct score_ctx *ctx, const struct rubric_check *ck,
                          const char *doc, size_t len, struct score_outcome *o,
                          struct gb_err *err)
{
    struct answers_spec specs[SPECS_MAX];
    size_t n_specs = section_specs(ctx->in->rubric, specs);
    struct answers_section s, answer;
    struct gb_buf body = GB_BUF_INIT;
    int rc;

    if (answers_outline_find(doc, len, specs, n_specs, ck->section, &s)) {
        if (section_missing(ctx, ck, doc, len, &s, o, err))
            return -1;
        /* headings in a language the grader does not read ("Explícaselo a
         * un amigo") may well hold the answer: a human finds it */
        return answers_doc_not_text(doc, len) || !prose_word_count(doc, len) ||
               prose_readable(doc, len) ? 0
               : unread(o, "the answers are written in a language the grader's headings and "
                        "keywords do not read", err);
    }
    answer = s;
    /* the question pasted above the answer is not the answer */
    if ((rc = answers_doc_drop_quotes(&s, section_question(ctx->in->rubric, ck->section),
                                      &body, err)) < 0)
        return -1;
    if (rc == 1) {
        answer.text = body.data;
        answer.len = body.len;
    }
    /* nothing but a quotation is the question pasted and not answered yet */
    if (rc == 2 || !prose_word_count(answer.text, answer.len) ||
        answers_doc_placeholder(answer.text, answer.len))
        rc = section_missing(ctx, ck, doc, len, &s, o, err);
    else if ((rc = in_section(ctx, ck, &answer, o, err)) == 0 && ck->kind == CHECK_ANSWER_IDEA &&
             o->verdict == VERDICT_FAIL && !prose_readable(answer.text, answer.len))
        rc = unread(o, "the answer is written in a language the grader's keywords do not read",
                    err);
    else if (rc == 0 && ck->absent_ok && o->verdict == VERDICT_PASS && !o->found.len &&
             !prose_readable(answer.text, answer.len))
        /* "no wrong claim" read as absence would pass whatever an unread
         * language claims ("clip_grad_norm_ bringt sie zurück") */
        rc = unread(o, "the answer is written in a language the grader's keywords do not read, "
                    "so it cannot tell that no wrong claim is made", err);
    gb_buf_free(&body);
    return rc;
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
