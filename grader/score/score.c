/* score.c — grades one submission by its rubric: dispatches each check to its
 * kind's module, tries every accepted reading of open choices, marks output
 * checks unreachable after a crash, totals the points and writes the module's
 * triage advice. */
#include "score/score.h"

#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "score/check_kind.h"
#include "score/expected.h"
#include "extract/extract.h"
#include "extract/numparse.h"
#include "score/score_answers.h"
#include "score/score_attend.h"
#include "score/score_property.h"
#include "score/score_relation.h"
#include "score/score_source.h"
#include "score/score_returned.h"
#include "score/score_typed.h"
#include "score/score_value.h"

/* Each kind's scorer.  Kept here, not in check_kind.c's rows, so that loading
 * a rubric (rubric.c -> check_kind.c) never reaches the scorers, which call
 * back into rubric and score helpers: the stage stays one-way. */
typedef int (*score_kind_fn)(const struct score_ctx *ctx, const struct rubric_check *ck,
                             struct score_outcome *o, struct gb_err *err);
static const score_kind_fn scorers[CHECK_KIND_COUNT] = {
    [CHECK_VALUE] = score_value_check,
    [CHECK_VECTOR] = score_value_check,
    [CHECK_EACH] = score_value_check,
    [CHECK_RELATION] = score_relation_check,
    [CHECK_TWIN_PAIRS] = score_property_check,
    [CHECK_RNN_TRACE] = score_property_check,
    [CHECK_COMMENT_SENTENCES] = score_source_check,
    [CHECK_COMMENT_IDEA] = score_source_check,
    [CHECK_COMMENT_CITES_OUTPUT] = score_source_check,
    [CHECK_ANSWER_NUMBERS] = score_answers_check,
    [CHECK_ANSWER_IDEA] = score_answers_check,
    [CHECK_ANSWER_SENTENCES] = score_answers_check,
    [CHECK_ANSWER_WORDS] = score_answers_check,
    [CHECK_REVIEW] = score_answers_check,
    [CHECK_TYPED_OUTPUT] = score_typed_check,
    [CHECK_ATTEND_HIDDEN_INPUT] = score_attend_check,
};

int score_kind_scored(enum check_kind kind)
{
    return (unsigned)kind < CHECK_KIND_COUNT && scorers[kind] != NULL;
}

static int dispatch(const struct score_ctx *ctx, const struct rubric_check *ck,
                    struct score_outcome *o, struct gb_err *err)
{
    if ((unsigned)ck->kind >= CHECK_KIND_COUNT || !scorers[ck->kind])
        return gb_fail(err, "check '%s': unknown kind", ck->id);
    return scorers[ck->kind](ctx, ck, o, err);
}

static void outcome_free(struct score_outcome *o)
{
    gb_buf_free(&o->expected);
    gb_buf_free(&o->found);
    gb_buf_free(&o->where);
    gb_buf_free(&o->message);
}

/* Runs one check.  A rubric/reference fault (say, a key missing from the
 * expected file) is the instructor's problem: it becomes VERDICT_ERROR with
 * the reason, never a student-facing failure and never a failed call. */
static int run_check(const struct score_ctx *ctx, const struct rubric_check *ck,
                     struct score_outcome *o, struct gb_err *err)
{
    struct gb_err why;

    memset(o, 0, sizeof *o);
    o->deviation = -1;
    gb_err_clear(&why);
    if (dispatch(ctx, ck, o, &why) == 0) {
        if (o->verdict == VERDICT_MISSING && ctx->run_stopped &&
            check_kind_reads(ck->kind, CHECK_KIND_READS_OUTPUT)) {
            o->verdict = VERDICT_UNREACHED;
            gb_buf_free(&o->message);
            if (gb_buf_puts(&o->message, "the run stopped before printing this "
                            "(see the crash report above)", err))
                return -1;
        }
        return 0;
    }
    outcome_free(o);
    memset(o, 0, sizeof *o);
    o->deviation = -1;
    o->verdict = VERDICT_ERROR;
    return gb_buf_printf(&o->message, err, "the rubric could not be applied: %s", why.msg);
}

static int check_in_group(const struct rubric_check *ck, const char *group)
{
    return ck->reading && !strcmp(ck->reading, group);
}

static int word_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* Is name one of the '_'-separated parts of identifier id[0..n), in any
 * case: epochs, EPOCHS, n_epochs, num_epochs? */
