/* lti_jwt.h — the tool's RSA key and the signed JWT it proves itself with to
 * an LTI 1.3 platform (RFC 7523 private_key_jwt, RS256, OpenSSL libcrypto).
 *
 * The key pair: `grader lti keygen` writes the private key (PEM, mode 0600,
 * never overwritten) and prints the public half as a JWK Set, which the LMS
 * administrator pastes into the tool's registration.  The key id (kid) is
 * the RFC 7638 thumbprint of the public key unless the registration names
 * another.  The private key is never printed and never stored elsewhere.
 *
 * The client assertion: header {"alg":"RS256","typ":"JWT","kid":KID},
 * claims {"iss": client_id, "sub": client_id, "aud": audience,
 * "iat": now, "exp": now + 300, "jti": 128 random bits in hex}.
 */
#ifndef GB_LTI_JWT_H
#define GB_LTI_JWT_H

#include <cjson/cJSON.h>

#include "buf.h"
#include "error.h"

#define LTI_KEY_MIN_BITS 2048
#define LTI_KID_MAX 128
#define LTI_ASSERTION_LIFETIME_S 300

struct lti_key {
    void *pkey;                   /* EVP_PKEY, RSA */
    char kid[LTI_KID_MAX + 1];
};

/* Loads a private RSA key (PEM); kid NULL or "" means the thumbprint. */
int lti_key_load(struct lti_key *k, const char *path, const char *kid, struct gb_err *err);
void lti_key_free(struct lti_key *k);

/* Writes a new RSA key of `bits` to path (refusing to replace a file). */
int lti_key_generate(const char *path, int bits, struct gb_err *err);

/* The public JWK: {"kty":"RSA","alg":"RS256","use":"sig","kid","n","e"}. */
cJSON *lti_key_public_jwk(const struct lti_key *k, struct gb_err *err);

/* The public key as PEM (SubjectPublicKeyInfo), appended to out. */
int lti_key_public_pem(const struct lti_key *k, struct gb_buf *out, struct gb_err *err);

/* RFC 7638 thumbprint of an RSA public key given as base64url n and e. */
int lti_jwk_thumbprint(const char *n_b64url, const char *e_b64url, char *out, size_t size,
                       struct gb_err *err);

/* A signed client assertion for the token endpoint, into out. */
int lti_jwt_client_assertion(const struct lti_key *k, const char *client_id,
                             const char *audience, long long now_s, struct gb_buf *out,
                             struct gb_err *err);

/* base64url without padding (RFC 7515 §2). */
int lti_base64url(const unsigned char *data, size_t len, struct gb_buf *out,
                  struct gb_err *err);

#endif
