/* score_value.c — checks on numbers the run printed: one value against a
 * target (value ± tolerance, a range, a bound, an exact count), a row of
 * numbers against an expected array (vectors and shapes), and "each" checks
 * where every located number must meet the target (every row sums to 1).
 *
 * Locating is extract.h's job; this module judges what it found and says,
 * on failure, what was expected, what was found and on which line. */
#define _GNU_SOURCE         /* strcasestr */
#include "score/score_value.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "score/expected.h"
#include "extract/extract.h"
#include "extract/extract_align.h"
#include "extract/numparse.h"

/* What a student is told when a value is printed too coarsely to decide. */
#define COARSE_SAYS ": printed too coarsely to decide the check; print more digits"

int score_locate(const struct score_ctx *ctx, const struct cJSON *locate,
                 int shape, int all, struct extract_result *res,
                 struct gb_err *err)
{
    struct extract_query q = EXTRACT_QUERY_INIT;
    int rc;

    if (extract_query_from_json(locate, ctx->syn, &q, err))
        return gb_err_prefix(err, "locate");
    if (shape != EXTRACT_SCALAR)
        q.shape = (enum extract_shape)shape;
    q.all = q.all || all;
    rc = extract_find(ctx->out, &q, res, err);
    extract_query_free(&q);
    return rc;
}

static int where_line(struct score_outcome *o, size_t line, struct gb_err *err)
{
    o->line = line;
    return gb_buf_printf(&o->where, err, "output line %zu", line);
}

/* Nothing located: MISSING, with extract's sentence saying why — or FAIL
 * when the rows the labels name print what the quantity cannot be (a
 * log-softmax's negative "weights"): the student printed this quantity,
 * wrong. */
static int missing(struct score_outcome *o, const struct extract_result *res,
                   struct gb_err *err)
{
    if (res->ruled_out) {
        o->verdict = VERDICT_FAIL;
        return gb_buf_puts(&o->found, res->ruled_out, err) ||
               where_line(o, res->ruled_out_line, err) ||
               gb_buf_puts(&o->message, res->explain ? res->explain : "", err);
    }
    o->verdict = VERDICT_MISSING;
    return gb_buf_puts(&o->message, res->explain ? res->explain
                       : "the value was not found in the output", err);
}

/* Lines whose own label is the value's: it names the row, or the column
 * ("accuracy overall : 0.7400" under "model : logistic"). */
static int named_lines(const struct score_ctx *ctx, const struct extract_query *q,
                       size_t **named, size_t *n, struct gb_err *err)
{
    size_t *cols = NULL, n_cols = 0, *all;

    if (extract_lines_naming(ctx->out, q, EXTRACT_ROW, 0, named, n, err) ||
        extract_lines_naming(ctx->out, q, EXTRACT_COLUMN, 1, &cols, &n_cols, err))
        return -1;
    if (!n_cols) {
        free(cols);
        return 0;
    }
    if (!(all = realloc(*named, (*n + n_cols) * sizeof *all))) {
        free(cols);
        return gb_fail(err, "out of memory");
    }
    memcpy(all + *n, cols, n_cols * sizeof *all);
    *named = all;
    *n += n_cols;
    free(cols);
    return 0;
}

/* The lines a locate names in their own words: its "exclude" phrases
 * (another row: alignment takes no evidence there) and its row phrases
 * (named stays NULL when the locate has no row).  Arrays are malloc'd. */
static int label_lines(const struct score_ctx *ctx, const struct cJSON *locate,
                       struct extract_align_lines *l, size_t **excl, size_t **named,
                       struct gb_err *err)
{
    struct extract_query q = EXTRACT_QUERY_INIT;
    int rc;

    memset(l, 0, sizeof *l);
    *excl = *named = NULL;
    if (!locate)
        return 0;
    if (extract_query_from_json(locate, ctx->syn, &q, err))
        return gb_err_prefix(err, "locate");
    rc = extract_lines_naming(ctx->out, &q, EXTRACT_EXCLUDE, 0, excl, &l->n_excluded, err);
    if (!rc && q.n_phrases[EXTRACT_ROW])
        rc = named_lines(ctx, &q, named, &l->n_named, err);
    l->has_row = q.n_phrases[EXTRACT_ROW] > 0;
    extract_query_free(&q);
    l->excluded = *excl;
    l->named = *named;
    return rc;
}

int score_align(const struct score_ctx *ctx, const char *ref, const struct cJSON *locate,
                double rel_tol, double abs_tol, struct extract_alignment *al,
                struct gb_err *err)
{
    struct extract_record rec = { .rel_tol = rel_tol, .abs_tol = abs_tol };
    struct extract_align_lines lines;
    size_t *excl = NULL, *named = NULL;
    double *v = NULL;
    char key[256];
    int rc;

    memset(al, 0, sizeof *al);
    if (!ref || !ctx->out)
        return 0;
    /* A key the reference lacks is reported by the labelled path already. */
    if (score_key(ctx, ref, key, sizeof key, NULL) ||
        expected_record(ctx->in->expected, key, &v, &rec.n, &rec.target, &rec.ordered, NULL))
        return 0;
    rec.v = v;
    rc = label_lines(ctx, locate, &lines, &excl, &named, err);
    if (!rc)
        rc = extract_align(ctx->out, &rec, &lines, al, err);
    free(excl);
    free(named);
    free(v);
    return rc;
}

/* Is the aligned number on a line the locate's row phrases name (any line
 * they label, whatever the section or column)?  Then the labels and the
 * value agree on it, and a failing label choice was a look-alike line.  A
 * locate without a row counts as naming every line. */
