/* payload.c — result JSON → delivery body, gradebox envelope or LTI score (see payload.h). */
#include "deliver/payload.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "buf.h"

#define COMMENT_MAX 1000

/* The fields every delivery needs, borrowed from the parsed result. */
struct result_view {
    const char *id, *student, *assignment, *exercise, *graded_at;
    double score, max_score;
    const cJSON *checks;
};

int payload_format_parse(const char *name, enum payload_format *fmt, struct gb_err *err)
{
    if (!strcmp(name, "gradebox") || !strcmp(name, "json"))
        *fmt = PAYLOAD_GRADEBOX;
    else if (!strcmp(name, "lti"))
        *fmt = PAYLOAD_LTI;
    else
        return gb_fail(err, "unknown payload format '%s' (expected gradebox or lti)", name);
    return 0;
}

static const char *string_field(const cJSON *root, const char *name)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(root, name);

    return cJSON_IsString(f) && f->valuestring[0] ? f->valuestring : NULL;
}

static int number_field(const cJSON *root, const char *name, double *out, struct gb_err *err)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(root, name);

    if (!cJSON_IsNumber(f) || !isfinite(f->valuedouble))
        return gb_fail(err, "field \"%s\" is missing or not a number", name);
    *out = f->valuedouble;
    return 0;
}

/* A webhook-id goes into an HTTP header and a receiver's dedupe key: hex only. */
static int check_id(const char *id, struct gb_err *err)
{
    size_t n;

    if (!id)
        return gb_fail(err, "field \"result_id\" is missing or not a string");
    n = strlen(id);
    if (n < 8 || n > PAYLOAD_ID_MAX || strspn(id, "0123456789abcdefABCDEF") != n)
        return gb_fail(err, "field \"result_id\" must be 8 to %d hex digits", PAYLOAD_ID_MAX);
    return 0;
}

static int view_result(const cJSON *root, enum payload_format fmt, const char *student,
                       const char *assignment, struct result_view *v, struct gb_err *err)
{
    const char *schema = string_field(root, "schema");

    if (!schema || strcmp(schema, PAYLOAD_RESULT_SCHEMA))
        return gb_fail(err, "not a gradebox result: \"schema\" should be \"%s\"",
                       PAYLOAD_RESULT_SCHEMA);
    v->id = string_field(root, "result_id");
    v->student = string_field(root, "student");
    v->assignment = string_field(root, "assignment");
    v->exercise = string_field(root, "exercise");
    v->graded_at = string_field(root, "graded_at");
    v->checks = cJSON_GetObjectItemCaseSensitive(root, "checks");
    if (!v->student)
        v->student = student;
    if (!v->assignment)
        v->assignment = assignment;
    if (check_id(v->id, err) || number_field(root, "score", &v->score, err) ||
        number_field(root, "max_score", &v->max_score, err))
        return -1;
    if (!v->exercise)
        return gb_fail(err, "field \"exercise\" is missing");
    if (!v->graded_at)
        return gb_fail(err, "field \"graded_at\" is missing");
    if (!v->student)
        return gb_fail(err, "no student id: the result has none; pass --student or set "
                       "GRADEBOX_STUDENT");
    if (fmt == PAYLOAD_GRADEBOX && !v->assignment)
        return gb_fail(err, "no assignment id: the result has none; pass --assignment or "
                       "set GRADEBOX_ASSIGNMENT");
    if (v->max_score <= 0 || v->score < 0 || v->score > v->max_score)
        return gb_fail(err, "score %g out of %g is not a valid grade", v->score, v->max_score);
    return 0;
}

/* "attention_by_hand: 7.5/10. Not passed: rude_self (fail), row_sums (missing)." */
static int lti_comment(const struct result_view *v, struct gb_buf *b, struct gb_err *err)
{
    const cJSON *c;
    int n_bad = 0;

    if (gb_buf_printf(b, err, "%s: %g/%g.", v->exercise, v->score, v->max_score))
        return -1;
    cJSON_ArrayForEach(c, v->checks) {
        const char *id = string_field(c, "id"), *verdict = string_field(c, "verdict");
        if (!id || !verdict || !strcmp(verdict, "pass"))
            continue;
        if (b->len > COMMENT_MAX - 80)
            return gb_buf_puts(b, " …", err);
        if (gb_buf_printf(b, err, "%s %s (%s)", n_bad++ ? "," : " Not passed:", id, verdict))
            return -1;
    }
    return n_bad ? gb_buf_puts(b, ".", err) : gb_buf_puts(b, " All checks passed.", err);
}

