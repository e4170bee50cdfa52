/* deliver.c — outbox ⇄ LMS: claim due messages, send (webhooks as they are,
 * LTI scores once lti_deliver.c has found their user, token and line item),
 * settle, schedule retries (see deliver.h). */
#include "deliver/deliver.h"

#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "deliver/lti_deliver.h"
#include "deliver/lti_token.h"
#include "deliver/webhook.h"

#define SNIPPET_MAX 160

/* One message of a batch on its way: its request, and for an LTI score the
 * strings the request points into. */
struct attempt {
    const struct outbox_msg *m;
    struct webhook_req *req;      /* in a send array, or own when settled unsent */
    struct webhook_req own;
    struct lti_prepared lti;
    int reauthorized;             /* an LTI 401 already brought a fresh token */
    struct outbox_settlement settle;
    char error[GB_ERR_MAX + 64];
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

/* The LTI client of this configuration, opened (the tool's key loaded) on
 * first use and kept with it, so that its access token is reused. */
static int lti_client_of(struct deliver_config *cfg, struct lti_client **c, struct gb_err *err)
{
    struct http_opts h = { cfg->connect_timeout_ms, cfg->timeout_ms, cfg->ca_file };

    if (!cfg->lti_client) {
        struct lti_client *nc = malloc(sizeof *nc);
        if (!nc)
            return gb_fail(err, "out of memory");
        if (lti_client_open(nc, &cfg->lti, &h, err)) {
            free(nc);
            return -1;
        }
        cfg->lti_client = nc;
    }
    *c = cfg->lti_client;
    return 0;
}

int deliver_check_destination(struct deliver_config *cfg, struct gb_err *err)
{
    struct lti_client *c;

    if (deliver_config_require_url(cfg, err) || deliver_config_load_verifier(cfg, err))
        return -1;
    if (cfg->format != PAYLOAD_LTI)
        return deliver_config_load_secret(cfg, err);
    return lti_platform_check(&cfg->lti, 1, err) || lti_client_of(cfg, &c, err) ? -1 : 0;
}

int deliver_enqueue(struct outbox *ob, struct deliver_config *cfg, const char *result_json,
                    size_t len, char id[PAYLOAD_ID_MAX + 1], struct outbox_put_info *info,
                    struct gb_err *err)
{
    struct payload_opts po = { cfg->format, cfg->student, cfg->assignment, NULL,
                               cfg->lti.lineitem, cfg->allow_unsigned };
    struct outbox_item it;
    struct payload p;
    int rc;

    if (deliver_check_destination(cfg, err))
        return -1;
    po.verify = cfg->verifier;
    if (payload_build(result_json, len, &po, &p, err))
        return -1;
    it = (struct outbox_item){ p.id, deliver_config_destination(cfg), p.content_type, p.body,
                               p.len, p.format == PAYLOAD_LTI ? OUTBOX_LTI : OUTBOX_WEBHOOK,
                               p.key, p.revision_ms };
    rc = outbox_put_item(ob, &it, deliver_now_ms(), info, err);
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

/* The delay before the next attempt: the schedule's, or the receiver's
 * Retry-After when that is longer (capped like the schedule). */
static long long next_delay(const struct deliver_config *cfg, const struct webhook_req *r,
                            int tries)
{
    long long ms = deliver_retry_delay_ms(cfg, tries, jitter_draw());
    long long asked = r->retry_after_s > 0 ? (long long)r->retry_after_s * 1000 : 0;

    if (asked > cfg->retry_max_ms)
        asked = cfg->retry_max_ms;
    return asked > ms ? asked : ms;
}

/* Decides a message's fate from its answer and writes one log line about it. */
static void decide(const struct deliver_config *cfg, struct attempt *a, long long now,
                   struct deliver_stats *st, FILE *log)
{
    const struct outbox_msg *m = a->m;
    const struct webhook_req *r = a->req;
    struct outbox_settlement *s = &a->settle;
    char snip[SNIPPET_MAX + 8], delay[32], url[DELIVER_URL_MAX];
    int tries = m->attempts + 1;