static int aligned_on_named_line(const struct score_ctx *ctx, const struct cJSON *locate,
                                 const struct extract_alignment *al, struct gb_err *err)
{
    struct extract_query q = EXTRACT_QUERY_INIT;
    size_t *lines = NULL, n = 0;
    int named = 0;

    if (extract_query_from_json(locate, ctx->syn, &q, err))
        return gb_err_prefix(err, "locate");
    if (!q.n_phrases[EXTRACT_ROW]) {
        extract_query_free(&q);
        return 1;
    }
    if (extract_lines_naming(ctx->out, &q, EXTRACT_ROW, 0, &lines, &n, err)) {
        extract_query_free(&q);
        return -1;
    }
    /* the value's own line, or a line of the record it was recognised by
     * ("model : 64-unit net" over "accuracy not rows : 0.5743") */
    for (size_t i = 0; i < n && !named; i++)
        named = lines[i] == al->hit.line ||
                (lines[i] >= al->first_line && lines[i] <= al->last_line);
    free(lines);
    extract_query_free(&q);
    return named;
}

/* The sentence saying how an aligned value was recognised. */
static int aligned_message(struct gb_buf *b, const struct extract_alignment *al,
                           const struct extract_result *res, struct gb_err *err)
{
    if (gb_buf_printf(b, err, "recognised by its value: %s on output line %zu is printed with "
                      "%zu other value%s of the same record", al->hit.text, al->hit.line,
                      al->n_with, al->n_with == 1 ? "" : "s"))
        return -1;
    if (al->first_line != al->last_line &&
        gb_buf_printf(b, err, " (lines %zu-%zu)", al->first_line, al->last_line))
        return -1;
    if (res && res->explain)
        return gb_buf_printf(b, err, "; no label said so: %s", res->explain);
    return 0;
}

/* "the output prints 101 different values for rude, support": no result to
 * judge.  n is counted up to EXTRACT_VALUES_MAX. */
static int shotgun_note(const struct score_ctx *ctx, const struct cJSON *locate,
                        struct gb_buf *note, size_t n, enum score_reading *how,
                        struct gb_err *err)
{
    struct extract_query q = EXTRACT_QUERY_INIT;
    char what[256] = "this value";

    *how = SCORE_READ_SHOTGUN;
    if (locate && extract_query_from_json(locate, ctx->syn, &q, err) == 0)
        extract_query_describe(&q, what, sizeof what);
    extract_query_free(&q);
    return gb_buf_printf(note, err, "the output prints %s%zu different values for %s that "
                         "neither labels nor layout tell apart; a result has one value, and "
                         "the expected one does not pick among guesses",
                         n >= EXTRACT_VALUES_MAX ? "at least " : "", n, what);
}

/* Two readings the labels fit alike disagree: the labels' choice h and
 * `other`.  A reviewer reads both. */
static int disputed(struct gb_buf *note, const struct extract_hit *h,
                    const struct extract_hit *other, enum score_reading *how,
                    struct gb_err *err)
{
    *how = SCORE_READ_DISPUTED;
    return gb_buf_printf(note, err, "the label points at %s (line %zu), and line %zu, which "
                         "the label names too, prints %s: the labels do not say which is your "
                         "result, so a reviewer reads both", h->text, h->line, other->line,
                         other->text);
}

/* The labels' choice h misses; al recognised the expected value on a line
 * the labels name as well.  Both go to a reviewer — or, when al's line is
 * one of many printed alike, the check has no result. */
static int dispute_note(struct gb_buf *note, const struct extract_hit *h,
                        const struct extract_alignment *al, enum score_reading *how,
                        struct gb_err *err)
{
    if (al->n_alike + 1 >= SCORE_SHOTGUN_VALUES) {
        *how = SCORE_READ_SHOTGUN;
        return gb_buf_printf(note, err, "line %zu is one of %zu lines printed alike with "
                             "different values; a result has one value, and the expected "
                             "one does not pick among guesses", al->hit.line, al->n_alike + 1);
    }
    return disputed(note, h, &al->hit, how, err);
}

/* res's chosen hit (index 0) replaced by hit h (deep-copied fields moved). */
static int take_alignment(struct extract_result *res, struct extract_alignment *al,
                          struct gb_err *err)
{
    struct extract_hit *hits = calloc(1, sizeof *hits);

    if (!hits)
        return gb_fail(err, "out of memory");
    free(res->explain);
    res->explain = NULL;
    for (size_t i = 0; i < res->n_hits; i++) {
        free(res->hits[i].text);
        free(res->hits[i].nums);
        free(res->hits[i].label);
        free(res->hits[i].column);
        free(res->hits[i].line_text);
    }
    free(res->hits);
    hits[0] = al->hit;          /* ownership moves to res */
    memset(&al->hit, 0, sizeof al->hit);
    res->hits = hits;
    res->n_hits = 1;
    return 0;
}

int score_locate_near(const struct score_ctx *ctx, const struct cJSON *locate, const char *ref,
                      double rel_tol, struct extract_result *res, struct gb_buf *note,
                      int *disputed_out, struct gb_err *err)
{
    struct extract_result all = EXTRACT_RESULT_INIT;
    struct extract_alignment al;
    double want;
    char key[256];
    int found;

    *disputed_out = 0;
    if (score_locate(ctx, locate, EXTRACT_SCALAR, 0, res, err))
        return -1;
    if (!ref || score_key(ctx, ref, key, sizeof key, NULL) ||
        expected_number(ctx->in->expected, key, &want, NULL))
        return 0;
    if (res->n_hits) {
        const struct extract_hit *h = &res->hits[0];
        if (fabs(h->num.value - want) <= rel_tol * fabs(want) || res->n_candidates < 2 ||
            extract_common_value(want))
            return 0;
        /* The label's reading stays; a look-alike line that meets the
         * reference makes the check a reviewer's, never a pass. */
        if (score_locate(ctx, locate, EXTRACT_SCALAR, 1, &all, err))
            return -1;
        for (size_t i = 0; i < all.n_hits && !*disputed_out; i++) {
            const struct extract_hit *c = &all.hits[i];
            if (c->line == h->line || fabs(c->num.value - want) > rel_tol * fabs(want))
                continue;
            *disputed_out = 1;
            found = gb_buf_printf(note, err, "it was read from line %zu (%s); line %zu, which "
                                  "the label names too, prints %s: the labels do not say which "
                                  "is your result, so a reviewer reads both", h->line, h->text,
                                  c->line, c->text);
            if (found) {
                extract_result_free(&all);
                return -1;
            }
        }
        extract_result_free(&all);
        return 0;
    }
    if ((found = score_align(ctx, ref, locate, rel_tol, 0, &al, err)) <= 0)
        return found;
    if (al.n_alike + 1 >= SCORE_SHOTGUN_VALUES)
        /* one of many lines printed alike: no reading is the result */
        found = gb_buf_printf(note, err, "line %zu is one of %zu lines printed alike with "
                              "different values; a result has one value", al.hit.line,
                              al.n_alike + 1) ? -1 : 0;
    else
        found = aligned_message(note, &al, res, err) || take_alignment(res, &al, err) ? -1 : 0;
    extract_alignment_free(&al);
    return found;
}

