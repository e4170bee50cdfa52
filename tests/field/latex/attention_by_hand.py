# attention_by_hand.py -- Exercise 4: attention on paper, then in NumPy
# Printed as LaTeX tables for the lab report.
#
# ---------------------------------------------------------------- Part 1 (on paper, BEFORE running)
# tokens support=[2,0,0,0], was=[0,0,0,2], not=[0,0,2,0.5], rude=[0,-2,0,0]
# axes: subject, good/bad, negation, filler.  d = 4, sqrt(d) = 2.
# rude row, query = key = the meanings:
#   rude . support = 0*2 + (-2)*0 + 0*0 + 0*0       = 0   -> /2 = 0
#   rude . was     = 0   + 0      + 0   + 0*2       = 0   -> /2 = 0
#   rude . not     = 0   + 0      + 0*2 + 0*0.5     = 0   -> /2 = 0
#   rude . rude    = 0   + (-2)(-2) + 0 + 0         = 4   -> /2 = 2
# softmax of [0, 0, 0, 2]: e^0 = 1, e^2 = 7.389, total = 3 + 7.389 = 10.389
#   support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
#   (check: 3*0.096 + 0.711 = 0.999 ~ 1 with rounding)
# So by hand the rude row is [0.096, 0.096, 0.096, 0.711].
import numpy as np, torch
import torch.nn.functional as F

np.set_printoptions(precision=3, suppress=True)
TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],      # support
              [0.0, 0.0, 0.0, 2.0],      # was
              [0.0, 0.0, 2.0, 0.5],      # not
              [0.0, -2.0, 0.0, 0.0]])    # rude
d = E.shape[1]
HAND = np.array([0.096, 0.096, 0.096, 0.711])


def sci(v, dd=2):
    """Small numbers as LaTeX, e.g. $2.22\\times10^{-16}$."""
    if v == 0:
        return "$0$"
    e = int(np.floor(np.log10(abs(v))))
    return f"${v / 10 ** e:.{dd}f}\\times10^{{{e}}}$"


def attend(Q, K, V):
    """Scaled dot-product attention in NumPy. Returns (weights, output)."""
    scores = Q @ K.T / np.sqrt(d)
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)          # softmax, row by row
    return w, w @ V


def latex_weights(w, tokens, caption):
    print(f"% {caption}")
    print(r"\begin{tabular}{l" + "r" * (len(tokens) + 1) + "}")
    print(r"\hline")
    print(r"query $\backslash$ key & " + " & ".join(tokens) + r" & sum \\")
    print(r"\midrule")
    for t, r in zip(tokens, w):
        best = r.argmax()
        cells = [f"\\textbf{{{v:.3f}}}" if j == best and r.max() - np.sort(r)[-2] > 1e-9 else f"{v:.3f}"
                 for j, v in enumerate(r)]
        print(f"{t} & " + " & ".join(cells) + f" & {r.sum():.3f} \\\\")
    print(r"\hline")
    print(r"\end{tabular}")


def latex_vectors(M, tokens, head):
    print(r"\begin{tabular}{lrrrr}")
    print(r"\hline")
    print(f"{head} & " + " & ".join(AXES) + r" \\")
    print(r"\midrule")
    for t, r in zip(tokens, M):
        print(f"{t} & " + " & ".join(f"{v:+.3f}" for v in r) + r" \\")
    print(r"\hline")
    print(r"\end{tabular}")


# ---------------------------------------------------------------- Part 2
print(r"\section*{Part 2: raw self-attention, $Q = K = V = E$}")
wA, outA = attend(E, E, E)
latex_weights(wA, TOKENS, "A. weights, query = key = value = meanings")
i = TOKENS.index("rude")
print()
print(r"\begin{tabular}{lrrrr}")
print(r"\hline")
print(r"rude row & support & was & not & rude \\")
print(r"\midrule")
print("by hand (Part 1) & " + " & ".join(f"{v:.3f}" for v in HAND) + r" \\")
print("NumPy & " + " & ".join(f"{v:.3f}" for v in wA[i]) + r" \\")
print(r"\hline")
print(r"\end{tabular}")
print(f"% largest |hand - NumPy| on the rude row: {np.abs(HAND - wA[i]).max():.4f} (3-decimal rounding)")

