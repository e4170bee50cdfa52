# memory_lab.py - Step 5 again, plus a GRU and a length-100 stress test.
# Output is semicolon CSV with Dezimalkomma, so I can paste it straight into my Tabelle.
import time, torch, torch.nn as nn
from sequences import *          # keeps the module's torch.set_num_threads(4)

FLAGS, FILLERS = 2, 8            # tokens 0,1 = the flag; tokens 2..9 = noise


def fmt(v, spec=".3f"):
    """Number -> string with a German decimal comma (0.507 -> 0,507)."""
    return format(v, spec).replace(".", ",")


def row(*cells):
    print(";".join(str(c) for c in cells))


def recall_task(n, T, seed):
    """Remember the FIRST token, answer after T-1 meaningless tokens."""
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
        if forget_bias:  # start every forget valve wide open (LSTM gate order i,f,g,o)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()

# ---------------- Teil 1: the task itself -------------------------------------
print("# Teil 1: recall task audit")
row("T", "set", "rows", "shape", "label==token0", "share_label1",
    "max_gap_P(y=1|token_t)_t>=1")
for T in (5, 20, 50, 100):
    for name, n, seed in (("train", 4000, 100 + T), ("test", 1000, 200 + T)):
        X, y = recall_task(n, T, seed)
        same = float((X[:, 0].float() == y).float().mean())
        base = float(y.mean())
        # if any later position carried information, P(y=1 | token at t = v)
        # would move away from the base rate; the biggest gap should be small noise
        gap = 0.0
        for t in range(1, T):
            for v in range(FLAGS, FLAGS + FILLERS):
                m = X[:, t] == v
                if m.sum() > 0:
                    gap = max(gap, abs(float(y[m].mean()) - base))
        row(T, name, n, "x".join(map(str, X.shape)), fmt(same), fmt(base), fmt(gap))
print("first two training rows at T=5 (token ids; label):")
X5, y5 = recall_task(4000, 5, 105)
for r in range(2):
    row(*[int(v) for v in X5[r]], int(y5[r]))

# ---------------- Teil 2 + 3: train, time, score ------------------------------
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM b_f=0", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
PLAN = [(5, MODELS), (20, MODELS), (50, MODELS),
        (100, [MODELS[0], MODELS[3]])]   # Teil 3: only the two extremes at 100

print("\n# Teil 2+3: 40 epochs, Adam lr 0.01, batch 64, clip_grad_norm_ 1.0")
row("T", "Modell", "Sekunden", "train_acc", "test_acc")
res = {}
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
        res[(T, label)] = (dt, tr, te)
        row(T, label, fmt(dt, ".1f"), fmt(tr), fmt(te))

print("\n# Auswertung: train minus test (memorisation if > 0,3)")
row("T", "Modell", "train_minus_test")
for (T, label), (dt, tr, te) in res.items():
    row(T, label, fmt(tr - te))
print("\n# seconds at T=50 divided by seconds at T=20")
row("Modell", "ratio_50_vs_20")
for label, _, _ in MODELS:
    row(label, fmt(res[(50, label)][0] / res[(20, label)][0], ".2f"))
print("\n# seconds of each model divided by the plain RNN's seconds at the same T")
row("T", *[m[0] + "/RNN" for m in MODELS[1:]])
for T in (5, 20, 50):
    row(T, *[fmt(res[(T, m[0])][0] / res[(T, "RNN")][0], ".2f") for m in MODELS[1:]])
row(100, "-", "-", fmt(res[(100, "LSTM b_f=3")][0] / res[(100, "RNN")][0], ".2f"))

# Meine Auswertung (numbers from my first full run, memory_lab_run1.out; accuracies are
# seeded and came out the same in the final run, the seconds jitter on this busy machine):
# I kept the full 4,000 training rows, so nothing was cut; the run took about 17 minutes.
# 1. The plain RNN breaks between length 20 and 50: 1,000 / 1,000 at T=20, but 0,561 train
#    and 0,494 test at T=50 (0,581 / 0,508 at T=100) - it never learned the rule at all.
# 2. The LSTM with forget bias 0 reads 0,839 train against 0,495 test at T=50, a gap of
#    0,344 (> 0,3), so it memorised the 4,000 training sequences instead of finding "look
#    at token 0" - the train number alone would have told me the LSTM works.
# 3. The forget bias 3 changed that to 1,000 / 1,000 at T=50 and even at T=100, exactly as
#    gradient_decay predicted: its cell-state blame factor is x1,016 (step 1 gets 4,782e-02)
#    against x0,629 at bias 0 (5,180e-12), so only the open valve lets blame reach token 0.
# 4. Seconds grow with length for every model - from T=20 to T=50 the RNN went 19,6 -> 60,7,
#    the GRU 68,2 -> 91,0, the LSTMs 60,7 -> 122,5 and 70,3 -> 116,5 (about x2, noisy because
#    other students share the 2 cores), and the LSTM cost 1,9x / 3,1x / 2,0x the RNN at T=5/20/50.
# 5. For 30-token inputs I would ship the LSTM with forget bias 3: it read 1,000 / 1,000 at
#    20, 50 and 100, while the plain RNN is only proven up to 20 and fell to 0,494 at 50, and
#    the b_f=0 LSTM memorised - paying roughly 2x the RNN's training time is worth it here
#    (the GRU also read 1,000 / 1,000 at 50, but I did not test it at 100).