/* An exact count (297 rows) is printed as an integer: when the label also
 * labels floats elsewhere (a trace row for the token "not"), the last
 * integer-printed candidate is the count.  Returns its index or -1. */
static long count_candidate(const struct score_ctx *ctx, const struct rubric_check *ck,
                            const struct extract_result *all)
{
    double exp;
    long pick = -1;

    if (ck->target.op != TARGET_APPROX || ck->target.abs_tol != 0 || ck->target.rel_tol != 0 ||
        score_number(ctx, &ck->target.expected, &exp, NULL) || exp != floor(exp))
        return -1;
    for (size_t i = 0; i < all->n_hits; i++) {
        unsigned f = all->hits[i].num.flags;
        if ((f & NUMPARSE_INTEGER) && !(f & (NUMPARSE_GLUED | NUMPARSE_IN_LIST)))
            pick = (long)i;
    }
    return pick;
}

/* The engine's choice, or for an exact count the integer candidate. */
static int locate_value(const struct score_ctx *ctx, const struct rubric_check *ck,
                        struct extract_result *res, size_t *which, struct gb_err *err)
{
    struct extract_result all = EXTRACT_RESULT_INIT;
    long pick;

    *which = 0;
    if (score_locate(ctx, ck->locate, EXTRACT_SCALAR, 0, res, err))
        return -1;
    if (!res->n_hits && ck->or_locate) {
        /* Keep the first explanation: it names what the student should print. */
        char *why = res->explain;
        res->explain = NULL;
        extract_result_free(res);
        if (score_locate(ctx, ck->or_locate, EXTRACT_SCALAR, 0, res, err)) {
            free(why);
            return -1;
        }
        if (!res->n_hits) {
            free(res->explain);
            res->explain = why;
        } else {
            free(why);
        }
    }
    if (!res->n_hits || (res->hits[0].num.flags & NUMPARSE_INTEGER))
        return 0;
    if (score_locate(ctx, ck->locate, EXTRACT_SCALAR, 1, &all, err))
        return -1;
    pick = count_candidate(ctx, ck, &all);
    if (pick >= 0) {
        extract_result_free(res);
        *res = all;
        *which = (size_t)pick;
        free(res->explain);
        res->explain = NULL;
        return 0;
    }
    extract_result_free(&all);
    return 0;
}


/* Each hit's column header (a table cell's, as printed), read as a line of
 * its own with the matching the output's lines get ("paso 1" is step 1):
 * (*headers)[i] is hit i's, NULL where it has none.  Parsed once here, not
 * once per phrase.  The caller frees them with free_headers. */
static void free_headers(struct extract_transcript **headers, size_t n)
{
    for (size_t i = 0; headers && i < n; i++)
        extract_free(headers[i]);
    free(headers);
}

static int parse_headers(const struct extract_hit *const *hits, size_t n_hits,
                         struct extract_transcript ***headers, struct gb_err *err)
{
    *headers = calloc(n_hits ? n_hits : 1, sizeof **headers);
    if (!*headers)
        return gb_fail(err, "out of memory");
    for (size_t i = 0; i < n_hits; i++) {
        const char *col = hits[i]->column;
        if (col && *col && extract_parse(col, strlen(col), NULL, &(*headers)[i], err)) {
            free_headers(*headers, n_hits);
            *headers = NULL;
            return -1;
        }
    }
    return 0;
}

/* Does a parsed column header name the one phrase of `one`? */
static int header_names(const struct extract_transcript *header, const struct extract_query *one,
                        int *named, struct gb_err *err)
{
    size_t *lines = NULL, n = 0;

    *named = 0;
    if (!header)
        return 0;
    if (extract_lines_naming(header, one, EXTRACT_ROW, 0, &lines, &n, err))
        return -1;
    *named = n > 0;
    free(lines);
    return 0;
}

/* How many of the locate's row and column alternatives ("gap", "torch",
 * "max abs diff"; "test", "64-unit") each hit's labels name: the words of
 * its own line and, for a table cell, of its column header — a human reads
 * the cell under "paso 1" as described by "paso 1" as fully as a line that
 * says it.  counts[] is per hit of `hits`. */
static int described_counts(const struct score_ctx *ctx, const struct cJSON *locate,
                            const struct extract_hit *const *hits, size_t n_hits, int *counts,
                            struct gb_err *err)
{
    struct extract_query q = EXTRACT_QUERY_INIT;
    struct extract_transcript **headers = NULL;
    int rc = 0;

    if (extract_query_from_json(locate, ctx->syn, &q, err))
        return gb_err_prefix(err, "locate");
    if (parse_headers(hits, n_hits, &headers, err)) {
        extract_query_free(&q);
        return -1;
    }
    for (size_t p = 0; p < q.n_phrases[EXTRACT_COLUMN] + q.n_phrases[EXTRACT_ROW] && !rc; p++) {
        struct extract_query one = EXTRACT_QUERY_INIT;
        size_t *named = NULL, n = 0, nc = q.n_phrases[EXTRACT_COLUMN];
        const char *phrase = p < nc ? q.phrases[EXTRACT_COLUMN][p] : q.phrases[EXTRACT_ROW][p - nc];
        one.synonyms = q.synonyms;
        rc = extract_query_add(&one, EXTRACT_ROW, phrase, err) ||
             extract_lines_naming(ctx->out, &one, EXTRACT_ROW, 0, &named, &n, err);
        for (size_t i = 0; !rc && i < n_hits; i++) {
            int by = 0;
            for (size_t k = 0; k < n && !by; k++)
                by = named[k] == hits[i]->line;
            if (!by)
                rc = header_names(headers[i], &one, &by, err);
            counts[i] += by;
        }
        free(named);
        extract_query_free(&one);
    }
    free_headers(headers, n_hits);
    extract_query_free(&q);
    return rc ? -1 : 0;
}


