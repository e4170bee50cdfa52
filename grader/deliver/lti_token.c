/* lti_token.c — client credentials, the token cache, authorised requests (see lti_token.h). */
#include "deliver/lti_token.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <cjson/cJSON.h>
#include <openssl/crypto.h>

#define TOKEN_RESPONSE_MAX 65536
#define TOKEN_MAX 16384
#define DEFAULT_LIFE_S 3600
#define SNIPPET 200

static long long now_ms(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_REALTIME, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int lti_client_open(struct lti_client *c, const struct lti_platform *p,
                    const struct http_opts *http, struct gb_err *err)
{
    memset(c, 0, sizeof *c);
    c->platform = p;
    c->http = *http;
    if (lti_platform_check(p, 0, err))
        return -1;
    return lti_key_load(&c->key, p->key_file, p->key_id, err);
}

static void forget_token(struct lti_client *c)
{
    if (c->token)
        OPENSSL_clear_free(c->token, strlen(c->token));
    c->token = NULL;
    free(c->granted);
    c->granted = NULL;
}

void lti_client_close(struct lti_client *c)
{
    forget_token(c);
    lti_key_free(&c->key);
    memset(c, 0, sizeof *c);
}

/* The other side's text, made printable and short, for an error message. */
static const char *printable(const struct gb_buf *b, char *out, size_t size)
{
    size_t n = 0;

    for (size_t i = 0; b->data && i < b->len && n + 1 < size; i++) {
        unsigned char ch = (unsigned char)b->data[i];
        out[n++] = ch >= 0x20 && ch < 0x7f ? (char)ch : ' ';
    }
    while (n && out[n - 1] == ' ')
        n--;
    out[n] = '\0';
    return out;
}

static int form_field(struct gb_buf *b, const char *name, const char *value, struct gb_err *err)
{
    char *esc = curl_easy_escape(NULL, value, 0);
    int rc = esc ? gb_buf_printf(b, err, "%s%s=%s", b->len ? "&" : "", name, esc)
                 : gb_fail(err, "out of memory building the token request");

    curl_free(esc);
    return rc;
}

static int token_form(const struct lti_client *c, struct gb_buf *form, struct gb_err *err)
{
    const struct lti_platform *p = c->platform;
    struct gb_buf jwt = GB_BUF_INIT;
    char scopes[512];
    int rc;

    if (lti_platform_scopes(p, scopes, sizeof scopes))
        return gb_fail(err, "scope list too long");
    rc = lti_jwt_client_assertion(&c->key, p->client_id, lti_platform_audience(p),
                                  now_ms() / 1000, &jwt, err)
         || form_field(form, "grant_type", "client_credentials", err)
         || form_field(form, "client_assertion_type",
                       "urn:ietf:params:oauth:client-assertion-type:jwt-bearer", err)
         || form_field(form, "client_assertion", jwt.data, err)
         || form_field(form, "scope", scopes, err) ? -1 : 0;
    gb_buf_free(&jwt);
    return rc;
}

static int is_temporary(long status)
{
    return status == 0 || status == 408 || status == 429 || status >= 500;
}

static int token_failure(const struct lti_client *c, const struct http_response *rs,
                         enum lti_fail *fail, struct gb_err *err)
{
    const char *url = c->platform->token_url;
    char said[SNIPPET];
    cJSON *o;
    const cJSON *e;
    int scope;

    *fail = is_temporary(rs->status) ? LTI_TEMPORARY : LTI_PERMANENT;
    if (rs->status == 0)
        return gb_fail(err, "no answer from the LTI token endpoint %s: %s", url, rs->error);
    if (*fail == LTI_TEMPORARY)
        return gb_fail(err, "the LTI token endpoint %s answered HTTP %ld", url, rs->status);
    o = cJSON_ParseWithLength(rs->body.data ? rs->body.data : "", rs->body.len);
    e = cJSON_GetObjectItemCaseSensitive(o, "error");
    scope = cJSON_IsString(e) && !strcmp(e->valuestring, "invalid_scope");
    printable(&rs->body, said, sizeof said);
    cJSON_Delete(o);
    if (scope)
        return gb_fail(err, "the platform did not grant the scopes gradebox needs (HTTP %ld: "
                       "%s): enable Assignment and Grade Services (and Names and Role "
                       "Provisioning, if used) for the tool in the LMS", rs->status, said);
    return gb_fail(err, "the platform refused the tool's credentials at %s (HTTP %ld: %s): "
                   "check lti-client-id (%s) and that the LMS holds the public key of "
                   "lti-key-file with key id %s (`grader lti public-key` prints it)",
                   url, rs->status, said, c->platform->client_id, c->key.kid);
}

/* Is `want` among the space-separated scopes in `list`? */
static int has_scope(const char *list, const char *want)
{
    size_t n = strlen(want);

    for (const char *p = list; (p = strstr(p, want)); p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
            return 1;
    return 0;
}

static int check_scopes(const struct lti_client *c, const char *granted, struct gb_err *err)
{
    char wanted[512], *save = NULL;

    if (!granted || lti_platform_scopes(c->platform, wanted, sizeof wanted))
        return 0;    /* no scope in the answer means all that was asked for */
    for (char *s = strtok_r(wanted, " ", &save); s; s = strtok_r(NULL, " ", &save))
        if (!has_scope(granted, s))
            return gb_fail(err, "the platform did not grant the scope %s: enable that service "
                           "for the tool in the LMS (docs/lms.md)", s);
    return 0;
}

static int take_token(struct lti_client *c, const struct http_response *rs, enum lti_fail *fail,
                      struct gb_err *err)
{
    cJSON *o = cJSON_ParseWithLength(rs->body.data ? rs->body.data : "", rs->body.len);
    const cJSON *tok = cJSON_GetObjectItemCaseSensitive(o, "access_token");
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(o, "token_type");
    const cJSON *life = cJSON_GetObjectItemCaseSensitive(o, "expires_in");
    const cJSON *scope = cJSON_GetObjectItemCaseSensitive(o, "scope");
    double s = cJSON_IsNumber(life) ? life->valuedouble : DEFAULT_LIFE_S;
    int rc = 0;

    *fail = LTI_PERMANENT;
    if (!cJSON_IsString(tok) || !*tok->valuestring || strlen(tok->valuestring) > TOKEN_MAX
        || strspn(tok->valuestring, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                  "0123456789-._~+/=") != strlen(tok->valuestring))
        rc = gb_fail(err, "the LTI token endpoint %s answered without a usable access_token",
                     c->platform->token_url);
    else if (cJSON_IsString(type) && strcasecmp(type->valuestring, "bearer"))
        rc = gb_fail(err, "the LTI token endpoint gave a %.20s token, not a bearer token",
                     type->valuestring);
    else if (!(rc = check_scopes(c, cJSON_IsString(scope) ? scope->valuestring : NULL, err))) {
        long long life_ms = (long long)(s < 1 ? 1 : s > 86400 ? 86400 : s) * 1000;
        long long margin = life_ms / 4 < 60000 ? life_ms / 4 : 60000;
        if (!(c->token = strdup(tok->valuestring))
            || (cJSON_IsString(scope) && !(c->granted = strdup(scope->valuestring))))
            rc = gb_fail(err, "out of memory");
        c->token_refresh_ms = now_ms() + life_ms - margin;
        c->tokens_fetched++;
    }
    cJSON_Delete(o);
    return rc;
}

int lti_client_token(struct lti_client *c, int force, enum lti_fail *fail, struct gb_err *err)
{
    struct gb_buf form = GB_BUF_INIT;
    struct http_request rq = { "POST", c->platform->token_url, "application/json",
                               "application/x-www-form-urlencoded", NULL, NULL, 0,
                               TOKEN_RESPONSE_MAX };
    struct http_response rs;
    int rc;

    if (!force && c->token && now_ms() < c->token_refresh_ms)
        return 0;
    forget_token(c);
    *fail = LTI_PERMANENT;
    if (token_form(c, &form, err))
        return -1;
    rq.body = form.data;
    rq.body_len = form.len;
    rc = http_fetch(&rq, &c->http, &rs, err);
    if (rc == 0)
        rc = rs.status >= 200 && rs.status < 300 ? take_token(c, &rs, fail, err)
                                                 : token_failure(c, &rs, fail, err);
    OPENSSL_cleanse(form.data, form.len);
    gb_buf_free(&form);
    http_response_free(&rs);
    return rc;
}

int lti_client_authorization(const struct lti_client *c, char **out, struct gb_err *err)
{
    struct gb_buf b = GB_BUF_INIT;

    *out = NULL;
    if (!c->token)
        return gb_fail(err, "no LTI access token");
    if (gb_buf_printf(&b, err, "Bearer %s", c->token))
        return -1;
    *out = gb_buf_steal(&b);
    return 0;
}

static int answer_failure(const struct http_request *rq, const struct http_response *rs,
                          enum lti_fail *fail, struct gb_err *err)
{
    char said[SNIPPET];

    *fail = is_temporary(rs->status) ? LTI_TEMPORARY : LTI_PERMANENT;
    if (rs->status == 0)
        return gb_fail(err, "%s %s: no answer: %s", rq->method, rq->url, rs->error);
    return gb_fail(err, "%s %s: HTTP %ld%s%s", rq->method, rq->url, rs->status,
                   rs->body.len ? ": " : "", printable(&rs->body, said, sizeof said));
}

int lti_client_request(struct lti_client *c, struct http_request *rq, struct http_response *rs,
                       enum lti_fail *fail, struct gb_err *err)
{
    char *auth = NULL;
    int rc = 0;

    memset(rs, 0, sizeof *rs);
    for (int attempt = 0; attempt < 2; attempt++) {
        http_response_free(rs);
        free(auth);
        auth = NULL;
        *fail = LTI_TEMPORARY;
        if (lti_client_token(c, attempt > 0, fail, err) || lti_client_authorization(c, &auth, err)) {
            rc = -1;
            break;
        }
        rq->authorization = auth;
        if (http_fetch(rq, &c->http, rs, err)) {
            rc = -1;
            break;
        }
        if (rs->status != 401)
            break;
    }
    rq->authorization = NULL;
    if (auth)
        OPENSSL_clear_free(auth, strlen(auth));
    if (rc == 0 && (rs->status < 200 || rs->status > 299))
        rc = answer_failure(rq, rs, fail, err);
    return rc;
}
