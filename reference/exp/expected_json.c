/* expected_json.c — writing the expected-values files every experiment emits (see expected_json.h). */
#include "exp/expected_json.h"
#include "rng/seed_map.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

cJSON *expected_json_new(const char *exercise, cJSON **values)
{
    char by[128];
    cJSON *root = cJSON_CreateObject();

    if (!root)
        return NULL;
    snprintf(by, sizeof by, "reference %s", exercise);
    if (!cJSON_AddStringToObject(root, "exercise", exercise) ||
        !cJSON_AddStringToObject(root, "generated_by", by) ||
        !(*values = cJSON_AddObjectToObject(root, "values"))) {
        cJSON_Delete(root);
        return NULL;
    }
    return root;
}

int expected_json_write(const cJSON *root, const char *path, struct gb_err *err)
{
    char *text = cJSON_Print(root);
    struct gb_buf b = GB_BUF_INIT;
    int rc;

    if (!text)
        return gb_fail(err, "out of memory serialising %s", path);
    rc = gb_buf_puts(&b, text, err);
    if (!rc)
        rc = gb_buf_append(&b, "\n", 1, err);
    if (!rc)
        rc = gb_write_file_atomic(path, b.data, b.len, err);
    cJSON_free(text);
    gb_buf_free(&b);
    return rc;
}

int expected_json_parse_out(int argc, char **argv, const char *exercise,
                            char *out_path, size_t size, struct gb_err *err)
{
    const char *out = NULL;
    struct seed_map_key key;

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--out") && i + 1 < argc) {
            out = argv[++i];
        } else if (!strcmp(argv[i], "--seed-map") && i + 1 < argc) {
            if (seed_map_parse(argv[++i], &key, err))
                return gb_err_prefix(err, "--seed-map");
            seed_map_set(&key);
        } else {
            return gb_fail(err, "usage: reference %s [--out FILE] [--seed-map KEY]", exercise);
        }
    }
    if (out) {
        if (snprintf(out_path, size, "%s", out) >= (int)size)
            return gb_fail(err, "output path too long");
    } else if (snprintf(out_path, size, "rubrics/expected/%s.json", exercise) >= (int)size) {
        return gb_fail(err, "output path too long");
    }
    return 0;
}

static int added(const cJSON *item, const char *key, struct gb_err *err)
{
    return item ? 0 : gb_fail(err, "out of memory adding '%s' to expected values", key);
}

int expected_json_number(cJSON *obj, const char *key, double v, struct gb_err *err)
{
    return added(cJSON_AddNumberToObject(obj, key, v), key, err);
}

int expected_json_string(cJSON *obj, const char *key, const char *s, struct gb_err *err)
{
    return added(cJSON_AddStringToObject(obj, key, s), key, err);
}

int expected_json_bool(cJSON *obj, const char *key, int v, struct gb_err *err)
{
    return added(cJSON_AddBoolToObject(obj, key, v), key, err);
}

int expected_json_vector(cJSON *obj, const char *key, const double *v, int n, struct gb_err *err)
{
    cJSON *arr = cJSON_CreateDoubleArray(v, n);

    if (!arr)
        return gb_fail(err, "out of memory adding '%s' to expected values", key);
    if (!cJSON_AddItemToObject(obj, key, arr)) {
        cJSON_Delete(arr);
        return gb_fail(err, "out of memory adding '%s' to expected values", key);
    }
    return 0;
}

cJSON *expected_json_object(cJSON *obj, const char *key, struct gb_err *err)
{
    cJSON *child = cJSON_AddObjectToObject(obj, key);

    if (!child)
        gb_fail(err, "out of memory adding '%s' to expected values", key);
    return child;
}

/* The whole of `reference EXERCISE [--out FILE]` for an experiment whose
 * expected values one function fills: parse, compute, write, say where. */
int expected_json_main(int argc, char **argv, const char *exercise,
                       int (*fill)(cJSON *values, struct gb_err *err))
{
    char path[4096];
    struct gb_err err;
    cJSON *values, *root;
    int rc;

    if (expected_json_parse_out(argc, argv, exercise, path, sizeof path, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        return 2;
    }
    if (!(root = expected_json_new(exercise, &values))) {
        fprintf(stderr, "reference: out of memory\n");
        return 1;
    }
    rc = fill(values, &err);
    if (!rc)
        rc = expected_json_write(root, path, &err);
    cJSON_Delete(root);
    if (rc) {
        fprintf(stderr, "reference %s: %s\n", exercise, err.msg);
        return 1;
    }
    printf("wrote %s\n", path);
    return 0;
}
