# Ćwiczenie 4 — uwaga (attention) na papierze, potem w NumPy
import numpy as np, torch
np.set_printoptions(precision=3, suppress=True)

# ---------- Część 1: na papierze (policzone ręcznie PRZED uruchomieniem) ----------
# Wiersz „rude” = [0, -2, 0, 0]. Iloczyny skalarne z każdym tokenem:
#   support [2,0,0,0]   -> 0
#   was     [0,0,0,2]   -> 0
#   not     [0,0,2,0.5] -> 0
#   rude    [0,-2,0,0]  -> (-2)*(-2) = 4
# Dzielę przez sqrt(4) = 2:  wyniki 0, 0, 0, 2.
# Softmax: e^0 = 1 (trzy razy), e^2 ≈ 7.389; suma ≈ 3 + 7.389 = 10.389
#   waga dla rude    = 7.389 / 10.389 ≈ 0.711
#   waga dla każdego z pozostałych = 1 / 10.389 ≈ 0.096
#   kontrola: 0.711 + 3 * 0.096 = 0.999 ≈ 1 (zaokrąglenia), więc wiersz sumuje się do 1.
HAND = np.array([0.096, 0.096, 0.096, 0.711]) # moje ręczne liczby (support, was, not, rude)

TOKENS = ["support", "was", "not", "rude"]
AXES = ["podmiot", "dobre/złe", "negacja", "wypełniacz"]
E = np.array([[2.0, 0.0, 0.0, 0.0],   # support
              [0.0, 0.0, 0.0, 2.0],   # was
              [0.0, 0.0, 2.0, 0.5],   # not
              [0.0, -2.0, 0.0, 0.0]]) # rude
d = E.shape[1]

def attend(Q, K, V):
    """Zwraca (macierz wag, wyjście). Skalowany iloczyn skalarny + softmax wierszami."""
    scores = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)
    return w, w @ V

def show(w, out, tokens, title):
    print(f"\n--- {title} ---")
    print("wagi uwagi (wiersz = zapytanie, kolumna = klucz):")
    print(f"{'':<9s}" + "".join(f"{t:>10s}" for t in tokens) + f"{'suma':>8s}")
    for t, r in zip(tokens, w):
        print(f"{t:<9s}" + "".join(f"{v:10.3f}" for v in r) + f"{r.sum():8.3f}")
    print("wyjście (wagi razy wektory wartości):")
    print(f"{'':<9s}" + "".join(f"{a:>11s}" for a in AXES))
    for t, r in zip(tokens, out):
        print(f"{t:<9s}" + "".join(f"{v:11.3f}" for v in r))

print("znaczenia tokenów, osie =", AXES)
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {row}")

# ---------- Część 2: Q = K = V = znaczenia ----------
wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "A. zapytanie = klucz = wartość = znaczenia")
i = TOKENS.index("rude")
print("\nwiersz „rude”: ręcznie kontra program")
print(f"{'token':<9s} {'ręcznie':>9s} {'program':>9s} {'różnica':>9s}")
for j, t in enumerate(TOKENS):
    print(f"{t:<9s} {HAND[j]:9.3f} {wA[i, j]:9.3f} {abs(HAND[j] - wA[i, j]):9.4f}")

# ---------- Część 3: osobna macierz zapytań z kroku 6 ----------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],  # złe słowo pyta: kto jest moim podmiotem?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],  # ...i: czy obok mnie stoi negacja?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nzapytania po macierzy Wq:")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<8s} {row}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "B. osobne zapytanie (Wq), klucz i wartość = znaczenia")
print(f"\n{'wiersz „rude”':<26s} {'przed':>8s} {'po':>8s}")
print(f"{'liczba dobre/złe':<26s} {E[i, 1]:+8.3f} {outB[i, 1]:+8.3f}")
print(f"{'liczba negacji':<26s} {E[i, 2]:+8.3f} {outB[i, 2]:+8.3f}")

# ---------- Część 4: kontrola z PyTorch, potem przetasowanie ----------
F = torch.nn.functional
def torch_attention(q, k, v):
    q, k, v = (torch.tensor(a).unsqueeze(0) for a in (q, k, v))
    if hasattr(F, "scaled_dot_product_attention"):      # torch >= 2.0
        return F.scaled_dot_product_attention(q, k, v)[0].numpy()
    # torch 1.13 (Debian) ma tylko prywatną wersję; zwraca (wyjście, wagi)
    return F._scaled_dot_product_attention(q, k, v, None, 0.0, False, False)[0][0].numpy()
gapA = np.abs(torch_attention(E, E, E) - outA).max()
gapB = np.abs(torch_attention(Q, E, E) - outB).max()
print(f"\n{'porównanie z PyTorch':<26s} {'największa różnica':>19s}")
print(f"{'A (Q = K = V)':<26s} {gapA:19.2e}")
print(f"{'B (Q = E @ Wq.T)':<26s} {gapB:19.2e}")

perm = [2, 0, 3, 1] # nowa kolejność: not, support, rude, was
TOK2, E2 = [TOKENS[p] for p in perm], E[perm]
Q2 = E2 @ Wq.T
w2, out2 = attend(Q2, E2, E2)
show(w2, out2, TOK2, "C. te same tokeny przetasowane: " + " ".join(TOK2))
back = np.argsort(perm) # odwracam przetasowanie
print(f"\n{'po przetasowaniu':<40s} {'największa różnica':>19s}")
print(f"{'wyjście (wiersze wg tokenów) vs B':<40s} {np.abs(out2[back] - outB).max():19.2e}")
print(f"{'wagi (wiersze i kolumny wg tokenów) vs B':<40s} {np.abs(w2[back][:, back] - wB).max():19.2e}")
print(f"{'wyjście wiersz po wierszu (bez odwrócenia)':<40s} {np.abs(out2 - outB).max():19.2e}")

# ---------- Komentarze (po zobaczeniu moich wyników) ----------
# Część 2: moje ręczne liczby (0.711 dla siebie, 0.096 dla pozostałych) zgadzają się z wydrukiem do
#   0.0003; każdy wiersz sumuje się do 1.000, a surowa uwaga głównie czyta z powrotem sam token.
# Część 3: „rude” patrzy po 0.440 na „support” i na „not” (po 0.060 na „was” i na siebie), a pozostałe
#   trzy tokeny mają zapytanie zerowe i rozkładają uwagę równo po 0.250. To właściwa para dla tej frazy:
#   „rude” potrzebuje swojego podmiotu (czego dotyczy opinia — support) i negacji (not odwraca sens),
#   więc jego liczba dobre/złe rośnie z -2.000 do -0.119, a pojawia się negacja 0.881 — w jednym skoku.
# Część 4: z PyTorch różnica wynosi 2.22e-16 (B) i 6.66e-16 (A), czyli poniżej 1e-12 — to ten sam rachunek.
#   Po przetasowaniu zmieniła się tylko kolejność wierszy: wiersz „rude” jest teraz trzeci, a nie czwarty
#   (wiersz po wierszu wyjście różni się o 0.381).
#   Nie zmieniły się same wartości: po odwróceniu permutacji wagi i wyjście są identyczne (różnica 2.22e-16),
#   „rude” dalej ma [0.881, -0.119, 0.881, 0.339] — wiersze przesuwają się razem ze swoimi tokenami.
#   Wniosek: sama uwaga jest ślepa na kolejność, więc informację o pozycji trzeba dodać osobno (moduł 2.8).
