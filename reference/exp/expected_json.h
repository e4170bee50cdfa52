/* expected_json.h — the shape of rubrics/expected/EXERCISE.json, written by every experiment.
 *
 *   { "exercise": NAME, "generated_by": "reference NAME", "values": { ...nested... } }
 *
 * Rubrics address values by dotted path into "values" ("query_matrix.weights.rude.not").
 * Output must be byte-deterministic (tests/e2e/expected_fresh.sh regenerates and compares),
 * so objects keep insertion order and numbers print through cJSON's round-trip format.
 */
#ifndef GB_EXPECTED_JSON_H
#define GB_EXPECTED_JSON_H

#include <cjson/cJSON.h>

#include "error.h"

/* A new root object; *values receives its (empty) "values" object.  NULL on OOM. */
cJSON *expected_json_new(const char *exercise, cJSON **values);
/* Serialises with two-space-free cJSON formatting and a final newline, atomically. */
int expected_json_write(const cJSON *root, const char *path, struct gb_err *err);
/* The subcommands' shared argument rule: [--out FILE] [--seed-map KEY]; default
 * rubrics/expected/NAME.json.  --seed-map sets the process's seed map (rng/seed_map.h):
 * the values the integrity rerun expects when every seed went through KEY's bijection.
 * Returns 0 and sets *out_path, or -1 with a usage sentence in err. */
int expected_json_parse_out(int argc, char **argv, const char *exercise,
                            char *out_path, size_t size, struct gb_err *err);
/* `reference EXERCISE [--out FILE]`: fill computes the "values" object, the
 * rest (arguments, writing, messages, exit status 0/1/2) is shared. */
int expected_json_main(int argc, char **argv, const char *exercise,
                       int (*fill)(cJSON *values, struct gb_err *err));

/* Small builders that report OOM through the error idiom instead of returning NULL. */
int expected_json_number(cJSON *obj, const char *key, double v, struct gb_err *err);
int expected_json_string(cJSON *obj, const char *key, const char *s, struct gb_err *err);
int expected_json_bool(cJSON *obj, const char *key, int v, struct gb_err *err);
int expected_json_vector(cJSON *obj, const char *key, const double *v, int n, struct gb_err *err);
cJSON *expected_json_object(cJSON *obj, const char *key, struct gb_err *err);

#endif
