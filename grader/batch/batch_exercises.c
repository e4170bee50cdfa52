/* batch_exercises.c — the rubrics loaded once, matched and digested (see batch_exercises.h). */
#define _GNU_SOURCE
#include "batch/batch_exercises.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "check/home.h"
#include "check/exname.h"
#include "report/report.h"
#include "sandbox/sandbox.h"
#include "score/rubric.h"

#define DIGESTED_FILE_MAX (64u << 20)

static int digest_file(EVP_MD_CTX *md, const char *path, struct gb_err *err)
{
    struct gb_buf b = GB_BUF_INIT;
    int rc = gb_read_file(path, DIGESTED_FILE_MAX, &b, err);

    /* The name goes in too: a file renamed is a different input. */
    if (rc == 0 && (!EVP_DigestUpdate(md, path, strlen(path) + 1) ||
                    !EVP_DigestUpdate(md, b.data ? b.data : "", b.len)))
        rc = gb_fail(err, "cannot compute SHA-256");
    gb_buf_free(&b);
    return rc;
}

static int is_course_py(const struct dirent *de)
{
    size_t n = strlen(de->d_name);

    return de->d_name[0] != '.' && n > 3 && !strcmp(de->d_name + n - 3, ".py");
}

/* Course files (every .py in exercises/) each run gets, in name order. */
static int digest_course_files(EVP_MD_CTX *md, const char *dir, struct gb_err *err)
{
    struct dirent **names = NULL;
    char path[PATH_MAX + 300];
    int n = scandir(dir, &names, is_course_py, alphasort), rc = 0;

    if (n < 0)
        return gb_fail_errno(err, "cannot list the course files in %s", dir);
    for (int i = 0; i < n; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
        if (rc == 0)
            rc = digest_file(md, path, err);
        free(names[i]);
    }
    free(names);
    return rc;
}

static int digest_rubric(const struct rubric *r, const struct gb_home *home, char hex[65],
                         struct gb_err *err)
{
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    int rc = md && EVP_DigestInit_ex(md, EVP_sha256(), NULL) &&
             EVP_DigestUpdate(md, GRADER_VERSION, sizeof GRADER_VERSION) ? 0 : -1;

    if (rc)
        gb_fail(err, "cannot compute SHA-256");
    if (rc == 0)
        rc = digest_file(md, r->path, err);
    for (size_t i = 0; rc == 0 && i < r->expected.n; i++)
        rc = digest_file(md, r->expected.v[i], err);
    if (rc == 0)
        rc = digest_course_files(md, home->exercises, err);
    if (rc == 0 && (!EVP_DigestFinal_ex(md, out, &len) || len != 32))
        rc = gb_fail(err, "cannot compute SHA-256");
    for (unsigned i = 0; rc == 0 && i < len; i++)
        snprintf(hex + 2 * i, 3, "%02x", out[i]);
    EVP_MD_CTX_free(md);
    return rc;
}

static int add_exercise(struct batch_exercises *ex, const struct rubric *r,
                        const struct gb_home *home, struct gb_err *err)
{
    struct batch_exercise *e, *grown = realloc(ex->v, (ex->n + 1) * sizeof *grown);
    struct sandbox_limits lim;

    if (!grown)
        return gb_fail(err, "out of memory");
    ex->v = grown;
    e = &ex->v[ex->n];
    memset(e, 0, sizeof *e);
    sandbox_limits_default(&lim);
    rubric_apply_limits(r, &lim);
    e->is_run = r->mode == RUBRIC_MODE_RUN;
    e->memory_bytes = e->is_run ? lim.memory_bytes : 0;
    e->wall_seconds = lim.wall_seconds;
    e->name = strdup(r->exercise);
    e->submission = strdup(r->submission);
    if (!e->name || !e->submission) {
        free(e->name);
        free(e->submission);
        return gb_fail(err, "out of memory");
    }
    ex->n++;
    if (digest_rubric(r, home, e->digest, err))
        return gb_err_prefix(err, "rubric %s", r->path);
    return 0;
}

static int is_rubric(const struct dirent *de)
{
    size_t n = strlen(de->d_name);

    return de->d_name[0] != '.' && n > 5 && !strcmp(de->d_name + n - 5, ".json");
}

static int load_all(struct batch_exercises *ex, const struct gb_home *home, struct gb_err *err)
{
    struct dirent **names = NULL;
    char path[PATH_MAX + 300];
    int n = scandir(home->rubrics, &names, is_rubric, alphasort), rc = 0;

    if (n < 0)
        return gb_fail_errno(err, "cannot read the rubrics directory %s", home->rubrics);
    for (int i = 0; i < n; i++) {
        struct rubric *r = NULL;

        snprintf(path, sizeof path, "%s/%s", home->rubrics, names[i]->d_name);
        if (rc == 0 && rubric_load(path, &r, err) == 0)
            rc = add_exercise(ex, r, home, err);
        else if (rc == 0)
            rc = -1;
        rubric_free(r);
        free(names[i]);
    }
    free(names);
    if (rc == 0 && ex->n == 0)
        return gb_fail(err, "no rubric in %s", home->rubrics);
    return rc;
}

int batch_exercises_load(const char *rubrics_dir, struct batch_exercises *ex,
                         struct gb_err *err)
{
    struct gb_home home;

    memset(ex, 0, sizeof *ex);
    if (home_find(rubrics_dir, &home, err))
        return -1;
    snprintf(ex->rubrics_dir, sizeof ex->rubrics_dir, "%s", home.rubrics);
    snprintf(ex->exercises_dir, sizeof ex->exercises_dir, "%s", home.exercises);
    if (load_all(ex, &home, err)) {
        batch_exercises_free(ex);
        return -1;
    }
    return 0;
}

void batch_exercises_free(struct batch_exercises *ex)
{
    for (size_t i = 0; i < ex->n; i++) {
        free(ex->v[i].name);
        free(ex->v[i].submission);
    }
    free(ex->v);
    ex->v = NULL;
    ex->n = 0;
}

const struct batch_exercise *batch_exercises_match(const struct batch_exercises *ex,
                                                   const char *file, int *ambiguous)
{
    const struct batch_exercise *partial = NULL;
    int n_partial = 0;

    *ambiguous = 0;
    for (size_t i = 0; i < ex->n; i++) {
        int m = exname_match(file, ex->v[i].submission);

        if (m == 2)
            return &ex->v[i];
        if (m == 1 && n_partial++ == 0)
            partial = &ex->v[i];
    }
    if (n_partial > 1) {
        *ambiguous = 1;
        return NULL;
    }
    return partial;
}

const struct batch_exercise *batch_exercises_near(const struct batch_exercises *ex,
                                                  const char *file)
{
    for (size_t i = 0; i < ex->n; i++)
        if (exname_close(file, ex->v[i].submission))
            return &ex->v[i];
    return NULL;
}

const struct batch_exercise *batch_exercises_find(const struct batch_exercises *ex,
                                                  const char *name)
{
    for (size_t i = 0; i < ex->n; i++)
        if (!strcmp(ex->v[i].name, name))
            return &ex->v[i];
    return NULL;
}
