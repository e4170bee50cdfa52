/* lti_deliver.c — a queued LTI score → a ready AGS request, or the reason it is not (see lti_deliver.h). */
#include "deliver/lti_deliver.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "buf.h"
#include "deliver/lti_ags.h"
#include "deliver/lti_roster.h"
#include "deliver/payload.h"

struct lti_flush {
    struct lti_client *client;
    struct outbox *ob;
    char *lock_path;
    FILE *log;
    int roster_tried, roster_bad;
    struct lti_roster roster;
    enum lti_fail roster_fail;        /* when loading it failed ... */
    struct gb_err roster_err;         /* ... and why */
    /* The last token or line item failure, so that a down platform or a
     * refused key costs one request per pass, not one per message: */
    char *failed_name;                /* "token", or a line item's cache name */
    enum lti_fail failed_kind;
    struct gb_err failed_err;
};

/* A queued score, parsed. */
struct pending {
    cJSON *root;
    const char *student;
    const cJSON *lineitem;            /* the spec */
    const cJSON *score;
};

int lti_flush_open(struct lti_flush **f, struct lti_client *c, struct outbox *ob,
                   const char *outbox_path, FILE *log, struct gb_err *err)
{
    struct gb_buf lock = GB_BUF_INIT;

    *f = calloc(1, sizeof **f);
    if (!*f || gb_buf_printf(&lock, err, "%s.lti-lock", outbox_path)) {
        free(*f);
        *f = NULL;
        return gb_fail(err, "out of memory");
    }
    (*f)->client = c;
    (*f)->ob = ob;
    (*f)->lock_path = gb_buf_steal(&lock);
    (*f)->log = log;
    return 0;
}

void lti_flush_close(struct lti_flush *f)
{
    if (!f)
        return;
    lti_roster_free(&f->roster);
    free(f->failed_name);
    free(f->lock_path);
    free(f);
}

void lti_prepared_free(struct lti_prepared *p)
{
    free(p->url);
    cJSON_free(p->body);
    free(p->authorization);
    memset(p, 0, sizeof *p);
}

static long long now_ms(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_REALTIME, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int parse_pending(const struct outbox_msg *m, struct pending *pd, struct gb_err *err)
{
    const cJSON *schema, *student;

    memset(pd, 0, sizeof *pd);
    pd->root = cJSON_ParseWithLength(m->body, m->body_len);
    schema = cJSON_GetObjectItemCaseSensitive(pd->root, "schema");
    student = cJSON_GetObjectItemCaseSensitive(pd->root, "student");
    pd->lineitem = cJSON_GetObjectItemCaseSensitive(pd->root, "lineitem");
    pd->score = cJSON_GetObjectItemCaseSensitive(pd->root, "score");
    if (!cJSON_IsString(schema) || strcmp(schema->valuestring, PAYLOAD_LTI_SCHEMA)
        || !cJSON_IsString(student) || !cJSON_IsObject(pd->lineitem)
        || !cJSON_IsObject(pd->score)) {
        cJSON_Delete(pd->root);
        pd->root = NULL;
        return gb_fail(err, "message %s is not a queued LTI score (%s)", m->id,
                       PAYLOAD_LTI_SCHEMA);
    }
    pd->student = student->valuestring;
    return 0;
}

/* The roster, loaded on first use; a failure is remembered for the flush. */
static const struct lti_roster *roster(struct lti_flush *f, enum lti_fail *fail,
                                       struct gb_err *err)
{
    const struct lti_platform *p = f->client->platform;

    if (!f->roster_tried) {
        f->roster_tried = 1;
        f->roster_fail = LTI_PERMANENT;
        f->roster_bad = !p->roster_file && !p->memberships_url
                        ? gb_fail(&f->roster_err, "no roster: set lti-roster (a file) or "
                                  "lti-memberships-url to map students to LTI user ids")
                        : p->roster_file
                        ? lti_roster_from_file(&f->roster, p->roster_file,
                                               lti_platform_roster_field(p), &f->roster_err)
                        : lti_roster_from_service(&f->roster, f->client, p->memberships_url,
                                                  lti_platform_roster_field(p), &f->roster_fail,
                                                  &f->roster_err);
    }
    if (f->roster_bad) {
        *fail = f->roster_fail;
        gb_fail(err, "%s", f->roster_err.msg);
        return NULL;
    }
    return &f->roster;
}

/* Was `name` the failure already met in this pass?  Then fail alike. */
static int failed_before(struct lti_flush *f, const char *name, enum lti_fail *fail,
                         struct gb_err *err)
{
    if (!f->failed_name || strcmp(f->failed_name, name))
        return 0;
    *fail = f->failed_kind;
    gb_fail(err, "%s", f->failed_err.msg);
    return 1;
}

static void remember_failure(struct lti_flush *f, const char *name, enum lti_fail fail,
                             const struct gb_err *err)
{
    free(f->failed_name);
    f->failed_name = strdup(name);
    f->failed_kind = fail;
    f->failed_err = *err;
}

/* The access token, unless this pass already saw the platform refuse one. */
static int token(struct lti_flush *f, enum lti_fail *fail, struct gb_err *err)
{
    if (failed_before(f, "token", fail, err))
        return -1;
    if (lti_client_token(f->client, 0, fail, err) == 0)
        return 0;
    remember_failure(f, "token", *fail, err);
    return -1;
}

static char *cache_name(const char *container, const cJSON *spec)
{
    const cJSON *rid = cJSON_GetObjectItemCaseSensitive(spec, "resourceId");
    const cJSON *tag = cJSON_GetObjectItemCaseSensitive(spec, "tag");
    struct gb_buf b = GB_BUF_INIT;

    if (gb_buf_printf(&b, NULL, "lti-lineitem\n%s\n%s\n%s", container,
                      cJSON_IsString(rid) ? rid->valuestring : "",
                      cJSON_IsString(tag) ? tag->valuestring : ""))
        return NULL;
    return gb_buf_steal(&b);
}

/* Finds or creates the line item under the lock; caches its URL. */
static int resolve_locked(struct lti_flush *f, const char *container, const cJSON *spec,
                          const char *name, char **url, enum lti_fail *fail, struct gb_err *err)
{
    int created = 0, rc;

    if (outbox_kv_get(f->ob, name, url, err) || *url)
        return *url ? 0 : -1;
    rc = lti_ags_lineitem(f->client, container, spec, url, &created, fail, err);
    if (rc == 0 && outbox_kv_put(f->ob, name, *url, now_ms(), err)) {
        *fail = LTI_TEMPORARY;
        rc = -1;
    }
    if (rc == 0 && created && f->log) {
        const char *rid = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(spec, "resourceId"));
        fprintf(f->log, "created line item %s for %s\n", *url, rid ? rid : "?");
    }
    return rc;
}

