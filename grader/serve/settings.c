/* settings.c — default file locations of the service (see settings.h). */
#include "serve/settings.h"

#include "buf.h"

int settings_default_db(char *out, size_t size, struct gb_err *err)
{
    return gb_user_file("GRADEBOX_SERVE_DB", "XDG_STATE_HOME", ".local/state", "serve.sqlite",
                        out, size, err);
}

int settings_default_key(char *out, size_t size, struct gb_err *err)
{
    return gb_user_file("GRADEBOX_TOKEN_KEY_FILE", "XDG_CONFIG_HOME", ".config", "token.key",
                        out, size, err);
}
