/* score_source.c — checks on what the student wrote in their script's
 * comments: how many sentences, which ideas, and whether a claim quotes a
 * number the run really printed.
 *
 * "Comments" are '#' comments and triple-quoted strings (docstrings and
 * comment blocks), found by a small Python tokenizer so a '#' inside a string
 * is not a comment.  The comment text keeps the source's line structure, so
 * every sentence knows its line, and code lines become blank lines that end
 * a comment block.
 */
#include "score/score_source.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "extract/numparse.h"
#include "prose/prose.h"
#include "prose/prose_claim.h"
#include "score/score_property.h"
#include "score/source_cite.h"

/* Minimum words for a comment line to count as a sentence: "# part one" is a
 * label, not a sentence. */
#define SOURCE_SENTENCE_MIN_WORDS 4

struct pytok {
    const char *s;
    size_t len, i;
    struct gb_buf *out;
};

static int emit(struct pytok *t, char c, int keep, struct gb_err *err)
{
    /* Newlines always survive so comment text lines up with source lines. */
    if (c == '\n')
        return gb_buf_append(t->out, "\n", 1, err);
    if (!keep)
        return 0;
    return gb_buf_append(t->out, &c, 1, err);
}

/* Skips (or keeps, for triple-quoted strings) one string literal at t->i. */
static int string_literal(struct pytok *t, struct gb_err *err)
{
    char q = t->s[t->i];
    int triple = t->i + 2 < t->len && t->s[t->i + 1] == q && t->s[t->i + 2] == q;
    size_t step = triple ? 3 : 1;

    t->i += step;
    while (t->i < t->len) {
        char c = t->s[t->i];
        if (c == '\\' && t->i + 1 < t->len) {
            if (emit(t, c, triple, err) || emit(t, t->s[t->i + 1], triple, err))
                return -1;
            t->i += 2;
            continue;
        }
        if (c == q && (!triple || (t->i + 2 < t->len && t->s[t->i + 1] == q &&
                                   t->s[t->i + 2] == q))) {
            t->i += step;
            return 0;
        }
        if (c == '\n' && !triple)
            return 0;      /* unterminated: let the next line parse normally */
        if (emit(t, c, triple, err))
            return -1;
        t->i++;
    }
    return 0;
}

static int comment_text(const char *src, size_t len, struct gb_buf *out, struct gb_err *err)
{
    struct pytok t = { src, len, 0, out };

    if (gb_buf_append(out, "", 0, err))
        return -1;
    while (t.i < len) {
        char c = src[t.i];
        if (c == '#') {
            if (gb_buf_append(out, " ", 1, err))
                return -1;
            for (t.i++; t.i < len && src[t.i] != '\n'; t.i++)
                if (emit(&t, src[t.i], 1, err))
                    return -1;
        } else if (c == '"' || c == '\'') {
            if (string_literal(&t, err))
                return -1;
        } else {
            if (emit(&t, c, 0, err))
                return -1;
            t.i++;
        }
    }
    return 0;
}

int score_source_comments(const char *src, size_t len, struct gb_buf *out, struct gb_err *err)
{
    return comment_text(src, len, out, err);
}

/* A sentence is finished: it ends with '.', '!' or '?'.  Code labels such as
 * "# Step 2's RNN, copied" are not the sentences an exercise asks for. */
static int finished(const char *s, size_t n)
{
    while (n && strchr(" \t\r\n\"')*", s[n - 1]))
        n--;
    return n && strchr(".!?", s[n - 1]);
}

/* A closing block of notes: the comment lines after the last line of code
 * (a line holding anything but blanks and a '#' comment), when none of them
 * ends a sentence ("# vanish: gain 0.5 (x0.490), 0.9 (x0.842)").  A student
 * who writes the write-up as notes writes one per line; a heading above
 * code labels the code below it, and a block of prose ends its lines'
 * sentences.  Returns the notes of at least SOURCE_SENTENCE_MIN_WORDS
 * words (0 when the block is prose) and, in *after, the 1-based number of
 * the last line of code (0 when none). */
