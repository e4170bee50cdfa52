/* http.c — libmicrohttpd under `grader serve` (see http.h).
 *
 * Threads: libmicrohttpd's pool of event-loop threads (epoll), each calling
 * on_request() for its connections, plus one "deadline" thread of ours.
 * libmicrohttpd's own timeout is an idle timeout — a client sending one byte
 * every few seconds never trips it — so the deadline thread enforces a whole
 * head's and an idle keep-alive's time limit: every connection is listed
 * (notify_connection) with the moment its current request began, and one
 * that has not produced a complete head in time has its socket shut down,
 * which the event loop then sees as the client leaving.  The list entry is
 * removed in the CLOSED notification, which libmicrohttpd sends before it
 * closes the socket, and both happen under one mutex: the thread never
 * shuts down a descriptor that has been closed and reused.  Body deadlines
 * are checked as body data arrives (a stalled body trips the idle timeout).
 */
#define _GNU_SOURCE
#include "serve/http.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <microhttpd.h>

#include "buf.h"
#include "clock.h"

#define LISTEN_BACKLOG 1024
#define DISCARD_FACTOR 4          /* read at most this many times the limit before closing */
#define DISCARD_FLOOR (1u << 20)
#define POST_BUFFER 16384
#define TLS_FILE_MAX (1u << 20)
#define DEADLINE_TICK_MS 250

/* One connection, for the deadline thread. */
struct conn {
    int fd;
    long long phase_start_ms;     /* connection opened, or the last request ended */
    int in_request;               /* the current request's head has arrived */
    int shut;                     /* already shut down by the deadline thread */
    struct conn *prev, *next;
};

struct http_server {
    struct MHD_Daemon *daemon;
    struct http_app app;
    struct http_config cfg;
    int listen_fd;
    int port;
    struct gb_buf tls_cert, tls_key;
    pthread_mutex_t lock;         /* guards conns, stopping */
    pthread_cond_t wake;
    struct conn *conns;
    int stopping;
    pthread_t deadline_thread;
    int deadline_started;
    unsigned long deadline_closes;
};

struct http_req {
    struct http_server *server;
    struct MHD_Connection *conn;
    const char *method;
    const char *path;
    size_t limit;
    struct gb_buf body;
    unsigned long long received;  /* all body bytes seen, kept or not */
    long long started_ms;
    int over_limit;
    int responded;
    int suspended_here;           /* the handler suspended it in the current call */
    void *state;
};

void http_config_default(struct http_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->listen = "127.0.0.1:8080";
    cfg->threads = 4;
    cfg->idle_timeout_s = 30;
    cfg->head_timeout_s = 15;
    cfg->body_timeout_s = 120;
    cfg->max_connections = 512;
    cfg->max_per_ip = 64;         /* a classroom behind one NAT address stays well under */
}

/* ---- connections and deadlines ------------------------------------------- */

static struct conn *conn_of(struct MHD_Connection *c)
{
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);

    return ci ? ci->socket_context : NULL;
}

static void on_connection(void *cls, struct MHD_Connection *c, void **socket_context,
                          enum MHD_ConnectionNotificationCode toe)
{
    struct http_server *s = cls;
    struct conn *k = *socket_context;

    pthread_mutex_lock(&s->lock);
    if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *ci =
            MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);

        k = calloc(1, sizeof *k);       /* untracked (no deadline) if memory runs out */
        if (k && ci) {
            k->fd = ci->connect_fd;
            k->phase_start_ms = gb_now_ms();
            k->next = s->conns;
            if (s->conns)
                s->conns->prev = k;
            s->conns = k;
        } else {
            free(k);
            k = NULL;
        }
        *socket_context = k;
    } else if (k) {                     /* CLOSED: before libmicrohttpd closes the fd */
        if (k->prev)
            k->prev->next = k->next;
        else
            s->conns = k->next;
        if (k->next)
            k->next->prev = k->prev;
        free(k);
        *socket_context = NULL;
    }
    pthread_mutex_unlock(&s->lock);
}

static void conn_set_in_request(struct http_server *s, struct MHD_Connection *c, int in)
{
    struct conn *k = conn_of(c);

    if (!k)
        return;
    pthread_mutex_lock(&s->lock);
    k->in_request = in;
    k->phase_start_ms = gb_now_ms();
    pthread_mutex_unlock(&s->lock);
}

