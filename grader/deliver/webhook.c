/* webhook.c — concurrent signed or bearer-authorised POSTs with libcurl multi (see webhook.h). */
#include "deliver/webhook.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <curl/curl.h>

#include "deliver/http.h"

struct transfer {
    CURL *easy;
    struct curl_slist *headers;
    struct webhook_req *req;
    char curl_error[CURL_ERROR_SIZE];
};

enum webhook_outcome webhook_classify(long s)
{
    if (s >= 200 && s <= 299)
        return WEBHOOK_DELIVERED;
    if (s == 410)
        return WEBHOOK_GONE;
    if (s == 0 || s == 408 || s == 429 || (s >= 500 && s <= 599))
        return WEBHOOK_RETRY;
    return WEBHOOK_PERMANENT;
}

const char *webhook_outcome_name(enum webhook_outcome o)
{
    switch (o) {
    case WEBHOOK_DELIVERED: return "delivered";
    case WEBHOOK_RETRY: return "retry";
    case WEBHOOK_PERMANENT: return "permanent failure";
    case WEBHOOK_GONE: return "endpoint gone";
    }
    return "?";
}

/* Keeps the first WEBHOOK_RESPONSE_MAX bytes and discards the rest, so a
 * hostile receiver cannot make the grader buffer an endless answer. */
static size_t on_body(char *p, size_t size, size_t nmemb, void *userdata)
{
    struct webhook_req *req = userdata;
    size_t n = size * nmemb, room;

    room = req->response.len < WEBHOOK_RESPONSE_MAX ? WEBHOOK_RESPONSE_MAX - req->response.len : 0;
    if (room && gb_buf_append(&req->response, p, n < room ? n : room, NULL))
        return 0;
    return n;
}

static int add_header(struct curl_slist **list, const char *fmt, const char *value)
{
    char line[8192];          /* a bearer token may be a long JWT */
    struct curl_slist *l;

    if (snprintf(line, sizeof line, fmt, value) >= (int)sizeof line)
        return -1;
    l = curl_slist_append(*list, line);
    if (!l)
        return -1;
    *list = l;
    return 0;
}

static int build_headers(struct transfer *t, const struct sign_key *key, struct gb_err *err)
{
    const struct webhook_req *r = t->req;
    char sig[SIGN_SIGNATURE_MAX], ts[32];
    long long now = (long long)time(NULL);
    int rc;

    if (r->authorization) {
        rc = add_header(&t->headers, "content-type: %s", r->content_type)
             || add_header(&t->headers, "authorization: %s", r->authorization);
    } else {
        if (sign_message(key, r->id, now, r->body, r->body_len, sig, err))
            return -1;
        snprintf(ts, sizeof ts, "%lld", now);
        rc = add_header(&t->headers, "content-type: %s", r->content_type)
             || add_header(&t->headers, "webhook-id: %s", r->id)
             || add_header(&t->headers, "webhook-timestamp: %s", ts)
             || add_header(&t->headers, "webhook-signature: %s", sig);
    }
    if (rc || add_header(&t->headers, "user-agent: %s", "gradebox-webhook/1")
        || add_header(&t->headers, "%s", "expect:"))
        return gb_fail(err, "cannot build the headers of message %s (header too long or "
                       "out of memory)", r->id);
    return 0;
}

static int setup_transfer(struct transfer *t, const struct webhook_opts *o, struct gb_err *err)
{
    struct http_opts h = { o->connect_timeout_ms, o->timeout_ms, o->ca_file };
    struct webhook_req *r = t->req;
    CURL *e;

    if (build_headers(t, o->key, err))
        return -1;
    e = t->easy = curl_easy_init();
    if (!e)
        return gb_fail(err, "cannot create a curl handle (out of memory?)");
    if (http_easy_setup(e, r->url, &h, t->curl_error) ||
        curl_easy_setopt(e, CURLOPT_POST, 1L) ||
        curl_easy_setopt(e, CURLOPT_POSTFIELDS, r->body) ||
        curl_easy_setopt(e, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)r->body_len) ||
        curl_easy_setopt(e, CURLOPT_HTTPHEADER, t->headers) ||
        curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, on_body) ||
        curl_easy_setopt(e, CURLOPT_WRITEDATA, r) ||
        curl_easy_setopt(e, CURLOPT_PRIVATE, t))
        return gb_fail(err, "cannot configure the curl transfer for message %s", r->id);
    return 0;
}

static void finish_transfer(struct transfer *t, CURLcode rc)
{
    struct webhook_req *r = t->req;
    const char *why;

    r->status = 0;
    r->retry_after_s = -1;
    if (rc == CURLE_OK) {
        curl_easy_getinfo(t->easy, CURLINFO_RESPONSE_CODE, &r->status);
        r->retry_after_s = http_retry_after(t->easy);
    }
    r->outcome = webhook_classify(r->status);
    r->error[0] = '\0';
    if (rc != CURLE_OK) {
        why = t->curl_error[0] ? t->curl_error : curl_easy_strerror(rc);
        snprintf(r->error, sizeof r->error, "%s", why);
    } else if (r->outcome != WEBHOOK_DELIVERED) {
        snprintf(r->error, sizeof r->error, "HTTP %ld", r->status);
    }
}