static int lineitem(struct lti_flush *f, const char *container, const cJSON *spec, char **url,
                    enum lti_fail *fail, struct gb_err *err)
{
    const cJSON *fixed = cJSON_GetObjectItemCaseSensitive(spec, "url");
    char *name = NULL;
    int fd = -1, rc;

    *url = NULL;
    *fail = LTI_TEMPORARY;
    if (cJSON_IsString(fixed))
        return (*url = strdup(fixed->valuestring)) ? 0 : gb_fail(err, "out of memory");
    if (!(name = cache_name(container, spec)))
        return gb_fail(err, "out of memory");
    rc = outbox_kv_get(f->ob, name, url, err);
    if (rc == 0 && !*url && failed_before(f, name, fail, err))
        rc = -1;
    else if (rc == 0 && !*url) {
        fd = open(f->lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
        if (fd < 0 || flock(fd, LOCK_EX) < 0)
            rc = gb_fail_errno(err, "cannot lock %s", f->lock_path);
        else
            rc = resolve_locked(f, container, spec, name, url, fail, err);
        if (fd >= 0)
            close(fd);          /* releases the lock */
        if (rc)
            remember_failure(f, name, *fail, err);
    }
    free(name);
    return rc;
}

static int build_request(struct lti_flush *f, const struct pending *pd, const char *user,
                         const char *item, struct lti_prepared *p, struct gb_err *err)
{
    cJSON *score = cJSON_Duplicate(pd->score, 1);

    if (!score || !cJSON_AddStringToObject(score, "userId", user)
        || !(p->body = cJSON_PrintUnformatted(score))) {
        cJSON_Delete(score);
        return gb_fail(err, "out of memory building a score");
    }
    cJSON_Delete(score);
    p->body_len = strlen(p->body);
    return lti_ags_scores_url(item, &p->url, err)
           || lti_client_authorization(f->client, &p->authorization, err) ? -1 : 0;
}

void lti_flush_prepare(struct lti_flush *f, const struct outbox_msg *m, struct lti_prepared *p,
                       enum lti_prep *prep, enum lti_fail *fail, struct gb_err *err)
{
    const struct lti_roster *r;
    const char *user = NULL;
    struct pending pd;
    char *item = NULL;
    int rc;

    memset(p, 0, sizeof *p);
    *prep = LTI_SETTLED;
    *fail = LTI_PERMANENT;
    if (parse_pending(m, &pd, err))
        return;
    rc = !(r = roster(f, fail, err)) || !(user = lti_roster_find(r, pd.student, err))
         || token(f, fail, err)
         || lineitem(f, m->url, pd.lineitem, &item, fail, err)
         || build_request(f, &pd, user, item, p, err) ? -1 : 0;
    if (rc == 0)
        *prep = LTI_READY;
    else
        lti_prepared_free(p);
    free(item);
    cJSON_Delete(pd.root);
}

int lti_flush_reauthorize(struct lti_flush *f, struct lti_prepared *p, enum lti_fail *fail,
                          struct gb_err *err)
{
    free(p->authorization);
    p->authorization = NULL;
    return lti_client_token(f->client, 1, fail, err)
           || lti_client_authorization(f->client, &p->authorization, err) ? -1 : 0;
}

int lti_flush_forget_lineitem(struct lti_flush *f, const struct outbox_msg *m,
                              struct gb_err *err)
{
    struct pending pd;
    char *name;
    int rc;

    if (parse_pending(m, &pd, err))
        return 0;
    name = cache_name(m->url, pd.lineitem);
    rc = name ? outbox_kv_put(f->ob, name, NULL, now_ms(), err) : gb_fail(err, "out of memory");
    free(name);
    cJSON_Delete(pd.root);
    return rc;
}
