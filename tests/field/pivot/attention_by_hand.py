# attention_by_hand.py -- Exercise 4: attention on paper, then in NumPy.
import numpy as np, torch
from tables import frame

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]

# ---------------- part one: on paper, BEFORE running anything ----------------
# rude = [0, -2, 0, 0]
#   . support [2, 0, 0, 0]   = 0            / sqrt(4) = 0
#   . was     [0, 0, 0, 2]   = 0            / 2       = 0
#   . not     [0, 0, 2, 0.5] = 0            / 2       = 0
#   . rude    [0, -2, 0, 0]  = (-2)(-2) = 4 / 2       = 2
# softmax of [0, 0, 0, 2]: e^0 = 1 (three times), e^2 = 7.389, total = 10.389
#   support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711  (sum 1.000)
HAND = np.array([0.096, 0.096, 0.096, 0.711])

frame([list(r) for r in E], [("meaning", a) for a in AXES], TOKENS, index_names=["token"],
      column_names=["", "axis"], fmt=".1f", title="four tokens, four-number meanings")


# ---------------- part two: attend(Q, K, V) ----------------
def attend(Q, K, V):
    scores = Q @ K.T / np.sqrt(K.shape[1])           # dot products, scaled by sqrt(d)
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)                  # softmax along each query's row
    return w, w @ V


def show(w, out, title, tokens=TOKENS):
    frame([list(wr) + [wr.sum()] + list(orow) for wr, orow in zip(w, out)],
          [("weight on key", t) for t in tokens] + [("", "sum")]
          + [("output = weights @ V", a) for a in AXES],
          tokens, index_names=["query"], column_names=["", ""], fmt=".3f", title=title)


wA, outA = attend(E, E, E)
show(wA, outA, "A. query = key = value = the meanings")
i = TOKENS.index("rude")
frame([list(HAND), list(wA[i]), list(np.abs(wA[i] - HAND))], TOKENS,
      ["by hand", "attend()", "|difference|"], index_names=["'rude' row"], fmt=".3f",
      title="hand numbers against the printed 'rude' row")

# ---------------- part three: a query matrix ----------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
frame([list(r) for r in Q], [("query", a) for a in AXES], TOKENS, index_names=["token"],
      column_names=["", "axis"], fmt=".1f", title="queries after the query matrix Wq")
wB, outB = attend(Q, E, E)
show(wB, outB, "B. separate query (E @ Wq.T), key = value = the meanings")
frame([[E[i, 1], outB[i, 1], E[i, 2], outB[i, 2]]],
      [("good/bad", "before"), ("good/bad", "after"), ("negation", "before"), ("negation", "after")],
      ["rude"], index_names=["token"], fmt="+.3f", title="what attention did to 'rude'")
# Part three: 'rude' attends 0.440 to 'support' and 0.440 to 'not' (0.060 to 'was' and to
# itself), because its query [2, 0, 2, 0] scores 2.000 against both the subject axis and the
# negation axis -- and that pairing is right for "support was not rude": 'rude' is about
# 'support', and 'not' flips it, so its bad-news number rises from -2.000 to -0.119 while a
# negation number of +0.881 appears. The other three tokens have zero queries, so they attend
# evenly (0.250 each) -- nobody asked them a question.

# ---------------- part four: torch check, then shuffle ----------------
F = torch.nn.functional
if hasattr(F, "scaled_dot_product_attention"):          # torch >= 2.0
    t_out = F.scaled_dot_product_attention(torch.tensor(Q)[None], torch.tensor(E)[None],
                                           torch.tensor(E)[None])[0].numpy()
else:                                                   # torch 1.13 only has the private one
    t_out = F._scaled_dot_product_attention(torch.tensor(Q)[None], torch.tensor(E)[None],
                                            torch.tensor(E)[None])[0][0].numpy()
gap = np.abs(t_out - outB).max()
print(f"torch {torch.__version__}: largest gap between attend() and torch's scaled dot-product"
      f" attention: {gap:.2e}  (below 1e-12: {gap < 1e-12})\n")

perm = [3, 0, 2, 1]                                      # new order: rude, support, not, was
Ts, Es, Qs = [TOKENS[p] for p in perm], E[perm], Q[perm]
wS, outS = attend(Qs, Es, Es)
show(wS, outS, f"C. the same four rows shuffled into {Ts}", tokens=Ts)
back = np.argsort(perm)                                  # put shuffled rows back in the old order
rows = []
for j, t in enumerate(TOKENS):
    rows.append([TOKENS.index(t), Ts.index(t)] + list(outB[j]) + list(outS[back][j]))
frame(rows, [("position", "before"), ("position", "after")]
      + [("output, original order", a) for a in AXES]
      + [("output, shuffled order", a) for a in AXES],
      TOKENS, index_names=["token"], column_names=["", ""], fmt=["d", "d"] + [".3f"] * 8,
      title="each token's output row, before and after the shuffle")
print(f"largest change in any token's output after shuffling: {np.abs(outS[back] - outB).max():.2e}")
print(f"outputs simply permuted with the rows: {np.allclose(outS, outB[perm])}")
print(f"weights simply permuted (rows and columns): {np.allclose(wS, wB[np.ix_(perm, perm)])}")
print("hops from 'not' to 'rude': RNN 1, attention 1")
print("hops from token 1 to token 50: RNN 49, attention 1")
# PART FOUR, three sentences (filled in after reading the output above):
# 1. What changed: only the positions -- 'rude' moved from row 3 to row 0, and its output row
#    (and its row/column of weights) moved with it.
# 2. What did not change: every token's output values, e.g. 'rude' is [0.881, -0.119, 0.881,
#    0.339] in both orders; the largest change after shuffling was 0.00e+00.
# 3. So attention by itself is blind to order ("support was not rude" and "rude not was support"
#    give identical per-token results) -- position has to be added to the inputs, which is why
#    2.8 adds position information before the attention layers.
