/* lti_launch.c — LTI 1.3 login initiation and launch (see lti_launch.h). */
#include "serve/lti_launch.h"

#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include <cjson/cJSON.h>

#include "buf.h"
#include "deliver/http.h"
#include "deliver/lti_verify.h"

#define CONFIG_MAX (64u * 1024)
#define JWKS_MAX (256u * 1024)
#define RANDOM_HEX 32
#define CLAIM "https://purl.imsglobal.org/spec/lti/claim/"
#define LIS "http://purl.imsglobal.org/vocab/lis/v2/"

struct pending {
    char state[RANDOM_HEX + 1];
    char nonce[RANDOM_HEX + 1];
    long long expires;            /* 0: free or used */
};

struct lti_launch {
    char *issuer, *client_id, *deployment_id, *auth_url, *jwks_url, *course, *ca_file;
    pthread_mutex_t mu;
    struct pending *pending;      /* LTI_LAUNCH_PENDING_MAX, a ring */
    size_t next;
    cJSON *jwks;                  /* the platform's keys as last fetched, or NULL */
    long long jwks_at;
};

/* ---- configuration -------------------------------------------------------- */

static int config_str(const cJSON *o, const char *key, int required, char **out,
                      const char *path, struct gb_err *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

    if (!v && !required)
        return 0;
    if (!cJSON_IsString(v) || !*v->valuestring)
        return gb_fail(err, "%s: \"%s\" must be a non-empty string", path, key);
    if (!(*out = strdup(v->valuestring)))
        return gb_fail(err, "out of memory reading %s", path);
    return 0;
}

static int is_http_url(const char *u)
{
    return !strncmp(u, "https://", 8) || !strncmp(u, "http://", 7);
}

int lti_launch_load(struct lti_launch **out, const char *path, struct gb_err *err)
{
    struct gb_buf text = GB_BUF_INIT;
    struct lti_launch *l = calloc(1, sizeof *l);
    cJSON *o = NULL;
    int rc = -1;

    *out = NULL;
    if (!l || !(l->pending = calloc(LTI_LAUNCH_PENDING_MAX, sizeof *l->pending))) {
        free(l);
        return gb_fail(err, "out of memory");
    }
    pthread_mutex_init(&l->mu, NULL);
    if (gb_read_file(path, CONFIG_MAX, &text, err) == 0) {
        if (!(o = cJSON_ParseWithLength(text.data, text.len)) || !cJSON_IsObject(o))
            gb_fail(err, "%s is not a JSON object", path);
        else if (config_str(o, "issuer", 1, &l->issuer, path, err)
                 || config_str(o, "client_id", 1, &l->client_id, path, err)
                 || config_str(o, "deployment_id", 1, &l->deployment_id, path, err)
                 || config_str(o, "auth_url", 1, &l->auth_url, path, err)
                 || config_str(o, "jwks_url", 1, &l->jwks_url, path, err)
                 || config_str(o, "course", 0, &l->course, path, err)
                 || config_str(o, "ca_file", 0, &l->ca_file, path, err))
            ;
        else if (!is_http_url(l->auth_url) || !is_http_url(l->jwks_url))
            gb_fail(err, "%s: auth_url and jwks_url must be http(s) URLs", path);
        else if (l->course && !tokens_valid_id(l->course))
            gb_fail(err, "%s: course '%s' is not a usable course id", path, l->course);
        else
            rc = http_global_init(err);
    }
    cJSON_Delete(o);
    gb_buf_free(&text);
    if (rc) {
        lti_launch_free(l);
        return gb_err_prefix(err, "the LTI platform");
    }
    *out = l;
    return 0;
}

void lti_launch_free(struct lti_launch *l)
{
    if (!l)
        return;
    free(l->issuer);
    free(l->client_id);
    free(l->deployment_id);
    free(l->auth_url);
    free(l->jwks_url);
    free(l->course);
    free(l->ca_file);
    free(l->pending);
    cJSON_Delete(l->jwks);
    pthread_mutex_destroy(&l->mu);
    free(l);
}

/* ---- step 1: login initiation -------------------------------------------- */

