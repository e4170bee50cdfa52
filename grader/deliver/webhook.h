/* webhook.h — HTTP POST of many messages at once (libcurl multi), each
 * either signed (Standard Webhooks, sign.h) or carrying its own Authorization
 * header (an LTI bearer token), and what each answer means for the message.
 *
 * Transfers run concurrently over at most max_connections connections under
 * http.h's policy: TLS verification always on, no redirects followed (a
 * webhook URL is configured exactly, and re-POSTing a grade to wherever a 3xx
 * points is not safe), a connect timeout and a timeout on the whole request.
 */
#ifndef GB_WEBHOOK_H
#define GB_WEBHOOK_H

#include <stddef.h>

#include "buf.h"
#include "error.h"
#include "deliver/sign.h"

/* How much of a response body is kept for the outbox and error messages. */
#define WEBHOOK_RESPONSE_MAX 2048

enum webhook_outcome {
    WEBHOOK_DELIVERED,    /* 2xx */
    WEBHOOK_RETRY,        /* network error, timeout, 5xx, 408, 429 */
    WEBHOOK_PERMANENT,    /* any other 4xx, or a 1xx/3xx: resending will not help */
    WEBHOOK_GONE          /* 410: the endpoint is retired */
};

struct webhook_req;

struct webhook_opts {
    long connect_timeout_ms;
    long timeout_ms;
    int max_connections;
    const char *ca_file;          /* extra CA bundle, or NULL for the system's */
    const struct sign_key *key;   /* for requests without authorization */
    /* Called after each round with the requests that finished in it, so a
     * caller can record outcomes while others are still in flight; a -1
     * stops everything.  May be NULL. */
    int (*on_done)(void *ctx, struct webhook_req *const *done, size_t n, struct gb_err *err);
    void *ctx;
};

struct webhook_req {
    /* in */
    const char *url;
    const char *id;               /* webhook-id */
    const char *content_type;
    const char *body;
    size_t body_len;
    const char *authorization;    /* NULL: sign with opts->key; else this header, unsigned */
    void *ctx;                    /* the caller's, untouched */
    /* out */
    enum webhook_outcome outcome;
    long status;                  /* HTTP status, 0 when none arrived */
    long retry_after_s;           /* the answer's Retry-After, or -1 */
    char error[256];              /* what went wrong, "" when delivered */
    struct gb_buf response;       /* first WEBHOOK_RESPONSE_MAX bytes; free with gb_buf_free */
};

/* Sends every request once and fills its out fields.  Fails only when the
 * transfers could not be set up at all (out of memory, curl unusable). */
int webhook_send(const struct webhook_opts *opts, struct webhook_req *reqs, size_t n,
                 struct gb_err *err);

enum webhook_outcome webhook_classify(long http_status);
const char *webhook_outcome_name(enum webhook_outcome o);

#endif
