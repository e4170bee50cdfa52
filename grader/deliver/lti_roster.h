/* lti_roster.h — which LTI user id (the platform's "sub", AGS userId) each
 * gradebox student id is.
 *
 * From a file (lti-roster), in either of two JSON shapes:
 *   { "s123": "a9f1c2e0-...", "s124": "7731", ... }          student -> user id
 *   { "members": [ { "user_id": "...", "lis_person_sourcedid": "s123", ... } ] }
 * the second being what the Names and Role Provisioning Service answers (a
 * saved copy works); or from that service itself (lti-memberships-url),
 * following its rel="next" pages within the same origin.  For members, the
 * field named by lti-roster-field (default lis_person_sourcedid; email is
 * another common choice) holds gradebox's student id and "user_id" the LTI
 * user id.  Two members claiming one student id make that student
 * ambiguous: no score is sent for them, and the reason says so.
 */
#ifndef GB_LTI_ROSTER_H
#define GB_LTI_ROSTER_H

#include <stddef.h>

#include "deliver/lti_token.h"
#include "error.h"

struct lti_roster_entry {
    char *student;
    char *user_id;
    int ambiguous;
};

struct lti_roster {
    struct lti_roster_entry *e;
    size_t n, cap;
    char source[256];             /* "roster.json", "the Names and Role service" */
};

int lti_roster_from_file(struct lti_roster *r, const char *path, const char *field,
                         struct gb_err *err);
int lti_roster_from_service(struct lti_roster *r, struct lti_client *c, const char *url,
                            const char *field, enum lti_fail *fail, struct gb_err *err);

/* The user id of student, or NULL with why in err (unknown or ambiguous). */
const char *lti_roster_find(const struct lti_roster *r, const char *student, struct gb_err *err);
void lti_roster_free(struct lti_roster *r);

#endif
