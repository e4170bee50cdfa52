/* sign.h — Standard Webhooks signatures and the shared secret they use.
 *
 * Every delivery carries three headers (https://www.standardwebhooks.com):
 *   webhook-id:        the idempotency key (a result's result_id)
 *   webhook-timestamp: Unix seconds of this attempt
 *   webhook-signature: "v1," + base64(HMAC-SHA256(secret, id "." timestamp "." body))
 *
 * The secret is either "whsec_" followed by base64 (the Standard Webhooks
 * form: the key is the decoded bytes) or, without that prefix, the raw bytes
 * themselves.  Trailing whitespace (a file's final newline) is not part of it.
 * Secret bytes never appear in an error message; sign_key_free() wipes them.
 */
#ifndef GB_SIGN_H
#define GB_SIGN_H

#include <stddef.h>

#include "error.h"

/* "v1," + 44 base64 characters + NUL, with room to spare. */
#define SIGN_SIGNATURE_MAX 64
/* Shorter keys are too easy to guess. */
#define SIGN_KEY_MIN_BYTES 16

struct sign_key {
    unsigned char *bytes;
    size_t len;
};

/* Parses a secret; origin ("GRADEBOX_WEBHOOK_SECRET", a path) names it in errors. */
int sign_key_parse(struct sign_key *key, const char *text, size_t len,
                   const char *origin, struct gb_err *err);
int sign_key_load_file(struct sign_key *key, const char *path, struct gb_err *err);
void sign_key_free(struct sign_key *key);

/* Writes "v1,<base64>" into out. */
int sign_message(const struct sign_key *key, const char *msg_id, long long timestamp,
                 const void *body, size_t body_len, char out[SIGN_SIGNATURE_MAX],
                 struct gb_err *err);

#endif
