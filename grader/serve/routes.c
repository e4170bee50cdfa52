/* routes.c — the requests `grader serve` answers (see routes.h).
 *
 * Each event-loop thread keeps its own queue connection (a thread-specific
 * key closes it when the thread ends) for reads: status, lists, tokens'
 * revocation, metrics.  Uploads go to the intake's group commit: the
 * request is suspended until its transaction is on disk, then answered.
 */
#define _GNU_SOURCE
#include "serve/routes.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "buf.h"
#include "deliver/deliver.h"
#include "serve/api.h"
#include "serve/client.h"
#include "serve/lti_launch.h"
#include "serve/metrics.h"
#include "serve/pages.h"
#include "serve/queue.h"

#define COOKIE "gb_token"
#define FORM_OVERHEAD (64u * 1024)       /* multipart headers and boundaries */
#define SMALL_FORM (8u * 1024)           /* /login, /logout */
#define LTI_FORM (64u * 1024)            /* /lti/login, /lti/launch: an id_token and state */
#define MAX_FIELDS 8
#define RECENT_MAX 20
#define LIST_MAX 500
#define DB_RETRY_S 5

#define JSON_TYPE "application/json; charset=utf-8"
#define HTML_TYPE "text/html; charset=utf-8"
#define TEXT_TYPE "text/plain; charset=utf-8"

struct routes {
    struct routes_config cfg;
    struct intake *intake;
    struct http_server *server;
};

enum kind { KIND_API, KIND_PAGE };

/* One request's state. */
struct rstate {
    struct routes *rt;
    struct http_req *r;
    enum kind kind;
    int phase;                    /* 0 new, 1 waiting for the commit, 2 committed */
    struct tokens_claims who;
    struct http_form form;
    struct intake_item item;
    long long handled_ns;         /* when the whole upload was in */
};

/* ---- helpers ------------------------------------------------------------- */

static long long mono_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static pthread_key_t tq_key;
static pthread_once_t tq_once = PTHREAD_ONCE_INIT;

static void tq_close(void *q)
{
    queue_close(q);
}

static void tq_make_key(void)
{
    pthread_key_create(&tq_key, tq_close);
}

static struct queue *thread_queue(struct routes *rt, struct gb_err *err)
{
    struct queue *q;

    pthread_once(&tq_once, tq_make_key);
    if ((q = pthread_getspecific(tq_key)))
        return q;
    if (queue_open(&q, rt->cfg.db_url, err))
        return NULL;
    pthread_setspecific(tq_key, q);
    return q;
}

static int prefix_ci(const char *s, const char *prefix)
{
    return s && !strncasecmp(s, prefix, strlen(prefix));
}

/* A Host header fit to put in a URL: letters, digits, '.', '-', ':', '[', ']'. */
static const char *safe_host(struct http_req *r)
{
    const char *h = http_header(r, "Host");

    if (!h || !*h || strlen(h) > 255 ||
        strspn(h, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]")
            != strlen(h))
        return NULL;
    return h;
}

static void base_url(struct rstate *st, char *out, size_t size)
{
    const char *host;

    if (st->rt->cfg.public_url) {
        snprintf(out, size, "%s", st->rt->cfg.public_url);
        return;
    }
    host = safe_host(st->r);
    if (host)
        snprintf(out, size, "%s://%s", http_is_tls(st->r) ? "https" : "http", host);
    else
        out[0] = '\0';
}

static int secure_cookie(struct rstate *st)
{
    return http_is_tls(st->r) || prefix_ci(st->rt->cfg.public_url, "https:");
}

/* ---- answering --------------------------------------------------------------- */