static void *deadline_main(void *arg)
{
    struct http_server *s = arg;
    long long head_ms = (long long)s->cfg.head_timeout_s * 1000;

    pthread_mutex_lock(&s->lock);
    while (!s->stopping) {
        struct timespec until;
        long long now = gb_now_ms();

        for (struct conn *k = s->conns; k; k = k->next)
            if (!k->in_request && !k->shut && now - k->phase_start_ms > head_ms) {
                shutdown(k->fd, SHUT_RDWR);
                k->shut = 1;
                s->deadline_closes++;
            }
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += DEADLINE_TICK_MS * 1000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&s->wake, &s->lock, &until);
    }
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

unsigned long http_deadline_closes(const struct http_server *s)
{
    unsigned long n;

    pthread_mutex_lock((pthread_mutex_t *)&s->lock);
    n = s->deadline_closes;
    pthread_mutex_unlock((pthread_mutex_t *)&s->lock);
    return n;
}

/* ---- requests ---------------------------------------------------------------- */

static void answer_500(struct http_req *r)
{
    static const char msg[] = "internal error: the request was not answered\n";

    http_respond(r, 500, "text/plain; charset=utf-8", msg, sizeof msg - 1, NULL);
}

/* The first call: the head is in.  Refuse an announced oversized body now. */
static void begin_request(struct http_server *s, struct http_req *r)
{
    const char *cl;

    conn_set_in_request(s, r->conn, 1);
    r->started_ms = gb_now_ms();
    r->limit = s->app.body_limit(s->app.cls, r);
    cl = http_header(r, MHD_HTTP_HEADER_CONTENT_LENGTH);
    if (cl && !r->responded) {
        char *end;
        unsigned long long n;

        errno = 0;
        n = strtoull(cl, &end, 10);
        if (!errno && end != cl && !*end && n > r->limit) {
            r->over_limit = 1;
            s->app.too_large(s->app.cls, r, n);
        }
    }
}

/* A piece of the body: keep it, or count it while discarding an oversized
 * body (so a 413 can follow), or give up on a hopeless one. */
static enum MHD_Result take_body(struct http_server *s, struct http_req *r, const char *data,
                                 size_t len)
{
    unsigned long long cap = (unsigned long long)r->limit * DISCARD_FACTOR + DISCARD_FLOOR;

    if (gb_now_ms() - r->started_ms > (long long)s->cfg.body_timeout_s * 1000) {
        pthread_mutex_lock(&s->lock);
        s->deadline_closes++;
        pthread_mutex_unlock(&s->lock);
        return MHD_NO;                  /* a body trickled in too slowly: close */
    }
    r->received += len;
    if (r->received > r->limit)
        r->over_limit = 1;
    if (r->over_limit) {
        gb_buf_free(&r->body);
        return r->received > cap ? MHD_NO : MHD_YES;
    }
    return gb_buf_append(&r->body, data, len, NULL) ? MHD_NO : MHD_YES;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url,
                                  const char *method, const char *version,
                                  const char *upload_data, size_t *upload_size, void **con_cls)
{
    struct http_server *s = cls;
    struct http_req *r = *con_cls;

    (void)version;
    if (!r) {
        if (!(r = calloc(1, sizeof *r)))
            return MHD_NO;
        r->server = s;
        r->conn = c;
        r->method = method;
        r->path = url;
        *con_cls = r;
        begin_request(s, r);
        return MHD_YES;
    }
    if (*upload_size) {
        enum MHD_Result ok = r->responded ? MHD_YES : take_body(s, r, upload_data, *upload_size);

        *upload_size = 0;
        return ok;
    }
    if (r->responded)
        return MHD_YES;
    /* A suspended request may be resumed by another thread before this call
     * returns, so what counts is whether this call suspended it. */
    r->suspended_here = 0;
    if (r->over_limit)
        s->app.too_large(s->app.cls, r, r->received);
    else
        s->app.handle(s->app.cls, r);
    if (!r->responded && !r->suspended_here)
        answer_500(r);
    return MHD_YES;
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls,
                         enum MHD_RequestTerminationCode toe)
{
    struct http_server *s = cls;
    struct http_req *r = *con_cls;

