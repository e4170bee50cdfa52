/* sign.c — HMAC-SHA256 Standard Webhooks signatures and secret parsing (see sign.h). */
#include "deliver/sign.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "buf.h"

#define SECRET_FILE_MAX 4096

static int is_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Decodes standard base64; returns the decoded length or -1.  EVP_DecodeBlock
 * counts padding as zero bytes, so the '=' at the end are subtracted. */
static int base64_decode(const char *in, size_t len, unsigned char *out)
{
    int n, pad = 0;

    if (len == 0 || len % 4 != 0 || len > 4096)
        return -1;
    n = EVP_DecodeBlock(out, (const unsigned char *)in, (int)len);
    if (n < 0)
        return -1;
    if (in[len - 1] == '=')
        pad++;
    if (in[len - 2] == '=')
        pad++;
    return n - pad;
}

int sign_key_parse(struct sign_key *key, const char *text, size_t len,
                   const char *origin, struct gb_err *err)
{
    static const char prefix[] = "whsec_";
    const size_t plen = sizeof prefix - 1;
    unsigned char *bytes;
    int n;

    key->bytes = NULL;
    key->len = 0;
    while (len && is_space((unsigned char)text[len - 1]))
        len--;
    if (len == 0)
        return gb_fail(err, "webhook secret from %s is empty", origin);
    bytes = malloc(len + 4);
    if (!bytes)
        return gb_fail(err, "out of memory reading the webhook secret");
    if (len > plen && !memcmp(text, prefix, plen)) {
        n = base64_decode(text + plen, len - plen, bytes);
        if (n < 0) {
            OPENSSL_clear_free(bytes, len + 4);
            /* Never quote the value: it is the secret. */
            return gb_fail(err, "webhook secret from %s starts with whsec_ but the rest "
                           "is not valid base64", origin);
        }
    } else {
        memcpy(bytes, text, len);
        n = (int)len;
    }
    if ((size_t)n < SIGN_KEY_MIN_BYTES) {
        OPENSSL_clear_free(bytes, len + 4);
        return gb_fail(err, "webhook secret from %s is %d bytes; at least %d are needed",
                       origin, n, SIGN_KEY_MIN_BYTES);
    }
    key->bytes = bytes;
    key->len = (size_t)n;
    return 0;
}

int sign_key_load_file(struct sign_key *key, const char *path, struct gb_err *err)
{
    struct gb_buf b = GB_BUF_INIT;
    int rc;

    key->bytes = NULL;
    key->len = 0;
    if (gb_read_file(path, SECRET_FILE_MAX, &b, err))
        return gb_err_prefix(err, "webhook secret file");
    rc = sign_key_parse(key, b.data, b.len, path, err);
    OPENSSL_cleanse(b.data, b.cap);
    gb_buf_free(&b);
    return rc;
}

void sign_key_free(struct sign_key *key)
{
    if (key->bytes)
        OPENSSL_clear_free(key->bytes, key->len);
    key->bytes = NULL;
    key->len = 0;
}

/* One HMAC fetch per process: looking the algorithm up costs more than a MAC. */
static EVP_MAC *hmac_algorithm(void)
{
    static EVP_MAC *mac;

    if (!mac)
        mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
    return mac;
}

int sign_message(const struct sign_key *key, const char *msg_id, long long timestamp,
                 const void *body, size_t body_len, char out[SIGN_SIGNATURE_MAX],
                 struct gb_err *err)
{
    unsigned char mac[EVP_MAX_MD_SIZE];
    size_t mac_len = 0;
    char ts[32], digest[] = "SHA256";
    OSSL_PARAM params[2];
    EVP_MAC *alg = hmac_algorithm();
    EVP_MAC_CTX *ctx;
    int ok;

    if (!key->bytes || key->len == 0)
        return gb_fail(err, "no webhook secret loaded to sign with");
    if (!alg)
        return gb_fail(err, "OpenSSL has no HMAC implementation available");
    snprintf(ts, sizeof ts, "%lld", timestamp);
    ctx = EVP_MAC_CTX_new(alg);
    if (!ctx)
        return gb_fail(err, "out of memory creating an HMAC context");
    params[0] = OSSL_PARAM_construct_utf8_string("digest", digest, 0);
    params[1] = OSSL_PARAM_construct_end();
    ok = EVP_MAC_init(ctx, key->bytes, key->len, params) &&
         EVP_MAC_update(ctx, (const unsigned char *)msg_id, strlen(msg_id)) &&
         EVP_MAC_update(ctx, (const unsigned char *)".", 1) &&
         EVP_MAC_update(ctx, (const unsigned char *)ts, strlen(ts)) &&
         EVP_MAC_update(ctx, (const unsigned char *)".", 1) &&
         EVP_MAC_update(ctx, body, body_len) &&
         EVP_MAC_final(ctx, mac, &mac_len, sizeof mac);
    EVP_MAC_CTX_free(ctx);
    if (!ok)
        return gb_fail(err, "HMAC-SHA256 failed while signing webhook %s", msg_id);
    memcpy(out, "v1,", 3);
    EVP_EncodeBlock((unsigned char *)out + 3, mac, (int)mac_len);
    OPENSSL_cleanse(mac, sizeof mac);
    return 0;
}
