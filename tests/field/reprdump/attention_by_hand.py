# attention_by_hand.py -- attention on paper, then in NumPy
import numpy as np, torch
np.set_printoptions(precision=3, suppress=True)

# part one, on paper (written before running anything):
# rude = [0,-2,0,0]. dot products of rude with support [2,0,0,0] = 0, was [0,0,0,2] = 0,
# not [0,0,2,0.5] = 0, rude itself = (-2)(-2) = 4. Divide by sqrt(4) = 2 -> 0, 0, 0, 2.
# softmax: e^0 = 1 three times, e^2 = 7.389, total 10.389
# -> support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711 (sum 1.000)
HAND = {"support": 0.096, "was": 0.096, "not": 0.096, "rude": 0.711}

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],   # support
              [0.0, 0.0, 0.0, 2.0],   # was
              [0.0, 0.0, 2.0, 0.5],   # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]


def attend(Q, K, V):
    scores = Q @ K.T / np.sqrt(d)
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)  # softmax along each row
    return w, w @ V


# part two: query = key = value = meanings
wA, outA = attend(E, E, E)
i = TOKENS.index("rude")
print("A: weights, row sums, output")
print(wA, wA.sum(1), outA)
print("rude row: hand vs code")
print({t: (HAND[t], round(float(wA[i, j]), 3)) for j, t in enumerate(TOKENS)})

# part three: the query matrix from Step 6
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
wB, outB = attend(Q, E, E)
print("B: queries, weights, row sums, output")
print(Q, wB, wB.sum(1), outB)
print("rude: weights by token, and (good/bad, negation) before -> after")
print({t: round(float(wB[i, j]), 3) for j, t in enumerate(TOKENS)},
      {"good/bad": (E[i, 1], round(float(outB[i, 1]), 3)),
       "negation": (E[i, 2], round(float(outB[i, 2]), 3))})
# 'rude' attended 0.440 to 'support' and 0.440 to 'not' (0.060 to 'was' and to itself):
# its query [2,0,2,0] asks for a subject and a negator, and in "support was not rude" the
# word 'not' flips 'rude' and 'support' is what was (not) rude, so that pairing is right;
# the other three tokens have a zero query and just spread 0.250 over everything.
# Its good/bad number went from -2.000 to -0.119 and a negation number of 0.881 appeared.

# part four: against torch, then shuffle the rows
sdpa = getattr(torch.nn.functional, "scaled_dot_product_attention", None)
if sdpa is not None:  # torch >= 2.0
    t_out = sdpa(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
    t_w = None
else:  # torch 1.13 only has the underscore version; it returns (output, weights)
    t_out, t_w = torch.nn.functional._scaled_dot_product_attention(
        torch.tensor(Q), torch.tensor(E), torch.tensor(E), need_attn_weights=True)
    t_out, t_w = t_out.numpy(), t_w.numpy()
print("gap vs torch (output, weights), torch version")
print((np.abs(t_out - outB).max(), None if t_w is None else np.abs(t_w - wB).max()),
      torch.__version__)

perm = [2, 0, 3, 1]  # new order: not, support, rude, was
Es = E[perm]
ws, outs = attend(Es @ Wq.T, Es, Es)
print("shuffled order, weights, output, and does it equal the old output rows moved?")
print([TOKENS[p] for p in perm], ws, outs)
print({"outputs equal old rows in new order": bool(np.allclose(outs, outB[perm])),
       "weights equal old weights permuted": bool(np.allclose(ws, wB[np.ix_(perm, perm)])),
       "max gap": np.abs(outs - outB[perm]).max()})
# What changed: only the order of the rows -- 'rude' is now row 3 instead of row 4, and
# its weights are listed in the new column order (not 0.440, support 0.440, rude 0.060,
# was 0.060).
# What did not change: every token's output values are identical, 'rude' still comes out
# as [0.881, -0.119, 0.881, 0.339] (max gap 2.2e-16 against the old rows moved, just rounding), the output
# rows just move with their tokens.
# So attention on its own is blind to order: "support was not rude" and any shuffle of
# it give each token the same new meaning, which is why 2.8 adds position information.
