/* score_value.c — checks on numbers the run printed: one value against a
 * target (value ± tolerance, a range, a bound, an exact count), a row of
 * numbers against an expected array (vectors and shapes), and "each" checks
 * where every located number must meet the target (every row sums to 1).
 *
 * Locating is extract.h's job; this module judges what it found and says,
 * on failure, what was expected, what was found and on which line. */
#include "score/score_value.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "score/expected.h"
#include "extract/extract.h"
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

/* Nothing located: MISSING, with extract's sentence saying why. */
static int missing(struct score_outcome *o, const struct extract_result *res,
                   struct gb_err *err)
{
    o->verdict = VERDICT_MISSING;
    return gb_buf_puts(&o->message, res->explain ? res->explain
                       : "the value was not found in the output", err);
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

static int check_value(const struct score_ctx *ctx, const struct rubric_check *ck,
                       struct score_outcome *o, struct gb_err *err)
{
    struct extract_result res = EXTRACT_RESULT_INIT;
    const struct extract_hit *h;
    size_t which;
    int pass, rc = -1;

    if (locate_value(ctx, ck, &res, &which, err))
        return -1;
    if (!res.n_hits) {
        if (score_target(ctx, &ck->target, 0, NULL, &pass, NULL, &o->expected, err))
            goto out;
        rc = missing(o, &res, err);
        goto out;
    }
    h = &res.hits[which];
    if (score_target(ctx, &ck->target, h->num.value, &h->num, &pass, &o->deviation,
                     &o->expected, err) ||
        gb_buf_puts(&o->found, h->text, err) || where_line(o, h->line, err))
        goto out;
    o->verdict = score_verdict(pass);
    if (pass != 1 && gb_buf_printf(&o->message, err, "%s printed %s; expected %s%s",
                               h->label && *h->label ? h->label : "the value", h->text,
                               o->expected.data, pass == SCORE_COARSE ? COARSE_SAYS : ""))
        goto out;
    rc = res.explain ? gb_buf_printf(&o->message, err, "%s%s", o->message.len ? ". " : "",
                                     res.explain) : 0;
out:
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
    if (miss < n)
        rc = gb_buf_printf(&o->message, err, "element %zu is %g; expected %g", miss + 1,
                           h->nums[miss].value, e[miss]);
    else
        rc = coarse == n ? 0 : gb_buf_printf(&o->message, err, "element %zu is %g; expected "
                                             "%g%s", coarse + 1, h->nums[coarse].value,
                                             e[coarse], COARSE_SAYS);
out:
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
static const struct extract_hit *list_of(const struct extract_hit *h,
                                         const struct extract_result *lists)
{
    if (!(h->num.flags & NUMPARSE_IN_LIST))
        return NULL;
    for (size_t i = 0; i < lists->n_hits; i++) {
        const struct extract_hit *v = &lists->hits[i];
        if (v->line != h->line || v->n_nums < 2)
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
