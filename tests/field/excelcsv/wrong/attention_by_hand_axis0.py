# attention_by_hand.py - attention on paper first, then in NumPy, then against torch.
# Output: semicolon CSV with Dezimalkomma, matrices as semicolon rows (Excel, deutsch).
import numpy as np, torch
import torch.nn.functional as F

# ---------------- Teil 1: auf Papier, written BEFORE running anything -----------------
# Tokens support [2,0,0,0], was [0,0,0,2], not [0,0,2,0.5], rude [0,-2,0,0]
# (axes subject, good/bad, negation, filler). Row 'rude' with query = key:
#   rude.support = 0, rude.was = 0, rude.not = 0, rude.rude = (-2)(-2) = 4
#   divided by sqrt(4) = 2  ->  scores 0, 0, 0, 2
#   softmax: e^0 = 1 (three times), e^2 = 7.389, sum = 10.389
#   weights: 1/10.389 = 0.096, 0.096, 0.096, and 7.389/10.389 = 0.711  (sum 1.000 - passt)

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]


def fmt(v, spec=".3f"):
    """Number -> string with a German decimal comma."""
    return format(float(v), spec).replace(".", ",")


def row(*cells):
    print(";".join(str(c) for c in cells))


def matrix(name, M, labels, cols, spec=".3f", sums=False):
    print(name)
    row("", *cols, *(["sum"] if sums else []))
    for lab, r in zip(labels, M):
        row(lab, *[fmt(v, spec) for v in r], *([fmt(r.sum())] if sums else []))


def attend(Q, K, V):
    """Scaled dot-product attention in NumPy. Returns (weights, output)."""
    scores = Q @ K.T / np.sqrt(Q.shape[1])
    w = np.exp(scores - scores.max(0, keepdims=True))
    w = w / w.sum(0, keepdims=True)    # softmax along each row (over the keys)
    return w, w @ V


def show(label, Q, K, V, toks):
    print(f"\n# {label}")
    matrix("scores / sqrt(4)", Q @ K.T / np.sqrt(d), toks, toks)
    w, out = attend(Q, K, V)
    matrix("weights (row = query, column = key)", w, toks, toks, sums=True)
    matrix("output = weights @ V", out, toks, AXES)
    return w, out


print("# meanings")
matrix("E", E, TOKENS, AXES, spec=".1f")

# ---------------- Teil 2: query = key = value = meanings --------------------------------
wA, outA = show("Teil 2: A. query = key = value = E", E, E, E, TOKENS)
hand = np.array([0.096, 0.096, 0.096, 0.711])
r = TOKENS.index("rude")
row("rude_row_hand", *[fmt(v) for v in hand])
row("rude_row_numpy", *[fmt(v) for v in wA[r]])
row("max_gap_hand_vs_numpy", fmt(np.abs(wA[r] - hand).max(), ".4f"))

# ---------------- Teil 3: Step 6's query matrix ----------------------------------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print()
matrix("queries Q = E @ Wq.T", Q, TOKENS, AXES, spec=".1f")
wB, outB = show("Teil 3: B. query from Wq, key = value = E", Q, E, E, TOKENS)
row("rude_good/bad_before", fmt(E[r, 1]))
row("rude_good/bad_after", fmt(outB[r, 1]))
row("rude_negation_before", fmt(E[r, 2]))
row("rude_negation_after", fmt(outB[r, 2]))
# Which token attended to which: only 'rude' has a non-zero query, and it puts 0,440 on
# 'support' and 0,440 on 'not' (0,060 on 'was' and on itself), while support/was/not
# have all-zero queries and spread 0,250 evenly. That pairing is richtig for this phrase:
# 'rude' is said about 'support' and it is flipped by 'not', so those are exactly the two
# words its meaning depends on - its good/bad drops from -2,000 to -0,119 and a negation
# value of 0,881 appears, in one hop.

# ---------------- Teil 4: torch check and the shuffle -----------------------------------
print("\n# Teil 4: against PyTorch")
if hasattr(F, "scaled_dot_product_attention"):       # torch >= 2.0
    t_out = F.scaled_dot_product_attention(torch.tensor(Q), torch.tensor(E),
                                           torch.tensor(E)).numpy()
    fn = "F.scaled_dot_product_attention"
else:                                                 # torch 1.13: prototype, returns (out, w)
    t_out, t_w = F._scaled_dot_product_attention(
        torch.tensor(Q).unsqueeze(0), torch.tensor(E).unsqueeze(0),
        torch.tensor(E).unsqueeze(0), None, 0.0, True, False)
    t_out = t_out[0].numpy()
    fn = "F._scaled_dot_product_attention (torch " + torch.__version__ + ")"
row("torch_function", fn)
row("max_gap_output_vs_torch", fmt(np.abs(t_out - outB).max(), ".2e"))

perm = [2, 0, 3, 1]                     # new order: not, support, rude, was
toks_s = [TOKENS[i] for i in perm]
Es, Qs = E[perm], Q[perm]
ws, outs = show("Teil 4: same inputs, rows shuffled to " + " ".join(toks_s), Qs, Es, Es, toks_s)
row("max_gap_output_shuffled_vs_original_rows_moved", fmt(np.abs(outs - outB[perm]).max(), ".2e"))
row("max_gap_weights_shuffled_vs_original_permuted",
    fmt(np.abs(ws - wB[np.ix_(perm, perm)]).max(), ".2e"))
row("output_row_order_changed", not np.allclose(outs, outB))
# Shuffle, was ich sehe: the output rows moved together with their tokens (the rude row
# is now row 3 instead of row 4), and the weight matrix is just permuted on both axes.
# The values did not change - after putting the rows back the gap is 2,22e-16 (rounding),
# rude still reads [0,881; -0,119; 0,881; 0,339].
# So attention alone is blind to order: 'not rude ... support' and 'support ... not rude'
# give the same numbers, which is why 2.8 must add position information.
