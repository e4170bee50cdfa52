/* cmd_token.h — `grader token`: the instructor's side of the service's tokens.
 *
 *   grader token keygen [FILE]
 *   grader token issue STUDENT... --course COURSE [--instructor] [--days N] [--key FILE]
 *   grader token show TOKEN [--key FILE]
 *   grader token revoke TOKEN [--db URL]
 *   grader token revoke --jti ID [--db URL]
 *   grader token revoke --student STUDENT --course COURSE [--db URL]
 *
 * issue prints one token per line ("STUDENT TOKEN" when several are issued);
 * show checks a token against the key and prints what it says; revoke
 * records the revocation in the service's database, where every host sees
 * it at the token's next use.  Exit status 0, 1 (show: not valid), 2 usage
 * or setup error.  Defaults for FILE and URL: settings.h.
 */
#ifndef GB_CMD_TOKEN_H
#define GB_CMD_TOKEN_H

int cmd_token(int argc, char **argv);

#endif
