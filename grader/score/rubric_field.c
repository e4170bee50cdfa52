/* rubric_field.c — the field readers every rubric field is validated with
 * (rubric_field.h): strings, numbers within bounds, tolerances, targets,
 * locate blocks.  rubric.c and the kind loaders of check_kind.c call them;
 * they call nothing of the score stage, so both may. */
#include "score/rubric_field.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "extract/extract.h"

/* Is word one of the space-separated words of list? */
int rubric_field_word_in(const char *word, const char *list)
{
    size_t n = strlen(word);

    for (const char *p = list; *p;) {
        const char *end = strchr(p, ' ');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len == n && !strncmp(p, word, n))
            return 1;
        p += len;
        while (*p == ' ')
            p++;
    }
    return 0;
}

char *rubric_field_dup(const char *s, struct gb_err *err)
{
    char *d = strdup(s);
    if (!d)
        gb_fail(err, "out of memory");
    return d;
}

/* A string field or an array of strings; absent leaves out empty. */
int rubric_field_strings(const cJSON *item, const char *field, struct rubric_strings *out,
                         struct gb_err *err)
{
    const cJSON *el;
    size_t n = 0;

    memset(out, 0, sizeof *out);
    if (!item)
        return 0;
    if (cJSON_IsString(item)) {
        if (!(out->v = calloc(1, sizeof *out->v)) ||
            !(out->v[0] = rubric_field_dup(item->valuestring, err)))
            return gb_fail(err, "out of memory");
        out->n = 1;
        return 0;
    }
    if (!cJSON_IsArray(item))
        return gb_fail(err, "field '%s' must be a string or an array of strings", field);
    out->v = calloc((size_t)cJSON_GetArraySize(item) + 1, sizeof *out->v);
    if (!out->v)
        return gb_fail(err, "out of memory");
    cJSON_ArrayForEach(el, item) {
        if (!cJSON_IsString(el) || !el->valuestring[0])
            return gb_fail(err, "field '%s' must hold non-empty strings only", field);
        if (!(out->v[n] = rubric_field_dup(el->valuestring, err)))
            return -1;
        out->n = ++n;
    }
    return 0;
}

void rubric_field_free_strings(struct rubric_strings *s)
{
    for (size_t i = 0; i < s->n; i++)
        free(s->v[i]);
    free(s->v);
    memset(s, 0, sizeof *s);
}

int rubric_field_bounded(const cJSON *item, double lo, double hi)
{
    return cJSON_IsNumber(item) && isfinite(item->valuedouble) && item->valuedouble >= lo &&
           item->valuedouble <= hi;
}

int rubric_field_number(const cJSON *item, const char *field, struct rubric_number *out,
                        struct gb_err *err)
{
    if (cJSON_IsNumber(item)) {
        if (!rubric_field_bounded(item, -RUBRIC_VALUE_MAX, RUBRIC_VALUE_MAX))
            return gb_fail(err, "field '%s' must be a finite number of magnitude at most %g",
                           field, RUBRIC_VALUE_MAX);
        out->literal = item->valuedouble;
        return 0;
    }
    if (cJSON_IsString(item) && item->valuestring[0])
        return (out->ref = rubric_field_dup(item->valuestring, err)) ? 0 : -1;
    return gb_fail(err, "field '%s' must be a number or a key into the expected values", field);
}

int rubric_field_size(const cJSON *obj, const char *field, size_t *out, struct gb_err *err)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, field);

    if (!item)
        return 0;
    if (!cJSON_IsNumber(item) || item->valuedouble < 0 ||
        item->valuedouble != floor(item->valuedouble) || item->valuedouble > 1e9)
        return gb_fail(err, "field '%s' must be a non-negative whole number", field);
    *out = (size_t)item->valuedouble;
    return 0;
}

int rubric_field_tolerance(const cJSON *tol, struct rubric_target *t, struct gb_err *err)
{
    const cJSON *el;

    if (!cJSON_IsObject(tol))
        return gb_fail(err, "field 'tolerance' must be an object like {\"rel\": 0.01} or {\"abs\": 0.01}");
    cJSON_ArrayForEach(el, tol) {
        if (strcmp(el->string, "abs") && strcmp(el->string, "rel"))
            return gb_fail(err, "field 'tolerance' has unknown member '%s' (use abs or rel)",
                           el->string);
        double max = strcmp(el->string, "abs") ? RUBRIC_REL_TOL_MAX : RUBRIC_ABS_TOL_MAX;

        if (!rubric_field_bounded(el, 0, max))
            return gb_fail(err, "field 'tolerance.%s' must be a number from 0 to %g",
                           el->string, max);
        if (!strcmp(el->string, "abs"))
            t->abs_tol = el->valuedouble;
        else
            t->rel_tol = el->valuedouble;
    }
    return 0;
}