static int names_part(const char *id, size_t n, const char *name)
{
    size_t k = strlen(name);

    for (size_t a = 0; a < n; a++) {
        size_t b = a;
        while (b < n && id[b] != '_')
            b++;
        if (b - a == k && !strncasecmp(id + a, name, k))
            return 1;
        a = b;
    }
    return 0;
}

/* Is code[at] inside the parameter list of a def: the '(' that encloses
 * it opens a line that starts with "def" (or "async def")? */
static int in_def_signature(const char *code, size_t at)
{
    size_t depth = 0, i = at, line;

    while (i-- > 0) {
        if (code[i] == ')' || code[i] == ']')
            depth++;
        else if ((code[i] == '(' || code[i] == '[') && depth-- == 0)
            break;
    }
    if (i == (size_t)-1)
        return 0;
    for (line = i; line > 0 && code[line - 1] != '\n'; line--)
        ;
    while (code[line] == ' ' || code[line] == '\t')
        line++;
    if (!strncmp(code + line, "async", 5) && isspace((unsigned char)code[line + 5]))
        for (line += 5; code[line] == ' ' || code[line] == '\t'; line++)
            ;
    return !strncmp(code + line, "def", 3) && isspace((unsigned char)code[line + 3]);
}

/* Whether p starts a numeric literal equal to value, a whole one ("60", not
 * "60.5" or "60abc"). */
static int literal_is(const char *p, double value)
{
    char *end;
    return isdigit((unsigned char)*p) && strtod(p, &end) == value && !word_char(*end) &&
           *end != '.';
}

/* Does the code (strings and comments blanked) set name to the literal
 * value: 2 for a keyword argument of a call or an assignment ("epochs=60",
 * "EPOCHS = 60"), 1 for a default in a def ("def train(..., epochs=30)"),
 * 0 for neither.  A call's argument overrides the default it passes. */
static int code_sets(const char *code, size_t len, const char *name, double value)
{
    int how = 0;

    for (size_t i = 0; i < len; i++) {
        size_t j = i, k;
        if (!(isalpha((unsigned char)code[i]) || code[i] == '_') || (i && word_char(code[i - 1])))
            continue;
        while (j < len && word_char(code[j]))
            j++;
        for (k = j; k < len && (code[k] == ' ' || code[k] == '\t'); k++)
            ;
        if (k + 1 < len && code[k] == '=' && code[k + 1] != '=' && names_part(code + i, j - i, name)) {
            for (k++; k < len && (code[k] == ' ' || code[k] == '\t'); k++)
                ;
            if (k < len && literal_is(code + k, value)) {
                int this = in_def_signature(code, i) ? 1 : 2;
                how = this > how ? this : how;
            }
        }
        i = j - 1;
    }
    return how;
}

/* Reads a Python integer literal at code[k] ("2000", "2_000"); -1 if none. */
static double int_literal(const char *code, size_t len, size_t k)
{
    double v = 0;
    size_t start = k;

    for (; k < len && (isdigit((unsigned char)code[k]) || (code[k] == '_' && k > start)); k++)
        if (code[k] != '_')
            v = v * 10 + (code[k] - '0');
    return k > start && (k == len || (!word_char(code[k]) && code[k] != '.')) ? v : -1;
}

/* Does the code (strings and comments blanked) pass the literal value as
 * the first argument of a call to fn: "recall_task(2000, T, seed=...)"? */
static int code_calls(const char *code, size_t len, const char *fn, double value)
{
    size_t n = strlen(fn);

    for (size_t i = 0; i + n < len; i++) {
        size_t k = i + n;
        if (strncmp(code + i, fn, n) || (i && (word_char(code[i - 1]) || code[i - 1] == '.')) ||
            word_char(code[k]))
            continue;
        while (k < len && (code[k] == ' ' || code[k] == '\t'))
            k++;
        if (k >= len || code[k] != '(' || in_def_signature(code, k + 1))
            continue;
        for (k++; k < len && isspace((unsigned char)code[k]); k++)
            ;
        if (int_literal(code, len, k) == value)
            return 1;
    }
    return 0;
}

/* Does one comment line say the value beside one of the words (a word
 * starting so, any case): "# on 2,000 training rows: my laptop is slow"? */
