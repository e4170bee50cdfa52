/* lti_platform.c — an LTI platform registration: completeness, defaults, scopes (see lti_platform.h). */
#include "deliver/lti_platform.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int is_http_url(const char *u)
{
    return u && (!strncasecmp(u, "https://", 8) || !strncasecmp(u, "http://", 7));
}

int lti_platform_check(const struct lti_platform *p, int need_roster, struct gb_err *err)
{
    static const char hint[] = " (docs/lms.md shows where the LMS states it)";

    if (!p->client_id || !*p->client_id)
        return gb_fail(err, "LTI delivery needs the tool's client id: set lti-client-id%s", hint);
    if (!is_http_url(p->token_url))
        return gb_fail(err, "LTI delivery needs the platform's token endpoint: set "
                       "lti-token-url to its https:// URL%s", hint);
    if (!p->key_file || !*p->key_file)
        return gb_fail(err, "LTI delivery needs the tool's private key: set lti-key-file "
                       "(`grader lti keygen --key-file FILE` makes one)");
    if (p->memberships_url && !is_http_url(p->memberships_url))
        return gb_fail(err, "lti-memberships-url must be an http(s) URL");
    if (p->lineitem && !is_http_url(p->lineitem))
        return gb_fail(err, "lti-lineitem must be an http(s) URL");
    if (need_roster && !p->roster_file && !p->memberships_url)
        return gb_fail(err, "LTI delivery needs the students' LTI user ids: set lti-roster "
                       "(a file) or lti-memberships-url (the course's Names and Role service)");
    return 0;
}

const char *lti_platform_audience(const struct lti_platform *p)
{
    return p->audience && *p->audience ? p->audience : p->token_url;
}

const char *lti_platform_roster_field(const struct lti_platform *p)
{
    return p->roster_field && *p->roster_field ? p->roster_field : LTI_DEFAULT_ROSTER_FIELD;
}

int lti_platform_scopes(const struct lti_platform *p, char *out, size_t size)
{
    int n = snprintf(out, size, "%s%s%s", LTI_SCOPE_SCORE,
                     p->lineitem ? "" : " " LTI_SCOPE_LINEITEM,
                     p->memberships_url ? " " LTI_SCOPE_MEMBERSHIP : "");

    return n < 0 || (size_t)n >= size ? -1 : 0;
}

void lti_platform_free(struct lti_platform *p)
{
    free(p->client_id);
    free(p->token_url);
    free(p->audience);
    free(p->key_file);
    free(p->key_id);
    free(p->issuer);
    free(p->deployment_id);
    free(p->roster_file);
    free(p->memberships_url);
    free(p->roster_field);
    free(p->lineitem);
    memset(p, 0, sizeof *p);
}
