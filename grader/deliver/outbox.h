/* outbox.h — the durable delivery outbox: one SQLite file of results not yet
 * acknowledged by the LMS.
 *
 * A message is written (and fsynced) before its first attempt and deleted only
 * once the receiver answered 2xx, so a crash or a down LMS loses nothing; the
 * price is that a message can be sent twice, always with the same webhook-id.
 *
 * Several grader processes may share one outbox.  A flusher leases the rows it
 * sends (owner pid + expiry); a lease whose owner has died is free at once, so
 * a restart after kill -9 resends without waiting for the lease to expire.
 * Endpoints that answered 410 Gone are disabled: their messages stay queued
 * but are not sent until `outbox_retry()` re-enables the endpoint.
 *
 * Revisions: a message may carry a key (the result's gradebook cell) and a
 * revision time.  Queuing a revision drops the other revisions of its key
 * still queued for the same URL, unless one of them is newer — then the new
 * one is stale and not queued.  Newest wins, and a superseded grade is never
 * sent after the grade that replaced it.  (One already in flight in another
 * process still arrives; the receiver's newest-wins rule covers that.)
 */
#ifndef GB_OUTBOX_H
#define GB_OUTBOX_H

#include <stddef.h>

#include "error.h"

struct outbox;

enum outbox_state {
    OUTBOX_PENDING = 0,   /* will be sent when due */
    OUTBOX_FAILED         /* permanent failure or retries exhausted; kept for inspection */
};

enum outbox_kind {
    OUTBOX_WEBHOOK = 0,   /* body POSTed as is, signed (webhook.h) */
    OUTBOX_LTI = 1        /* a pending AGS score (lti_deliver.h) */
};

struct outbox_msg {
    char *id;             /* webhook-id */
    char *url;
    char *content_type;
    char *body;           /* NULL in outbox_list() results */
    size_t body_len;
    enum outbox_state state;
    int attempts;
    long long created_ms;
    long long next_attempt_ms;
    long last_status;     /* HTTP status of the last attempt, 0 if none/network */
    char *last_error;     /* NULL if none */
    char *last_response;  /* first bytes of the last response body, or NULL */
    int endpoint_disabled;
    long lease_owner;     /* pid of a live process holding the lease, else 0 */
    long long lease_until_ms;
    enum outbox_kind kind;
};

/* A message to queue. */
struct outbox_item {
    const char *id;
    const char *url;
    const char *content_type;
    const char *body;
    size_t body_len;
    enum outbox_kind kind;
    const char *key;      /* NULL: no revisions to weigh */
    long long revision_ms;
};

struct outbox_put_info {
    int stale;            /* not queued: a newer revision of the key is queued */
    size_t superseded;    /* older revisions dropped */
};

/* What happened to a sent message; outbox_settle() records a batch at once. */
enum outbox_fate {
    OUTBOX_DELIVERED,     /* 2xx: delete */
    OUTBOX_RETRY,         /* try again at next_attempt_ms */
    OUTBOX_GIVE_UP,       /* keep as failed */
    OUTBOX_ENDPOINT_GONE  /* 410: disable the endpoint, keep the message pending */
};

struct outbox_settlement {
    const char *id;
    const char *url;
    enum outbox_fate fate;
    long long next_attempt_ms;
    long status;
    const char *error;
    const char *response;
};

int outbox_open(struct outbox **out, const char *path, struct gb_err *err);
void outbox_close(struct outbox *ob);

/* Queues a message (see Revisions above); re-queuing the same (id, url)
 * replaces the body and makes it due now, keeping its attempt count.  info
 * may be NULL. */
int outbox_put_item(struct outbox *ob, const struct outbox_item *it, long long now_ms,
                    struct outbox_put_info *info, struct gb_err *err);
/* outbox_put_item of a webhook without a key. */
int outbox_put(struct outbox *ob, const char *id, const char *url, const char *content_type,
               const char *body, size_t body_len, long long now_ms, struct gb_err *err);

/* Leases up to max due, pending messages on enabled endpoints for lease_ms.
 * only_id, when not NULL, restricts the claim to that webhook-id. */
int outbox_claim_due(struct outbox *ob, long long now_ms, long long lease_ms, size_t max,
                     const char *only_id, struct outbox_msg **msgs, size_t *n,
                     struct gb_err *err);

/* Records outcomes and releases leases, all in one transaction. */
int outbox_settle(struct outbox *ob, const struct outbox_settlement *s, size_t n,
                  struct gb_err *err);

/* Every message without its body, oldest first. */
int outbox_list(struct outbox *ob, struct outbox_msg **msgs, size_t *n, struct gb_err *err);

/* Makes message id (all its URLs) pending and due now, and re-enables its
 * endpoints; *found is the number of messages matched. */
int outbox_retry(struct outbox *ob, const char *id, long long now_ms, int *found,
                 struct gb_err *err);

/* The earliest next_attempt_ms of sendable pending messages; *any = 0 if none. */
int outbox_next_due(struct outbox *ob, long long *when_ms, int *any, struct gb_err *err);

/* True while another live grader process is sending m. */
int outbox_msg_in_flight_elsewhere(const struct outbox_msg *m, long long now_ms);

void outbox_msgs_free(struct outbox_msg *msgs, size_t n);

/* A small cache of named values kept with the outbox (LTI line item URLs).
 * *value is NULL when name is unknown; putting NULL deletes it. */
int outbox_kv_get(struct outbox *ob, const char *name, char **value, struct gb_err *err);
int outbox_kv_put(struct outbox *ob, const char *name, const char *value, long long now_ms,
                  struct gb_err *err);
const char *outbox_state_name(enum outbox_state s);

#endif