static int comments_say(const char *text, size_t len, const struct rubric_strings *words,
                        double value)
{
    struct numparse_num nums[32];

    for (size_t a = 0, b; a < len; a = b + 1) {
        int has_value = 0, has_word = 0;
        for (b = a; b < len && text[b] != '\n'; b++)
            ;
        size_t n = numparse_scan(text + a, b - a, 0, nums, 32);
        for (size_t i = 0; i < n; i++)
            has_value |= nums[i].value == value &&
                         !(nums[i].flags & (NUMPARSE_GLUED | NUMPARSE_PERCENT));
        for (size_t w = 0; has_value && !has_word && w < words->n; w++) {
            size_t k = strlen(words->v[w]);
            for (size_t i = a; i + k <= b && !has_word; i++)
                has_word = (i == a || !isalpha((unsigned char)text[i - 1])) &&
                           !strncasecmp(text + i, words->v[w], k);
        }
        if (has_value && has_word)
            return 1;
    }
    return 0;
}

/* Does an argparse option named like name default to value:
 * 'ap.add_argument("--epochs", type=int, default=60)'?  The grader runs a
 * script without arguments, so its options' defaults are what it trains
 * with, as an assignment would be.  src is the source, code the same bytes
 * with strings and comments blanked (the option's name is a string). */
static int argparse_sets(const char *src, const char *code, size_t len, const char *name,
                         double value)
{
    static const char call[] = "add_argument";
    size_t n = sizeof call - 1;

    for (size_t i = 0; i + n < len; i++) {
        size_t k = i + n, open, close, q, e;
        int depth = 0, named = 0, defaults = 0;
        if (strncmp(code + i, call, n) || (i && word_char(code[i - 1])) || word_char(code[k]))
            continue;
        while (k < len && isspace((unsigned char)code[k]))
            k++;
        if (k >= len || code[k] != '(')
            continue;
        for (open = k, close = k; close < len; close++) {
            depth += code[close] == '(';
            if (code[close] == ')' && --depth == 0)
                break;
        }
        /* its option strings ("-e", "--n-epochs"; argparse's dest turns '-' to '_') */
        for (q = open; q < close && !named; q = e + 1) {
            char opt[64];
            size_t m;
            while (q < close && src[q] != '"' && src[q] != '\'')
                q++;
            for (e = q + 1; e < close && src[e] != src[q]; e++)
                ;
            if (q >= close || e >= close || src[q + 1] != '-')
                continue;
            while (q + 1 < e && src[q + 1] == '-')
                q++;
            m = e - q - 1 < sizeof opt ? e - q - 1 : sizeof opt;
            for (size_t c = 0; c < m; c++)
                opt[c] = src[q + 1 + c] == '-' ? '_' : src[q + 1 + c];
            named = names_part(opt, m, name);
        }
        for (size_t d = open; named && d + 7 < close && !defaults; d++) {
            size_t v = d + 7;
            if (strncmp(code + d, "default", 7) || word_char(code[d - 1]) || word_char(code[v]))
                continue;
            while (v < close && (code[v] == ' ' || code[v] == '\t'))
                v++;
            if (v + 1 >= close || code[v] != '=' || code[v + 1] == '=')
                continue;
            for (v++; v < close && (code[v] == ' ' || code[v] == '\t'); v++)
                ;
            defaults = literal_is(code + v, value);
        }
        if (named && defaults)
            return 1;
        i = close;
    }
    return 0;
}

/* How strongly the code makes choice ch: 2 a call's argument, an
 * assignment or an argparse option's default, 1 a def's default, 0 not at
 * all. */
static int code_makes(const char *src, const struct gb_buf *code,
                      const struct rubric_reading_choice *ch)
{
    int how = code->data ? code_sets(code->data, code->len, ch->source_name, ch->source_value)
                         : 0;

    if (how < 2 && code->data && argparse_sets(src, code->data, code->len, ch->source_name,
                                               ch->source_value))
        how = 2;

    if (how < 2 && ch->source_call && code->data &&
        code_calls(code->data, code->len, ch->source_call, ch->source_value))
        how = 2;
    return how;
}

/* Which choices of g the submission makes (allowed[c]); 0 when it makes
 * none, so the fit decides.  A run is graded against the epochs its code
 * trains for, not against whichever reading its numbers happen to resemble:
 * a wrong seed-13 run's 0.511 is no 30-epoch 0.521 when the code says 60.
 * The code decides first; where it makes no choice or several at once (the
 * label check on 4,000 rows, the training on 2,000), the comments the
 * exercise asks for decide among those ("# 2,000 training rows"). */
