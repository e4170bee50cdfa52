import numpy as np, torch

# Part 1 — on paper, before running anything.
# The rude row is [0, -2, 0, 0]. Its dot products with every token:
#   rude . support = 0*2 + (-2)*0 + 0*0 + 0*0   = 0
#   rude . was     = 0*0 + (-2)*0 + 0*0 + 0*2   = 0
#   rude . not     = 0*0 + (-2)*0 + 0*2 + 0*0.5 = 0
#   rude . rude    = 0*0 + (-2)*(-2) + 0 + 0    = 4
# Divided by sqrt(4) = 2 the scores are 0, 0, 0, 2.
# Softmax: e^0 = 1 three times and e^2 = 7.389, total 3 + 7.389 = 10.389,
# so the weights are 1/10.389 = 0.096 for support, was and not, and
# 7.389/10.389 = 0.711 for rude itself (0.096 * 3 + 0.711 = 0.999, 1.000 before rounding).

np.set_printoptions(precision=3, suppress=True)

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]

print(f"four 4-number meanings, axes = {AXES}")
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {row}")


def attend(Q, K, V):
    """Scaled dot-product attention in NumPy: returns (weights, output)."""
    scores = Q @ K.T / np.sqrt(d)  # 0.7's dot product, scaled
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)  # softmax, row by row
    return w, w @ V


def show(Q, K, V, label, tokens=TOKENS):
    scores = Q @ K.T / np.sqrt(d)
    w, out = attend(Q, K, V)
    print(f"\n--- {label} ---")
    print("scores (query row, key column), divided by sqrt(4):")
    print(f"{'':<9s}" + "".join(f"{t:>10s}" for t in tokens))
    for t, r in zip(tokens, scores):
        print(f"{t:<9s}" + "".join(f"{v:10.3f}" for v in r))
    print("attention weights after softmax (each row adds to 1.000):")
    print(f"{'':<9s}" + "".join(f"{t:>10s}" for t in tokens) + f"{'sum':>8s}")
    for t, r in zip(tokens, w):
        print(f"{t:<9s}" + "".join(f"{v:10.3f}" for v in r) + f"{r.sum():8.3f}")
    print("output = weights times the value vectors:")
    for t, r in zip(tokens, out):
        print(f"  {t:<8s} {r}")
    return w, out


# ---------------------------------------------------------------- Part 2
print("\nPart 2")
wA, outA = show(E, E, E, "A. raw self-attention: query = key = value = the meanings")
i = TOKENS.index("rude")
hand = np.array([1, 1, 1, np.e ** 2]) / (3 + np.e ** 2)
print(f"\nmy hand numbers for the rude row: {hand}")
print(f"printed rude row               : {wA[i]}")
print(f"largest difference             : {np.abs(hand - wA[i]).max():.2e}")

# ---------------------------------------------------------------- Part 3
print("\nPart 3")
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("queries after one small query matrix (Wq):")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<8s} {row}")
w, out = show(Q, E, E, "B. separate query, key and value: what 2.8 really uses")

print("\nreading the 'rude' row aloud:")
for j, t in enumerate(TOKENS):
    print(f"  {w[i, j]:.3f} of its new meaning comes from '{t}'")
print(f"  its good/bad number moved from {E[i, 1]:+.3f} to {out[i, 1]:+.3f}")
print(f"  its negation number moved from {E[i, 2]:+.3f} to {out[i, 2]:+.3f}")

# ---------------------------------------------------------------- Part 4
print("\nPart 4")
# torch 1.13 has no torch.nn.functional.scaled_dot_product_attention (it arrived
# in torch 2.0). 1.13 does ship the private F._scaled_dot_product_attention, which
# wants a batch dimension and returns (output, weights), so I use that one and
# fall back to writing the same formula in torch if it is not there either.
def torch_attention(q, k, v):
    F = torch.nn.functional
    if hasattr(F, "scaled_dot_product_attention"):
        return F.scaled_dot_product_attention(q, k, v)
    if hasattr(F, "_scaled_dot_product_attention"):
        return F._scaled_dot_product_attention(
            q[None], k[None], v[None], None, 0.0, False, False)[0][0]
    return torch.softmax(q @ k.T / q.shape[-1] ** 0.5, -1) @ v


print(f"torch {torch.__version__}: public scaled_dot_product_attention available?"
      f" {hasattr(torch.nn.functional, 'scaled_dot_product_attention')}")
t = torch_attention(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
print(f"largest gap against torch's own attention (B): {np.abs(t - out).max():.2e}")
tA = torch_attention(torch.tensor(E), torch.tensor(E), torch.tensor(E)).numpy()
print(f"largest gap against torch's own attention (A): {np.abs(tA - outA).max():.2e}")

perm = [2, 0, 3, 1]  # new order: not, support, rude, was
TOK2 = [TOKENS[j] for j in perm]
E2 = E[perm]
Q2 = E2 @ Wq.T
w2, out2 = show(Q2, E2, E2, "C. the same four rows shuffled: " + " ".join(TOK2), TOK2)
print(f"\n{'token':<9s} {'output before shuffle':<28s} {'output after shuffle':<28s}")
for j, t in enumerate(TOK2):
    print(f"{t:<9s} {str(out[perm[j]]):<28s} {str(out2[j]):<28s}")
print(f"largest gap, outputs matched by token: {np.abs(out2 - out[perm]).max():.2e}")
print(f"largest gap, weights matched by token: {np.abs(w2 - w[np.ix_(perm, perm)]).max():.2e}")
print(f"largest gap, outputs matched by row  : {np.abs(out2 - out).max():.3f}")

# Comments.
# Part 2: every row of the weight matrix sums to 1.000, and the rude row reads
# 0.096, 0.096, 0.096 and 0.711, the same as my hand numbers from Part 1 (largest
# difference 2.78e-17), so with query equal to key each token mostly re-reads
# itself and raw similarity alone does not connect "rude" to "not".
# Part 3: with the query matrix, "rude" attends 0.440 to "support" and 0.440 to
# "not" and only 0.060 to "was" and to itself, while support, was and not have
# all-zero queries and spread 0.250 over everything.
# That pairing is correct for this phrase because "rude" is the opinion word, so
# it needs to know who was rude (its subject, "support") and whether it is
# negated ("not"), and after one hop its output reads [0.881, -0.119, 0.881, 0.339]:
# the good/bad number rose from -2.000 to -0.119 and a negation number of 0.881
# appeared.
# Part 4: the gap against PyTorch's attention is 2.22e-16 (below 1e-12), although
# in torch 1.13 I had to call the private F._scaled_dot_product_attention because
# the public scaled_dot_product_attention only exists from torch 2.0.
# Shuffle, sentence 1: what changed is only where things sit, because the output
# rows and the rows and columns of the weight matrix moved with their tokens (the
# same rows compared by position differ by up to 0.381).
# Shuffle, sentence 2: what did not change is any value, because matched by token
# every output and every weight is identical to 2.22e-16, so "rude" still takes
# 0.440 from "support" and 0.440 from "not" and still ends at
# [0.881, -0.119, 0.881, 0.339].
# Shuffle, sentence 3: this tells me attention alone is blind to order, since
# "not support rude was" gives the same meanings as "support was not rude", so
# position information has to be added to the inputs, which is what 2.8 does.
