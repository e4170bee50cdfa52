/* lti_jwt.c — the tool's RSA key, its public JWK, and RS256 client assertions (see lti_jwt.h). */
#include "deliver/lti_jwt.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rsa.h>

#define KEY_FILE_MAX 65536

int lti_base64url(const unsigned char *data, size_t len, struct gb_buf *out,
                  struct gb_err *err)
{
    size_t cap = 4 * ((len + 2) / 3) + 1, n;
    unsigned char *tmp = malloc(cap);

    if (!tmp)
        return gb_fail(err, "out of memory encoding base64url");
    n = (size_t)EVP_EncodeBlock(tmp, data, (int)len);
    while (n && tmp[n - 1] == '=')
        n--;
    for (size_t i = 0; i < n; i++)
        tmp[i] = tmp[i] == '+' ? '-' : tmp[i] == '/' ? '_' : tmp[i];
    n = gb_buf_append(out, tmp, n, err) ? (size_t)-1 : 0;
    free(tmp);
    return n ? -1 : 0;
}

/* n or e of an RSA key as base64url. */
static int rsa_param_b64(EVP_PKEY *k, const char *name, struct gb_buf *out, struct gb_err *err)
{
    BIGNUM *bn = NULL;
    unsigned char *bin;
    int len, rc;

    if (EVP_PKEY_get_bn_param(k, name, &bn) != 1)
        return gb_fail(err, "cannot read the RSA key's %s", name);
    len = BN_num_bytes(bn);
    bin = malloc(len > 0 ? (size_t)len : 1);
    if (!bin) {
        BN_free(bn);
        return gb_fail(err, "out of memory reading the RSA key");
    }
    BN_bn2bin(bn, bin);
    rc = lti_base64url(bin, (size_t)len, out, err);
    free(bin);
    BN_free(bn);
    return rc;
}

int lti_jwk_thumbprint(const char *n_b64url, const char *e_b64url, char *out, size_t size,
                       struct gb_err *err)
{
    struct gb_buf canon = GB_BUF_INIT, b64 = GB_BUF_INIT;
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int mdn = 0;
    int rc;

    /* RFC 7638 §3.2: the required members, sorted, no whitespace. */
    rc = gb_buf_printf(&canon, err, "{\"e\":\"%s\",\"kty\":\"RSA\",\"n\":\"%s\"}", e_b64url,
                       n_b64url);
    if (rc == 0 && !EVP_Digest(canon.data, canon.len, md, &mdn, EVP_sha256(), NULL))
        rc = gb_fail(err, "SHA-256 failed");
    if (rc == 0)
        rc = lti_base64url(md, mdn, &b64, err);
    if (rc == 0 && snprintf(out, size, "%s", b64.data) >= (int)size)
        rc = gb_fail(err, "key id buffer too small");
    gb_buf_free(&canon);
    gb_buf_free(&b64);
    return rc;
}

static EVP_PKEY *read_private(const char *path, struct gb_err *err)
{
    struct gb_buf pem = GB_BUF_INIT;
    EVP_PKEY *k = NULL;
    BIO *bio;

    if (gb_read_private_file(path, KEY_FILE_MAX, &pem, err)) {
        gb_err_prefix(err, "LTI tool key");
        return NULL;
    }
    bio = BIO_new_mem_buf(pem.data, (int)pem.len);
    if (bio)
        k = PEM_read_bio_PrivateKey(bio, NULL, NULL, NULL);
    BIO_free(bio);
    OPENSSL_cleanse(pem.data, pem.len);
    gb_buf_free(&pem);
    if (!k)
        gb_fail(err, "LTI tool key %s is not a PEM private key (`grader lti keygen` writes "
                "one)", path);
    return k;
}

