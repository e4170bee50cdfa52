# attention_by_hand.py -- attention eerst op papier, dan in NumPy
import numpy as np, torch
np.set_printoptions(precision=3, suppress=True)

# ---------------- Deel 1: op papier (VOOR het draaien uitgerekend) ----------------
# Rij van 'rude' = [0, -2, 0, 0]. Dot products met elk token:
#   support [2,0,0,0]   -> 0          was  [0,0,0,2]  -> 0
#   not     [0,0,2,0.5] -> 0          rude [0,-2,0,0] -> (-2)(-2) = 4
# Gedeeld door wortel(4) = 2:  scores 0, 0, 0, 2
# Softmax: e^0 = 1 (drie keer), e^2 = 7.389; som = 3 + 7.389 = 10.389
#   support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
# Som: 3 x 0.096 + 0.711 = 1.000 (afgerond). 'rude' kijkt vooral naar zichzelf.

TOKENS = ["support", "was", "not", "rude"]
AXES = ["onderwerp", "goed/slecht", "ontkenning", "vulwoord"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]
print(f"vier betekenissen van 4 getallen, assen = {AXES}")
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {row}")


# ---------------- Deel 2: attend(Q, K, V) ----------------
def attend(Q, K, V):
    """Scaled dot-product attention in NumPy: geeft (gewichtenmatrix, output)."""
    scores = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(scores - scores.max(1, keepdims=True))  # softmax, rij voor rij
    w = w / w.sum(1, keepdims=True)
    return w, w @ V


def show(w, out, toks, titel):
    print(f"\n--- {titel} ---")
    print("attention-gewichten na softmax (rij = query, kolom = key):")
    print(f"{'':<9s}" + "".join(f"{t:>9s}" for t in toks) + f"{'som':>8s}")
    for t, r in zip(toks, w):
        print(f"{t:<9s}" + "".join(f"{v:9.3f}" for v in r) + f"{r.sum():8.3f}")
    print("output = gewichten maal de value-vectoren:")
    for t, r in zip(toks, out):
        print(f"  {t:<8s} {r}")


wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "A. query = key = value = de betekenissen")
i = TOKENS.index("rude")
hand = np.array([1, 1, 1, np.exp(2)]) / (3 + np.exp(2))
print(f"\nrij 'rude' uit de code : {wA[i]}")
print(f"rij 'rude' met de hand : {np.round(hand, 3)}   grootste verschil {np.abs(wA[i] - hand).max():.1e}")

# ---------------- Deel 3: de query-matrix van Step 6 ----------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],  # een slecht woord vraagt: wie is mijn onderwerp?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],  # ...en: staat er een ontkenning bij mij?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nqueries na de query-matrix Wq:")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<8s} {row}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "B. aparte query (Q = E Wq^T), key = value = E")
print(f"\n'rude' leest: " + ", ".join(f"{wB[i, j]:.3f} van '{t}'" for j, t in enumerate(TOKENS)))
print(f"  goed/slecht-getal van 'rude': {E[i, 1]:+.3f} -> {outB[i, 1]:+.3f}")
print(f"  ontkenningsgetal van 'rude' : {E[i, 2]:+.3f} -> {outB[i, 2]:+.3f}")
print(f"  alle rijsommen 1.000? A: {np.allclose(wA.sum(1), 1)}  B: {np.allclose(wB.sum(1), 1)}")
# Na het draaien: 'rude' kijkt voor 0.440 naar 'support' en voor 0.440 naar 'not' (0.060
# naar 'was' en naar zichzelf). Dat is de juiste koppeling voor "support was not rude":
# 'rude' hoort bij het onderwerp 'support' en wordt ontkend door 'not', dus de output
# [0.881, -0.119, 0.881, 0.339] zegt "over support, bijna niet slecht, ontkend". De andere
# drie tokens hebben een nul-query en verdelen hun aandacht gelijk (0.250).

# ---------------- Deel 4: controle tegen PyTorch, en schudden ----------------
def torch_attention(q, k, v):
    q, k, v = (torch.tensor(a).unsqueeze(0) for a in (q, k, v))
    if hasattr(torch.nn.functional, "scaled_dot_product_attention"):  # torch 2.x
        return torch.nn.functional.scaled_dot_product_attention(q, k, v)[0].numpy()
    # torch 1.13 (Debian) heeft alleen de voorloper met een underscore
    out, _ = torch.nn.functional._scaled_dot_product_attention(q, k, v)
    return out[0].numpy()


tB = torch_attention(Q, E, E)
tA = torch_attention(E, E, E)
print("\nDeel 4 -- controle tegen PyTorch's eigen attention")
print(f"  grootste verschil, A (Q=K=V=E): {np.abs(tA - outA).max():.2e}")
print(f"  grootste verschil, B (met Wq) : {np.abs(tB - outB).max():.2e}"
      f"   onder 1e-12? {np.abs(tB - outB).max() < 1e-12}")

perm = [2, 0, 3, 1]  # nieuwe volgorde: not, support, rude, was
Es = E[perm]
toks_s = [TOKENS[p] for p in perm]
wS, outS = attend(Es @ Wq.T, Es, Es)
show(wS, outS, toks_s, "C. dezelfde vier tokens in een andere volgorde")
print(f"\n  output-rijen gelijk aan B na dezelfde herordening? {np.allclose(outS, outB[perm])}")
print(f"  gewichten gelijk aan B na herordening van rijen en kolommen?"
      f" {np.allclose(wS, wB[np.ix_(perm, perm)])}")
j = toks_s.index("rude")
print(f"  'rude' van positie {i} naar positie {j}: output {outB[i]} -> {outS[j]}")
# Na het draaien: door het schudden verschuiven de output-rijen en de rijen en kolommen van
# de gewichtenmatrix mee met hun tokens ('rude' staat nu op plek 2 in plaats van 3). De
# waarden zelf veranderen niet: 'rude' krijgt nog steeds [0.881, -0.119, 0.881, 0.339] en
# 0.440/0.440/0.060/0.060. Attention alleen is dus blind voor volgorde; zonder extra
# positie-informatie (wat 2.8 toevoegt) ziet het model "support was not rude" en elke
# husseling daarvan als dezelfde verzameling.
