/* score_rerun.h — the integrity rerun's judgement (grader/check/rerun.h makes the runs).
 *
 * Three scorings of the one rubric, its checks in the same order:
 *   first   the first run's output against the module's values (the grade so far);
 *   second  the rerun's output (every seed remapped) against the remapped values;
 *   cross   the first run's output against the remapped values.
 * Only a value check (value, vector, each, relation) that passed `first` is compared.
 * If it also passes `cross`, its expected value does not move (or moves less than its
 * tolerance) when the seeds change, so typed and computed output cannot be told apart:
 * it keeps its verdict and counts as untestable.  Otherwise the rerun's value
 *   - followed: it passes `second`, or misses it by at most SCORE_RERUN_NEAR
 *     tolerances (it moved with the seeds: code a little different from the module's
 *     lands a little off under other seeds);
 *   - was replayed: the same value printed again.  The check fails with 0 points, and
 *     so does every other value check that passed and typed_output: the run's numbers
 *     are not its code's (like score.c's gate_on_typed, but as failures, so that every
 *     check still scores its points exactly when it passes);
 *   - moved far, or was not found: not confirmed.  A value earns its points when the
 *     code shows it computed it, and a submission can tell which run it is in (a
 *     seeded generator's first draw is public) and print something else in the
 *     rerun, so the check goes to review with 0 points until a human decides (its
 *     message shows both runs' values); it is no failure, since honest code whose
 *     training is chaotic under some seeds lands far too.  When most testable values
 *     were not confirmed, typed_output goes to review as well.
 * The counts and one sentence go to result->integrity.
 */
#ifndef GB_SCORE_RERUN_H
#define GB_SCORE_RERUN_H

#include <stddef.h>

#include "error.h"
#include "score/result.h"
#include "score/rubric.h"

/* How far (in tolerances) a rerun value that moved with the seeds may land from
 * what the changed seeds give and still count as following them. */
#define SCORE_RERUN_NEAR 3.0

/* Judges the value checks of first (see above) against second and cross, which
 * graded the same rubric's checks in the same order; adjusts first's verdicts,
 * points, messages and score and fills first->integrity.  rerun_summary is how
 * the rerun ended (sandbox_describe), for messages about values it never printed. */
int score_rerun_judge(const struct rubric *r, struct grade_result *first,
                      const struct grade_result *second, const struct grade_result *cross,
                      const char *rerun_summary, struct gb_err *err);

/* How many value checks the first run passed: with none, a rerun has nothing
 * to compare and is not made. */
size_t score_rerun_comparable(const struct rubric *r, const struct grade_result *first);

/* When a rerun was asked for but could not be made (a recorded transcript, an
 * exercise without one): result->integrity says so, in one sentence. */
int score_rerun_not_made(struct grade_result *result, const char *why, struct gb_err *err);

#endif
