# order_matters.py — Esercizio 1: l'ordine porta significato.
import numpy as np, torch, torch.nn as nn
from sequences import *

# ---------------- Parte 1: i dati ----------------
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print("PARTE 1 — i dati")
print(f"train {tuple(Xtr.shape)}  test {tuple(Xte.shape)}")
print(f"{'tipo di riga (test)':<20s} {'righe':>6s}")
print(f"{'very':<20s} {int(very.sum()):6d}")
print(f"{'not':<20s} {int(nots.sum()):6d}")
print(f"{'totale':<20s} {len(kte):6d}")


# ---------------- Parte 2: bag of words e coppie gemelle ----------------
def bag_vector(tokens):
    """Una recensione (lista di parole) -> il suo vettore bag-of-words."""
    v = np.zeros(len(VOCAB))
    for w in tokens:
        v[STOI[w]] += 1.0
    return v


print("\nPARTE 2 — tre coppie gemelle: stesso bag, label opposte")
rows = make_reviews(1600, seed=11)
seen, used, pairs = {}, set(), []
for toks, lab, _ in rows:
    key = tuple(bag_vector(toks))
    if key in used:                      # non riusare lo stesso bag
        continue
    if key in seen and seen[key][1] != lab:
        pairs.append((seen[key], (toks, lab)))
        used.add(key)
        if len(pairs) == 3:
            break
    elif key not in seen:
        seen[key] = (toks, lab)
for n, ((ta, la), (tb, lb)) in enumerate(pairs, start=1):
    same = np.array_equal(bag_vector(ta), bag_vector(tb))
    print(f"coppia {n}:")
    print(f"  label {la}: {' '.join(ta)}")
    print(f"  label {lb}: {' '.join(tb)}")
    print(f"  parole ordinate A: {sorted(ta)}")
    print(f"  parole ordinate B: {sorted(tb)}")
    print(f"  stesso vettore bag? {same}   label opposte? {la != lb}")

# ---------------- Parte 3: i modelli bag ----------------
print("\nPARTE 3 — modelli che buttano via l'ordine")
Btr, Bte = bag(Xtr), bag(Xte)
print(f"{'modello':<26s} {'parametri':>9s} {'tutte':>7s} {'righe very':>11s}"
      f" {'righe not':>10s}")
for name, build in (("logistica sui conteggi", lambda: nn.Linear(len(VOCAB), 1)),
                    ("rete 64 unità sui conteggi",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)                 # seed PRIMA di creare i pesi
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    print(f"{name:<26s} {sum(p.numel() for p in net.parameters()):9,d}"
          f" {acc(net, Bte, yte):7.3f} {acc(net, Bte, yte, very):11.3f}"
          f" {acc(net, Bte, yte, nots):10.3f}")

scores = []                              # un test set è un solo esame
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print("\nrete 64 unità, accuratezza sulle righe 'not' di 20 test set nuovi (seed 12..31):")
print(f"{'min':>7s} {'media':>7s} {'max':>7s}")
print(f"{min(scores):7.3f} {sum(scores) / len(scores):7.3f} {max(scores):7.3f}")
print("In parole: sul singolo test set (seed 12) le righe 'not' danno "
      f"{str(round(scores[0], 3)).replace('.', ',')}, ma la media su 20 test set è "
      f"{str(round(sum(scores) / len(scores), 3)).replace('.', ',')}: fortuna, non apprendimento.")

# ---------------- Parte 4: la RNN di NumPy dello Step 2 ----------------
np.set_printoptions(precision=3, suppress=True)


def features(tok):
    """Tre numeri per token: positivo, negativo, oppure la parola 'not'."""
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])


Wx = np.array([[0.9, -0.9, 0.0],        # h1: umore corrente
               [0.0, 0.0, 2.0],         # h2: ho appena letto "not"?
               [0.5, 0.5, 0.0]])        # h3: quante parole di opinione finora
Wh = np.array([[1.0, 0.0, 0.0],         # h1 si porta avanti
               [0.0, 0.0, 0.0],         # h2 dimentica tutto a ogni passo
               [0.0, 0.0, 1.0]])        # h3 si porta avanti
b = np.zeros(3)


def run_rnn(tokens, show=False):
    h = np.zeros(3)                      # la memoria parte vuota
    trace = [h]
    if show:
        print(f"{'passo':>5s} {'token':<10s} {'x_t (pos,neg,not)':<20s}"
              f" {'h_t (umore, visto-not, conteggio)':<34s}")
        print(f"{0:5d} {'<start>':<10s} {str(np.zeros(3)):<20s} {str(h):<34s}")
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # tutta la RNN, una riga
        trace.append(h)
        if show:
            print(f"{t:5d} {tok:<10s} {str(x):<20s} {str(h):<34s}")
    return h, trace


print("\nPARTE 4 — la RNN dello Step 2 su una mia coppia gemella (coppia 1)")
(ta, la), (tb, lb) = pairs[0]
print(f"RECENSIONE A (label {la}): {' '.join(ta)}")
hA, trA = run_rnn(ta, show=True)
print(f"\nRECENSIONE B (label {lb}): {' '.join(tb)}")
hB, trB = run_rnn(tb, show=True)
print(f"\nmemoria finale A: {hA}")
print(f"memoria finale B: {hB}")
print(f"differenza massima: {np.abs(hA - hB).max():.3f}")
first = next(t for t in range(len(trA)) if np.abs(trA[t] - trB[t]).max() > 1e-9)
print(f"le due memorie si separano al passo {first} "
      f"(token A '{ta[first - 1]}', token B '{tb[first - 1]}'); "
      f"'not' arriva al passo {ta.index('not') + 1}")

# I miei commenti (Parte 4), dopo aver visto l'output:
# 1. Nella coppia 1 ("packing was not rude ..." contro "packing was not quick ...")
#    le due tracce di memoria si separano al passo 4, quando arriva la prima
#    parola di opinione ("rude" contro "quick"), e NON al passo 3 dove arriva
#    "not": fino al passo 3 le due recensioni sono identiche parola per parola,
#    e alla fine la differenza massima è 0,762 (umore +0,381 contro -0,381).
# 2. L'unità h2 ("visto-not") è la memoria di un solo passo: sale a 0,964 al
#    passo di "not" (passo 3) e torna a 0 al passo 4, perché la sua riga di Wh è tutta zero.
# 3. L'unità h1 (umore) sbiadisce da sola senza nuove prove, 0,716 -> 0,615 ->
#    0,547 -> 0,499, perché il tanh schiaccia un po' di più a ogni passo.
# 4. Un modello bag più grande non può chiudere il gap: le due recensioni gemelle
#    hanno lo stesso identico vettore di conteggi, quindi qualunque modello che
#    legge solo i conteggi dà loro la stessa risposta (la logistica fa 0,485
#    sulle righe 'not') e su righe con bag identici
#    non può superare 0,500 (il "0,574" della rete 64 unità sul test set 12 è
#    fortuna: la media su 20 test set è 0,504, tra 0,448 e 0,574).
