# attention_by_hand.py -- exercise 4: attention on paper, then in NumPy
# Printed as a log: each attention run logs its rows, then its final line + "done in".
#
# ---- part one, on paper, BEFORE running anything ----
# tokens support=[2,0,0,0], was=[0,0,0,2], not=[0,0,2,0.5], rude=[0,-2,0,0]
# axes: subject, good/bad, negation, filler
# rude row dot products:  rude.support = 0*2 = 0
#                         rude.was     = 0
#                         rude.not     = 0   (the -2 meets a 0 on the good/bad axis)
#                         rude.rude    = (-2)*(-2) = 4
# divided by sqrt(4) = 2:  0, 0, 0, 2
# softmax: e^0 = 1 three times, e^2 = 7.389; total = 3 + 7.389 = 10.389
#          support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
#          (check: 3*0.096 + 0.711 = 0.999, rounding; exactly it is 1)
# so by hand: rude attends 0.711 to itself and 0.096 to each of the other three.
import time
import numpy as np, torch
import torch.nn.functional as F

np.set_printoptions(precision=3, suppress=True)
TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]


def attend(Q, K, V):
    """Scaled dot-product attention in NumPy. Returns (weights, output)."""
    scores = Q @ K.T / np.sqrt(d)
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)               # softmax, row by row
    return w, w @ V


def log_attention(tag, toks, w, out):
    for t, r in zip(toks, w):
        cells = " | ".join(f"{k} {v:.3f}" for k, v in zip(toks, r))
        print(f"[{tag}] weights {t:<8s} -> {cells} | sum {r.sum():.3f}")
    for t, r in zip(toks, out):
        print(f"[{tag}] output  {t:<8s} = {r}")


def torch_attention(Q, K, V):
    """PyTorch's own scaled dot-product attention. torch 1.13 on this machine only has the
    private _scaled_dot_product_attention (the public name came later), so use whichever exists."""
    q, k, v = (torch.tensor(a) for a in (Q, K, V))
    if hasattr(F, "scaled_dot_product_attention"):
        return F.scaled_dot_product_attention(q, k, v).numpy()
    return F._scaled_dot_product_attention(q, k, v, None, 0.0, False, False)[0].numpy()


print(f"[setup] axes={AXES}")
for tok, row in zip(TOKENS, E):
    print(f"[setup] meaning {tok:<8s} {row}")

# ---- part two: query = key = value = the meanings ----
t0 = time.perf_counter()
wA, outA = attend(E, E, E)
log_attention("A q=k=v", TOKENS, wA, outA)
r = TOKENS.index("rude")
print(f"[A q=k=v] hand vs code (rude row): hand 0.096 0.096 0.096 0.711 | code "
      + " ".join(f"{v:.3f}" for v in wA[r]))
print(f"[A q=k=v] final  rude->rude={wA[r, r]:.3f}  rude->others={wA[r, 0]:.3f},{wA[r, 1]:.3f},{wA[r, 2]:.3f}"
      f"  all rows sum to 1: {np.allclose(wA.sum(1), 1.0)}")
print(f"[A q=k=v] done in {time.perf_counter() - t0:.4f}s")

# ---- part three: Step 6's query matrix ----
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
t0 = time.perf_counter()
Q = E @ Wq.T
for tok, row in zip(TOKENS, Q):
    print(f"[B Wq] query   {tok:<8s} = {row}")
wB, outB = attend(Q, E, E)
log_attention("B Wq", TOKENS, wB, outB)
print(f"[B Wq] rude good/bad {E[r, 1]:+.3f} -> {outB[r, 1]:+.3f}   negation {E[r, 2]:+.3f} -> {outB[r, 2]:+.3f}")
tq = torch_attention(Q, E, E)
gap = np.abs(tq - outB).max()
print(f"[B Wq] gap vs torch attention: {gap:.2e}")
print(f"[B Wq] final  rude row w=[{', '.join(f'{v:.3f}' for v in wB[r])}]"
      f"  out=[{', '.join(f'{v:.3f}' for v in outB[r])}]  torch_gap={gap:.2e}")
print(f"[B Wq] done in {time.perf_counter() - t0:.4f}s")

# ---- part four: shuffle the token rows and run again ----
t0 = time.perf_counter()
perm = [2, 0, 3, 1]                               # new order: not, support, rude, was
Es = E[perm]
toks_s = [TOKENS[i] for i in perm]
ws, outs = attend(Es @ Wq.T, Es, Es)
log_attention("C shuffled", toks_s, ws, outs)
gap_s = np.abs(torch_attention(Es @ Wq.T, Es, Es) - outs).max()
same_out = np.abs(outs - outB[perm]).max()
same_w = np.abs(ws - wB[perm][:, perm]).max()
print(f"[C shuffled] order {toks_s}; max|out_shuffled - out_original[same token]|={same_out:.2e}"
      f"  max|w difference after reordering|={same_w:.2e}  torch_gap={gap_s:.2e}")
print(f"[C shuffled] final  rude row (now row {toks_s.index('rude')}) out=[{', '.join(f'{v:.3f}' for v in outs[toks_s.index('rude')])}]"
      f"  rows just moved with their tokens: {same_out < 1e-12}")
print(f"[C shuffled] done in {time.perf_counter() - t0:.4f}s")

# ---- my notes (written after reading the log above) ----
# Part two: my hand numbers match the printed rude row exactly: 0.096 0.096 0.096 0.711, and
# every row of run A sums to 1.000.  With query = key the rude row mostly re-reads itself,
# because its dot product with every other token is 0.
#
# Part three: with Wq only the rude row changes: rude attends 0.440 to support and 0.440 to not
# (0.060 to was and to itself), while support/was/not have all-zero queries and spread 0.250
# evenly.  That pairing is right for "support was not rude": 'support' is WHO was rude and
# 'not' flips the meaning, so those are exactly the two words rude has to read; the rude output
# becomes [0.881, -0.119, 0.881, 0.339] -- its bad-news number goes from -2.000 to -0.119 and a
# negation number of 0.881 appears, in one hop.  The torch check agrees to 2.22e-16 (< 1e-12).
#
# Part four, three sentences on the shuffle (new order not, support, rude, was):
# 1. What changed: only where each row sits -- rude's weights and output are now row 2 instead
#    of row 3, and every row of the weight matrix is reordered the same way as the tokens.
# 2. What did not change: the values -- rude still gives 0.440 to support and to not and still
#    outputs [0.881, -0.119, 0.881, 0.339]; after undoing the shuffle the largest difference is
#    2.22e-16, which is just floating-point rounding.
# 3. So the output rows move with their tokens but the numbers stay the same: attention by itself
#    is blind to order ("support was not rude" and "rude not support was" look the same to it),
#    which is why position information has to be added on top (module 2.8).
