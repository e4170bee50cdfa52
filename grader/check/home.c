/* home.c — finds gradebox's data directories (see home.h). */
#include "check/home.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define HOME_SHARE_SUBDIR "share/gradebox"   /* under PREFIX, as make install puts it */

static int is_dir(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int join(char *out, size_t size, const char *dir, const char *name)
{
    return snprintf(out, size, "%s/%s", dir, name) < (int)size ? 0 : -1;
}

static int holds_rubrics(const char *dir)
{
    char probe[PATH_MAX + 16];

    return join(probe, sizeof probe, dir, "rubrics") == 0 && is_dir(probe);
}

/* Cuts path at its last slash; fails when nothing (or only "/") would be left. */
static int strip_last(char *path)
{
    char *slash = strrchr(path, '/');

    if (!slash || slash == path)
        return -1;
    *slash = '\0';
    return 0;
}

/* The installed layout is tried first: a copy installed under a checkout
 * (make install PREFIX=$PWD/build/inst) must grade with the data it was
 * installed with, not with the checkout's working tree above it. */
int home_root_for_exe(const char *exe, char *root, size_t size, struct gb_err *err)
{
    char dir[PATH_MAX], prefix[PATH_MAX], share[PATH_MAX + 16];

    if (snprintf(dir, sizeof dir, "%s", exe) >= (int)sizeof dir || strip_last(dir))
        return gb_fail(err, "cannot tell the directory of the executable %s", exe);
    memcpy(prefix, dir, strlen(dir) + 1);
    if (strip_last(prefix) == 0 && join(share, sizeof share, prefix, HOME_SHARE_SUBDIR) == 0
        && holds_rubrics(share))
        return snprintf(root, size, "%s", share) < (int)size
                   ? 0 : gb_fail(err, "gradebox's directory path is too long");
    for (int level = 0; level < 4; level++) {
        if (holds_rubrics(dir))
            return snprintf(root, size, "%s", dir) < (int)size
                       ? 0 : gb_fail(err, "gradebox's directory path is too long");
        if (strip_last(dir))
            break;
    }
    return gb_fail(err, "cannot find gradebox's rubrics/ next to %s, nor in ../%s; "
                        "set GRADEBOX_HOME to the gradebox directory", exe, HOME_SHARE_SUBDIR);
}

static int root_from_exe(char *root, size_t size, struct gb_err *err)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);

    if (n <= 0)
        return gb_fail_errno(err, "cannot find this grader's own path (/proc/self/exe); "
                                  "set GRADEBOX_HOME to the gradebox directory");
    exe[n] = '\0';
    return home_root_for_exe(exe, root, size, err);
}

int home_find(const char *rubrics_override, struct gb_home *home, struct gb_err *err)
{
    const char *env = getenv("GRADEBOX_HOME");

    memset(home, 0, sizeof *home);
    if (env && *env) {
        if (!is_dir(env))
            return gb_fail(err, "GRADEBOX_HOME=%s is not a directory", env);
        snprintf(home->root, sizeof home->root, "%s", env);
    } else if (root_from_exe(home->root, sizeof home->root, err)) {
        return -1;
    }
    if (join(home->exercises, sizeof home->exercises, home->root, "exercises")
        || join(home->shims, sizeof home->shims, home->root, "grader/shims")
        || (rubrics_override
                ? snprintf(home->rubrics, sizeof home->rubrics, "%s", rubrics_override)
                      >= (int)sizeof home->rubrics
                : join(home->rubrics, sizeof home->rubrics, home->root, "rubrics")))
        return gb_fail(err, "gradebox's directory path is too long");
    if (!is_dir(home->rubrics))
        return gb_fail(err, "rubrics directory %s does not exist", home->rubrics);
    return 0;
}
