/* api.c — JSON for the `grader serve` API (see api.h), built with cJSON. */
#include "serve/api.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

void api_time(long long ms, char out[32])
{
    time_t t = (time_t)(ms / 1000);
    struct tm tm;

    out[0] = '\0';
    if (ms > 0)
        strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&t, &tm));
}

static int add_time(cJSON *o, const char *key, long long ms)
{
    char when[32];

    if (ms <= 0)
        return cJSON_AddNullToObject(o, key) ? 0 : -1;
    api_time(ms, when);
    return cJSON_AddStringToObject(o, key, when) ? 0 : -1;
}

static int add_str(cJSON *o, const char *key, const char *s)
{
    return (s ? cJSON_AddStringToObject(o, key, s) : cJSON_AddNullToObject(o, key)) ? 0 : -1;
}

static int add_url(cJSON *o, const char *key, const char *base, const char *path,
                   const char *id)
{
    char url[600];

    snprintf(url, sizeof url, "%s%s%s", base ? base : "", path, id);
    return cJSON_AddStringToObject(o, key, url) ? 0 : -1;
}

/* The stored gradebox.result/1 document, embedded as JSON, not as a string. */
static int add_result(cJSON *o, const struct queue_view *v)
{
    cJSON *doc;

    if (!v->result_json)
        return cJSON_AddNullToObject(o, "result") ? 0 : -1;
    if (!(doc = cJSON_Parse(v->result_json)))
        return -1;
    cJSON_AddItemToObject(o, "result", doc);
    return 0;
}

static cJSON *submission_obj(const struct queue_view *v, const char *base, int with_result)
{
    cJSON *o = cJSON_CreateObject();
    int done = v->state == QUEUE_DONE;
    int rc;

    if (!o)
        return NULL;
    rc = add_str(o, "id", v->id) || add_str(o, "status", queue_state_name(v->state)) ||
         add_str(o, "exercise", v->exercise) || add_str(o, "filename", v->filename) ||
         add_str(o, "student", v->student) || add_str(o, "course", v->course) ||
         add_time(o, "submitted_at", v->submitted_ms) ||
         add_time(o, "started_at", v->started_ms) ||
         add_time(o, "finished_at", v->finished_ms) ||
         !cJSON_AddNumberToObject(o, "attempts", v->attempts) ||
         add_url(o, "url", base, "/api/v1/submissions/", v->id) ||
         add_url(o, "report_url", base, "/submissions/", v->id);
    if (rc == 0 && v->state == QUEUE_QUEUED && v->position > 0)
        rc = !cJSON_AddNumberToObject(o, "position", (double)v->position);
    if (rc == 0 && done)
        rc = !cJSON_AddNumberToObject(o, "score", v->score) ||
             !cJSON_AddNumberToObject(o, "max_score", v->max_score) ||
             add_str(o, "result_status", v->verdict) ||
             !cJSON_AddNumberToObject(o, "grading_seconds", v->grading_seconds);
    if (rc == 0 && v->state == QUEUE_ERROR)
        rc = add_str(o, "error", v->error);
    if (rc == 0 && done && with_result)
        rc = add_result(o, v) || add_str(o, "report_text", v->report_text);
    if (rc) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

static char *print_and_free(cJSON *o)
{
    char *text = o ? cJSON_Print(o) : NULL;

    cJSON_Delete(o);
    return text;
}

char *api_submission_json(const struct queue_view *v, const char *base_url, int with_result)
{
    return print_and_free(submission_obj(v, base_url, with_result));
}

char *api_list_json(const struct queue_view *v, size_t n, const char *base_url)
{
    cJSON *o = cJSON_CreateObject(), *arr = o ? cJSON_AddArrayToObject(o, "submissions") : NULL;

    for (size_t i = 0; arr && i < n; i++) {
        cJSON *item = submission_obj(&v[i], base_url, 0);

        if (!item) {
            cJSON_Delete(o);
            return NULL;
        }
        cJSON_AddItemToArray(arr, item);
    }
    return arr ? print_and_free(o) : print_and_free(NULL);
}

char *api_exercises_json(const struct catalog *cat)
{
    cJSON *o = cJSON_CreateObject(), *arr = o ? cJSON_AddArrayToObject(o, "exercises") : NULL;

    for (size_t i = 0; arr && i < cat->n; i++) {
        cJSON *e = cJSON_CreateObject();

        if (!e || add_str(e, "name", cat->v[i].name) || add_str(e, "title", cat->v[i].title) ||
            add_str(e, "file", cat->v[i].submission) ||
            add_str(e, "kind", cat->v[i].reads ? "read" : "run")) {
            cJSON_Delete(e);
            cJSON_Delete(o);
            return NULL;
        }
        cJSON_AddItemToArray(arr, e);
    }
    if (!arr) {
        cJSON_Delete(o);
        return NULL;
    }
    return print_and_free(o);
}

char *api_error_json(int status, const char *message, long retry_after_s)
{
    cJSON *o = cJSON_CreateObject();

    if (!o || add_str(o, "error", message) || !cJSON_AddNumberToObject(o, "status", status) ||
        (retry_after_s > 0 && !cJSON_AddNumberToObject(o, "retry_after", (double)retry_after_s))) {
        cJSON_Delete(o);
        return NULL;
    }
    return print_and_free(o);
}
