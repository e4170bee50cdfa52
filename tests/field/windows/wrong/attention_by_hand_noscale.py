# attention_by_hand.py – Exercise 4: attention on paper, then in NumPy
#
# Part one – ON PAPER, before running anything (the “rude” row, query = key = the meanings):
#   rude = [0, −2, 0, 0]
#   rude · support = [0,−2,0,0]·[2,0,0,0]   = 0        → 0 / √4 = 0.000
#   rude · was     = [0,−2,0,0]·[0,0,0,2]   = 0        → 0 / 2  = 0.000
#   rude · not     = [0,−2,0,0]·[0,0,2,0.5] = 0        → 0 / 2  = 0.000
#   rude · rude    = (−2)·(−2)              = 4        → 4 / 2  = 2.000
#   softmax: e⁰ = 1 (three times), e² ≈ 7.389 → sum ≈ 10.389
#            self: 7.389 / 10.389 ≈ 0.711, each other token: 1 / 10.389 ≈ 0.096  (0.711 + 3 × 0.096 ≈ 1.000 ✓)
#   So the rude row should read ≈ [0.096, 0.096, 0.096, 0.711] – it mostly re-reads itself.
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
HAND_RUDE = np.array([0.096, 0.096, 0.096, 0.711])   # from the comment above


def box(headers, rows, aligns=None):
    """Small Unicode table (┌─┬─┐ …)."""
    aligns = aligns or [">"] * len(headers)
    w = [max(len(str(h)), *(len(str(r[i])) for r in rows)) for i, h in enumerate(headers)]
    def line(l, m, r):
        return l + m.join("─" * (x + 2) for x in w) + r
    def cells(vals):
        return "│" + "│".join(" " + (str(v).rjust(x) if a == ">" else str(v).ljust(x)) + " "
                              for v, x, a in zip(vals, w, aligns)) + "│"
    print(line("┌", "┬", "┐")); print(cells(headers)); print(line("├", "┼", "┤"))
    for r in rows:
        print(cells(r))
    print(line("└", "┴", "┘"))


def attend(Q, K, V):
    """Scaled dot-product attention in NumPy → (weights, output)."""
    scores = Q @ K.T
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)           # softmax over each row (over the keys)
    return w, w @ V


def show(w, out, tokens, title):
    print(f"\n{title}")
    box(["query ↓ / key →"] + tokens + ["row sum"],
        [[t] + [f"{v:.3f}" for v in r] + [f"{r.sum():.3f}"] for t, r in zip(tokens, w)],
        ["<"] + [">"] * (len(tokens) + 1))
    box(["token"] + AXES, [[t] + [f"{v:+.3f}" for v in r] for t, r in zip(tokens, out)],
        ["<"] + [">"] * 4)


print(f"four meanings, axes = {AXES}")
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {row}")

# ───────────── Part two: query = key = value = the meanings ─────────────
wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "Part 2 – A. query = key = value = meanings: weights (rows add to 1) and outputs")
r = TOKENS.index("rude")
print(f"  rude row, hand   → {HAND_RUDE}")
print(f"  rude row, NumPy  → {wA[r]}   max gap {np.abs(wA[r] - HAND_RUDE).max():.4f} (≈ rounding to 3 dp)")

# ───────────── Part three: Step 6’s query matrix ─────────────
Wq = np.array([[0.0, -1.0, 0.0, 0.0],    # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],    # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nqueries after Wq:")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<8s} {row}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "Part 3 – B. separate query (Q = E·Wqᵀ), key = value = meanings")
print(f"  rude: good/bad {E[r, 1]:+.3f} → {outB[r, 1]:+.3f}   negation {E[r, 2]:+.3f} → {outB[r, 2]:+.3f}")
# Part 3 comment (after the run): “rude” attended 0.440 to “support” and 0.440 to “not” (0.060 to “was” and to
# itself), and every other row is a flat 0.250 because their queries are all zeros. That pairing is right for
# “support was not rude”: the bad word needs its subject (what is rude? → support) and its negator (is it
# negated? → yes, not), so its output becomes [0.881, −0.119, 0.881, 0.339] – the bad-news value −2.000 shrinks
# toward zero and a negation value ≈ 0.881 appears, in one hop.


# ───────────── Part four: check against PyTorch, then shuffle ─────────────
def torch_attention(Q, K, V):
    """torch’s own attention. torch 1.13 on the course box has no public F.scaled_dot_product_attention
    (it came in 2.0), so fall back to 1.13’s F._scaled_dot_product_attention (same maths, returns (out, w))."""
    q, k, v = (torch.tensor(a).unsqueeze(0) for a in (Q, K, V))   # float64, batch of 1
    if hasattr(F, "scaled_dot_product_attention"):
        return F.scaled_dot_product_attention(q, k, v)[0].numpy(), "F.scaled_dot_product_attention"
    out, _ = F._scaled_dot_product_attention(q, k, v, None, 0.0, False, False)
    return out[0].numpy(), "F._scaled_dot_product_attention (torch " + torch.__version__ + ")"


print("\nPart 4 – my NumPy against torch’s own attention")
rows = []
for name, (Qx, out) in (("A  (Q = E)", (E, outA)), ("B  (Q = E·Wqᵀ)", (Q, outB))):
    t_out, fn = torch_attention(Qx, E, E)
    gap = np.abs(t_out - out).max()
    rows.append((name, fn, f"{gap:.2e}", "✓ < 1e-12" if gap < 1e-12 else "✗"))
box(["run", "torch function", "max |gap|", "check"], rows, ["<", "<", ">", "<"])

perm = [2, 0, 3, 1]                     # new order: not, support, rude, was
Es, Qs = E[perm], Q[perm]
tok_s = [TOKENS[i] for i in perm]
ws, outs = attend(Qs, Es, Es)
show(ws, outs, tok_s, f"shuffled rows → {tok_s} (same Wq, setting B)")
rows = []
for i, t in enumerate(tok_s):
    j = TOKENS.index(t)
    rows.append((t, f"row {j} → row {i}", f"{np.abs(outs[i] - outB[j]).max():.1e}",
                 f"{np.abs(ws[i] - wB[j][perm]).max():.1e}"))
box(["token", "moved", "|out gap| vs unshuffled", "|weight gap| (keys re-ordered)"], rows,
    ["<", "<", ">", ">"])
# Shuffle comment (three sentences, from the table above):
# 1. What changed: only the positions – every output row (and weight row) moved with its token, e.g. “rude” went
#    from row 3 to row 2 and its weight columns were re-ordered the same way.
# 2. What did not change: the values – each token’s output is identical to the unshuffled run (gaps 0.0e+00 or 2.2e-16, i.e. float rounding), so
#    “rude” still reads [0.881, −0.119, 0.881, 0.339] wherever it sits.
# 3. So attention alone is blind to order (it’s permutation-equivariant): “support was not rude” and “rude not
#    support was” look the same to it, which is why position information has to be added (Module 2.8).
