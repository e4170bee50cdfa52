# attention_by_hand_noscale.ipynb run as one script: its code cells in order, lines starting
# with % or ! left out. _cell_done() prints nothing; it only notes where each
# cell's printed output ends so the outputs can be saved back into the notebook.
import os as _nb_os
def _cell_done(n, _marks=[]):
    try:
        _marks.append(_nb_os.lseek(1, 0, _nb_os.SEEK_CUR))
    except OSError:
        return
    with open('attention_by_hand_noscale.ipynb.marks', 'w') as _f:
        _f.write(' '.join(map(str, _marks)))

# ---- cell [1] ----
_cell_done(1)

# ---- cell [2] ----
# Part 1 hand numbers, typed in BEFORE the first run (see the markdown above):
# scores of the rude row = [0, 0, 0, 2]; softmax -> support 0.096, was 0.096, not 0.096, rude 0.711
HAND_RUDE = [0.096, 0.096, 0.096, 0.711]

import numpy as np, torch
np.set_printoptions(precision=3, suppress=True)
TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0,  0.0, 0.0, 0.0],    # support
              [0.0,  0.0, 0.0, 2.0],    # was
              [0.0,  0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])   # rude
d = E.shape[1]
print(f"four 4-number meanings, axes = {AXES}")
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {row}")
_cell_done(2)

# ---- cell [3] ----
def attend(Q, K, V):
    scores = Q @ K.T
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)            # softmax, each row on its own
    return w, w @ V

def show(w, out, names, title):
    print(f"--- {title} ---")
    print(f"{'':<9s}" + "".join(f"{t:>10s}" for t in names) + f"{'sum':>8s}")
    for t, r in zip(names, w):
        print(f"{t:<9s}" + "".join(f"{v:10.3f}" for v in r) + f"{r.sum():8.3f}")
    print("output rows:")
    for t, r in zip(names, out):
        print(f"  {t:<8s} {r}")

wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "A. query = key = value = meanings")
r = TOKENS.index("rude")
print("\nrude row, hand vs code:")
for t, hand, code in zip(TOKENS, HAND_RUDE, wA[r]):
    print(f"  {t:<8s} hand {hand:.3f}  code {code:.3f}  diff {abs(hand - code):.4f}")
print("largest weight in each row:", {t: TOKENS[int(i)] for t, i in zip(TOKENS, wA.argmax(1))})
_cell_done(3)

# ---- cell [4] ----
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0,  0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0,  0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("queries after Wq:")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<8s} {row}")
wB, outB = attend(Q, E, E)
print()
show(wB, outB, TOKENS, "B. query = meanings @ Wq.T, key = value = meanings")
print("\nreading the 'rude' row:")
for j, t in enumerate(TOKENS):
    print(f"  {wB[r, j]:.3f} of its new meaning comes from '{t}'")
print(f"  good/bad number: {E[r, 1]:+.3f} -> {outB[r, 1]:+.3f}")
print(f"  negation number: {E[r, 2]:+.3f} -> {outB[r, 2]:+.3f}")
# Which token attended to which: 'rude' is the only token with a non-zero query ([2, 0, 2, 0]),
# and it put 0.440 on 'support' and 0.440 on 'not' (0.060 on 'was' and on itself); the other
# three tokens have an all-zero query, so they spread 0.250 evenly and learn nothing.
# That pairing is right for this phrase: 'rude' is about 'support' (its subject) and it is
# negated by 'not', so after one hop its good/bad number goes from -2.000 to -0.119 (almost
# neutral) and it gains a negation number of +0.881 - "support was not rude" is not a complaint.
_cell_done(4)

# ---- cell [5] ----
F = torch.nn.functional
def torch_attention(Q, K, V):
    q, k, v = torch.tensor(Q), torch.tensor(K), torch.tensor(V)
    if hasattr(F, "scaled_dot_product_attention"):           # torch >= 2.0
        return F.scaled_dot_product_attention(q, k, v).numpy(), None
    out, w = F._scaled_dot_product_attention(q, k, v, None, 0.0, True, False)   # torch 1.13
    return out.numpy(), w.numpy()

t_out, t_w = torch_attention(Q, E, E)
print(f"torch {torch.__version__}: largest gap, output  {np.abs(t_out - outB).max():.2e}")
if t_w is not None:
    print(f"                 largest gap, weights {np.abs(t_w - wB).max():.2e}")
t_outA, _ = torch_attention(E, E, E)
print(f"(table A as well: {np.abs(t_outA - outA).max():.2e})")
print("below 1e-12?", np.abs(t_out - outB).max() < 1e-12)
_cell_done(5)

# ---- cell [6] ----
perm = [2, 0, 3, 1]                         # new order: not, support, rude, was
names_s = [TOKENS[i] for i in perm]
E_s = E[perm]
w_s, out_s = attend(E_s @ Wq.T, E_s, E_s)
show(w_s, out_s, names_s, "B again, tokens shuffled to " + " ".join(names_s))
print("\noutput rows equal to the unshuffled ones, moved with their tokens?",
      np.allclose(out_s, outB[perm]))
print("weights equal after putting rows AND columns back in the same order?",
      np.allclose(w_s, wB[np.ix_(perm, perm)]))
print("is the output itself the same array as before (same row order)?", np.allclose(out_s, outB))
# Three sentences on the shuffle:
# 1. What changed: only the order of the rows - 'rude' is now row 3 instead of row 4, and its
#    output row moved with it.
# 2. What did not change: the values - 'rude' still takes 0.440 from 'support' and 0.440 from
#    'not' and still comes out as [0.881 -0.119 0.881 0.339]; every row is the same numbers as
#    before, just at its token's new place (allclose True above).
# 3. So attention on its own is blind to order: "not rude support was" and "support was not
#    rude" give the same meanings for every token, and the model has to be given position
#    information separately (Module 2.8's positional encodings) if order should matter.
_cell_done(6)

