/* tokens.c — issuing and checking gradebox bearer tokens (see tokens.h).
 *
 * Base64url is OpenSSL's base64 with the two URL-unsafe characters swapped
 * and the padding dropped (RFC 4648 §5); the payload is JSON read by cJSON.
 * The MAC is compared in constant time before anything in the payload is
 * believed.
 */
#include "serve/tokens.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include "buf.h"

#define TOKEN_PREFIX "gbt1."
#define KEY_FILE_MAX 4096
#define PAYLOAD_MAX 600          /* decoded bytes; real payloads are ~200 */
#define MAC_LEN 32

static int is_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

int tokens_key_load(struct tokens_key *key, const char *path, struct gb_err *err)
{
    struct gb_buf b = GB_BUF_INIT;
    size_t len;

    key->bytes = NULL;
    key->len = 0;
    if (gb_read_file(path, KEY_FILE_MAX, &b, err))
        return gb_err_prefix(err, "token key");
    len = b.len;
    while (len && is_space((unsigned char)b.data[len - 1]))
        len--;
    if (len < TOKENS_KEY_MIN_BYTES) {
        OPENSSL_clear_free(b.data, b.cap);
        return gb_fail(err, "token key %s holds %zu bytes; at least %d are needed "
                       "(`grader token keygen FILE` makes one)", path, len,
                       TOKENS_KEY_MIN_BYTES);
    }
    key->bytes = (unsigned char *)b.data;   /* the buffer itself; wiped on free */
    key->len = len;
    return 0;
}

int tokens_key_generate(const char *path, struct gb_err *err)
{
    unsigned char raw[48];
    char text[80];
    int n, rc;

    if (RAND_bytes(raw, sizeof raw) != 1)
        return gb_fail(err, "no random bytes for a token key");
    n = EVP_EncodeBlock((unsigned char *)text, raw, sizeof raw);
    OPENSSL_cleanse(raw, sizeof raw);
    text[n++] = '\n';
    rc = gb_write_file_new(path, text, (size_t)n, 0600, err);
    OPENSSL_cleanse(text, sizeof text);
    if (rc > 0)
        return gb_fail(err, "%s exists; a new key would invalidate every token "
                       "signed with it (remove the file first if that is meant)", path);
    return rc;
}

void tokens_key_free(struct tokens_key *key)
{
    if (key->bytes)
        OPENSSL_clear_free(key->bytes, key->len);
    key->bytes = NULL;
    key->len = 0;
}

int tokens_valid_id(const char *s)
{
    size_t n = 0;

    for (; s[n]; n++) {
        char c = s[n];

        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '.' || c == '_' || c == '@' || c == '-'))
            return 0;
    }
    return n >= 1 && n <= TOKENS_ID_MAX;
}

const char *tokens_role_name(enum tokens_role role)
{
    return role == TOKENS_INSTRUCTOR ? "instructor" : "student";
}

/* ---- base64url ------------------------------------------------------------ */

/* out must hold 4 * ceil(len / 3) + 1 bytes. */
static size_t b64url_encode(const unsigned char *in, size_t len, char *out)
{
    int n = EVP_EncodeBlock((unsigned char *)out, in, (int)len);

    while (n > 0 && out[n - 1] == '=')
        n--;
    out[n] = '\0';
    for (int i = 0; i < n; i++)
        out[i] = out[i] == '+' ? '-' : out[i] == '/' ? '_' : out[i];
    return (size_t)n;
}

/* Decodes into out (room for max bytes); -1 on any character outside the
 * alphabet, a length no encoder produces, or too much data. */
