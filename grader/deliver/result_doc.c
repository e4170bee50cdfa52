/* result_doc.c — checking a posted result document (see result_doc.h). */
#include "deliver/result_doc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "score/result_id.h"

#define PATH_MAX_TEXT 160

/* ---- strict JSON ---------------------------------------------------------- */

static int by_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* "checks[3].found" for messages; the document itself is "the document". */
static void child_path(char *out, size_t size, const char *parent, const cJSON *c, int i)
{
    if (c->string)
        snprintf(out, size, "%s%s%s", parent, *parent ? "." : "", c->string);
    else
        snprintf(out, size, "%s[%d]", parent, i);
}

static int no_duplicate_keys(const cJSON *obj, const char *path, struct gb_err *err)
{
    size_t n = 0, k = 0;
    const cJSON *c;
    const char **names;
    int rc = 0;

    for (c = obj->child; c; c = c->next)
        n++;
    if (n < 2)
        return 0;
    names = malloc(n * sizeof *names);
    if (!names)
        return gb_fail(err, "out of memory checking the result");
    for (c = obj->child; c; c = c->next)
        names[k++] = c->string ? c->string : "";
    qsort(names, n, sizeof *names, by_name);
    for (k = 1; k < n && rc == 0; k++)
        if (!strcmp(names[k - 1], names[k]))
            rc = gb_fail(err, "duplicate key \"%.60s\" in %s: a receiver could read either "
                         "value, so the result is refused", names[k], *path ? path : "the document");
    free(names);
    return rc;
}

/* Text as report_json writes it: valid UTF-8, no control characters but
 * newline and tab. */
static int clean_text(const char *s, const char *path, struct gb_err *err)
{
    char *clean = report_clean_dup(s, NULL);
    int same = clean && !strcmp(clean, s);

    free(clean);
    if (!clean)
        return gb_fail(err, "out of memory checking the result");
    return same ? 0 : gb_fail(err, "%s is not valid UTF-8 text (or holds control "
                              "characters)", *path ? path : "a key");
}

static int walk(const cJSON *node, const char *path, struct gb_err *err)
{
    char sub[PATH_MAX_TEXT];
    const cJSON *c;
    int i = 0;

    if (cJSON_IsString(node))
        return clean_text(node->valuestring, path, err);
    if (cJSON_IsObject(node) && no_duplicate_keys(node, path, err))
        return -1;
    for (c = node->child; c; c = c->next, i++) {
        child_path(sub, sizeof sub, path, c, i);
        if ((c->string && clean_text(c->string, path, err)) || walk(c, sub, err))
            return -1;
    }
    return 0;
}

static int strict_parse(const char *json, size_t len, cJSON **root, struct gb_err *err)
{
    const char *end = NULL;
    size_t at;

    *root = cJSON_ParseWithLengthOpts(json, len, &end, 0);
    if (!*root || !cJSON_IsObject(*root)) {
        cJSON_Delete(*root);
        *root = NULL;
        return gb_fail(err, "not a JSON object (expected the output of grader check "
                       "--format json)");
    }
    at = end ? (size_t)(end - json) : len;
    while (at < len && strchr(" \t\r\n", json[at]) && json[at])
        at++;
    if (at < len)
        return gb_fail(err, "trailing data after the JSON document at byte %zu (two documents "
                       "run together?): refused", at);
    return walk(*root, "", err);
}

/* ---- typed fields --------------------------------------------------------- */

/* A string member into a heap copy; absent or null gives NULL. */
static int text_field(const cJSON *o, const char *name, const char *where, char **dst,
                      struct gb_err *err)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(o, name);

    *dst = NULL;
    if (!f || cJSON_IsNull(f))
        return 0;
    if (!cJSON_IsString(f))
        return gb_fail(err, "field \"%s%s\" must be a string or null", where, name);
    *dst = strdup(f->valuestring);
    return *dst ? 0 : gb_fail(err, "out of memory reading the result");
}

static int number_field(const cJSON *o, const char *name, const char *where, double *out,
                        struct gb_err *err)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(o, name);

    if (!cJSON_IsNumber(f) || !isfinite(f->valuedouble))
        return gb_fail(err, "field \"%s%s\" is missing or not a number", where, name);
    *out = f->valuedouble;
    return 0;
}

/* A member that, when present, must have one of the given types. */
static int typed_or_null(const cJSON *o, const char *name, const char *where, int want_number,
                         struct gb_err *err)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(o, name);

    if (!f || cJSON_IsNull(f) || (want_number ? cJSON_IsNumber(f) : cJSON_IsString(f)))
        return 0;
    return gb_fail(err, "field \"%s%s\" must be a %s or null", where, name,
                   want_number ? "number" : "string");
}