static void send_raw(struct rstate *st, int status, const char *type, const char *body,
                     size_t len, const char *const *headers)
{
    const char *std_headers[24];
    size_t n = 0;

    std_headers[n++] = "Cache-Control";
    std_headers[n++] = "no-store";
    if (st->kind == KIND_PAGE) {
        std_headers[n++] = "Content-Security-Policy";
        std_headers[n++] = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; "
                           "frame-ancestors 'none'; base-uri 'none'";
        /* not no-referrer: under it browsers send "Origin: null" with a form
         * post, and same_origin() could not tell the page's own forms */
        std_headers[n++] = "Referrer-Policy";
        std_headers[n++] = "same-origin";
    }
    for (size_t i = 0; headers && headers[i] && headers[i + 1] && n + 2 < 24; i += 2) {
        std_headers[n++] = headers[i];
        std_headers[n++] = headers[i + 1];
    }
    std_headers[n] = NULL;
    if (http_respond(st->r, status, type, body, len, std_headers) == 0)
        metrics_count_response(status);
}

static void send_text(struct rstate *st, int status, const char *type, char *text,
                      const char *const *headers)
{
    if (!text) {
        static const char oom[] = "out of memory\n";

        send_raw(st, 500, TEXT_TYPE, oom, sizeof oom - 1, NULL);
        return;
    }
    send_raw(st, status, type, text, strlen(text), headers);
}

/* An error in the request's own language: JSON for the API, a page otherwise. */
static void send_error(struct rstate *st, int status, const char *msg, long retry_after,
                       int with_login, const char *next)
{
    char ra[24];
    const char *headers[5] = { NULL };
    size_t n = 0;
    struct gb_buf page = GB_BUF_INIT;

    if (retry_after > 0) {
        snprintf(ra, sizeof ra, "%ld", retry_after);
        headers[n++] = "Retry-After";
        headers[n++] = ra;
    }
    if (status == 401 && st->kind == KIND_API) {
        headers[n++] = "WWW-Authenticate";
        headers[n++] = "Bearer realm=\"gradebox\"";
    }
    if (st->kind == KIND_API) {
        char *json = api_error_json(status, msg, retry_after);

        send_text(st, status, JSON_TYPE, json, headers);
        free(json);
        return;
    }
    if (pages_message(&page, status, msg, with_login, next, NULL)) {
        gb_buf_free(&page);
        send_text(st, 500, TEXT_TYPE, NULL, NULL);
        return;
    }
    send_raw(st, status, HTML_TYPE, page.data, page.len, headers);
    gb_buf_free(&page);
}

static void send_page(struct rstate *st, int rc, struct gb_buf *page)
{
    if (rc)
        send_error(st, 500, "cannot render the page", 0, 0, NULL);
    else
        send_raw(st, 200, HTML_TYPE, page->data, page->len, NULL);
    gb_buf_free(page);
}

static void send_redirect(struct rstate *st, const char *location, const char *cookie)
{
    const char *headers[5] = { "Location", location, cookie ? "Set-Cookie" : NULL, cookie,
                               NULL };

    send_raw(st, 303, TEXT_TYPE, "", 0, headers);
}

static void send_db_error(struct rstate *st, const struct gb_err *err)
{
    fprintf(stderr, "grader serve: %s\n", err->msg);
    send_error(st, 503, "the submission database is not answering; try again shortly", DB_RETRY_S,
               0, NULL);
}

/* ---- who is asking ------------------------------------------------------------- */

static const char *presented_token(struct http_req *r)
{
    const char *auth = http_header(r, "Authorization");

    if (prefix_ci(auth, "Bearer ")) {
        auth += 7;
        while (*auth == ' ')
            auth++;
        return auth;
    }
    return http_cookie(r, COOKIE);
}

/* 0: st->who is set; else the HTTP status, with err saying why. */
static int authenticate(struct rstate *st, struct gb_err *err)
{
    const char *token = presented_token(st->r);
    struct queue *q;
    int revoked;

    if (!token || !*token)
        return gb_fail(err, st->kind == KIND_API
                                ? "no token: send the one your instructor issued as "
                                  "\"Authorization: Bearer gbt1.…\""
                                : "sign in with the token your instructor sent you"), 401;
    if (tokens_verify(st->rt->cfg.key, token, (long long)time(NULL), &st->who, err))
        return 401;
    if (!(q = thread_queue(st->rt, err)) || queue_token_revoked(q, &st->who, &revoked, err))
        return 503;
    if (revoked)
        return gb_fail(err, "this token was revoked; ask your instructor for a new one"), 401;
    return 0;
}