/* all's hit pick replaces the label's choice: all becomes *res (and is
 * left empty), the old *res is freed. */
static void take_hit(struct extract_result *res, size_t *which, struct extract_result *all,
                     size_t pick)
{
    extract_result_free(res);
    *res = *all;
    memset(all, 0, sizeof *all);
    *which = pick;
}

/* Every scalar the locate finds, into all, and in (*counts)[i] how much of
 * the check hit i's labels describe (described_counts); the last count,
 * (*counts)[all->n_hits], is for h.  On success the caller frees
 * all and *counts; on failure nothing is left to free. */
static int locate_described(const struct score_ctx *ctx, const struct rubric_check *ck,
                            const struct extract_hit *h, struct extract_result *all,
                            int **counts, struct gb_err *err)
{
    const struct extract_hit **hits;
    int rc = -1;

    *counts = NULL;
    if (score_locate(ctx, ck->locate, EXTRACT_SCALAR, 1, all, err))
        return -1;
    hits = calloc(all->n_hits + 1, sizeof *hits);
    *counts = calloc(all->n_hits + 1, sizeof **counts);
    if (!hits || !*counts) {
        gb_fail(err, "out of memory");
    } else {
        for (size_t i = 0; i < all->n_hits; i++)
            hits[i] = &all->hits[i];
        hits[all->n_hits] = h;
        rc = described_counts(ctx, ck->locate, hits, all->n_hits + 1, *counts, err);
    }
    free(hits);
    if (rc) {
        free(*counts);
        *counts = NULL;
        extract_result_free(all);
    }
    return rc;
}

/* Another candidate on another line answers more of the rubric's
 * descriptions of the value ("largest gap vs torch: 2.22e-16" names "gap"
 * and "torch"; a hand check's "max diff: 0.0003" or a shuffle's "max diff
 * 0.0" names one).  For a bound ("below 1e-12"), which any stray 0.0 meets,
 * the better description decides and the values are not looked at: that
 * line is taken, and agree says why.  For a target the description count
 * is too coarse to overrule the labels' choice (a caption's own numbers, a
 * query vector naming the row's token), and the value may not do it
 * either: when the labels' choice misses and a better-described line meets
 * the target, both go to a reviewer (*how SCORE_READ_DISPUTED) — never a
 * pass. */
static int choose_best_described(const struct score_ctx *ctx, const struct rubric_check *ck,
                                 struct extract_result *res, size_t *which,
                                 struct gb_buf *agree, enum score_reading *how,
                                 struct gb_err *err)
{
    struct extract_result all = EXTRACT_RESULT_INIT;
    const struct extract_hit *h = &res->hits[*which];
    int *counts = NULL, pass, chosen = 0, rc = -1;
    int bound = ck->target.op != TARGET_APPROX;
    long pick = -1;

    if (res->n_candidates < 2)
        return 0;
    if (!bound) {
        if (score_target(ctx, &ck->target, h->num.value, &h->num, &pass, NULL, NULL, err))
            return -1;
        if (pass == 1)
            return 0;
    }
    if (locate_described(ctx, ck, h, &all, &counts, err))
        return -1;
    chosen = counts[all.n_hits];
    for (size_t i = 0; i < all.n_hits; i++) {
        const struct extract_hit *c = &all.hits[i];
        if (c->line == h->line || counts[i] <= chosen ||
            (pick >= 0 && counts[i] <= counts[pick]) || extract_hand_worked(ctx->out, c->line) ||
            extract_line_is_heading(ctx->out, c->line) || c->transposed != h->transposed)
            continue;
        if (!bound && score_target(ctx, &ck->target, c->num.value, &c->num, &pass, NULL, NULL,
                                   err))
            goto out;
        if (bound || pass == 1)
            pick = (long)i;
    }
    rc = 0;
    if (pick < 0)
        goto out;
    if (!bound) {
        rc = disputed(agree, h, &all.hits[pick], how, err);
        goto out;
    }
    if (gb_buf_printf(agree, err, "line %zu (%s) describes the value better than line %zu "
                      "(%s), so it was taken", all.hits[pick].line, all.hits[pick].text,
                      h->line, h->text))
        rc = -1;
    take_hit(res, which, &all, (size_t)pick);
out:
    free(counts);
    extract_result_free(&all);
    return rc;
}


/* Does the line say, as "query=not" or "query: not", that its row is
 * another one than the locate's ("rude")?  Only for locates that name their
 * row axis ("row_axis": "query"): a key=value log line names its row that
 * way, and the other keys on it are columns ("query=not ... rude=0.096" is
 * not's weight on rude). */
static int names_other_row(const struct cJSON *locate, const char *line)
{
    const struct cJSON *ax = cJSON_GetObjectItemCaseSensitive(locate, "row_axis");
    const struct cJSON *row = cJSON_GetObjectItemCaseSensitive(locate, "row"), *a;

    if (!ax || !row || !line)
        return 0;
    for (a = cJSON_IsArray(ax) ? ax->child : ax; a; a = cJSON_IsArray(ax) ? a->next : NULL) {
        size_t n;
        const char *p;
        if (!cJSON_IsString(a) || !(n = strlen(a->valuestring)))
            continue;
        for (p = line; (p = strcasestr(p, a->valuestring)); p += n) {
            const char *v = p + n, *e;
            if ((p > line && isalnum((unsigned char)p[-1])) || (*v != '=' && *v != ':'))
                continue;
            for (v++; *v == ' '; v++)
                ;
            for (e = v; isalnum((unsigned char)*e) || *e == '_' || *e == '-'; e++)
                ;
            if (e == v)
                continue;
            for (const struct cJSON *r = cJSON_IsArray(row) ? row->child : row; r;
                 r = cJSON_IsArray(row) ? r->next : NULL)
                if (cJSON_IsString(r) && strlen(r->valuestring) == (size_t)(e - v) &&
                    !strncasecmp(r->valuestring, v, (size_t)(e - v)))
                    return 0;
            return 1;
        }
    }
    return 0;
}