static size_t closing_notes(const char *src, size_t len, size_t *after)
{
    size_t line = 1, notes = 0;
    int prose = 0;

    *after = 0;
    for (size_t i = 0; i < len; line++) {
        const char *nl = memchr(src + i, '\n', len - i);
        size_t end = nl ? (size_t)(nl - src) : len, j = i;
        while (j < end && isspace((unsigned char)src[j]))
            j++;
        if (j < end && src[j] != '#') {
            *after = line;      /* code: the block starts again below it */
            notes = 0;
            prose = 0;
        } else if (j < end) {
            while (j < end && src[j] == '#')
                j++;
            prose |= finished(src + j, end - j);
            notes += prose_word_count(src + j, end - j) >= SOURCE_SENTENCE_MIN_WORDS;
        }
        i = end + 1;
    }
    return prose ? 0 : notes;
}

/* Finished sentences of SOURCE_SENTENCE_MIN_WORDS words or more; a closing
 * block of notes counts a sentence per note when that says more. */
static size_t count_sentences(const struct prose *p, const char *src, size_t src_len)
{
    size_t n = 0, closing = 0, after, notes = closing_notes(src, src_len, &after);

    for (size_t i = 0; i < p->n; i++) {
        const char *s = p->text + p->s[i].start;
        size_t len = p->s[i].end - p->s[i].start;
        if (prose_word_count(s, len) >= SOURCE_SENTENCE_MIN_WORDS && finished(s, len)) {
            n++;
            closing += p->s[i].line > after;
        }
    }
    return notes > closing ? n - closing + notes : n;
}

/* "clip, clipping… + explo…" — how a keyword group reads in a message. */
static int describe_group(struct gb_buf *b, const struct rubric_strings *g, struct gb_err *err)
{
    for (size_t i = 0; i < g->n && i < 4; i++) {
        const char *kw = g->v[i];
        size_t n = strlen(kw);
        if (kw[0] == '#')
            kw++, n--;
        else if (n && kw[n - 1] == '$')
            n--;
        if (gb_buf_printf(b, err, "%s\"%.*s\"", i ? " or " : "", (int)n, kw))
            return -1;
    }
    return 0;
}

static int quote_sentences(struct gb_buf *b, const struct prose *p, size_t first,
                           size_t window, struct gb_err *err)
{
    size_t last = first + window - 1 < p->n ? first + window - 1 : p->n - 1;
    size_t n = p->s[last].end - p->s[first].start;
    char clean[241];
    size_t k = 0;

    for (size_t i = 0; i < n && k + 1 < sizeof clean; i++) {
        char c = p->text[p->s[first].start + i];
        if (c == '\n' || c == '\t' || c == '\r')
            c = ' ';
        if (c == ' ' && k && clean[k - 1] == ' ')
            continue;
        clean[k++] = c;
    }
    clean[k] = '\0';
    return gb_buf_printf(b, err, "\"%s%s\"", clean, k + 1 >= sizeof clean ? "…" : "");
}

/* The number a claim's numbered subject must carry: the step the run's own
 * RNN trace separates at when the rubric asks for it and the run printed
 * one, else the rubric's expected value. */
static int claim_number(const struct score_ctx *ctx, const struct rubric_about *ab,
                        double *num, int *from_trace, struct gb_err *err)
{
    size_t step = 0;

    *from_trace = 0;
    if (ab->own_trace && ctx->out && score_property_trace_separation(ctx, &step, err))
        return -1;
    if (step) {
        *num = (double)step;
        *from_trace = 1;
        return 0;
    }
    return score_number(ctx, &ab->number, num, err);
}

static int describe_about(struct gb_buf *b, const struct rubric_about *ab, double num,
                          struct gb_err *err)
{
    const char *sep = ", said of ";

