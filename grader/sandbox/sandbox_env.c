/* sandbox_env.c — the command line and environment a sandboxed run sees
 * (see sandbox_env.h). */
#define _GNU_SOURCE
#include "sandbox/sandbox_env.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sandbox_strv_free(char **v)
{
    for (char **p = v; p && *p; p++)
        free(*p);
    free(v);
}

/* Host paths into the work directory become paths under SANDBOX_WORKDIR. */
char **sandbox_env_argv(const struct sandbox_spec *spec, struct gb_err *err)
{
    size_t n = 0, wlen = strlen(spec->workdir);
    char **v;

    while (wlen && spec->workdir[wlen - 1] == '/')
        wlen--;

    while (spec->argv[n])
        n++;
    v = calloc(n + 1, sizeof *v);
    if (!v)
        return gb_fail(err, "out of memory preparing the command"), NULL;
    for (size_t i = 0; i < n; i++) {
        const char *a = spec->argv[i];

        if (wlen && !strncmp(a, spec->workdir, wlen) && a[wlen] == '/') {
            if (asprintf(&v[i], "%s%s", SANDBOX_WORKDIR, a + wlen) < 0)
                v[i] = NULL;
        } else {
            v[i] = strdup(a);
        }
        if (!v[i]) {
            sandbox_strv_free(v);
            return gb_fail(err, "out of memory preparing the command"), NULL;
        }
    }
    return v;
}

static const char *const base_env[] = {
    "PATH=/usr/local/bin:/usr/bin:/bin",
    "HOME=" SANDBOX_WORKDIR,
    "LANG=C.UTF-8",
    "LC_ALL=C.UTF-8",
    "TMPDIR=/tmp",
    "PYTHONDONTWRITEBYTECODE=1",
    /* Output printed before a limit stops the run is kept, not lost in a buffer. */
    "PYTHONUNBUFFERED=1",
    /* One thread per pool: runs are comparable, CPU time is not multiplied. */
    "OMP_NUM_THREADS=1",
    "OPENBLAS_NUM_THREADS=1",
    "MKL_NUM_THREADS=1",
    NULL
};

static int same_key(const char *a, const char *b)
{
    size_t ka = strcspn(a, "="), kb = strcspn(b, "=");

    return ka == kb && !strncmp(a, b, ka);
}

char **sandbox_env_list(const struct sandbox_spec *spec, struct gb_err *err)
{
    size_t nb = sizeof base_env / sizeof base_env[0] - 1, ns = 0, n = 0;
    char **v;

    while (spec->env && spec->env[ns])
        ns++;
    v = calloc(nb + ns + 1, sizeof *v);
    if (!v)
        return gb_fail(err, "out of memory preparing the environment"), NULL;
    for (size_t i = 0; i < nb + ns; i++) {
        const char *e = i < nb ? base_env[i] : spec->env[i - nb];
        size_t j = 0;

        if (!strchr(e, '='))
            continue;
        while (j < n && !same_key(v[j], e))
            j++;
        free(j < n ? v[j] : NULL);
        v[j] = strdup(e);
        if (!v[j]) {
            sandbox_strv_free(v);
            return gb_fail(err, "out of memory preparing the environment"), NULL;
        }
        if (j == n)
            n++;
    }
    return v;
}
