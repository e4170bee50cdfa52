/* score.h — turns one submission's evidence into verdicts, by the rubric.
 *
 * score_submission() runs every check of the rubric against the run's stdout,
 * the submission's source and (for RUBRIC_MODE_READ rubrics) the answers
 * document, and appends one check_result per check to the caller's
 * grade_result.  It never recomputes anything the run did: it reads what the
 * student printed and compares it to the reference's expected values.
 *
 * The caller (grader/check/pipeline.c) fills out->exercise, out->runtime and the run
 * metadata first; score_submission() sets out->checks, out->score,
 * out->max_score and out->triage (the module's triage advice, which names the
 * runtime's torch/numpy versions, so out->runtime should be filled).
 */
#ifndef GB_SCORE_H
#define GB_SCORE_H

#include <stddef.h>

#include "buf.h"
#include "error.h"
#include "score/check_kind.h"
#include "score/result.h"
#include "score/score_ctx.h"

/* Returns -1 only when grading itself could not proceed (out of memory);
 * rubric/reference faults become VERDICT_ERROR checks, not a failed call. */
int score_submission(const struct score_input *in, struct grade_result *out,
                     struct gb_err *err);

/* The module's pinned versions, named by the triage advice. */
#define SCORE_PINNED_TORCH "2.9"
#define SCORE_PINNED_NUMPY "2.5"

/* Does score.c have a scorer for kind?  (Every kind must: test_check_kind.) */
int score_kind_scored(enum check_kind kind);

#endif
