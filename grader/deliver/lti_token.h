/* lti_token.h — OAuth2 client credentials with a signed JWT assertion
 * (RFC 7523, private_key_jwt) against one LTI platform, the access token's
 * cache, and authorised requests to the platform's services.
 *
 * A client asks for the scopes its registration needs (lti_platform.h): the
 * AGS score scope, the line item scope unless one fixed line item is
 * configured, and the Names and Role scope when a memberships URL is set.  A
 * token is reused until shortly before it expires (a quarter of its life, at
 * most 60 s, before) and fetched again after a 401, once per request.  The
 * token lives in memory only: never printed, never stored.
 *
 * Failures are temporary (no answer, 408, 429, 5xx: retry later) or
 * permanent (the platform refused the key, the client id or a scope: a
 * person must act — the error says what to check).
 */
#ifndef GB_LTI_TOKEN_H
#define GB_LTI_TOKEN_H

#include "deliver/http.h"
#include "deliver/lti_jwt.h"
#include "deliver/lti_platform.h"
#include "error.h"

enum lti_fail {
    LTI_TEMPORARY = 1,    /* try again later */
    LTI_PERMANENT         /* will not work until someone fixes something */
};

struct lti_client {
    const struct lti_platform *platform;  /* borrowed */
    struct http_opts http;
    struct lti_key key;
    char *token;                          /* NULL until fetched */
    char *granted;                        /* the scopes it was granted, if the platform said */
    long long token_refresh_ms;           /* fetch anew from then on */
    unsigned tokens_fetched;
};

/* Loads the tool's key; fails (permanently) on an incomplete registration or
 * an unusable key. */
int lti_client_open(struct lti_client *c, const struct lti_platform *p,
                    const struct http_opts *http, struct gb_err *err);
void lti_client_close(struct lti_client *c);

/* A valid access token (force: a new one, after a 401).  On failure *fail
 * says whether to retry. */
int lti_client_token(struct lti_client *c, int force, enum lti_fail *fail, struct gb_err *err);

/* An authorised request to a platform service: rq gets the bearer token; a
 * 401 fetches a new token and tries once more.  An answer other than 2xx is
 * an error (temporary for 408, 429, 5xx and no answer), with what the
 * platform said in it.  rs is the caller's to free either way. */
int lti_client_request(struct lti_client *c, struct http_request *rq, struct http_response *rs,
                       enum lti_fail *fail, struct gb_err *err);

/* "Bearer TOKEN" for the current token, into out. */
int lti_client_authorization(const struct lti_client *c, char **out, struct gb_err *err);

#endif
