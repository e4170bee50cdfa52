/* cmd_lti.h — the `grader lti` command: the tool's key and a check of the
 * registration with an LTI 1.3 platform.
 *
 *   grader lti keygen --key-file FILE [--bits 2048|3072|4096]
 *       writes a new RSA private key (mode 0600, never over an existing
 *       file) and prints its public half as a JWK Set on stdout
 *   grader lti public-key [--format jwks|jwk|pem] [SETTING...]
 *       prints the public half of lti-key-file: a JWK Set, the one JWK
 *       (Canvas's "Public JWK" field) or PEM (Moodle's "RSA key")
 *   grader lti status [SETTING...]
 *       asks the platform for an access token with the configured
 *       registration and says which scopes it granted — and, with a line
 *       items URL (--to), whether the course's line items can be read;
 *       the token itself is never printed
 *
 * SETTING is any delivery setting (deliver_config.h), e.g. --config FILE,
 * --lti-key-file FILE.  Exit status: 0 done, 1 the platform refused or did
 * not answer, 2 usage or configuration error.
 */
#ifndef GB_CMD_LTI_H
#define GB_CMD_LTI_H

int cmd_lti(int argc, char **argv);

#endif
