/* payload.h — what is queued for a result: gradebox's delivery envelope for a
 * webhook, or an LTI 1.3 Assignment and Grade Services score waiting for its
 * line item and LTI user id.
 *
 * Input is a gradebox.result/1 document, checked by result_doc.h (strict
 * JSON, the grade recomputed from the checks, identity recomputed, signature
 * when a verify key is set).  Every delivery carries the checked document
 * re-serialised, never the bytes that came in.
 *
 * gradebox format (application/json), schema "gradebox.delivery/1":
 *   { "schema": "gradebox.delivery/1", "type": "result.graded",
 *     "id": result_id, "key": result_key, "timestamp": graded_at,
 *     "student", "assignment", "exercise", "score" (after a late penalty, the
 *     result's "late.score"), "max_score", "status",
 *     "result": { the checked gradebox.result/1 document } }
 * lti format: the outbox keeps, schema "gradebox.lti-score/1",
 *   { "student": gradebox's student id,
 *     "lineitem": { "resourceId": "ASSIGNMENT/EXERCISE" (or "EXERCISE"),
 *                   "tag": "gradebox", "label", "scoreMaximum",
 *                   "url": the fixed line item, when lti-lineitem is set },
 *     "score": { "scoreGiven" (after a late penalty), "scoreMaximum",
 *                "comment" (a per-check summary, deliver/comment.h),
 *                "timestamp" (graded_at), "activityProgress": "Completed",
 *                "gradingProgress": "FullyGraded", or "PendingManual" while
 *                checks wait for a human } }
 *   and sends the score with "userId" once both are known (lti_deliver.h).
 *   A result with status "error" (a rubric or reference fault) is no grade
 *   and is not queued for an LMS gradebook.
 */
#ifndef GB_PAYLOAD_H
#define GB_PAYLOAD_H

#include <stddef.h>

#include "error.h"
#include "report/result_sign.h"

#define PAYLOAD_SCHEMA "gradebox.delivery/1"
#define PAYLOAD_LTI_SCHEMA "gradebox.lti-score/1"
#define PAYLOAD_TYPE_JSON "application/json"
#define PAYLOAD_TYPE_LTI "application/vnd.ims.lis.v1.score+json"
#define PAYLOAD_LTI_TAG "gradebox"
#define PAYLOAD_ID_MAX 128
/* An LMS shows the comment to the student: a per-check summary, at most this. */
#define PAYLOAD_COMMENT_MAX 4000

enum payload_format {
    PAYLOAD_GRADEBOX,
    PAYLOAD_LTI
};

struct payload_opts {
    enum payload_format format;
    const char *student;                  /* fills a result that has none */
    const char *assignment;
    const struct result_signer *verify;   /* NULL: signatures not required */
    const char *lti_lineitem;             /* lti: the one fixed line item, or NULL */
    int allow_unsigned;                   /* accept "signature": null (result_doc.h) */
};

struct payload {
    char id[PAYLOAD_ID_MAX + 1];   /* result_id: this revision, the webhook-id */
    char key[PAYLOAD_ID_MAX + 1];  /* result_key: the gradebook cell */
    long long revision_ms;         /* graded_at: the newest revision of a key wins */
    enum payload_format format;
    const char *content_type;
    char *body;                    /* NUL-terminated; len excludes the NUL */
    size_t len;
};

int payload_build(const char *result_json, size_t len, const struct payload_opts *o,
                  struct payload *out, struct gb_err *err);
void payload_free(struct payload *p);

int payload_format_parse(const char *name, enum payload_format *fmt, struct gb_err *err);

#endif
