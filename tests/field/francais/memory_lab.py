# memory_lab.py -- exercice 3 : le labo de la longueur de mémoire
# On reprend l'expérience de l'étape 5 (recall task) + un GRU + une longueur 100.
import time, torch, torch.nn as nn
torch.set_num_threads(4)  # comme dans le module (ma machine n'a que 2 coeurs, tant pis)

FLAGS, FILLERS = 2, 8  # tokens 0,1 = le drapeau ; tokens 2..9 = du bruit


def virg(x, nd=3):
    """Nombre avec une virgule décimale, comme chez nous."""
    return f"{x:.{nd}f}".replace(".", ",")


def recall_task(n, T, seed):
    """Se souvenir du PREMIER token, répondre après T-1 tokens sans intérêt."""
    g = torch.Generator().manual_seed(seed)
    flag = torch.randint(0, FLAGS, (n,), generator=g)
    noise = torch.randint(FLAGS, FLAGS + FILLERS, (n, T - 1), generator=g)
    return torch.cat([flag.unsqueeze(1), noise], 1), flag.float()


class Recaller(nn.Module):
    def __init__(self, kind, hid=32, forget_bias=0.0):
        super().__init__()
        self.embed = nn.Embedding(FLAGS + FILLERS, 16)
        self.core = {"RNN": nn.RNN, "GRU": nn.GRU,
                     "LSTM": nn.LSTM}[kind](16, hid, batch_first=True)
        if forget_bias:  # on ouvre grand toutes les portes d'oubli (forget gate)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()

# ---------------- Partie 1 : le label ne dépend que du token 0 ----------------
print("=== Partie 1 : vérification de la tâche de rappel ===")
print(f"{'longueur':>8s} ; {'ensemble':<8s} ; {'label == token 0':>17s} ; "
      f"{'part de 1':>9s} ; {'acc. si on lit le dernier token':>31s}")
for T in (5, 20, 50, 100):
    for nom, n, s in (("train", 4000, 100 + T), ("test", 1000, 200 + T)):
        X, y = recall_task(n, T, seed=s)
        same = int((X[:, 0].float() == y).sum())
        # un "modèle" idiot qui ne lit que le dernier token (pair -> 1) : ~0,5
        guess = (X[:, -1] % 2 == 0).float()
        print(f"{T:8d} ; {nom:<8s} ; {same:>8d}/{n:<8d} ; {virg(float(y.mean())):>9s} ; "
              f"{virg(float((guess == y).float().mean())):>31s}")
print("les tokens 1..T-1 sont tous du bruit (2..9) :",
      bool((recall_task(4000, 50, 150)[0][:, 1:] >= FLAGS).all()))

# ---------------- Parties 2 et 3 : entraîner et mesurer ----------------
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM b_f=0", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
PLAN = [(5, MODELS), (20, MODELS), (50, MODELS),
        (100, [MODELS[0], MODELS[3]])]  # partie 3 : seulement les deux extrêmes

print("\n=== Parties 2 et 3 : 40 epochs, Adam lr=0,01, clipping à 1,0 ===")
print(f"{'longueur':>8s} ; {'modèle':<11s} ; {'secondes':>8s} ; {'acc. train':>10s} ; "
      f"{'acc. test':>9s}")
for T, models in PLAN:
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    for label, kind, fb in models:
        torch.manual_seed(7)  # seed AVANT de créer les poids
        net = Recaller(kind, forget_bias=fb)
        opt = torch.optim.Adam(net.parameters(), lr=0.01)
        g = torch.Generator().manual_seed(7)
        t0 = time.perf_counter()
        for _ in range(40):
            net.train()
            for i in torch.randperm(len(Xtr), generator=g).split(64):
                opt.zero_grad()
                loss_fn(net(Xtr[i]), ytr[i]).backward()
                nn.utils.clip_grad_norm_(net.parameters(), 1.0)
                opt.step()
        dt = time.perf_counter() - t0
        net.eval()
        with torch.no_grad():
            tr = float(((net(Xtr) > 0).float() == ytr).float().mean())
            te = float(((net(Xte) > 0).float() == yte).float().mean())
        print(f"{T:8d} ; {label:<11s} ; {virg(dt, 1):>8s} ; {virg(tr):>10s} ; "
              f"{virg(te):>9s}")

# ---------------- Partie 4 : commentaires ----------------
# (écrits après mon premier run complet, gardé dans memory_lab_run1.out ; ce fichier-ci a
#  été relancé ensuite : les exactitudes sont seedées et reviennent identiques, mais les
#  secondes changent d'un run à l'autre sur cette machine à 2 coeurs très chargée.)
# J'ai gardé 4 000 lignes d'entraînement comme le module (pas réduit à 2 000), même si c'est
#  long ici : environ 21 minutes pour tout le script au premier run.
# 1) Le RNN simple casse à la longueur 50 : 1,000 / 1,000 à 5 et à 20, puis 0,561 en train
#    et 0,494 en test à 50 (et 0,581 / 0,508 à 100) ; le module donne 0,539 / 0,507, c'est
#    le même pile ou face, l'écart vient sans doute de ma version de torch (1.13, pas 2.9).
# 2) À 50, le LSTM b_f=0 fait 0,839 en train mais 0,495 en test (module : 0,858 / 0,506) :
#    l'écart de plus de 0,3 veut dire qu'il a mémorisé les 4 000 séquences par coeur sans
#    trouver la règle "regarde le token 0", ce n'est pas de l'apprentissage.
# 3) Le forget bias à 3 change tout : le même LSTM passe à 1,000 / 1,000 à 50 et même à
#    100 ; la table de gradient_decay.py le prévoyait, le facteur par pas sur l'état de
#    cellule passe de x0,629 (b_f=0, le blame arrive à 5e-12 au pas 1) à x1,016 (b_f=3, le
#    pas 1 reçoit autant que le pas 50), donc le token 0 reçoit enfin du gradient.
# 4) Les secondes augmentent avec la longueur pour tous les modèles, mais plus vite que le
#    "x2 de 20 à 50" du module sur ma machine chargée : RNN 6,4 -> 42,5 s, GRU 36,4 -> 136,6,
#    LSTM b_f=0 44,0 -> 146,2, LSTM b_f=3 59,8 -> 143,9, puis RNN 147,3 et LSTM b_f=3 386,4 s
#    à 100 ; le LSTM coûte de 1,8x (longueur 5) à 3,4x (longueur 50) le RNN, donc au moins
#    ~2x comme annoncé, mais ces temps sont bruités (d'autres process tournaient en même temps).
# 5) Pour des entrées de 30 tokens, je livrerais le LSTM avec forget bias 3 : 30 est entre
#    20 (tout le monde à 1,000) et 50 (RNN 0,494, LSTM b_f=0 0,495 en test), et c'est le seul
#    modèle que j'ai mesuré à 1,000 / 1,000 jusqu'à 100 pas ; le GRU (1,000 / 1,000 à 50, un
#    peu moins cher : 36,4 s contre 59,8 s à 20) serait mon deuxième choix ; le RNN simple non,
#    il est déjà au hasard à 50. Avant de livrer je mesurerais quand même à 30 directement.