int lti_key_load(struct lti_key *k, const char *path, const char *kid, struct gb_err *err)
{
    struct gb_buf n = GB_BUF_INIT, e = GB_BUF_INIT;
    EVP_PKEY *p;
    int rc = 0;

    memset(k, 0, sizeof *k);
    if (!(p = read_private(path, err)))
        return -1;
    if (!EVP_PKEY_is_a(p, "RSA") || EVP_PKEY_get_bits(p) < LTI_KEY_MIN_BITS) {
        EVP_PKEY_free(p);
        return gb_fail(err, "LTI tool key %s must be RSA of at least %d bits (LTI 1.3 signs "
                       "with RS256)", path, LTI_KEY_MIN_BITS);
    }
    if (kid && *kid) {
        if (snprintf(k->kid, sizeof k->kid, "%s", kid) >= (int)sizeof k->kid)
            rc = gb_fail(err, "lti-key-id is longer than %d characters", LTI_KID_MAX);
    } else {
        rc = rsa_param_b64(p, OSSL_PKEY_PARAM_RSA_N, &n, err)
             || rsa_param_b64(p, OSSL_PKEY_PARAM_RSA_E, &e, err)
             || lti_jwk_thumbprint(n.data, e.data, k->kid, sizeof k->kid, err) ? -1 : 0;
    }
    gb_buf_free(&n);
    gb_buf_free(&e);
    if (rc)
        EVP_PKEY_free(p);
    else
        k->pkey = p;
    return rc;
}

void lti_key_free(struct lti_key *k)
{
    EVP_PKEY_free(k->pkey);
    memset(k, 0, sizeof *k);
}

cJSON *lti_key_public_jwk(const struct lti_key *k, struct gb_err *err)
{
    struct gb_buf n = GB_BUF_INIT, e = GB_BUF_INIT;
    cJSON *o = NULL;

    if (!rsa_param_b64(k->pkey, OSSL_PKEY_PARAM_RSA_N, &n, err)
        && !rsa_param_b64(k->pkey, OSSL_PKEY_PARAM_RSA_E, &e, err)) {
        o = cJSON_CreateObject();
        if (!o || !cJSON_AddStringToObject(o, "kty", "RSA")
            || !cJSON_AddStringToObject(o, "alg", "RS256")
            || !cJSON_AddStringToObject(o, "use", "sig")
            || !cJSON_AddStringToObject(o, "kid", k->kid)
            || !cJSON_AddStringToObject(o, "n", n.data)
            || !cJSON_AddStringToObject(o, "e", e.data)) {
            cJSON_Delete(o);
            o = NULL;
            gb_fail(err, "out of memory writing the public JWK");
        }
    }
    gb_buf_free(&n);
    gb_buf_free(&e);
    return o;
}

int lti_key_public_pem(const struct lti_key *k, struct gb_buf *out, struct gb_err *err)
{
    BIO *bio = BIO_new(BIO_s_mem());
    char *pem = NULL;
    long len = 0;
    int rc = -1;

    if (bio && PEM_write_bio_PUBKEY(bio, k->pkey) == 1 && (len = BIO_get_mem_data(bio, &pem)) > 0)
        rc = gb_buf_append(out, pem, (size_t)len, err);
    else
        gb_fail(err, "cannot write the public key as PEM");
    BIO_free(bio);
    return rc;
}

/* PEM of a fresh key, written to a new file only (O_EXCL), mode 0600. */
static int write_new_file(const char *path, const char *data, size_t len, struct gb_err *err)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);

    if (fd < 0)
        return errno == EEXIST
               ? gb_fail(err, "%s exists already; keygen never replaces a key (move it "
                         "away first)", path)
               : gb_fail_errno(err, "cannot create %s", path);
    if (gb_write_all(fd, data, len) || fsync(fd)) {
        gb_fail_errno(err, "cannot write %s", path);
        close(fd);
        unlink(path);
        return -1;
    }
    if (close(fd))
        return gb_fail_errno(err, "cannot write %s", path);
    return 0;
}

int lti_key_generate(const char *path, int bits, struct gb_err *err)
{
    EVP_PKEY *k = EVP_RSA_gen((unsigned int)bits);
    BIO *bio = BIO_new(BIO_s_mem());
    char *pem = NULL;
    long len = 0;
    int rc = -1;

    if (!k || !bio || PEM_write_bio_PrivateKey(bio, k, NULL, NULL, 0, NULL, NULL) != 1
        || (len = BIO_get_mem_data(bio, &pem)) <= 0)
        gb_fail(err, "cannot generate an RSA key of %d bits", bits);
    else
        rc = write_new_file(path, pem, (size_t)len, err);
    if (pem && len > 0)
        OPENSSL_cleanse(pem, (size_t)len);
    BIO_free(bio);
    EVP_PKEY_free(k);
    return rc;
}

