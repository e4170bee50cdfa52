/* score_typed.h — the typed_output check kind: were the numbers the rubric
 * checks computed by the run, or typed into the source? (rubrics/README.md) */
#ifndef GB_SCORE_TYPED_H
#define GB_SCORE_TYPED_H

#include "error.h"

/* The runtime shim's notes of what the script prints from constants
 * (grader/shims/gradebox_typed.py: chr() codes joined, arithmetic on
 * literals in an f-string, decoded bytes literals), written before the
 * script runs into this work-dir file behind the run's token.  The pipeline
 * checks the token and hands the rest over as score_input.typed_notes. */
#define SCORE_TYPED_NOTES_FILE ".gradebox-typed"
#define SCORE_TYPED_NOTES_MAX  (2u << 20)
#include "score/rubric.h"
#include "score/score_ctx.h"

/* Locates every number the rubric's value, vector, each and relation checks
 * read, and looks for each in the submission's code (comments and
 * docstrings excluded): printed from inside a string literal or a text the
 * code builds from constants (the shim's notes), with the same
 * text around it, or equal at the printed precision to a numeric literal of
 * two or more significant digits.  Most checked numbers in string literals
 * is VERDICT_FAIL; any other match is VERDICT_REVIEW; none is VERDICT_PASS.
 * Returns -1 only when the rubric is at fault or memory runs out. */
int score_typed_check(const struct score_ctx *ctx, const struct rubric_check *ck,
                      struct score_outcome *o, struct gb_err *err);

/* The submission's code with string literals and comments blanked to spaces
 * (lines kept): what the script does, not what it prints or says.  score.c
 * reads which reading the code chose from it. */
int score_typed_code(const char *src, size_t len, struct gb_buf *code, struct gb_err *err);

#endif
