# attention_by_hand.py - attention on four tokens, first on paper, then in NumPy.
import numpy as np, torch
np.set_printoptions(precision=3, suppress=True)

# ---------------- part one: on paper, BEFORE running anything ----------------
# rude = [0,-2,0,0].  Dot products of the rude row with every token:
#   support [2,0,0,0]   -> 0          was  [0,0,0,2]   -> 0
#   not     [0,0,2,0.5] -> 0          rude [0,-2,0,0]  -> 4
# Divide by sqrt(4) = 2:  0, 0, 0, 2.
# Softmax: e^0 = 1 three times, e^2 = 7.389, total 10.389.
#   weights = 1/10.389 = 0.096, 0.096, 0.096 and 7.389/10.389 = 0.711.
# So my hand answer for the rude row is [0.096, 0.096, 0.096, 0.711], which adds to 1.

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]
HAND = np.array([0.096, 0.096, 0.096, 0.711])


def attend(Q, K, V):
    """Scaled dot-product attention. Returns (weights, output)."""
    scores = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)  # softmax along each row
    return w, w @ V


def show(w, out, title, order=TOKENS):
    # weights on the left, output rows on the right, same line per token
    print(f"--- {title} ---")
    print(f"{'':<8s}" + "".join(f"{t:>9s}" for t in order) + f"{'sum':>7s}"
          + "  ||  " + "output = weights @ V (" + ", ".join(AXES) + ")")
    for t, r, o in zip(order, w, out):
        print(f"{t:<8s}" + "".join(f"{x:9.3f}" for x in r) + f"{r.sum():7.3f}"
              + "  ||  " + "  ".join(f"{x:7.3f}" for x in o))


print("meanings, axes = " + str(AXES))
print("   ".join(f"{t} = {r}" for t, r in zip(TOKENS, E)))

# ---------------- part two: query = key = value = the meanings ----------------
print()
wA, outA = attend(E, E, E)
show(wA, outA, "A. query = key = value = meanings")
print(f"rude row by hand = {HAND}   rude row printed = {wA[3]}   "
      f"max difference = {np.abs(wA[3] - HAND).max():.4f}")

# ---------------- part three: Step 6's query matrix ----------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nqueries Q = E @ Wq.T:   " + "   ".join(f"{t} = {r}" for t, r in zip(TOKENS, Q)))
wB, outB = attend(Q, E, E)
show(wB, outB, "B. separate query (Wq), key = value = meanings")
i = TOKENS.index("rude")
print(f"rude: good/bad {E[i, 1]:+.3f} -> {outB[i, 1]:+.3f}   negation {E[i, 2]:+.3f} -> "
      f"{outB[i, 2]:+.3f}   subject {E[i, 0]:+.3f} -> {outB[i, 0]:+.3f}")
# In table B only rude asks a real question: its query [2,0,2,0] matches support and not
# (score 2.000 each), so it puts 0.440 on support and 0.440 on not and 0.060 on the rest.
# That is the right pairing for "support was not rude": rude needs to know WHAT is rude
# (support) and that it is negated (not), so after one hop its bad-news number rises from
# -2.000 to -0.119 and a negation number of 0.881 appears. The other three rows have zero
# queries, so they just average everything at 0.250 each.

# ---------------- part four: check against torch, then shuffle ----------------
# torch 1.13 on this machine has no public scaled_dot_product_attention (that came in 2.0),
# so I fall back to the private 1.13 version, which returns (output, weights).
F = torch.nn.functional
Qt, Kt, Vt = torch.tensor(Q), torch.tensor(E), torch.tensor(E)
if hasattr(F, "scaled_dot_product_attention"):
    t_out = F.scaled_dot_product_attention(Qt, Kt, Vt).numpy()
    which = "F.scaled_dot_product_attention"
else:
    t_out = F._scaled_dot_product_attention(Qt[None], Kt[None], Vt[None])[0][0].numpy()
    which = "F._scaled_dot_product_attention (torch 1.13)"
print(f"\ntorch check with {which}:   largest gap = {np.abs(t_out - outB).max():.2e}"
      f"   below 1e-12 = {np.abs(t_out - outB).max() < 1e-12}")

perm = [2, 0, 3, 1]  # new order: not, support, rude, was
order = [TOKENS[p] for p in perm]
Es = E[perm]
wS, outS = attend(Es @ Wq.T, Es, Es)
print()
show(wS, outS, "C. same as B, rows shuffled to " + " ".join(order), order)
back = np.argsort(perm)  # put the shuffled rows back into the original order
print(f"outputs equal after un-shuffling = {np.allclose(outS[back], outB)}   "
      f"weights equal after un-shuffling rows and columns = "
      f"{np.allclose(wS[back][:, back], wB)}")
# After the shuffle the rows come out in the new order, so each output row moved with its token.
# The numbers themselves did not change at all: rude still gets [0.881, -0.119, 0.881, 0.339]
# and still puts 0.440 on support and 0.440 on not, just in different columns.
# So attention by itself has no idea where a token sits; it is blind to order, and
# "support was not rude" and any shuffle of it look the same, which is why position
# information has to be added (module 2.8).
