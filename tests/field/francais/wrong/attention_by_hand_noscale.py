# attention_by_hand.py -- exercice 4 : l'attention sur papier, puis en NumPy
import numpy as np, torch

# ---------------- Partie 1 : sur papier (AVANT de lancer quoi que ce soit) ----------------
# Ligne de "rude" = [0, -2, 0, 0]. Produits scalaires avec chaque token :
#   support [2,0,0,0]    : 0*2 + (-2)*0 + 0 + 0        = 0
#   was     [0,0,0,2]    : 0 + 0 + 0 + 0*2             = 0
#   not     [0,0,2,0.5]  : 0 + 0 + 0*2 + 0*0.5         = 0
#   rude    [0,-2,0,0]   : (-2)*(-2)                   = 4
# Divisé par racine(4) = 2  ->  scores 0 ; 0 ; 0 ; 2
# Softmax : e^0 = 1 (trois fois), e^2 = 7,389 ; somme = 3 + 7,389 = 10,389
#   support 1/10,389 = 0,096 ; was 0,096 ; not 0,096 ; rude 7,389/10,389 = 0,711
#   (vérif : 3 x 0,0963 + 0,7112 = 1,000)
MAIN = {"support": 0.096, "was": 0.096, "not": 0.096, "rude": 0.711}

np.set_printoptions(precision=3, suppress=True)
TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]


def virg(x, nd=3):
    return f"{x:.{nd}f}".replace(".", ",")


def vec(r, nd=3):
    return "[" + " ; ".join(virg(v, nd) for v in r) + "]"


def attend(Q, K, V):
    """Attention à la main : scores, softmax ligne par ligne, somme pondérée."""
    scores = Q @ K.T  # produit scalaire (0.7)
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)  # softmax, ligne par ligne
    return w, w @ V


def montre(w, out, toks, titre):
    print(f"\n--- {titre} ---")
    print("poids d'attention (ligne = query, colonne = key) :")
    print(f"{'':<9s}" + "".join(f"{t:>9s}" for t in toks) + f"{'somme':>8s}")
    for t, r in zip(toks, w):
        print(f"{t:<9s}" + "".join(f"{virg(v):>9s}" for v in r) + f"{virg(r.sum()):>8s}")
    print("sorties (poids x valeurs) :")
    for t, r in zip(toks, out):
        print(f"  {t:<8s} {vec(r)}")


print("quatre sens à 4 nombres, axes =", AXES)
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {row}")

# ---------------- Partie 2 : Q = K = V = les sens ----------------
wA, outA = attend(E, E, E)
montre(wA, outA, TOKENS, "A. self-attention brute : query = key = value = E")
i = TOKENS.index("rude")
print("\nma ligne 'rude' à la main contre la machine :")
for j, t in enumerate(TOKENS):
    print(f"  {t:<8s} main {virg(MAIN[t])} ; NumPy {virg(wA[i, j])} ; "
          f"d'accord ? {abs(MAIN[t] - wA[i, j]) < 5e-4}")
print("ligne brute :", wA[i])

# ---------------- Partie 3 : la matrice de query de l'étape 6 ----------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # un mot négatif demande : qui est mon sujet ?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ... et : y a-t-il une négation près de moi ?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nqueries après Wq :")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<8s} {row}")
wB, outB = attend(Q, E, E)
montre(wB, outB, TOKENS, "B. query séparée (Wq), key = value = E")
print("\nla ligne 'rude' lue à voix haute :")
for j, t in enumerate(TOKENS):
    print(f"  {virg(wB[i, j])} de son nouveau sens vient de '{t}'")
print(f"  bon/mauvais : {virg(E[i, 1])} -> {virg(outB[i, 1])}")
print(f"  négation    : {virg(E[i, 2])} -> {virg(outB[i, 2])}")

# ---------------- Partie 4 : contre PyTorch, puis on mélange ----------------
# torch 1.13 (Debian) n'a pas encore F.scaled_dot_product_attention (arrivé en 2.0) ;
# il a la version privée _scaled_dot_product_attention qui renvoie (sortie, poids).
F = torch.nn.functional
qt, kt, vt = (torch.tensor(a).unsqueeze(0) for a in (Q, E, E))
if hasattr(F, "scaled_dot_product_attention"):
    t_out = F.scaled_dot_product_attention(qt, kt, vt)
    t_w = None
else:
    t_out, t_w = F._scaled_dot_product_attention(qt, kt, vt, None, 0.0, True, False)
ecart = np.abs(t_out[0].numpy() - outB).max()
print(f"\nplus grand écart contre l'attention de torch (sorties) : {ecart:.2e}")
if t_w is not None:
    print(f"plus grand écart contre torch (poids)                  : "
          f"{np.abs(t_w[0].numpy() - wB).max():.2e}")
print("sous 1e-12 ?", ecart < 1e-12)

perm = [2, 0, 3, 1]  # nouvel ordre : not, support, rude, was
Ep = E[perm]
Qp = Ep @ Wq.T
wP, outP = attend(Qp, Ep, Ep)
toksP = [TOKENS[k] for k in perm]
montre(wP, outP, toksP, "C. les mêmes 4 tokens mélangés : " + " ".join(toksP))
print("\nsorties mélangées == sorties d'avant, remises dans le nouvel ordre ?",
      np.allclose(outP, outB[perm]), f"(écart {np.abs(outP - outB[perm]).max():.1e})")
print("poids mélangés == anciens poids permutés (lignes ET colonnes) ?",
      np.allclose(wP, wB[np.ix_(perm, perm)]))
print("hops de 'not' à 'rude' : RNN 1, attention 1")
print("hops du token 1 au token 50 : RNN 49, attention 1")

# Commentaires (partie 2) : mes chiffres à la main (0,711 pour rude->rude, 0,096 pour
#   chacun des trois autres) sont exactement ceux de la ligne imprimée ; avec Q = K, chaque
#   token se regarde surtout lui-même (0,711 ou 0,696), l'attention brute relit son propre mot.
# Commentaires (partie 3) : avec Wq, c'est 'rude' qui fait attention à 'support' (0,440) et
#   à 'not' (0,440), et seulement 0,060 à 'was' et à lui-même. C'est le bon appariement pour
#   "support was not rude" : le mot négatif va chercher son sujet (de qui on parle) et la
#   négation qui le retourne ; sa valeur bon/mauvais remonte de -2,000 à -0,119 et une
#   négation de 0,881 apparaît, en un seul hop. Les trois autres tokens ont une query nulle,
#   donc ils regardent tout le monde pareil (0,250 partout).
# Commentaires (partie 4) : torch donne la même chose à 2.22e-16 près (< 1e-12).
#   Après le mélange (not, support, rude, was), ce qui change c'est seulement la place des
#   lignes : chaque sortie a suivi son token (la ligne de 'rude' est passée en 3e position).
#   Ce qui ne change pas, ce sont les valeurs : 'rude' donne toujours 0,440 / 0,440 / 0,060 /
#   0,060 et la sortie [0,881 ; -0,119 ; 0,881 ; 0,339], écart 2.2e-16 avec l'ordre d'avant.
#   Donc l'attention seule est aveugle à l'ordre : "support was not rude" et n'importe quel
#   mélange des mêmes mots donnent les mêmes sens, il faudra ajouter une information de
#   position (ce que fait le module 2.8).