/* Another site's page posting a form here is refused (login CSRF and the
 * like); browsers name the posting page's origin. */
static int same_origin(struct rstate *st)
{
    const char *origin = http_header(st->r, "Origin"), *host = safe_host(st->r), *o;

    if (!origin)
        return 1;                       /* not a browser, or a same-origin GET */
    o = strstr(origin, "://");
    if (!o || !host)
        return 0;
    return !strcmp(o + 3, host);
}

static int may_see(const struct tokens_claims *who, const struct queue_view *v)
{
    if (strcmp(who->course, v->course))
        return 0;
    return who->role == TOKENS_INSTRUCTOR || !strcmp(who->student, v->student);
}

static int valid_id(const char *id)
{
    return strlen(id) == QUEUE_ID_LEN && id[0] == 's' &&
           strspn(id + 1, "abcdefghijklmnopqrstuvwxyz234567") == QUEUE_ID_LEN - 1;
}

/* ---- uploads ---------------------------------------------------------------------- */

struct upload {
    const char *exercise;
    const char *filename;
    const char *data;
    size_t len;
};

/* Reads the upload from a multipart form or a raw body; 0 or an HTTP status. */
static int read_upload(struct rstate *st, struct upload *up, struct gb_err *err)
{
    const char *type = http_header(st->r, "Content-Type");
    const struct http_field *file, *ex;

    memset(up, 0, sizeof *up);
    /* only multipart carries a file name; any other body is the file itself
     * (curl --data-binary sends it as x-www-form-urlencoded) */
    if (prefix_ci(type, "multipart/form-data")) {
        if (http_parse_form(st->r, MAX_FIELDS, &st->form, err))
            return 400;
        if (!(file = http_form_get(&st->form, "file")))
            return gb_fail(err, "the form has no \"file\" field: send the file as "
                           "file=@attention_by_hand.py"), 400;
        ex = http_form_get(&st->form, "exercise");
        up->exercise = ex ? ex->data : http_query(st->r, "exercise");
        up->filename = file->filename;
        up->data = file->data ? file->data : "";
        up->len = file->len;
        return 0;
    }
    up->exercise = http_query(st->r, "exercise");
    if (!up->exercise)
        return gb_fail(err, "send multipart/form-data with a \"file\" field (curl -F "
                       "file=@attention_by_hand.py), or the file itself as the body with "
                       "?exercise=NAME"), 415;
    up->filename = http_query(st->r, "filename");
    up->data = http_body(st->r, &up->len);
    return 0;
}

static void on_committed(struct intake_item *it)
{
    struct rstate *st = it->cls;

    st->phase = 2;
    http_resume(st->r);
}

static void start_submission(struct rstate *st)
{
    const struct catalog_exercise *ex;
    struct limits_verdict size;
    struct upload up;
    struct gb_err err;
    int status;

    if ((status = authenticate(st, &err))) {
        send_error(st, status, err.msg, status == 503 ? DB_RETRY_S : 0, 1, NULL);
        return;
    }
    if ((status = read_upload(st, &up, &err))) {
        send_error(st, status, err.msg, 0, 0, NULL);
        return;
    }
    limits_judge_size(&st->rt->cfg.lim, up.len, &size);
    if (size.refusal != LIMITS_OK) {
        metrics_count_refusal(size.refusal);
        send_error(st, size.http_status, size.why, 0, 0, NULL);
        return;
    }
    if ((status = catalog_check_upload(st->rt->cfg.cat, up.exercise, up.filename, up.data,
                                       up.len, &ex, &err))) {
        send_error(st, status, err.msg, 0, 0, NULL);
        return;
    }
    st->item.sub.student = st->who.student;
    st->item.sub.course = st->who.course;
    st->item.sub.exercise = ex->name;
    st->item.sub.filename = up.filename ? up.filename : ex->submission;
    st->item.sub.body = up.data;
    st->item.sub.body_len = up.len;
    st->item.done = on_committed;
    st->item.cls = st;
    st->phase = 1;
    http_suspend(st->r);                /* before the commit can resume it */
    intake_submit(st->rt->intake, &st->item);
}

