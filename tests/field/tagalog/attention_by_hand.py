# attention_by_hand.py -- Exercise 4: attention sa papel muna, tapos NumPy
import numpy as np, torch

# ---------------- Part 1: sa papel (sinulat ko ito BAGO ko pinatakbo) ----------------
# Yung rude row = [0, -2, 0, 0]. Dot products laban sa bawat token:
#   rude . support = [0,-2,0,0].[2,0,0,0]   = 0
#   rude . was     = [0,-2,0,0].[0,0,0,2]   = 0
#   rude . not     = [0,-2,0,0].[0,0,2,0.5] = 0
#   rude . rude    = (-2)(-2)               = 4
# Hatiin sa sqrt(4) = 2  ->  scores [0, 0, 0, 2]
# Softmax: e^0 = 1, e^2 = 7.389, total = 1 + 1 + 1 + 7.389 = 10.389
#   support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
# Hula ko: halos sarili niya lang yung binabasa ni rude (0.711), 0.096 sa bawat isa.

np.set_printoptions(precision=3, suppress=True)
TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]
HAND = np.array([0.096, 0.096, 0.096, 0.711])


# ---------------- Part 2: attend(Q, K, V) ----------------
def attend(Q, K, V):
    """Scaled dot-product attention. Ibinabalik: (weights, output)."""
    scores = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(scores - scores.max(axis=1, keepdims=True))
    w = w / w.sum(axis=1, keepdims=True)    # softmax bawat row
    return w, w @ V


def show(w, out, names, title):
    print(f"\n--- {title} ---")
    print(f"{'':<9s}" + "".join(f"{t:>9s}" for t in names) + f"{'sum':>8s}")
    for t, r in zip(names, w):
        print(f"{t:<9s}" + "".join(f"{v:9.3f}" for v in r) + f"{r.sum():8.3f}")
    print("output:")
    for t, r in zip(names, out):
        print(f"  {t:<8s} {r}")


print(f"Apat na tokens, axes = {AXES}")
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {row}")

wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "A. query = key = value = yung meanings")
r = TOKENS.index("rude")
print(f"\nYung rude row sa code : {wA[r]}")
print(f"Yung sagot ko sa papel: {HAND}")
print(f"Tugma ba (sa 3 decimals)? {np.allclose(np.round(wA[r], 3), HAND)}")
print(f"Lahat ba ng rows nag-sum sa 1? {np.allclose(wA.sum(1), 1.0)}")

# ---------------- Part 3: may query matrix na (galing Step 6) ----------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # bad word nagtatanong: sino yung subject ko?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...at: may negator ba malapit sa akin?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nQueries pagkatapos ng Wq:")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<8s} {row}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "B. may sariling query matrix")
print(f"\nSi rude: {wB[r, 0]:.3f} kay support, {wB[r, 1]:.3f} kay was, {wB[r, 2]:.3f} kay not, {wB[r, 3]:.3f} sa sarili")
print(f"Yung good/bad number ni rude: {E[r, 1]:+.3f} -> {outB[r, 1]:+.3f}")
print(f"Yung negation number ni rude: {E[r, 2]:+.3f} -> {outB[r, 2]:+.3f}")
print(f"Lahat ba ng rows nag-sum sa 1? {np.allclose(wB.sum(1), 1.0)}")
# Part 3 comment: Si rude (yung negative word) yung tumingin kay support at kay not, 0.440 bawat isa,
# kasi yung query niya [2, 0, 2, 0] ay naghahanap ng subject at ng negator; tama yun para sa
# "support was not rude" kasi si support yung pinag-uusapan at si not yung bumabaligtad sa rude,
# kaya yung good/bad niya umakyat mula -2.000 papuntang -0.119 at lumabas yung negation na 0.881.
# Yung ibang tatlo (zero yung query) pantay lang, 0.250 sa lahat.

# ---------------- Part 4: check laban sa PyTorch, tapos shuffle ----------------
# Note: torch 1.13 yung naka-install dito, wala pang public na scaled_dot_product_attention
# (dumating yun sa torch 2.0). Yung private na _scaled_dot_product_attention ng 1.13 ang ginamit
# ko -- (output, weights) ang binabalik niya at kailangan ng batch dimension.
F = torch.nn.functional
if hasattr(F, "scaled_dot_product_attention"):
    t = F.scaled_dot_product_attention(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
    fname = "scaled_dot_product_attention"
else:
    t = F._scaled_dot_product_attention(torch.tensor(Q)[None], torch.tensor(E)[None],
                                        torch.tensor(E)[None])[0][0].numpy()
    fname = "_scaled_dot_product_attention (torch " + torch.__version__ + ")"
gap = np.abs(t - outB).max()
print(f"\nPinakamalaking gap vs torch {fname}: {gap:.2e} (below 1e-12? {gap < 1e-12})")

perm = [2, 0, 3, 1]          # bagong order: not, support, rude, was
Es = E[perm]
names_s = [TOKENS[i] for i in perm]
ws, outs = attend(Es @ Wq.T, Es, Es)
show(ws, outs, names_s, "C. shuffled: " + " ".join(names_s))
print(f"\nGumalaw ba yung output rows? row 0 dati si {TOKENS[0]}, ngayon si {names_s[0]}")
print(f"Pareho ba yung values kung susundan yung token? {np.allclose(outs, outB[perm])}")
print(f"Rude row, orig    : {outB[r]}")
print(f"Rude row, shuffled: {outs[names_s.index('rude')]}")
# Part 4 comments (pagkatapos makita yung shuffle):
# 1. Ang nagbago lang ay yung pwesto ng rows: sumama yung bawat output row sa token niya, kaya si rude
#    nasa row 2 na imbes na row 3, pati columns ng weight matrix nag-reorder.
# 2. Hindi nagbago yung values: si rude pa rin ay [0.881 -0.119 0.881 0.339] at 0.440 pa rin kina
#    support at not, kahit saan mo sila ilagay (allclose = True).
# 3. Ibig sabihin, bulag sa order yung attention mismo -- "rude was support not" at "support was not
#    rude" pareho lang para sa kanya, kaya kailangan pang lagyan ng position information (2.8).