    (void)toe;
    conn_set_in_request(s, c, 0);
    if (!r)
        return;
    s->app.done(s->app.cls, r);
    gb_buf_free(&r->body);
    free(r);
    *con_cls = NULL;
}

const char *http_method(const struct http_req *r) { return r->method; }
const char *http_path(const struct http_req *r) { return r->path; }
void *http_state(const struct http_req *r) { return r->state; }
void http_set_state(struct http_req *r, void *state) { r->state = state; }

const char *http_header(const struct http_req *r, const char *name)
{
    return MHD_lookup_connection_value(r->conn, MHD_HEADER_KIND, name);
}

const char *http_query(const struct http_req *r, const char *name)
{
    return MHD_lookup_connection_value(r->conn, MHD_GET_ARGUMENT_KIND, name);
}

const char *http_cookie(const struct http_req *r, const char *name)
{
    return MHD_lookup_connection_value(r->conn, MHD_COOKIE_KIND, name);
}

const char *http_body(const struct http_req *r, size_t *len)
{
    *len = r->body.len;
    return r->body.data ? r->body.data : "";
}

int http_is_tls(const struct http_req *r)
{
    return r->server->cfg.tls_cert != NULL;
}

int http_respond(struct http_req *r, int status, const char *content_type, const void *body,
                 size_t len, const char *const *headers)
{
    struct MHD_Response *resp;
    enum MHD_Result ok;

    if (r->responded)
        return -1;
    resp = MHD_create_response_from_buffer(len, (void *)body, MHD_RESPMEM_MUST_COPY);
    if (!resp)
        return -1;
    if (content_type)
        MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, content_type);
    MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
    for (size_t i = 0; headers && headers[i] && headers[i + 1]; i += 2)
        MHD_add_response_header(resp, headers[i], headers[i + 1]);
    ok = MHD_queue_response(r->conn, (unsigned)status, resp);
    MHD_destroy_response(resp);
    r->responded = 1;                   /* even on failure: the library closes the connection */
    return ok == MHD_YES ? 0 : -1;
}

void http_suspend(struct http_req *r)
{
    r->suspended_here = 1;
    MHD_suspend_connection(r->conn);
}

void http_resume(struct http_req *r)
{
    MHD_resume_connection(r->conn);
}

/* ---- forms ------------------------------------------------------------------- */

struct form_reader {
    struct http_form *form;
    size_t max_fields;
    int failed;
};

static enum MHD_Result on_field(void *cls, enum MHD_ValueKind kind, const char *key,
                                const char *filename, const char *content_type,
                                const char *transfer_encoding, const char *data, uint64_t off,
                                size_t size)
{
    struct form_reader *fr = cls;
    struct http_form *f = fr->form;
    struct http_field *last;
    struct gb_buf b;

    (void)kind, (void)content_type, (void)transfer_encoding;
    if (off == 0) {                     /* a new field begins */
        struct http_field *grown;

        if (f->n >= fr->max_fields ||
            !(grown = realloc(f->fields, (f->n + 1) * sizeof *grown))) {
            fr->failed = 1;
            return MHD_NO;
        }
        f->fields = grown;
        last = &f->fields[f->n++];
        memset(last, 0, sizeof *last);
        if (!(last->name = strdup(key ? key : "")) ||
            (filename && !(last->filename = strdup(filename)))) {
            fr->failed = 1;
            return MHD_NO;
        }
    }
    if (!f->n) {
        fr->failed = 1;
        return MHD_NO;
    }
    last = &f->fields[f->n - 1];
    b.data = last->data, b.len = last->len, b.cap = last->cap;
    if (gb_buf_append(&b, size ? data : "", size, NULL)) {
        fr->failed = 1;
        return MHD_NO;
    }
    last->data = b.data, last->len = b.len, last->cap = b.cap;
    return MHD_YES;
}

int http_parse_form(struct http_req *r, size_t max_fields, struct http_form *form,
                    struct gb_err *err)
{
    struct form_reader fr = { form, max_fields, 0 };
    struct MHD_PostProcessor *pp;
    enum MHD_Result fed, whole;

