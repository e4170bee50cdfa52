/* bench_webhook.c — deliveries per second to a loopback receiver.
 *
 * A forked single-threaded epoll receiver on 127.0.0.1 answers every POST
 * with 200 at once (keep-alive), so the grader side is what is measured.
 * Three runs of the same N signed deliveries:
 *   flush      the real path: outbox (SQLite) -> curl multi -> settle
 *   multi      the transport alone: webhook_send() with the same concurrency
 *   peer       sequential, one fresh curl easy handle per request
 * Prints deliveries/s for each and the ratios against the peer.  Exits 1
 * when the real path is below the 1000/s target or a delivery is missing.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <curl/curl.h>

#include "deliver/deliver.h"
#include "deliver/webhook.h"

#define N_DELIVERIES 3000
#define CONCURRENCY 16
#define TARGET_PER_S 1000.0
#define CONN_BUF 65536

/* ---- receiver (child process) ---- */

struct conn {
    int fd;
    size_t len;
    char buf[CONN_BUF];
};

static volatile sig_atomic_t receiver_stop;
static void on_term(int sig) { (void)sig; receiver_stop = 1; }

/* Answers every complete request in c->buf; returns the number answered. */
static long serve_requests(struct conn *c)
{
    static const char ok[] = "HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n";
    long served = 0;

    for (;;) {
        char *end = memmem(c->buf, c->len, "\r\n\r\n", 4), *cl;
        size_t head, body = 0, total;
        if (!end)
            return served;
        head = (size_t)(end - c->buf) + 4;
        c->buf[head - 1] = '\0';
        cl = strcasestr(c->buf, "content-length:");
        if (cl)
            body = strtoul(cl + 15, NULL, 10);
        total = head + body;
        if (total > c->len) {
            c->buf[head - 1] = '\n';
            return served;
        }
        if (write(c->fd, ok, sizeof ok - 1) < 0)
            return served;
        memmove(c->buf, c->buf + total, c->len - total);
        c->len -= total;
        served++;
    }
}

static void accept_all(int lfd, int ep)
{
    for (;;) {
        int fd = accept4(lfd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
        struct conn *c;
        struct epoll_event ev = { .events = EPOLLIN };
        if (fd < 0)
            return;
        c = calloc(1, sizeof *c);
        if (!c) {
            close(fd);
            continue;
        }
        c->fd = fd;
        ev.data.ptr = c;
        epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev);
    }
}

static void on_readable(struct conn *c, long *count)
{
    for (;;) {
        ssize_t n = read(c->fd, c->buf + c->len, CONN_BUF - c->len);
        if (n > 0) {
            c->len += (size_t)n;
            *count += serve_requests(c);
            if (c->len == CONN_BUF)
                c->len = 0;       /* oversized request: drop it */
            continue;
        }
        if (n < 0 && (errno == EAGAIN || errno == EINTR))
            return;
        close(c->fd);
        free(c);
        return;
    }
}

static void receiver_loop(int lfd, int report_fd)
{
    struct epoll_event ev = { .events = EPOLLIN, .data.ptr = NULL }, evs[64];
    int ep = epoll_create1(EPOLL_CLOEXEC);
    long count = 0;

    signal(SIGTERM, on_term);
    epoll_ctl(ep, EPOLL_CTL_ADD, lfd, &ev);
    while (!receiver_stop) {
        int n = epoll_wait(ep, evs, 64, 200);
        for (int i = 0; i < n; i++) {
            if (!evs[i].data.ptr)
                accept_all(lfd, ep);
            else
                on_readable(evs[i].data.ptr, &count);
        }
    }
    if (write(report_fd, &count, sizeof count) != (ssize_t)sizeof count)
        _exit(1);
    _exit(0);
}