static cJSON *lti_body(const struct result_view *v, struct gb_err *err)
{
    struct gb_buf comment = GB_BUF_INIT;
    cJSON *o = cJSON_CreateObject();

    if (!o || lti_comment(v, &comment, err) ||
        !cJSON_AddStringToObject(o, "userId", v->student) ||
        !cJSON_AddNumberToObject(o, "scoreGiven", v->score) ||
        !cJSON_AddNumberToObject(o, "scoreMaximum", v->max_score) ||
        !cJSON_AddStringToObject(o, "comment", comment.data) ||
        !cJSON_AddStringToObject(o, "timestamp", v->graded_at) ||
        !cJSON_AddStringToObject(o, "activityProgress", "Completed") ||
        !cJSON_AddStringToObject(o, "gradingProgress", "FullyGraded")) {
        gb_buf_free(&comment);
        cJSON_Delete(o);
        gb_fail(err, "out of memory building the LTI score");
        return NULL;
    }
    gb_buf_free(&comment);
    return o;
}

/* Takes ownership of root: it becomes the envelope's "result". */
static cJSON *gradebox_body(const struct result_view *v, cJSON *root, struct gb_err *err)
{
    cJSON *o = cJSON_CreateObject();

    if (!o || !cJSON_AddStringToObject(o, "schema", PAYLOAD_SCHEMA) ||
        !cJSON_AddStringToObject(o, "type", "result.graded") ||
        !cJSON_AddStringToObject(o, "id", v->id) ||
        !cJSON_AddStringToObject(o, "timestamp", v->graded_at) ||
        !cJSON_AddStringToObject(o, "student", v->student) ||
        !cJSON_AddStringToObject(o, "assignment", v->assignment) ||
        !cJSON_AddStringToObject(o, "exercise", v->exercise) ||
        !cJSON_AddNumberToObject(o, "score", v->score) ||
        !cJSON_AddNumberToObject(o, "max_score", v->max_score) ||
        !cJSON_AddItemToObject(o, "result", root)) {
        cJSON_Delete(o);
        cJSON_Delete(root);
        gb_fail(err, "out of memory building the delivery envelope");
        return NULL;
    }
    return o;
}

static int serialise(cJSON *body, struct payload *out, struct gb_err *err)
{
    out->body = cJSON_PrintUnformatted(body);
    if (!out->body)
        return gb_fail(err, "out of memory serialising the delivery");
    out->len = strlen(out->body);
    return 0;
}

int payload_build(const char *result_json, size_t len, enum payload_format fmt,
                  const char *student, const char *assignment,
                  struct payload *out, struct gb_err *err)
{
    struct result_view v = { 0 };
    cJSON *root, *body;
    int rc;

    memset(out, 0, sizeof *out);
    root = cJSON_ParseWithLength(result_json, len);
    if (!root || !cJSON_IsObject(root)) {
        cJSON_Delete(root);
        return gb_fail(err, "not a JSON object (expected the output of "
                       "grader check --format json)");
    }
    if (view_result(root, fmt, student, assignment, &v, err)) {
        cJSON_Delete(root);
        return -1;
    }
    snprintf(out->id, sizeof out->id, "%s", v.id);
    if (fmt == PAYLOAD_LTI) {
        out->content_type = PAYLOAD_TYPE_LTI;
        body = lti_body(&v, err);
        rc = body ? serialise(body, out, err) : -1;
        cJSON_Delete(body);
        cJSON_Delete(root);
        return rc;
    }
    out->content_type = PAYLOAD_TYPE_JSON;
    /* The view borrows strings from root, which the envelope now owns. */
    body = gradebox_body(&v, root, err);
    rc = body ? serialise(body, out, err) : -1;
    cJSON_Delete(body);
    return rc;
}

void payload_free(struct payload *p)
{
    cJSON_free(p->body);
    p->body = NULL;
    p->len = 0;
}
