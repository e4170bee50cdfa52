/* settings.h — where `grader serve`, `grader worker` and `grader token`
 * keep their files when not told.
 *
 *   queue database   --db, else $GRADEBOX_SERVE_DB, else
 *                    $XDG_STATE_HOME/gradebox/serve.sqlite (~/.local/state/...)
 *   token key        --token-key / --key, else $GRADEBOX_TOKEN_KEY_FILE, else
 *                    $XDG_CONFIG_HOME/gradebox/token.key (~/.config/...)
 * Directories created for them are private (0700, gb_make_parent in buf.h):
 * they hold students' work and the key that signs every token.
 */
#ifndef GB_SETTINGS_H
#define GB_SETTINGS_H

#include <stddef.h>

#include "error.h"

int settings_default_db(char *out, size_t size, struct gb_err *err);
int settings_default_key(char *out, size_t size, struct gb_err *err);

#endif