# ---------------------------------------------------------------- Part 3
Wq = np.array([[0.0, -1.0, 0.0, 0.0],    # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],    # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print()
print(r"\section*{Part 3: a query matrix $W_q$, $Q = E W_q^\top$, $K = V = E$}")
latex_vectors(Q, TOKENS, "query")
print()
wB, outB = attend(Q, E, E)
latex_weights(wB, TOKENS, "B. weights with the query matrix")
print()
print(r"% output = weights times value vectors")
latex_vectors(outB, TOKENS, "output")
print(f"% rude: good/bad {E[i, 1]:+.3f} -> {outB[i, 1]:+.3f}, "
      f"negation {E[i, 2]:+.3f} -> {outB[i, 2]:+.3f}")

# ---------------------------------------------------------------- Part 4
# torch 1.13 (Debian) has no public F.scaled_dot_product_attention yet (it arrived in 2.0);
# 1.13 ships the same function as F._scaled_dot_product_attention, returning (out, weights).
sdpa = getattr(F, "scaled_dot_product_attention", None)
tq, tk, tv = (torch.tensor(a).unsqueeze(0) for a in (Q, E, E))
if sdpa is not None:
    t_out = sdpa(tq, tk, tv)[0].numpy()
    t_w = None
    which = "F.scaled\\_dot\\_product\\_attention"
else:
    t_out, t_w = F._scaled_dot_product_attention(tq, tk, tv, need_attn_weights=True)
    t_out, t_w = t_out[0].numpy(), t_w[0].numpy()
    which = "F.\\_scaled\\_dot\\_product\\_attention (torch 1.13)"
gap_out = np.abs(t_out - outB).max()

perm = [2, 0, 3, 1]                        # new order: not, support, rude, was
Es = E[perm]
Ts = [TOKENS[p] for p in perm]
wS, outS = attend(Es @ Wq.T, Es, Es)
print()
print(r"\section*{Part 4: check against PyTorch, then shuffle the tokens}")
print(r"\begin{tabular}{lr}")
print(r"\hline")
print(r"check & largest gap \\")
print(r"\midrule")
print(f"my output vs {which} & {sci(gap_out)} ({'below' if gap_out < 1e-12 else 'ABOVE'} $10^{{-12}}$) \\\\")
if t_w is not None:
    print(f"my weights vs torch weights & {sci(np.abs(t_w - wB).max())} \\\\")
print(f"shuffled output vs original output rows moved the same way & {sci(np.abs(outS - outB[perm]).max())} \\\\")
print(f"shuffled weights vs original weights, rows+cols moved & {sci(np.abs(wS - wB[np.ix_(perm, perm)]).max())} \\\\")
print(r"\hline")
print(r"\end{tabular}")
print()
latex_weights(wS, Ts, "weights after shuffling the rows to " + ", ".join(Ts))
print()
latex_vectors(outS, Ts, "output (shuffled)")

# ------------------------------------------------------------------------------------
# Comments (written after reading attention_by_hand.out):
# Part 2: my hand numbers for the rude row (0.096, 0.096, 0.096, 0.711) match the NumPy row
#    exactly to 3 decimals (largest gap 0.0003, just rounding); every row sums to 1.000.
#    With query = key every token attends mostly to ITSELF (0.711, 0.669, 0.696, 0.711),
#    because rude . support = 0 -- raw meanings say rude and support are unrelated.
# Part 3: with Wq, 'rude' (the only negative word) turns into the query [2, 0, 2, 0], so it
#    attends 0.440 to 'support' and 0.440 to 'not' (0.060 to 'was' and to itself). That is
#    the right pairing for "support was not rude": rude needs its subject (support -- WHO was
#    not rude) and its negator (not -- it is negated), and it gets both in one hop. Its
#    good/bad number goes from -2.000 to -0.119 and a negation number of +0.881 appears.
#    The other three tokens have zero queries, so they spread 0.250 evenly over everything.
# Part 4: my NumPy output agrees with torch's attention to 2.22e-16 (below 1e-12). Note:
#    Debian's torch 1.13 has no public F.scaled_dot_product_attention (added in torch 2.0), so
#    I checked against F._scaled_dot_product_attention, the same op under its 1.13 name.
# Shuffle (3 sentences):
# 1. What changed: only the ORDER of the rows -- the rude row is now third and its 0.440s sit
#    under columns 'not' and 'support' because those columns moved too.
# 2. What did not change: every value -- rude still gives 0.440/0.440/0.060/0.060 and still
#    outputs [0.881, -0.119, 0.881, 0.339]; the outputs moved with their tokens (gap 2.22e-16).
# 3. So attention by itself is blind to order (it treats the tokens as a set): "support was
#    not rude" and any shuffle give the same meanings, which is why 2.8 has to add position
#    information -- the very thing the bag model was missing in order_matters.py.