static int parse_verdict(const char *name, enum verdict *v)
{
    for (int i = VERDICT_PASS; i <= VERDICT_ERROR; i++)
        if (!strcmp(name, verdict_name((enum verdict)i))) {
            *v = (enum verdict)i;
            return 0;
        }
    return -1;
}

static int load_check(const cJSON *o, const char *where, struct check_result *c,
                      struct gb_err *err)
{
    char *verdict = NULL;
    int rc;

    if (!cJSON_IsObject(o))
        return gb_fail(err, "%s is not an object", where);
    rc = text_field(o, "id", where, &c->id, err) || text_field(o, "verdict", where, &verdict, err)
         || number_field(o, "points", where, &c->points, err)
         || number_field(o, "max_points", where, &c->max_points, err)
         || text_field(o, "description", where, &c->description, err)
         || text_field(o, "expected", where, &c->expected, err)
         || text_field(o, "found", where, &c->found, err)
         || text_field(o, "where", where, &c->where, err)
         || text_field(o, "message", where, &c->message, err)
         || text_field(o, "reading", where, &c->reading, err) ? -1 : 0;
    if (rc == 0 && (!c->id || !*c->id))
        rc = gb_fail(err, "%sid is missing", where);
    if (rc == 0 && (!verdict || parse_verdict(verdict, &c->verdict)))
        rc = gb_fail(err, "%sverdict must be pass, fail, missing, unreached, review or error",
                     where);
    free(verdict);
    return rc;
}

static int load_checks(const cJSON *root, struct grade_result *r, struct gb_err *err)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(root, "checks"), *o;
    char where[48];
    size_t i = 0;

    if (!cJSON_IsArray(arr))
        return gb_fail(err, "field \"checks\" is missing or not an array");
    cJSON_ArrayForEach(o, arr) {
        struct check_result c;
        int rc;

        memset(&c, 0, sizeof c);
        snprintf(where, sizeof where, "checks[%zu].", i++);
        rc = load_check(o, where, &c, err) || result_add_check(r, &c, err) ? -1 : 0;
        free(c.id);
        free(c.description);
        free(c.expected);
        free(c.found);
        free(c.where);
        free(c.message);
        free(c.reading);
        if (rc)
            return -1;
    }
    return 0;
}

static int load_runtime(const cJSON *root, struct runtime_info *rt, struct gb_err *err)
{
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(root, "runtime"), *s;
    const cJSON *shims = cJSON_GetObjectItemCaseSensitive(o, "shims");

    if (!o || cJSON_IsNull(o))
        return 0;
    if (!cJSON_IsObject(o))
        return gb_fail(err, "field \"runtime\" must be an object or null");
    if (text_field(o, "python", "runtime.", &rt->python, err)
        || text_field(o, "torch", "runtime.", &rt->torch, err)
        || text_field(o, "numpy", "runtime.", &rt->numpy, err))
        return -1;
    if (shims && !cJSON_IsArray(shims))
        return gb_fail(err, "field \"runtime.shims\" must be an array of strings");
    rt->shims = calloc((size_t)cJSON_GetArraySize(shims) + 1, sizeof *rt->shims);
    if (!rt->shims)
        return gb_fail(err, "out of memory reading the result");
    cJSON_ArrayForEach(s, shims) {
        if (!cJSON_IsString(s))
            return gb_fail(err, "field \"runtime.shims\" must be an array of strings");
        if (!(rt->shims[rt->n_shims++] = strdup(s->valuestring)))
            return gb_fail(err, "out of memory reading the result");
    }
    return 0;
}

/* Reports read the summary and the wall time; the rest is type-checked and
 * passed through. */
static int load_run(const cJSON *root, struct grade_result *r, struct gb_err *err)
{
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(root, "run"), *t;

    if (!o || cJSON_IsNull(o))
        return 0;
    if (!cJSON_IsObject(o))
        return gb_fail(err, "field \"run\" must be an object or null");
    r->ran = 1;
    t = cJSON_GetObjectItemCaseSensitive(o, "stdout_truncated");
    if (t && !cJSON_IsBool(t) && !cJSON_IsNull(t))
        return gb_fail(err, "field \"run.stdout_truncated\" must be true or false");
    r->run.out.truncated = cJSON_IsTrue(t);
    t = cJSON_GetObjectItemCaseSensitive(o, "wall_seconds");
    if (cJSON_IsNumber(t) && isfinite(t->valuedouble))
        r->run.wall_seconds = t->valuedouble;
    return typed_or_null(o, "exit_code", "run.", 1, err)
           || typed_or_null(o, "signal", "run.", 1, err)
           || typed_or_null(o, "limit", "run.", 0, err)
           || typed_or_null(o, "wall_seconds", "run.", 1, err)
           || typed_or_null(o, "cpu_seconds", "run.", 1, err)
           || typed_or_null(o, "peak_memory_bytes", "run.", 1, err)
           || text_field(o, "summary", "run.", &r->run_summary, err) ? -1 : 0;
}

