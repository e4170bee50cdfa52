/* lti_roster.c — student id -> LTI user id, from a file or the Names and Role service (see lti_roster.h). */
#include "deliver/lti_roster.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "buf.h"

#define ROSTER_FILE_MAX (64u << 20)
#define PAGE_MAX (16u << 20)
#define PAGES_MAX 1000
#define NRPS_TYPE "application/vnd.ims.lti-nrps.v2.membershipcontainer+json"

static int add(struct lti_roster *r, const char *student, const char *user_id,
               struct gb_err *err)
{
    if (r->n == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 64;
        struct lti_roster_entry *e = realloc(r->e, cap * sizeof *e);
        if (!e)
            return gb_fail(err, "out of memory reading the roster");
        r->e = e;
        r->cap = cap;
    }
    r->e[r->n].student = strdup(student);
    r->e[r->n].user_id = strdup(user_id);
    r->e[r->n].ambiguous = 0;
    if (!r->e[r->n].student || !r->e[r->n].user_id) {
        free(r->e[r->n].student);
        free(r->e[r->n].user_id);
        return gb_fail(err, "out of memory reading the roster");
    }
    r->n++;
    return 0;
}

static int by_student(const void *a, const void *b)
{
    const struct lti_roster_entry *x = a, *y = b;

    return strcmp(x->student, y->student);
}

/* Sorted by student id, one entry each; a student listed with two different
 * user ids is ambiguous. */
static void finish(struct lti_roster *r)
{
    size_t out = 0;

    if (r->n == 0)
        return;
    qsort(r->e, r->n, sizeof *r->e, by_student);
    for (size_t i = 0; i < r->n; i++) {
        if (out && !strcmp(r->e[out - 1].student, r->e[i].student)) {
            r->e[out - 1].ambiguous |= strcmp(r->e[out - 1].user_id, r->e[i].user_id) != 0;
            free(r->e[i].student);
            free(r->e[i].user_id);
            continue;
        }
        r->e[out++] = r->e[i];
    }
    r->n = out;
}

/* A member's field as text: strings as they are, whole numbers written out. */
static const char *field_text(const cJSON *m, const char *field, char *num, size_t size)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(m, field);

    if (cJSON_IsString(f) && *f->valuestring)
        return f->valuestring;
    if (cJSON_IsNumber(f) && isfinite(f->valuedouble) && f->valuedouble == floor(f->valuedouble)
        && fabs(f->valuedouble) < 1e15) {
        snprintf(num, size, "%.0f", f->valuedouble);
        return num;
    }
    return NULL;
}

static int add_members(struct lti_roster *r, const cJSON *members, const char *field,
                       struct gb_err *err)
{
    const cJSON *m;
    char a[32], b[32];

    if (!cJSON_IsArray(members))
        return gb_fail(err, "%s: \"members\" is not an array", r->source);
    cJSON_ArrayForEach(m, members) {
        const char *student = field_text(m, field, a, sizeof a);
        const char *user = field_text(m, "user_id", b, sizeof b);
        if (student && user && add(r, student, user, err))
            return -1;
    }
    return 0;
}

/* { "student": "user id", ... } */
static int add_mapping(struct lti_roster *r, const cJSON *o, struct gb_err *err)
{
    const cJSON *m;

    cJSON_ArrayForEach(m, o) {
        if (!cJSON_IsString(m) || !*m->valuestring)
            return gb_fail(err, "%s: the LTI user id of \"%.60s\" is not a string", r->source,
                           m->string);
        if (add(r, m->string, m->valuestring, err))
            return -1;
    }
    return 0;
}

int lti_roster_from_file(struct lti_roster *r, const char *path, const char *field,
                         struct gb_err *err)
{
    struct gb_buf b = GB_BUF_INIT;
    cJSON *o = NULL, *members;
    int rc;

    snprintf(r->source, sizeof r->source, "the roster %s", path);
    rc = gb_read_file(path, ROSTER_FILE_MAX, &b, err);
    if (rc == 0 && (!(o = cJSON_ParseWithLength(b.data, b.len)) || !cJSON_IsObject(o)))
        rc = gb_fail(err, "%s is not a JSON object (docs/lms.md shows the two shapes)", path);
    if (rc == 0) {
        members = cJSON_GetObjectItemCaseSensitive(o, "members");
        rc = members ? add_members(r, members, field, err) : add_mapping(r, o, err);
    }
    cJSON_Delete(o);
    gb_buf_free(&b);
    finish(r);
    return rc;
}

static int add_page(struct lti_roster *r, const struct http_response *rs, const char *field,
                    enum lti_fail *fail, struct gb_err *err)
{
    cJSON *o = cJSON_ParseWithLength(rs->body.data ? rs->body.data : "", rs->body.len);
    int rc;

    *fail = LTI_PERMANENT;
    rc = cJSON_IsObject(o) ? add_members(r, cJSON_GetObjectItemCaseSensitive(o, "members"),
                                         field, err)
                           : gb_fail(err, "%s: the answer is not a membership container",
                                     r->source);
    cJSON_Delete(o);
    return rc;
}

int lti_roster_from_service(struct lti_roster *r, struct lti_client *c, const char *url,
                            const char *field, enum lti_fail *fail, struct gb_err *err)
{
    struct http_request rq = { "GET", url, NRPS_TYPE, NULL, NULL, NULL, 0, PAGE_MAX };
    struct http_response rs;
    char *next = NULL;
    int rc = 0;

    snprintf(r->source, sizeof r->source, "the Names and Role service %.200s", url);
    for (int page = 0; rc == 0 && rq.url; page++) {
        if (page == PAGES_MAX) {
            rc = gb_fail(err, "%s: more than %d pages", r->source, PAGES_MAX);
            break;
        }
        rc = lti_client_request(c, &rq, &rs, fail, err) || add_page(r, &rs, field, fail, err)
             ? -1 : 0;
        free(next);
        next = rs.link_next;
        rs.link_next = NULL;
        http_response_free(&rs);
        /* The bearer token goes nowhere else. */
        if (rc == 0 && next && !http_same_origin(next, url))
            rc = gb_fail(err, "%s: its next page is on another host; not followed", r->source);
        rq.url = next;
    }
    free(next);
    finish(r);
    if (rc)
        gb_err_prefix(err, "fetching the course roster");
    return rc;
}

const char *lti_roster_find(const struct lti_roster *r, const char *student, struct gb_err *err)
{
    struct lti_roster_entry key = { (char *)student, NULL, 0 };
    const struct lti_roster_entry *e = r->n ? bsearch(&key, r->e, r->n, sizeof *r->e, by_student)
                                            : NULL;

    if (e && e->ambiguous) {
        gb_fail(err, "student %s is more than one member in %s: no score is sent until that "
                "is resolved", student, r->source);
        return NULL;
    }
    if (e)
        return e->user_id;
    gb_fail(err, "no LTI user id for student %s in %s", student, r->source);
    return NULL;
}

void lti_roster_free(struct lti_roster *r)
{
    for (size_t i = 0; i < r->n; i++) {
        free(r->e[i].student);
        free(r->e[i].user_id);
    }
    free(r->e);
    memset(r, 0, sizeof *r);
}
