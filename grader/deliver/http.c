/* http.c — transfer policy, synchronous requests, Link and Retry-After headers (see http.h). */
#define _GNU_SOURCE   /* strcasestr */
#include "deliver/http.h"

#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#define RETRY_AFTER_MAX_S 86400

static pthread_once_t curl_once = PTHREAD_ONCE_INIT;
static CURLcode curl_init_rc;

static void curl_init(void)
{
    curl_init_rc = curl_global_init(CURL_GLOBAL_DEFAULT);
}

int http_global_init(struct gb_err *err)
{
    pthread_once(&curl_once, curl_init);
    if (curl_init_rc != CURLE_OK)
        return gb_fail(err, "cannot initialise libcurl: %s", curl_easy_strerror(curl_init_rc));
    return 0;
}

int http_easy_setup(CURL *e, const char *url, const struct http_opts *o, char *errbuf)
{
    if (curl_easy_setopt(e, CURLOPT_URL, url) ||
        curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, "http,https") ||
        curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L) ||
        curl_easy_setopt(e, CURLOPT_FOLLOWLOCATION, 0L) ||
        curl_easy_setopt(e, CURLOPT_SSL_VERIFYPEER, 1L) ||
        curl_easy_setopt(e, CURLOPT_SSL_VERIFYHOST, 2L) ||
        curl_easy_setopt(e, CURLOPT_CONNECTTIMEOUT_MS, o->connect_timeout_ms) ||
        curl_easy_setopt(e, CURLOPT_TIMEOUT_MS, o->timeout_ms) ||
        (errbuf && curl_easy_setopt(e, CURLOPT_ERRORBUFFER, errbuf)) ||
        (o->ca_file && curl_easy_setopt(e, CURLOPT_CAINFO, o->ca_file)))
        return -1;
    return 0;
}

struct sink {
    struct gb_buf *b;
    size_t max;
    int overflow;
};

static size_t on_body(char *p, size_t size, size_t nmemb, void *userdata)
{
    struct sink *s = userdata;
    size_t n = size * nmemb;

    if (s->b->len + n > s->max) {
        s->overflow = 1;
        return 0;               /* aborts the transfer */
    }
    return gb_buf_append(s->b, p, n, NULL) ? 0 : n;
}

static int add_header(struct curl_slist **list, const char *name, const char *value)
{
    char line[8192];
    struct curl_slist *l;

    if (!value)
        return 0;
    if (snprintf(line, sizeof line, "%s: %s", name, value) >= (int)sizeof line)
        return -1;
    l = curl_slist_append(*list, line);
    if (!l)
        return -1;
    *list = l;
    return 0;
}

static int request_headers(const struct http_request *rq, struct curl_slist **h)
{
    return add_header(h, "accept", rq->accept) || add_header(h, "content-type", rq->content_type)
           || add_header(h, "authorization", rq->authorization)
           || add_header(h, "user-agent", "gradebox/1") || add_header(h, "expect", "") ? -1 : 0;
}

static void finish(CURL *e, CURLcode rc, const char *errbuf, const struct sink *s,
                   struct http_response *rs)
{
    rs->status = 0;
    if (rc == CURLE_OK)
        curl_easy_getinfo(e, CURLINFO_RESPONSE_CODE, &rs->status);
    if (s->overflow)
        snprintf(rs->error, sizeof rs->error, "the answer is larger than %zu bytes", s->max);
    else if (rc != CURLE_OK)
        snprintf(rs->error, sizeof rs->error, "%s", errbuf[0] ? errbuf : curl_easy_strerror(rc));
    if (rs->status) {
        rs->retry_after_s = http_retry_after(e);
        rs->link_next = http_link_next(e);
    }
}

int http_fetch(const struct http_request *rq, const struct http_opts *o,
               struct http_response *rs, struct gb_err *err)
{
    char errbuf[CURL_ERROR_SIZE] = "";
    struct sink s = { &rs->body, rq->max_response, 0 };
    struct curl_slist *h = NULL;
    int post = !strcmp(rq->method, "POST");
    CURL *e;
    CURLcode rc;

