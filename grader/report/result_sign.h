/* result_sign.h — an instructor's signature on a result document, so that
 * `grader post` delivers only what a grader holding the key produced.
 *
 * Ed25519 (OpenSSL).  Results are signed by default: `grader check` (JSON or
 * --post), `grader batch` and `grader serve` sign with the grading machine's
 * key, $GRADEBOX_RESULT_SIGN_KEY, else $XDG_CONFIG_HOME/gradebox/results.key
 * (~/.config/gradebox/results.key), made on first use (mode 0600, its public
 * half beside it as results.pub); `grader check --sign-key FILE` names
 * another.  `grader post` checks with a verify key (verify-key, a public or
 * private key file; by default that same results.key) and refuses results
 * that are unsigned, signed by another key, or changed after signing.  Keys
 * are PEM files: openssl genpkey -algorithm ed25519.
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

#include <stddef.h>

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

/* The default key's path: $GRADEBOX_RESULT_SIGN_KEY or .../gradebox/results.key. */
int result_signer_default_path(char *out, size_t size, struct gb_err *err);
/* Loads the default key; with make, a missing one is made first (and *made
 * set, when made is not NULL); without, a missing one leaves s empty and
 * returns 1.  Call it before starting workers that sign in parallel. */
int result_signer_load_default(struct result_signer *s, int make, int *made,
                               struct gb_err *err);
void result_signer_free(struct result_signer *s);

/* Replaces doc's "signature" member (absent or null) with a signature object,
 * as the last member. */
int result_sign_document(const struct result_signer *s, cJSON *doc, struct gb_err *err);

/* Signs a serialised document: *out (cJSON_free it) is json re-serialised
 * compactly with its signature. */
int result_sign_text(const struct result_signer *s, const char *json, char **out,
                     struct gb_err *err);

/* Checks doc's signature; doc is unchanged.  The error says why it fails:
 * unsigned, another key, or changed after signing. */
int result_verify_document(const struct result_signer *s, cJSON *doc, struct gb_err *err);

#endif
