# attention_by_hand.py -- Exercise 4: attention on paper, then in NumPy.
import numpy as np, torch
import torch.nn.functional as F

np.set_printoptions(precision=3, suppress=True)


def show(expr_text, value):
    """Print a result the way the Python prompt would echo it."""
    print(f">>> {expr_text}")
    print(repr(value))


# ---- Part one, on paper (written BEFORE running anything) ----
# rude = [0, -2, 0, 0]. Dot products of the rude row with every token:
#   support [2,0,0,0]   -> 0*2 + 0 + 0 + 0       = 0
#   was     [0,0,0,2]   -> 0                     = 0
#   not     [0,0,2,0.5] -> 0                     = 0
#   rude    [0,-2,0,0]  -> (-2)*(-2)             = 4
# divide by sqrt(4) = 2  -> scores [0, 0, 0, 2]
# softmax: e^0 = 1 three times, e^2 = 7.389, total = 10.389
#   support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
# So my hand row for rude is [0.096, 0.096, 0.096, 0.711], and it adds to 1 (0.999 after rounding).

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]


# ---- Part two: attend(Q, K, V) in NumPy ----
def attend(Q, K, V):
    """Scaled dot-product attention. Returns (weights, output)."""
    scores = Q @ K.T
    w = np.exp(scores - scores.max(axis=1, keepdims=True))   # stable softmax, row by row
    w = w / w.sum(axis=1, keepdims=True)
    return w, w @ V


hand = np.array([1, 1, 1, np.exp(2)]) / (3 + np.exp(2))
wA, outA = attend(E, E, E)
show("E @ E.T / np.sqrt(4)", E @ E.T / np.sqrt(d))
show("wA  # query = key = value = E", wA)
show("wA.sum(axis=1)", wA.sum(axis=1))
show("wA[TOKENS.index('rude')]", wA[3])
show("np.round(hand, 3), np.abs(wA[3] - hand).max() < 1e-12  # my paper numbers", (np.round(hand, 3), bool(np.abs(wA[3] - hand).max() < 1e-12)))
show("outA", outA)

# ---- Part three: Step 6's query matrix ----
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
show("Q = E @ Wq.T; Q", Q)
wB, outB = attend(Q, E, E)
show("wB", wB)
show("wB.sum(axis=1)", wB.sum(axis=1))
show("dict(zip(TOKENS, wB[3].round(3)))  # the rude row", dict(zip(TOKENS, [float(v) for v in wB[3].round(3)])))
show("outB[3]  # new meaning of rude", outB[3])
show("E[3, 1], outB[3, 1], E[3, 2], outB[3, 2]  # good/bad and negation, before and after",
     (float(E[3, 1]), round(float(outB[3, 1]), 3), float(E[3, 2]), round(float(outB[3, 2]), 3)))

# ---- Part four: check against PyTorch, then shuffle the tokens ----
# torch 1.13 (Debian's) has no public F.scaled_dot_product_attention yet (it came in torch
# 2.0); 1.13 ships the same computation as F._scaled_dot_product_attention, which returns
# (output, weights), so I use that one when the public name is missing.
if hasattr(F, "scaled_dot_product_attention"):
    t_out = F.scaled_dot_product_attention(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
    show("hasattr(F, 'scaled_dot_product_attention')", True)
else:
    t_out, t_w = F._scaled_dot_product_attention(torch.tensor(Q), torch.tensor(E), torch.tensor(E),
                                                 None, 0.0, True, False)
    t_out = t_out.numpy()
    show("hasattr(F, 'scaled_dot_product_attention')", False)
    show("float(np.abs(t_w.numpy() - wB).max())", float(np.abs(t_w.numpy() - wB).max()))
gap = float(np.abs(t_out - outB).max())
show("float(np.abs(t_out - outB).max())", gap)
show("gap < 1e-12", gap < 1e-12)

perm = [2, 0, 3, 1]   # new order: not, support, rude, was
Es = E[perm]
shuffled_tokens = [TOKENS[i] for i in perm]
wS, outS = attend(Es @ Wq.T, Es, Es)
show("shuffled_tokens", shuffled_tokens)
show("wS", wS)
show("outS", outS)
show("np.allclose(outS, outB[perm]), np.allclose(wS, wB[perm][:, perm])",
     (np.allclose(outS, outB[perm]), np.allclose(wS, wB[perm][:, perm])))
show("outS[shuffled_tokens.index('rude')]", outS[shuffled_tokens.index("rude")])

# ---- My comments (written after reading the output above) ----
# Part two: my paper row for rude, [0.096, 0.096, 0.096, 0.711], is exactly the printed
# wA row (difference below 1e-12), and every row of wA and wB sums to 1.
#
# Part three: with the query matrix, rude attends 0.44 to support and 0.44 to not and only
# 0.06 to was and to itself; that pairing is right for "support was not rude" because rude
# needs to know WHO it is about (support) and that it is negated (not), while "was" adds
# nothing. Its good/bad number goes from -2.0 to -0.119 and a negation number of 0.881
# appears, so the new meaning reads "support, negated bad" instead of "bad". The other three
# tokens have all-zero queries, so they score 0 against everything and spread 0.25 evenly.
#
# Part four: the torch check gives a largest gap of 2.22e-16 (below 1e-12), so my NumPy is
# the same computation (done with 1.13's _scaled_dot_product_attention, see above).
# Shuffle, three sentences:
# 1. What changed: only the positions of the rows - in the order not, support, rude, was the
#    rude row is now row 2 and its 0.44 weights sit in the columns where not and support now are.
# 2. What did not change: the values - every output row moved with its token and is identical
#    (rude still [0.881, -0.119, 0.881, 0.339]), and the weight matrix is just the old one with
#    rows and columns permuted the same way (both allclose checks True).
# 3. So attention by itself is blind to order: "support was not rude" and any shuffle of it give
#    the same meanings, which is why position information has to be added (as 2.8 does).
