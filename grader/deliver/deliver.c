/* deliver.c — outbox ⇄ webhook: claim due messages, send, settle, schedule
 * retries (see deliver.h). */
#include "deliver/deliver.h"

#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "deliver/webhook.h"

#define SNIPPET_MAX 160

struct attempt {
    struct webhook_req req;
    struct outbox_settlement settle;
    char error[400];
};

long long deliver_now_ms(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_REALTIME, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

long long deliver_retry_delay_ms(const struct deliver_config *cfg, int attempts, double u)
{
    double d = (double)cfg->retry_base_ms, cap = (double)cfg->retry_max_ms;
    long long ms;

    for (int i = 1; i < attempts && d < cap; i++)
        d *= 2;
    if (d > cap)
        d = cap;
    ms = (long long)(d / 2 + u * d / 2);
    return ms > 0 ? ms : 1;
}

static double jitter_draw(void)
{
    unsigned int r;

    if (getrandom(&r, sizeof r, GRND_NONBLOCK) != (ssize_t)sizeof r)
        r = (unsigned int)deliver_now_ms() ^ ((unsigned int)getpid() << 16);
    return r / 4294967296.0;
}

int deliver_open_outbox(const struct deliver_config *cfg, struct outbox **ob,
                        struct gb_err *err)
{
    return outbox_open(ob, cfg->outbox_path, err);
}

int deliver_enqueue(struct outbox *ob, const struct deliver_config *cfg,
                    const char *result_json, size_t len, char id[PAYLOAD_ID_MAX + 1],
                    struct gb_err *err)
{
    struct payload p;
    int rc;

    if (deliver_config_require_url(cfg, err))
        return -1;
    if (payload_build(result_json, len, cfg->format, cfg->student, cfg->assignment, &p, err))
        return -1;
    rc = outbox_put(ob, p.id, cfg->url, p.content_type, p.body, p.len, deliver_now_ms(), err);
    memcpy(id, p.id, sizeof p.id);
    payload_free(&p);
    return rc;
}

/* A response body is the receiver's text: show a printable, bounded piece. */
static const char *snippet(const struct gb_buf *b, char *out, size_t size)
{
    size_t n = 0;

    for (size_t i = 0; b->data && i < b->len && n + 4 < size && n < SNIPPET_MAX; i++) {
        unsigned char c = (unsigned char)b->data[i];
        out[n++] = (c >= 0x20 && c < 0x7f) ? (char)c : ' ';
    }
    while (n && out[n - 1] == ' ')
        n--;
    out[n] = '\0';
    return out;
}

static void format_delay(long long ms, char *out, size_t size)
{
    if (ms < 1000)
        snprintf(out, size, "%lldms", ms);
    else if (ms < 10000)
        snprintf(out, size, "%.1fs", ms / 1000.0);
    else if (ms < 120000)
        snprintf(out, size, "%llds", ms / 1000);
    else
        snprintf(out, size, "%lldmin", ms / 60000);
}

/* Decides a message's fate from its answer and writes one log line about it. */
static void decide(const struct deliver_config *cfg, const struct outbox_msg *m,
                   struct attempt *a, long long now, struct deliver_stats *st, FILE *log)
{
    const struct webhook_req *r = &a->req;
    struct outbox_settlement *s = &a->settle;
    char snip[SNIPPET_MAX + 8], delay[32], url[DELIVER_URL_MAX];
    int tries = m->attempts + 1;

    *s = (struct outbox_settlement){ .id = m->id, .url = m->url, .status = r->status,
                                     .next_attempt_ms = now, .error = a->error,
                                     .response = r->response.data };
    snprintf(a->error, sizeof a->error, "%s", r->error);
    snippet(&r->response, snip, sizeof snip);
    deliver_url_redacted(m->url, url, sizeof url);
    st->attempted++;
    if (r->outcome == WEBHOOK_DELIVERED) {
        s->fate = OUTBOX_DELIVERED;
        st->delivered++;
        if (log)
            fprintf(log, "delivered %s to %s (HTTP %ld)\n", m->id, url, r->status);
    } else if (r->outcome == WEBHOOK_GONE) {
        s->fate = OUTBOX_ENDPOINT_GONE;
        snprintf(a->error, sizeof a->error, "HTTP 410 Gone: endpoint disabled");
        st->gone++;
        if (log)
            fprintf(log, "endpoint %s answered 410 Gone and is now disabled; %s stays queued "
                    "(`grader outbox retry %s` re-enables it)\n", url, m->id, m->id);
    } else if (r->outcome == WEBHOOK_PERMANENT || tries >= cfg->max_attempts) {
        s->fate = OUTBOX_GIVE_UP;
        if (r->outcome == WEBHOOK_RETRY)
            snprintf(a->error, sizeof a->error, "%s; gave up after %d attempts", r->error,
                     tries);
        st->failed++;
        if (log)
            fprintf(log, "failed %s to %s: %s%s%s; kept in the outbox "
                    "(`grader outbox retry %s` sends it again)\n", m->id, url, a->error,
                    snip[0] ? ": " : "", snip, m->id);
    } else {
        s->fate = OUTBOX_RETRY;
        s->next_attempt_ms = now + deliver_retry_delay_ms(cfg, tries, jitter_draw());
        format_delay(s->next_attempt_ms - now, delay, sizeof delay);
        st->retrying++;
        if (log)
            fprintf(log, "not delivered %s to %s: %s; attempt %d of %d, next in %s\n",
                    m->id, url, r->error, tries, cfg->max_attempts, delay);
    }
}

/* A batch in flight: on_batch_done() settles what finished in each round,
 * so a crash re-sends at most the transfers that were in flight. */
struct batch {
    struct outbox *ob;
    const struct deliver_config *cfg;
    const struct outbox_msg *msgs;
    struct webhook_req *reqs;
    struct attempt *a;
    struct outbox_settlement *sets;
    struct deliver_stats *st;
    FILE *log;
    size_t answered;              /* got any HTTP answer at all */
};

static int on_batch_done(void *ctx, struct webhook_req *const *done, size_t n,
                         struct gb_err *err)
{
    struct batch *b = ctx;
    long long now = deliver_now_ms();

    for (size_t k = 0; k < n; k++) {
        size_t i = (size_t)(done[k] - b->reqs);
        b->answered += done[k]->status != 0;
        b->a[i].req = *done[k];
        decide(b->cfg, &b->msgs[i], &b->a[i], now, b->st, b->log);
        b->sets[k] = b->a[i].settle;
    }
    return outbox_settle(b->ob, b->sets, n, err);
}

/* *unreachable: not one request of the batch got an HTTP answer. */
static int send_batch(struct outbox *ob, const struct deliver_config *cfg,
                      const struct outbox_msg *msgs, size_t n, struct deliver_stats *st,
                      FILE *log, int *unreachable, struct gb_err *err)
{
    struct batch b = { ob, cfg, msgs, calloc(n, sizeof *b.reqs), calloc(n, sizeof *b.a),
                       calloc(n, sizeof *b.sets), st, log, 0 };
    struct webhook_opts opts = { cfg->connect_timeout_ms, cfg->timeout_ms,
                                 cfg->max_connections, cfg->ca_file, &cfg->key,
                                 on_batch_done, &b };
    int rc = -1;

    if (!b.reqs || !b.a || !b.sets) {
        gb_fail(err, "out of memory sending %zu webhooks", n);
        goto out;
    }
    for (size_t i = 0; i < n; i++)
        b.reqs[i] = (struct webhook_req){ .url = msgs[i].url, .id = msgs[i].id,
                                          .content_type = msgs[i].content_type,
                                          .body = msgs[i].body, .body_len = msgs[i].body_len };
    rc = webhook_send(&opts, b.reqs, n, err);
    *unreachable = b.answered == 0;
out:
    for (size_t i = 0; b.reqs && i < n; i++)
        gb_buf_free(&b.reqs[i].response);
    free(b.a);
    free(b.reqs);
    free(b.sets);
    return rc;
}

/* One pass: everything due at its start is sent once; retries scheduled
 * during the pass are due later and wait for the next one.  The first batch
 * is one wave of max_connections: if none of it gets any HTTP answer (LMS
 * down or unreachable), the pass stops (*stalled) rather than spending a
 * timeout on every queued message; the rest stay due, unattempted. */
static int flush_pass(struct outbox *ob, const struct deliver_config *cfg, const char *only_id,
                      int *stalled, struct deliver_stats *st, FILE *log, struct gb_err *err)
{
    size_t batch = (size_t)cfg->max_connections, n;
    /* A batch runs in at most eight waves of max_connections transfers. */
    long long lease = 9 * (cfg->connect_timeout_ms + cfg->timeout_ms) + 60000;
    long long start = deliver_now_ms();
    struct outbox_msg *msgs;
    int rc, unreachable;

    *stalled = 0;
    for (int first = 1;; first = 0) {
        if (outbox_claim_due(ob, start, lease, batch, only_id, &msgs, &n, err))
            return -1;
        if (n == 0)
            return 0;
        rc = send_batch(ob, cfg, msgs, n, st, log, &unreachable, err);
        outbox_msgs_free(msgs, n);
        if (rc)
            return -1;
        if (first && unreachable && n == batch) {
            *stalled = 1;
            if (log)
                fprintf(log, "no answer from the first %zu deliveries: leaving the rest "
                        "of the due messages for a later flush\n", n);
            return 0;
        }
        batch = (size_t)cfg->max_connections * 8;
    }
}

static void sleep_ms(long long ms)
{
    struct timespec ts = { (time_t)(ms / 1000), (long)(ms % 1000) * 1000000L };

    while (nanosleep(&ts, &ts) < 0)
        ;
}

int deliver_flush(struct outbox *ob, const struct deliver_config *cfg, const char *only_id,
                  long long wait_until_ms, struct deliver_stats *st, FILE *log,
                  struct gb_err *err)
{
    long long when, now;
    int any, stalled;

    memset(st, 0, sizeof *st);
    for (;;) {
        if (flush_pass(ob, cfg, only_id, &stalled, st, log, err))
            return -1;
        now = deliver_now_ms();
        if (only_id || wait_until_ms <= now)
            return 0;
        if (outbox_next_due(ob, &when, &any, err))
            return -1;
        if (!any || when > wait_until_ms)
            return 0;
        /* After a stall the skipped messages are due already: pause anyway. */
        if (stalled && when < now + cfg->retry_base_ms)
            when = now + cfg->retry_base_ms;
        if (when > now)
            sleep_ms((when < wait_until_ms ? when : wait_until_ms) - now);
    }
}

static int is_listed(const struct outbox_msg *m, const char *url,
                     char (*ids)[PAYLOAD_ID_MAX + 1], size_t n_ids)
{
    if (!ids)
        return 1;
    if (strcmp(m->url, url))
        return 0;
    for (size_t i = 0; i < n_ids; i++)
        if (!strcmp(m->id, ids[i]))
            return 1;
    return 0;
}

int deliver_count_left(struct outbox *ob, const char *url, char (*ids)[PAYLOAD_ID_MAX + 1],
                       size_t n_ids, size_t *pending, size_t *failed, struct gb_err *err)
{
    struct outbox_msg *m;
    size_t n;

    long long now = deliver_now_ms();

    *pending = *failed = 0;
    if (outbox_list(ob, &m, &n, err))
        return -1;
    for (size_t i = 0; i < n; i++)
        if (is_listed(&m[i], url, ids, n_ids) && !outbox_msg_in_flight_elsewhere(&m[i], now))
            (*(m[i].state == OUTBOX_FAILED ? failed : pending))++;
    outbox_msgs_free(m, n);
    return 0;
}

int deliver_result(struct deliver_config *cfg, const char *result_json, size_t len,
                   int *delivered, struct gb_err *err)
{
    char id[1][PAYLOAD_ID_MAX + 1];
    struct deliver_stats st;
    struct outbox *ob;
    size_t pending, failed;
    int rc;

    *delivered = 0;
    if (deliver_config_require_url(cfg, err) || deliver_config_load_secret(cfg, err) ||
        deliver_open_outbox(cfg, &ob, err))
        return -1;
    rc = deliver_enqueue(ob, cfg, result_json, len, id[0], err);
    if (rc == 0)
        rc = deliver_flush(ob, cfg, NULL, 0, &st, stderr, err);
    if (rc == 0)
        rc = deliver_count_left(ob, cfg->url, id, 1, &pending, &failed, err);
    if (rc == 0)
        *delivered = pending + failed == 0;
    outbox_close(ob);
    return rc;
}

int deliver_post(const char *url, const char *result_json, size_t len, int *delivered,
                 struct gb_err *err)
{
    struct deliver_config cfg;
    int rc;

    *delivered = 0;
    rc = deliver_config_load(&cfg, NULL, err);
    if (rc == 0 && url)
        rc = deliver_config_set(&cfg, "url", url, "--post", err);
    if (rc == 0)
        rc = deliver_result(&cfg, result_json, len, delivered, err);
    deliver_config_free(&cfg);
    return rc;
}