    memset(form, 0, sizeof *form);
    pp = MHD_create_post_processor(r->conn, POST_BUFFER, on_field, &fr);
    if (!pp)
        return gb_fail(err, "the body is not a form: send multipart/form-data (or "
                       "application/x-www-form-urlencoded)");
    fed = r->body.len ? MHD_post_process(pp, r->body.data, r->body.len) : MHD_YES;
    whole = MHD_destroy_post_processor(pp);
    if (fr.failed && form->n >= max_fields) {
        http_form_free(form);
        return gb_fail(err, "the form has more than %zu fields", max_fields);
    }
    if (fr.failed || fed != MHD_YES || whole != MHD_YES) {
        http_form_free(form);
        return gb_fail(err, "the form data is malformed or cut short (its closing "
                       "boundary is missing); send it again");
    }
    return 0;
}

const struct http_field *http_form_get(const struct http_form *form, const char *name)
{
    for (size_t i = 0; i < form->n; i++)
        if (!strcmp(form->fields[i].name, name))
            return &form->fields[i];
    return NULL;
}

void http_form_free(struct http_form *form)
{
    for (size_t i = 0; i < form->n; i++) {
        free(form->fields[i].name);
        free(form->fields[i].filename);
        free(form->fields[i].data);
    }
    free(form->fields);
    memset(form, 0, sizeof *form);
}

/* ---- the server ---------------------------------------------------------------- */

/* "host:port", "[v6]:port" or ":port" (every address). */
static int split_listen(const char *listen, char *host, size_t hsize, char *port, size_t psize)
{
    const char *colon;
    size_t hlen;

    if (listen[0] == '[') {
        const char *close = strchr(listen, ']');

        if (!close || close[1] != ':')
            return -1;
        hlen = (size_t)(close - listen - 1);
        colon = close + 1;
        listen++;
    } else {
        colon = strrchr(listen, ':');
        if (!colon)
            return -1;
        hlen = (size_t)(colon - listen);
    }
    if (hlen >= hsize || strlen(colon + 1) >= psize || !colon[1])
        return -1;
    memcpy(host, listen, hlen);
    host[hlen] = '\0';
    strcpy(port, colon + 1);
    return 0;
}

