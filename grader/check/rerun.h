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
 *   - the judgement, from three scorings of the one rubric:
 *       first   the first run's output against the module's values (the grade so far);
 *       second  the rerun's output against the remapped values;
 *       cross   the first run's output against the remapped values.
 *     Only a value check (value, vector, each, relation) that passed `first` is
 *     compared.  If it also passes `cross`, its expected value does not move (or moves
 *     less than its tolerance) when the seeds change, so typed and computed output
 *     cannot be told apart: it keeps its verdict and counts as untestable.  Otherwise
 *     it must pass `second` (it followed); if it does not, it fails with 0 points and
 *     a message saying what the rerun printed, and every other value check that
 *     scored fails with 0 points too, as does typed_output: the run's numbers are not
 *     its code's (like score.c's gate_on_typed, but as failures, so that every
 *     check still scores its points exactly when it passes).  A rerun that stopped before printing
 *     a value did not follow either: a submission can tell which run it is in.
 *
 * The counts and one sentence for the reports go to result->integrity.
 */
#ifndef GB_RERUN_H
#define GB_RERUN_H

#include "error.h"
#include "rng/seed_map.h"
#include "score/result.h"
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

/* A fresh secret key from the OS (getrandom). */
int rerun_key_new(struct seed_map_key *key, struct gb_err *err);

/* The rubric's expected values as the reference computes them when every seed
 * goes through key's map: the primary file recomputed, any others as loaded. */
int rerun_expected(const struct rubric *r, const struct seed_map_key *key,
                   struct expected **out, struct gb_err *err);

/* Judges the value checks of first (see above) against second and cross, which
 * graded the same rubric's checks in the same order; adjusts first's verdicts,
 * points, messages and score and fills first->integrity.  rerun_summary is how
 * the rerun ended (sandbox_describe), for messages about values it never printed. */
int rerun_judge(const struct rubric *r, struct grade_result *first,
                const struct grade_result *second, const struct grade_result *cross,
                const char *rerun_summary, struct gb_err *err);

/* How many value checks the first run passed: with none, a rerun has nothing
 * to compare and is not made. */
size_t rerun_comparable(const struct rubric *r, const struct grade_result *first);

/* When a rerun was asked for but could not be made (a recorded transcript, an
 * exercise without one): result->integrity says so, in one sentence. */
int rerun_not_made(struct grade_result *result, const char *why, struct gb_err *err);

#endif
