/* catalog.c — the exercises `grader serve` grades and its upload checks
 * (see catalog.h). */
#include "serve/catalog.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/exname.h"
#include "check/home.h"
#include "check/notebook.h"
#include "prose/answers_doc.h"
#include "report/report.h"
#include "score/rubric.h"

static int add_exercise(struct catalog *cat, const struct rubric *r, struct gb_err *err)
{
    struct catalog_exercise *grown = realloc(cat->v, (cat->n + 1) * sizeof *grown), *e;

    if (!grown)
        return gb_fail(err, "out of memory");
    cat->v = grown;
    e = &cat->v[cat->n];
    memset(e, 0, sizeof *e);
    e->reads = r->mode == RUBRIC_MODE_READ;
    if (!(e->name = strdup(r->exercise)) || !(e->submission = strdup(r->submission)) ||
        !(e->title = strdup(r->title ? r->title : r->exercise))) {
        free(e->name);
        free(e->submission);
        return gb_fail(err, "out of memory");
    }
    cat->n++;
    return 0;
}

static int is_rubric_file(const struct dirent *de)
{
    size_t n = strlen(de->d_name);

    return de->d_name[0] != '.' && n > 5 && !strcmp(de->d_name + n - 5, ".json");
}

int catalog_load(struct catalog *cat, const char *rubrics_dir, struct gb_err *err)
{
    struct gb_home home;
    struct dirent **names = NULL;
    int n, rc = 0;

    memset(cat, 0, sizeof *cat);
    if (home_find(rubrics_dir, &home, err))
        return -1;
    n = scandir(home.rubrics, &names, is_rubric_file, alphasort);
    if (n < 0)
        return gb_fail_errno(err, "cannot list the rubrics in %s", home.rubrics);
    for (int i = 0; i < n; i++) {
        char path[PATH_MAX + 300];
        struct rubric *r;

        snprintf(path, sizeof path, "%s/%s", home.rubrics, names[i]->d_name);
        if (rc == 0 && rubric_load(path, &r, err) == 0) {
            rc = add_exercise(cat, r, err);
            rubric_free(r);
        } else if (rc == 0) {
            rc = -1;                    /* a broken rubric is the operator's to fix now */
        }
        free(names[i]);
    }
    free(names);
    if (rc == 0 && cat->n == 0)
        rc = gb_fail(err, "no rubrics in %s: nothing to grade", home.rubrics);
    if (rc)
        catalog_free(cat);
    return rc;
}

void catalog_free(struct catalog *cat)
{
    for (size_t i = 0; i < cat->n; i++) {
        free(cat->v[i].name);
        free(cat->v[i].title);
        free(cat->v[i].submission);
    }
    free(cat->v);
    memset(cat, 0, sizeof *cat);
}

const struct catalog_exercise *catalog_find(const struct catalog *cat, const char *name)
{
    for (size_t i = 0; name && i < cat->n; i++)
        if (!strcmp(cat->v[i].name, name))
            return &cat->v[i];
    return NULL;
}

static const struct catalog_exercise *by_file(const struct catalog *cat, const char *filename)
{
    for (size_t i = 0; filename && i < cat->n; i++)
        if (exname_match(filename, cat->v[i].submission) == 2)   /* any case; a notebook */
            return &cat->v[i];
    return NULL;
}

/* A plain file name: what a browser sends for a chosen file.  Anything
 * path-like is refused rather than trimmed: the name is never used as a
 * path, but a client sending one is not doing what it thinks. */
static int check_filename(const char *name, struct gb_err *err)
{
    size_t len = strlen(name);
    char *clean;
    int same;

    if (len == 0 || len > CATALOG_NAME_MAX)
        return gb_fail(err, "the file name must be 1 to %d bytes long", CATALOG_NAME_MAX);
    if (strchr(name, '/') || strchr(name, '\\') || !strcmp(name, ".") || !strcmp(name, ".."))
        return gb_fail(err, "the file name must be a plain name like attention_by_hand.py, "
                       "not a path");
    if (strpbrk(name, "\t\n"))
        return gb_fail(err, "the file name holds control characters");
    /* report_clean_dup() rewrites invalid UTF-8 and control characters */
    if (!(clean = report_clean_dup(name, NULL)))
        return gb_fail(err, "out of memory");
    same = !strcmp(clean, name);
    free(clean);
    return same ? 0 : gb_fail(err, "the file name is not valid UTF-8 text or holds control "
                              "characters");
}

static const char *not_text(const struct catalog_exercise *ex, const void *body, size_t len)
{
    struct gb_buf utf8 = GB_BUF_INIT;
    int utf16;

    if (ex->reads) {                    /* Notepad's "Unicode" answers.md is text */
        utf16 = answers_doc_from_utf16(body, len, &utf8, NULL);
        gb_buf_free(&utf8);
        if (utf16 == 1)
            return NULL;
    }
    return answers_doc_not_text(body, len);
}

static int resolve(const struct catalog *cat, const char *exercise, const char *filename,
                   const struct catalog_exercise **ex, struct gb_err *err)
{
    if (exercise && *exercise) {
        if ((*ex = catalog_find(cat, exercise)))
            return 0;
        /* echo the name only when it is harmless to put in any document */
        if (strlen(exercise) <= 80 && strspn(exercise, "abcdefghijklmnopqrstuvwxyz"
                                             "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-")
                                      == strlen(exercise))
            return gb_fail(err, "there is no exercise '%s' here (GET /api/v1/exercises lists "
                           "them)", exercise);
        return gb_fail(err, "there is no such exercise here (GET /api/v1/exercises lists "
                       "them)");
    }
    if ((*ex = by_file(cat, filename)))
        return 0;
    for (size_t i = 0; filename && i < cat->n; i++)
        if (exname_close(filename, cat->v[i].submission))
            return gb_fail(err, "which exercise is this? The file name is no exercise's: did "
                           "you mean %s? Rename it, or name the exercise (the exercise "
                           "field, or ?exercise=NAME)", cat->v[i].submission);
    return gb_fail(err, "which exercise is this? Name it (the exercise field, or "
                   "?exercise=NAME) or upload the file under its exercise's name "
                   "(attention_by_hand.py, ...)");
}

/* A notebook is read now, as the worker will read it, so a broken one is
 * refused with its reason at upload rather than failing in the queue. */
static int check_notebook(const struct catalog_exercise *ex, const char *filename,
                          const void *body, size_t len, struct gb_err *err)
{
    struct notebook nb;
    int named = filename && notebook_is_name(filename), rc;

    if (named && ex->reads)
        return gb_fail(err, "this upload is a notebook; %s takes the text file %s", ex->name,
                       ex->submission), 415;
    if (!named && (ex->reads || !notebook_looks_like(body, len)))
        return 0;
    rc = notebook_read(body, len, filename ? filename : ex->submission, &nb, err);
    notebook_free(&nb);
    return rc ? 422 : 0;
}

int catalog_check_upload(const struct catalog *cat, const char *exercise, const char *filename,
                         const void *body, size_t len, const struct catalog_exercise **ex,
                         struct gb_err *err)
{
    const char *what;

    *ex = NULL;
    if (filename && check_filename(filename, err))
        return 400;
    if (resolve(cat, exercise, filename, ex, err))
        return 422;
    if (len == 0)
        return gb_fail(err, "the uploaded file is empty"), 422;
    if ((what = not_text(*ex, body, len)))
        return gb_fail(err, "this upload is %s; %s takes the text file %s", what, (*ex)->name,
                       (*ex)->submission), 415;
    return check_notebook(*ex, filename, body, len, err);
}
