# gradient_decay.py -- exercice 2 : mesurer le vanishing gradient, puis le casser exprès
import torch, torch.nn as nn


def virg(x, fmt=".3f"):
    """Virgule décimale (même en notation scientifique)."""
    return format(x, fmt).replace(".", ",")


H, D, B = 32, 16, 64


def donnees(T):
    """Même recette que l'étape 3 : seed 0, puis x et v (identique pour T=50)."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5  # 64 séquences de T pas
    v = torch.randn(H, 1) * 0.2     # lecture au DERNIER pas seulement
    return x, v, torch.ones(B, 1)


def rnn_grads(gain, T=50, garder_params=False):
    """RNN simple. Norme du gradient qui arrive sur l'état caché de chaque pas."""
    x, v, y = donnees(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)  # on garde le gradient de chaque pas
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    g = [float(h.grad.norm()) for h in hs]
    return (g, [Wx, Wh]) if garder_params else g


def lstm_grads(forget_bias, T=50):
    """LSTM. Norme du gradient qui arrive sur l'état de CELLULE de chaque pas."""
    x, v, y = donnees(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():  # la porte d'oubli démarre ouverte
        cell.bias_ih[0:H].fill_(forget_bias)
        cell.bias_hh[0:H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def facteur(c):
    """Facteur moyen par pas entre le pas T et le pas 1."""
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))


# ---------------- Parties 1 et 3 : gains du RNN + forget bias du LSTM ----------------
cols = {f"RNN gain {g}": rnn_grads(g) for g in (0.5, 0.9, 1.0, 1.2, 1.5)}
for fb in (0, 1, 2, 3):
    cols[f"LSTM b_f={fb}"] = lstm_grads(float(fb))

print("=== Parties 1 et 3 : le gradient qui arrive au pas t (seule perte au pas 50) ===")
print(f"{'pas':>4s}" + "".join(f" ; {k:>12s}" for k in cols))
for t in [50, 40, 30, 20, 10, 1]:
    print(f"{t:4d}" + "".join(f" ; {virg(c[t - 1], '.3e'):>12s}" for c in cols.values()))

print(f"\n{'modèle':<13s} ; {'pas 50':>10s} ; {'pas 1':>10s} ; {'pas1/pas50':>10s} ; "
      f"{'facteur/pas':>11s} ; {'signal perdu':>12s}")
for k, c in cols.items():
    perdu = (1 - c[0] / c[-1]) * 100  # négatif = le signal grandit
    print(f"{k:<13s} ; {virg(c[-1], '.3e'):>10s} ; {virg(c[0], '.3e'):>10s} ; "
          f"{virg(c[0] / c[-1], '.2e'):>10s} ; {'x' + virg(facteur(c)):>11s} ; "
          f"{(virg(perdu, '.1f') + ' %') if perdu >= 0 else 'grandit':>12s}")

# ---------------- Partie 2 : gain 1.0, plusieurs longueurs ----------------
print("\n=== Partie 2 : gain 1.0 à plusieurs longueurs ===")
print(f"{'longueur':>8s} ; {'dernier pas':>11s} ; {'pas 1':>10s} ; {'facteur/pas':>11s} ; "
      f"{'premier pas > 1/1000 du dernier':>31s} ; {'pas en arrière':>14s}")
for T in (10, 25, 50, 100):
    c = rnn_grads(1.0, T)
    seuil = c[-1] / 1000
    premier = next(t for t, g in enumerate(c, start=1) if g > seuil)
    # tout ce qui est avant 'premier' est sous le seuil ; 'premier' en est au-dessus
    ok = all(g > seuil for g in c[premier - 1:])
    print(f"{T:8d} ; {virg(c[-1], '.3e'):>11s} ; {virg(c[0], '.3e'):>10s} ; "
          f"{'x' + virg(facteur(c)):>11s} ; {premier:>31d} ; {T - premier:>14d}"
          + ("" if ok else " (pas monotone !)"))

# ---------------- Partie 4 : clipping sur le gain 1.5 ----------------
print("\n=== Partie 4 : gradient clipping (gain 1.5, seuil 1,0) ===")
g15, params = rnn_grads(1.5, garder_params=True)
avant = nn.utils.clip_grad_norm_(params, 1.0)  # renvoie la norme AVANT clipping
apres = torch.norm(torch.stack([p.grad.norm() for p in params]))
print(f"norme totale du gradient avant clipping : {virg(float(avant), '.4f')}")
print(f"norme totale du gradient après clipping : {virg(float(apres), '.4f')}")
print("brut :", float(avant), float(apres))
print(f"gradient au pas 1 (sur h, pas touché par le clipping) : {virg(g15[0], '.3e')}")

# Commentaires (partie 4) :
# 1) Les gains 0.5, 0.9 et 1.0 font disparaître le gradient (vanishing) : x0,490,
#    x0,842 et x0,911 par pas, le gain 0.5 passe de 7,577e-02 au pas 50 à 5,032e-17
#    au pas 1, et même le gain 1.0 "normal" perd 99,0 % du signal sur 50 pas
#    (et à 100 pas, le blame ne reste au-dessus du millième que sur 90 pas en arrière).
# 2) Le gain 1.5 explose : x1,090 par pas, 5,268e+00 au pas 1, soit 68 fois le pas 50
#    (6,83e+01) ; le gain 1.2 est presque à l'équilibre (x0,997), juste sous la limite.
# 3) Le forget bias agit directement sur la colonne de l'état de cellule : le facteur
#    par pas passe de x0,629 (b_f=0) à x0,840, x0,955 puis x1,016 (b_f=3), et seul
#    b_f=3 garde au pas 1 un gradient de la même taille qu'au pas 50 (4,782e-02 contre
#    2,230e-02), parce que la porte d'oubli ouverte laisse passer la mémoire ET le blame.
# 4) Le clipping ramène la norme totale de 20,58 à 1,0 : il coupe les gros gradients
#    donc il soigne l'explosion, mais il ne peut que réduire, jamais agrandir, donc il
#    ne fait rien contre le vanishing (5e-17 reste 5e-17) ; pour ça il faut des portes.