static void finish_submission(struct rstate *st)
{
    const struct limits_verdict *v = &st->item.sub.verdict;
    struct queue_view view;
    char base[400], url[600], *json;
    const char *headers[3];

    if (st->item.failed) {
        fprintf(stderr, "grader serve: %s\n", st->item.error);
        send_error(st, 503, "the submission could not be stored, so it was not queued; send it "
                   "again shortly", DB_RETRY_S, 0, NULL);
        return;
    }
    if (v->refusal != LIMITS_OK) {
        metrics_count_refusal(v->refusal);
        send_error(st, v->http_status, v->why, v->retry_after_s, 0, NULL);
        return;
    }
    metrics_observe_accept((double)(mono_ns() - st->handled_ns) / 1e9);
    if (st->kind == KIND_PAGE) {
        snprintf(url, sizeof url, "/submissions/%s", st->item.sub.id);
        send_redirect(st, url, NULL);
        return;
    }
    memset(&view, 0, sizeof view);
    memcpy(view.id, st->item.sub.id, sizeof view.id);
    view.student = (char *)st->item.sub.student;
    view.course = (char *)st->item.sub.course;
    view.exercise = (char *)st->item.sub.exercise;
    view.filename = (char *)st->item.sub.filename;
    view.state = QUEUE_QUEUED;
    view.submitted_ms = deliver_now_ms();
    base_url(st, base, sizeof base);
    snprintf(url, sizeof url, "%s/api/v1/submissions/%s", base, view.id);
    headers[0] = "Location", headers[1] = url, headers[2] = NULL;
    json = api_submission_json(&view, base, 0);
    send_text(st, 202, JSON_TYPE, json, headers);
    free(json);
}

/* ---- reading submissions --------------------------------------------------------- */

/* Loads a submission the caller may see; 0, or the status already sent. */
static int load_visible(struct rstate *st, const char *id, int with_result,
                        struct queue_view *v)
{
    struct queue *q;
    struct gb_err err;
    int found = 0, status;

    memset(v, 0, sizeof *v);
    if ((status = authenticate(st, &err))) {
        char next[64];

        snprintf(next, sizeof next, "/submissions/%.*s", QUEUE_ID_LEN, id);
        send_error(st, status, err.msg, status == 503 ? DB_RETRY_S : 0, 1,
                   valid_id(id) ? next : NULL);
        return status;
    }
    if (valid_id(id)) {
        if (!(q = thread_queue(st->rt, &err)) || queue_get(q, id, with_result, v, &found, &err)) {
            send_db_error(st, &err);
            return 503;
        }
    }
    if (!found || !may_see(&st->who, v)) {
        queue_view_free(v);
        send_error(st, 404, "there is no submission with this id among yours", 0, 0, NULL);
        return 404;
    }
    return 0;
}

static void api_get(struct rstate *st, const char *id)
{
    struct queue_view v;
    char base[400], *json;

    if (load_visible(st, id, 1, &v))
        return;
    base_url(st, base, sizeof base);
    json = api_submission_json(&v, base, 1);
    send_text(st, 200, JSON_TYPE, json, NULL);
    free(json);
    queue_view_free(&v);
}

static void page_get(struct rstate *st, const char *id)
{
    struct queue_view v;
    struct gb_buf page = GB_BUF_INIT;

    if (load_visible(st, id, 1, &v))
        return;
    send_page(st, pages_submission(&page, &v, &st->who, NULL), &page);
    queue_view_free(&v);
}