    *s = (struct outbox_settlement){ .id = m->id, .url = m->url, .status = r->status,
                                     .next_attempt_ms = now, .error = a->error,
                                     .response = r->response.data };
    if (!a->error[0])
        snprintf(a->error, sizeof a->error, "%s", r->error);
    snippet(&r->response, snip, sizeof snip);
    deliver_url_redacted(r->url ? r->url : m->url, url, sizeof url);
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
            snprintf(a->error + strlen(a->error), sizeof a->error - strlen(a->error),
                     "; gave up after %d attempts", tries);
        st->failed++;
        if (log)
            fprintf(log, "failed %s to %s: %s%s%s; kept in the outbox "
                    "(`grader outbox retry %s` sends it again)\n", m->id, url, a->error,
                    snip[0] ? ": " : "", snip, m->id);
    } else {
        s->fate = OUTBOX_RETRY;
        s->next_attempt_ms = now + next_delay(cfg, r, tries);
        format_delay(s->next_attempt_ms - now, delay, sizeof delay);
        st->retrying++;
        if (log)
            fprintf(log, "not delivered %s to %s: %s; attempt %d of %d, next in %s\n",
                    m->id, url, a->error, tries, cfg->max_attempts, delay);
    }
}

/* A batch in flight: on_batch_done() settles what finished in each round,
 * so a crash re-sends at most the transfers that were in flight. */
struct batch {
    struct outbox *ob;
    struct deliver_config *cfg;
    struct attempt *a;
    size_t n;
    struct lti_flush *lti;            /* NULL until the batch meets an LTI score */
    struct attempt **again;           /* LTI 401s, to send once more with a new token */
    size_t n_again;
    struct outbox_settlement *sets;
    struct deliver_stats *st;
    FILE *log;
    size_t answered;                  /* decided by an answer, not by silence */
};

/* An LTI answer that is not the message's fate yet: a 401 (once: a fresh
 * token and a second try) or a 404 (the line item is gone: look it up again
 * next time).  Returns 1 when the attempt waits for the second try. */
static int lti_second_look(struct batch *b, struct attempt *a)
{
    struct gb_err err;

    if (a->m->kind != OUTBOX_LTI)
        return 0;
    if (a->req->status == 401 && !a->reauthorized) {
        b->again[b->n_again++] = a;
        return 1;
    }
    if (a->req->status == 401)
        snprintf(a->error, sizeof a->error, "HTTP 401 with a fresh access token: does the "
                 "tool still have the score scope in the LMS?");
    if (a->req->status == 404) {
        if (lti_flush_forget_lineitem(b->lti, a->m, &err))
            snprintf(a->error, sizeof a->error, "%s", err.msg);
        else
            snprintf(a->error, sizeof a->error, "HTTP 404 from the line item's scores URL: "
                     "the line item is looked up again on the next attempt");
        a->req->outcome = WEBHOOK_RETRY;
    }
    return 0;
}

static int settle_attempts(struct batch *b, struct attempt **done, size_t n, struct gb_err *err)
{
    long long now = deliver_now_ms();
    size_t k = 0;

    for (size_t i = 0; i < n; i++) {
        struct attempt *a = done[i];
        if (lti_second_look(b, a))
            continue;
        b->answered += a->req->status != 0 || a->req->outcome != WEBHOOK_RETRY;
        decide(b->cfg, a, now, b->st, b->log);
        b->sets[k++] = a->settle;
    }
    return outbox_settle(b->ob, b->sets, k, err);
}

static int on_batch_done(void *ctx, struct webhook_req *const *done, size_t n,
                         struct gb_err *err)
{
    struct batch *b = ctx;
    struct attempt **as = malloc((n ? n : 1) * sizeof *as);
    int rc;

