/* expected.c — loads the reference's expected-values files and resolves the
 * dotted paths rubrics use, with errors that name the file and the missing
 * segment so an instructor can fix the rubric or regenerate the file. */
#include "score/expected.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "score/rubric.h"

#define EXPECTED_MAX_BYTES (8u << 20)

struct expected_file {
    char *path;
    char *exercise;
    cJSON *root;             /* NULL: a secondary file that is not there */
    const cJSON *values;     /* inside root */
};

struct expected {
    struct expected_file *files;
    size_t n;
};

static int load_one(const char *path, struct expected_file *f, struct gb_err *err)
{
    struct gb_buf text = GB_BUF_INIT;
    const cJSON *ex;

    if (gb_read_file(path, EXPECTED_MAX_BYTES, &text, err))
        return gb_err_prefix(err, "expected values %s", path);
    f->root = cJSON_ParseWithLength(text.data, text.len);
    gb_buf_free(&text);
    if (!f->root)
        return gb_fail(err, "expected values %s: not valid JSON", path);
    ex = cJSON_GetObjectItemCaseSensitive(f->root, "exercise");
    f->values = cJSON_GetObjectItemCaseSensitive(f->root, "values");
    if (!cJSON_IsString(ex) || !cJSON_IsObject(f->values))
        return gb_fail(err, "expected values %s: needs \"exercise\" (a string) and "
                       "\"values\" (an object)", path);
    if (!(f->path = strdup(path)) || !(f->exercise = strdup(ex->valuestring)))
        return gb_fail(err, "out of memory loading %s", path);
    return 0;
}

/* A secondary file that does not exist yet (its reference experiment has not
 * run) only fails the checks that read it: the exercise name comes from the
 * file name, and lookups say which file to generate. */
static int load_absent(const char *path, struct expected_file *f, struct gb_err *err)
{
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    size_t n = strcspn(base, ".");

    if (!(f->path = strdup(path)) || !(f->exercise = strndup(base, n)))
        return gb_fail(err, "out of memory loading %s", path);
    return 0;
}

static int load_many(const char *const *paths, size_t n, struct expected **out,
                     struct gb_err *err)
{
    struct expected *e = calloc(1, sizeof *e);

    *out = NULL;
    if (!e || !(e->files = calloc(n ? n : 1, sizeof *e->files))) {
        free(e);
        return gb_fail(err, "out of memory loading expected values");
    }
    for (size_t i = 0; i < n; i++) {
        e->n = i + 1;
        if (i > 0 && access(paths[i], F_OK) != 0 ? load_absent(paths[i], &e->files[i], err)
                                                 : load_one(paths[i], &e->files[i], err)) {
            expected_free(e);
            return -1;
        }
    }
    *out = e;
    return 0;
}

int expected_load_file(const char *path, struct expected **out, struct gb_err *err)
{
    return load_many(&path, 1, out, err);
}

int expected_load_rubric(const struct rubric *r, struct expected **out, struct gb_err *err)
{
    return load_many((const char *const *)r->expected.v, r->expected.n, out, err);
}

int expected_load_rubric_with(const struct rubric *r, cJSON *primary, const char *label,
                              struct expected **out, struct gb_err *err)
{
    struct expected_file *f;
    const cJSON *values = cJSON_GetObjectItemCaseSensitive(primary, "values");
    char *path;

    if (!cJSON_IsObject(values)) {
        cJSON_Delete(primary);
        return gb_fail(err, "expected values %s: no \"values\" object", label);
    }
    if (expected_load_rubric(r, out, err)) {
        cJSON_Delete(primary);
        return -1;
    }
    f = &(*out)->files[0];
    if (!(path = strdup(label))) {
        cJSON_Delete(primary);
        expected_free(*out);
        *out = NULL;
        return gb_fail(err, "out of memory loading %s", label);
    }
    free(f->path);
    f->path = path;
    cJSON_Delete(f->root);
    f->root = primary;
    f->values = values;
    return 0;
}

void expected_free(struct expected *e)
{
    if (!e)
        return;
    for (size_t i = 0; i < e->n; i++) {
        free(e->files[i].path);
        free(e->files[i].exercise);
        cJSON_Delete(e->files[i].root);
    }
    free(e->files);
    free(e);
}

/* "NAME:path" picks the file of exercise NAME; a bare path the first file. */
static const struct expected_file *pick_file(const struct expected *e, const char **path,
                                             struct gb_err *err)
{
    const char *colon = strchr(*path, ':');
    size_t n;

    if (!e || !e->n)
        return gb_fail(err, "no expected values are loaded for key '%s' (the rubric "
                       "lists no \"expected\" file)", *path), NULL;
    if (!colon)
        return &e->files[0];
    n = (size_t)(colon - *path);
    for (size_t i = 0; i < e->n; i++)
        if (strlen(e->files[i].exercise) == n && !strncmp(e->files[i].exercise, *path, n)) {
            *path = colon + 1;
            return &e->files[i];
        }
    gb_fail(err, "key '%s' names exercise '%.*s', whose expected file the rubric does not list",
            *path, (int)n, *path);
    return NULL;
}

