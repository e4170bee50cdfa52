/* http.h — the one transfer policy every request gradebox makes follows, and
 * a plain synchronous request for the LTI services.
 *
 * Policy (http_easy_setup): http and https only; TLS peer and host
 * verification always on (ca_file adds a trust anchor; there is no switch to
 * turn verification off); redirects never followed (a grade is not re-POSTed
 * wherever a 3xx points, and a bearer token is not handed to another host);
 * a connect timeout and a timeout on the whole request; no signals.
 *
 * Responses are the other side's text: kept up to a bound, never trusted.
 */
#ifndef GB_HTTP_H
#define GB_HTTP_H

#include <stddef.h>

#include <curl/curl.h>

#include "buf.h"
#include "error.h"

struct http_opts {
    long connect_timeout_ms;
    long timeout_ms;
    const char *ca_file;          /* extra CA bundle, or NULL for the system's */
};

/* Initialises libcurl once per process; fails only if libcurl cannot start. */
int http_global_init(struct gb_err *err);

/* Applies the policy above and url to an easy handle: 0, or -1. */
int http_easy_setup(CURL *e, const char *url, const struct http_opts *o, char *errbuf);

struct http_request {
    const char *method;           /* "GET" or "POST" */
    const char *url;
    const char *accept;           /* Accept header, or NULL */
    const char *content_type;     /* of body, for a POST */
    const char *authorization;    /* whole header value ("Bearer ..."), or NULL */
    const char *body;
    size_t body_len;
    size_t max_response;          /* bytes of the answer kept (more is an error) */
};

struct http_response {
    long status;                  /* 0: no HTTP answer (network, TLS, timeout) */
    struct gb_buf body;
    char *link_next;              /* the Link header's rel="next" URL, or NULL */
    long retry_after_s;           /* Retry-After in seconds, or -1 */
    char error[256];              /* why there was no answer, else "" */
};

/* One request.  -1 only when it could not be set up; a refused connection
 * or an HTTP error is a response (status 0 with error, or the status). */
int http_fetch(const struct http_request *rq, const struct http_opts *o,
               struct http_response *rs, struct gb_err *err);
void http_response_free(struct http_response *rs);

/* From a finished transfer: Retry-After (seconds or an HTTP date) and the
 * rel="next" target of its Link headers (malloc'ed, or NULL). */
long http_retry_after(CURL *e);
char *http_link_next(CURL *e);
/* The rel="next" target in one Link header value ("<u1>; rel=\"next\", <u2>;
 * rel=\"last\""); the curly quotes some LMSs write are read as quotes. */
char *http_link_next_in(const char *value);

/* True when both URLs have the same scheme, host and port: a paging link
 * that leaves the origin does not get the bearer token. */
int http_same_origin(const char *a, const char *b);

#endif
