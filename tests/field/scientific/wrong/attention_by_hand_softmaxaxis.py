"""Exercise 4 -- attention on paper, then in NumPy, then against PyTorch."""
import numpy as np
import torch

np.set_printoptions(precision=4, suppress=False)
torch.set_printoptions(precision=4, sci_mode=True)

# ------------------------------------------------------- Part one, on paper
# Tokens x_j = support, was, not, rude; axes (subject, good/bad, negation, filler).
# Query q = e_rude = (0, -2, 0, 0); keys k_j = e_j; d = 4, sqrt(d) = 2.
#   q·k_support = 0,  q·k_was = 0,  q·k_not = 0,  q·k_rude = (-2)(-2) = 4
#   s_j = q·k_j / sqrt(4) = (0, 0, 0, 2)
#   softmax: Z = 3 e^0 + e^2 = 3 + 7.3891 = 10.3891
#   w = (1/Z, 1/Z, 1/Z, e^2/Z) = (0.096, 0.096, 0.096, 0.711),  Σ w = 1.000
#   output = Σ_j w_j e_j = (0.096·2, 0.711·(-2), 0.096·2, 0.096·2)
#          ≈ (0.193, -1.422, 0.193, 0.241)
HAND_RUDE = np.array([0.096, 0.096, 0.096, 0.711])

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]


# ------------------------------------------------------------------ Part two
def attend(Q, K, V):
    """Scaled dot-product attention. Returns (weights W, output W V)."""
    scores = Q @ K.T / np.sqrt(d)
    w = np.exp(scores - scores.max(axis=1, keepdims=True))  # stable softmax
    w = w / w.sum(axis=0, keepdims=True)                     # row-wise
    return w, w @ V


def show(w, out, tokens, title):
    print(f"\n--- {title} ---")
    print("weights W_ij (row i = query, column j = key):")
    print(f"{'':<9s}" + "".join(f"{t:>11s}" for t in tokens) + f"{'Σ_j W_ij':>11s}")
    for t, r in zip(tokens, w):
        print(f"{t:<9s}" + "".join(f"{v:11.3e}" for v in r) + f"{r.sum():11.3e}")
    print("outputs o_i = Σ_j W_ij v_j:")
    for t, r in zip(tokens, out):
        print(f"  {t:<8s} {r}")


print(f"meanings e_i, axes = {AXES}")
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {row}")

wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "A. Q = K = V = E")
i = TOKENS.index("rude")
print(f"\nrude row, by hand : {HAND_RUDE}")
print(f"rude row, by NumPy: {wA[i]}")
print(f"max |hand - NumPy| = {np.abs(HAND_RUDE - wA[i]).max():.3e}"
      f" (hand values rounded to 3 decimals, so ≤ 5e-04 expected)")

# ---------------------------------------------------------------- Part three
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nqueries q_i = W_q e_i:")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<8s} {row}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "B. Q = E W_q^T, K = V = E")
print(f"\nrude: good/bad {E[i, 1]:+.3e} -> {outB[i, 1]:+.3e},"
      f" negation {E[i, 2]:+.3e} -> {outB[i, 2]:+.3e}")
# Pairing: only 'rude' has a non-zero query, q_rude = (2, 0, 2, 0), which matches
# k_support (score 4/2 = 2) and k_not (score 4/2 = 2), so rude attends 4.404e-01 to
# 'support' and 4.404e-01 to 'not' (5.96e-02 to 'was' and to itself). That is the
# correct reading of "support was not rude": the negative word binds to its subject
# and to the negator that flips it, and its good/bad value rises from -2.000 to
# -1.192e-01 while a negation value 8.808e-01 appears. The other three rows have
# q = 0, hence uniform weights 2.5e-01.

# ----------------------------------------------------------------- Part four
F = torch.nn.functional
Qt, Kt, Vt = (torch.tensor(a).unsqueeze(0) for a in (Q, E, E))  # (N=1, L=4, E=4)
if hasattr(F, "scaled_dot_product_attention"):   # torch >= 2.0
    ref = F.scaled_dot_product_attention(Qt, Kt, Vt)
else:                                            # torch 1.13: private name, returns a tuple
    ref, _ = F._scaled_dot_product_attention(Qt, Kt, Vt)
ref = ref.squeeze(0).numpy()
print(f"\ntorch {torch.__version__}: max |o_torch - o_numpy| = {np.abs(ref - outB).max():.3e}"
      f" (< 1e-12: {np.abs(ref - outB).max() < 1e-12})")

perm = [3, 0, 2, 1]  # new order: rude, support, not, was
Es = E[perm]
ws, outs = attend(Es @ Wq.T, Es, Es)
show(ws, outs, [TOKENS[p] for p in perm], "C. same tokens, rows shuffled to " + str(perm))
print(f"\nmax |o_shuffled - o_original[perm]| = {np.abs(outs - outB[perm]).max():.3e}")
print(f"max |W_shuffled - W_original[perm][:, perm]| = "
      f"{np.abs(ws - wB[perm][:, perm]).max():.3e}")
# (1) What changed: under the permutation P = [3, 0, 2, 1] the output rows and the rows
#     and columns of W appear in the new order, i.e. o' = P o and W' = P W P^T.
# (2) What did not change: every token's output vector and its weights to every other
#     token are identical, max |o_shuffled - o_original[perm]| = 0.000e+00 (rude is still
#     (0.8808, -0.1192, 0.8808, 0.3394)), since softmax(QK^T/√d)V is permutation-equivariant.
# (3) Hence attention alone is blind to order: "support was not rude" and any reordering
#     of the same four vectors give the same per-token results, so position information
#     (the positional encodings of module 2.8) must be added to the inputs explicitly.

print("\nhops from token 1 to token 50: RNN 49, attention 1")