static int random_hex(char out[RANDOM_HEX + 1], struct gb_err *err)
{
    unsigned char raw[RANDOM_HEX / 2];

    if (getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw)
        return gb_fail_errno(err, "cannot draw random bytes");
    for (size_t i = 0; i < sizeof raw; i++)
        snprintf(out + 2 * i, 3, "%02x", raw[i]);
    return 0;
}

/* "&name=value", value percent-encoded (RFC 3986 unreserved kept). */
static int query_param(struct gb_buf *b, const char *name, const char *value,
                       struct gb_err *err)
{
    if (gb_buf_printf(b, err, "&%s=", name))
        return -1;
    for (const unsigned char *p = (const unsigned char *)value; *p; p++)
        if (isalnum(*p) || strchr("-._~", *p) ? gb_buf_append(b, p, 1, err)
                                               : gb_buf_printf(b, err, "%%%02X", *p))
            return -1;
    return 0;
}

int lti_launch_login(struct lti_launch *l, const struct lti_login_request *rq,
                     const char *redirect_uri, long long now, char **location,
                     struct gb_err *err)
{
    struct pending p = { .expires = now + LTI_LAUNCH_PENDING_S };
    struct gb_buf url = GB_BUF_INIT;
    int rc;

    *location = NULL;
    if (!rq->iss || strcmp(rq->iss, l->issuer))
        return gb_fail(err, "this service takes launches from %s only, not from %s", l->issuer,
                       rq->iss ? rq->iss : "an unnamed platform (no iss)");
    if (rq->client_id && strcmp(rq->client_id, l->client_id))
        return gb_fail(err, "the login names client %s; this tool is %s", rq->client_id,
                       l->client_id);
    if (!rq->login_hint || !*rq->login_hint)
        return gb_fail(err, "the login request has no login_hint");
    if (random_hex(p.state, err) || random_hex(p.nonce, err))
        return -1;
    rc = gb_buf_printf(&url, err, "%s%sscope=openid", l->auth_url,
                       strchr(l->auth_url, '?') ? "&" : "?")
         || query_param(&url, "response_type", "id_token", err)
         || query_param(&url, "response_mode", "form_post", err)
         || query_param(&url, "prompt", "none", err)
         || query_param(&url, "client_id", l->client_id, err)
         || query_param(&url, "redirect_uri", redirect_uri, err)
         || query_param(&url, "login_hint", rq->login_hint, err)
         || (rq->lti_message_hint
             && query_param(&url, "lti_message_hint", rq->lti_message_hint, err))
         || query_param(&url, "state", p.state, err) || query_param(&url, "nonce", p.nonce, err);
    if (rc) {
        gb_buf_free(&url);
        return -1;
    }
    pthread_mutex_lock(&l->mu);
    l->pending[l->next] = p;           /* the oldest waiting login gives way */
    l->next = (l->next + 1) % LTI_LAUNCH_PENDING_MAX;
    pthread_mutex_unlock(&l->mu);
    *location = gb_buf_steal(&url);
    return 0;
}

/* ---- step 2: the launch ---------------------------------------------------- */

/* Uses up the pending login of state: its nonce into nonce, or -1. */
static int take_state(struct lti_launch *l, const char *state, long long now,
                      char nonce[RANDOM_HEX + 1], struct gb_err *err)
{
    int found = 0;

    pthread_mutex_lock(&l->mu);
    for (size_t i = 0; state && !found && i < LTI_LAUNCH_PENDING_MAX; i++) {
        struct pending *p = &l->pending[i];

        if (p->expires && !strcmp(p->state, state)) {
            found = p->expires >= now ? 1 : -1;
            memcpy(nonce, p->nonce, sizeof p->nonce);
            memset(p, 0, sizeof *p);
        }
    }
    pthread_mutex_unlock(&l->mu);
    if (found == 1)
        return 0;
    return gb_fail(err, found ? "this launch took more than %d minutes; start it again from "
                                "the course page" : "this launch is unknown or was already "
                                "used; start it again from the course page",
                   LTI_LAUNCH_PENDING_S / 60);
}

/* The platform's keys, fetched (again) when none are kept or when a kid was
 * unknown and the last fetch is old enough. Called with l->mu held. */
