# attention_by_hand.py -- module exercise 4: attention on paper, then in NumPy.
#
# ---- Part one, ON PAPER (written before I ran anything) ----
# tokens support [2,0,0,0], was [0,0,0,2], not [0,0,2,0.5], rude [0,-2,0,0]
# axes: subject, good/bad, negation, filler.  The rude row against every token:
#   rude.support = 0*2 + (-2)*0 + 0*0 + 0*0       = 0
#   rude.was     = 0 + 0 + 0 + 0*2                = 0
#   rude.not     = 0 + 0 + 0*2 + 0*0.5            = 0
#   rude.rude    = 0 + (-2)*(-2) + 0 + 0          = 4
# divide by sqrt(4) = 2  ->  scores 0, 0, 0, 2
# softmax: e^0 = 1 (three times), e^2 = 7.389; total = 3 + 7.389 = 10.389
#   weights = 1/10.389 = 0.096, 0.096, 0.096 and 7.389/10.389 = 0.711   (sum 0.999+rounding = 1)
# So by hand the rude row attends 0.711 to itself and 0.096 to each of the others,
# which is what the module's Check says (0.711 / 0.096).
import numpy as np, torch

np.set_printoptions(precision=3, suppress=True)
TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]
HAND = {"support": 0.096, "was": 0.096, "not": 0.096, "rude": 0.711}   # my paper numbers


def mark(ok):
    return "OK" if ok else "XX"


def attend(Q, K, V):
    """Scaled dot-product attention. Returns (weights, output)."""
    scores = Q @ K.T / np.sqrt(d)
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)          # softmax along each ROW (over the keys)
    return w, w @ V


def show(w, out, names, title):
    print(f"\n--- {title} ---")
    print(f"{'':<9s}" + "".join(f"{t:>9s}" for t in names) + f"{'sum':>8s}")
    for t, r in zip(names, w):
        print(f"{t:<9s}" + "".join(f"{v:9.3f}" for v in r) + f"{r.sum():8.3f}")
    print("output rows:")
    for t, r in zip(names, out):
        print(f"  {t:<8s} {r}")


def sums_ok(w):
    s = w.sum(1)
    print(f"  every row sums to 1.000? mine {np.round(s, 3)}  module 1.000  max diff {np.abs(s - 1).max():.1e}"
          f"  {mark(np.allclose(s, 1.0))}")


# ---------------- Part two: query = key = value = the meanings ----------------
wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "A. query = key = value = the meanings")
sums_ok(wA)
r = TOKENS.index("rude")
print(f"\n  rude row        | {'mine':>6s} | {'hand':>6s} | {'module':>6s} | {'diff':>6s} | ok")
for j, t in enumerate(TOKENS):
    mod = 0.711 if t == "rude" else 0.096
    print(f"  rude -> {t:<7s} | {wA[r, j]:6.3f} | {HAND[t]:6.3f} | {mod:6.3f} | {wA[r, j] - mod:+6.3f} | "
          f"{mark(abs(wA[r, j] - mod) < 0.001 and abs(wA[r, j] - HAND[t]) < 0.001)}")

