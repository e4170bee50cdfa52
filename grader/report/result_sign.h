/* result_sign.h — an instructor's signature on a result document, so that
 * `grader post` delivers only what a grader holding the key produced.
 *
 * Ed25519 (OpenSSL).  `grader check --sign-key FILE` signs its JSON result;
 * `grader post` given a verify key (verify-key, a public or private key
 * file) refuses results that are unsigned, signed by another key, or changed
 * after signing.  Keys are PEM files: openssl genpkey -algorithm ed25519.
 *
 * What is signed: the document without its "signature" member, serialised by
 * cJSON_PrintUnformatted — the members in document order, no whitespace.  The
 * member is then
 *     "signature": { "alg": "Ed25519", "key_id": KEY_ID, "value": BASE64 }
 * where KEY_ID is the first 16 hex digits of SHA-256 over the raw 32-byte
 * public key.  An unsigned document carries "signature": null.
 */
#ifndef GB_RESULT_SIGN_H
#define GB_RESULT_SIGN_H

#include <cjson/cJSON.h>

#include "error.h"

#define RESULT_SIGN_KEY_ID_HEX 16

struct result_signer {
    void *pkey;                                   /* EVP_PKEY */
    int can_sign;                                 /* a private key was loaded */
    char key_id[RESULT_SIGN_KEY_ID_HEX + 1];
};

/* A private key (to sign and to verify) or a public key (to verify). */
int result_signer_load(struct result_signer *s, const char *path, struct gb_err *err);
void result_signer_free(struct result_signer *s);

/* Replaces doc's "signature" member (absent or null) with a signature object,
 * as the last member. */
int result_sign_document(const struct result_signer *s, cJSON *doc, struct gb_err *err);

/* Checks doc's signature; doc is unchanged.  The error says why it fails:
 * unsigned, another key, or changed after signing. */
int result_verify_document(const struct result_signer *s, cJSON *doc, struct gb_err *err);

#endif