    if (!as)
        return gb_fail(err, "out of memory settling deliveries");
    for (size_t k = 0; k < n; k++) {
        as[k] = done[k]->ctx;
        as[k]->req = done[k];
    }
    rc = settle_attempts(b, as, n, err);
    free(as);
    return rc;
}

/* Settled without a request: why it cannot be sent now, as if answered. */
static void settle_unsent(struct attempt *a, enum lti_fail fail, const char *why)
{
    a->own = (struct webhook_req){ .url = a->m->url, .id = a->m->id, .retry_after_s = -1,
                                   .outcome = fail == LTI_TEMPORARY ? WEBHOOK_RETRY
                                                                    : WEBHOOK_PERMANENT };
    snprintf(a->error, sizeof a->error, "%s", why);
    a->req = &a->own;
}

static struct webhook_req request_of(struct attempt *a)
{
    const struct outbox_msg *m = a->m;

    if (m->kind != OUTBOX_LTI)
        return (struct webhook_req){ .url = m->url, .id = m->id, .content_type = m->content_type,
                                     .body = m->body, .body_len = m->body_len, .ctx = a };
    return (struct webhook_req){ .url = a->lti.url, .id = m->id, .content_type = m->content_type,
                                 .body = a->lti.body, .body_len = a->lti.body_len,
                                 .authorization = a->lti.authorization, .ctx = a };
}

/* Every message of the batch either goes into send[] or is settled unsent
 * (early[]).  Credentials are loaded for the kinds the batch holds. */
static int prepare_batch(struct batch *b, const struct outbox_msg *msgs, struct webhook_req *send,
                         size_t *n_send, struct attempt **early, size_t *n_early,
                         struct gb_err *err)
{
    struct lti_client *c;
    enum lti_prep prep;
    enum lti_fail fail;
    struct gb_err why;

    for (size_t i = 0; i < b->n; i++) {
        struct attempt *a = &b->a[i];
        a->m = &msgs[i];
        if (a->m->kind == OUTBOX_LTI) {
            if (!b->lti && (lti_client_of(b->cfg, &c, err)
                            || lti_flush_open(&b->lti, c, b->ob, b->cfg->outbox_path, b->log, err)))
                return -1;
            lti_flush_prepare(b->lti, a->m, &a->lti, &prep, &fail, &why);
            if (prep == LTI_SETTLED) {
                settle_unsent(a, fail, why.msg);
                early[(*n_early)++] = a;
                continue;
            }
        } else if (deliver_config_load_secret(b->cfg, err)) {
            return -1;
        }
        send[*n_send] = request_of(a);
        a->req = &send[(*n_send)++];
    }
    return 0;
}

/* The LTI scores a 401 stopped: one new token, one more try each. */
static int send_again(struct batch *b, const struct webhook_opts *opts, struct webhook_req *send,
                      struct gb_err *err)
{
    struct attempt **again = b->again;
    size_t n = b->n_again;
    enum lti_fail fail;
    struct gb_err why;