static void api_list(struct rstate *st)
{
    const char *only = http_query(st->r, "student");
    struct queue_view *v;
    struct queue *q;
    struct gb_err err;
    size_t n;
    char base[400], *json;
    int status;

    if ((status = authenticate(st, &err))) {
        send_error(st, status, err.msg, status == 503 ? DB_RETRY_S : 0, 0, NULL);
        return;
    }
    if (st->who.role == TOKENS_STUDENT)
        only = st->who.student;         /* a student's filter is always themself */
    if (!(q = thread_queue(st->rt, &err)) ||
        queue_list(q, st->who.course, only, LIST_MAX, &v, &n, &err)) {
        send_db_error(st, &err);
        return;
    }
    base_url(st, base, sizeof base);
    json = api_list_json(v, n, base);
    send_text(st, 200, JSON_TYPE, json, NULL);
    free(json);
    queue_views_free(v, n);
}

/* ---- pages ------------------------------------------------------------------------- */

static void forget_cookie(char *out, size_t size)
{
    snprintf(out, size, COOKIE "=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict");
}

static void page_home(struct rstate *st)
{
    struct gb_buf page = GB_BUF_INIT;
    struct queue_view *v = NULL;
    struct queue *q;
    struct gb_err err;
    size_t n = 0;
    int status;

    if (!presented_token(st->r)) {
        send_page(st, pages_home(&page, st->rt->cfg.cat, NULL, NULL, 0, NULL, NULL), &page);
        return;
    }
    if ((status = authenticate(st, &err))) {
        send_error(st, status, err.msg, status == 503 ? DB_RETRY_S : 0, status == 401, NULL);
        return;
    }
    if (!(q = thread_queue(st->rt, &err)) ||
        queue_list(q, st->who.course, st->who.role == TOKENS_STUDENT ? st->who.student : NULL,
                   RECENT_MAX, &v, &n, &err)) {
        send_db_error(st, &err);
        return;
    }
    send_page(st, pages_home_for(&page, st->rt->cfg.cat, &st->who, v, n, NULL,
                                 http_query(st->r, "exercise"), NULL), &page);
    queue_views_free(v, n);
}

/* Only our own pages are places to go after signing in (no open redirect). */
static const char *safe_next(const char *next)
{
    if (!next || next[0] != '/' || next[1] == '/' ||
        strspn(next, "/abcdefghijklmnopqrstuvwxyz0123456789") != strlen(next) ||
        strlen(next) > 64)
        return "/";
    return next;
}

static void page_login(struct rstate *st)
{
    const struct http_field *tok, *next;
    char cookie[TOKENS_MAX_LEN + 160];
    struct tokens_claims who;
    struct gb_err err;
    long long now = (long long)time(NULL);

    if (http_parse_form(st->r, MAX_FIELDS, &st->form, &err)) {
        send_error(st, 400, err.msg, 0, 1, NULL);
        return;
    }
    tok = http_form_get(&st->form, "token");
    next = http_form_get(&st->form, "next");
    if (!tok || !tok->data || tokens_verify(st->rt->cfg.key, tok->data, now, &who, &err)) {
        send_error(st, 401, tok ? err.msg : "the form has no token", 0, 1,
                   next ? safe_next(next->data) : NULL);
        return;
    }
    snprintf(cookie, sizeof cookie, COOKIE "=%s; Path=/; Max-Age=%lld; HttpOnly; "
             "SameSite=Strict%s", tok->data, who.expires - now,
             secure_cookie(st) ? "; Secure" : "");
    send_redirect(st, next ? safe_next(next->data) : "/", cookie);
}

static void page_logout(struct rstate *st)
{
    char cookie[128];

    forget_cookie(cookie, sizeof cookie);
    send_redirect(st, "/", cookie);
}

/* ---- service ------------------------------------------------------------------------ */