static int fetch_jwks(struct lti_launch *l, long long now, struct gb_err *err)
{
    struct http_request rq = { .method = "GET", .url = l->jwks_url,
                               .accept = "application/json", .max_response = JWKS_MAX };
    struct http_opts o = { .connect_timeout_ms = 5000, .timeout_ms = 10000,
                           .ca_file = l->ca_file };
    struct http_response rs;
    cJSON *keys = NULL;
    int rc = 0;

    if (l->jwks && now - l->jwks_at < LTI_JWKS_REFETCH_S)
        return 1;                       /* too soon: a forged kid must not make us fetch */
    memset(&rs, 0, sizeof rs);
    if (http_fetch(&rq, &o, &rs, err))
        return -1;
    if (rs.status != 200)
        rc = gb_fail(err, "the platform's key set (%s) answered %ld%s%s", l->jwks_url,
                     rs.status, rs.error[0] ? ": " : "", rs.error);
    else if (!(keys = cJSON_ParseWithLength(rs.body.data ? rs.body.data : "", rs.body.len))
             || !cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(keys, "keys")))
        rc = gb_fail(err, "the platform's key set (%s) is not a JWK Set", l->jwks_url);
    http_response_free(&rs);
    if (rc) {
        cJSON_Delete(keys);
        return -1;
    }
    cJSON_Delete(l->jwks);
    l->jwks = keys;
    l->jwks_at = now;
    return 0;
}

/* The id_token's claims once its signature verified. */
static int verified_claims(struct lti_launch *l, const char *id_token, long long now,
                           cJSON **claims, struct gb_err *err)
{
    int rc;

    pthread_mutex_lock(&l->mu);
    rc = l->jwks ? lti_verify_jwt(id_token, l->jwks, claims, err) : 1;
    if (rc == 1) {
        int fetched = fetch_jwks(l, now, err);

        rc = fetched < 0 ? -1 : fetched == 1 ? -1 : lti_verify_jwt(id_token, l->jwks, claims, err);
    }
    pthread_mutex_unlock(&l->mu);
    return rc == 0 ? 0 : -1;
}

static const char *claim_str(const cJSON *c, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(c, key);

    return cJSON_IsString(v) ? v->valuestring : NULL;
}

static int claim_is(const cJSON *c, const char *key, const char *want, const char *what,
                    struct gb_err *err)
{
    const char *v = claim_str(c, key);

    if (v && !strcmp(v, want))
        return 0;
    return gb_fail(err, "the id_token's %s is %s%s%s, not %s", what, v ? "'" : "",
                   v ? v : "missing", v ? "'" : "", want);
}

/* aud holds the client id; with several audiences azp must name it. */
static int check_audience(const struct lti_launch *l, const cJSON *c, struct gb_err *err)
{
    const cJSON *aud = cJSON_GetObjectItemCaseSensitive(c, "aud"), *a;
    const cJSON *list = cJSON_IsArray(aud) ? aud : NULL;
    int found = 0, n = 0;

    if (cJSON_IsString(aud))
        found = !strcmp(aud->valuestring, l->client_id), n = 1;
    cJSON_ArrayForEach(a, list) {
        n++;
        found |= cJSON_IsString(a) && !strcmp(a->valuestring, l->client_id);
    }
    if (!found)
        return gb_fail(err, "the id_token is for another tool (its aud is not %s)",
                       l->client_id);
    if (n > 1)
        return claim_is(c, "azp", l->client_id, "azp", err);
    return 0;
}

/* The nonce drawn with the launch's state; never quoted (it is the login's secret). */
static int check_nonce(const cJSON *c, const char *nonce, struct gb_err *err)
{
    const char *v = claim_str(c, "nonce");

    if (v && !strcmp(v, nonce))
        return 0;
    return gb_fail(err, "the id_token's nonce is not the one this login drew: a replayed "
                   "id_token, or another login's");
}

static int check_times(const cJSON *c, long long now, struct gb_err *err)
{
    const cJSON *exp = cJSON_GetObjectItemCaseSensitive(c, "exp");
    const cJSON *iat = cJSON_GetObjectItemCaseSensitive(c, "iat");

    if (!cJSON_IsNumber(exp) || !cJSON_IsNumber(iat))
        return gb_fail(err, "the id_token has no exp or iat");
    if (exp->valuedouble + LTI_LAUNCH_SKEW_S < (double)now)
        return gb_fail(err, "the id_token expired %.0f s ago; start the launch again from "
                       "the course page", (double)now - exp->valuedouble);
    if (iat->valuedouble > (double)now + LTI_LAUNCH_SKEW_S)
        return gb_fail(err, "the id_token was issued in the future (iat); check the "
                       "platform's clock");
    return 0;
}