    for (size_t i = 0; i < ab->right.n && i < 3; i++, sep = " or ") {
        const char *kw = ab->right.v[i];
        size_t n = strlen(kw) - (kw[strlen(kw) - 1] == '$');
        if (gb_buf_printf(b, err, "%s\"%.*s\"", sep, (int)n, kw))
            return -1;
    }
    if (ab->has_number && gb_buf_printf(b, err, "%s%s %g", sep, ab->number_words.v[0], num))
        return -1;
    sep = ", never said of ";
    for (size_t i = 0; !ab->right.n && i < ab->wrong.n && i < 3; i++, sep = " or ") {
        const char *kw = ab->wrong.v[i];
        size_t n = strlen(kw) - (kw[strlen(kw) - 1] == '$');
        if (gb_buf_printf(b, err, "%s\"%.*s\"", sep, (int)n, kw))
            return -1;
    }
    return 0;
}

struct claim_hit {
    struct prose_claim_tie tie;
    size_t first, used;
};

/* Every window that carries the ideas: the first claim said of a wrong
 * subject, and the first said of a right one. */
static int find_claims(const struct prose *p, const struct rubric_check *ck,
                       const struct prose_claim_spec *spec, struct claim_hit *right,
                       struct claim_hit *wrong, struct gb_err *err)
{
    struct prose_claim_tie t;

    memset(right, 0, sizeof *right);
    memset(wrong, 0, sizeof *wrong);
    for (size_t w = 1; w <= ck->window; w++)
        for (size_t i = 0; i < p->n; i++) {
            struct claim_hit *keep;
            if (!prose_window_has_ideas(p, ck->ideas, ck->n_ideas, i, w))
                continue;
            if (prose_claim_judge(p, i, w, spec, &t, err))
                return -1;
            keep = t.verdict == PROSE_CLAIM_WRONG ? wrong
                   : t.verdict == PROSE_CLAIM_RIGHT ? right : NULL;
            if (keep && !keep->tie.verdict)
                *keep = (struct claim_hit){ t, i, w };
        }
    return 0;
}

/* "where" of a sentence: its line of the source, cited as the student
 * knows it (a notebook's cell and line, score/source_cite.h).  In read mode
 * there is no map, and answers.md's lines are cited as they are. */
static int cite(const struct score_ctx *ctx, struct gb_buf *where, const char *where_name,
                size_t line, struct gb_err *err)
{
    char at[SOURCE_CITE_MAX];

    return gb_buf_puts(where, source_cite(ctx->in->source_map, where_name, line, at, sizeof at),
                       err);
}

static int judge_claims(const struct score_ctx *ctx, const struct prose *p,
                        const struct rubric_check *ck, const char *where_name,
                        struct score_outcome *o, long first, struct gb_err *err)
{
    const struct rubric_about *ab = ck->about;
    struct prose_claim_spec spec = { ab->claim.n ? &ab->claim : &ck->ideas[0], ab, 0 };
    struct claim_hit right, wrong, *h;
    int from_trace = 0, affirm;