static size_t source_choices(const struct score_ctx *ctx, const struct rubric_reading *g,
                             unsigned char *allowed, struct gb_err *err, int *failed)
{
    struct gb_buf code = GB_BUF_INIT, notes = GB_BUF_INIT;
    size_t n = 0, said = 0, c;
    int top = 0;

    for (c = 0; c < g->n_choices && !g->choices[c].source_name; c++)
        ;
    if (c == g->n_choices || !ctx->in->source)
        return 0;
    if (score_typed_code(ctx->in->source, ctx->in->source_len, &code, err) ||
        score_source_comments(ctx->in->source, ctx->in->source_len, &notes, err)) {
        gb_buf_free(&code);
        gb_buf_free(&notes);
        *failed = 1;
        return 0;
    }
    for (c = 0; c < g->n_choices; c++) {
        allowed[c] = (unsigned char)(g->choices[c].source_name ? code_makes(ctx->in->source, &code,
                                                                             &g->choices[c])
                                                               : 0);
        top = allowed[c] > top ? allowed[c] : top;
    }
    /* only the strongest kind of setting counts: a call's epochs=60 over
     * the def's default epochs=30 it overrides */
    for (c = 0; c < g->n_choices; c++) {
        allowed[c] = top && allowed[c] == top;
        n += allowed[c];
    }
    for (c = 0; n != 1 && notes.data && c < g->n_choices; c++)
        said += (!n || allowed[c]) && g->choices[c].source_comment.n &&
                comments_say(notes.data, notes.len, &g->choices[c].source_comment,
                             g->choices[c].source_value);
    for (c = 0; said && c < g->n_choices; c++)
        allowed[c] = (!n || allowed[c]) && g->choices[c].source_comment.n &&
                     comments_say(notes.data, notes.len, &g->choices[c].source_comment,
                                  g->choices[c].source_value);
    gb_buf_free(&code);
    gb_buf_free(&notes);
    return said ? said : n;
}

/* Scores the checks of one reading group under each choice and keeps the
 * choice that passes the most (the first on a tie: the module's own), among
 * the choices the code makes when it makes any (source_choices). */
static size_t best_choice(struct score_ctx *ctx, const struct rubric_reading *g,
                          struct gb_err *err, int *failed)
{
    const struct rubric *r = ctx->in->rubric;
    size_t best = SIZE_MAX, best_passes = 0, n_allowed;
    unsigned char *allowed = calloc(g->n_choices, 1);

    if (!allowed) {
        *failed = 1;
        gb_fail(err, "out of memory scoring");
        return 0;
    }
    n_allowed = source_choices(ctx, g, allowed, err, failed);
    for (size_t c = 0; c < g->n_choices && !*failed; c++) {
        size_t passes = 0;
        if (n_allowed && !allowed[c])
            continue;
        ctx->choice = &g->choices[c];
        for (size_t i = 0; i < r->n_checks; i++) {
            struct score_outcome o;
            if (!check_in_group(&r->checks[i], g->group))
                continue;
            if (run_check(ctx, &r->checks[i], &o, err)) {
                *failed = 1;
                break;
            }
            passes += o.verdict == VERDICT_PASS;
            outcome_free(&o);
        }
        if (best == SIZE_MAX || passes > best_passes) {
            best = c;
            best_passes = passes;
        }
    }
    free(allowed);
    return best == SIZE_MAX ? 0 : best;
}

/* One numeric check as the triage sees it. */
struct numeric {
    const char *id;
    int failed;              /* a value was found and is off */
    double deviation;        /* in tolerances */
    size_t line;             /* where it was printed; 0: unknown */
    const char *mistake;     /* the known mistake it matches, or NULL */
};

struct tally {               /* what the triage advice is computed from */
    struct numeric *v;
    size_t n;
};

static int tally_outcome(struct tally *t, const struct rubric_check *ck,
                         const struct score_outcome *o, const char *mistake, struct gb_err *err)
{
    struct numeric *grown;

    if (o->deviation < 0 || (o->verdict != VERDICT_PASS && o->verdict != VERDICT_FAIL))
        return 0;
    if (!(grown = realloc(t->v, (t->n + 1) * sizeof *grown)))
        return gb_fail(err, "out of memory");
    t->v = grown;
    t->v[t->n++] = (struct numeric){ ck->id, o->verdict == VERDICT_FAIL, o->deviation, o->line,
                                     mistake };
    return 0;
}

/* Does the student's value match what a known mistake prints?  The check is
 * rerun with the mistake's value as its target (a shallow copy: every
 * pointer stays the rubric's). */
