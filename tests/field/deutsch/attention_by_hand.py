# attention_by_hand.py — Übung 4: attention erst auf Papier, dann in NumPy.
import numpy as np, torch
np.set_printoptions(precision=3, suppress=True)

# ---------- Teil 1: auf Papier (VOR dem ersten Lauf gerechnet) ----------
# rude = [0,-2,0,0]. Skalarprodukte der rude-Zeile mit jedem Token:
#   support [2,0,0,0]   -> 0*2 + (-2)*0 + 0 + 0   = 0
#   was     [0,0,0,2]   -> 0
#   not     [0,0,2,0.5] -> 0
#   rude    [0,-2,0,0]  -> (-2)*(-2)              = 4
# geteilt durch sqrt(4) = 2:  0, 0, 0, 2
# softmax: e^0 = 1 (dreimal), e^2 = 7.389, Summe = 10.389
#   support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
#   Summe 0.096*3 + 0.711 = 0.999 ~ 1.000 (Rundung)
# -> die rude-Zeile schaut zu 0.711 auf sich selbst und zu 0.096 auf jedes andere Token.

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]

# ---------- Teil 2: attend(Q, K, V) ----------
def attend(Q, K, V):
    """Gibt Gewichtsmatrix und Ausgabe zurück."""
    scores = Q @ K.T / np.sqrt(K.shape[1])          # Skalarprodukt, skaliert
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)                 # softmax Zeile für Zeile
    return w, w @ V

def show(w, out, toks, titel):
    print(f"\n--- {titel} ---")
    print("attention-Gewichte (Zeile = query, Spalte = key):")
    print(f"{'':<9s}" + "".join(f"{t:>9s}" for t in toks) + f"{'Summe':>8s}")
    for t, r in zip(toks, w):
        print(f"{t:<9s}" + "".join(f"{v:9.3f}" for v in r) + f"{r.sum():8.3f}")
    print("Ausgabe = Gewichte mal value-Vektoren:")
    for t, r in zip(toks, out):
        print(f"  {t:<8s} {r}")

print(f"vier Bedeutungen, Achsen = {AXES}")
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {row}")

wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "A. query = key = value = Bedeutungen")
i = TOKENS.index("rude")
hand = np.array([1, 1, 1, np.e ** 2]) / (3 + np.e ** 2)
print(f"Handrechnung rude-Zeile: {hand}   gedruckt: {wA[i]}"
      f"   max. Abweichung {np.abs(hand - wA[i]).max():.1e}")

# ---------- Teil 3: die query-Matrix aus Step 6 ----------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # ein schlechtes Wort fragt: wer ist mein Subjekt?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...und: gibt es ein Negationswort bei mir?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nqueries nach Wq:")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<8s} {row}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "B. eigene query-Matrix, key = value = Bedeutungen")
print(f"\ndie rude-Zeile laut gelesen:")
for j, t in enumerate(TOKENS):
    print(f"  {wB[i, j]:.3f} ihrer neuen Bedeutung kommt von '{t}'")
print(f"  good/bad-Zahl: {E[i, 1]:+.3f} -> {outB[i, 1]:+.3f}")
print(f"  Negations-Zahl: {E[i, 2]:+.3f} -> {outB[i, 2]:+.3f}")
print(f"alle Zeilensummen = 1? A: {np.allclose(wA.sum(1), 1)}  B: {np.allclose(wB.sum(1), 1)}")

# ---------- Teil 4: gegen PyTorch prüfen, dann mischen ----------
F = torch.nn.functional
Qt, Kt, Vt = torch.tensor(Q), torch.tensor(E), torch.tensor(E)
if hasattr(F, "scaled_dot_product_attention"):          # torch >= 2.0
    t_out = F.scaled_dot_product_attention(Qt, Kt, Vt).numpy()
    name = "scaled_dot_product_attention"
else:   # bei mir torch 1.13: da heißt die Funktion noch _scaled_dot_product_attention (privat)
    t_out = F._scaled_dot_product_attention(Qt[None], Kt[None], Vt[None])[0][0].numpy()
    name = "_scaled_dot_product_attention (torch " + torch.__version__ + ")"
gap = np.abs(t_out - outB).max()
print(f"\ngrößte Abweichung gegen torch {name}: {gap:.2e}  (unter 1e-12? {gap < 1e-12})")

perm = [2, 0, 3, 1]   # neue Reihenfolge: not, support, rude, was
toks_s = [TOKENS[p] for p in perm]
Es = E[perm]
Qs = Es @ Wq.T
wS, outS = attend(Qs, Es, Es)
show(wS, outS, toks_s, "C. gleiche Tokens, gemischt: " + " ".join(toks_s))
print(f"Ausgabe gemischt == Ausgabe original, gleich umsortiert? "
      f"{np.allclose(outS, outB[perm])}  (max. Abweichung {np.abs(outS - outB[perm]).max():.1e})")
print(f"Gewichte gemischt == Gewichte original, umsortiert? "
      f"{np.allclose(wS, wB[np.ix_(perm, perm)])}")
print("Sprünge von 'not' zu 'rude': RNN 1, attention 1")
print("Sprünge von Token 1 zu Token 50: RNN 49, attention 1")

# KOMMENTARE, nach meinem Lauf geschrieben:
# Teil 2: meine Handrechnung stimmt — die rude-Zeile liest 0.096 0.096 0.096 0.711, Abweichung
#    2.8e-17; jede Zeile summiert sich auf 1.000. Ohne eigene query schaut jedes Token vor allem
#    auf sich selbst (0.711 / 0.669 / 0.696 / 0.711).
# Teil 3: mit Wq schaut 'rude' zu 0.440 auf 'support' und zu 0.440 auf 'not' (0.060 auf 'was'
#    und auf sich selbst), die anderen drei Tokens haben eine Null-query und verteilen gleichmäßig
#    0.250. Das ist für "support was not rude" richtig: 'rude' braucht sein Subjekt (wer ist rude?)
#    und das 'not', das es umdreht — die good/bad-Zahl geht von -2.000 auf -0.119 und eine
#    Negations-Zahl 0.881 erscheint, in einem einzigen Sprung.
# Teil 4: Abweichung gegen torch nur 2.22e-16 (bei torch 1.13 über die private Funktion
#    _scaled_dot_product_attention, die öffentliche gibt es erst ab torch 2.0).
# Mischen, drei Sätze: (1) Geändert hat sich nur, in welcher Zeile jedes Ergebnis steht — die
#    Ausgabezeilen und die Gewichte wandern mit ihren Tokens mit. (2) Nicht geändert haben sich die
#    Werte: 'rude' bekommt wieder 0.440/0.440/0.060/0.060 und [0.881 -0.119 0.881 0.339]
#    (max. Abweichung 2.2e-16). (3) Also ist attention allein blind für die Reihenfolge — "support
#    was not rude" und dieselben Wörter durcheinander geben dieselben Werte, deshalb braucht der
#    Transformer (2.8) zusätzlich Positionsinformation.