    if ((ab->has_number && claim_number(ctx, ab, &spec.number, &from_trace, err)) ||
        describe_about(&o->expected, ab, spec.number, err) ||
        find_claims(p, ck, &spec, &right, &wrong, err))
        return -1;
    affirm = !ab->right.n && !ab->wrong.n && !ab->other.n && !ab->has_number;
    h = wrong.tie.verdict ? &wrong : right.tie.verdict ? &right : NULL;
    if (affirm && right.tie.verdict)
        h = &right;      /* one sentence affirming the idea is enough */
    if (!h && !ab->right.n && !ab->has_number) {
        /* only wrong pairings were listed: the idea stands unless one is made */
        o->verdict = VERDICT_PASS;
        return quote_sentences(&o->found, p, (size_t)first, 1, err) ||
               cite(ctx, &o->where, where_name, p->s[first].line, err);
    }
    if (!h) {
        o->verdict = VERDICT_FAIL;
        char at[SOURCE_CITE_MAX];
        return gb_buf_printf(&o->message, err, "the sentence at %s has the idea but never "
                             "says it of the right subject",
                             source_cite(ctx->in->source_map, where_name, p->s[first].line, at,
                                         sizeof at));
    }
    if (quote_sentences(&o->found, p, h->first, h->used, err) ||
        cite(ctx, &o->where, where_name, p->s[h->first].line, err))
        return -1;
    o->verdict = h == &right ? VERDICT_PASS : VERDICT_FAIL;
    if (h == &right)
        return 0;
    if (affirm)
        return gb_buf_printf(&o->message, err, "the sentence denies the idea (\"%.*s\" is "
                             "negated); the exercise asks you to state it",
                             (int)(h->tie.claim_end - h->tie.claim_start),
                             p->text + h->tie.claim_start);
    if (gb_buf_printf(&o->message, err, "the sentence ties \"%.*s\" to \"%.*s\", which is "
                      "not what the exercise asks about",
                      (int)(h->tie.claim_end - h->tie.claim_start), p->text + h->tie.claim_start,
                      (int)(h->tie.subject_end - h->tie.subject_start),
                      p->text + h->tie.subject_start))
        return -1;
    return from_trace ? gb_buf_printf(&o->message, err, " (your traced pair separates at "
                                      "step %g)", spec.number) : 0;
}

/* No window says the idea; the nearest names it only negated (DENIED: a
 * fail that quotes the negation) or with a negation that may not scope over
 * it (UNSURE: a human decides). */
static int ideas_negated(const struct score_ctx *ctx, const struct prose *p,
                         const struct prose_ideas *f, const char *where_name,
                         struct score_outcome *o, struct gb_err *err)
{
    size_t n = f->to - f->from;

    if (quote_sentences(&o->found, p, (size_t)f->near, f->near_used, err) ||
        cite(ctx, &o->where, where_name, p->s[f->near].line, err))
        return -1;
    if (f->stance == PROSE_UNSURE) {
        o->verdict = VERDICT_REVIEW;
        return gb_buf_printf(&o->message, err, "needs human review: the sentence names the "
                             "idea, but with a negation that may deny it (\"%.*s\")",
                             (int)(n > 120 ? 120 : n), p->text + f->from);
    }
    o->verdict = VERDICT_FAIL;
    return gb_buf_printf(&o->message, err, "the sentence names the idea only to deny it "
                         "(\"%.*s\"); the exercise asks you to state it",
                         (int)(n > 120 ? 120 : n), p->text + f->from);
}

static int ideas_missing(const struct score_ctx *ctx, const struct prose *p,
                         const struct rubric_check *ck, size_t missing, const char *where_name,
                         struct score_outcome *o, struct gb_err *err)
{
    where_name = source_cite_name(ctx->in->source_map, where_name);
    o->verdict = VERDICT_FAIL;
    if (!p->n)
        return gb_buf_printf(&o->message, err, "%s has no sentences to read", where_name);
    if (gb_buf_printf(&o->message, err, "no %s%s says this: none mentions ",
                      ck->window > 1 ? "run of sentences in " : "sentence of ", where_name) ||
        describe_group(&o->message, &ck->ideas[missing], err))
        return -1;
    return ck->n_ideas > 1 ? gb_buf_puts(&o->message, " together with the rest of the idea", err) : 0;
}

int score_text_ideas(const struct score_ctx *ctx, const struct prose *p,
                     const struct rubric_check *ck, const char *where_name,
                     struct score_outcome *o, long *first, size_t *used, struct gb_err *err)
{
    struct prose_ideas f;
    size_t missing;