static int b64url_decode(const char *in, size_t len, unsigned char *out, size_t max)
{
    char std[1024];
    size_t padded = (len + 3) / 4 * 4;
    int n;

    if (len % 4 == 1 || padded >= sizeof std || padded / 4 * 3 > max)
        return -1;
    for (size_t i = 0; i < len; i++) {
        char c = in[i];

        if (c == '-')
            c = '+';
        else if (c == '_')
            c = '/';
        else if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
            return -1;
        std[i] = c;
    }
    memset(std + len, '=', padded - len);
    n = EVP_DecodeBlock(out, (const unsigned char *)std, (int)padded);
    if (n < 0)
        return -1;
    return n - (int)(padded - len);     /* DecodeBlock counts padding as zero bytes */
}

/* ---- signing --------------------------------------------------------------- */

static int mac_of(const struct tokens_key *key, const char *signed_part, size_t len,
                  unsigned char mac[MAC_LEN], struct gb_err *err)
{
    unsigned int n = 0;

    if (!HMAC(EVP_sha256(), key->bytes, (int)key->len, (const unsigned char *)signed_part,
              len, mac, &n) || n != MAC_LEN)
        return gb_fail(err, "cannot compute HMAC-SHA256");
    return 0;
}

static char *claims_json(const struct tokens_claims *c)
{
    cJSON *o = cJSON_CreateObject();
    char *text = NULL;

    if (o && cJSON_AddStringToObject(o, "sub", c->student) &&
        cJSON_AddStringToObject(o, "crs", c->course) &&
        cJSON_AddStringToObject(o, "role", tokens_role_name(c->role)) &&
        cJSON_AddNumberToObject(o, "iat", (double)c->issued) &&
        cJSON_AddNumberToObject(o, "exp", (double)c->expires) &&
        cJSON_AddStringToObject(o, "jti", c->jti))
        text = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    return text;
}

int tokens_issue(const struct tokens_key *key, struct tokens_claims *claims, char **out,
                 struct gb_err *err)
{
    unsigned char rnd[TOKENS_JTI_LEN / 2], mac[MAC_LEN];
    char *json, *tok;
    size_t jlen, cap, n;

    *out = NULL;
    if (!tokens_valid_id(claims->student) || !tokens_valid_id(claims->course))
        return gb_fail(err, "student and course ids are 1-%d characters of A-Z a-z 0-9 . _ @ -",
                       TOKENS_ID_MAX);
    if (claims->expires <= claims->issued)
        return gb_fail(err, "a token must expire after it is issued");
    if (RAND_bytes(rnd, sizeof rnd) != 1)
        return gb_fail(err, "no random bytes for a token id");
    for (size_t i = 0; i < sizeof rnd; i++)
        snprintf(claims->jti + 2 * i, 3, "%02x", rnd[i]);
    if (!(json = claims_json(claims)))
        return gb_fail(err, "out of memory");
    jlen = strlen(json);
    cap = sizeof TOKEN_PREFIX + (jlen + 2) / 3 * 4 + 1 + (MAC_LEN + 2) / 3 * 4 + 1;
    if (!(tok = malloc(cap))) {
        free(json);
        return gb_fail(err, "out of memory");
    }
    n = (size_t)snprintf(tok, cap, "%s", TOKEN_PREFIX);
    n += b64url_encode((unsigned char *)json, jlen, tok + n);
    free(json);
    if (mac_of(key, tok, n, mac, err)) {
        free(tok);
        return -1;
    }
    tok[n++] = '.';
    b64url_encode(mac, MAC_LEN, tok + n);
    *out = tok;
    return 0;
}

/* ---- checking ---------------------------------------------------------------- */

static int copy_id(const cJSON *o, const char *name, char *dst)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);

    if (!cJSON_IsString(v) || !tokens_valid_id(v->valuestring))
        return -1;
    strcpy(dst, v->valuestring);        /* valid ids are at most TOKENS_ID_MAX long */
    return 0;
}

static int copy_time(const cJSON *o, const char *name, long long *dst)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);

    if (!cJSON_IsNumber(v) || v->valuedouble < 0 || v->valuedouble > 1e13)
        return -1;
    *dst = (long long)v->valuedouble;
    return 0;
}