    memset(rs, 0, sizeof *rs);
    rs->retry_after_s = -1;
    if (http_global_init(err))
        return -1;
    if (!(e = curl_easy_init()) || request_headers(rq, &h) || http_easy_setup(e, rq->url, o, errbuf)
        || curl_easy_setopt(e, CURLOPT_HTTPHEADER, h)
        || curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, on_body)
        || curl_easy_setopt(e, CURLOPT_WRITEDATA, &s)
        || (post && (curl_easy_setopt(e, CURLOPT_POST, 1L)
                     || curl_easy_setopt(e, CURLOPT_POSTFIELDS, rq->body ? rq->body : "")
                     || curl_easy_setopt(e, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)rq->body_len)))
        || (!post && curl_easy_setopt(e, CURLOPT_HTTPGET, 1L))) {
        curl_slist_free_all(h);
        curl_easy_cleanup(e);
        return gb_fail(err, "cannot set up a request to %s (out of memory?)", rq->url);
    }
    rc = curl_easy_perform(e);
    finish(e, rc, errbuf, &s, rs);
    curl_slist_free_all(h);
    curl_easy_cleanup(e);
    return 0;
}

void http_response_free(struct http_response *rs)
{
    gb_buf_free(&rs->body);
    free(rs->link_next);
    rs->link_next = NULL;
}

long http_retry_after(CURL *e)
{
    struct curl_header *h;
    const char *v;
    char *end;
    long s;
    time_t when;

    if (curl_easy_header(e, "Retry-After", 0, CURLH_HEADER, -1, &h) != CURLHE_OK)
        return -1;
    v = h->value;
    s = strtol(v, &end, 10);
    if (end != v && !*end && s >= 0)
        return s > RETRY_AFTER_MAX_S ? RETRY_AFTER_MAX_S : s;
    when = curl_getdate(v, NULL);
    if (when < 0)
        return -1;
    s = (long)(when - time(NULL));
    return s < 0 ? 0 : s > RETRY_AFTER_MAX_S ? RETRY_AFTER_MAX_S : s;
}

/* Skips an opening quote: ASCII, or the curly ones some LMSs write. */
static const char *skip_quote(const char *p)
{
    if (*p == '"')
        return p + 1;
    if (!strncmp(p, "\xe2\x80\x9c", 3) || !strncmp(p, "\xe2\x80\x9d", 3))
        return p + 3;
    return p;
}

/* Does the parameter list [p, end) hold rel="... next ..."? */
static int rel_is_next(const char *p, const char *end)
{
    while ((p = strcasestr(p, "rel")) && p < end) {
        const char *q = p + 3;
        while (*q == ' ')
            q++;
        if (*q++ != '=') {
            p += 3;
            continue;
        }
        while (*q == ' ')
            q++;
        for (q = skip_quote(q); q < end;) {
            size_t n = strcspn(q, " \";,\xe2");
            if (n == 4 && !strncasecmp(q, "next", 4))
                return 1;
            if (q[n] != ' ')
                break;
            q += n + 1;
        }
        p = q;
    }
    return 0;
}

char *http_link_next_in(const char *v)
{
    const char *p = v;

    while ((p = strchr(p, '<'))) {
        const char *close = strchr(p, '>'), *params, *end;
        if (!close)
            return NULL;
        params = close + 1;
        end = strchr(params, '<');
        end = end ? end : params + strlen(params);
        if (rel_is_next(params, end))
            return strndup(p + 1, (size_t)(close - p - 1));
        p = close + 1;
    }
    return NULL;
}

char *http_link_next(CURL *e)
{
    struct curl_header *h;
    char *found = NULL;

    for (size_t i = 0; !found; i++) {
        if (curl_easy_header(e, "Link", i, CURLH_HEADER, -1, &h) != CURLHE_OK)
            break;
        found = http_link_next_in(h->value);
        if (i + 1 >= h->amount)
            break;
    }
    return found;
}

static int origin_of(const char *url, char *out, size_t size)
{
    CURLU *u = curl_url();
    char *scheme = NULL, *host = NULL, *port = NULL;
    int rc = -1;

    if (u && curl_url_set(u, CURLUPART_URL, url, 0) == CURLUE_OK
        && curl_url_get(u, CURLUPART_SCHEME, &scheme, 0) == CURLUE_OK
        && curl_url_get(u, CURLUPART_HOST, &host, 0) == CURLUE_OK
        && curl_url_get(u, CURLUPART_PORT, &port, CURLU_DEFAULT_PORT) == CURLUE_OK) {
        int n = snprintf(out, size, "%s://%s:%s", scheme, host, port);
        rc = n < 0 || (size_t)n >= size ? -1 : 0;
        for (char *c = out; *c; c++)
            *c = (char)tolower((unsigned char)*c);
    }
    curl_free(scheme);
    curl_free(host);
    curl_free(port);
    curl_url_cleanup(u);
    return rc;
}

int http_same_origin(const char *a, const char *b)
{
    char oa[512], ob[512];

    return !origin_of(a, oa, sizeof oa) && !origin_of(b, ob, sizeof ob) && !strcmp(oa, ob);
}