/* The integrity rerun's note (check/rerun.h): null, or runs 1-2 with its
 * summary and whole-number counts. */
static int load_integrity(const cJSON *root, struct integrity_info *in, struct gb_err *err)
{
    static const char *const counts[] = { "compared", "followed", "not_followed", "replayed",
                                          "untestable" };
    size_t *dst[] = { &in->compared, &in->followed, &in->not_followed, &in->replayed,
                      &in->untestable };
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(root, "integrity"), *t;

    if (!o || cJSON_IsNull(o))
        return 0;
    t = cJSON_GetObjectItemCaseSensitive(o, "runs");
    if (!cJSON_IsObject(o) || !cJSON_IsNumber(t) || (t->valuedouble != 1 && t->valuedouble != 2))
        return gb_fail(err, "field \"integrity\" must be null or an object with runs 1 or 2");
    in->runs = (int)t->valuedouble;
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        t = cJSON_GetObjectItemCaseSensitive(o, counts[i]);
        if (!cJSON_IsNumber(t) || t->valuedouble < 0 || t->valuedouble > 1e6
            || t->valuedouble != floor(t->valuedouble))
            return gb_fail(err, "field \"integrity.%s\" must be a whole number", counts[i]);
        *dst[i] = (size_t)t->valuedouble;
    }
    return text_field(o, "summary", "integrity.", &in->summary, err);
}

static int load_fields(const cJSON *root, struct result_doc *d, struct gb_err *err)
{
    struct grade_result *r = &d->r;
    char *schema = NULL;
    int rc = text_field(root, "schema", "", &schema, err);

    if (rc == 0 && (!schema || strcmp(schema, REPORT_JSON_SCHEMA)))
        rc = gb_fail(err, "not a gradebox result: \"schema\" should be \"%s\"",
                     REPORT_JSON_SCHEMA);
    free(schema);
    if (rc || text_field(root, "student", "", &r->student, err)
        || text_field(root, "assignment", "", &r->assignment, err)
        || text_field(root, "exercise", "", &r->exercise, err)
        || text_field(root, "submission_sha256", "", &r->submission_sha256, err)
        || text_field(root, "graded_at", "", &r->graded_at, err)
        || text_field(root, "triage", "", &r->triage, err)
        || text_field(root, "crash_tail", "", &r->crash_tail, err)
        || typed_or_null(root, "grader_version", "", 0, err)
        || typed_or_null(root, "status", "", 0, err)
        || number_field(root, "score", "", &r->score, err)
        || number_field(root, "max_score", "", &r->max_score, err)
        || load_checks(root, r, err) || load_runtime(root, &r->runtime, err)
        || load_run(root, r, err) || load_integrity(root, &r->integrity, err))
        return -1;
    if (!r->exercise || !*r->exercise)
        return gb_fail(err, "field \"exercise\" is missing");
    if (!r->graded_at)
        return gb_fail(err, "field \"graded_at\" is missing");
    if (result_time_parse(r->graded_at, &d->graded_ms))
        return gb_fail(err, "field \"graded_at\" must be RFC 3339 UTC like "
                       "2026-12-02T13:00:00.000Z, not \"%.40s\"", r->graded_at);
    return 0;
}

/* ---- the grade follows from the checks ----------------------------------- */

static int near(double a, double b)
{
    return fabs(a - b) <= 1e-9 * fmax(1.0, fmax(fabs(a), fabs(b)));
}

/* A check scores its points when it passes and none otherwise — unless a
 * human decided it (`grader review`, a "decided_by" member): then any share
 * of its points that the reviewer gave, never more than its maximum. */
