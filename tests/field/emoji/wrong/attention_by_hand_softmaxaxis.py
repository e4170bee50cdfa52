# attention_by_hand.py ✍️🔦 — attention on paper first, then NumPy, then torch (exercise 4)
#
# ✍️ PART 1 — ON PAPER, before running anything (the 'rude' row, query = key = meanings):
#   rude = [0,-2,0,0]
#   rude·support = 0*2 + (-2)*0 + 0 + 0         = 0 → /√4 = 0.000
#   rude·was     = 0 + 0 + 0 + 0*2               = 0 → /√4 = 0.000
#   rude·not     = 0 + 0 + 0*2 + 0*0.5           = 0 → /√4 = 0.000
#   rude·rude    = (-2)*(-2)                     = 4 → /√4 = 2.000
#   softmax: e^0 = 1 (×3), e^2 ≈ 7.389 → total ≈ 10.389
#     rude → rude    ≈ 7.389 / 10.389 ≈ 0.711 🪞
#     rude → each of support / was / not ≈ 1 / 10.389 ≈ 0.096
#     row sum = 0.711 + 3 × 0.096 ≈ 1.000 (0.999 from my rounding lol) ✅
import numpy as np, torch
import torch.nn.functional as F

np.set_printoptions(precision=3, suppress=True)
TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]


def attend(Q, K, V):
    """scores → softmax row by row → weighted sum of values. returns (weights, output)"""
    scores = Q @ K.T / np.sqrt(d)
    w = np.exp(scores - scores.max(0, keepdims=True))
    w = w / w.sum(0, keepdims=True)
    return w, w @ V


def show(w, out, toks, title):
    print(f"\n{title}")
    print(f"  {'':<9s}" + "".join(f"{t:>9s}" for t in toks) + f"{'sum':>8s}")
    for t, r in zip(toks, w):
        print(f"  {t:<9s}" + "".join(f"{v:9.3f}" for v in r) + f"{r.sum():8.3f}"
              + (" ✅" if abs(r.sum() - 1) < 1e-9 else " ❌"))
    print("  output rows (subject, good/bad, negation, filler):")
    for t, r in zip(toks, out):
        print(f"   • {t:<8s} {r}")


print(f"🔤 four tokens, axes = {AXES}")
for t, r in zip(TOKENS, E):
    print(f"   • {t:<8s} {r}")

# ---------------- part two: query = key = value = meanings 🪞 ----------------
wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "🪞 PART 2 — raw self-attention (Q = K = V = meanings)")
r = TOKENS.index("rude")
hand = np.array([1, 1, 1, np.e ** 2]) / (3 + np.e ** 2)
print(f"  ✍️ my paper numbers for the rude row → {np.round(hand, 3)}"
      f" · code says {wA[r]} · max gap {np.abs(hand - wA[r]).max():.1e} 🤝")

# ---------------- part three: a query matrix 🎯 ----------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\n🎯 PART 3 — queries after Wq:")
for t, q in zip(TOKENS, Q):
    print(f"   • {t:<8s} {q}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "🎯 weights with the query matrix (Q = E·Wqᵀ, K = V = meanings)")
print(f"  🔦 rude reads → " + " · ".join(f"{t} {wB[r, j]:.3f}" for j, t in enumerate(TOKENS)))
print(f"  • rude's good/bad number {E[r, 1]:+.3f} → {outB[r, 1]:+.3f} 📈"
      f" · negation {E[r, 2]:+.3f} → {outB[r, 2]:+.3f} 🙅")

# ---------------- part four: torch check + shuffle 🔀 ----------------
tq, tk, tv = (torch.tensor(a).unsqueeze(0) for a in (Q, E, E))   # float64, batch of 1
if hasattr(F, "scaled_dot_product_attention"):                   # torch ≥ 2.0
    t_out = F.scaled_dot_product_attention(tq, tk, tv)
else:                                    # my box has torch 1.13 → the older private name 🤷
    t_out, _ = F._scaled_dot_product_attention(tq, tk, tv, None, 0.0, False, False)
gap = np.abs(t_out[0].numpy() - outB).max()
print(f"\n🔥 PART 4 — largest gap vs torch's own attention → {gap:.2e}"
      f" {'✅ (< 1e-12)' if gap < 1e-12 else '❌'}")

perm = [2, 0, 3, 1]                      # new order: not, support, rude, was
Es, Qs = E[perm], Q[perm]
toks_s = [TOKENS[i] for i in perm]
wS, outS = attend(Qs, Es, Es)
show(wS, outS, toks_s, f"🔀 shuffled rows → {toks_s}")
print(f"  • shuffled output == original output re-ordered the same way? "
      f"{np.allclose(outS, outB[perm], atol=1e-12)} (max gap {np.abs(outS - outB[perm]).max():.1e})")
print(f"  • shuffled weights == original weights, rows+cols re-ordered? "
      f"{np.allclose(wS, wB[np.ix_(perm, perm)], atol=1e-12)}")
print(f"  • rude's output before {outB[r]} · after {outS[toks_s.index('rude')]} → same 🙈")

# 💬 my sentences:
# 🎯 part three: with Wq, rude attended 0.440 to support and 0.440 to not (0.060 each to was and
#    itself) — that's the right pairing for "support was not rude": a bad word needs to know WHO it's
#    about (support) and whether it got negated (not), and its output went good/bad -2.000 → -0.119
#    with a fresh negation value of 0.881, i.e. "not rude" ≈ not really bad anymore 😇. the other three
#    tokens have all-zero queries so they just spread 0.250 everywhere (nothing to ask for 🤷).
# ✍️ my paper numbers (0.711 self / 0.096 others) matched the printed rude row to 2.8e-17, and the
#    torch check came in at 2.22e-16, way under 1e-12 ✅
# 🔀 shuffle sentence 1: what changed → only WHERE the rows sit: the rude row moved from position 4
#    to position 3 and its weight columns got re-ordered the same way.
# 🔀 shuffle sentence 2: what didn't change → the values: rude still gets [0.881 -0.119 0.881 0.339]
#    and 0.440/0.440/0.060/0.060, the output rows just move with their tokens (max gap 2.2e-16).
# 🔀 shuffle sentence 3: so attention alone is blind to order 🙈 — "support was not rude" and any
#    scramble of it give the same per-token answers, which is why 2.8 has to add position info.
