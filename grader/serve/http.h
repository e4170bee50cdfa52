/* http.h — the HTTP/1.1 server under `grader serve`, on GNU libmicrohttpd.
 *
 * This module owns the sockets and the protocol: listening (IPv4/IPv6, an
 * optional TLS certificate), reading a request's head and body, and sending
 * answers.  The application (routes.c) sees a finished request — method,
 * path, headers, query, cookies and the whole body — and answers it, at once
 * or later from another thread (suspend, then resume: a submission waits for
 * its group commit without holding a thread).
 *
 * Defences, so one client cannot take the service down:
 *   - a body larger than the application's limit for that request is refused
 *     with the application's 413 before any of it is read when the client
 *     announced its length, and after reading no more than a few times the
 *     limit when it did not (beyond that the connection is closed);
 *   - a request head must arrive whole within head_timeout_s and a body within
 *     body_timeout_s, whatever the pace (a slowloris client is disconnected),
 *     and an idle connection is closed after idle_timeout_s;
 *   - connections are capped in total and per client address;
 *   - a connection's memory (head, parsed headers, read buffer) is at most
 *     HTTP_CONN_MEMORY bytes: a head of more than about half of it is refused
 *     by the library (431).
 */
#ifndef GB_HTTP_H
#define GB_HTTP_H

#include <stddef.h>

#include "error.h"

/* 32 KiB: libmicrohttpd takes a pool this size from malloc; a larger one it
 * maps and unmaps per connection, and the unmapping's TLB shootdowns cost
 * more CPU than the whole request (measured with perf on 100-connection
 * bursts). */
#define HTTP_CONN_MEMORY (32 * 1024)

struct http_server;
struct http_req;

struct http_config {
    const char *listen;           /* "127.0.0.1:8080", "[::]:8080", "0.0.0.0:0" (any port) */
    int threads;                  /* event-loop threads */
    unsigned idle_timeout_s;      /* no byte for this long: closed */
    unsigned head_timeout_s;      /* a request head must arrive within */
    unsigned body_timeout_s;      /* a request body must arrive within */
    unsigned max_connections;
    unsigned max_per_ip;          /* 0: no per-address cap (behind a reverse proxy) */
    const char *tls_cert;         /* PEM files; both or neither */
    const char *tls_key;
};

struct http_app {
    void *cls;
    /* The head has arrived: how many body bytes this request may carry. */
    size_t (*body_limit)(void *cls, struct http_req *r);
    /* The body (announced or read) is over the limit: answer (413). */
    void (*too_large)(void *cls, struct http_req *r, unsigned long long len);
    /* The request is complete (or was resumed): answer, or suspend. */
    void (*handle)(void *cls, struct http_req *r);
    /* The request is over (answered, or the client went away): free state. */
    void (*done)(void *cls, struct http_req *r);
};

void http_config_default(struct http_config *cfg);

int http_start(struct http_server **out, const struct http_config *cfg,
               const struct http_app *app, struct gb_err *err);
int http_port(const struct http_server *s);       /* the bound port */
/* Counts of connections closed by the head/body deadlines (for metrics). */
unsigned long http_deadline_closes(const struct http_server *s);
void http_stop(struct http_server *s);

/* ---- a request ------------------------------------------------------------ */

const char *http_method(const struct http_req *r);   /* "GET", "POST", ... */
const char *http_path(const struct http_req *r);     /* decoded path, no query */
const char *http_header(const struct http_req *r, const char *name);  /* NULL: absent */
const char *http_query(const struct http_req *r, const char *name);
const char *http_cookie(const struct http_req *r, const char *name);
const char *http_body(const struct http_req *r, size_t *len);   /* NUL-terminated */
int http_is_tls(const struct http_req *r);
/* The application's own state for this request. */
void *http_state(const struct http_req *r);
void http_set_state(struct http_req *r, void *state);

/* One part of a multipart/form-data or application/x-www-form-urlencoded
 * body (read by libmicrohttpd's post processor). */
struct http_field {
    char *name;
    char *filename;               /* NULL for a plain field */
    char *data;                   /* NUL-terminated; len is authoritative */
    size_t len;
    size_t cap;                   /* allocated (http.c's business) */
};

struct http_form {
    struct http_field *fields;
    size_t n;
};

/* Reads the body as a form.  Fails (with a sentence for the client) when it
 * is not a form, is malformed or cut short, or has more than max_fields. */
int http_parse_form(struct http_req *r, size_t max_fields, struct http_form *form,
                    struct gb_err *err);
const struct http_field *http_form_get(const struct http_form *form, const char *name);
void http_form_free(struct http_form *form);

/* ---- answering ------------------------------------------------------------- */

/* headers: name, value, name, value, ..., NULL (or NULL for none). */
int http_respond(struct http_req *r, int status, const char *content_type, const void *body,
                 size_t len, const char *const *headers);
/* Parks the request until http_resume(); then app->handle runs again. */
void http_suspend(struct http_req *r);
/* From any thread. */
void http_resume(struct http_req *r);

#endif
