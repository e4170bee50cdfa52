/* rubric_field.h — the field readers rubric.c validates every rubric field
 * with, shared with the kind loaders of check_kind.c (rubric_field.c).
 *
 * Each returns 0, or -1 with a sentence naming the field in err; an absent
 * optional field leaves its output untouched (or empty, for strings).
 */
#ifndef GB_RUBRIC_FIELD_H
#define GB_RUBRIC_FIELD_H

#include <stddef.h>

#include "error.h"
#include "score/rubric.h"

struct cJSON;

/* Bounds on every number a rubric gives: past them a value is a typo or an
 * attack (1e300 seconds, 1e308 points -> inf/inf), never a course's intent. */
#define RUBRIC_VALUE_MAX     1e15      /* an expected value, range end or bound */
#define RUBRIC_ABS_TOL_MAX   1e15
#define RUBRIC_REL_TOL_MAX   100.0     /* 10000 %: anything wider decides nothing */
#define RUBRIC_POINTS_MAX    1000.0    /* one check's points */

/* Is word one of the space-separated words of list? */
int rubric_field_word_in(const char *word, const char *list);
char *rubric_field_dup(const char *s, struct gb_err *err);
int rubric_field_require(const struct cJSON *c, const char *field, struct gb_err *err);
int rubric_field_strings(const struct cJSON *item, const char *field,
                         struct rubric_strings *out, struct gb_err *err);
int rubric_field_number(const struct cJSON *item, const char *field, struct rubric_number *out,
                        struct gb_err *err);
int rubric_field_size(const struct cJSON *obj, const char *field, size_t *out,
                      struct gb_err *err);
int rubric_field_tolerance(const struct cJSON *tol, struct rubric_target *t, struct gb_err *err);
int rubric_field_target(const struct cJSON *c, struct rubric_target *t, struct gb_err *err);
/* Frees a list of strings read by rubric_field_strings; leaves it empty. */
void rubric_field_free_strings(struct rubric_strings *s);
/* Is item a finite number in [lo, hi]? */
int rubric_field_bounded(const struct cJSON *item, double lo, double hi);
int rubric_field_locate(const struct cJSON *loc, const char *field, struct cJSON **out,
                        struct gb_err *err);

#endif
