/* result_sign.c — Ed25519 signatures on result documents (see result_sign.h). */
#include "report/result_sign.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <openssl/bio.h>
#include <openssl/evp.h>
#include <openssl/pem.h>

#include "buf.h"

#define KEY_FILE_MAX 65536
#define ED25519_SIG 64
#define ED25519_RAW 32

static EVP_PKEY *read_pem(const struct gb_buf *pem, int *is_private)
{
    BIO *bio = BIO_new_mem_buf(pem->data, (int)pem->len);
    EVP_PKEY *k = NULL;

    if (!bio)
        return NULL;
    k = PEM_read_bio_PrivateKey(bio, NULL, NULL, NULL);
    *is_private = k != NULL;
    if (!k && BIO_reset(bio) == 1)
        k = PEM_read_bio_PUBKEY(bio, NULL, NULL, NULL);
    BIO_free(bio);
    return k;
}

static int key_id(EVP_PKEY *k, char out[RESULT_SIGN_KEY_ID_HEX + 1])
{
    unsigned char raw[ED25519_RAW], md[EVP_MAX_MD_SIZE];
    size_t n = sizeof raw;
    unsigned int mdn = 0;

    if (EVP_PKEY_get_raw_public_key(k, raw, &n) != 1 || n != ED25519_RAW
        || !EVP_Digest(raw, n, md, &mdn, EVP_sha256(), NULL))
        return -1;
    for (int i = 0; i < RESULT_SIGN_KEY_ID_HEX / 2; i++)
        snprintf(out + 2 * i, 3, "%02x", md[i]);
    return 0;
}

int result_signer_load(struct result_signer *s, const char *path, struct gb_err *err)
{
    struct gb_buf pem = GB_BUF_INIT;
    EVP_PKEY *k;
    int is_private = 0;

    memset(s, 0, sizeof *s);
    if (gb_read_file(path, KEY_FILE_MAX, &pem, err))
        return gb_err_prefix(err, "result signing key");
    k = read_pem(&pem, &is_private);
    OPENSSL_cleanse(pem.data, pem.len);
    gb_buf_free(&pem);
    if (!k)
        return gb_fail(err, "%s is not a PEM key (make one with: openssl genpkey "
                       "-algorithm ed25519 -out %s)", path, path);
    if (!EVP_PKEY_is_a(k, "ED25519") || key_id(k, s->key_id)) {
        EVP_PKEY_free(k);
        return gb_fail(err, "%s is not an Ed25519 key: results are signed with Ed25519 "
                       "(openssl genpkey -algorithm ed25519)", path);
    }
    if (is_private) {
        /* Re-read through the permission check now that we know it is secret. */
        if (gb_read_private_file(path, KEY_FILE_MAX, &pem, err)) {
            EVP_PKEY_free(k);
            return -1;
        }
        OPENSSL_cleanse(pem.data, pem.len);
        gb_buf_free(&pem);
    }
    s->pkey = k;
    s->can_sign = is_private;
    return 0;
}

/* ---- the grading machine's key ------------------------------------------- */

int result_signer_default_path(char *out, size_t size, struct gb_err *err)
{
    return gb_user_file("GRADEBOX_RESULT_SIGN_KEY", "XDG_CONFIG_HOME", ".config", "results.key",
                        out, size, err);
}

/* The PEM of a new key (private and public), each in a buffer to wipe/free. */
static int new_key_pem(struct gb_buf *priv, struct gb_buf *pub, struct gb_err *err)
{
    EVP_PKEY *k = EVP_PKEY_Q_keygen(NULL, NULL, "ED25519");
    BIO *a = BIO_new(BIO_s_secmem()), *b = BIO_new(BIO_s_mem());   /* secmem: wiped */
    char *pa, *pb;
    long na, nb;
    int rc = -1;

    if (k && a && b && PEM_write_bio_PrivateKey(a, k, NULL, NULL, 0, NULL, NULL) == 1
        && PEM_write_bio_PUBKEY(b, k) == 1 && (na = BIO_get_mem_data(a, &pa)) > 0
        && (nb = BIO_get_mem_data(b, &pb)) > 0)
        rc = gb_buf_append(priv, pa, (size_t)na, err) || gb_buf_append(pub, pb, (size_t)nb, err)
                 ? -1 : 0;
    else
        gb_fail(err, "cannot make an Ed25519 key (OpenSSL failed)");
    EVP_PKEY_free(k);
    BIO_free(a);
    BIO_free(b);
    return rc;
}

