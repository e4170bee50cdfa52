"""Exercise 4 -- attention on paper, then in NumPy."""
import numpy as np, torch

WIDTH = 64                                   # column where the values start


def rule(title):
    print("*" * 78)
    print(title.upper().center(78))
    print("*" * 78)


def line(desc, value):
    print(f"{desc} {'.' * max(3, WIDTH - len(desc) - 2)} {value}")


def vec(v, fmt="{:.3f}"):
    return " ".join(fmt.format(float(a)) for a in v)


# ---------------------------------------------------------------- part one, on paper
# Worked by hand before running anything, for the 'rude' row (meaning [0, -2, 0, 0]):
#   dot with support [2, 0, 0, 0]   = 0      divided by sqrt(4) = 2  ->  0.000
#   dot with was     [0, 0, 0, 2]   = 0                              ->  0.000
#   dot with not     [0, 0, 2, 0.5] = 0                              ->  0.000
#   dot with rude    [0, -2, 0, 0]  = 4                              ->  2.000
#   softmax: e^0 = 1 three times and e^2 = 7.389, total 10.389, so the weights are
#   1 / 10.389 = 0.096 for support, was and not, and 7.389 / 10.389 = 0.711 for rude.
HAND_RUDE_ROW = np.array([0.096, 0.096, 0.096, 0.711])

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],          # support
              [0.0, 0.0, 0.0, 2.0],          # was
              [0.0, 0.0, 2.0, 0.5],          # not
              [0.0, -2.0, 0.0, 0.0]])        # rude
d = E.shape[1]


def attend(Q, K, V):
    """Scaled dot-product attention. Returns (weights, output)."""
    scores = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)          # softmax along each row
    return w, w @ V


def show(tag, tokens, w, out):
    for t, r in zip(tokens, w):
        line(f"{tag}, weights of row '{t}' ({' '.join(tokens)})", vec(r))
    for t, r in zip(tokens, w):
        line(f"{tag}, sum of row '{t}'", f"{r.sum():.3f}")
    for t, r in zip(tokens, out):
        line(f"{tag}, output of row '{t}'", vec(r))


rule("Part two: query = key = value = the meanings")
line("Axes of every meaning", " ".join(AXES))
for t, r in zip(TOKENS, E):
    line(f"Meaning of '{t}'", vec(r))
wA, outA = attend(E, E, E)
show("A", TOKENS, wA, outA)
i = TOKENS.index("rude")
line("Hand-worked 'rude' row (from the comment above)", vec(HAND_RUDE_ROW))
line("Largest gap, hand 'rude' row against printed row",
     f"{np.abs(wA[i] - HAND_RUDE_ROW).max():.4f}")
print()

rule("Part three: a separate query matrix")
Wq = np.array([[0.0, -1.0, 0.0, 0.0],        # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],        # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
for t, r in zip(TOKENS, Q):
    line(f"Query of '{t}' after Wq", vec(r))
wB, outB = attend(Q, E, E)
show("B", TOKENS, wB, outB)
line("Row 'rude', good/bad number before and after",
     f"{E[i, 1]:+.3f} {outB[i, 1]:+.3f}")
line("Row 'rude', negation number before and after",
     f"{E[i, 2]:+.3f} {outB[i, 2]:+.3f}")
# With the query matrix only 'rude' asks a real question: its query [2, 0, 2, 0] scores
# 2.000 against 'support' and against 'not', so it attends 0.440 to each of them and
# 0.060 to 'was' and to itself, while the other three rows have zero queries and spread
# 0.250 evenly.  That pairing is right for "support was not rude": 'rude' needs to know
# what it describes (support) and that it is negated (not), and the result is an output
# whose good/bad number rises from -2.000 to -0.119 while a negation of 0.881 appears.
print()

# ---------------------------------------------------------------- part four
rule("Part four: PyTorch check, then a shuffle")
F = torch.nn.functional
if hasattr(F, "scaled_dot_product_attention"):       # torch 2.x
    t = F.scaled_dot_product_attention(
        torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
    line("PyTorch function used", "scaled_dot_product_attention")
else:                                                 # torch 1.13 only has the private one
    t = F._scaled_dot_product_attention(
        torch.tensor(Q)[None], torch.tensor(E)[None], torch.tensor(E)[None])[0][0].numpy()
    line("PyTorch function used", "_scaled_dot_product_attention (torch 1.13)")
line("Torch version", torch.__version__)
line("Largest gap against PyTorch's attention", f"{np.abs(t - outB).max():.2e}")
line("Gap below 1e-12", bool(np.abs(t - outB).max() < 1e-12))

perm = [2, 0, 3, 1]                          # new order: not support rude was
Ts = [TOKENS[p] for p in perm]
Es = E[perm]
Qs = Es @ Wq.T
wS, outS = attend(Qs, Es, Es)
line("Shuffled token order", " ".join(Ts))
show("Shuffled", Ts, wS, outS)
line("Largest gap, shuffled outputs vs original rows reordered",
     f"{np.abs(outS - outB[perm]).max():.2e}")
line("Largest gap, shuffled weights vs original reordered",
     f"{np.abs(wS - wB[perm][:, perm]).max():.2e}")
line("Same output row for 'rude' in both orders",
     bool(np.allclose(outS[Ts.index('rude')], outB[i])))

# Part four comments (written after reading the output above):
# 1. What changed after the shuffle is only where things sit: the output rows and the rows
#    and columns of the weight matrix moved together with their tokens, so 'rude' is now
#    row three and its 0.440 weights point at columns one and two.
# 2. What did not change is every value: 'rude' still attends 0.440 to 'support' and to
#    'not' and still comes out as 0.881 -0.119 0.881 0.339, and the gap against the
#    original rows reordered is 2.22e-16, which is rounding error.
# 3. Attention on its own is therefore blind to order, since "support was not rude" and
#    "not support rude was" give the same answers token for token, which is why position
#    information has to be added to the meanings before attention can use word order.