/* Forks the receiver; returns its pid and port, and the pipe it reports on. */
static pid_t start_receiver(int *port, int *report_fd)
{
    struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
    socklen_t alen = sizeof a;
    int lfd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0), p[2];
    pid_t pid;

    if (lfd < 0 || bind(lfd, (struct sockaddr *)&a, sizeof a) || listen(lfd, 512) ||
        getsockname(lfd, (struct sockaddr *)&a, &alen) || pipe(p))
        return -1;
    *port = ntohs(a.sin_port);
    pid = fork();
    if (pid == 0) {
        close(p[0]);
        receiver_loop(lfd, p[1]);
    }
    close(lfd);
    close(p[1]);
    *report_fd = p[0];
    return pid;
}

static long receiver_count(pid_t pid, int report_fd)
{
    long count = -1;
    int status;

    kill(pid, SIGTERM);
    if (read(report_fd, &count, sizeof count) != (ssize_t)sizeof count)
        count = -1;
    waitpid(pid, &status, 0);
    close(report_fd);
    return count;
}

/* ---- client side ---- */

static double now_s(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Result i: student s<i>, ten one-point checks of which the first i % 11 pass. */
static int make_payloads(struct payload *p, size_t n, struct gb_err *err)
{
    struct payload_opts po = { PAYLOAD_GRADEBOX, NULL, NULL, NULL, NULL, 0 };
    char json[4096];

    for (size_t i = 0; i < n; i++) {
        size_t pass = i % 11;
        int len = snprintf(json, sizeof json,
                           "{\"schema\":\"gradebox.result/1\",\"result_id\":\"%016zx\","
                           "\"student\":\"s%zu\",\"assignment\":\"hw3\",\"exercise\":"
                           "\"attention_by_hand\",\"score\":%zu,\"max_score\":10,"
                           "\"graded_at\":\"2026-12-02T13:00:00Z\",\"checks\":[",
                           i + 1, i, pass);
        for (size_t c = 0; c < 10; c++)
            len += snprintf(json + len, sizeof json - (size_t)len,
                            "%s{\"id\":\"c%zu\",\"verdict\":\"%s\",\"points\":%d,"
                            "\"max_points\":1}", c ? "," : "", c, c < pass ? "pass" : "fail",
                            c < pass);
        len += snprintf(json + len, sizeof json - (size_t)len, "]}");
        if (payload_build(json, (size_t)len, &po, &p[i], err))
            return -1;
    }
    return 0;
}

/* The real path: queue everything, then time one flush of the outbox. */
static double run_flush(struct deliver_config *cfg, const struct payload *p, size_t n,
                        double *enqueue_per_s, struct gb_err *err)
{
    struct deliver_stats st;
    struct outbox *ob;
    double t0, t1, t2;

    unlink(cfg->outbox_path);
    if (deliver_open_outbox(cfg, &ob, err))
        return -1;
    t0 = now_s();
    for (size_t i = 0; i < n; i++)
        if (outbox_put(ob, p[i].id, cfg->url, p[i].content_type, p[i].body, p[i].len,
                       deliver_now_ms(), err))
            return -1;
    t1 = now_s();
    if (deliver_flush(ob, cfg, NULL, 0, &st, NULL, err))
        return -1;
    t2 = now_s();
    outbox_close(ob);
    *enqueue_per_s = n / (t1 - t0);
    if (st.delivered != n)
        return gb_fail(err, "flush delivered %zu of %zu", st.delivered, n);
    return t2 - t1;
}

static void fill_reqs(struct webhook_req *r, const struct payload *p, size_t n, const char *url)
{
    for (size_t i = 0; i < n; i++)
        r[i] = (struct webhook_req){ .url = url, .id = p[i].id,
                                     .content_type = p[i].content_type,
                                     .body = p[i].body, .body_len = p[i].len };
}

static double run_multi_only(const struct deliver_config *cfg, const struct payload *p,
                             size_t n, struct gb_err *err)
{
    struct webhook_opts o = { cfg->connect_timeout_ms, cfg->timeout_ms, cfg->max_connections,
                              NULL, &cfg->key, NULL, NULL };
    struct webhook_req *r = calloc(n, sizeof *r);
    double t0, t1;
    size_t ok = 0;

    if (!r)
        return gb_fail(err, "out of memory");
    fill_reqs(r, p, n, cfg->url);
    t0 = now_s();
    if (webhook_send(&o, r, n, err)) {
        free(r);
        return -1;
    }
    t1 = now_s();
    for (size_t i = 0; i < n; i++) {
        ok += r[i].outcome == WEBHOOK_DELIVERED;
        gb_buf_free(&r[i].response);
    }
    free(r);
    if (ok != n)
        return gb_fail(err, "curl multi delivered %zu of %zu", ok, n);
    return t1 - t0;
}

/* The peer: what a straightforward client does — curl_easy_perform() with a
 * fresh easy handle (so a fresh connection) per request, signed the same way. */
static int peer_one(const struct deliver_config *cfg, const struct payload *p,
                    struct gb_err *err)
{
    char sig[SIGN_SIGNATURE_MAX], h_id[160], h_ts[64], h_sig[96];
    long long ts = (long long)time(NULL);
    struct curl_slist *hs = NULL, *l;
    long status = 0;
    CURLcode rc;
    CURL *e;

    if (sign_message(&cfg->key, p->id, ts, p->body, p->len, sig, err))
        return -1;
    snprintf(h_id, sizeof h_id, "webhook-id: %s", p->id);
    snprintf(h_ts, sizeof h_ts, "webhook-timestamp: %lld", ts);
    snprintf(h_sig, sizeof h_sig, "webhook-signature: %s", sig);
    const char *lines[] = { "content-type: application/json", h_id, h_ts, h_sig, "expect:" };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        if (!(l = curl_slist_append(hs, lines[i]))) {
            curl_slist_free_all(hs);
            return gb_fail(err, "out of memory");
        }
        hs = l;
    }
    e = curl_easy_init();
    if (!e) {
        curl_slist_free_all(hs);
        return gb_fail(err, "curl_easy_init failed");
    }
    curl_easy_setopt(e, CURLOPT_URL, cfg->url);
    curl_easy_setopt(e, CURLOPT_POSTFIELDS, p->body);
    curl_easy_setopt(e, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)p->len);
    curl_easy_setopt(e, CURLOPT_HTTPHEADER, hs);
    curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(e, CURLOPT_TIMEOUT_MS, cfg->timeout_ms);
    rc = curl_easy_perform(e);
    curl_easy_getinfo(e, CURLINFO_RESPONSE_CODE, &status);
    curl_easy_cleanup(e);
    curl_slist_free_all(hs);
    if (rc != CURLE_OK || status != 200)
        return gb_fail(err, "peer: %s (HTTP %ld)", curl_easy_strerror(rc), status);
    return 0;
}

