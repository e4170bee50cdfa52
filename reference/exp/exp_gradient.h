/* exp_gradient.h — the gradient_decay exercise: Step 3's blame measurement.
 *
 * Exactly the module's code: torch.manual_seed(0); x = randn(T,B,D)·0.5;
 * v = randn(H,1)·0.2; y = 1.  Plain RNN: manual_seed(1); Wx = randn(D,H)·0.1;
 * Wh = randn(H,H)/√H·gain; h_t = tanh(x_t·Wx + h_{t-1}·Wh); loss =
 * BCE-with-logits(h_T·v, y); the curve is ‖∂L/∂h_t‖ for t = 1..T.  LSTM:
 * manual_seed(1); nn.LSTMCell(D,H) with bias_ih[H:2H] = forget bias and
 * bias_hh[H:2H] = 0; the curve is ‖∂L/∂c_t‖.  T=50, B=64, D=16, H=32.
 */
#ifndef GB_EXP_GRADIENT_H
#define GB_EXP_GRADIENT_H

#include <cjson/cJSON.h>

#include "error.h"

#define EXP_GRADIENT_MAX_STEPS 100

/* How the inputs x, v are drawn for a sequence length other than 50. */
enum exp_gradient_inputs {
    EXP_GRADIENT_RESEED,     /* manual_seed(0); x = randn(T,B,D)·0.5; v = randn(H,1)·0.2 */
    EXP_GRADIENT_PREFIX      /* the same drawn once at T = 100; steps 1..T of that x */
};

struct exp_gradient_curve {
    int steps;
    double norm[EXP_GRADIENT_MAX_STEPS];   /* norm[t-1]: blame reaching step t */
};

/* The plain RNN's curve at one gain; clip (optional, gain 1.5 in the exercise)
 * receives the [Wx, Wh] total gradient norm before and after clip_grad_norm_(1.0)
 * and the same for Wh alone. */
struct exp_gradient_clip {
    double before, after, wh_only_before, wh_only_after;
};
int exp_gradient_rnn(double gain, int steps, enum exp_gradient_inputs inputs,
                     struct exp_gradient_curve *out, struct exp_gradient_clip *clip,
                     struct gb_err *err);
/* The LSTMCell's cell-state curve at one forget bias (T = 50). */
int exp_gradient_lstm(double forget_bias, struct exp_gradient_curve *out, struct gb_err *err);

/* Fills the "values" object of rubrics/expected/gradient_decay.json. */
int exp_gradient_values(cJSON *values, struct gb_err *err);

#endif
