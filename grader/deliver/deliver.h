/* deliver.h — getting results to the LMS: check and queue durably, send,
 * record the outcome, schedule retries.  Ties payload (result_doc), outbox,
 * webhook and, for LTI scores, lti_deliver together.  docs/lms.md tells the
 * whole story for operators.
 *
 * Retry schedule: after the n-th failed attempt the next one is due after
 * retry-base * 2^(n-1), capped at retry-max-delay, with "equal jitter" (a
 * uniform draw from the upper half of that delay) so a cohort's retries do not
 * arrive at an LMS in lockstep.  After max-attempts the message is kept as
 * failed.  Defaults: 10 s, 20 s, 40 s … capped at 2 h, 15 attempts (5½–11 h).
 * A Retry-After longer than the scheduled delay is honoured (capped alike).
 */
#ifndef GB_DELIVER_H
#define GB_DELIVER_H

#include <stdio.h>

#include "deliver/deliver_config.h"
#include "error.h"
#include "deliver/outbox.h"
#include "deliver/payload.h"

/* Counts of attempts and their outcomes; a message retried within one
 * flush --wait counts once per attempt. */
struct deliver_stats {
    size_t attempted;
    size_t delivered;
    size_t retrying;      /* scheduled for a later retry */
    size_t failed;        /* permanent failure or retries exhausted */
    size_t gone;          /* endpoint answered 410 and is now disabled */
};

int deliver_open_outbox(const struct deliver_config *cfg, struct outbox **ob,
                        struct gb_err *err);

/* What the destination needs before anything is queued for it, so that a
 * result that could never be sent is refused now, not found out later: a
 * URL, the verify key if one is set, and the webhook secret — or, with
 * format lti, a complete registration whose key loads. */
int deliver_check_destination(struct deliver_config *cfg, struct gb_err *err);

/* Checks a result (result_doc.h), builds its payload and writes it to the
 * outbox, due now; id receives its result_id (the webhook-id).  info (may
 * be NULL) tells whether it was stale — a newer revision of the same result
 * is queued already, so it was not — and how many older ones it replaced.
 * With format lti the registration must be complete and its key readable. */
int deliver_enqueue(struct outbox *ob, struct deliver_config *cfg, const char *result_json,
                    size_t len, char id[PAYLOAD_ID_MAX + 1], struct outbox_put_info *info,
                    struct gb_err *err);

/* Sends every due message (only_id: just that one) once.  When wait_until_ms
 * is later than now, keeps waiting for and sending retries until the outbox
 * has nothing pending or that time comes.  One line per attempt goes to log
 * (NULL: silent).  Credentials are loaded for the kinds of message met (the
 * webhook secret, the LTI key; the LTI token stays cached in cfg).  Fails
 * only on outbox or setup errors (a missing credential), not on a down LMS. */
int deliver_flush(struct outbox *ob, struct deliver_config *cfg, const char *only_id,
                  long long wait_until_ms, struct deliver_stats *st, FILE *log,
                  struct gb_err *err);

/* Counts what is still in the outbox: of the given (id, url) pairs, or of
 * everything when ids is NULL.  Messages another live grader process is
 * sending right now are its business and not counted. */
int deliver_count_left(struct outbox *ob, const char *url, char (*ids)[PAYLOAD_ID_MAX + 1],
                       size_t n_ids, size_t *pending, size_t *failed, struct gb_err *err);

/* For `grader check --post` (and a batch or service that keeps cfg between
 * results): enqueue, then attempt every due delivery once.  Returns 0 once
 * the result is safely queued; *delivered tells whether it also reached the
 * LMS (if not, it is retried by `grader outbox flush`). */
int deliver_result(struct deliver_config *cfg, const char *result_json, size_t len,
                   int *delivered, struct gb_err *err);

/* `grader check --post URL` in one call: settings from the config file and
 * the environment (see deliver_config.h), url (if not NULL) overriding them,
 * then deliver_result().  Progress lines go to stderr. */
int deliver_post(const char *url, const char *result_json, size_t len, int *delivered,
                 struct gb_err *err);

/* Delay before attempt n+1 after n failed attempts; u in [0,1) is the jitter draw. */
long long deliver_retry_delay_ms(const struct deliver_config *cfg, int attempts, double u);

long long deliver_now_ms(void);

#endif