    for (size_t g = 0; g < ck->n_ideas; g++)
        if ((g && gb_buf_puts(&o->expected, " + ", err)) ||
            describe_group(&o->expected, &ck->ideas[g], err))
            return -1;
    if (ck->about) {
        /* a claim's negation is read with its subject (prose_claim.h) */
        *first = prose_find_ideas(p, ck->ideas, ck->n_ideas, ck->window, used, &missing);
        if (*first >= 0)
            return judge_claims(ctx, p, ck, where_name, o, *first, err);
        if (ck->absent_ok) {
            o->verdict = VERDICT_PASS;  /* nothing claimed, so nothing wrong claimed */
            return gb_buf_puts(&o->where, source_cite_name(ctx->in->source_map, where_name),
                               err);
        }
        return ideas_missing(ctx, p, ck, missing, where_name, o, err);
    }
    if (prose_find_ideas_scoped(p, ck->ideas, ck->n_ideas, ck->window, &f, err))
        return -1;
    *first = f.first >= 0 ? f.first : f.near;
    *used = f.first >= 0 ? f.used : f.near_used;
    if (f.first >= 0) {
        o->verdict = f.aside >= 0 ? VERDICT_REVIEW : VERDICT_PASS;
        if (quote_sentences(&o->found, p, (size_t)*first, *used, err) ||
            cite(ctx, &o->where, where_name, p->s[*first].line, err))
            return -1;
        if (f.aside < 0)
            return 0;
        return gb_buf_printf(&o->message, err, "needs human review: the idea's words are here, "
                             "but another sentence sets it aside (\"%.*s\")", (int)(f.aside_to - f.aside_from > 120 ? 120 : f.aside_to - f.aside_from),
                             p->text + f.aside_from);
    }
    if (f.near >= 0)
        return ideas_negated(ctx, p, &f, where_name, o, err);
    return ideas_missing(ctx, p, ck, f.missing, where_name, o, err);
}

/* A measurement rather than a length or a count: printed with a decimal
 * point, as a percentage ("100%/100% at 50") or as a count out of a total
 * ("1000/1000" is a rate). */
static int is_measurement(const struct numparse_num *n)
{
    return (n->flags & (NUMPARSE_RATIO | NUMPARSE_PERCENT)) || !(n->flags & NUMPARSE_INTEGER);
}

/* Rounding slack of a measurement: none for an exact count quotient. */
static double ratio_ulp(const struct numparse_num *n)
{
    return (n->flags & NUMPARSE_RATIO) ? 1e-12 : numparse_half_ulp(n);
}

/* Measurements in the cited sentences that the run's stdout also printed,
 * compared as rates (74.0% = 0.740 = 740/1000). */
static int cites_output(const struct score_ctx *ctx, const char *s, size_t n,
                        struct gb_buf *found, struct gb_err *err)
{
    struct numparse_num said[64], *out = NULL;
    size_t ns = numparse_scan(s, n, 0, said, 64), no;
    const char *text = ctx->in->output ? ctx->in->output : "";
    int hit = 0;

    no = numparse_scan(text, ctx->in->output_len, 0, NULL, 0);
    if (no && !(out = malloc(no * sizeof *out)))
        return gb_fail(err, "out of memory");
    numparse_scan(text, ctx->in->output_len, 0, out, no);
    for (size_t i = 0; i < ns && i < 64 && !hit; i++) {
        double v = numparse_quotient(&said[i]);
        if (!is_measurement(&said[i]) || (said[i].flags & NUMPARSE_GLUED))
            continue;
        for (size_t j = 0; j < no && !hit; j++) {
            double tol = fmax(ratio_ulp(&said[i]), ratio_ulp(&out[j]));
            if (is_measurement(&out[j]) && fabs(numparse_quotient(&out[j]) - v) <= tol) {
                hit = 1;
                if (gb_buf_printf(found, err, " — cites %.*s, which the run printed",
                                  (int)(said[i].end - said[i].start), s + said[i].start))
                    hit = -1;
            }
        }
    }
    free(out);
    return hit;
}