static int matches_mistake(const struct score_ctx *ctx, const struct rubric_check *ck,
                           const struct rubric_mistake *mk, int *matched, struct gb_err *err)
{
    struct rubric_check alt = *ck;
    struct score_outcome o;

    alt.n_mistakes = 0;
    if (ck->kind == CHECK_VECTOR) {
        alt.vector = mk->expected;
        alt.vector_abs_tol = mk->abs_tol;
        alt.vector_rel_tol = mk->rel_tol;
    } else {
        memset(&alt.target, 0, sizeof alt.target);
        alt.target.op = TARGET_APPROX;
        alt.target.expected = mk->expected;
        alt.target.abs_tol = mk->abs_tol;
        alt.target.rel_tol = mk->rel_tol;
    }
    if (run_check(ctx, &alt, &o, err))
        return -1;
    *matched = o.verdict == VERDICT_PASS;
    outcome_free(&o);
    return 0;
}

/* A failed value that matches a rubric's known mistake: say so in the
 * check's message, and return the mistake's sentence for the triage. */
static int name_mistake(const struct score_ctx *ctx, const struct rubric_check *ck,
                        struct score_outcome *o, const char **says, struct gb_err *err)
{
    *says = NULL;
    if (o->verdict != VERDICT_FAIL)
        return 0;
    for (size_t i = 0; i < ck->n_mistakes; i++) {
        int matched = 0;

        if (matches_mistake(ctx, ck, &ck->mistakes[i], &matched, err))
            return -1;
        if (!matched)
            continue;
        *says = ck->mistakes[i].says;
        return gb_buf_printf(&o->message, err, "%sThis is a known mistake: %s",
                             o->message.len ? ". " : "", *says);
    }
    return 0;
}

static char *dup_buf(const struct gb_buf *b)
{
    return b->len ? b->data : NULL;
}

static size_t count_lines(const char *text, size_t len)
{
    size_t n = 0;

    for (size_t i = 0; i < len; i++)
        n += text[i] == '\n';
    return n + (len && text[len - 1] != '\n');
}

/* A check that did not pass always says what was found and where it was
 * looked for, even when nothing was found: "nothing", in "all 42 lines of
 * output" or "the comments of gradient_decay.py". */
static int fill_found_where(const struct score_ctx *ctx, const struct rubric_check *ck,
                            struct score_outcome *o, struct gb_err *err)
{
    size_t lines = count_lines(ctx->in->output ? ctx->in->output : "", ctx->in->output_len);

    if (o->verdict == VERDICT_PASS || o->verdict == VERDICT_REVIEW)
        return 0;
    if (!o->found.len && gb_buf_puts(&o->found, o->verdict == VERDICT_UNREACHED
                                     ? "nothing: the run stopped before printing it"
                                     : "nothing", err))
        return -1;
    if (o->where.len)
        return 0;
    if (check_kind_reads(ck->kind, CHECK_KIND_READS_OUTPUT))
        return lines ? gb_buf_printf(&o->where, err, "searched all %zu line%s of output", lines,
                                     lines == 1 ? "" : "s")
                     : gb_buf_puts(&o->where, "the run printed nothing", err);
    if (check_kind_reads(ck->kind, CHECK_KIND_READS_COMMENTS))
        return gb_buf_printf(&o->where, err, "searched the comments of %s",
                             source_cite_name(ctx->in->source_map,
                                              ctx->in->rubric->submission));
    if (ck->section)
        return gb_buf_printf(&o->where, err, "searched section \"%s\" of the answers",
                             ck->section);
    return 0;
}

static int record(struct grade_result *out, const struct rubric_check *ck,
                  const struct score_outcome *o, const char *reading, struct gb_err *err)
{
    struct check_result c;

    memset(&c, 0, sizeof c);
    c.id = ck->id;
    c.description = ck->description;
    c.verdict = o->verdict;
    c.max_points = ck->points;
    c.points = o->verdict == VERDICT_PASS ? ck->points : 0;
    c.expected = dup_buf(&o->expected);
    c.found = dup_buf(&o->found);
    c.where = dup_buf(&o->where);
    c.message = dup_buf(&o->message);
    c.reading = (char *)reading;
    c.deviation = o->deviation;
    if (result_add_check(out, &c, err))
        return -1;
    out->score += c.points;
    out->max_score += c.max_points;
    return 0;
}

/* The part of the exercise a check belongs to: its id up to the first '_'
 * ("clip" of clip_after, "gain05" of gain05_step1), so rubric authors group
 * the checks of one table row or one quantity by naming them alike. */
static size_t part_len(const char *id)
{
    const char *u = strchr(id, '_');

    return u ? (size_t)(u - id) : strlen(id);
}

static int same_part(const char *a, const char *b)
{
    size_t n = part_len(a);

    return n == part_len(b) && !strncmp(a, b, n);
}

