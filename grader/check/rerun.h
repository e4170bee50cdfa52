/* rerun.h — the integrity rerun: do the printed values follow when the data's seeds change?
 *
 * A submission that prints the module's numbers without computing them — string
 * literals, chr() codes, arithmetic on small literals, a decoded blob — prints the
 * same numbers whatever the seeds; code that computes them prints other numbers when
 * the seeds change.  So the pipeline (pipeline.c) runs the submission a second time
 * with every seeding call sent through a secret keyed bijection of the seed space
 * (the runtime shim reads the key from $GRADEBOX_SEED_MAP; the key is drawn from the
 * OS for that one run), and the reference, linked in, computes the values those seeds
 * give (reference/rng/seed_map.h).  This module owns:
 *
 *   - when a rerun is made: the rubric's "rerun" ("default" or "option") against the
 *     caller's policy (`grader check`: off, --integrity for all; batch, serve: default);
 *   - the key and the expected values under it, computed in this process;
 *   - making the second run and the third scoring is pipeline.c's; judging them is
 *     score/score_rerun.h's (the check stage never looks inside verdicts).
 */
#ifndef GB_RERUN_H
#define GB_RERUN_H

#include "error.h"
#include "rng/seed_map.h"
#include "score/rubric.h"

struct expected;

/* Who asks for the rerun. */
enum rerun_policy {
    RERUN_OFF = 0,       /* `grader check` without --integrity */
    RERUN_DEFAULT,       /* batch and serve: exercises whose rubric says "rerun": "default" */
    RERUN_ALL            /* --integrity: every exercise with a "rerun" (also "option") */
};

/* 1 when this rubric's submission is run a second time under this policy. */
int rerun_wanted(const struct rubric *r, enum rerun_policy policy);

/* 1 when the reference can recompute this exercise's values under changed seeds. */
int rerun_has_experiment(const char *exercise);

/* A fresh secret key from the OS (getrandom). */
int rerun_key_new(struct seed_map_key *key, struct gb_err *err);

/* The rubric's expected values as the reference computes them when every seed
 * goes through key's map: the primary file recomputed, any others as loaded. */
int rerun_expected(const struct rubric *r, const struct seed_map_key *key,
                   struct expected **out, struct gb_err *err);

#endif
