"""attention_by_hand.py -- Exercise 4: attention on paper, then in NumPy.

PART ONE -- ON PAPER, written BEFORE running anything:
  meanings (axes subject, good/bad, negation, filler):
    support [2, 0, 0, 0]   was [0, 0, 0, 2]   not [0, 0, 2, 0.5]   rude [0, -2, 0, 0]
  the rude row against every token (query = key = the meanings), d = 4, sqrt(4) = 2:
    rude . support = 0*2 + (-2)*0 + 0*0 + 0*0      = 0  -> 0 / 2 = 0
    rude . was     = 0 + 0 + 0 + 0*2               = 0  -> 0 / 2 = 0
    rude . not     = 0 + 0 + 0*2 + 0*0.5           = 0  -> 0 / 2 = 0
    rude . rude    = (-2)*(-2)                     = 4  -> 4 / 2 = 2
  softmax of [0, 0, 0, 2]:
    e^0 = 1 (three times), e^2 = 7.389, total = 3 + 7.389 = 10.389
    support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
    (check: 3 * 0.0963 + 0.7112 = 1.000)
  so my hand prediction for the rude row is [0.096, 0.096, 0.096, 0.711].
  (the same arithmetic with the query matrix of Part three: rude's query becomes
   [2, 0, 2, 0]; scores /2 = [2, 0, 2, 0]; e^2/(2e^2 + 2) = 7.389/16.778 = 0.440
   and 1/16.778 = 0.060; output = 0.440*[2,0,0,0] + 0.060*[0,0,0,2]
   + 0.440*[0,0,2,0.5] + 0.060*[0,-2,0,0] = [0.881, -0.119, 0.881, 0.339].)
"""
import time
import numpy as np, torch, torch.nn.functional as F

np.set_printoptions(precision=3, suppress=True)
T_START = time.perf_counter()

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],   # support
              [0.0, 0.0, 0.0, 2.0],   # was
              [0.0, 0.0, 2.0, 0.5],   # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]
HAND = np.array([0.096, 0.096, 0.096, 0.711])        # from the docstring, by hand
HAND_Q = np.array([0.440, 0.060, 0.440, 0.060])
HAND_OUT = np.array([0.881, -0.119, 0.881, 0.339])


def rule(title):
    print("\n" + "=" * 72 + f"\n{title}\n" + "=" * 72)


def attend(Q, K, V, scale=True):
    """Scaled dot-product attention in NumPy. Returns (weights, output)."""
    scores = Q @ K.T
    w = np.exp(scores - scores.max(1, keepdims=True))  # stable softmax
    w = w / w.sum(1, keepdims=True)                   # row by row
    return w, w @ V


def show(w, out, tokens, label):
    print(f"--- {label} ---")
    print("weights (query row, key column):")
    print(f"{'':<9s}" + "".join(f"{t:>9s}" for t in tokens) + f"{'row sum':>9s}")
    for t, r in zip(tokens, w):
        print(f"{t:<9s}" + "".join(f"{v:9.3f}" for v in r) + f"{r.sum():9.3f}")
    print("output = weights @ values:")
    for t, r in zip(tokens, out):
        print(f"  {t:<8s} {r}")


# ================================================================ part two
rule("PART TWO -- attend(E, E, E): query = key = value = the meanings")
print(f"axes {AXES}")
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {row}")
t0 = time.perf_counter()
wA, outA = attend(E, E, E)
tA = time.perf_counter() - t0
show(wA, outA, TOKENS, "A. raw self-attention")
i = TOKENS.index("rude")
print(f"\nrude row, computed : {wA[i]}")
print(f"rude row, by hand  : {HAND}")
print(f"largest hand-vs-code gap: {np.abs(wA[i] - HAND).max():.4f}  (hand numbers are rounded to 3 dp)")
print(f"every row sums to 1.000? {np.allclose(wA.sum(1), 1.0)}  (sums {wA.sum(1)})")
print(f"each row's favourite key: "
      + ", ".join(f"{t}->{TOKENS[int(np.argmax(r))]}" for t, r in zip(TOKENS, wA)))
print(f"largest weight in the first (support) row: {wA[0].max():.3f}")

# extra: what the sqrt(d) buys
wNS, _ = attend(E, E, E, scale=False)
print(f"\nextra: WITHOUT the /sqrt(4): rude row {wNS[i]} -> self-weight {wNS[i, i]:.3f}"
      f" instead of {wA[i, i]:.3f} (sharper, closer to a hard one-hot)")

# ================================================================ part three
rule("PART THREE -- a query matrix: a bad word asks for its subject and a negator")
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("queries Q = E @ Wq.T:")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<8s} {row}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "B. separate query, same key and value")
print(f"\nrude row weights  : {wB[i]}   by hand {HAND_Q}")
print(f"rude output row   : {outB[i]}   by hand {HAND_OUT}")
print(f"every row sums to 1.000? {np.allclose(wB.sum(1), 1.0)}")
print("reading the 'rude' row aloud:")
for j, t in enumerate(TOKENS):
    print(f"  {wB[i, j]:.3f} of its new meaning comes from '{t}'")