static int open_listener(struct http_server *s, struct gb_err *err)
{
    struct addrinfo hints = { .ai_flags = AI_PASSIVE | AI_NUMERICSERV,
                              .ai_socktype = SOCK_STREAM }, *ai;
    struct sockaddr_storage bound;
    socklen_t blen = sizeof bound;
    char host[256], port[16];
    int one = 1, rc;

    if (split_listen(s->cfg.listen, host, sizeof host, port, sizeof port))
        return gb_fail(err, "--listen %s: give ADDRESS:PORT (127.0.0.1:8080, [::]:8080, "
                       "0.0.0.0:8080)", s->cfg.listen);
    if ((rc = getaddrinfo(host[0] ? host : NULL, port, &hints, &ai)))
        return gb_fail(err, "--listen %s: %s", s->cfg.listen, gai_strerror(rc));
    s->listen_fd = socket(ai->ai_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (s->listen_fd < 0 ||
        setsockopt(s->listen_fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) < 0 ||
        bind(s->listen_fd, ai->ai_addr, ai->ai_addrlen) < 0 ||
        listen(s->listen_fd, LISTEN_BACKLOG) < 0) {
        freeaddrinfo(ai);
        return gb_fail_errno(err, "cannot listen on %s", s->cfg.listen);
    }
    freeaddrinfo(ai);
    if (getsockname(s->listen_fd, (struct sockaddr *)&bound, &blen) < 0)
        return gb_fail_errno(err, "cannot read the bound address");
    s->port = bound.ss_family == AF_INET6 ? ntohs(((struct sockaddr_in6 *)&bound)->sin6_port)
                                          : ntohs(((struct sockaddr_in *)&bound)->sin_port);
    return 0;
}

static void log_library(void *cls, const char *fmt, va_list ap)
{
    char line[512];
    size_t n;

    (void)cls;
    vsnprintf(line, sizeof line, fmt, ap);
    n = strlen(line);
    while (n && line[n - 1] == '\n')
        line[--n] = '\0';
    fprintf(stderr, "grader serve: http: %s\n", line);
}

static int load_tls(struct http_server *s, struct gb_err *err)
{
    if (!s->cfg.tls_cert && !s->cfg.tls_key)
        return 0;
    if (!s->cfg.tls_cert || !s->cfg.tls_key)
        return gb_fail(err, "TLS needs both --tls-cert and --tls-key");
    if (gb_read_file(s->cfg.tls_cert, TLS_FILE_MAX, &s->tls_cert, err))
        return gb_err_prefix(err, "--tls-cert");
    if (gb_read_file(s->cfg.tls_key, TLS_FILE_MAX, &s->tls_key, err))
        return gb_err_prefix(err, "--tls-key");
    return 0;
}

static int start_daemon(struct http_server *s, struct gb_err *err)
{
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME |
                     MHD_USE_ERROR_LOG | (s->tls_cert.data ? MHD_USE_TLS : 0);
    struct MHD_OptionItem tls[3] = {
        { MHD_OPTION_HTTPS_MEM_CERT, 0, s->tls_cert.data },
        { MHD_OPTION_HTTPS_MEM_KEY, 0, s->tls_key.data },
        { MHD_OPTION_END, 0, NULL },
    };

    if (!s->tls_cert.data)
        tls[0].option = MHD_OPTION_END;
    s->daemon = MHD_start_daemon(
        flags, 0, NULL, NULL, on_request, s,
        MHD_OPTION_EXTERNAL_LOGGER, log_library, NULL,     /* first: it covers the rest */
        MHD_OPTION_LISTEN_SOCKET, s->listen_fd,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned)(s->cfg.threads > 0 ? s->cfg.threads : 1),
        MHD_OPTION_CONNECTION_TIMEOUT, s->cfg.idle_timeout_s,
        MHD_OPTION_CONNECTION_LIMIT, s->cfg.max_connections,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, s->cfg.max_per_ip,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)HTTP_CONN_MEMORY,
        MHD_OPTION_NOTIFY_COMPLETED, on_completed, s,
        MHD_OPTION_NOTIFY_CONNECTION, on_connection, s,
        MHD_OPTION_ARRAY, tls,
        MHD_OPTION_END);
    if (!s->daemon)
        return gb_fail(err, "cannot start the HTTP server on %s (libmicrohttpd refused the "
                       "settings%s)", s->cfg.listen, s->tls_cert.data ? "; is the TLS key "
                       "or certificate unreadable?" : "");
    s->listen_fd = -1;                  /* the daemon owns it now */
    return 0;
}

int http_start(struct http_server **out, const struct http_config *cfg,
               const struct http_app *app, struct gb_err *err)
{
    struct http_server *s = calloc(1, sizeof *s);

    *out = NULL;
    if (!s)
        return gb_fail(err, "out of memory");
    s->cfg = *cfg;
    s->app = *app;
    s->listen_fd = -1;
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->wake, NULL);
    if (load_tls(s, err) || open_listener(s, err) || start_daemon(s, err)) {
        http_stop(s);
        return -1;
    }
    if (pthread_create(&s->deadline_thread, NULL, deadline_main, s)) {
        http_stop(s);
        return gb_fail(err, "cannot start the deadline thread");
    }
    s->deadline_started = 1;
    *out = s;
    return 0;
}

int http_port(const struct http_server *s)
{
    return s->port;
}

void http_stop(struct http_server *s)
{
    if (!s)
        return;
    if (s->deadline_started) {
        pthread_mutex_lock(&s->lock);
        s->stopping = 1;
        pthread_cond_signal(&s->wake);
        pthread_mutex_unlock(&s->lock);
        pthread_join(s->deadline_thread, NULL);
    }
    if (s->daemon)
        MHD_stop_daemon(s->daemon);
    if (s->listen_fd >= 0)
        close(s->listen_fd);
    gb_buf_free(&s->tls_cert);
    if (s->tls_key.data)
        memset(s->tls_key.data, 0, s->tls_key.len);
    gb_buf_free(&s->tls_key);
    pthread_cond_destroy(&s->wake);
    pthread_mutex_destroy(&s->lock);
    free(s);
}
