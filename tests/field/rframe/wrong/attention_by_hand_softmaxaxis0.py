# attention_by_hand.py -- attention on paper first, then in NumPy.
#
# Part one, worked on paper BEFORE running anything.
# Tokens support, was, not, rude with meanings (subject, good/bad, negation,
# filler): support [2,0,0,0], was [0,0,0,2], not [0,0,2,0.5], rude [0,-2,0,0].
# The rude row [0,-2,0,0] dotted with every token:
#   rude . support = 0      rude . was = 0
#   rude . not     = 0      rude . rude = (-2)(-2) = 4
# Divide by sqrt(4) = 2:  scores 0, 0, 0, 2
# Softmax: e^0 = 1 three times, e^2 = 7.389, total = 3 + 7.389 = 10.389
#   weight on support = was = not = 1 / 10.389 = 0.096
#   weight on rude itself          = 7.389 / 10.389 = 0.711
#   check: 0.096 * 3 + 0.711 = 0.999, which is 1.000 before rounding.
import numpy as np, torch
import torch.nn.functional as F

# ---- little helpers so Python prints the way R does --------------------
def r_vec(values, digits=3):
    """Print a vector like R: [1] 0.710 0.100 0.090"""
    if isinstance(values, (int, float, bool, str, np.floating, np.integer)):
        values = [values]
    out = []
    for v in values:
        if isinstance(v, (bool, np.bool_)):
            out.append("TRUE" if v else "FALSE")
        elif isinstance(v, str):
            out.append('"' + v + '"')
        elif isinstance(v, (int, np.integer)):
            out.append(str(int(v)))
        else:
            out.append(f"{float(v):.{digits}f}")
    w = max(len(s) for s in out)
    print("[1] " + " ".join(s.rjust(w) for s in out))


def r_df(cols, fmts=None):
    """Print a dict of equal-length columns like an R data.frame."""
    fmts = fmts or {}
    names = list(cols)
    n = len(cols[names[0]])
    text = {}
    for k in names:
        f = fmts.get(k)
        cells = []
        for v in cols[k]:
            if isinstance(v, (bool, np.bool_)):
                cells.append("TRUE" if v else "FALSE")
            elif f is not None and not isinstance(v, str):
                cells.append(format(v, f))
            else:
                cells.append(str(v))
        text[k] = cells
    rn = [str(i + 1) for i in range(n)]
    rw = max(len(s) for s in rn)
    widths = {k: max(len(k), *(len(s) for s in text[k])) for k in names}
    print(" " * rw + " " + " ".join(k.rjust(widths[k]) for k in names))
    for i in range(n):
        print(rn[i].ljust(rw) + " " + " ".join(text[k][i].rjust(widths[k]) for k in names))


def r_mat(M, rownames=None, colnames=None, digits=3):
    """Print a matrix like R, with dimnames or [1,] / [,1] headers."""
    M = np.asarray(M, dtype=float)
    M = M.reshape(1, -1) if M.ndim == 1 else M
    rn = rownames or [f"[{i + 1},]" for i in range(M.shape[0])]
    cn = colnames or [f"[,{j + 1}]" for j in range(M.shape[1])]
    cells = [[f"{v:.{digits}f}" for v in row] for row in M]
    w = [max(len(cn[j]), *(len(cells[i][j]) for i in range(M.shape[0])))
         for j in range(M.shape[1])]
    rw = max(len(s) for s in rn)
    print(" " * rw + " " + " ".join(cn[j].rjust(w[j]) for j in range(M.shape[1])))
    for i in range(M.shape[0]):
        print(rn[i].ljust(rw) + " " + " ".join(cells[i][j].rjust(w[j]) for j in range(M.shape[1])))
# -------------------------------------------------------------------------


def r_named(names, values, digits=3):
    """Print a named vector like R: names on one line, values under them."""
    cells = [f"{float(v):.{digits}f}" for v in values]
    w = [max(len(a), len(b)) for a, b in zip(names, cells)]
    print(" ".join(a.rjust(x) for a, x in zip(names, w)) + " ")
    print(" ".join(b.rjust(x) for b, x in zip(cells, w)) + " ")

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good_bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]

print("the meanings, E")
r_mat(E, rownames=TOKENS, colnames=AXES, digits=1)


