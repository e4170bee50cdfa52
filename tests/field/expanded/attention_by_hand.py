# attention_by_hand.py -- exercise 4: attention on paper, then in NumPy.
# Expanded-record output (psql \x style), one field a line.
#
# PART ONE, ON PAPER (worked before running anything).
# Tokens support, was, not, rude with meanings [2,0,0,0], [0,0,0,2],
# [0,0,2,0.5], [0,-2,0,0] on axes subject, good/bad, negation, filler.
# The rude row is [0,-2,0,0]. Its dot products:
#   rude . support = 0*2 + (-2)*0 + 0*0 + 0*0         = 0
#   rude . was     = 0 + 0 + 0 + 0*2                  = 0
#   rude . not     = 0 + 0 + 0*2 + 0*0.5              = 0
#   rude . rude    = (-2)*(-2)                        = 4
# Divide by sqrt(4) = 2: scores 0, 0, 0, 2.
# Softmax: e^0 = 1 three times, e^2 = 7.389; total 10.389.
#   weight on support = 1 / 10.389     = 0.096
#   weight on was     = 1 / 10.389     = 0.096
#   weight on not     = 1 / 10.389     = 0.096
#   weight on rude    = 7.389 / 10.389 = 0.711
# The four add up to 1.000 (0.096 * 3 + 0.711 = 0.999, rounding).
import numpy as np, torch
np.set_printoptions(precision=3, suppress=True)

_rec = [0]
def record(fields):
    """Print one result as a psql-style expanded record."""
    _rec[0] += 1
    w = max(len(k) for k, _ in fields)
    lines = [f"{k:<{w}} | {v}" for k, v in fields]
    head = f"-[ RECORD {_rec[0]} ]"
    print(head + "-" * max(4, max(len(l) for l in lines) - len(head)))
    for l in lines:
        print(l)

def section(title):
    _rec[0] = 0
    print(f"\n== {title} ==")

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0,  0.0, 0.0, 0.0],    # support
              [0.0,  0.0, 0.0, 2.0],    # was
              [0.0,  0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])   # rude
d = E.shape[1]
HAND_RUDE = np.array([0.096, 0.096, 0.096, 0.711])   # my paper numbers above

def attend(Q, K, V):
    """Scaled dot-product attention in NumPy. Returns (weights, output)."""
    scores = Q @ K.T / np.sqrt(d)
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)                  # softmax, row by row
    return w, w @ V

def show(w, out, tokens, Q=None):
    for i, t in enumerate(tokens):
        fields = [("token", t)]
        if Q is not None:
            fields.append(("query", Q[i]))
        fields += [(f"w -> {u}", f"{w[i, j]:.3f}") for j, u in enumerate(tokens)]
        fields += [("row sum", f"{w[i].sum():.3f}"), ("output", out[i])]
        record(fields)

section("the four meanings")
for tok, row in zip(TOKENS, E):
    record([("token", tok), ("meaning", row), ("axes", " / ".join(AXES))])

# ---------------------------------------------------------------- part two
section("part two: query = key = value = the meanings")
wA, outA = attend(E, E, E)
show(wA, outA, TOKENS)
r = TOKENS.index("rude")
section("part two: my paper numbers against the printed rude row")
record([("row", "rude"), ("by hand", HAND_RUDE), ("computed", wA[r]),
        ("largest gap", f"{np.abs(wA[r] - HAND_RUDE).max():.4f}"),
        ("agree to 3 decimals", bool(np.all(np.abs(wA[r] - HAND_RUDE) < 5e-4)))])

# ---------------------------------------------------------------- part three
Wq = np.array([[0.0, -1.0, 0.0, 0.0],    # a bad word asks: who is my subject?
               [0.0,  0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],    # ...and: is there a negator near me?
               [0.0,  0.0, 0.0, 0.0]])