/* "a, b and c" of the failed checks' ids (at most five, then "..."). */
static int list_failed(struct gb_buf *b, const struct tally *t, struct gb_err *err)
{
    size_t shown = 0, total = 0;

    for (size_t i = 0; i < t->n; i++)
        total += t->v[i].failed;
    for (size_t i = 0; i < t->n && shown < 5; i++) {
        if (!t->v[i].failed)
            continue;
        shown++;
        if (gb_buf_printf(b, err, "%s%s", shown == 1 ? "" : shown == total ? " and " : ", ",
                          t->v[i].id))
            return -1;
    }
    return shown < total ? gb_buf_puts(b, ", ...", err) : 0;
}

/* Each known mistake once, with the checks that show it. */
static int advise_mistakes(struct gb_buf *b, const struct tally *t, struct gb_err *err)
{
    if (gb_buf_puts(b, "Your numbers match a known mistake, so fix that first:", err))
        return -1;
    for (size_t i = 0; i < t->n; i++) {
        int seen = 0;

        if (!t->v[i].mistake)
            continue;
        for (size_t j = 0; j < i && !seen; j++)
            seen = t->v[j].mistake && !strcmp(t->v[j].mistake, t->v[i].mistake);
        if (!seen && gb_buf_printf(b, err, " %s (%s", t->v[i].mistake, t->v[i].id))
            return -1;
        for (size_t j = i + 1; !seen && j < t->n; j++)
            if (t->v[j].mistake && !strcmp(t->v[j].mistake, t->v[i].mistake)
                && gb_buf_printf(b, err, ", %s", t->v[j].id))
                return -1;
        if (!seen && gb_buf_puts(b, ").", err))
            return -1;
    }
    return 0;
}

/* One value far off, and values the run printed after it agree: a fresh
 * process would most likely fix it (the module's "stale state"). */
static int isolated_miss(const struct tally *t)
{
    const struct numeric *miss = NULL;
    size_t agree_after = 0;

    for (size_t i = 0; i < t->n; i++) {
        if (!t->v[i].failed)
            continue;
        if (miss || t->v[i].deviation <= 10.0 || !t->v[i].line)
            return 0;
        miss = &t->v[i];
    }
    for (size_t i = 0; miss && i < t->n; i++)
        agree_after += !t->v[i].failed && t->v[i].line > miss->line;
    return miss && agree_after >= 2;
}

/* Every miss within one part, and numbers outside it agree. */
static int confined_to_one_part(const struct tally *t)
{
    const char *part = NULL;
    size_t agree_outside = 0;

    for (size_t i = 0; i < t->n; i++)
        if (t->v[i].failed) {
            if (part && !same_part(part, t->v[i].id))
                return 0;
            part = t->v[i].id;
        }
    for (size_t i = 0; part && i < t->n; i++)
        agree_outside += !t->v[i].failed && !same_part(part, t->v[i].id);
    return part && agree_outside >= 2;
}

/* The module's triage, most specific first: a known mistake; every miss
 * small (library versions); one isolated miss (stale state — only where the
 * exercise draws seeded numbers); misses in one part (logic there); else logic. */
static int set_triage(struct grade_result *out, const struct tally *t, int out_seeded,
                      struct gb_err *err)
{
    struct gb_buf b = GB_BUF_INIT;
    const char *torch = out->runtime.torch ? out->runtime.torch : "not installed";
    const char *numpy = out->runtime.numpy ? out->runtime.numpy : "not installed";
    size_t failed = 0, small = 0, mistakes = 0;
    int rc;

    for (size_t i = 0; i < t->n; i++) {
        failed += t->v[i].failed;
        small += t->v[i].failed && t->v[i].deviation <= 10.0;
        mistakes += t->v[i].mistake != NULL;
    }
    if (!failed)
        return 0;
    if (mistakes)
        rc = advise_mistakes(&b, t, err);
    else if (small == failed)
        /* "off by a little": within ten tolerances — last-decimal drift,
         * not a different computation. */
        rc = gb_buf_printf(&b, err,
            "Every numeric miss is small, which points at a library version "
            "rather than your code. This runtime has torch %s and numpy %s; the module's "
            "numbers came from torch %s and numpy %s. Match the pins before changing code.",
            torch, numpy, SCORE_PINNED_TORCH, SCORE_PINNED_NUMPY);
    else if (out_seeded && isolated_miss(t))
        rc = gb_buf_puts(&b, "One value (", err) || list_failed(&b, t, err) ||
             gb_buf_puts(&b, ") is far off while the values printed after it agree, which "
                "points at stale state: seeded draws only reproduce in the same order from a "
                "clean start. Rerun the file top to bottom in a fresh python process before "
                "changing code.", err);
    else if (confined_to_one_part(t))
        rc = gb_buf_puts(&b, "The misses are confined to one part of the exercise (", err) ||
             list_failed(&b, t, err) ||
             gb_buf_puts(&b, ") while your other numbers agree, which points at the code "
                "that computes that part, not at a library version or stale state: compare "
                "it with the module's code for that step.", err);
    else
        rc = gb_buf_puts(&b,
            "The misses are large or many, which points at your logic rather than "
            "a library version or stale state: compare your script with the module's "
            "code step by step, starting from the first failed check.", err);
    if (rc) {
        gb_buf_free(&b);
        return -1;
    }
    free(out->triage);
    out->triage = gb_buf_steal(&b);
    return 0;
}