static void health(struct rstate *st)
{
    struct queue_view v;
    struct queue *q;
    struct gb_err err;
    char body[160];
    int found;

    /* a lookup of an id that cannot exist: one round trip to the database */
    if (!(q = thread_queue(st->rt, &err)) || queue_get(q, "s-", 0, &v, &found, &err)) {
        fprintf(stderr, "grader serve: health: %s\n", err.msg);
        snprintf(body, sizeof body, "{\"status\": \"unavailable\", \"queue\": \"database not "
                 "answering\"}\n");
        send_raw(st, 503, JSON_TYPE, body, strlen(body), NULL);
        return;
    }
    queue_view_free(&v);
    snprintf(body, sizeof body, "{\"status\": \"ok\", \"queue\": \"%s\"}\n", queue_backend(q));
    send_raw(st, 200, JSON_TYPE, body, strlen(body), NULL);
}

static void metrics(struct rstate *st)
{
    struct gb_buf out = GB_BUF_INIT;
    struct queue *q;
    struct gb_err err;

    if (!(q = thread_queue(st->rt, &err)) ||
        metrics_render(q, st->rt->server ? http_deadline_closes(st->rt->server) : 0, &out,
                       &err)) {
        gb_buf_free(&out);
        send_db_error(st, &err);
        return;
    }
    send_raw(st, 200, "text/plain; version=0.0.4; charset=utf-8", out.data, out.len, NULL);
    gb_buf_free(&out);
}

static void exercises(struct rstate *st)
{
    char *json = api_exercises_json(st->rt->cfg.cat);

    send_text(st, 200, JSON_TYPE, json, NULL);
    free(json);
}

/* ---- dispatch ------------------------------------------------------------------------ */

static void not_allowed(struct rstate *st, const char *allow)
{
    const char *headers[3] = { "Allow", allow, NULL };
    char *json;

    if (st->kind == KIND_API) {
        json = api_error_json(405, "method not allowed here", 0);
        send_text(st, 405, JSON_TYPE, json, headers);
        free(json);
        return;
    }
    send_raw(st, 405, TEXT_TYPE, "method not allowed\n", 19, headers);
}

/* ---- signing in from the LMS (lti_launch.h) ------------------------------------------- */

/* A login parameter: from the query (GET) or the form (POST). */
static const char *lti_param(struct rstate *st, const char *name)
{
    const struct http_field *f;

    if (strcmp(http_method(st->r), "POST"))
        return http_query(st->r, name);
    f = http_form_get(&st->form, name);
    return f ? f->data : NULL;
}

static void lti_login(struct rstate *st)
{
    struct lti_login_request rq;
    struct gb_err err;
    char base[400], redirect[460], *location = NULL;

    if (!st->rt->cfg.lti) {
        send_error(st, 404, "this service takes no LTI launches (see --lti-platform)", 0, 0, NULL);
        return;
    }
    if (!strcmp(http_method(st->r), "POST") &&
        http_parse_form(st->r, MAX_FIELDS, &st->form, &err)) {
        send_error(st, 400, err.msg, 0, 0, NULL);
        return;
    }
    rq = (struct lti_login_request){
        .iss = lti_param(st, "iss"), .login_hint = lti_param(st, "login_hint"),
        .target_link_uri = lti_param(st, "target_link_uri"),
        .lti_message_hint = lti_param(st, "lti_message_hint"),
        .client_id = lti_param(st, "client_id"), .deployment_id = lti_param(st, "lti_deployment_id"),
    };
    base_url(st, base, sizeof base);
    snprintf(redirect, sizeof redirect, "%s/lti/launch", base);
    if (lti_launch_login(st->rt->cfg.lti, &rq, redirect, (long long)time(NULL), &location, &err)) {
        send_error(st, 400, err.msg, 0, 0, NULL);
        return;
    }
    send_redirect(st, location, NULL);
    free(location);
}

/* The launch: the id_token checked, the browser signed in (a token for this
 * sub and course in the page's cookie, as /login sets it), then on to the
 * upload page for the link's exercise. */
