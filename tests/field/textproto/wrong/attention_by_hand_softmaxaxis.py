"""Exercise 4 - attention on paper, then in NumPy.

All output is protobuf text format from my own printer (pbtext.py).
"""
import numpy as np, torch
import torch.nn.functional as F
from pbtext import block, field, repeated, enum

# ---- part one, on paper (written BEFORE running anything) -------------------
# rude = [0,-2,0,0]. Dot products of the rude row against every token:
#   support [2,0,0,0]   -> 0
#   was     [0,0,0,2]   -> 0
#   not     [0,0,2,0.5] -> 0
#   rude    [0,-2,0,0]  -> 4
# divided by sqrt(4) = 2:  0, 0, 0, 2
# softmax: e^0 = 1 three times, e^2 = 7.389, total = 10.389
#   weights = 1/10.389 = 0.096 (support, was, not) and 7.389/10.389 = 0.711 (rude)
#   check: 0.096 * 3 + 0.711 = 0.999, i.e. 1.000 before rounding.

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]
HAND_RUDE = [0.096, 0.096, 0.096, 0.711]


# ---- part two: attend() in NumPy ---------------------------------------------
def attend(Q, K, V):
    scores = Q @ K.T / np.sqrt(d)                 # dot product, scaled
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(0, keepdims=True)               # softmax, row by row
    return w, w @ V


def show(label, tokens, Q, K, V):
    w, out = attend(Q, K, V)
    with block("attention"):
        field("case", enum(label))
        for t, q, r, o in zip(tokens, Q, w, out):
            with block("row"):
                field("token", t)
                repeated("query", q + 0.0, ".3f")
                for kt, wv in zip(tokens, r):
                    with block("weight"):
                        field("key", kt)
                        field("value", wv, ".3f")
                field("row_sum", r.sum(), ".3f")
                repeated("output", o + 0.0, ".3f")
    return w, out


with block("meanings"):
    repeated("axis", AXES)
    for t, row in zip(TOKENS, E):
        with block("token"):
            field("word", t)
            repeated("value", row, ".1f")

wA, outA = show("RAW_SELF_ATTENTION", TOKENS, E, E, E)
r = TOKENS.index("rude")
with block("hand_check"):
    repeated("hand_weight", HAND_RUDE, ".3f")
    repeated("code_weight", wA[r], ".3f")
    field("max_gap", float(np.abs(np.round(wA[r], 3) - HAND_RUDE).max()), ".3f")

# ---- part three: a query matrix (Step 6's Wq) ---------------------------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
wB, outB = show("WITH_QUERY_MATRIX", TOKENS, Q, E, E)
with block("rude_row_readout"):
    for j, t in enumerate(TOKENS):
        with block("source"):
            field("token", t)
            field("share", wB[r, j], ".3f")
    field("good_bad_before", E[r, 1], ".3f")
    field("good_bad_after", outB[r, 1], ".3f")
    field("negation_before", E[r, 2], ".3f")
    field("negation_after", outB[r, 2], ".3f")
# Which token attended to which: only "rude" has a non-zero query ([2,0,2,0]),
# and it put 0.440 on "support" and 0.440 on "not" (0.060 on the others).
# That pairing is right for "support was not rude": rude needs to know WHAT was
# rude (its subject, support) and that it was negated (not), and after mixing
# its good/bad number rose from -2.000 to -0.119 while negation 0.881 appeared.
# The other three rows have all-zero queries, so they spread 0.250 evenly.

# ---- part four: against PyTorch, then shuffle ----------------------------------
sdpa = getattr(F, "scaled_dot_product_attention", None)
if sdpa is not None:
    ref = sdpa(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
    which = "torch.nn.functional.scaled_dot_product_attention"
else:  # torch 1.13 only has the private early version, returns (out, weights)
    ref = F._scaled_dot_product_attention(torch.tensor(Q), torch.tensor(E),
                                          torch.tensor(E))[0].numpy()
    which = "torch.nn.functional._scaled_dot_product_attention"
with block("torch_check"):
    field("function", which)
    field("torch_version", torch.__version__)
    field("max_abs_gap", float(np.abs(ref - outB).max()), ".2e")
    field("below_1e_12", bool(np.abs(ref - outB).max() < 1e-12))

perm = [3, 0, 2, 1]  # new order: rude, support, not, was
tok_s, E_s = [TOKENS[i] for i in perm], E[perm]
wS, outS = show("SHUFFLED_WITH_QUERY_MATRIX", tok_s, E_s @ Wq.T, E_s, E_s)
with block("shuffle_check"):
    repeated("new_order", tok_s)
    field("outputs_equal_old_outputs_permuted", bool(np.allclose(outS, outB[perm])))
    field("weights_equal_old_weights_permuted",
          bool(np.allclose(wS, wB[np.ix_(perm, perm)])))
    field("max_abs_gap", float(np.abs(outS - outB[perm]).max()), ".2e")
# After the shuffle the output rows appear in the new order (rude is now row
# one), but every token's output vector is exactly what it was before, e.g.
# rude still reads [0.881, -0.119, 0.881, 0.339] with a gap of 0 to the old rows.
# So nothing about the answer depends on where a token sits: attention on its
# own is blind to order, which is why 2.8 adds position information.
