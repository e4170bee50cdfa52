/* payload.h — what is POSTed for a result: gradebox's delivery envelope or an
 * LTI 1.3 Assignment and Grade Services score.
 *
 * Input is a gradebox.result/1 JSON document (grader check --format json).
 * The fields a delivery needs are validated here, with an error naming the
 * missing or malformed field; everything else is passed through untouched.
 *
 * gradebox format (application/json), schema "gradebox.delivery/1":
 *   { "schema": "gradebox.delivery/1", "type": "result.graded",
 *     "id": result_id, "timestamp": graded_at,
 *     "student", "assignment", "exercise", "score", "max_score",
 *     "result": { the whole gradebox.result/1 document } }
 * lti format (application/vnd.ims.lis.v1.score+json):
 *   { "userId", "scoreGiven", "scoreMaximum", "comment", "timestamp",
 *     "activityProgress": "Completed", "gradingProgress": "FullyGraded" }
 */
#ifndef GB_PAYLOAD_H
#define GB_PAYLOAD_H

#include <stddef.h>

#include "error.h"

#define PAYLOAD_SCHEMA "gradebox.delivery/1"
#define PAYLOAD_RESULT_SCHEMA "gradebox.result/1"
#define PAYLOAD_TYPE_JSON "application/json"
#define PAYLOAD_TYPE_LTI "application/vnd.ims.lis.v1.score+json"
#define PAYLOAD_ID_MAX 128

enum payload_format {
    PAYLOAD_GRADEBOX,
    PAYLOAD_LTI
};

struct payload {
    char id[PAYLOAD_ID_MAX + 1];  /* webhook-id: the result's result_id */
    const char *content_type;
    char *body;                   /* NUL-terminated; len excludes the NUL */
    size_t len;
};

/* student and assignment fill in a result that has none (NULL: no default);
 * a value in the result itself always wins. */
int payload_build(const char *result_json, size_t len, enum payload_format fmt,
                  const char *student, const char *assignment,
                  struct payload *out, struct gb_err *err);
void payload_free(struct payload *p);

int payload_format_parse(const char *name, enum payload_format *fmt, struct gb_err *err);

#endif
