/* lti_platform.h — gradebox's registration with one LTI 1.3 platform (an
 * LMS: Canvas, Moodle, Blackboard, Brightspace, Sakai), as the LMS
 * administrator's registration screen states it, plus how student ids map
 * to the platform's user ids.
 *
 * Settings (deliver_config.h reads them: config file, environment, flags):
 *   lti-client-id        GRADEBOX_LTI_CLIENT_ID       the tool's client id (required)
 *   lti-token-url        GRADEBOX_LTI_TOKEN_URL       the platform's OAuth2 token endpoint (required)
 *   lti-audience         GRADEBOX_LTI_AUDIENCE        the assertion's aud; default the token URL
 *   lti-key-file         GRADEBOX_LTI_KEY_FILE        the tool's private RSA key, PEM (required)
 *   lti-key-id           GRADEBOX_LTI_KEY_ID          kid; default the key's RFC 7638 thumbprint
 *   lti-issuer           GRADEBOX_LTI_ISSUER          the platform's issuer (for the record)
 *   lti-deployment-id    GRADEBOX_LTI_DEPLOYMENT_ID   the deployment (for the record)
 *   lti-roster           GRADEBOX_LTI_ROSTER          student id -> LTI user id file (lti_roster.h)
 *   lti-memberships-url  GRADEBOX_LTI_MEMBERSHIPS_URL the course's Names and Role service
 *   lti-roster-field     GRADEBOX_LTI_ROSTER_FIELD    the member field holding gradebox's
 *                                                     student id; default lis_person_sourcedid
 *   lti-lineitem         GRADEBOX_LTI_LINEITEM        post every score to this one line item
 *                                                     instead of one per assignment x exercise
 * The course's line items URL (the AGS "lineitems" endpoint) is the delivery
 * url itself (--to URL).  The private key file is read only when sending;
 * its content is never printed nor stored in the outbox.
 */
#ifndef GB_LTI_PLATFORM_H
#define GB_LTI_PLATFORM_H

#include <stddef.h>

#include "error.h"

#define LTI_SCOPE_SCORE "https://purl.imsglobal.org/spec/lti-ags/scope/score"
#define LTI_SCOPE_LINEITEM "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem"
#define LTI_SCOPE_MEMBERSHIP \
    "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly"
#define LTI_DEFAULT_ROSTER_FIELD "lis_person_sourcedid"

struct lti_platform {
    char *client_id;
    char *token_url;
    char *audience;
    char *key_file;
    char *key_id;
    char *issuer;
    char *deployment_id;
    char *roster_file;
    char *memberships_url;
    char *roster_field;
    char *lineitem;
};

/* Checks that the registration can get a token (and, with need_roster, map
 * students); the error names the missing setting. */
int lti_platform_check(const struct lti_platform *p, int need_roster, struct gb_err *err);
const char *lti_platform_audience(const struct lti_platform *p);
const char *lti_platform_roster_field(const struct lti_platform *p);
/* The scopes to ask for, space-separated, into out. */
int lti_platform_scopes(const struct lti_platform *p, char *out, size_t size);
void lti_platform_free(struct lti_platform *p);

#endif
