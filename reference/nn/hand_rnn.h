/* hand_rnn.h — the module's Step 2 RNN: three hand-set units, NumPy's doubles.
 *
 * h_t = tanh(Wx @ x_t + Wh @ h_{t-1} + b) with the module's weights, where each
 * token becomes three features (positive word, negative word, the word "not").
 * Unit 0 is the running mood, unit 1 a one-step "just read not" memory, unit 2
 * a running count of opinion words.  The grader links this to check a student's
 * own trace of their own twin pair: which step the two memories separate at.
 */
#ifndef GB_HAND_RNN_H
#define GB_HAND_RNN_H

#include <stddef.h>

#define HAND_RNN_UNITS 3

enum hand_rnn_unit { HAND_RNN_MOOD = 0, HAND_RNN_SAW_NOT = 1, HAND_RNN_COUNT = 2 };

/* Two hidden states closer than this (largest absolute unit difference) are the
 * same memory.  When two tokens' features differ, the hand-set units move apart by
 * tenths (weights >= 0.5, tanh far from flat), while the same tokens in the same
 * order give states within a few ulps (~1e-16) in any double build (glibc's tanh
 * and NumPy's own differ in the last bit): 1e-9 sits safely between the two. */
#define HAND_RNN_SAME_TOL 1e-9

/* Step 2's features(tok): (pos, neg, not), each 0.0 or 1.0; any other word, or a
 * word outside the vocabulary, is all zeros, as in the module. */
void hand_rnn_features(const char *token, double x[HAND_RNN_UNITS]);

/* One step of the loop: h = tanh(Wx @ x + Wh @ h_prev + b). h may alias h_prev. */
void hand_rnn_step(const double h_prev[HAND_RNN_UNITS], const double x[HAND_RNN_UNITS],
                   double h[HAND_RNN_UNITS]);

/* Runs the RNN from h_0 = 0 over n tokens; h[t] is the state after token t+1
 * (the module's step t+1).  Returns nothing to fail on. */
void hand_rnn_trace(const char *const *tokens, size_t n, double (*h)[HAND_RNN_UNITS]);

/* The module's step number (1-based) of the first state where two traces of
 * length n differ by more than tol in any unit; 0 when they never do. */
size_t hand_rnn_separation(const double (*ha)[HAND_RNN_UNITS],
                           const double (*hb)[HAND_RNN_UNITS], size_t n, double tol);

/* Traces both reviews and returns their separation step over the shorter length
 * (0: identical memories throughout).  Returns -1 only if memory runs out. */
long hand_rnn_separation_of(const char *const *a, size_t na,
                            const char *const *b, size_t nb, double tol);

/* 1-based step of the first positive or negative word, 0 if none: where the
 * module says twin memories separate. */
size_t hand_rnn_first_opinion(const char *const *tokens, size_t n);

#endif