static const struct { const char *field; enum target_op op; } bounds[] = {
    { "greater_than", TARGET_GT }, { "at_least", TARGET_GE },
    { "less_than", TARGET_LT }, { "at_most", TARGET_LE },
};

/* Exactly one of expected(+tolerance) / range / a bound.  required=0 lets a
 * vector check own "expected" itself. */
static int load_pair(const cJSON *arr, const char *field, double *lo, double *hi,
                     struct gb_err *err)
{
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) != 2 ||
        !rubric_field_bounded(cJSON_GetArrayItem(arr, 0), -RUBRIC_VALUE_MAX, RUBRIC_VALUE_MAX) ||
        !rubric_field_bounded(cJSON_GetArrayItem(arr, 1), -RUBRIC_VALUE_MAX, RUBRIC_VALUE_MAX))
        return gb_fail(err, "field '%s' must be [low, high], finite numbers of magnitude at "
                       "most %g", field, RUBRIC_VALUE_MAX);
    *lo = cJSON_GetArrayItem(arr, 0)->valuedouble;
    *hi = cJSON_GetArrayItem(arr, 1)->valuedouble;
    if (*lo > *hi)
        return gb_fail(err, "field '%s' has low above high", field);
    return 0;
}

int rubric_field_target(const cJSON *c, struct rubric_target *t, struct gb_err *err)
{
    const cJSON *review = cJSON_GetObjectItemCaseSensitive(c, "review_range");

    if (review) {
        t->has_review_band = 1;
        if (load_pair(review, "review_range", &t->review_lo, &t->review_hi, err))
            return -1;
    }
    const cJSON *exp = cJSON_GetObjectItemCaseSensitive(c, "expected");
    const cJSON *tol = cJSON_GetObjectItemCaseSensitive(c, "tolerance");
    const cJSON *range = cJSON_GetObjectItemCaseSensitive(c, "range");
    int n = !!exp + !!range;

    for (size_t i = 0; i < sizeof bounds / sizeof bounds[0]; i++) {
        const cJSON *b = cJSON_GetObjectItemCaseSensitive(c, bounds[i].field);
        if (!b)
            continue;
        n++;
        t->op = bounds[i].op;
        if (rubric_field_number(b, bounds[i].field, &t->expected, err))
            return -1;
    }
    if (n != 1)
        return gb_fail(err, "needs exactly one of 'expected', 'range', 'greater_than', "
                       "'at_least', 'less_than', 'at_most'");
    if (tol && !exp)
        return gb_fail(err, "field 'tolerance' only goes with 'expected'");
    if (exp) {
        t->op = TARGET_APPROX;
        if (!tol)
            return gb_fail(err, "field 'expected' needs a 'tolerance' (use {\"abs\": 0} for exact)");
        if (rubric_field_tolerance(tol, t, err) ||
            rubric_field_number(exp, "expected", &t->expected, err))
            return -1;
    }
    if (range) {
        t->op = TARGET_RANGE;
        if (load_pair(range, "range", &t->lo, &t->hi, err))
            return -1;
        if (t->has_review_band && (t->review_lo > t->lo || t->review_hi < t->hi))
            return gb_fail(err, "field 'review_range' must contain 'range'");
    }
    return 0;
}

/* Kept as JSON: extract_query_from_json() is the one parser of the query
 * language, and score.c builds the query from this copy. */
int rubric_field_locate(const cJSON *loc, const char *field, cJSON **out, struct gb_err *err)
{
    struct extract_query q = EXTRACT_QUERY_INIT;

    if (!cJSON_IsObject(loc) || !cJSON_GetArraySize(loc))
        return gb_fail(err, "field '%s' must be an object with row/column/section/...", field);
    if (extract_query_from_json(loc, NULL, &q, err))
        return gb_err_prefix(err, "field '%s'", field);
    extract_query_free(&q);
    if (!(*out = cJSON_Duplicate(loc, 1)))
        return gb_fail(err, "out of memory");
    return 0;
}

int rubric_field_require(const cJSON *c, const char *field, struct gb_err *err)
{
    if (!cJSON_GetObjectItemCaseSensitive(c, field))
        return gb_fail(err, "missing field '%s'", field);
    return 0;
}