static int check_cites(const struct score_ctx *ctx, const struct rubric_check *ck,
                       const struct prose *p, struct score_outcome *o, struct gb_err *err)
{
    long first;
    size_t last, used;
    int hit;

    if (score_text_ideas(ctx, p, ck, ctx->in->rubric->submission, o, &first, &used, err))
        return -1;
    if (first < 0 || o->verdict != VERDICT_PASS)
        return 0;
    /* the number may come in the sentence after the claim ("ship LSTM b_f=3.
     * it read 100%/100% at 50 ..."): read the rest of the window too */
    last = (size_t)first + (used > ck->window ? used : ck->window) - 1;
    if (last >= p->n)
        last = p->n - 1;
    hit = cites_output(ctx, p->text + p->s[first].start, p->s[last].end - p->s[first].start,
                       &o->found, err);
    if (hit < 0)
        return -1;
    if (gb_buf_puts(&o->expected, ", quoting a number your run printed", err))
        return -1;
    if (hit)
        return 0;
    o->verdict = VERDICT_FAIL;
    return gb_buf_puts(&o->message, "the sentence gives no measured number from your own "
                       "output (a decimal value your table printed): cite what you measured, "
                       "not a preference", err);
}

static int check_sentences(const struct score_ctx *ctx, const struct rubric_check *ck,
                           const struct prose *p, struct score_outcome *o, struct gb_err *err)
{
    const char *name = source_cite_name(ctx->in->source_map, ctx->in->rubric->submission);
    size_t n = count_sentences(p, ctx->in->source ? ctx->in->source : "", ctx->in->source_len);

    if (ck->max_sentences)
        gb_buf_printf(&o->expected, err, "%zu to %zu comment sentences", ck->min_sentences,
                      ck->max_sentences);
    else
        gb_buf_printf(&o->expected, err, "at least %zu comment sentences", ck->min_sentences);
    if (gb_buf_printf(&o->found, err, "%zu", n) || gb_buf_printf(&o->where, err, "%s comments", name))
        return -1;
    o->verdict = n >= ck->min_sentences && (!ck->max_sentences || n <= ck->max_sentences)
                     ? VERDICT_PASS : VERDICT_FAIL;
    if (o->verdict == VERDICT_FAIL)
        return gb_buf_printf(&o->message, err, "counted %zu finished comment sentence%s of %d "
                             "or more words (or closing notes, one a line); the exercise asks "
                             "for the sentences listed in its last part",
                             n, n == 1 ? "" : "s", SOURCE_SENTENCE_MIN_WORDS);
    return 0;
}

int score_source_check(const struct score_ctx *ctx, const struct rubric_check *ck,
                       struct score_outcome *o, struct gb_err *err)
{
    struct gb_buf text = GB_BUF_INIT;
    struct prose p;
    size_t used;
    long first;
    int rc;

    if (comment_text(ctx->in->source ? ctx->in->source : "", ctx->in->source_len, &text, err) ||
        prose_split(text.data, text.len, &p, err)) {
        gb_buf_free(&text);
        return -1;
    }
    if (ck->kind == CHECK_COMMENT_SENTENCES)
        rc = check_sentences(ctx, ck, &p, o, err);
    else if (ck->kind == CHECK_COMMENT_IDEA)
        rc = score_text_ideas(ctx, &p, ck, ctx->in->rubric->submission, o, &first, &used, err);
    else
        rc = check_cites(ctx, ck, &p, o, err);
    /* comments in a language the rubric's keywords do not read: a reviewer reads them */
    if (rc == 0 && ck->kind != CHECK_COMMENT_SENTENCES && o->verdict == VERDICT_FAIL &&
        p.n && !prose_readable(text.data, text.len)) {
        struct gb_buf b = GB_BUF_INIT;
        o->verdict = VERDICT_REVIEW;
        rc = gb_buf_printf(&b, err, "needs human review: the comments are written in a "
                           "language the grader's keywords do not read; %s",
                           o->message.len ? o->message.data : "") ? -1 : 0;
        gb_buf_free(&o->message);
        o->message = b;
    }
    prose_free(&p);
    gb_buf_free(&text);
    return rc;
}