/* Label-compatible candidates that disagree: when the engine's choice
 * misses the target and another candidate, printed on another line and
 * labelled as fully, would meet it, the labels cannot say which is the
 * student's result (a hand check, a comparison run, or a guess among many).
 * The value does not decide: *how becomes SCORE_READ_DISPUTED and note
 * shows both readings for a human.  Only for a target with a particular
 * value: a bound ("below 1e-12") is met by any stray 0.0 and a common value
 * (1.000) by many a line, so there the engine's choice stands. */
static int dispute_agreeing(const struct score_ctx *ctx, const struct rubric_check *ck,
                            const struct extract_result *res, size_t which, struct gb_buf *note,
                            enum score_reading *how, struct gb_err *err)
{
    struct extract_result all = EXTRACT_RESULT_INIT;
    const struct extract_hit *h = &res->hits[which];
    int *counts = NULL, pass, rc = -1;
    long pick = -1;
    double want;

    if (ck->target.op != TARGET_APPROX || res->n_candidates < 2)
        return 0;
    if (score_number(ctx, &ck->target.expected, &want, err) ||
        score_target(ctx, &ck->target, h->num.value, &h->num, &pass, NULL, NULL, err))
        return -1;
    if (pass == 1 || extract_common_value(want))
        return 0;
    if (locate_described(ctx, ck, h, &all, &counts, err))
        return -1;
    for (size_t i = 0; i < all.n_hits && pick < 0; i++) {
        const struct extract_hit *c = &all.hits[i];
        /* a line that names less of the check than the label's choice (a
         * per-seed table's row under the test split's) is no look-alike */
        if (c->line == h->line || extract_hand_worked(ctx->out, c->line) ||
            counts[i] < counts[all.n_hits] || c->transposed != h->transposed ||
            extract_line_is_heading(ctx->out, c->line) ||
            names_other_row(ck->locate, c->line_text))
            continue;
        if (score_target(ctx, &ck->target, c->num.value, &c->num, &pass, NULL, NULL, err))
            goto out;
        if (pass == 1)
            pick = (long)i;
    }
    rc = 0;
    if (pick >= 0)
        rc = disputed(note, h, &all.hits[pick], how, err);
out:
    free(counts);
    extract_result_free(&all);
    return rc;
}

/* The label's choice misses the target, but the expected value is printed,
 * recognised by its record (score_align), on a line the row's label names
 * as well (the scores table above the weights, the queries above the
 * outputs, or one guess among many).  Two readings the labels fit alike
 * disagree, and the value may not pick one: *how becomes
 * SCORE_READ_DISPUTED (SCORE_READ_SHOTGUN when the recognised line is one of
 * many printed alike) with both in note; the label's choice stays res's. */
static int dispute_aligned(const struct score_ctx *ctx, const struct rubric_check *ck,
                           const struct extract_result *res, size_t which, struct gb_buf *note,
                           enum score_reading *how, struct gb_err *err)
{
    const struct extract_hit *h = &res->hits[which];
    struct extract_alignment al;
    int pass, found;

    if (ck->target.op != TARGET_APPROX)
        return 0;
    if (score_target(ctx, &ck->target, h->num.value, &h->num, &pass, NULL, NULL, err))
        return -1;
    if (pass == 1)
        return 0;
    found = score_align(ctx, ck->target.expected.ref, ck->locate, ck->target.rel_tol,
                        ck->target.abs_tol, &al, err);
    if (found > 0 && (found = aligned_on_named_line(ctx, ck->locate, &al, err)) > 0)
        found = dispute_note(note, h, &al, how, err);
    extract_alignment_free(&al);
    return found < 0 ? -1 : 0;
}

int score_value_judged(const struct score_ctx *ctx, const struct rubric_check *ck,
                       struct extract_result *res, size_t *which, struct gb_buf *note,
                       enum score_reading *how, struct gb_err *err)
{
    struct extract_alignment al;
    int found;

    *how = SCORE_READ_ONE;
    if (locate_value(ctx, ck, res, which, err))
        return -1;
    if (res->n_hits) {
        if (res->n_values >= SCORE_SHOTGUN_VALUES)
            return shotgun_note(ctx, ck->locate, note, res->n_values, how, err);
        if (choose_best_described(ctx, ck, res, which, note, how, err) ||
            (!note->len && dispute_agreeing(ctx, ck, res, *which, note, how, err)) ||
            (!note->len && dispute_aligned(ctx, ck, res, *which, note, how, err)))
            return -1;
        return 0;
    }
    /* No label located it: it may still be recognised by its value. */
    if (ck->target.op != TARGET_APPROX)
        return 0;
    found = score_align(ctx, ck->target.expected.ref, ck->locate, ck->target.rel_tol,
                        ck->target.abs_tol, &al, err);
    if (found > 0 && al.n_alike + 1 >= SCORE_SHOTGUN_VALUES)
        found = shotgun_note(ctx, ck->locate, note, al.n_alike + 1, how, err) ? -1 : 0;
    else if (found > 0)
        found = aligned_message(note, &al, res, err) || take_alignment(res, &al, err) ? -1 : 0;
    *which = 0;
    extract_alignment_free(&al);
    return found < 0 ? -1 : 0;
}

static int check_value(const struct score_ctx *ctx, const struct rubric_check *ck,
                       struct score_outcome *o, struct gb_err *err)
{
    struct extract_result res = EXTRACT_RESULT_INIT;
    struct gb_buf note = GB_BUF_INIT;
    const struct extract_hit *h;
    enum score_reading how;
    size_t which;
    int pass, rc = -1;