static int json_part(cJSON *o, struct gb_buf *out, struct gb_err *err)
{
    char *text = o ? cJSON_PrintUnformatted(o) : NULL;
    int rc = text ? lti_base64url((unsigned char *)text, strlen(text), out, err)
                  : gb_fail(err, "out of memory building a JWT");

    cJSON_free(text);
    cJSON_Delete(o);
    return rc;
}

static cJSON *claims(const char *client_id, const char *audience, long long now_s,
                     struct gb_err *err)
{
    unsigned char raw[16];
    char jti[33];
    cJSON *o;

    if (getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw) {
        gb_fail_errno(err, "no randomness for the JWT id");
        return NULL;
    }
    for (size_t i = 0; i < sizeof raw; i++)
        snprintf(jti + 2 * i, 3, "%02x", raw[i]);
    o = cJSON_CreateObject();
    if (!o || !cJSON_AddStringToObject(o, "iss", client_id)
        || !cJSON_AddStringToObject(o, "sub", client_id)
        || !cJSON_AddStringToObject(o, "aud", audience)
        || !cJSON_AddNumberToObject(o, "iat", (double)now_s)
        || !cJSON_AddNumberToObject(o, "exp", (double)(now_s + LTI_ASSERTION_LIFETIME_S))
        || !cJSON_AddStringToObject(o, "jti", jti)) {
        cJSON_Delete(o);
        gb_fail(err, "out of memory building a JWT");
        return NULL;
    }
    return o;
}

static int rs256(EVP_PKEY *k, const struct gb_buf *input, struct gb_buf *out, struct gb_err *err)
{
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    unsigned char *sig = NULL;
    size_t siglen = 0;
    int rc = -1;

    if (md && EVP_DigestSignInit(md, NULL, EVP_sha256(), NULL, k) == 1
        && EVP_DigestSign(md, NULL, &siglen, (const unsigned char *)input->data, input->len) == 1
        && (sig = malloc(siglen))
        && EVP_DigestSign(md, sig, &siglen, (const unsigned char *)input->data, input->len) == 1)
        rc = lti_base64url(sig, siglen, out, err);
    else
        gb_fail(err, "cannot sign the JWT (RS256)");
    free(sig);
    EVP_MD_CTX_free(md);
    return rc;
}

int lti_jwt_client_assertion(const struct lti_key *k, const char *client_id,
                             const char *audience, long long now_s, struct gb_buf *out,
                             struct gb_err *err)
{
    cJSON *head = cJSON_CreateObject(), *body = claims(client_id, audience, now_s, err);
    struct gb_buf part = GB_BUF_INIT;
    int rc;

    if (!body) {
        cJSON_Delete(head);
        return -1;
    }
    if (!head || !cJSON_AddStringToObject(head, "alg", "RS256")
        || !cJSON_AddStringToObject(head, "typ", "JWT")
        || !cJSON_AddStringToObject(head, "kid", k->kid)) {
        cJSON_Delete(head);
        cJSON_Delete(body);
        return gb_fail(err, "out of memory building a JWT");
    }
    rc = json_part(head, out, err);
    rc = json_part(body, &part, err) || rc ? -1 : 0;
    if (rc == 0)
        rc = gb_buf_puts(out, ".", err) || gb_buf_append(out, part.data, part.len, err) ? -1 : 0;
    gb_buf_free(&part);
    if (rc == 0) {
        /* header.claims as they stand is what is signed. */
        struct gb_buf input = { out->data, out->len, out->cap };
        rc = rs256(k->pkey, &input, &part, err) || gb_buf_puts(out, ".", err)
             || gb_buf_append(out, part.data, part.len, err) ? -1 : 0;
        gb_buf_free(&part);
    }
    return rc;
}
