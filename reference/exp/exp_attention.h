/* exp_attention.h — the attention_by_hand exercise's expected values.
 *
 * Inputs are the exercise's own: four tokens (support, was, not, rude) with 4-number
 * meanings, and Step 6's query matrix Wq.  Everything else is computed: the hand dot
 * products of the rude row, table A (query = key = value), table B (queries E·Wqᵀ),
 * row sums, the rude row's moved numbers, the shuffle experiment, and what the common
 * mistake (no 1/√d scaling) would print, so the grader can name it.
 */
#ifndef GB_EXP_ATTENTION_H
#define GB_EXP_ATTENTION_H

#include <cjson/cJSON.h>

#include "error.h"

#define EXP_ATTENTION_N 4
#define EXP_ATTENTION_D 4

extern const char *const exp_attention_tokens[EXP_ATTENTION_N];
extern const double exp_attention_meanings[EXP_ATTENTION_N * EXP_ATTENTION_D];
extern const double exp_attention_wq[EXP_ATTENTION_D * EXP_ATTENTION_D];

/* Fills the "values" object of rubrics/expected/attention_by_hand.json. */
int exp_attention_values(cJSON *values, struct gb_err *err);

#endif