static int run_stopped(const struct sandbox_result *run)
{
    return run && (run->limit != SANDBOX_LIMIT_NONE || run->signal ||
                   (run->exited && run->exit_code != 0) || !run->exited);
}

/* Typed values earn nothing: when the typed_output check fails, the
 * numbers the value checks found were typed in or guessed, not computed, so
 * the checks that read them (value, vector, each, relation) keep their
 * verdicts, for the student to see, and lose their points. */
static int gate_on_typed(const struct rubric *r, struct grade_result *out, struct gb_err *err)
{
    const char *gate = NULL;

    for (size_t i = 0; i < r->n_checks && i < out->n_checks && !gate; i++)
        if (r->checks[i].kind == CHECK_TYPED_OUTPUT && out->checks[i].verdict == VERDICT_FAIL)
            gate = r->checks[i].id;
    for (size_t i = 0; gate && i < r->n_checks && i < out->n_checks; i++) {
        struct check_result *c = &out->checks[i];
        enum check_kind k = r->checks[i].kind;
        char why[256];
        if ((k != CHECK_VALUE && k != CHECK_VECTOR && k != CHECK_EACH && k != CHECK_RELATION) ||
            c->points == 0)
            continue;
        snprintf(why, sizeof why, "no points: %s failed, so this number is not your code's "
                 "result", gate);
        /* a check earns its points when it passes: no pass at 0 */
        if (result_check_demote(out, c, VERDICT_FAIL, why, err))
            return -1;
    }
    return 0;
}

static int score_all(struct score_ctx *ctx, struct grade_result *out, struct gb_err *err)
{
    const struct rubric *r = ctx->in->rubric;
    size_t *chosen = calloc(r->n_readings + 1, sizeof *chosen);
    struct tally t = { NULL, 0 };
    int failed = 0;

    if (!chosen)
        return gb_fail(err, "out of memory scoring");
    for (size_t g = 0; g < r->n_readings && !failed; g++)
        chosen[g] = best_choice(ctx, &r->readings[g], err, &failed);
    ctx->chosen = chosen;
    for (size_t i = 0; i < r->n_checks && !failed; i++) {
        const struct rubric_check *ck = &r->checks[i];
        const struct rubric_reading *g = rubric_find_reading(r, ck->reading);
        struct score_outcome o;
        const char *mistake;
        ctx->choice = g ? &g->choices[chosen[g - r->readings]] : NULL;
        if (run_check(ctx, ck, &o, err)) {
            failed = 1;
            break;
        }
        failed = name_mistake(ctx, ck, &o, &mistake, err) || tally_outcome(&t, ck, &o, mistake, err)
                 || fill_found_where(ctx, ck, &o, err)
                 || record(out, ck, &o, ctx->choice ? ctx->choice->name : NULL, err);
        outcome_free(&o);
    }
    ctx->chosen = NULL;
    free(chosen);
    if (!failed)
        failed = gate_on_typed(r, out, err) || score_returned_confirm(ctx->in, out, err) ||
                 set_triage(out, &t, r->seeded, err) != 0;
    free(t.v);
    return failed ? -1 : 0;
}

struct key_word {
    struct extract_synonyms *syn;
    const char *key;
    struct gb_err *err;
};

static int add_key_word(const char *header, void *arg)
{
    struct key_word *kw = arg;

    /* a corner the rubric's words give another meaning ("train s", "tr acc"
     * over 5, 20, 50, 100 in side-by-side tables of seconds and accuracies)
     * names the table's cells, not its keys */
    if (extract_synonyms_has(kw->syn, header))
        return 0;
    return extract_synonyms_add(kw->syn, kw->key, header, kw->err) < 0 ? -1 : 0;
}