static double run_peer(const struct deliver_config *cfg, const struct payload *p, size_t n,
                       struct gb_err *err)
{
    double t0 = now_s();

    for (size_t i = 0; i < n; i++)
        if (peer_one(cfg, &p[i], err))
            return -1;
    return now_s() - t0;
}

enum phase { FLUSH, MULTI, PEER, N_PHASES };

/* Runs one phase against a fresh receiver and checks it saw every delivery. */
static double measure(enum phase ph, struct deliver_config *cfg, const struct payload *p,
                      size_t n, double *enqueue_per_s, struct gb_err *err)
{
    char url[64];
    int port, report;
    pid_t pid = start_receiver(&port, &report);
    double secs;
    long seen;

    if (pid < 0)
        return gb_fail_errno(err, "cannot start the loopback receiver");
    snprintf(url, sizeof url, "http://127.0.0.1:%d/hook", port);
    free(cfg->url);
    cfg->url = strdup(url);
    if (!cfg->url)
        secs = gb_fail(err, "out of memory");
    else if (ph == FLUSH)
        secs = run_flush(cfg, p, n, enqueue_per_s, err);
    else if (ph == MULTI)
        secs = run_multi_only(cfg, p, n, err);
    else
        secs = run_peer(cfg, p, n, err);
    seen = receiver_count(pid, report);
    if (secs > 0 && seen != (long)n)
        return gb_fail(err, "receiver saw %ld of %zu deliveries", seen, n);
    return secs;
}