    if (score_value_judged(ctx, ck, &res, &which, &note, &how, err))
        goto out;
    if (how == SCORE_READ_SHOTGUN) {
        o->verdict = VERDICT_FAIL;
        rc = score_target(ctx, &ck->target, 0, NULL, &pass, NULL, &o->expected, err) ||
             gb_buf_puts(&o->message, note.data, err) ? -1 : 0;
        goto out;
    }
    if (!res.n_hits) {
        rc = score_target(ctx, &ck->target, 0, NULL, &pass, NULL, &o->expected, err) ? -1
             : missing(o, &res, err);
        goto out;
    }
    h = &res.hits[which];
    if (score_target(ctx, &ck->target, h->num.value, &h->num, &pass, &o->deviation,
                     &o->expected, err) ||
        gb_buf_puts(&o->found, h->text, err) || where_line(o, h->line, err))
        goto out;
    o->verdict = score_verdict(pass);
    if (how == SCORE_READ_DISPUTED && o->verdict == VERDICT_FAIL)
        o->verdict = VERDICT_REVIEW;
    if (pass != 1 && gb_buf_printf(&o->message, err, "%s printed %s; expected %s%s",
                                   h->label && *h->label ? h->label : "the value", h->text,
                                   o->expected.data, pass == SCORE_COARSE ? COARSE_SAYS : ""))
        goto out;
    if (note.len)
        rc = gb_buf_printf(&o->message, err, "%s%s", o->message.len ? ". " : "", note.data);
    else
        rc = res.explain ? gb_buf_printf(&o->message, err, "%s%s", o->message.len ? ". " : "",
                                         res.explain) : 0;
out:
    gb_buf_free(&note);
    extract_result_free(&res);
    return rc;
}

static int vector_found_text(struct gb_buf *b, const struct extract_hit *h, struct gb_err *err)
{
    if (gb_buf_puts(b, "[", err))
        return -1;
    for (size_t i = 0; i < h->n_nums; i++) {
        const struct numparse_num *n = &h->nums[i];
        const char *line = h->line_text ? h->line_text : "";
        size_t len = strlen(line);
        if (n->end <= len && n->start < n->end) {
            if (gb_buf_printf(b, err, "%s%.*s", i ? ", " : "", (int)(n->end - n->start),
                              line + n->start))
                return -1;
        } else if (gb_buf_printf(b, err, "%s%g", i ? ", " : "", n->value)) {
            return -1;
        }
    }
    return gb_buf_puts(b, "]", err);
}

static int vector_expected_text(struct gb_buf *b, const double *e, size_t n,
                                const struct rubric_check *ck, struct gb_err *err)
{
    char num[40];

    if (gb_buf_puts(b, "[", err))
        return -1;
    for (size_t i = 0; i < n; i++) {
        score_format_number(e[i], num, sizeof num);
        if (gb_buf_printf(b, err, "%s%s", i ? ", " : "", num))
            return -1;
    }
    if (ck->vector_rel_tol > 0 && ck->vector_abs_tol == 0)
        return gb_buf_printf(b, err, "] each ± %g%%", ck->vector_rel_tol * 100);
    return gb_buf_printf(b, err, "] each ± %g", ck->vector_abs_tol);
}

/* First element outside tolerance, or n when all agree.  As for a single
 * value (score_target), printed rounding may widen an element's tolerance
 * by at most the tolerance itself: an element that needs more ([0e9, ...]
 * for [0.881, ...] ± 0.01) is too coarse to decide, and *coarse names the
 * first such element (n when none) when no element misses outright. */
static size_t vector_first_miss(const struct rubric_check *ck, const double *e,
                                const struct extract_hit *h, size_t n, double *worst,
                                size_t *coarse)
{
    size_t miss = n;

    *worst = 0;
    *coarse = n;
    for (size_t i = 0; i < n; i++) {
        double tol = fmax(ck->vector_abs_tol, ck->vector_rel_tol * fabs(e[i]));
        double half = numparse_half_ulp(&h->nums[i]), allowed = tol + half;
        double d = fabs(h->nums[i].value - e[i]);
        double dev = allowed > 0 ? d / allowed : (d == 0 ? 0 : INFINITY);
        int wide = d <= allowed, capped = d <= tol + score_slack_cap(half, tol);

        if (isnan(h->nums[i].value))
            dev = INFINITY, wide = 0;
        if (dev > *worst)
            *worst = dev;
        if (!wide && miss == n)
            miss = i;
        if (wide && !capped && *coarse == n)
            *coarse = i;
    }
    return miss;
}

/* The engine's row, or — when it has the wrong length, as a weights-table
 * row does next to the output row of the same token — the last located row
 * of the expected length.  NULL only when out of memory. */
static const struct extract_hit *vector_of_length(const struct score_ctx *ctx,
                                                  const struct rubric_check *ck,
                                                  struct extract_result *res, size_t n,
                                                  struct gb_err *err)
{
    struct extract_result all = EXTRACT_RESULT_INIT;
    long pick = -1;

    if (res->hits[0].n_nums == n)
        return &res->hits[0];
    if (score_locate(ctx, ck->locate, EXTRACT_VECTOR, 1, &all, err))
        return NULL;
    for (size_t i = 0; i < all.n_hits; i++)
        if (all.hits[i].n_nums == n)
            pick = (long)i;
    if (pick < 0) {
        extract_result_free(&all);
        return &res->hits[0];
    }
    extract_result_free(res);
    *res = all;
    return &res->hits[pick];
}

/* A vector printed as a dict of its elements' names ("'rude': {'filler':
 * 0.339, 'good/bad': -0.119, ...}", pprint sorting the names): each
 * element is the locate's value in the column of its name, put in the
 * rubric's order.  1 and *out filled when every element was found, 0 when
 * one was not. */
static int vector_by_elements(const struct score_ctx *ctx, const struct rubric_check *ck,
                              struct extract_hit *out, struct gb_err *err)
{
    cJSON *loc = cJSON_Duplicate(ck->locate, 1);
    size_t n = ck->elements.n, got = 0;

