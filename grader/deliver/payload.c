/* payload.c — a checked result → a webhook envelope or a pending LTI score (see payload.h). */
#include "deliver/payload.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "buf.h"
#include "deliver/comment.h"
#include "deliver/result_doc.h"

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

static cJSON *lti_lineitem(const struct grade_result *r, const char *fixed)
{
    cJSON *o = cJSON_CreateObject();
    char id[512], label[512];

    snprintf(id, sizeof id, "%s%s%s", r->assignment ? r->assignment : "",
             r->assignment ? "/" : "", r->exercise);
    snprintf(label, sizeof label, "%s%s%s", r->assignment ? r->assignment : "",
             r->assignment ? ": " : "", r->exercise);
    if (!o || !cJSON_AddStringToObject(o, "resourceId", id)
        || !cJSON_AddStringToObject(o, "tag", PAYLOAD_LTI_TAG)
        || !cJSON_AddStringToObject(o, "label", label)
        || !cJSON_AddNumberToObject(o, "scoreMaximum", r->max_score)
        || (fixed && !cJSON_AddStringToObject(o, "url", fixed))) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

static cJSON *lti_score(const struct result_doc *d, const char *comment)
{
    const struct grade_result *r = &d->r;
    cJSON *o = cJSON_CreateObject();

    if (!o || !cJSON_AddNumberToObject(o, "scoreGiven", d->delivered)
        || !cJSON_AddNumberToObject(o, "scoreMaximum", r->max_score)
        || !cJSON_AddStringToObject(o, "comment", comment)
        || !cJSON_AddStringToObject(o, "timestamp", r->graded_at)
        || !cJSON_AddStringToObject(o, "activityProgress", "Completed")
        || !cJSON_AddStringToObject(o, "gradingProgress",
                                    d->status == REPORT_REVIEW && !d->overridden
                                    ? "PendingManual" : "FullyGraded")) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

static cJSON *lti_body(const struct result_doc *d, const char *fixed, struct gb_err *err)
{
    struct gb_buf comment = GB_BUF_INIT;
    cJSON *o, *item, *score;

    if (d->status == REPORT_ERROR) {
        gb_fail(err, "status \"error\": a rubric or reference fault, not the student's, so "
                "no grade goes to the LMS; fix the rubric and grade again");
        return NULL;
    }
    if (comment_summary(d, PAYLOAD_COMMENT_MAX, &comment, err))
        return gb_buf_free(&comment), NULL;
    o = cJSON_CreateObject();
    item = lti_lineitem(&d->r, fixed);
    score = lti_score(d, comment.data);
    gb_buf_free(&comment);
    if (o && item && score && cJSON_AddStringToObject(o, "schema", PAYLOAD_LTI_SCHEMA)
        && cJSON_AddStringToObject(o, "student", d->r.student)
        && cJSON_AddItemToObject(o, "lineitem", item)) {
        if (cJSON_AddItemToObject(o, "score", score))
            return o;
        item = NULL;            /* o owns it now */
    }
    cJSON_Delete(item);
    cJSON_Delete(score);
    cJSON_Delete(o);
    gb_fail(err, "out of memory building the LTI score");
    return NULL;
}

/* Takes ownership of the document: it becomes the envelope's "result". */
static cJSON *gradebox_body(struct result_doc *d, struct gb_err *err)
{
    const struct grade_result *r = &d->r;
    cJSON *o = cJSON_CreateObject();

    if (!o || !cJSON_AddStringToObject(o, "schema", PAYLOAD_SCHEMA)
        || !cJSON_AddStringToObject(o, "type", "result.graded")
        || !cJSON_AddStringToObject(o, "id", r->result_id)
        || !cJSON_AddStringToObject(o, "key", r->result_key)
        || !cJSON_AddStringToObject(o, "timestamp", r->graded_at)
        || !cJSON_AddStringToObject(o, "student", r->student)
        || !cJSON_AddStringToObject(o, "assignment", r->assignment)
        || !cJSON_AddStringToObject(o, "exercise", r->exercise)
        || !cJSON_AddNumberToObject(o, "score", d->delivered)
        || !cJSON_AddNumberToObject(o, "max_score", r->max_score)
        || !cJSON_AddStringToObject(o, "status", report_status_name(d->status))
        || !cJSON_AddItemToObject(o, "result", d->root)) {
        cJSON_Delete(o);
        gb_fail(err, "out of memory building the delivery envelope");
        return NULL;
    }
    d->root = NULL;
    return o;
}

static int require_ids(const struct result_doc *d, enum payload_format fmt, struct gb_err *err)
{
    if (!d->r.student)
        return gb_fail(err, "no student id: the result has none; pass --student or set "
                       "GRADEBOX_STUDENT");
    if (fmt == PAYLOAD_GRADEBOX && !d->r.assignment)
        return gb_fail(err, "no assignment id: the result has none; pass --assignment or "
                       "set GRADEBOX_ASSIGNMENT");
    return 0;
}

static int serialise(cJSON *body, struct payload *out, struct gb_err *err)
{
    out->body = body ? cJSON_PrintUnformatted(body) : NULL;
    if (!body)
        return -1;
    if (!out->body)
        return gb_fail(err, "out of memory serialising the delivery");
    out->len = strlen(out->body);
    return 0;
}

int payload_build(const char *result_json, size_t len, const struct payload_opts *o,
                  struct payload *out, struct gb_err *err)
{
    struct result_doc_opts ro = { o->student, o->assignment, o->verify, o->allow_unsigned };
    struct result_doc d;
    cJSON *body;
    int rc;

    memset(out, 0, sizeof *out);
    if (result_doc_parse(result_json, len, &ro, &d, err))
        return -1;
    if (require_ids(&d, o->format, err)) {
        result_doc_free(&d);
        return -1;
    }
    snprintf(out->id, sizeof out->id, "%s", d.r.result_id);
    snprintf(out->key, sizeof out->key, "%s", d.r.result_key);
    out->revision_ms = d.graded_ms;
    out->format = o->format;
    out->content_type = o->format == PAYLOAD_LTI ? PAYLOAD_TYPE_LTI : PAYLOAD_TYPE_JSON;
    body = o->format == PAYLOAD_LTI ? lti_body(&d, o->lti_lineitem, err) : gradebox_body(&d, err);
    rc = serialise(body, out, err);
    cJSON_Delete(body);
    result_doc_free(&d);
    return rc;
}

void payload_free(struct payload *p)
{
    cJSON_free(p->body);
    p->body = NULL;
    p->len = 0;
}