static void lti_launch_post(struct rstate *st)
{
    const struct http_field *tok, *state;
    struct lti_identity id;
    struct gb_buf page = GB_BUF_INIT;
    struct gb_err err;
    char cookie[TOKENS_MAX_LEN + 160], next[96], *token = NULL;
    const char *headers[3] = { "Set-Cookie", cookie, NULL };
    long long now = (long long)time(NULL);

    if (!st->rt->cfg.lti) {
        send_error(st, 404, "this service takes no LTI launches (see --lti-platform)", 0, 0, NULL);
        return;
    }
    if (http_parse_form(st->r, MAX_FIELDS, &st->form, &err)) {
        send_error(st, 400, err.msg, 0, 0, NULL);
        return;
    }
    tok = http_form_get(&st->form, "id_token");
    state = http_form_get(&st->form, "state");
    if (lti_launch_verify(st->rt->cfg.lti, tok ? tok->data : NULL, state ? state->data : NULL,
                          now, &id, &err)) {
        fprintf(stderr, "grader serve: LTI launch refused: %s\n", err.msg);
        send_error(st, 401, err.msg, 0, 0, NULL);
        return;
    }
    if (tokens_issue(st->rt->cfg.key, &id.who, &token, &err)) {
        send_error(st, 500, err.msg, 0, 0, NULL);
        return;
    }
    snprintf(cookie, sizeof cookie, COOKIE "=%s; Path=/; Max-Age=%d; HttpOnly; SameSite=Strict%s",
             token, LTI_LAUNCH_SESSION_S, secure_cookie(st) ? "; Secure" : "");
    free(token);
    snprintf(next, sizeof next, "/%s%s", id.exercise[0] ? "?exercise=" : "", id.exercise);
    if (pages_continue(&page, &id.who, next, &err)) {
        send_error(st, 500, "cannot render the page", 0, 0, NULL);
    } else {
        fprintf(stderr, "grader serve: LTI launch: %s (%s, %s)\n", id.who.student, id.who.course,
                tokens_role_name(id.who.role));
        send_raw(st, 200, HTML_TYPE, page.data, page.len, headers);
    }
    gb_buf_free(&page);
}

/* The submit client, with this service's address in it (client.h). */
static void client_get(struct rstate *st)
{
    static const char *const headers[] = {
        "Content-Disposition", "attachment; filename=\"" CLIENT_NAME "\"", NULL
    };
    struct gb_buf script = GB_BUF_INIT;
    struct gb_err err;
    char base[400];

    base_url(st, base, sizeof base);
    if (client_script(base, &script, &err)) {
        fprintf(stderr, "grader serve: %s\n", err.msg);
        send_error(st, 500, "the submit client is not installed with this service", 0, 0, NULL);
        return;
    }
    send_raw(st, 200, "text/x-python; charset=utf-8", script.data ? script.data : "", script.len,
             headers);
    gb_buf_free(&script);
}

static int is_get(const char *m)
{
    return !strcmp(m, "GET") || !strcmp(m, "HEAD");
}

/* The page's own forms: POST only, and only from the page itself. */
static void page_form(struct rstate *st, void (*handler)(struct rstate *st))
{
    if (strcmp(http_method(st->r), "POST"))
        not_allowed(st, "POST");
    else if (!same_origin(st))
        send_error(st, 403, "this form was posted from another site; use the upload page "
                   "itself", 0, 0, NULL);
    else
        handler(st);
}