    memset(out, 0, sizeof *out);
    if (!loc || !(out->nums = calloc(n, sizeof *out->nums))) {
        cJSON_Delete(loc);
        return gb_fail(err, "out of memory reading a vector by its elements");
    }
    cJSON_DeleteItemFromObjectCaseSensitive(loc, "shape");
    for (; got < n; got++) {
        struct extract_result r = EXTRACT_RESULT_INIT;
        cJSON_DeleteItemFromObjectCaseSensitive(loc, "column");
        if (!cJSON_AddStringToObject(loc, "column", ck->elements.v[got]) ||
            score_locate(ctx, loc, EXTRACT_SCALAR, 0, &r, err)) {
            extract_result_free(&r);
            cJSON_Delete(loc);
            free(out->nums);
            return -1;
        }
        if (!r.n_hits) {
            extract_result_free(&r);
            break;
        }
        out->nums[got] = r.hits[0].num;
        out->nums[got].start = out->nums[got].end = 0;   /* printed on several lines */
        if (!got)
            out->line = r.hits[0].line;
        extract_result_free(&r);
    }
    cJSON_Delete(loc);
    if (got < n) {
        free(out->nums);
        out->nums = NULL;
        return 0;
    }
    out->n_nums = n;
    return 1;
}

static int check_vector(const struct score_ctx *ctx, const struct rubric_check *ck,
                        struct score_outcome *o, struct gb_err *err)
{
    struct extract_result res = EXTRACT_RESULT_INIT;
    struct extract_hit named = { .nums = NULL };
    struct extract_alignment al = { .hit = { .nums = NULL } };
    enum score_reading how = SCORE_READ_ONE;
    const struct extract_hit *h;
    double *e = NULL, worst;
    size_t n = 0, miss, coarse;
    char key[256];
    int rc = -1;

    if (score_key(ctx, ck->vector.ref, key, sizeof key, err) ||
        expected_numbers(ctx->in->expected, key, &e, &n, err))
        return -1;
    if (vector_expected_text(&o->expected, e, n, ck, err) ||
        score_locate(ctx, ck->locate, EXTRACT_VECTOR, 0, &res, err))
        goto out;
    h = res.n_hits ? vector_of_length(ctx, ck, &res, n, err) : NULL;
    if (res.n_hits && !h)
        goto out;
    if ((!h || h->n_nums != n) && ck->elements.n == n) {
        int by = vector_by_elements(ctx, ck, &named, err);
        if (by < 0)
            goto out;
        if (by)
            h = &named;
    }
    if (res.n_hits && res.n_values >= SCORE_SHOTGUN_VALUES) {
        rc = shotgun_note(ctx, ck->locate, &o->message, res.n_values, &how, err);
        o->verdict = VERDICT_FAIL;
        goto out;
    }
    if (!h || h->n_nums != n || vector_first_miss(ck, e, h, n, &worst, &coarse) < n) {
        /* nothing located: the expected row itself, printed whole, is the
         * student's; a look-alike row the labels chose (the queries above
         * the output rows) disagrees with it: a reviewer reads both */
        int found = score_align(ctx, ck->vector.ref, ck->locate, ck->vector_rel_tol,
                                ck->vector_abs_tol, &al, err);
        if (found < 0)
            goto out;
        if (found && h && aligned_on_named_line(ctx, ck->locate, &al, err) > 0) {
            if (dispute_note(&o->message, h, &al, &how, err))
                goto out;
        } else if (found && !h && al.n_alike + 1 >= SCORE_SHOTGUN_VALUES) {
            if (shotgun_note(ctx, ck->locate, &o->message, al.n_alike + 1, &how, err))
                goto out;
        } else if (found && !h) {
            h = &al.hit;
            if (aligned_message(&o->message, &al, &res, err))
                goto out;
        }
    }
    if (how == SCORE_READ_SHOTGUN) {
        o->verdict = VERDICT_FAIL;
        rc = 0;
        goto out;
    }
    if (!h) {
        rc = missing(o, &res, err);
        goto out;
    }
    if (vector_found_text(&o->found, h, err) || where_line(o, h->line, err))
        goto out;
    if (h->n_nums != n) {
        o->verdict = VERDICT_FAIL;
        rc = gb_buf_printf(&o->message, err, "found %zu numbers where %zu were expected",
                           h->n_nums, n);
        goto out;
    }
    miss = vector_first_miss(ck, e, h, n, &worst, &coarse);
    o->deviation = worst;
    o->verdict = miss < n ? VERDICT_FAIL : coarse < n ? VERDICT_REVIEW : VERDICT_PASS;
    if (how == SCORE_READ_DISPUTED && o->verdict == VERDICT_FAIL)
        o->verdict = VERDICT_REVIEW;
    if (miss < n)
        rc = gb_buf_printf(&o->message, err, "%selement [%zu] (counting from 0, as Python "
                           "indexes) is %g; expected %g", o->message.len ? ". " : "", miss,
                           h->nums[miss].value, e[miss]);
    else
        rc = coarse == n ? 0 : gb_buf_printf(&o->message, err, "%selement [%zu] (counting from "
                                             "0, as Python indexes) is %g; expected %g%s",
                                             o->message.len ? ". " : "", coarse,
                                             h->nums[coarse].value, e[coarse], COARSE_SAYS);
out:
    extract_alignment_free(&al);
    free(e);
    free(named.nums);
    extract_result_free(&res);
    return rc;
}

/* One number an "each" check judges: a located value, or one element of
 * the printed list it opens ("row sums: [1. 1. 1. 1.]" is four sums). */
struct each_item {
    const struct numparse_num *num;
    size_t line;
    const struct extract_hit *hit;
};

/* The located list holding scalar hit h, or NULL when h is not in one. */
/* A vector's numbers printed one after another with a comma and spaces
 * between each two and no bracket: ", ".join of the values. */
