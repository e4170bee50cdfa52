/* result_sign.c — Ed25519 signatures on result documents (see result_sign.h). */
#include "report/result_sign.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
        return gb_fail(err, "the result is not signed, and a verify key is set: only results "
                       "signed by `grader check --sign-key` are accepted");
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
                     "changed after `grader check` signed it");
    cJSON_free(text);
    reattach(doc, sigobj, where);
    return rc;
}