/* Writes a new key at path and its public half at path's .pub sibling; a
 * key another process made first is kept (0). */
static int make_key(const char *path, struct gb_err *err)
{
    struct gb_buf priv = GB_BUF_INIT, pub = GB_BUF_INIT;
    char pubpath[PATH_MAX];
    size_t n = strlen(path);
    int rc;

    if (n > 4 && !strcmp(path + n - 4, ".key"))
        n -= 4;
    if (snprintf(pubpath, sizeof pubpath, "%.*s.pub", (int)n, path) >= (int)sizeof pubpath)
        return gb_fail(err, "path too long: %s", path);
    rc = gb_make_parent(path, err) || new_key_pem(&priv, &pub, err) ? -1
         : gb_write_file_new(path, priv.data, priv.len, 0600, err);
    if (priv.data)
        OPENSSL_cleanse(priv.data, priv.cap);
    gb_buf_free(&priv);
    if (rc == 0) {             /* the public half is a convenience: copy it to post */
        if (gb_write_file_new(pubpath, pub.data, pub.len, 0644, err) < 0)
            rc = -1;
    }
    gb_buf_free(&pub);
    return rc < 0 ? gb_err_prefix(err, "result signing key") : 0;
}

int result_signer_load_default(struct result_signer *s, int make, int *made,
                               struct gb_err *err)
{
    char path[PATH_MAX];

    memset(s, 0, sizeof *s);
    if (made)
        *made = 0;
    if (result_signer_default_path(path, sizeof path, err))
        return gb_err_prefix(err, "result signing key");
    if (access(path, F_OK) != 0) {
        if (errno != ENOENT)
            return gb_fail_errno(err, "result signing key %s", path);
        if (!make)
            return 1;
        if (make_key(path, err))
            return -1;
        if (made)
            *made = 1;
    }
    return result_signer_load(s, path, err);
}

void result_signer_free(struct result_signer *s)
{
    EVP_PKEY_free(s->pkey);
    memset(s, 0, sizeof *s);
}

/* The signed bytes: the document without "signature", compact. */
static char *signed_text(cJSON *doc, cJSON **detached, int *where)
{
    cJSON *c;
    int i = 0;
    char *text;

    *detached = NULL;
    *where = -1;
    for (c = doc->child; c; c = c->next, i++)
        if (c->string && !strcmp(c->string, "signature"))
            break;
    if (c) {
        *detached = cJSON_DetachItemViaPointer(doc, c);
        *where = i;
    }
    text = cJSON_PrintUnformatted(doc);
    return text;
}

static void reattach(cJSON *doc, cJSON *item, int where)
{
    if (!item)
        return;
    if (where >= cJSON_GetArraySize(doc))
        cJSON_AddItemToArray(doc, item);
    else
        cJSON_InsertItemInArray(doc, where, item);
}

static int ed25519(EVP_PKEY *k, int sign, const char *text, unsigned char *sig, size_t *siglen)
{
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    int ok;

    if (!md)
        return -1;
    if (sign)
        ok = EVP_DigestSignInit(md, NULL, NULL, NULL, k) == 1
             && EVP_DigestSign(md, sig, siglen, (const unsigned char *)text, strlen(text)) == 1;
    else
        ok = EVP_DigestVerifyInit(md, NULL, NULL, NULL, k) == 1
             && EVP_DigestVerify(md, sig, *siglen, (const unsigned char *)text,
                                 strlen(text)) == 1;
    EVP_MD_CTX_free(md);
    return ok ? 0 : -1;
}