static void dispatch(struct rstate *st)
{
    const char *path = http_path(st->r), *m = http_method(st->r);
    int post = !strcmp(m, "POST");

    if (!strcmp(path, "/api/v1/submissions"))
        post ? start_submission(st) : is_get(m) ? api_list(st) : not_allowed(st, "GET, POST");
    else if (!strncmp(path, "/api/v1/submissions/", 20))
        is_get(m) ? api_get(st, path + 20) : not_allowed(st, "GET");
    else if (!strcmp(path, "/api/v1/exercises"))
        is_get(m) ? exercises(st) : not_allowed(st, "GET");
    else if (!strcmp(path, "/healthz"))
        is_get(m) ? health(st) : not_allowed(st, "GET");
    else if (!strcmp(path, "/client"))
        is_get(m) ? client_get(st) : not_allowed(st, "GET");
    else if (!strcmp(path, "/lti/login"))
        is_get(m) || post ? lti_login(st) : not_allowed(st, "GET, POST");
    else if (!strcmp(path, "/lti/launch"))
        post ? lti_launch_post(st) : not_allowed(st, "POST");
    else if (!strcmp(path, "/metrics"))
        is_get(m) ? metrics(st) : not_allowed(st, "GET");
    else if (!strncmp(path, "/submissions/", 13))
        is_get(m) ? page_get(st, path + 13) : not_allowed(st, "GET");
    else if (!strcmp(path, "/"))
        is_get(m) ? page_home(st) : not_allowed(st, "GET");
    else if (!strcmp(path, "/submit"))
        page_form(st, start_submission);
    else if (!strcmp(path, "/login"))
        page_form(st, page_login);
    else if (!strcmp(path, "/logout"))
        page_form(st, page_logout);
    else
        send_error(st, 404, "there is nothing here", 0, 0, NULL);
}

/* ---- libmicrohttpd callbacks ----------------------------------------------------------- */

static struct rstate *state_of(struct routes *rt, struct http_req *r)
{
    struct rstate *st = http_state(r);

    if (st)
        return st;
    if (!(st = calloc(1, sizeof *st)))
        return NULL;
    st->rt = rt;
    st->r = r;
    st->kind = !strncmp(http_path(r), "/api/", 5) ? KIND_API : KIND_PAGE;
    http_set_state(r, st);
    return st;
}

static size_t body_limit(void *cls, struct http_req *r)
{
    struct routes *rt = cls;
    const char *path = http_path(r);

    if (!state_of(rt, r))
        return 0;
    if (!strcmp(http_method(r), "POST") &&
        (!strcmp(path, "/api/v1/submissions") || !strcmp(path, "/submit")))
        return rt->cfg.lim.max_upload_bytes + FORM_OVERHEAD;
    if (!strcmp(http_method(r), "POST") && !strncmp(path, "/lti/", 5))
        return LTI_FORM;
    /* room for /login's form, and for a stray body on a request that is
     * answered 404 or 405 rather than 413 */
    return SMALL_FORM;
}

static void too_large(void *cls, struct http_req *r, unsigned long long len)
{
    struct rstate *st = state_of(cls, r);
    struct limits_verdict v;

    if (!st)
        return;
    limits_judge_size(&st->rt->cfg.lim, len, &v);
    if (v.refusal == LIMITS_OK)         /* over the request's limit, not the file's */
        snprintf(v.why, sizeof v.why, "the request body is %llu bytes, more than this "
                 "address takes", len);
    else
        metrics_count_refusal(v.refusal);
    send_error(st, 413, v.why, 0, 0, NULL);
}

static void handle(void *cls, struct http_req *r)
{
    struct rstate *st = state_of(cls, r);

    if (!st)
        return;                         /* http.c answers 500 */
    if (st->phase == 2) {
        finish_submission(st);
        return;
    }
    st->handled_ns = mono_ns();
    dispatch(st);
}

static void done(void *cls, struct http_req *r)
{
    struct rstate *st = http_state(r);

    (void)cls;
    if (!st)
        return;
    http_form_free(&st->form);
    free(st);
}

int routes_create(struct routes **out, const struct routes_config *cfg, struct intake *intake,
                  struct gb_err *err)
{
    struct routes *rt = calloc(1, sizeof *rt);

    *out = NULL;
    if (!rt)
        return gb_fail(err, "out of memory");
    rt->cfg = *cfg;
    rt->intake = intake;
    *out = rt;
    return 0;
}

void routes_http_app(struct routes *rt, struct http_app *app)
{
    app->cls = rt;
    app->body_limit = body_limit;
    app->too_large = too_large;
    app->handle = handle;
    app->done = done;
}

void routes_set_server(struct routes *rt, struct http_server *server)
{
    rt->server = server;
}

void routes_free(struct routes *rt)
{
    free(rt);
}