static void cleanup_transfers(CURLM *m, struct transfer *ts, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (ts[i].easy) {
            curl_multi_remove_handle(m, ts[i].easy);
            curl_easy_cleanup(ts[i].easy);
        }
        curl_slist_free_all(ts[i].headers);
    }
    free(ts);
}

static int start_transfer(CURLM *m, struct transfer *t, const struct webhook_opts *o,
                          struct gb_err *err)
{
    t->req->response.len = 0;
    if (setup_transfer(t, o, err))
        return -1;
    if (curl_multi_add_handle(m, t->easy) != CURLM_OK)
        return gb_fail(err, "cannot queue webhook transfer %s", t->req->id);
    return 0;
}

/* The state of one webhook_send(): transfers [0, started) have been started,
 * [0, done) have finished; at most `window` are in flight. */
struct run {
    CURLM *multi;
    struct transfer *ts;
    size_t n, started, done, window;
    struct webhook_req **finished;   /* this round's, for on_done */
    const struct webhook_opts *opts;
};

/* Collects the transfers that finished; returns how many. */
static size_t reap(struct run *r)
{
    size_t n_fin = 0;
    CURLMsg *msg;
    int left;

    while ((msg = curl_multi_info_read(r->multi, &left))) {
        struct transfer *t;
        if (msg->msg != CURLMSG_DONE)
            continue;
        curl_easy_getinfo(msg->easy_handle, CURLINFO_PRIVATE, (char **)&t);
        finish_transfer(t, msg->data.result);
        curl_multi_remove_handle(r->multi, t->easy);
        curl_easy_cleanup(t->easy);
        t->easy = NULL;
        r->finished[n_fin++] = t->req;
        r->done++;
    }
    return n_fin;
}

/* One round: top the multi handle up to `window` transfers, let curl work,
 * hand what finished to on_done, then wait for activity.  A transfer is signed
 * when it starts, so its webhook-timestamp is fresh and its timeout never
 * counts time spent queued. */
static int run_round(struct run *r, struct gb_err *err)
{
    const struct webhook_opts *o = r->opts;
    size_t n_fin;
    int running;

    while (r->started < r->n && r->started - r->done < r->window)
        if (start_transfer(r->multi, &r->ts[r->started++], o, err))
            return -1;
    if (curl_multi_perform(r->multi, &running) != CURLM_OK)
        return gb_fail(err, "curl multi transfer failed");
    n_fin = reap(r);
    if (n_fin && o->on_done && o->on_done(o->ctx, r->finished, n_fin, err))
        return -1;
    if (r->done < r->n && (r->started == r->n || r->started - r->done >= r->window) &&
        curl_multi_poll(r->multi, NULL, 0, 1000, NULL) != CURLM_OK)
        return gb_fail(err, "waiting for webhook transfers failed");
    return 0;
}

/* Every transfer is bounded by its own timeout, so this ends on its own. */
static int run_multi(CURLM *m, struct transfer *ts, size_t n, const struct webhook_opts *o,
                     struct gb_err *err)
{
    struct run r = { m, ts, n, 0, 0, o->max_connections > 0 ? (size_t)o->max_connections : 1,
                     NULL, o };
    int rc = 0;

    r.finished = calloc(r.window, sizeof *r.finished);
    if (!r.finished)
        return gb_fail(err, "out of memory running webhook transfers");
    while (rc == 0 && r.done < n)
        rc = run_round(&r, err);
    free(r.finished);
    return rc;
}

int webhook_send(const struct webhook_opts *o, struct webhook_req *reqs, size_t n,
                 struct gb_err *err)
{
    struct transfer *ts;
    CURLM *m;
    int rc;

    if (n == 0)
        return 0;
    if (http_global_init(err))
        return -1;
    ts = calloc(n, sizeof *ts);
    m = curl_multi_init();
    if (!ts || !m) {
        free(ts);
        curl_multi_cleanup(m);
        return gb_fail(err, "out of memory setting up %zu webhook transfers", n);
    }
    curl_multi_setopt(m, CURLMOPT_MAX_TOTAL_CONNECTIONS, (long)o->max_connections);
    curl_multi_setopt(m, CURLMOPT_MAX_HOST_CONNECTIONS, (long)o->max_connections);
    curl_multi_setopt(m, CURLMOPT_MAXCONNECTS, (long)o->max_connections);
    for (size_t i = 0; i < n; i++)
        ts[i].req = &reqs[i];
    rc = run_multi(m, ts, n, o, err);
    cleanup_transfers(m, ts, n);
    curl_multi_cleanup(m);
    return rc;
}
