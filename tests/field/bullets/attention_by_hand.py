# attention_by_hand.py -- exercise 4: attention on paper, then in NumPy
#
# ---------- part one, on paper (written BEFORE running anything) ----------
# - tokens: support [2,0,0,0], was [0,0,0,2], not [0,0,2,0.5], rude [0,-2,0,0]
#   (axes: subject, good/bad, negation, filler)
# - rude row = [0,-2,0,0], dot products against every token:
#   - rude . support = 0*2 + (-2)*0 + 0 + 0       = 0
#   - rude . was     = 0 + 0 + 0 + 0*2            = 0
#   - rude . not     = 0 + 0 + 0*2 + 0*0.5        = 0
#   - rude . rude    = 0 + (-2)*(-2) + 0 + 0      = 4
# - divide by sqrt(4) = 2  ->  scores 0, 0, 0, 2
# - softmax: e^0 = 1 (three times), e^2 = 7.389; total = 3 + 7.389 = 10.389
#   - support 1 / 10.389 = 0.096
#   - was     1 / 10.389 = 0.096
#   - not     1 / 10.389 = 0.096
#   - rude    7.389 / 10.389 = 0.711
#   - check: 0.096*3 + 0.711 = 0.999 (rounding) ~ 1
import numpy as np, torch

np.set_printoptions(precision=3, suppress=True)
TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],     # support
              [0.0, 0.0, 0.0, 2.0],     # was
              [0.0, 0.0, 2.0, 0.5],     # not
              [0.0, -2.0, 0.0, 0.0]])   # rude
d = E.shape[1]


def attend(Q, K, V):
    """Scaled dot-product attention in NumPy. Returns (weights, output)."""
    scores = Q @ K.T / np.sqrt(Q.shape[1])
    w = np.exp(scores - scores.max(1, keepdims=True))   # stable softmax
    w = w / w.sum(1, keepdims=True)                     # row by row
    return w, w @ V


def show(w, out, tokens, title):
    print(f"- {title}")
    print("  - weights (query token -> key tokens)")
    for t, r in zip(tokens, w):
        parts = ", ".join(f"{k} {v:.3f}" for k, v in zip(tokens, r))
        print(f"    - {t}: {parts} (sum **{r.sum():.3f}**)")
    print("  - output rows")
    for t, r in zip(tokens, out):
        print(f"    - {t}: {r}")


print(f"- meanings, axes {AXES}")
for tok, row in zip(TOKENS, E):
    print(f"  - {tok}: {row}")

# ---------- part two: query = key = value = meanings ----------
wA, outA = attend(E, E, E)
print()
show(wA, outA, TOKENS, "part 2: raw self-attention, Q = K = V = meanings")
i = TOKENS.index("rude")
print("  - my hand numbers for the rude row vs the code")
hand = [0.096, 0.096, 0.096, 0.711]
for j, t in enumerate(TOKENS):
    print(f"    - {t}: hand {hand[j]:.3f}, code **{wA[i, j]:.3f}**")

# ---------- part three: step 6's query matrix ----------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\n- part 3: queries after Wq")
for tok, row in zip(TOKENS, Q):
    print(f"  - {tok}: {row}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "part 3: separate query (Q = E Wq^T), K = V = meanings")
print("  - the rude row, read aloud")
for j, t in enumerate(TOKENS):
    print(f"    - {wB[i, j]:.3f} of its new meaning comes from '{t}'")
print(f"    - good/bad number: {E[i, 1]:+.3f} -> **{outB[i, 1]:+.3f}**")
print(f"    - negation number: {E[i, 2]:+.3f} -> **{outB[i, 2]:+.3f}**")
print(f"    - output row: **{outB[i]}**")
# comment for part three (after seeing the output):
# - 'rude' attended 0.440 to 'support' and 0.440 to 'not', and only 0.060 to 'was' and to
#   itself; the other three tokens have all-zero queries, so they spread 0.250 evenly.
# - that pairing is right for "support was not rude": 'rude' needs its subject (support)
#   and its negator (not) to mean anything, and after one hop its bad-news value went from
#   -2.000 to -0.119 while a negation value of 0.881 appeared -- the phrase is a compliment.

# ---------- part four: check against torch, then shuffle ----------
def torch_attention(Q, K, V):
    q, k, v = (torch.tensor(a).unsqueeze(0) for a in (Q, K, V))
    F = torch.nn.functional
    if hasattr(F, "scaled_dot_product_attention"):            # torch >= 2.0
        o = F.scaled_dot_product_attention(q, k, v)
    else:                                                       # torch 1.13 (what I have)
        o, _ = F._scaled_dot_product_attention(q, k, v, None, 0.0, False, False)
    return o.squeeze(0).numpy()


tB = torch_attention(Q, E, E)
tA = torch_attention(E, E, E)
print(f"\n- part 4: check against torch (torch {torch.__version__})")
print(f"  - largest gap, part 3 inputs: **{np.abs(tB - outB).max():.2e}**")
print(f"  - largest gap, part 2 inputs: {np.abs(tA - outA).max():.2e}")
print(f"  - below 1e-12? {max(np.abs(tB - outB).max(), np.abs(tA - outA).max()) < 1e-12}")

perm = [3, 0, 2, 1]                       # new order: rude, support, not, was
E2, Q2 = E[perm], Q[perm]
T2 = [TOKENS[p] for p in perm]
w2, out2 = attend(Q2, E2, E2)
print()
show(w2, out2, T2, "part 4: same tokens shuffled to " + " ".join(T2))
same_rows = all(np.allclose(out2[k], outB[p]) for k, p in enumerate(perm))
same_w = np.allclose(w2, wB[np.ix_(perm, perm)])
print("  - compared with the unshuffled run")
print(f"    - each token's output row is identical to before (just moved): **{same_rows}**")
print(f"    - weight matrix = old one with rows AND columns permuted: {same_w}")
print(f"    - rude row now sits at position {T2.index('rude')}: {out2[T2.index('rude')]}")
print("- hops")
print("  - 'not' to 'rude': RNN 1, attention 1")
print("  - token 1 to token 50: RNN 49, attention 1")
# shuffle comments (after seeing the output):
# - What changed: only the positions -- the rude row moved from row 3 to row 0 and every
#   weight row/column moved with its token.
# - What did not change: the values -- rude still reads [0.881 -0.119 0.881 0.339] and
#   still gives 0.440 to support and 0.440 to not, every row still sums to 1.000.
# - So attention by itself is blind to order: "rude not support was" gets the same meanings
#   as "support was not rude", which is why 2.8 has to add position information.
# - torch 1.13 has no public scaled_dot_product_attention (it arrived in 2.0), so I used its
#   private F._scaled_dot_product_attention -- same maths, gap printed above.
