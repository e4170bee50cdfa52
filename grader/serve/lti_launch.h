/* lti_launch.h — signing in from the LMS: an LTI 1.3 resource-link launch
 * (IMS LTI 1.3 core, IMS Security Framework 1.0: OpenID Connect's
 * third-party-initiated login and implicit flow).
 *
 *   1. The platform sends the browser to GET or POST /lti/login with iss,
 *      login_hint, target_link_uri (and lti_message_hint, client_id,
 *      lti_deployment_id).  The issuer must be the configured platform's;
 *      the service draws a state and a nonce (128 random bits each), keeps
 *      them for LTI_LAUNCH_PENDING_S, and redirects the browser to the
 *      platform's authentication URL (scope openid, response_type id_token,
 *      response_mode form_post, prompt none).
 *   2. The platform posts id_token and state to /lti/launch.  The state must
 *      be one this service drew and not yet used (it is used up now, so a
 *      replayed launch finds none); the id_token must verify with the
 *      platform's JWK Set (deliver/lti_verify.h; fetched from jwks_url, kept,
 *      fetched again at most every LTI_JWKS_REFETCH_S when a kid is unknown)
 *      and carry: iss the platform's, aud holding the client id (azp the
 *      client id when aud has several), exp not passed and iat not in the
 *      future (LTI_LAUNCH_SKEW_S of clock skew either way), nonce the one
 *      drawn with that state, the configured deployment id, message type
 *      LtiResourceLinkRequest, version 1.3.0, and a sub.
 *   3. Who: student = sub; course = the configured "course", else the
 *      context's id; instructor when the roles hold Instructor,
 *      Administrator or TeachingAssistant (LIS v2 membership or institution
 *      roles), a student otherwise.  Ids must be tokens.h's ([A-Za-z0-9._@-],
 *      at most 64), else the launch is refused with a sentence.  The exercise
 *      is the custom parameter "exercise", else target_link_uri's ?exercise=.
 *
 * The platform is one JSON file (grader serve --lti-platform FILE):
 *   {"issuer", "client_id", "deployment_id", "auth_url", "jwks_url"
 *    [, "course"] [, "ca_file"]}
 * Pending states live in this process (a service with several web sides
 * behind one address needs the login and the launch on the same one).
 */
#ifndef GB_LTI_LAUNCH_H
#define GB_LTI_LAUNCH_H

#include "error.h"
#include "serve/tokens.h"

#define LTI_LAUNCH_PENDING_S 600       /* login to launch */
#define LTI_LAUNCH_PENDING_MAX 4096    /* states waiting at once; the oldest go first */
#define LTI_LAUNCH_SKEW_S 60
#define LTI_JWKS_REFETCH_S 30
#define LTI_LAUNCH_SESSION_S (8 * 3600) /* the sign-in a launch gives */
#define LTI_EXERCISE_MAX 64

struct lti_launch;

int lti_launch_load(struct lti_launch **out, const char *path, struct gb_err *err);
void lti_launch_free(struct lti_launch *l);

struct lti_login_request {
    const char *iss, *login_hint, *target_link_uri, *lti_message_hint, *client_id,
        *deployment_id;
};

/* Step 1: *location (heap, the caller frees it) is where to send the browser. */
int lti_launch_login(struct lti_launch *l, const struct lti_login_request *rq,
                     const char *redirect_uri, long long now, char **location,
                     struct gb_err *err);

struct lti_identity {
    struct tokens_claims who;           /* student, course, role; issued and expires set */
    char exercise[LTI_EXERCISE_MAX + 1]; /* "" when the link names none */
};

/* Step 2: 0 and *id, or -1 with err saying why the launch is refused. */
int lti_launch_verify(struct lti_launch *l, const char *id_token, const char *state,
                      long long now, struct lti_identity *id, struct gb_err *err);

#endif