def attend(Q, K, V):
    """Scaled dot-product attention. Returns (weights, output)."""
    scores = Q @ K.T / np.sqrt(d)
    w = np.exp(scores - scores.max(0, keepdims=True))
    w = w / w.sum(0, keepdims=True)      # softmax, row by row
    return w, w @ V


def show(w, out, toks):
    print("weights (query row, key column) with their row sums")
    r_mat(np.column_stack([w, w.sum(1)]), rownames=toks, colnames=toks + ["sum"])
    print("output = weights %*% V")
    r_mat(out, rownames=toks, colnames=AXES)


# ---- part two: query = key = value = the meanings -----------------------
print("\npart two: attend(E, E, E)")
wA, outA = attend(E, E, E)
show(wA, outA, TOKENS)
r = TOKENS.index("rude")
print("the rude row of the weights, against my hand numbers 0.096 0.096 0.096 0.711")
r_vec(wA[r])
print("largest gap between the printed rude row and my hand numbers (1/10.389 and 7.389/10.389)")
r_vec(np.abs(wA[r] - np.array([1, 1, 1, np.e ** 2]) / (3 + np.e ** 2)).max(), 4)

# ---- part three: Step 6's query matrix ----------------------------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\npart three: queries Q = E %*% t(Wq)")
r_mat(Q, rownames=TOKENS, colnames=AXES, digits=1)
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS)
print("rude: good_bad before and after, negation before and after")
r_vec([E[r, 1], outB[r, 1], E[r, 2], outB[r, 2]])

# ---- part four: check against torch, then shuffle -----------------------
# torch 1.13 on this machine has no F.scaled_dot_product_attention (it came
# in torch 2.0); 1.13 ships the same function under the name
# F._scaled_dot_product_attention, which wants a batch dimension and returns
# (output, weights). I use the public one when it exists.
def torch_attention(Q, K, V):
    q, k, v = (torch.tensor(a).unsqueeze(0) for a in (Q, K, V))
    if hasattr(F, "scaled_dot_product_attention"):
        return F.scaled_dot_product_attention(q, k, v)[0].numpy()
    return F._scaled_dot_product_attention(q, k, v)[0][0].numpy()


gap = np.abs(torch_attention(Q, E, E) - outB).max()
print("\npart four: largest gap against torch's own attention")
print(f"[1] {gap:.2e}")
print("below 1e-12?")
r_vec(bool(gap < 1e-12))

perm = [2, 0, 3, 1]                 # new order: not, support, rude, was
toks_s = [TOKENS[i] for i in perm]
Es = E[perm]
wS, outS = attend(Es @ Wq.T, Es, Es)
print("\nshuffled into the order: " + " ".join(toks_s))
show(wS, outS, toks_s)
print("largest gap between shuffled output and the original output rows moved the same way")
print(f"[1] {np.abs(outS - outB[perm]).max():.2e}")
print("largest gap between shuffled weights and the original weights moved the same way")
print(f"[1] {np.abs(wS - wB[np.ix_(perm, perm)]).max():.2e}")

# ---- what I see (written after running) ---------------------------------
# Part two: the printed rude row is 0.096 0.096 0.096 0.711, the same as my
# paper numbers, and every row of both weight matrices sums to 1.000.
#
# Part three: with the query matrix, rude attends 0.440 to support and 0.440
# to not (0.060 to was and to itself), while the other three tokens have
# all-zero queries and spread a flat 0.250 over everything. That pairing is
# right for this phrase: "not rude" is a statement about support, and the
# "not" flips the complaint, so rude's output moves its good_bad number from
# -2.000 to -0.119, picks up a negation number of 0.881 and a subject number
# of 0.881 -- all in one hop, with "was" in between not mattering.
#
# Part four, three sentences:
# 1. What changed after the shuffle: the rows of the weights and of the
#    output came out in the new order (not, support, rude, was), and the
#    columns of the weight matrix moved the same way.
# 2. What did not change: every token got exactly the same output row as
#    before (rude is still 0.881 -0.119 0.881 0.339), the gap to the
#    original rows moved the same way is only 2.22e-16.
# 3. So attention on its own is blind to order -- the output rows move with
#    their tokens but the values are unchanged, and "support was not rude"
#    and any shuffle of it look identical unless position information is
#    added to the meanings.