static int check_points(const struct check_result *c, int decided, struct gb_err *err)
{
    double want = c->verdict == VERDICT_PASS ? c->max_points : 0;

    if (c->max_points < 0 || c->points < 0)
        return gb_fail(err, "check \"%s\": points cannot be negative", c->id);
    if (decided && c->points <= c->max_points + 1e-9)
        return 0;
    if (!near(c->points, want))
        return gb_fail(err, "check \"%s\": %g of %g points with verdict %s — a check scores "
                       "its points when it passes and none otherwise", c->id, c->points,
                       c->max_points, verdict_name(c->verdict));
    return 0;
}

static int check_grade(const cJSON *root, struct result_doc *d, struct gb_err *err)
{
    const struct grade_result *r = &d->r;
    const cJSON *status = cJSON_GetObjectItemCaseSensitive(root, "status");
    double sum = 0, max = 0;

    const cJSON *checks = cJSON_GetObjectItemCaseSensitive(root, "checks");

    for (size_t i = 0; i < r->n_checks; i++) {
        const cJSON *by = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(checks, (int)i),
                                                           "decided_by");

        if (check_points(&r->checks[i], cJSON_IsString(by) && by->valuestring[0], err))
            return -1;
        sum += r->checks[i].points;
        max += r->checks[i].max_points;
    }
    if (r->n_checks == 0 || max <= 0)
        return gb_fail(err, "a result without checks worth points is not a grade");
    if (!near(r->score, sum))
        return gb_fail(err, "score %g is not the sum of its checks' points (%g)", r->score, sum);
    if (!near(r->max_score, max))
        return gb_fail(err, "max_score %g is not the sum of its checks' max_points (%g)",
                       r->max_score, max);
    d->status = report_status(r);
    if (cJSON_IsString(status) && strcmp(status->valuestring, report_status_name(d->status)))
        return gb_fail(err, "status \"%.20s\" does not follow from the checks, which say \"%s\"",
                       status->valuestring, report_status_name(d->status));
    d->r.score = sum;
    d->r.max_score = max;
    return 0;
}

/* A human's score for the whole exercise, when the document carries one. */
static int check_override(const cJSON *root, struct result_doc *d, struct gb_err *err)
{
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(root, "override");
    const cJSON *pts = cJSON_GetObjectItemCaseSensitive(o, "points");
    const cJSON *by = cJSON_GetObjectItemCaseSensitive(o, "by");

    d->delivered = d->r.score;
    if (!o || cJSON_IsNull(o))
        return 0;
    if (!cJSON_IsObject(o) || !cJSON_IsString(by) || !by->valuestring[0])
        return gb_fail(err, "field \"override\" must be {points, by, at, note}");
    if (!cJSON_IsNumber(pts) || !(pts->valuedouble >= 0 &&
                                  pts->valuedouble <= d->r.max_score + 1e-9))
        return gb_fail(err, "field \"override.points\" must be from 0 to max_score %g",
                       d->r.max_score);
    d->overridden = 1;
    d->delivered = pts->valuedouble;
    return 0;
}

/* The late penalty, when the document carries one: the grade an LMS gets
 * is the score after it, and must be that product, never another number. */
static int check_late(const cJSON *root, struct result_doc *d, struct gb_err *err)
{
    const cJSON *late = cJSON_GetObjectItemCaseSensitive(root, "late");
    const cJSON *days = cJSON_GetObjectItemCaseSensitive(late, "days");
    const cJSON *pct = cJSON_GetObjectItemCaseSensitive(late, "percent");
    const cJSON *score = cJSON_GetObjectItemCaseSensitive(late, "score");

    double base = d->delivered;   /* the checks' sum, or the override */

    if (!late || cJSON_IsNull(late))
        return 0;
    if (!cJSON_IsObject(late) || !cJSON_IsNumber(days) || days->valuedouble < 0 ||
        days->valuedouble > 1e5 || days->valuedouble != floor(days->valuedouble))
        return gb_fail(err, "field \"late\" must be {days, percent, score} with whole days");
    if (!cJSON_IsNumber(pct) || !(pct->valuedouble >= 0 && pct->valuedouble <= 100))
        return gb_fail(err, "field \"late.percent\" must be a percentage from 0 to 100");
    if (!cJSON_IsNumber(score) || !near(score->valuedouble, base * (1 - pct->valuedouble / 100)))
        return gb_fail(err, "field \"late.score\" is not the score %g after a %g%% penalty",
                       base, pct->valuedouble);
    d->late_days = (int)days->valuedouble;
    d->late_percent = pct->valuedouble;
    d->delivered = score->valuedouble;
    return 0;
}

/* ---- identity and re-serialisation ---------------------------------------- */

/* Sets root[name] to a string (or null), keeping its position; *changed is
 * set when the value differs from what was there. */
