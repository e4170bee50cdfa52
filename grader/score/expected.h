/* expected.h — the reference's expected values, as the rubrics address them.
 *
 * The reference writes rubrics/expected/EXERCISE.json:
 *     {"exercise": NAME, "generated_by": "reference NAME", "values": {...}}
 * A rubric addresses a value by a dotted path into "values"
 * ("weights_qk.rude.support"), array elements by index ("output_qm.rude.1").
 * A rubric may load several files; a path "NAME:path" addresses the file of
 * exercise NAME, a bare path the first (primary) file.  The primary file must
 * exist; a secondary one that does not only fails the lookups that need it.
 */
#ifndef GB_EXPECTED_H
#define GB_EXPECTED_H

#include <stddef.h>

#include "error.h"

struct rubric;
struct expected;

int expected_load_file(const char *path, struct expected **out, struct gb_err *err);
/* Loads every file the rubric lists (paths already resolved by rubric_load). */
int expected_load_rubric(const struct rubric *r, struct expected **out, struct gb_err *err);
/* The same files, but the primary one's content is `primary` (a document of the
 * expected-file shape, computed in memory: the integrity rerun's values for
 * remapped seeds), named `label` in messages.  Takes ownership of primary,
 * also on failure. */
struct cJSON;
int expected_load_rubric_with(const struct rubric *r, struct cJSON *primary, const char *label,
                              struct expected **out, struct gb_err *err);
void expected_free(struct expected *e);

/* A number at path.  Errors name the file and the first missing path segment:
 * "expected/order_matters.json: no key 'epochs_45' under 'bag'". */
int expected_number(const struct expected *e, const char *path, double *out,
                    struct gb_err *err);
/* An array of numbers at path; *out is malloc'd, the caller frees it. */
int expected_numbers(const struct expected *e, const char *path, double **out,
                     size_t *n, struct gb_err *err);
/* The record a number belongs to: the numbers printed together with it.
 * For a path to a number, the number members of its parent object or array
 * (in the file's order: objects keep the reference's key order); for a path
 * to an array of numbers, the array itself.  *out is malloc'd (the caller
 * frees it), *self is the index of path's own number in it (0 for an
 * array), *ordered is 1 when the record is an array (its order is part of
 * what it means).  The grader recognises an unlabelled number by the
 * company it keeps (extract/extract_align.h). */
int expected_record(const struct expected *e, const char *path, double **out, size_t *n,
                    size_t *self, int *ordered, struct gb_err *err);
/* Does path exist (as anything)? */
int expected_has(const struct expected *e, const char *path);

#endif
