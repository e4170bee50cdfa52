/* lti_verify.c — RS256 JWTs checked against a platform's JWK Set (see lti_verify.h). */
#include "deliver/lti_verify.h"

#include <string.h>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>

#include "deliver/lti_jwt.h"

static int b64_value(char c)
{
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '-') return 62;
    if (c == '_') return 63;
    return -1;
}

int lti_base64url_decode(const char *s, size_t len, struct gb_buf *out, struct gb_err *err)
{
    unsigned acc = 0;
    int bits = 0;

    while (len && s[len - 1] == '=')
        len--;
    if (len % 4 == 1)
        return gb_fail(err, "not base64url: a length no encoding has");
    for (size_t i = 0; i < len; i++) {
        int v = b64_value(s[i]);

        if (v < 0)
            return gb_fail(err, "not base64url: character %zu", i + 1);
        acc = (acc << 6 | (unsigned)v) & 0xffffff;
        bits += 6;
        if (bits >= 8) {
            unsigned char byte = (unsigned char)(acc >> (bits - 8));

            bits -= 8;
            if (gb_buf_append(out, &byte, 1, err))
                return -1;
        }
    }
    return gb_buf_append(out, "", 0, err);   /* NUL-terminated, even when empty */
}

/* A big-endian unsigned integer from a JWK member (n or e). */
static BIGNUM *jwk_bn(const cJSON *jwk, const char *name, struct gb_err *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(jwk, name);
    struct gb_buf raw = GB_BUF_INIT;
    BIGNUM *bn = NULL;

    if (!cJSON_IsString(v)) {
        gb_fail(err, "the platform's key has no \"%s\"", name);
        return NULL;
    }
    if (lti_base64url_decode(v->valuestring, strlen(v->valuestring), &raw, err) == 0
        && !(bn = BN_bin2bn((const unsigned char *)raw.data, (int)raw.len, NULL)))
        gb_fail(err, "out of memory reading the platform's key");
    gb_buf_free(&raw);
    return bn;
}

/* The RSA public key of a JWK, or NULL with err set. */
static EVP_PKEY *jwk_public_key(const cJSON *jwk, struct gb_err *err)
{
    BIGNUM *n = jwk_bn(jwk, "n", err), *e = n ? jwk_bn(jwk, "e", err) : NULL;
    OSSL_PARAM_BLD *bld = e ? OSSL_PARAM_BLD_new() : NULL;
    OSSL_PARAM *params = NULL;
    EVP_PKEY_CTX *ctx = NULL;
    EVP_PKEY *key = NULL;

    if (bld && OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_N, n) == 1
        && OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_E, e) == 1
        && (params = OSSL_PARAM_BLD_to_param(bld))
        && (ctx = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL))
        && EVP_PKEY_fromdata_init(ctx) == 1
        && EVP_PKEY_fromdata(ctx, &key, EVP_PKEY_PUBLIC_KEY, params) == 1) {
        if (EVP_PKEY_get_bits(key) < LTI_KEY_MIN_BITS) {
            gb_fail(err, "the platform's key has %d bits; at least %d are needed",
                    EVP_PKEY_get_bits(key), LTI_KEY_MIN_BITS);
            EVP_PKEY_free(key);
            key = NULL;
        }
    } else if (e) {
        gb_fail(err, "the platform's key is not a usable RSA public key");
    }
    EVP_PKEY_CTX_free(ctx);
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(bld);
    BN_free(n);
    BN_free(e);
    return key;
}

/* The JWK of jwks that kid names (kid NULL: the only RSA key), or NULL. */
static const cJSON *find_key(const cJSON *jwks, const char *kid)
{
    const cJSON *k, *found = NULL;
    int rsa = 0;

    cJSON_ArrayForEach(k, cJSON_GetObjectItemCaseSensitive(jwks, "keys")) {
        const cJSON *kty = cJSON_GetObjectItemCaseSensitive(k, "kty");
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(k, "kid");

        if (!cJSON_IsString(kty) || strcmp(kty->valuestring, "RSA"))
            continue;
        rsa++;
        if (kid ? cJSON_IsString(id) && !strcmp(id->valuestring, kid) : !found)
            found = k;
    }
    return kid || rsa == 1 ? found : NULL;
}

/* The decoded JSON object of one part. */
static cJSON *json_part(const char *s, size_t len, const char *what, struct gb_err *err)
{
    struct gb_buf raw = GB_BUF_INIT;
    cJSON *o = NULL;

    if (lti_base64url_decode(s, len, &raw, err) == 0
        && (!(o = cJSON_ParseWithLength(raw.data, raw.len)) || !cJSON_IsObject(o))) {
        cJSON_Delete(o);
        o = NULL;
        gb_fail(err, "the id_token's %s is not a JSON object", what);
    }
    gb_buf_free(&raw);
    return o;
}

static int rs256_verify(EVP_PKEY *key, const char *input, size_t len, const char *sig64,
                        struct gb_err *err)
{
    struct gb_buf sig = GB_BUF_INIT;
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    int ok = 0;

    if (md && lti_base64url_decode(sig64, strlen(sig64), &sig, err) == 0)
        ok = EVP_DigestVerifyInit(md, NULL, EVP_sha256(), NULL, key) == 1
             && EVP_DigestVerify(md, (const unsigned char *)sig.data, sig.len,
                                 (const unsigned char *)input, len) == 1;
    EVP_MD_CTX_free(md);
    gb_buf_free(&sig);
    return ok ? 0 : gb_fail(err, "the id_token's signature does not verify with the "
                            "platform's key: forged, altered, or signed with another key");
}

int lti_verify_jwt(const char *jwt, const cJSON *jwks, cJSON **claims, struct gb_err *err)
{
    const char *dot1 = jwt ? strchr(jwt, '.') : NULL, *dot2 = dot1 ? strchr(dot1 + 1, '.') : NULL;
    const cJSON *alg, *kid, *jwk;
    cJSON *head = NULL;
    EVP_PKEY *key = NULL;
    int rc = -1;

    *claims = NULL;
    if (!dot2 || strchr(dot2 + 1, '.') || strlen(jwt) > LTI_JWT_MAX)
        return gb_fail(err, "the id_token is not a signed JWT (header.payload.signature)");
    if (!(head = json_part(jwt, (size_t)(dot1 - jwt), "header", err)))
        return -1;
    alg = cJSON_GetObjectItemCaseSensitive(head, "alg");
    kid = cJSON_GetObjectItemCaseSensitive(head, "kid");
    if (!cJSON_IsString(alg) || strcmp(alg->valuestring, "RS256"))
        gb_fail(err, "the id_token is signed with \"%s\"; LTI 1.3 platforms sign with RS256",
                cJSON_IsString(alg) ? alg->valuestring : "no algorithm");
    else if (!dot2[1])
        gb_fail(err, "the id_token carries no signature");
    else if (!(jwk = find_key(jwks, cJSON_IsString(kid) ? kid->valuestring : NULL))) {
        gb_fail(err, "the platform's key set has no key \"%s\"",
                cJSON_IsString(kid) ? kid->valuestring : "(no kid)");
        rc = 1;
    } else if ((key = jwk_public_key(jwk, err))
             && rs256_verify(key, jwt, (size_t)(dot2 - jwt), dot2 + 1, err) == 0
             && (*claims = json_part(dot1 + 1, (size_t)(dot2 - dot1 - 1), "payload", err)))
        rc = 0;
    EVP_PKEY_free(key);
    cJSON_Delete(head);
    return rc;
}
