/* settings.c — default file locations of the service (see settings.h). */
#include "serve/settings.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int xdg_path(const char *env, const char *fallback, const char *name, char *out,
                    size_t size, struct gb_err *err)
{
    const char *base = getenv(env), *home = getenv("HOME");
    int n;

    if (base && base[0] == '/')
        n = snprintf(out, size, "%s/gradebox/%s", base, name);
    else if (home && home[0] == '/')
        n = snprintf(out, size, "%s/%s/gradebox/%s", home, fallback, name);
    else
        return gb_fail(err, "neither $%s nor $HOME is set: say where %s goes", env, name);
    if (n < 0 || (size_t)n >= size)
        return gb_fail(err, "the path of %s is too long", name);
    return 0;
}

int settings_default_db(char *out, size_t size, struct gb_err *err)
{
    const char *env = getenv("GRADEBOX_SERVE_DB");

    if (env && *env) {
        if (strlen(env) >= size)
            return gb_fail(err, "$GRADEBOX_SERVE_DB is too long");
        strcpy(out, env);
        return 0;
    }
    return xdg_path("XDG_STATE_HOME", ".local/state", "serve.sqlite", out, size, err);
}

int settings_default_key(char *out, size_t size, struct gb_err *err)
{
    const char *env = getenv("GRADEBOX_TOKEN_KEY_FILE");

    if (env && *env) {
        if (strlen(env) >= size)
            return gb_fail(err, "$GRADEBOX_TOKEN_KEY_FILE is too long");
        strcpy(out, env);
        return 0;
    }
    return xdg_path("XDG_CONFIG_HOME", ".config", "token.key", out, size, err);
}

int settings_make_parent(const char *path, struct gb_err *err)
{
    char dir[PATH_MAX];
    size_t len = strlen(path);

    if (len >= sizeof dir)
        return gb_fail(err, "path too long: %s", path);
    memcpy(dir, path, len + 1);
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(dir, 0700) < 0 && errno != EEXIST)
            return gb_fail_errno(err, "cannot create directory %s", dir);
        *p = '/';
    }
    return 0;
}
