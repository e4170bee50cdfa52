# attention_by_hand.py -- scores, softmax, weighted sum on four tokens.
# Part one, on paper, before running anything (rude = [0,-2,0,0]):
#   dots vs support, was, not, rude = 0, 0, 0, 4      /sqrt(4) -> 0, 0, 0, 2
#   softmax: e^0 = 1 (x3), e^2 = 7.389, sum = 10.389
#   rude row -> support 0.096, was 0.096, not 0.096, rude 0.711
import numpy as np, torch
np.set_printoptions(precision=3, suppress=True)
TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],     # support
              [0.0, 0.0, 0.0, 2.0],     # was
              [0.0, 0.0, 2.0, 0.5],     # not
              [0.0, -2.0, 0.0, 0.0]])   # rude
d = E.shape[1]

def attend(Q, K, V):
    scores = Q @ K.T / np.sqrt(d)
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)            # softmax over keys, per query
    return w, w @ V

def show(w, out, toks, title):
    print(f"\n{title}\nweights, rows = keys, cols = queries")
    print(f"{'':<9s}" + "".join(f"{t:>9s}" for t in toks))
    for j, t in enumerate(toks):
        print(f"{t:<9s}" + "".join(f"{w[i, j]:9.3f}" for i in range(len(toks))))
    print(f"{'sum':<9s}" + "".join(f"{s:9.3f}" for s in w.sum(1)))
    print("output, rows = axes, cols = tokens")
    for a, ax in enumerate(AXES):
        print(f"{ax[:8]:<9s}" + "".join(f"{out[i, a]:9.3f}" for i in range(len(toks))))

print("meanings, rows = axes, cols = tokens")
print(f"{'':<9s}" + "".join(f"{t:>9s}" for t in TOKENS))
for a, ax in enumerate(AXES):
    print(f"{ax[:8]:<9s}" + "".join(f"{E[i, a]:9.3f}" for i in range(4)))

# ---- part two: Q = K = V = E
wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "A. q = k = v = meanings")
hand = np.array([1, 1, 1, np.e ** 2]) / (3 + np.e ** 2)
print(f"hand  rude col: {hand}   max gap vs code {np.abs(hand - wA[3]).max():.1e}")

# ---- part three: query matrix from Step 6
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "B. q = E Wq^T, k = v = meanings")
r = TOKENS.index("rude")
print(f"rude  good/bad {E[r, 1]:+.3f} -> {outB[r, 1]:+.3f}   negation {E[r, 2]:+.3f} -> {outB[r, 2]:+.3f}")
# Only 'rude' has a non-zero query ([2,0,2,0]); it puts 0.440 on 'support' and 0.440
# on 'not', 0.060 on 'was' and itself. That is the right pairing here: 'not' flips
# 'rude', and 'support' is what is (not) rude. The other three queries are zero -> flat 0.250.

# ---- part four: check against torch, then shuffle
F = torch.nn.functional
sdpa = getattr(F, "scaled_dot_product_attention", None)
if sdpa is not None:
    tout = sdpa(*(torch.tensor(a)[None] for a in (Q, E, E)))[0].numpy()
    name = "F.scaled_dot_product_attention"
else:                                      # torch 1.13: only the private version exists
    tout = F._scaled_dot_product_attention(*(torch.tensor(a)[None] for a in (Q, E, E)))[0][0].numpy()
    name = "F._scaled_dot_product_attention (torch 1.13)"
print(f"\nmax gap vs {name}: {np.abs(tout - outB).max():.2e}")

perm = [2, 0, 3, 1]
Es, Ts = E[perm], [TOKENS[i] for i in perm]
wS, outS = attend(Es @ Wq.T, Es, Es)
show(wS, outS, Ts, f"C. same as B, rows shuffled to {Ts}")
print(f"max gap out[shuffled] vs out[B] permuted: {np.abs(outS - outB[perm]).max():.2e}")
print(f"max gap w[shuffled]   vs w[B] permuted:   {np.abs(wS - wB[perm][:, perm]).max():.2e}")
# What changed: only the order of the columns; rude's output now sits in col 3, not col 4.
# What did not change: every value, rude still reads [0.881, -0.119, 0.881, 0.339] with
#   0.440 on support and not (gap 2.22e-16, rounding only), so the output rows just move with their tokens.
# So attention alone is blind to order; position has to be added to the inputs (2.8).
