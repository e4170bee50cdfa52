"""Exercise 4 - attention on paper, then in NumPy.

Output is reStructuredText: section titles, simple tables and field lists.
"""
import numpy as np, torch

np.set_printoptions(precision=3, suppress=True)

# ------------------------------------------------------------------ part one
# Worked on paper BEFORE running anything. The 'rude' row is [0, -2, 0, 0].
#   rude . support = 0*2 + (-2)*0 + 0*0 + 0*0       = 0  -> 0 / sqrt(4) = 0.0
#   rude . was     = 0*0 + (-2)*0 + 0*0 + 0*2       = 0  -> 0 / 2       = 0.0
#   rude . not     = 0*0 + (-2)*0 + 0*2 + 0*0.5     = 0  -> 0 / 2       = 0.0
#   rude . rude    = 0*0 + (-2)*(-2) + 0*0 + 0*0    = 4  -> 4 / 2       = 2.0
# softmax of [0, 0, 0, 2]: e^0 = 1 (three times), e^2 = 7.389,
#   total = 1 + 1 + 1 + 7.389 = 10.389
#   support 1 / 10.389 = 0.096, was 0.096, not 0.096, rude 7.389 / 10.389 = 0.711
#   check: 0.096 * 3 + 0.711 = 0.999, which is 1.000 before rounding.
HAND_RUDE = np.array([0.096, 0.096, 0.096, 0.711])

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]


def title(text, ch="="):
    print(f"\n{text}\n{ch * len(text)}\n")


def table(headers, rows, left=()):
    """Print an RST simple table. Columns listed in `left` are left-aligned."""
    cells = [[str(c) for c in r] for r in [headers] + rows]
    widths = [max(len(r[j]) for r in cells) for j in range(len(headers))]
    rule = "  ".join("=" * w for w in widths)

    def line(r):
        return "  ".join(c.ljust(w) if j in left else c.rjust(w)
                         for j, (c, w) in enumerate(zip(r, widths))).rstrip()
    print(rule)
    print(line(cells[0]))
    print(rule)
    for r in cells[1:]:
        print(line(r))
    print(rule)


def attend(Q, K, V):
    """Scaled dot-product attention. Returns (weights, output)."""
    scores = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(scores - scores.max(axis=1, keepdims=True))
    w = w / w.sum(axis=1, keepdims=True)  # softmax along each row
    return w, w @ V


def show(w, out, tokens, Q=None, K=None):
    if Q is not None:
        title("Scores, query row against key column, divided by sqrt(4)", "-")
        s = Q @ K.T / np.sqrt(K.shape[1])
        table(["query"] + tokens, [[t] + [f"{v:.3f}" for v in r] for t, r in zip(tokens, s)],
              left=(0,))
    title("Attention weights after softmax", "-")
    table(["query"] + tokens + ["sum"],
          [[t] + [f"{v:.3f}" for v in r] + [f"{r.sum():.3f}"] for t, r in zip(tokens, w)],
          left=(0,))
    title("Output = weights times values", "-")
    table(["token"] + AXES, [[t] + [f"{v:.3f}" for v in r] for t, r in zip(tokens, out)],
          left=(0,))


title("The four tokens")
table(["token"] + AXES, [[t] + [f"{v:.1f}" for v in r] for t, r in zip(TOKENS, E)], left=(0,))

# ------------------------------------------------------------------ part two
title("Part two: query = key = value = the meanings")
wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, E, E)
r = TOKENS.index("rude")
title("Hand numbers against the printed rude row", "-")
table(["key", "by hand", "by NumPy", "gap"],
      [[t, f"{h:.3f}", f"{c:.3f}", f"{abs(h - c):.4f}"]
       for t, h, c in zip(TOKENS, HAND_RUDE, wA[r])], left=(0,))
print()
print(f":largest gap, hand vs code: {np.abs(HAND_RUDE - wA[r]).max():.4f}")
print(f":all rows sum to 1: {bool(np.allclose(wA.sum(1), 1.0))}")

# ------------------------------------------------------------------ part three
title("Part three: a query matrix")
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
title("Queries after Wq", "-")
table(["token"] + AXES, [[t] + [f"{v:.1f}" for v in r] for t, r in zip(TOKENS, Q)], left=(0,))
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, Q, E)
print()
print(f":rude good/bad before: {E[r, 1]:+.3f}")
print(f":rude good/bad after: {outB[r, 1]:+.3f}")
print(f":rude negation before: {E[r, 2]:+.3f}")
print(f":rude negation after: {outB[r, 2]:+.3f}")
print(f":all rows sum to 1: {bool(np.allclose(wB.sum(1), 1.0))}")
# Which token attended to which (written after running it): 'rude' is the only
# token with a non-zero query, and it puts 0.440 on 'support' and 0.440 on
# 'not' and only 0.060 on 'was' and on itself, while the other three tokens
# have all-zero queries and spread 0.250 evenly. That pairing is right for
# "support was not rude": the bad word needs to know who it is about (support)
# and that it is negated (not), and mixing those in moves its good/bad number
# from -2.000 to -0.119 and gives it a negation number of 0.881.

# ------------------------------------------------------------------ part four
title("Part four: PyTorch check and a shuffle")
F = torch.nn.functional
tq, tk, tv = torch.tensor(Q), torch.tensor(E), torch.tensor(E)
if hasattr(F, "scaled_dot_product_attention"):  # torch 2.x
    t_out = F.scaled_dot_product_attention(tq, tk, tv).numpy()
else:  # torch 1.13 on this machine only has the private name
    t_out = F._scaled_dot_product_attention(tq, tk, tv, None, 0.0, False, False)[0].numpy()
print(f":torch version: {torch.__version__}")
print(f":largest gap against torch's attention: {np.abs(t_out - outB).max():.2e}")
print(f":below 1e-12: {bool(np.abs(t_out - outB).max() < 1e-12)}")

perm = [2, 0, 3, 1]  # new order: not, support, rude, was
T2 = [TOKENS[i] for i in perm]
E2 = E[perm]
Q2 = E2 @ Wq.T
wS, outS = attend(Q2, E2, E2)
title(f"Shuffled order: {', '.join(T2)}", "-")
show(wS, outS, T2)
print()
print(f":largest gap, shuffled output vs original output rows in the new order: "
      f"{np.abs(outS - outB[perm]).max():.2e}")
print(f":largest gap, shuffled weights vs original weights permuted both ways: "
      f"{np.abs(wS - wB[np.ix_(perm, perm)]).max():.2e}")
print(f":rude output before shuffle: {outB[r]}")
print(f":rude output after shuffle: {outS[T2.index('rude')]}")
# What the shuffle shows (written after running it):
# 1. What changed is only where things sit: the rows of the weight matrix and
#    of the output moved with their tokens, so 'rude' is now row 3 instead of
#    row 4 and its 0.440 weights now sit in the 'support' and 'not' columns
#    at their new positions.
# 2. What did not change is every value: the rude output is still
#    [0.881, -0.119, 0.881, 0.339], and the gap between the shuffled output
#    and the original output rows put in the new order is 2.22e-16, which is
#    only floating-point rounding.
# 3. So attention on its own is blind to order: "not support was rude" would
#    give the same meanings as "support was not rude", and the model only
#    learns word order if position information is added to the inputs.