static int set_text(cJSON *root, const char *name, const char *value, int *changed)
{
    cJSON *old = cJSON_GetObjectItemCaseSensitive(root, name);
    cJSON *item = value ? cJSON_CreateString(value) : cJSON_CreateNull();

    if (!item)
        return -1;
    if (old && (value ? cJSON_IsString(old) && !strcmp(old->valuestring, value)
                      : cJSON_IsNull(old))) {
        cJSON_Delete(item);
        return 0;
    }
    *changed = 1;
    if (old)      /* (ReplaceItemViaPointer would leave the member nameless) */
        return cJSON_ReplaceItemInObjectCaseSensitive(root, name, item) ? 0 : -1;
    return cJSON_AddItemToObject(root, name, item) ? 0 : -1;
}

static int set_number(cJSON *root, const char *name, double v, int *changed)
{
    cJSON *old = cJSON_GetObjectItemCaseSensitive(root, name);

    if (!old || old->valuedouble == v)
        return 0;
    *changed = 1;
    cJSON_SetNumberValue(old, v);
    return 0;
}

/* A signed result that names no student (or assignment) was signed as no
 * one's: filling one in would post the grader's signature on anyone's
 * grade, so it is refused rather than delivered unsigned. */
static int refuse_filling_signed(const struct result_doc_opts *o, const struct result_doc *d,
                                 struct gb_err *err)
{
    const char *what = NULL, *as = NULL;

    if (!d->r.student && o->student)
        what = "student", as = o->student;
    else if (!d->r.assignment && o->assignment)
        what = "assignment", as = o->assignment;
    if (!what || !cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(d->root, "signature")))
        return 0;
    return gb_fail(err, "the result is signed and names no %s: it cannot be posted as %s %s, "
                   "which would change what the grader signed (grade it with --%s %s)",
                   what, what, as, what, as);
}

static int settle_identity(const struct result_doc_opts *o, struct result_doc *d,
                           struct gb_err *err)
{
    struct grade_result *r = &d->r;
    int changed = 0;

    if (refuse_filling_signed(o, d, err))
        return -1;
    if (!r->student && o->student && !(r->student = strdup(o->student)))
        return gb_fail(err, "out of memory");
    if (!r->assignment && o->assignment && !(r->assignment = strdup(o->assignment)))
        return gb_fail(err, "out of memory");
    if (result_identify(r, err))
        return -1;
    if (set_text(d->root, "student", r->student, &changed)
        || set_text(d->root, "assignment", r->assignment, &changed)
        || set_text(d->root, "result_id", r->result_id, &changed)
        || set_text(d->root, "result_key", r->result_key, &changed)
        || set_text(d->root, "status", report_status_name(d->status), &changed)
        || set_number(d->root, "score", r->score, &changed)
        || set_number(d->root, "max_score", r->max_score, &changed))
        return gb_fail(err, "out of memory re-serialising the result");
    /* What was signed is no longer what is sent. */
    if (changed && cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(d->root, "signature"))
        && set_text(d->root, "signature", NULL, &changed))
        return gb_fail(err, "out of memory re-serialising the result");
    return 0;
}

static int unsigned_doc(const cJSON *root)
{
    const cJSON *sig = cJSON_GetObjectItemCaseSensitive(root, "signature");

    return !sig || cJSON_IsNull(sig);
}

int result_doc_parse(const char *json, size_t len, const struct result_doc_opts *o,
                     struct result_doc *d, struct gb_err *err)
{
    memset(d, 0, sizeof *d);
    if (strict_parse(json, len, &d->root, err)
        || (o->verify && !(o->allow_unsigned && unsigned_doc(d->root))
            && result_verify_document(o->verify, d->root, err))
        || load_fields(d->root, d, err) || check_grade(d->root, d, err)
        || check_override(d->root, d, err) || check_late(d->root, d, err)
        || settle_identity(o, d, err)) {
        result_doc_free(d);
        return -1;
    }
    return 0;
}

void result_doc_free(struct result_doc *d)
{
    cJSON_Delete(d->root);
    result_free(&d->r);
    memset(d, 0, sizeof *d);
}

int result_doc_set_member(cJSON *o, const char *key, cJSON *value)
{
    if (!value)
        return -1;
    if (cJSON_GetObjectItemCaseSensitive(o, key))
        return cJSON_ReplaceItemInObjectCaseSensitive(o, key, value) ? 0
                                                                    : (cJSON_Delete(value), -1);
    return cJSON_AddItemToObject(o, key, value) ? 0 : (cJSON_Delete(value), -1);
}
