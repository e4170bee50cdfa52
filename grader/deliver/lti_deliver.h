/* lti_deliver.h — turning queued LTI scores (payload.h, "gradebox.lti-score/1")
 * into AGS requests during one flush of the outbox.
 *
 * For each message: the student's LTI user id (lti_roster.h, loaded once per
 * flush), an access token (lti_token.h), the line item — the fixed one the
 * message names, else the one cached in the outbox for (line items URL,
 * resourceId, tag), else found or created (lti_ags.h) under a lock file
 * beside the outbox so that two graders do not both create it — and then the
 * request: POST {lineitem}/scores, application/vnd.ims.lis.v1.score+json,
 * the score with its "userId", "Authorization: Bearer ...".  deliver.c sends
 * it with the webhooks' transport and fates.
 *
 * A message that cannot be sent now is settled without a request: a student
 * with no LTI user id, or a refused key, is a permanent failure (kept, with
 * the reason, until `grader outbox retry`); a platform that does not answer
 * is retried on the usual schedule.  A flush pass asks for a token, or a
 * line item, that failed once no more: the rest of its messages settle with
 * the same reason, so a down platform costs one timeout, not one each.
 */
#ifndef GB_LTI_DELIVER_H
#define GB_LTI_DELIVER_H

#include <stdio.h>

#include "deliver/lti_token.h"
#include "deliver/outbox.h"
#include "error.h"

struct lti_flush;

struct lti_prepared {
    char *url;                /* the line item's scores URL */
    char *body;               /* the score with userId */
    size_t body_len;
    char *authorization;      /* "Bearer ..." */
};

enum lti_prep {
    LTI_READY,                /* p is filled: send it */
    LTI_SETTLED               /* not sendable now: *fail and err say why */
};

/* log: one line per line item created (NULL: silent). */
int lti_flush_open(struct lti_flush **f, struct lti_client *c, struct outbox *ob,
                   const char *outbox_path, FILE *log, struct gb_err *err);
void lti_flush_close(struct lti_flush *f);

/* Prepares message m.  Whatever stops it — an outbox or memory error
 * included — settles it (LTI_SETTLED) with *fail and err saying why. */
void lti_flush_prepare(struct lti_flush *f, const struct outbox_msg *m, struct lti_prepared *p,
                       enum lti_prep *prep, enum lti_fail *fail, struct gb_err *err);

/* After a 401 from the scores URL: a new token, p's Authorization updated. */
int lti_flush_reauthorize(struct lti_flush *f, struct lti_prepared *p, enum lti_fail *fail,
                          struct gb_err *err);

/* After a 404 from the scores URL: m's cached line item is forgotten, so the
 * next attempt looks it up (or creates it) again. */
int lti_flush_forget_lineitem(struct lti_flush *f, const struct outbox_msg *m,
                              struct gb_err *err);

void lti_prepared_free(struct lti_prepared *p);

#endif
