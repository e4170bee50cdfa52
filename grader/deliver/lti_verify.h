/* lti_verify.h — checking a JWT an LTI 1.3 platform signed (its id_token)
 * against the platform's public keys, a JWK Set (RFC 7517), with OpenSSL.
 *
 * Only what LTI 1.3 requires of a platform is accepted: a compact JWS
 * (header.payload.signature, base64url without padding), "alg": "RS256"
 * (never "none", never an HMAC that a public key could be abused to forge),
 * an RSA key of at least LTI_KEY_MIN_BITS named by the header's "kid" (a JWK
 * Set of one RSA key may be used without a kid).  The claims themselves (iss,
 * aud, exp, nonce, ...) are the caller's to check: this says only that the
 * holder of that key signed exactly these bytes.  lti_jwt.h signs; this
 * verifies, with the same base64url coding.
 */
#ifndef GB_LTI_VERIFY_H
#define GB_LTI_VERIFY_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "buf.h"
#include "error.h"

#define LTI_JWT_MAX 16384          /* bytes of a compact JWT accepted */

/* base64url, padded or not (RFC 4648 §5), decoded and appended to out;
 * -1 on a character outside the alphabet or an impossible length. */
int lti_base64url_decode(const char *s, size_t len, struct gb_buf *out, struct gb_err *err);

/* Verifies jwt against jwks (an object with "keys": [JWK, ...]).  0 with
 * *claims the payload object (the caller frees it); 1 when jwks holds no key
 * the header names (the caller may fetch the set again: keys rotate); -1
 * otherwise (malformed, another algorithm, a bad signature), err saying why. */
int lti_verify_jwt(const char *jwt, const cJSON *jwks, cJSON **claims, struct gb_err *err);

#endif