static int comma_joined(const struct extract_hit *v)
{
    const char *line = v->line_text ? v->line_text : "";
    size_t len = strlen(line);

    for (size_t k = 0; k < v->n_nums; k++) {
        if (v->nums[k].flags & NUMPARSE_IN_LIST)
            return 0;
        if (k == 0)
            continue;
        size_t from = v->nums[k - 1].end, to = v->nums[k].start, commas = 0;
        if (to > len || from > to)
            return 0;
        for (size_t i = from; i < to; i++) {
            if (line[i] == ',')
                commas++;
            else if (line[i] != ' ')
                return 0;
        }
        if (commas != 1)
            return 0;
    }
    return 1;
}

static const struct extract_hit *list_of(const struct extract_hit *h,
                                         const struct extract_result *lists)
{
    int bracketed = (h->num.flags & NUMPARSE_IN_LIST) != 0;

    for (size_t i = 0; i < lists->n_hits; i++) {
        const struct extract_hit *v = &lists->hits[i];
        if (v->line != h->line || v->n_nums < 2)
            continue;
        /* unbracketed, the list is the run the value starts, joined only
         * by commas ("row_sums = 1.000, 1.000, 1.000, 1.000") */
        if (!bracketed && (v->nums[0].start != h->num.start || v->nums[0].value != h->num.value ||
                           !comma_joined(v)))
            continue;
        for (size_t k = 0; k < v->n_nums; k++)
            if (v->nums[k].start == h->num.start && v->nums[k].value == h->num.value)
                return v;
    }
    return NULL;
}

/* Every number to judge: each located value, a list counted element by
 * element, so one printed vector of sums cannot stand for the others.
 * *items is malloc'd (free it); returns -1 when out of memory. */
static int each_items(const struct score_ctx *ctx, const struct rubric_check *ck,
                      const struct extract_result *res, struct each_item **items,
                      size_t *n, struct extract_result *lists, struct gb_err *err)
{
    size_t cap = 0;

    *items = NULL;
    *n = 0;
    if (score_locate(ctx, ck->locate, EXTRACT_VECTOR, 1, lists, err))
        return -1;
    for (size_t i = 0; i < res->n_hits; i++) {
        const struct extract_hit *v = list_of(&res->hits[i], lists);
        cap += v ? v->n_nums : 1;
    }
    if (cap && !(*items = malloc(cap * sizeof **items)))
        return gb_fail(err, "out of memory");
    for (size_t i = 0; i < res->n_hits; i++) {
        const struct extract_hit *h = &res->hits[i], *v = list_of(h, lists);
        if (!v) {
            (*items)[(*n)++] = (struct each_item){ &h->num, h->line, h };
            continue;
        }
        for (size_t k = 0; k < v->n_nums; k++)
            (*items)[(*n)++] = (struct each_item){ &v->nums[k], v->line, v };
    }
    return 0;
}

/* The item as printed, for messages. */
static int item_text(struct gb_buf *b, const struct each_item *it, struct gb_err *err)
{
    const char *line = it->hit->line_text ? it->hit->line_text : "";
    const struct numparse_num *n = it->num;

    if (n->end <= strlen(line) && n->start < n->end)
        return gb_buf_printf(b, err, "%.*s", (int)(n->end - n->start), line + n->start);
    return gb_buf_printf(b, err, "%g", n->value);
}

static int check_each(const struct score_ctx *ctx, const struct rubric_check *ck,
                      struct score_outcome *o, struct gb_err *err)
{
    struct extract_result res = EXTRACT_RESULT_INIT, lists = EXTRACT_RESULT_INIT;
    struct each_item *items = NULL;
    size_t bad = 0, coarse = 0, first_bad = 0, n = 0;
    int pass, rc = -1;

    if (score_locate(ctx, ck->locate, EXTRACT_SCALAR, 1, &res, err) ||
        score_target(ctx, &ck->target, 0, NULL, &pass, NULL, &o->expected, err) ||
        each_items(ctx, ck, &res, &items, &n, &lists, err))
        goto out;
    if (gb_buf_printf(&o->expected, err, " (each of at least %zu)", ck->min_count))
        goto out;
    if (n < ck->min_count) {
        o->verdict = n ? VERDICT_FAIL : VERDICT_MISSING;
        rc = gb_buf_printf(&o->message, err, "found %zu such values, expected at least %zu%s%s",
                           n, ck->min_count, res.explain ? ": " : "",
                           res.explain ? res.explain : "");
        goto out;
    }
    for (size_t i = 0; i < n; i++) {
        double dev;
        if (score_target(ctx, &ck->target, items[i].num->value, items[i].num, &pass, &dev,
                         NULL, err))
            goto out;
        if (dev > o->deviation)
            o->deviation = dev;
        if (pass == SCORE_COARSE && !coarse++ && !bad)
            first_bad = i;
        if (pass != 1 && pass != SCORE_COARSE && !bad++)
            first_bad = i;
    }
    o->verdict = bad ? VERDICT_FAIL : coarse ? VERDICT_REVIEW : VERDICT_PASS;
    if (gb_buf_printf(&o->found, err, "%zu values, %zu outside", n, bad) ||
        where_line(o, items[bad ? first_bad : 0].line, err))
        goto out;
    rc = bad || coarse ? gb_buf_printf(&o->message, err, "line %zu prints ",
                                       items[first_bad].line) ||
                         item_text(&o->message, &items[first_bad], err) ||
                         (!bad && gb_buf_puts(&o->message, COARSE_SAYS, err)) : 0;
    rc = rc ? -1 : 0;
out:
    free(items);
    extract_result_free(&lists);
    extract_result_free(&res);
    return rc;
}

int score_value_check(const struct score_ctx *ctx, const struct rubric_check *ck,
                      struct score_outcome *o, struct gb_err *err)
{
    switch (ck->kind) {
    case CHECK_VALUE: return check_value(ctx, ck, o, err);
    case CHECK_VECTOR: return check_vector(ctx, ck, o, err);
    case CHECK_EACH: return check_each(ctx, ck, o, err);
    default: return gb_fail(err, "not a value check");
    }
}