/* Instructor, Administrator or TeachingAssistant among the roles. */
static enum tokens_role role_of(const cJSON *c)
{
    static const char *const teach[] = {
        LIS "membership#Instructor", LIS "membership#Administrator",
        LIS "membership/Instructor#TeachingAssistant", LIS "institution/person#Instructor",
        LIS "institution/person#Administrator", LIS "system/person#Administrator",
    };
    const cJSON *r;

    cJSON_ArrayForEach(r, cJSON_GetObjectItemCaseSensitive(c, CLAIM "roles"))
        for (size_t i = 0; cJSON_IsString(r) && i < sizeof teach / sizeof teach[0]; i++)
            if (!strcmp(r->valuestring, teach[i]))
                return TOKENS_INSTRUCTOR;
    return TOKENS_STUDENT;
}

/* The exercise the resource link names: custom "exercise", else the
 * target_link_uri's ?exercise= (or &exercise=). */
static void exercise_of(const cJSON *c, char *out)
{
    const char *ex = claim_str(cJSON_GetObjectItemCaseSensitive(c, CLAIM "custom"), "exercise");
    const char *uri = claim_str(c, CLAIM "target_link_uri"), *q;
    size_t n;

    if (!ex && uri && (q = strchr(uri, '?'))) {
        for (q++; q && *q; q = strchr(q, '&') ? strchr(q, '&') + 1 : NULL)
            if (!strncmp(q, "exercise=", 9)) {
                ex = q + 9;
                break;
            }
    }
    n = ex ? strcspn(ex, "&#") : 0;
    out[0] = '\0';
    if (n && n <= LTI_EXERCISE_MAX && strspn(ex, "abcdefghijklmnopqrstuvwxyz0123456789_") >= n)
        snprintf(out, LTI_EXERCISE_MAX + 1, "%.*s", (int)n, ex);
}

static int identity_of(const struct lti_launch *l, const cJSON *c, long long now,
                       struct lti_identity *id, struct gb_err *err)
{
    const char *sub = claim_str(c, "sub");
    const char *course = l->course ? l->course
                                   : claim_str(cJSON_GetObjectItemCaseSensitive(c, CLAIM "context"),
                                               "id");

    memset(id, 0, sizeof *id);
    if (!sub || !tokens_valid_id(sub))
        return gb_fail(err, "the platform's user id (sub) '%.80s' is not one this service can "
                       "use (1-64 of A-Z a-z 0-9 . _ @ -)", sub ? sub : "");
    if (!course || !tokens_valid_id(course))
        return gb_fail(err, "the launch names no usable course (no context id, and the "
                       "platform's configuration gives none)");
    snprintf(id->who.student, sizeof id->who.student, "%s", sub);
    snprintf(id->who.course, sizeof id->who.course, "%s", course);
    id->who.role = role_of(c);
    id->who.issued = now;
    id->who.expires = now + LTI_LAUNCH_SESSION_S;
    exercise_of(c, id->exercise);
    return 0;
}

int lti_launch_verify(struct lti_launch *l, const char *id_token, const char *state,
                      long long now, struct lti_identity *id, struct gb_err *err)
{
    char nonce[RANDOM_HEX + 1];
    cJSON *c = NULL;
    int rc;

    if (!id_token || !*id_token)
        return gb_fail(err, "the launch has no id_token");
    if (take_state(l, state, now, nonce, err) || verified_claims(l, id_token, now, &c, err))
        return -1;
    rc = claim_is(c, "iss", l->issuer, "issuer (iss)", err) || check_audience(l, c, err)
         || check_times(c, now, err)
         || check_nonce(c, nonce, err)
         || claim_is(c, CLAIM "deployment_id", l->deployment_id, "deployment id", err)
         || claim_is(c, CLAIM "message_type", "LtiResourceLinkRequest", "message type", err)
         || claim_is(c, CLAIM "version", "1.3.0", "LTI version", err)
         || identity_of(l, c, now, id, err) ? -1 : 0;
    cJSON_Delete(c);
    return rc;
}
