/* tokens.h — who is asking: HMAC-signed bearer tokens for `grader serve`.
 *
 * An instructor issues each student a token (`grader token issue`); the
 * service checks its signature with the same key, so it keeps no list of
 * tokens.  A token is
 *
 *     gbt1.<base64url(payload JSON)>.<base64url(HMAC-SHA256(key, "gbt1." payload))>
 *
 * with payload {"sub": student, "crs": course, "role": "student"|"instructor",
 * "iat": issued (Unix s), "exp": expires (Unix s), "jti": 32 hex digits}.
 * Revocation (by jti, or every token of a student issued before a moment) is
 * kept in the service's database (queue.h), not in the token.
 *
 * The key is a file of at least 32 random bytes (`grader token keygen`);
 * trailing whitespace is not part of it, and no message ever quotes it.
 */
#ifndef GB_TOKENS_H
#define GB_TOKENS_H

#include <stddef.h>

#include "error.h"

#define TOKENS_KEY_MIN_BYTES 32
#define TOKENS_ID_MAX 64          /* student and course ids */
#define TOKENS_JTI_LEN 32
#define TOKENS_MAX_LEN 1024       /* a longer Authorization value is not a token */

enum tokens_role { TOKENS_STUDENT, TOKENS_INSTRUCTOR };

struct tokens_key {
    unsigned char *bytes;
    size_t len;
};

struct tokens_claims {
    char student[TOKENS_ID_MAX + 1];
    char course[TOKENS_ID_MAX + 1];
    enum tokens_role role;
    long long issued;             /* Unix seconds */
    long long expires;
    char jti[TOKENS_JTI_LEN + 1];
};

int tokens_key_load(struct tokens_key *key, const char *path, struct gb_err *err);
/* Writes a new random key (0600, refusing to overwrite an existing file). */
int tokens_key_generate(const char *path, struct gb_err *err);
void tokens_key_free(struct tokens_key *key);

/* 1 if s is a usable student or course id: 1-64 of [A-Za-z0-9._@-]. */
int tokens_valid_id(const char *s);

/* Signs claims (their jti is filled with a fresh random one); *out is a
 * heap string the caller frees. */
int tokens_issue(const struct tokens_key *key, struct tokens_claims *claims, char **out,
                 struct gb_err *err);

/* Checks the signature, the form and the expiry at now (Unix seconds); on
 * failure err says why in words a student can act on.  Revocation is the
 * caller's to check (queue_token_revoked). */
int tokens_verify(const struct tokens_key *key, const char *token, long long now,
                  struct tokens_claims *claims, struct gb_err *err);

/* Reads claims without checking the signature or expiry (for `grader token
 * revoke TOKEN`, which needs only the jti).  Never use it to authorise. */
int tokens_peek(const char *token, struct tokens_claims *claims, struct gb_err *err);

const char *tokens_role_name(enum tokens_role role);

#endif