    b->n_again = 0;
    if (lti_flush_reauthorize(b->lti, &again[0]->lti, &fail, &why)) {
        for (size_t i = 0; i < n; i++)
            settle_unsent(again[i], fail, why.msg);
        return settle_attempts(b, again, n, err);
    }
    for (size_t i = 0; i < n; i++) {
        struct attempt *a = again[i];
        a->reauthorized = 1;
        if (i > 0) {
            free(a->lti.authorization);
            if (!(a->lti.authorization = strdup(again[0]->lti.authorization)))
                return gb_fail(err, "out of memory");
        }
        send[i] = request_of(a);
        a->req = &send[i];
    }
    return webhook_send(opts, send, n, err);
}

static void free_requests(struct webhook_req *reqs, size_t n)
{
    for (size_t i = 0; reqs && i < n; i++)
        gb_buf_free(&reqs[i].response);
}

/* *unreachable: nothing in the batch was decided by an answer. */
static int send_batch(struct outbox *ob, struct deliver_config *cfg, struct lti_flush **lti,
                      const struct outbox_msg *msgs, size_t n, struct deliver_stats *st,
                      FILE *log, int *unreachable, struct gb_err *err)
{
    struct batch b = { ob, cfg, calloc(n, sizeof *b.a), n, *lti, calloc(n, sizeof *b.again), 0,
                       calloc(n, sizeof *b.sets), st, log, 0 };
    struct webhook_req *send = calloc(n, sizeof *send), *send2 = calloc(n, sizeof *send2);
    struct attempt **early = calloc(n, sizeof *early);
    struct webhook_opts opts = { cfg->connect_timeout_ms, cfg->timeout_ms,
                                 cfg->max_connections, cfg->ca_file, &cfg->key,
                                 on_batch_done, &b };
    size_t n_send = 0, n_early = 0, n_send2 = 0;
    int rc = -1;

    if (!b.a || !b.again || !b.sets || !send || !send2 || !early)
        gb_fail(err, "out of memory sending %zu messages", n);
    else if (prepare_batch(&b, msgs, send, &n_send, early, &n_early, err) == 0
             && settle_attempts(&b, early, n_early, err) == 0
             && webhook_send(&opts, send, n_send, err) == 0) {
        n_send2 = b.n_again;
        rc = n_send2 ? send_again(&b, &opts, send2, err) : 0;
    }
    *unreachable = b.answered == 0;
    free_requests(send, n_send);
    free_requests(send2, n_send2);
    for (size_t i = 0; b.a && i < n; i++)
        lti_prepared_free(&b.a[i].lti);
    *lti = b.lti;                 /* the pass keeps it: one roster per pass */
    free(b.a);
    free(b.again);
    free(b.sets);
    free(send);
    free(send2);
    free(early);
    return rc;
}

/* One pass: everything due at its start is sent once; retries scheduled
 * during the pass are due later and wait for the next one.  The first batch
 * is one wave of max_connections: if none of it gets any HTTP answer (LMS
 * down or unreachable), the pass stops (*stalled) rather than spending a
 * timeout on every queued message; the rest stay due, unattempted. */
static int flush_pass(struct outbox *ob, struct deliver_config *cfg, const char *only_id,
                      int *stalled, struct deliver_stats *st, FILE *log, struct gb_err *err)
{
    size_t batch = (size_t)cfg->max_connections, n;
    /* A batch runs in at most eight waves of max_connections transfers. */
    long long lease = 9 * (cfg->connect_timeout_ms + cfg->timeout_ms) + 60000;
    long long start = deliver_now_ms();
    struct lti_flush *lti = NULL;
    struct outbox_msg *msgs;
    int rc = 0, unreachable;

    *stalled = 0;
    for (int first = 1; rc == 0; first = 0) {
        if (outbox_claim_due(ob, start, lease, batch, only_id, &msgs, &n, err)) {
            rc = -1;
            break;
        }
        if (n == 0)
            break;
        rc = send_batch(ob, cfg, &lti, msgs, n, st, log, &unreachable, err);
        outbox_msgs_free(msgs, n);
        if (rc == 0 && first && unreachable && n == batch) {
            *stalled = 1;
            if (log)
                fprintf(log, "no answer from the first %zu deliveries: leaving the rest "
                        "of the due messages for a later flush\n", n);
            break;
        }
        batch = (size_t)cfg->max_connections * 8;
    }
    lti_flush_close(lti);
    return rc;
}

static void sleep_ms(long long ms)
{
    struct timespec ts = { (time_t)(ms / 1000), (long)(ms % 1000) * 1000000L };

    while (nanosleep(&ts, &ts) < 0)
        ;
}

int deliver_flush(struct outbox *ob, struct deliver_config *cfg, const char *only_id,
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
    struct outbox_put_info info;
    struct deliver_stats st;
    struct outbox *ob;
    size_t pending, failed;
    int rc;

    *delivered = 0;
    if (deliver_check_destination(cfg, err) || deliver_open_outbox(cfg, &ob, err))
        return -1;
    rc = deliver_enqueue(ob, cfg, result_json, len, id[0], &info, err);
    if (rc == 0 && info.stale)
        fprintf(stderr, "not queued: a newer revision of this result is queued already\n");
    if (rc == 0)
        rc = deliver_flush(ob, cfg, NULL, 0, &st, stderr, err);
    if (rc == 0 && !info.stale)
        rc = deliver_count_left(ob, deliver_config_destination(cfg), id, 1, &pending, &failed,
                                err);
    if (rc == 0)
        *delivered = info.stale || pending + failed == 0;
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