Q = E @ Wq.T
section("part three: with Step 6's query matrix, Q = E Wq^T, key = value = E")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, Q)
section("part three: the rude row read aloud")
record([("row", "rude")] +
       [(f"share from {t}", f"{wB[r, j]:.3f}") for j, t in enumerate(TOKENS)] +
       [("good/bad before", f"{E[r, 1]:+.3f}"), ("good/bad after", f"{outB[r, 1]:+.3f}"),
        ("negation before", f"{E[r, 2]:+.3f}"), ("negation after", f"{outB[r, 2]:+.3f}")])

# ---------------------------------------------------------------- part four
# torch 1.13 (the Debian build here) only ships the function under a leading
# underscore; torch 2.x calls it scaled_dot_product_attention. Same maths.
F = torch.nn.functional
if hasattr(F, "scaled_dot_product_attention"):
    def torch_attend(q, k, v):
        return F.scaled_dot_product_attention(q, k, v)
    fname = "scaled_dot_product_attention"
else:
    def torch_attend(q, k, v):
        return F._scaled_dot_product_attention(q, k, v)[0]
    fname = "_scaled_dot_product_attention (torch 1.13 name)"

section("part four: against torch's own attention")
t_out = torch_attend(torch.tensor(Q)[None], torch.tensor(E)[None],
                     torch.tensor(E)[None])[0].numpy()
gap = np.abs(t_out - outB).max()
record([("torch function", fname), ("torch version", torch.__version__),
        ("largest gap", f"{gap:.2e}"), ("below 1e-12", bool(gap < 1e-12))])

perm = [2, 0, 3, 1]                     # new order: not, support, rude, was
Es = E[perm]
Ts = [TOKENS[i] for i in perm]
Qs = Es @ Wq.T
ws, outs = attend(Qs, Es, Es)
section("part four: the same four rows shuffled to " + " ".join(Ts))
show(ws, outs, Ts, Qs)
section("part four: shuffled result against the original")
record([("new order", " ".join(Ts)),
        ("output rows equal the original rows, moved", bool(np.allclose(outs, outB[perm]))),
        ("weights equal the original, rows and columns moved",
         bool(np.allclose(ws, wB[np.ix_(perm, perm)]))),
        ("rude output, original order", outB[r]),
        ("rude output, shuffled order", outs[Ts.index("rude")]),
        ("largest change for any token", f"{np.abs(outs - outB[perm]).max():.2e}")])
record([("hops from 'not' to 'rude'", "RNN 1, attention 1"),
        ("hops from token 1 to token 50", "RNN 49, attention 1")])

# ---------------------------------------------------------------- comments
# What my run printed (attention_by_hand.out), in plain English:
#
# Part two. My paper numbers were right: the computed rude row is
# 0.096 / 0.096 / 0.096 / 0.711, largest gap 0.0003 (my hand values were
# rounded). Every row of every weight matrix sums to 1.000. With query equal
# to key, every token attends mostly to itself (0.711, 0.669, 0.696, 0.711).
#
# Part three. With the query matrix, only rude has a non-zero query,
# [2, 0, 2, 0]. Rude attends 0.440 to support and 0.440 to not, and 0.060 to
# was and to itself; the other three tokens have empty queries and spread
# 0.250 evenly. That pairing is right for "support was not rude": rude needs
# to know who it describes (support) and that it is negated (not). Its
# output is [0.881, -0.119, 0.881, 0.339], so its good/bad number went from
# -2.000 to -0.119 and a negation number of 0.881 appeared, in one hop.
#
# Part four. Torch 1.13 here only has the function as
# _scaled_dot_product_attention; its answer differs from mine by 2.22e-16,
# below 1e-12. The three sentences on the shuffle:
# 1. What changed: the output rows and the weight rows and columns moved to
#    the new positions of their tokens (rude moved from row 4 to row 3).
# 2. What did not change: every token's weights and output values are the
#    same as before (largest change 2.22e-16, just rounding), rude still
#    reads [0.881, -0.119, 0.881, 0.339].
# 3. So attention on its own is blind to order -- it treats the input as a
#    set, and "support was not rude" and "not support rude was" look the same
#    to it, which is why a Transformer has to add position information.