static int setup_config(struct deliver_config *cfg, char *dir, struct gb_err *err)
{
    static const char secret[] = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    char path[128];

    memset(cfg, 0, sizeof *cfg);
    cfg->format = PAYLOAD_GRADEBOX;
    cfg->connect_timeout_ms = 5000;
    cfg->timeout_ms = 10000;
    cfg->max_connections = CONCURRENCY;
    cfg->retry_base_ms = 1000;
    cfg->retry_max_ms = 1000;
    cfg->max_attempts = 1;
    if (!mkdtemp(dir))
        return gb_fail_errno(err, "cannot create a temporary directory");
    snprintf(path, sizeof path, "%s/outbox.sqlite", dir);
    if (!(cfg->outbox_path = strdup(path)))
        return gb_fail(err, "out of memory");
    return sign_key_parse(&cfg->key, secret, sizeof secret - 1, "bench", err);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void cleanup_dir(const char *dir, const char *outbox)
{
    char extra[160];

    unlink(outbox);
    snprintf(extra, sizeof extra, "%s-wal", outbox);
    unlink(extra);
    snprintf(extra, sizeof extra, "%s-shm", outbox);
    unlink(extra);
    rmdir(dir);
}

int main(void)
{
    static const char *names[N_PHASES] = { "outbox flush (curl multi)", "curl multi only",
                                           "peer: sequential easy handles" };
    enum { ROUNDS = 3 };
    char dir[] = "/tmp/gbbenchXXXXXX";
    double rate[N_PHASES][ROUNDS], med[N_PHASES], enq[ROUNDS], enq_rate = 0;
    struct payload *p = calloc(N_DELIVERIES, sizeof *p);
    struct deliver_config cfg;
    struct gb_err err;
    int rc = 0;

    if (!p || setup_config(&cfg, dir, &err) || make_payloads(p, N_DELIVERIES, &err)) {
        fprintf(stderr, "bench_webhook: %s\n", p ? err.msg : "out of memory");
        return 1;
    }
    for (int r = 0; rc == 0 && r < ROUNDS; r++)
        for (int ph = 0; rc == 0 && ph < N_PHASES; ph++) {
            double s = measure((enum phase)ph, &cfg, p, N_DELIVERIES, &enq[r], &err);
            if (s <= 0)
                rc = 1;
            else
                rate[ph][r] = N_DELIVERIES / s;
        }
    if (rc) {
        fprintf(stderr, "bench_webhook: %s\n", err.msg);
    } else {
        for (int ph = 0; ph < N_PHASES; ph++) {
            qsort(rate[ph], ROUNDS, sizeof rate[ph][0], cmp_double);
            med[ph] = rate[ph][ROUNDS / 2];
        }
        qsort(enq, ROUNDS, sizeof enq[0], cmp_double);
        enq_rate = enq[ROUNDS / 2];
        printf("bench_webhook: %d signed deliveries to a loopback epoll receiver, "
               "%d connections, median of %d rounds\n", N_DELIVERIES, CONCURRENCY, ROUNDS);
        for (int ph = 0; ph < N_PHASES; ph++)
            printf("  %-32s %8.0f deliveries/s\n", names[ph], med[ph]);
        printf("  %-32s %8.0f results/s (one fsynced transaction each)\n",
               "outbox enqueue", enq_rate);
        printf("  ratio outbox flush / peer: %.2fx   curl multi / peer: %.2fx\n",
               med[FLUSH] / med[PEER], med[MULTI] / med[PEER]);
        printf("  target >= %.0f deliveries/s through the outbox: %s\n", TARGET_PER_S,
               med[FLUSH] >= TARGET_PER_S ? "met" : "NOT met");
        rc = med[FLUSH] >= TARGET_PER_S ? 0 : 1;
    }
    for (size_t i = 0; i < N_DELIVERIES; i++)
        payload_free(&p[i]);
    free(p);
    cleanup_dir(dir, cfg.outbox_path);
    deliver_config_free(&cfg);
    curl_global_cleanup();
    return rc;
}
