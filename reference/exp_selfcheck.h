/* exp_selfcheck.h — the numbers behind the five self-check questions and the
 * explain-to-a-friend task: rubrics/expected/self_check.json.
 *
 * Computed from the other experiments (gradient decay, memory lab, attention,
 * the bag and sequence models of Steps 1 and 4); the only literals are the
 * module's quoted LSTM-vs-attention timings, which the task asks students to cite
 * and which are marked "quoted_from_module".
 */
#ifndef GB_EXP_SELFCHECK_H
#define GB_EXP_SELFCHECK_H

#include <cjson/cJSON.h>

#include "error.h"

/* Hops a signal takes from token `from` to token `to` (1-based, from < to): a
 * recurrent layer passes it through every step in between, attention directly. */
int selfcheck_hops_rnn(int from, int to);
int selfcheck_hops_attention(int from, int to);

/* Fills the "values" object of rubrics/expected/self_check.json. */
int exp_selfcheck_values(cJSON *values, struct gb_err *err);
/* `reference self_check [--out FILE]` */
int exp_selfcheck_main(int argc, char **argv);

#endif
