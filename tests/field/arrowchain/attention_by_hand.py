# attention_by_hand.py - attention on paper, then in NumPy, then checked against PyTorch.
import numpy as np, torch

np.set_printoptions(precision=3, suppress=True)

# ---- Part one, on paper (written BEFORE running anything) ----
# Tokens support, was, not, rude with meanings [2,0,0,0], [0,0,0,2], [0,0,2,0.5], [0,-2,0,0].
# rude . support = 0, rude . was = 0, rude . not = 0, rude . rude = (-2)(-2) = 4.
# Divide by sqrt(4) = 2: scores 0, 0, 0, 2.
# Softmax: e^0 = 1 three times and e^2 = 7.389, total 10.389.
# Weights: 1/10.389 = 0.096 for support, was and not; 7.389/10.389 = 0.711 for rude itself. Sum = 1.000.
HAND = np.array([0.096, 0.096, 0.096, 0.711])

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]


def attend(Q, K, V):
    """Scaled dot-product attention. Returns (weights, output)."""
    scores = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)  # softmax, row by row
    return w, w @ V


def show(w, out, names, title):
    print(f"\n--- {title} ---")
    print("row -> weights on " + ", ".join(names) + " -> row sum | output row")
    for t, r, o in zip(names, w, out):
        print(f"{t:<8s} -> " + " ".join(f"{v:.3f}" for v in r) + f" -> sum {r.sum():.3f} | {o}")


print("meanings on axes", AXES, "->", " | ".join(f"{t} {r}" for t, r in zip(TOKENS, E)))

# ---- Part two: query = key = value = the meanings ----
wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "A. query = key = value = meanings")
r = TOKENS.index("rude")
print("rude row: by hand " + " ".join(f"{v:.3f}" for v in HAND) + " => computed "
      + " ".join(f"{v:.3f}" for v in wA[r]) + f" | largest gap {np.abs(HAND - wA[r]).max():.4f}"
      " (hand numbers rounded to 3 places)")
print("row sums A: " + " -> ".join(f"{s:.3f}" for s in wA.sum(1)))

# ---- Part three: Step 6's query matrix ----
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nqueries E -> E @ Wq.T: " + " | ".join(f"{t} {e} -> {q}" for t, e, q in zip(TOKENS, E, Q)))
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "B. separate query (E @ Wq.T), key = value = meanings")
print("rude row, raw -> with Wq: " + ", ".join(f"{t} {wA[r, j]:.3f} -> {wB[r, j]:.3f}"
                                               for j, t in enumerate(TOKENS)))
print(f"rude output: {E[r]} -> {outB[r]} | good/bad {E[r, 1]:+.3f} -> {outB[r, 1]:+.3f}"
      f" | negation {E[r, 2]:+.3f} -> {outB[r, 2]:+.3f}")
print("row sums B: " + " -> ".join(f"{s:.3f}" for s in wB.sum(1)))
# With the query matrix, "rude" puts 0.440 on "support" and 0.440 on "not" and only 0.060 on "was"
# and on itself; the other three rows have all-zero queries and spread 0.250 evenly.
# That pairing is right for this phrase: "not" flips the meaning of "rude", and "support" is the thing
# being judged, so the bad word pulls in its subject and its negator and its good/bad number climbs
# from -2.000 to -0.119 while a negation number of 0.881 appears.

# ---- Part four: check against PyTorch, then shuffle ----
F = torch.nn.functional
# torch 1.13 (the one on this machine) only has the private _scaled_dot_product_attention, which wants a
# batch dimension and returns (output, weights); torch 2.x has the public scaled_dot_product_attention.
if hasattr(F, "scaled_dot_product_attention"):
    t_out = F.scaled_dot_product_attention(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
else:
    t_out = F._scaled_dot_product_attention(torch.tensor(Q)[None], torch.tensor(E)[None],
                                            torch.tensor(E)[None], None, 0.0, False, False)[0][0].numpy()
print(f"\nmy NumPy output vs torch: largest gap {np.abs(t_out - outB).max():.2e} (limit 1e-12)")

perm = [2, 0, 3, 1]  # new order: not, support, rude, was
Es = E[perm]
names_s = [TOKENS[i] for i in perm]
wS, outS = attend(Es @ Wq.T, Es, Es)
show(wS, outS, names_s, "C. same four tokens shuffled to " + " ".join(names_s))
for k, i in enumerate(perm):
    print(f"{TOKENS[i]:<8s} output row {i} -> row {k}: {outB[i]} -> {outS[k]}"
          f" | gap {np.abs(outB[i] - outS[k]).max():.1e}")
print(f"shuffled outputs vs original outputs shuffled the same way: largest gap "
      f"{np.abs(outS - outB[perm]).max():.2e}")
# After the shuffle each output row moved to wherever its token moved, e.g. rude went from row 3 to row 2.
# What did not change is the values: every token's output, and every weight it gives each other token,
# is the same up to float rounding (largest gap 2.22e-16).
# So attention on its own is blind to word order - "support was not rude" and any shuffle of it give the
# same meanings - which is why a Transformer has to add position information to the inputs.
