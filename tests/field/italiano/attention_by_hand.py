# attention_by_hand.py — Esercizio 4: attention su carta, poi in NumPy.
import numpy as np, torch
np.set_printoptions(precision=3, suppress=True)

# ---------------- Parte 1: su carta (scritta PRIMA di eseguire) ----------------
# Riga di "rude" = [0, -2, 0, 0]. Prodotti scalari contro ogni token:
#   support [2,0,0,0]   -> 0
#   was     [0,0,0,2]   -> 0
#   not     [0,0,2,0.5] -> 0
#   rude    [0,-2,0,0]  -> (-2)*(-2) = 4
# Diviso per sqrt(4) = 2: punteggi 0, 0, 0, 2.
# Softmax: e^2 = 7,389 e e^0 = 1, somma = 7,389 + 3 = 10,389
#   peso su rude = 7,389 / 10,389 = 0,711
#   peso su ciascuno degli altri tre = 1 / 10,389 = 0,096
#   controllo: 0,711 + 3 x 0,096 = 0,999 ~ 1 (arrotondamento)

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],     # support
              [0.0, 0.0, 0.0, 2.0],     # was
              [0.0, 0.0, 2.0, 0.5],     # not
              [0.0, -2.0, 0.0, 0.0]])   # rude
d = E.shape[1]
HAND = np.array([0.096, 0.096, 0.096, 0.711])   # i miei numeri a mano per la riga rude


def attend(Q, K, V):
    """Scaled dot-product attention in NumPy: restituisce (pesi, output)."""
    scores = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)             # softmax riga per riga
    return w, w @ V


def show(w, out, tokens, title):
    print(f"\n--- {title} ---")
    print("pesi di attenzione (riga = query, colonna = key):")
    print(f"{'':<9s}" + "".join(f"{t:>9s}" for t in tokens) + f"{'somma':>8s}")
    for t, r in zip(tokens, w):
        print(f"{t:<9s}" + "".join(f"{v:9.3f}" for v in r) + f"{r.sum():8.3f}")
    print("output = pesi per i vettori value:")
    for t, r in zip(tokens, out):
        print(f"  {t:<8s} {r}")


print(f"significati, assi = {AXES}")
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {row}")

# ---------------- Parte 2: query = key = value = significati ----------------
wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "A. query = key = value = i significati")
r = TOKENS.index("rude")
print(f"riga rude calcolata : {wA[r]}")
print(f"riga rude a mano    : {HAND}")
print(f"differenza massima  : {np.abs(wA[r] - HAND).max():.4f} (i miei numeri erano a 3 decimali)")

# ---------------- Parte 3: la matrice query dello Step 6 ----------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # una parola negativa chiede: chi è il mio soggetto?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...e: c'è un negatore vicino a me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nquery dopo la matrice Wq:")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<8s} {row}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "B. query separata, key = value = significati")
print("\nla riga 'rude' letta ad alta voce:")
for j, t in enumerate(TOKENS):
    print(f"  {wB[r, j]:.3f} del nuovo significato viene da '{t}'")
print(f"  numero good/bad: da {E[r, 1]:+.3f} a {outB[r, 1]:+.3f}")
print(f"  numero negation: da {E[r, 2]:+.3f} a {outB[r, 2]:+.3f}")
# Commento Parte 3: "rude" (l'unico token con una query non nulla) dà 0,440 a
# "support" e 0,440 a "not" e solo 0,060 a "was" e a se stesso; è l'accoppiamento
# giusto per "support was not rude" perché "rude" deve sapere di chi parla
# (support) e che è negato (not), quindi il suo numero good/bad sale da -2,000
# a -0,119 e compare una negazione di 0,881. Gli altri tre token hanno query
# zero e quindi guardano tutti i token con 0,250 ciascuno.

# ---------------- Parte 4: controllo con PyTorch, poi mescolo ----------------
# Nota: con il torch 1.13 di Debian la funzione pubblica
# torch.nn.functional.scaled_dot_product_attention non esiste ancora (è arrivata
# in torch 2.0; il modulo usa 2.9). In 1.13 c'è la versione "privata"
# _scaled_dot_product_attention, che fa lo stesso calcolo e restituisce
# (output, pesi): uso quella se la pubblica manca.
F = torch.nn.functional
if hasattr(F, "scaled_dot_product_attention"):
    sdpa_name = "scaled_dot_product_attention"
    t = F.scaled_dot_product_attention(
        torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
else:
    sdpa_name = "_scaled_dot_product_attention (torch " + torch.__version__ + ")"
    t, tw = F._scaled_dot_product_attention(
        torch.tensor(Q), torch.tensor(E), torch.tensor(E), need_attn_weights=True)
    t = t.numpy()
    print(f"\ngap sui pesi contro torch: {np.abs(tw.numpy() - wB).max():.2e}")
print(f"gap massimo sull'output contro {sdpa_name}: {np.abs(t - outB).max():.2e}")

perm = [2, 0, 3, 1]                               # nuovo ordine: not, support, rude, was
tokS = [TOKENS[i] for i in perm]
ES, QS = E[perm], Q[perm]
wS, outS = attend(QS, ES, ES)
show(wS, outS, tokS, "C. stessi token in ordine mescolato " + str(tokS))
same_rows = np.abs(outS - outB[perm]).max()
print(f"\noutput mescolato contro output originale rimesso nello stesso ordine: gap {same_rows:.2e}")
print(f"pesi mescolati contro pesi originali permutati (righe e colonne): "
      f"gap {np.abs(wS - wB[np.ix_(perm, perm)]).max():.2e}")
print(f"l'output riga per riga è cambiato di posizione? {not np.allclose(outS, outB)}")
# Commenti Parte 4 (dopo aver visto l'output):
# 1. Cambia solo la posizione delle righe: dopo il mescolamento la riga di
#    "rude" è la terza invece della quarta, e così per ogni token.
# 2. Non cambiano i valori: l'output di "rude" è ancora [0,881, -0,119, 0,881,
#    0,339] e il gap contro l'output originale permutato è 2,22e-16 (i pesi
#    1,11e-16), cioè zero a meno dell'arrotondamento del float64.
# 3. Quindi l'attention da sola è cieca all'ordine: "support was not rude" e
#    qualunque rimescolamento delle stesse parole danno gli stessi significati
#    nuovi, e per questo il Transformer deve aggiungere informazione di posizione.
