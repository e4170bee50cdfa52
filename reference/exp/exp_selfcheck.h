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
#include "exp/exp_order.h"
#include "rng/sequences.h"
#include "rng/torch_init.h"

/* Step 4's SeqNet: Embedding(17, 16) -> RNN/GRU/LSTM(16, 32) -> Linear(32, 1),
 * trained with train()'s defaults (30 epochs) on the 1,600 reviews. */
#define SEQNET_EMB 16
#define SEQNET_HID 32
#define SELFCHECK_HAND_REVIEWS 4

extern const char *const selfcheck_hand_reviews[SELFCHECK_HAND_REVIEWS][SEQ_REVIEW_LEN];

struct selfcheck_seqnet {
    long params;                       /* from the built model: net.parameters() */
    double train_seconds;              /* this machine's wall clock for train() */
    struct order_scores scores;        /* all / very / not on the 600 test rows */
    double p_positive[SELFCHECK_HAND_REVIEWS];   /* sigmoid(logit) on the hand-written reviews */
};

/* Parameters of SeqNet(core) from its layer shapes: 1,905 / 5,105 / 6,705. */
long selfcheck_seqnet_params(enum torch_cell core);
/* torch.manual_seed(7); net = SeqNet(kind); train(net, Xtr, ytr, epochs=30); acc x3. */
int selfcheck_seqnet(enum torch_cell core, struct selfcheck_seqnet *r, struct gb_err *err);

/* Hops a signal takes from token `from` to token `to` (1-based, from < to): a
 * recurrent layer passes it through every step in between, attention directly. */
int selfcheck_hops_rnn(int from, int to);
int selfcheck_hops_attention(int from, int to);

/* Fills the "values" object of rubrics/expected/self_check.json. */
int exp_selfcheck_values(cJSON *values, struct gb_err *err);

#endif
