# memory_lab.py -- het geheugenlengte-lab (Step 5 van de module, plus een GRU en lengte 100)
# Taak: onthoud het EERSTE token (0 of 1) en geef het antwoord pas na T-1 vultokens.
import time, torch, torch.nn as nn
torch.set_num_threads(4)

FLAGS, FILLERS = 2, 8  # tokens 0,1 = de vlag; tokens 2..9 = ruis


def recall_task(n, T, seed):
    """Onthoud het EERSTE token, antwoord na T-1 betekenisloze tokens."""
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
        if forget_bias:  # elke vergeetpoort begint wijd open (PyTorch-volgorde i, f, g, o)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)  # geheugen na het laatste token


loss_fn = nn.BCEWithLogitsLoss()

# ---------------- Deel 1: de taak controleren ----------------
print("Deel 1 -- de recall-taak: hangt het label alleen van token 0 af?")
print(f"{'lengte':>7s} {'rijen':>6s} {'label == token 0':>17s} {'rest alleen ruis':>17s}"
      f" {'aandeel label 1 (train)':>24s} {'aandeel label 1 (test)':>23s}")
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    same = float((Xtr[:, 0].float() == ytr).float().mean())
    ruis = bool(((Xtr[:, 1:] >= FLAGS).all()) and ((Xte[:, 1:] >= FLAGS).all()))
    print(f"{T:7d} {len(Xtr):6d} {same:17.3f} {str(ruis):>17s}"
          f" {float(ytr.mean()):24.3f} {float(yte.mean()):23.3f}")
# extra controle: het laatste token zegt niets over het label
Xc, yc = recall_task(4000, 50, seed=150)
print("lengte 50, aandeel label 1 per waarde van het LAATSTE token (moet ~0.5 zijn):")
print("  " + "  ".join(f"{v}:{float(yc[Xc[:, -1] == v].mean()):.3f}"
                       for v in range(FLAGS, FLAGS + FILLERS)))


def run(T, label, kind, fb):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
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
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)  # knippen op 1.0
            opt.step()
    dt = time.perf_counter() - t0
    net.eval()
    with torch.no_grad():
        tr = float(((net(Xtr) > 0).float() == ytr).float().mean())
        te = float(((net(Xte) > 0).float() == yte).float().mean())
    return dt, tr, te


# ---------------- Deel 2 en 3: vier modellen, vijf lengtes ----------------
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM b_f=0", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
header = (f"{'lengte':>7s} {'model':<11s} {'train s':>8s} {'train-nauwk.':>13s}"
          f" {'test-nauwk.':>12s}")
print("\nDeel 2 en 3 -- 40 epochs, Adam lr 0.01, gradient clipping op 1.0")
print(header)
results = []
for T in (5, 20, 50):
    for label, kind, fb in MODELS:
        dt, tr, te = run(T, label, kind, fb)
        results.append((T, label, dt, tr, te))
        print(f"{T:7d} {label:<11s} {dt:8.1f} {tr:13.3f} {te:12.3f}")
# Deel 3: lengte 100, alleen de twee uitersten
for label, kind, fb in (MODELS[0], MODELS[3]):
    dt, tr, te = run(100, label, kind, fb)
    results.append((100, label, dt, tr, te))
    print(f"{100:7d} {label:<11s} {dt:8.1f} {tr:13.3f} {te:12.3f}")

print("\nTrainingsseconden per model (groei met de lengte):")
print(f"{'model':<11s}" + "".join(f"{'T=' + str(T):>9s}" for T in (5, 20, 50, 100))
      + f"{'50/20':>8s}")
secs = {(T, m): dt for T, m, dt, _, _ in results}
for label, _, _ in MODELS:
    row = "".join(f"{secs[(T, label)]:9.1f}" if (T, label) in secs else f"{'-':>9s}"
                  for T in (5, 20, 50, 100))
    print(f"{label:<11s}{row}{secs[(50, label)] / secs[(20, label)]:7.2f}x")
print("LSTM b_f=0 / RNN per lengte: "
      + "  ".join(f"T={T}: {secs[(T, 'LSTM b_f=0')] / secs[(T, 'RNN')]:.2f}x"
                  for T in (5, 20, 50)))

# ---------------- Deel 4: conclusies ----------------
# (geschreven na de eerste volledige run; nauwkeurigheden zijn geseed en komen in de tweede
#  run terug, de seconden niet: de machine is een drukke 2-core server met load ~15, dus
#  de seconden hieronder komen uit de eerste run en schommelen van run tot run.)
# Ik heb de volle 4.000 trainingsrijen gebruikt, niet ingekort naar 2.000.
# 1. De gewone RNN breekt bij lengte 50: bij 5 en 20 haalt hij 1.000/1.000, bij 50 nog maar
#    0.561 training en 0.494 test (module: 0.539/0.507), en bij 100 0.581/0.508 -- hij heeft
#    de regel nooit geleerd, ook niet op de trainingsdata.
# 2. De LSTM met forget bias 0 haalt bij lengte 50 0.839 op training maar 0.495 op test
#    (module: 0.858/0.506); een verschil van meer dan 0.3 betekent memoriseren: hij heeft
#    4.000 ruisreeksen uit het hoofd geleerd zonder de regel "kijk naar token 0" te vinden.
# 3. De forget bias op 3 zetten maakte van diezelfde LSTM een 1.000/1.000-model bij lengte 50;
#    de gradient-tabel van Step 3 voorspelde dat al: bij b_f=0 krimpt de schuld op de
#    celtoestand met x0.629 per stap (5.180e-12 op stap 1), bij b_f=3 blijft hij x1.016
#    (4.782e-02 op stap 1), dus alleen dan bereikt het leersignaal token 0.
# 4. Seconden van 20 naar 50 (eerste run): RNN 57.4 -> 65.2, GRU 144.7 -> 135.8, LSTM b_f=0
#    94.5 -> 120.2, LSTM b_f=3 113.7 -> 169.7, dus hier geen verdubbeling zoals in de module
#    (3.8/1.8 en 9.2/4.1), en de LSTM kost 1.6x tot 3.2x de RNN; op deze overvolle machine
#    meet de klok vooral de andere processen, dus die tijdsclaim kon ik niet netjes
#    reproduceren -- wel is de RNN bij elke lengte het goedkoopst en de GRU meestal het duurst.
# 5. Voor invoer van 30 tokens zou ik de LSTM met forget bias 3 uitrollen: 30 ligt tussen 20
#    (alles 1.000) en 50 (RNN 0.494 test, LSTM b_f=0 0.495 test), en alleen de LSTM b_f=3 en
#    de GRU haalden bij 50 nog 1.000/1.000, dus die hebben marge boven 30; de tijd beslist
#    het niet (bij 20: 113.7 s tegen 144.7 s voor de GRU, bij 50: 169.7 s tegen 135.8 s), en
#    de goedkopere RNN zou ik pas kiezen na een eigen meting op lengte 30.
