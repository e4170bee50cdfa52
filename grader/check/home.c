/* home.c — finds gradebox's data directories (see home.h). */
#include "check/home.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int is_dir(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int join(char *out, size_t size, const char *dir, const char *name)
{
    return snprintf(out, size, "%s/%s", dir, name) < (int)size ? 0 : -1;
}

/* The nearest ancestor (up to four levels) of the executable holding rubrics/. */
static int root_from_exe(char *root, size_t size)
{
    char exe[PATH_MAX], probe[PATH_MAX + 16];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);

    if (n <= 0)
        return -1;
    exe[n] = '\0';
    for (int level = 0; level < 4; level++) {
        char *slash = strrchr(exe, '/');

        if (!slash || slash == exe)
            return -1;
        *slash = '\0';
        if (join(probe, sizeof probe, exe, "rubrics") == 0 && is_dir(probe))
            return snprintf(root, size, "%s", exe) < (int)size ? 0 : -1;
    }
    return -1;
}

int home_find(const char *rubrics_override, struct gb_home *home, struct gb_err *err)
{
    const char *env = getenv("GRADEBOX_HOME");

    memset(home, 0, sizeof *home);
    if (env && *env) {
        if (!is_dir(env))
            return gb_fail(err, "GRADEBOX_HOME=%s is not a directory", env);
        snprintf(home->root, sizeof home->root, "%s", env);
    } else if (root_from_exe(home->root, sizeof home->root)) {
        return gb_fail(err, "cannot find gradebox's rubrics/ next to this grader; "
                            "set GRADEBOX_HOME to the gradebox directory");
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
