/* lti_ags.c — finding or creating line items; scores URLs (see lti_ags.h). */
#include "deliver/lti_ags.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <curl/curl.h>

#include "buf.h"

#define PAGE_MAX (4u << 20)
#define PAGES_MAX 200

static int is_http_url(const char *u)
{
    return u && (!strncasecmp(u, "https://", 8) || !strncasecmp(u, "http://", 7));
}

static const char *spec_text(const cJSON *spec, const char *name)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(spec, name);

    return cJSON_IsString(f) ? f->valuestring : "";
}

/* container?resource_id=ID, joined to any query the container already has. */
static int query_url(const char *container, const char *resource_id, char **out,
                     struct gb_err *err)
{
    CURLU *u = curl_url();
    struct gb_buf q = GB_BUF_INIT;
    char *id = curl_easy_escape(NULL, resource_id, 0);
    int rc = -1;

    *out = NULL;
    if (u && id && !gb_buf_printf(&q, err, "resource_id=%s", id)
        && curl_url_set(u, CURLUPART_URL, container, 0) == CURLUE_OK
        && curl_url_set(u, CURLUPART_QUERY, q.data, CURLU_APPENDQUERY) == CURLUE_OK
        && curl_url_get(u, CURLUPART_URL, out, 0) == CURLUE_OK)
        rc = 0;
    else
        gb_fail(err, "cannot build a query on the line items URL %s", container);
    curl_free(id);
    gb_buf_free(&q);
    curl_url_cleanup(u);
    return rc;
}

/* The best match on one page: tagged like spec beats untagged; keeps *best. */
static void scan_page(const cJSON *items, const cJSON *spec, char **best, int *best_tagged)
{
    const cJSON *it;

    cJSON_ArrayForEach(it, items) {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(it, "id");
        const cJSON *rid = cJSON_GetObjectItemCaseSensitive(it, "resourceId");
        const cJSON *tag = cJSON_GetObjectItemCaseSensitive(it, "tag");
        int tagged = cJSON_IsString(tag) && !strcmp(tag->valuestring, spec_text(spec, "tag"));

        if (!cJSON_IsString(id) || !is_http_url(id->valuestring) || !cJSON_IsString(rid)
            || strcmp(rid->valuestring, spec_text(spec, "resourceId")))
            continue;
        if (*best && (*best_tagged || !tagged))
            continue;
        free(*best);
        *best = strdup(id->valuestring);
        *best_tagged = tagged;
    }
}

static int find(struct lti_client *c, const char *container, const cJSON *spec, char **url,
                enum lti_fail *fail, struct gb_err *err)
{
    struct http_request rq = { "GET", NULL, LTI_TYPE_LINEITEMS, NULL, NULL, NULL, 0, PAGE_MAX };
    struct http_response rs;
    char *first = NULL, *next = NULL;
    int rc = query_url(container, spec_text(spec, "resourceId"), &first, err), tagged = 0;

    *fail = LTI_PERMANENT;
    rq.url = first;
    for (int page = 0; rc == 0 && rq.url && page < PAGES_MAX; page++) {
        cJSON *items;
        rc = lti_client_request(c, &rq, &rs, fail, err);
        items = rc ? NULL : cJSON_ParseWithLength(rs.body.data ? rs.body.data : "", rs.body.len);
        if (rc == 0 && !cJSON_IsArray(items))
            rc = gb_fail(err, "GET %s: the answer is not a list of line items", rq.url);
        if (rc == 0)
            scan_page(items, spec, url, &tagged);
        cJSON_Delete(items);
        free(next);
        next = rs.link_next;
        rs.link_next = NULL;
        http_response_free(&rs);
        rq.url = next && http_same_origin(next, container) ? next : NULL;
    }
    free(next);
    curl_free(first);
    return rc;
}

static int create(struct lti_client *c, const char *container, const cJSON *spec, char **url,
                  enum lti_fail *fail, struct gb_err *err)
{
    char *body = cJSON_PrintUnformatted(spec);
    struct http_request rq = { "POST", container, LTI_TYPE_LINEITEM, LTI_TYPE_LINEITEM, NULL,
                               body, body ? strlen(body) : 0, PAGE_MAX };
    struct http_response rs;
    cJSON *o = NULL;
    const cJSON *id;
    int rc;

    *fail = LTI_PERMANENT;
    if (!body)
        return gb_fail(err, "out of memory building a line item");
    rc = lti_client_request(c, &rq, &rs, fail, err);
    if (rc == 0) {
        o = cJSON_ParseWithLength(rs.body.data ? rs.body.data : "", rs.body.len);
        id = cJSON_GetObjectItemCaseSensitive(o, "id");
        if (!cJSON_IsString(id) || !is_http_url(id->valuestring))
            rc = gb_fail(err, "POST %s: the created line item has no URL id", container);
        else if (!(*url = strdup(id->valuestring)))
            rc = gb_fail(err, "out of memory");
    }
    cJSON_Delete(o);
    http_response_free(&rs);
    cJSON_free(body);
    return rc;
}

int lti_ags_lineitem(struct lti_client *c, const char *container, const cJSON *spec,
                     char **url, int *created, enum lti_fail *fail, struct gb_err *err)
{
    *url = NULL;
    *created = 0;
    if (find(c, container, spec, url, fail, err)) {
        free(*url);
        *url = NULL;
        return gb_err_prefix(err, "looking up line item %s", spec_text(spec, "resourceId"));
    }
    if (*url)
        return 0;
    *created = 1;
    if (create(c, container, spec, url, fail, err))
        return gb_err_prefix(err, "creating line item %s", spec_text(spec, "resourceId"));
    return 0;
}

int lti_ags_scores_url(const char *lineitem, char **scores, struct gb_err *err)
{
    CURLU *u = curl_url();
    struct gb_buf path = GB_BUF_INIT;
    char *p = NULL, *out = NULL;
    int rc = -1;

    *scores = NULL;
    if (u && curl_url_set(u, CURLUPART_URL, lineitem, 0) == CURLUE_OK
        && curl_url_get(u, CURLUPART_PATH, &p, 0) == CURLUE_OK
        && !gb_buf_printf(&path, NULL, "%s%s", p,
                          p[0] && p[strlen(p) - 1] == '/' ? "scores" : "/scores")
        && curl_url_set(u, CURLUPART_PATH, path.data, 0) == CURLUE_OK
        && curl_url_get(u, CURLUPART_URL, &out, 0) == CURLUE_OK && (*scores = strdup(out)))
        rc = 0;
    else
        gb_fail(err, "cannot make the scores URL of line item %s", lineitem);
    curl_free(p);
    curl_free(out);
    gb_buf_free(&path);
    curl_url_cleanup(u);
    return rc;
}