static int parse_claims(const unsigned char *json, size_t len, struct tokens_claims *c)
{
    cJSON *o = cJSON_ParseWithLength((const char *)json, len);
    const cJSON *role, *jti;
    int rc = -1;

    memset(c, 0, sizeof *c);
    if (!o)
        return -1;
    role = cJSON_GetObjectItemCaseSensitive(o, "role");
    jti = cJSON_GetObjectItemCaseSensitive(o, "jti");
    if (copy_id(o, "sub", c->student) == 0 && copy_id(o, "crs", c->course) == 0 &&
        copy_time(o, "iat", &c->issued) == 0 && copy_time(o, "exp", &c->expires) == 0 &&
        cJSON_IsString(role) && cJSON_IsString(jti) &&
        strlen(jti->valuestring) == TOKENS_JTI_LEN &&
        strspn(jti->valuestring, "0123456789abcdef") == TOKENS_JTI_LEN) {
        strcpy(c->jti, jti->valuestring);
        if (!strcmp(role->valuestring, "student"))
            c->role = TOKENS_STUDENT, rc = 0;
        else if (!strcmp(role->valuestring, "instructor"))
            c->role = TOKENS_INSTRUCTOR, rc = 0;
    }
    cJSON_Delete(o);
    return rc;
}

/* Splits "gbt1.PAYLOAD.MAC"; *dot is the second dot. */
static int split_token(const char *token, const char **payload, const char **dot)
{
    size_t len = strnlen(token, TOKENS_MAX_LEN + 1);

    if (len > TOKENS_MAX_LEN || strncmp(token, TOKEN_PREFIX, strlen(TOKEN_PREFIX)))
        return -1;
    *payload = token + strlen(TOKEN_PREFIX);
    *dot = strchr(*payload, '.');
    return *dot && *dot > *payload && !strchr(*dot + 1, '.') ? 0 : -1;
}

int tokens_peek(const char *token, struct tokens_claims *claims, struct gb_err *err)
{
    unsigned char json[PAYLOAD_MAX];
    const char *payload, *dot;
    int n;

    if (split_token(token, &payload, &dot) ||
        (n = b64url_decode(payload, (size_t)(dot - payload), json, sizeof json)) < 0 ||
        parse_claims(json, (size_t)n, claims))
        return gb_fail(err, "this is not a gradebox token (gbt1.…)");
    return 0;
}

int tokens_verify(const struct tokens_key *key, const char *token, long long now,
                  struct tokens_claims *claims, struct gb_err *err)
{
    unsigned char want[MAC_LEN], got[MAC_LEN + 3], json[PAYLOAD_MAX];
    const char *payload, *dot;
    int n;

    memset(claims, 0, sizeof *claims);
    if (split_token(token, &payload, &dot))
        return gb_fail(err, "this is not a gradebox token (they start with gbt1.); "
                       "copy the whole token your instructor sent");
    if (mac_of(key, token, (size_t)(dot - token), want, err))
        return -1;
    n = b64url_decode(dot + 1, strlen(dot + 1), got, sizeof got);
    if (n != MAC_LEN || CRYPTO_memcmp(want, got, MAC_LEN) != 0)
        return gb_fail(err, "the token's signature does not match: it was altered, cut "
                       "short, or issued for another gradebox service");
    n = b64url_decode(payload, (size_t)(dot - payload), json, sizeof json);
    if (n < 0 || parse_claims(json, (size_t)n, claims))
        return gb_fail(err, "the token is signed but its contents are malformed");
    if (now >= claims->expires) {
        char when[32];
        time_t t = (time_t)claims->expires;
        struct tm tm;

        strftime(when, sizeof when, "%Y-%m-%d %H:%M UTC", gmtime_r(&t, &tm));
        return gb_fail(err, "the token expired on %s; ask your instructor for a new one", when);
    }
    return 0;
}