print(f"  its good/bad number moved from {E[i, 1]:+.3f} to {outB[i, 1]:+.3f}")
print(f"  its negation number moved from {E[i, 2]:+.3f} to {outB[i, 2]:+.3f}")
print(f"  its subject number moved from  {E[i, 0]:+.3f} to {outB[i, 0]:+.3f}")
# PART THREE comment (after the run): with the query matrix, 'rude' attended
# 0.440 to 'support' and 0.440 to 'not' and only 0.060 to 'was' and to itself,
# because Wq turns a bad word's -2 on the good/bad axis into a query [2, 0, 2, 0]
# that matches the subject axis of 'support' and the negation axis of 'not'
# (score 4/2 = 2 each) and nothing else. That pairing is right for "support was
# not rude": 'rude' is ABOUT support and is CANCELLED by not, so its new meaning
# mixes in the subject (0.881) and the negation (0.881) while its bad-news value
# collapses from -2.000 to -0.119. The other three tokens have all-zero queries
# (Wq only reacts to the good/bad axis), so they ask nothing, all scores are 0,
# and they spread 0.250 evenly over everything -- every row still sums to 1.000.

# ================================================================ part four
rule("PART FOUR -- check against PyTorch, then shuffle the tokens")
sdpa = getattr(F, "scaled_dot_product_attention", None)
if sdpa is not None:                      # torch >= 2.0
    name = "F.scaled_dot_product_attention"
    ref = lambda q, k, v: sdpa(q, k, v)
else:                                     # torch 1.13 only has the private version,
    name = "F._scaled_dot_product_attention (torch 1.13 name)"   # which returns (out, w)
    ref = lambda q, k, v: F._scaled_dot_product_attention(q, k, v)[0]
print(f"torch {torch.__version__}: using {name}")
gaps = {}
for label, (q, k, v), mine in (("A (E,E,E)", (E, E, E), outA), ("B (Q,E,E)", (Q, E, E), outB)):
    t = ref(torch.tensor(q), torch.tensor(k), torch.tensor(v)).numpy()
    manual = (torch.softmax(torch.tensor(q) @ torch.tensor(k).T / d ** 0.5, -1) @ torch.tensor(v)).numpy()
    gaps[label] = np.abs(t - mine).max()
    print(f"  {label}: largest gap vs PyTorch function {gaps[label]:.2e};"
          f" vs torch softmax written out {np.abs(manual - mine).max():.2e}")
print(f"below 1e-12? {all(g < 1e-12 for g in gaps.values())}")

perm = [2, 0, 3, 1]  # new order: not, support, rude, was
T2 = [TOKENS[p] for p in perm]
E2 = E[perm]
print(f"\nshuffled order: {T2}")
wA2, outA2 = attend(E2, E2, E2)
wB2, outB2 = attend(E2 @ Wq.T, E2, E2)
show(wB2, outB2, T2, "B again, tokens shuffled")
print("\nper-token comparison, shuffled vs original (query-matrix version):")
for n, tok in enumerate(T2):
    print(f"  {tok:<8s} row moved {TOKENS.index(tok)} -> {n};"
          f" output {outB2[n]} vs {outB[TOKENS.index(tok)]}")
print(f"outputs identical once matched by token?  A: {np.allclose(outA2, outA[perm])}"
      f"  B: {np.allclose(outB2, outB[perm])}  (max gap {max(np.abs(outA2 - outA[perm]).max(), np.abs(outB2 - outB[perm]).max()):.1e})")
print(f"weights are the same matrix with rows AND columns permuted? "
      f"{np.allclose(wB2, wB[np.ix_(perm, perm)])}")
print(f"row-by-row output identical at the SAME position? {np.allclose(outB2, outB)}")

# extra: every one of the 24 orders
import itertools
worst = 0.0
for p in itertools.permutations(range(4)):
    p = list(p)
    _, o = attend(E[p] @ Wq.T, E[p], E[p])
    worst = max(worst, np.abs(o - outB[p]).max())
print(f"extra: all 24 orders of the four tokens -> largest gap after matching by token {worst:.1e}")

print("\nhops from 'not' to 'rude': RNN 1, attention 1")
print("hops from token 1 to token 50: RNN 49, attention 1")
print(f"\n[time] part two attend(): {tA * 1e6:.0f} us;  whole script {time.perf_counter() - T_START:.2f} s")

# PART FOUR comments (after the run):
# 1. WHAT CHANGED: after shuffling to [not, support, rude, was] the output rows and
#    the weight matrix came out in the new order -- the rude row moved from
#    position 3 to 2 and its weights now read [0.440, 0.440, 0.060, 0.060] because
#    the key columns were permuted too (rows AND columns permuted: True), so the
#    output at a given POSITION is different ("same position identical? False").
# 2. WHAT DID NOT CHANGE: matched by token, every output vector is exactly the
#    same -- rude is still [0.881, -0.119, 0.881, 0.339], the largest gap is
#    2.2e-16, and the same holds for all 24 orders of the four tokens: the output
#    rows move with their tokens but the values are unchanged.
# 3. WHAT IT MEANS: attention alone is blind to order -- "support was not rude"
#    and "rude not was support" give each token the same new meaning -- so a
#    Transformer must add position information to the embeddings (Module 2.8)
#    before attention can tell "not slow ... good" from "not good ... slow",
#    which was the whole point of the twin pairs in order_matters.py.
# (PyTorch check: my NumPy output agrees with torch's own attention to 2.22e-16
#  for version B and 6.66e-16 for A, far below 1e-12. torch 1.13 has no public
#  F.scaled_dot_product_attention -- it arrived in torch 2.0 -- so the script
#  falls back to the private F._scaled_dot_product_attention of 1.13, and also
#  checks a torch softmax written out by hand.)