int result_sign_document(const struct result_signer *s, cJSON *doc, struct gb_err *err)
{
    unsigned char sig[ED25519_SIG];
    char b64[4 * ((ED25519_SIG + 2) / 3) + 1];
    size_t siglen = sizeof sig;
    cJSON *old, *o;
    int where, rc;
    char *text;

    if (!s->can_sign)
        return gb_fail(err, "the result signing key is a public key: signing needs the "
                       "private key");
    text = signed_text(doc, &old, &where);
    cJSON_Delete(old);
    rc = text && !ed25519(s->pkey, 1, text, sig, &siglen) && siglen == ED25519_SIG ? 0 : -1;
    cJSON_free(text);
    if (rc)
        return gb_fail(err, "cannot sign the result (Ed25519 failed or out of memory)");
    EVP_EncodeBlock((unsigned char *)b64, sig, (int)siglen);
    o = cJSON_CreateObject();
    if (!o || !cJSON_AddStringToObject(o, "alg", "Ed25519")
        || !cJSON_AddStringToObject(o, "key_id", s->key_id)
        || !cJSON_AddStringToObject(o, "value", b64) || !cJSON_AddItemToObject(doc, "signature", o)) {
        cJSON_Delete(o);
        return gb_fail(err, "out of memory signing the result");
    }
    return 0;
}

int result_sign_text(const struct result_signer *s, const char *json, char **out,
                     struct gb_err *err)
{
    cJSON *doc = cJSON_Parse(json);
    int rc;

    *out = NULL;
    if (!cJSON_IsObject(doc)) {
        cJSON_Delete(doc);
        return gb_fail(err, "cannot sign a result that is not a JSON object");
    }
    rc = result_sign_document(s, doc, err);
    if (rc == 0 && !(*out = cJSON_PrintUnformatted(doc)))
        rc = gb_fail(err, "out of memory signing the result");
    cJSON_Delete(doc);
    return rc;
}

static int decode_sig(const char *b64, unsigned char sig[ED25519_SIG])
{
    unsigned char buf[ED25519_SIG + 3];

    if (!b64 || strlen(b64) != 4 * ((ED25519_SIG + 2) / 3)
        || EVP_DecodeBlock(buf, (const unsigned char *)b64, (int)strlen(b64)) != ED25519_SIG + 2)
        return -1;
    memcpy(sig, buf, ED25519_SIG);
    return 0;
}

static int check_signature_member(const struct result_signer *s, const cJSON *sigobj,
                                  unsigned char sig[ED25519_SIG], struct gb_err *err)
{
    const cJSON *alg = cJSON_GetObjectItemCaseSensitive(sigobj, "alg");
    const cJSON *kid = cJSON_GetObjectItemCaseSensitive(sigobj, "key_id");
    const cJSON *val = cJSON_GetObjectItemCaseSensitive(sigobj, "value");

    if (!sigobj || cJSON_IsNull(sigobj))
        return gb_fail(err, "the result is not signed: only results signed by the key of the "
                       "machine that graded them are posted (--allow-unsigned posts it anyway)");
    if (!cJSON_IsObject(sigobj) || !cJSON_IsString(alg) || strcmp(alg->valuestring, "Ed25519")
        || !cJSON_IsString(kid) || !cJSON_IsString(val) || decode_sig(val->valuestring, sig))
        return gb_fail(err, "field \"signature\" is malformed (expected alg Ed25519, key_id "
                       "and a base64 value)");
    if (strcmp(kid->valuestring, s->key_id))
        return gb_fail(err, "the result is signed by key %.16s, not by the verify key %s",
                       kid->valuestring, s->key_id);
    return 0;
}

int result_verify_document(const struct result_signer *s, cJSON *doc, struct gb_err *err)
{
    unsigned char sig[ED25519_SIG];
    size_t siglen = ED25519_SIG;
    cJSON *sigobj;
    int where, rc;
    char *text = signed_text(doc, &sigobj, &where);

    rc = check_signature_member(s, sigobj, sig, err);
    if (rc == 0 && !text)
        rc = gb_fail(err, "out of memory verifying the result's signature");
    if (rc == 0 && ed25519(s->pkey, 0, text, sig, &siglen))
        rc = gb_fail(err, "the result's signature does not match its content: it was "
                     "changed after the grader signed it");
    cJSON_free(text);
    reattach(doc, sigobj, where);
    return rc;
}
