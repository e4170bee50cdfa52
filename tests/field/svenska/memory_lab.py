# Övning 3 — minneslabbet (memory_lab.py)
# Samma experiment som Steg 5 i modulen, plus GRU och en femte längd (100).
import time, torch, torch.nn as nn
torch.set_num_threads(4)

FLAGS, FILLERS = 2, 8  # token 0,1 = flaggan; token 2..9 = brus


def recall_task(n, T, seed):
    """Kom ihåg FÖRSTA token, svara efter T-1 meningslösa token."""
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
        if forget_bias and kind == "LSTM":  # öppna alla forget-ventiler från start
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()

# ---------------- Del 1: uppgiften ----------------
print("Del 1 — minnesuppgiften: etiketten ska bara bero på token 0")
print(f"{'längd':>6s} {'form träning':>14s} {'etikett==token0':>16s}"
      f" {'max |korr| övriga pos':>22s} {'andel 1 (träning)':>18s}"
      f" {'andel 1 (test)':>15s}")
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    same = float((Xtr[:, 0].float() == ytr).float().mean())
    # korrelation mellan etiketten och token på varje annan position
    yc = ytr - ytr.mean()
    korr = []
    for t in range(1, T):
        xc = Xtr[:, t].float() - Xtr[:, t].float().mean()
        korr.append(float((xc * yc).sum() / (xc.norm() * yc.norm())))
    mk = max(abs(k) for k in korr)
    print(f"{T:6d} {str(tuple(Xtr.shape)):>14s} {same:16.3f} {mk:22.3f}"
          f" {float(ytr.mean()):18.3f} {float(yte.mean()):15.3f}")

# ---------------- Del 2 och 3: träna modellerna ----------------
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
PLAN = [(5, MODELS), (20, MODELS), (50, MODELS),
        (100, [MODELS[0], MODELS[3]])]  # Del 3: bara de två extremerna

print("\nDel 2 och 3 — 40 epoker, Adam lr 0.01, gradient-klippning vid 1.0")
print(f"{'längd':>6s} {'modell':<11s} {'tid s':>7s} {'träningsnoggrannhet':>20s}"
      f" {'testnoggrannhet':>16s}")
for T, models in PLAN:
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    for label, kind, fb in models:
        torch.manual_seed(7)
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
        print(f"{T:6d} {label:<11s} {dt:7.1f} {tr:20.3f} {te:16.3f}")

# KOMMENTARER (Del 4) — skrivna efter min första körning, som avbröts efter
# längd 50 för att hinna köra om hela skriptet med kommentarerna på plats
# (kopian av den körningen heter memory_lab_korning1.log). Noggrannheterna är
# seedade och blev desamma; sekunderna varierar mellan körningar eftersom
# maskinen delas med många andra (load average runt 18 på 2 kärnor).
# Del 1: etiketten är lika med token 0 på 1.000 av raderna vid alla längder och
# ingen annan position korrelerar mer än 0.052 med den; andelen ettor ligger
# nära 0.5 (0.495–0.517), utom testsetet vid längd 5 som fick 0.457 — lite
# skevt men fortfarande nära hälften.
# 1) Den vanliga RNN:en går sönder vid längd 50: 1.000/1.000 vid 5 och 20, men
#    0.561 på träning och 0.494 på test vid 50 (modulen: 0.539/0.507), alltså
#    myntkast — den lärde sig aldrig regeln.
# 2) LSTM:en med forget-bias 0 fick 0.839 på träning men 0.495 på test vid
#    längd 50 (modulen: 0.858/0.506); skillnaden är över 0.3 och betyder att den
#    har memorerat de 4 000 träningssekvenserna utan att hitta regeln.
# 3) Forget-bias 3 tog samma LSTM till 1.000/1.000 vid längd 50, och det
#    förutsade gradienttabellen i gradient_decay.out: cell-tillståndets faktor
#    gick från x0.629 (bias 0) till x1.016 (bias 3), så bara med öppna ventiler
#    når gradienten från steg 50 ända tillbaka till token 0.
# 4) Sekunderna växer med längden för alla modeller (RNN 11.0 -> 39.3 -> 51.7,
#    LSTM 20.4 -> 122.5 -> 133.8 s i första körningen), men på den här
#    belastade maskinen blev det inte en ren fördubbling från 20 till 50, och
#    LSTM kostade mellan ungefär 2 och 3 gånger RNN:en (5.2 s för b_f=3 vid
#    längd 5 är ett mätfel från lasten, inte en snabbare modell).
# 5) För 30 token skulle jag skeppa LSTM:en med forget-bias 3 (eller GRU:n, som
#    också fick 1.000/1.000 vid längd 50 på ungefär samma tid): 30 ligger över
#    20, där alla klarade sig, men RNN:en föll till 0.494 vid 50 och jag har
#    inte mätt den vid 30, medan LSTM b_f=3 fick 1.000/1.000 vid både 20 och
#    50 — den extra tiden är värd säkerheten.
