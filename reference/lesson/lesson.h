/* lesson.h — `reference lesson --step N`: the module's Output blocks, recomputed.
 *
 * Each step prints what the module's own code prints for Step N (1..6), in the
 * module's layout (its f-strings and NumPy's array printing), but every number
 * comes from the reference library, so the text can be diffed against the module.
 * Timings are this machine's own.  tests/e2e/lesson.sh does that diff.
 */
#ifndef GB_LESSON_H
#define GB_LESSON_H

#include <stdio.h>

#include "error.h"

#define LESSON_STEPS 6

/* Prints Step step's Output block to out. */
int lesson_print_step(int step, FILE *out, struct gb_err *err);

/* NumPy's str() of a float vector under set_printoptions(precision=3, suppress=True):
 * "[ 0.881 -0.119  0.881  0.339]".  Writes at most size bytes; returns buf. */
char *lesson_np_vector(const double *v, int n, char *buf, size_t size);

/* Python's format(n, ",d"): 1217 -> "1,217". */
char *lesson_thousands(long n, char *buf, size_t size);

/* `reference lesson --step N` */
int lesson_main(int argc, char **argv);

#endif