# ---------------- Part three: Step 6's query matrix ----------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nqueries after Wq:")
for t, q in zip(TOKENS, Q):
    print(f"  {t:<8s} {q}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "B. query = E @ Wq.T, key = value = the meanings")
sums_ok(wB)
MODB = {"support": 0.440, "was": 0.060, "not": 0.440, "rude": 0.060}
print(f"\n  rude row        | {'mine':>6s} | {'module':>6s} | {'diff':>6s} | ok")
for j, t in enumerate(TOKENS):
    print(f"  rude -> {t:<7s} | {wB[r, j]:6.3f} | {MODB[t]:6.3f} | {wB[r, j] - MODB[t]:+6.3f} | "
          f"{mark(abs(wB[r, j] - MODB[t]) < 0.001)}")
MODOUT = [0.881, -0.119, 0.881, 0.339]
print(f"\n  rude output     | {'mine':>6s} | {'module':>6s} | {'diff':>6s} | ok")
for k, ax in enumerate(AXES):
    print(f"  {ax:<15s} | {outB[r, k]:+6.3f} | {MODOUT[k]:+6.3f} | {outB[r, k] - MODOUT[k]:+6.3f} | "
          f"{mark(abs(outB[r, k] - MODOUT[k]) < 0.001)}")
print(f"  good/bad moved {E[r, 1]:+.3f} -> {outB[r, 1]:+.3f} (toward zero), "
      f"negation appeared {E[r, 2]:+.3f} -> {outB[r, 2]:+.3f}")

# ---------------- Part four: PyTorch check, then shuffle ----------------
# torch 1.13 (Debian's) has no public F.scaled_dot_product_attention yet (it arrived in 2.0);
# 1.13 ships the same function as F._scaled_dot_product_attention, returning (output, weights).
F = torch.nn.functional
qt, kt, vt = (torch.tensor(a).unsqueeze(0) for a in (Q, E, E))   # float64, batch of 1
if hasattr(F, "scaled_dot_product_attention"):
    t_out = F.scaled_dot_product_attention(qt, kt, vt)[0].numpy()
    used = "F.scaled_dot_product_attention"
else:
    t_out = F._scaled_dot_product_attention(qt, kt, vt, None, 0.0, False, False)[0][0].numpy()
    used = "F._scaled_dot_product_attention (torch 1.13 name)"
gap = np.abs(t_out - outB).max()
print(f"\nPyTorch check with {used}, torch {torch.__version__}")
print(f"  largest gap mine vs torch | mine {gap:.2e} | module 2.22e-16 | must be < 1e-12 | {mark(gap < 1e-12)}")

perm = [3, 0, 2, 1]                        # new order: rude, support, not, was
Es = E[perm]
names_s = [TOKENS[i] for i in perm]
wS, outS = attend(Es @ Wq.T, Es, Es)
show(wS, outS, names_s, "C. same four tokens shuffled to " + " ".join(names_s))
sums_ok(wS)
print("\n  token    | output row before shuffle        | output row after shuffle         | same? ")
for i, t in enumerate(names_s):
    before = outB[TOKENS.index(t)]
    same = np.allclose(before, outS[i], atol=1e-12)
    print(f"  {t:<8s} | {str(before):<32s} | {str(outS[i]):<32s} | {mark(same)}")
moved = np.abs(outS - outB[perm]).max()
print(f"  max gap between shuffled output and (original output, rows shuffled the same way): {moved:.1e}"
      f"  module: values unchanged  {mark(moved < 1e-12)}")
print("  hops from token 1 to token 50: RNN 49, attention 1")

# ---- my comments, written after seeing the run (all rows OK against the module) ----
# Part two: my printed rude row is 0.096 / 0.096 / 0.096 / 0.711, the same as my paper
#   numbers and the module's Check (diff 0.000) -- with query = key, each token mostly
#   re-reads itself, because raw similarity says 'rude' has nothing in common with 'not'.
# Part three: with Wq, 'rude' (query [2,0,2,0]) attended 0.440 to 'support' and 0.440 to
#   'not' and only 0.060 to 'was' and to itself -- matches the module. That pairing is the
#   right one for "support was not rude": 'rude' needs to know WHO it describes (support) and
#   that it is NEGATED (not), and its output row became [0.881, -0.119, 0.881, 0.339], so the
#   bad-news number went from -2.000 to -0.119 and a negation number of 0.881 appeared.
#   (The other three tokens have all-zero queries, so they spread 0.250 evenly.)
# Part four: my NumPy matched PyTorch to 2.22e-16 (< 1e-12, same as the module's gap), using
#   torch 1.13's F._scaled_dot_product_attention because the public name only exists from 2.0.
# Shuffle, three sentences:
# 1. What changed: the ORDER of the rows -- the weight matrix and the output rows came out
#    permuted (rude's row is now first, and its 0.440s sit in different columns).
# 2. What did not change: every token's output VALUES -- rude is still
#    [0.881, -0.119, 0.881, 0.339] and the others still [0.5, -0.5, 0.5, 0.625]; the max gap
#    against the original rows (shuffled the same way) was 0.0e+00.
# 3. So attention by itself is blind to order: "rude support not was" gives each token the same
#    meaning as "support was not rude", which is why the Transformer (2.8) has to add position
#    information to the tokens before attention.