static int is_index(const char *seg, size_t n)
{
    if (!n)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (seg[i] < '0' || seg[i] > '9')
            return 0;
    return 1;
}

static const cJSON *resolve(const struct expected *e, const char *path, const char **file,
                            struct gb_err *err)
{
    const struct expected_file *f = pick_file(e, &path, err);
    const cJSON *node, *parent;
    char seg[128];

    if (!f)
        return NULL;
    *file = f->path;
    if (!f->root)
        return gb_fail(err, "%s does not exist: generate it with bin/reference %s",
                       f->path, f->exercise), NULL;
    node = f->values;
    for (const char *p = path; *p;) {
        size_t n = strcspn(p, ".");
        if (!n || n >= sizeof seg)
            return gb_fail(err, "%s: key '%s' is malformed", f->path, path), NULL;
        memcpy(seg, p, n);
        seg[n] = '\0';
        parent = node;
        if (cJSON_IsArray(node) && is_index(seg, n))
            node = cJSON_GetArrayItem(node, atoi(seg));
        else if (cJSON_IsObject(node))
            node = cJSON_GetObjectItemCaseSensitive(node, seg);
        else
            node = NULL;
        if (!node)
            return gb_fail(err, "%s: no key '%s' (looking up '%s'%s)", f->path, seg,
                           path, cJSON_IsArray(parent) ? ", past the end of an array" : ""),
                   NULL;
        p += n + (p[n] == '.');
    }
    return node;
}

int expected_has(const struct expected *e, const char *path)
{
    const char *file;
    return resolve(e, path, &file, NULL) != NULL;
}

int expected_number(const struct expected *e, const char *path, double *out,
                    struct gb_err *err)
{
    const char *file = NULL;
    const cJSON *node = resolve(e, path, &file, err);

    if (!node)
        return -1;
    if (!cJSON_IsNumber(node))
        return gb_fail(err, "%s: key '%s' is not a number", file, path);
    *out = node->valuedouble;
    return 0;
}

int expected_numbers(const struct expected *e, const char *path, double **out, size_t *n,
                     struct gb_err *err)
{
    const char *file = NULL;
    const cJSON *node = resolve(e, path, &file, err), *el;
    size_t i = 0;

    *out = NULL;
    *n = 0;
    if (!node)
        return -1;
    if (!cJSON_IsArray(node) || !cJSON_GetArraySize(node))
        return gb_fail(err, "%s: key '%s' is not a non-empty array of numbers", file, path);
    *out = malloc((size_t)cJSON_GetArraySize(node) * sizeof **out);
    if (!*out)
        return gb_fail(err, "out of memory");
    cJSON_ArrayForEach(el, node) {
        if (!cJSON_IsNumber(el)) {
            free(*out);
            *out = NULL;
            return gb_fail(err, "%s: key '%s' holds a non-number at index %zu", file, path, i);
        }
        (*out)[i++] = el->valuedouble;
    }
    *n = i;
    return 0;
}

/* The numbers of container c (objects: members in order; arrays: elements)
 * into a malloc'd array; *self is the index of member `self_node` (or 0). */
static int container_numbers(const cJSON *c, const cJSON *self_node, double **out, size_t *n,
                             size_t *self, struct gb_err *err)
{
    const cJSON *el;
    size_t cap = (size_t)cJSON_GetArraySize(c), i = 0;

    *self = 0;
    *out = malloc((cap ? cap : 1) * sizeof **out);
    if (!*out)
        return gb_fail(err, "out of memory");
    cJSON_ArrayForEach(el, c) {
        if (!cJSON_IsNumber(el))
            continue;
        if (el == self_node)
            *self = i;
        (*out)[i++] = el->valuedouble;
    }
    *n = i;
    return 0;
}

int expected_record(const struct expected *e, const char *path, double **out, size_t *n,
                    size_t *self, int *ordered, struct gb_err *err)
{
    const char *file = NULL, *dot = strrchr(path, '.');
    const cJSON *node = resolve(e, path, &file, err), *parent;
    char parent_path[512];

    *out = NULL;
    *n = 0;
    if (!node)
        return -1;
    if (cJSON_IsArray(node)) {
        *ordered = 1;
        return container_numbers(node, NULL, out, n, self, err);
    }
    if (!cJSON_IsNumber(node))
        return gb_fail(err, "%s: key '%s' is not a number", file, path);
    if (!dot || (size_t)(dot - path) >= sizeof parent_path) {
        *ordered = 0;
        *self = 0;
        if (!(*out = malloc(sizeof **out)))
            return gb_fail(err, "out of memory");
        (*out)[0] = node->valuedouble;
        *n = 1;
        return 0;
    }
    memcpy(parent_path, path, (size_t)(dot - path));
    parent_path[dot - path] = '\0';
    if (!(parent = resolve(e, parent_path, &file, err)))
        return -1;
    *ordered = cJSON_IsArray(parent);
    return container_numbers(parent, node, out, n, self, err);
}