static int add_unknown_key_word(const char *word, void *arg)
{
    struct key_word *kw = arg;

    /* a word the rubric's synonyms already give a meaning ("rnn" of
     * "rnn0.5" as gain, "b_f") names what it names */
    return extract_synonyms_has(kw->syn, word) ? 0 : add_key_word(word, arg);
}

/* A column holding exactly a key's values ("keys" in the rubric) is that
 * key, whatever its header says: its header becomes one more word for the
 * key, for this output only ("longitud" over 5, 20, 50, 100 reads as
 * "length").  So does a word those values follow as a name's number and no
 * other ("wzmocn. 0.5", "wzmocn. 0.9", "wzmocn. 1.5" reads as "gain"). */
static int key_columns(const struct rubric *r, const struct extract_transcript *tr,
                       struct extract_synonyms *syn, struct gb_err *err)
{
    const cJSON *k, *v;

    cJSON_ArrayForEach(k, r->keys) {
        double values[EXTRACT_KEY_VALUES_MAX];
        size_t n = 0;
        struct key_word kw = { syn, k->string, err };
        cJSON_ArrayForEach(v, k)
            if (n < EXTRACT_KEY_VALUES_MAX)
                values[n++] = v->valuedouble;
        if (extract_key_headers(tr, values, n, add_key_word, &kw) ||
            extract_key_words(tr, values, n, add_unknown_key_word, &kw))
            return gb_err_prefix(err, "rubric %s: keys.%s", r->path, k->string);
    }
    return 0;
}

/* The exercise's own name printed in the output ("exp=attention_by_hand",
 * "INFO:memory_lab:", "== order_matters.py ==") names the script, not a
 * result: its words would read as labels ("hand", which marks the
 * hand-worked check, or "memory").  A copy of the output with each whole
 * occurrence (and a ".py" after it) turned into spaces, so columns keep
 * their places — but not where it is one part of a dotted path, which a
 * TOML section or a nested key reads as a whole (same length as text).
 * NULL when the name does not occur, or out of memory (*oom). */
static char *without_exercise_name(const char *text, size_t len, const char *name, int *oom)
{
    size_t n = name ? strlen(name) : 0;
    char *copy = NULL;

    *oom = 0;
    for (size_t i = 0; n && i + n <= len; i++) {
        size_t e = i + n;
        if (strncasecmp(text + i, name, n) != 0 ||
            (i > 0 && (isalnum((unsigned char)text[i - 1]) || text[i - 1] == '_')) ||
            (e < len && (isalnum((unsigned char)text[e]) || text[e] == '_')))
            continue;
        if (e + 3 <= len && !strncmp(text + e, ".py", 3) &&
            !(e + 3 < len && isalnum((unsigned char)text[e + 3])))
            e += 3;
        else if ((e + 1 < len && text[e] == '.' && (isalpha((unsigned char)text[e + 1]) ||
                                                     text[e + 1] == '_')) ||
                 (i > 0 && text[i - 1] == '.'))
            continue;   /* a part of a dotted path ("[memory_lab.lstm.len_50]"): a key */
        if (!copy) {
            if (!(copy = malloc(len + 1))) {
                *oom = 1;
                return NULL;
            }
            memcpy(copy, text, len);
            copy[len] = '\0';
        }
        memset(copy + i, ' ', e - i);
        i = e - 1;
    }
    return copy;
}

int score_submission(const struct score_input *in, struct grade_result *out,
                     struct gb_err *err)
{
    struct score_ctx ctx = { in, NULL, run_stopped(in->run), NULL, NULL, NULL };
    struct extract_transcript *tr = NULL;
    struct extract_synonyms *syn = NULL;
    int rc;

    size_t out_len = in->output ? in->output_len : 0;
    int oom;
    char *plain = without_exercise_name(in->output, out_len, in->rubric->exercise, &oom);
    if (oom)
        return gb_fail(err, "out of memory reading the program's output");
    rc = extract_parse(plain ? plain : in->output ? in->output : "", out_len, NULL, &tr, err);
    free(plain);
    if (rc)
        return -1;
    if (extract_synonyms_from_json(in->rubric->synonyms, &syn, err)) {
        extract_free(tr);
        return gb_err_prefix(err, "rubric %s: synonyms", in->rubric->path);
    }
    if (key_columns(in->rubric, tr, syn, err)) {
        extract_synonyms_free(syn);
        extract_free(tr);
        return -1;
    }
    ctx.out = tr;
    ctx.syn = syn;
    rc = score_all(&ctx, out, err);
    extract_synonyms_free(syn);
    extract_free(tr);
    return rc;
}
