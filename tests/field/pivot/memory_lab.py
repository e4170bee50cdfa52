# memory_lab.py -- Exercise 3: the memory-length lab (Step 5 plus a GRU and a length of 100)
# Recall task: remember token 0, answer after T-1 filler tokens.
import time, torch, torch.nn as nn
from tables import frame
torch.set_num_threads(4)

FLAGS, FILLERS = 2, 8  # tokens 0,1 = the flag; tokens 2..9 = noise


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
        self.core = {"RNN": nn.RNN, "GRU": nn.GRU, "LSTM": nn.LSTM}[kind](16, hid, batch_first=True)
        if forget_bias:  # LSTM gate order is i, f, g, o -> rows hid:2*hid are the forget valve
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM b_f=0", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
LENGTHS = (5, 20, 50, 100)
AT_100 = ("RNN", "LSTM b_f=3")  # part three: only the two extreme models at T=100

# ---------------- part one: what does the label depend on? ----------------
data = {}
rows, idx = [], []
for T in LENGTHS:
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    data[T] = (Xtr, ytr, Xte, yte)
    for split, X, y in (("train", Xtr, ytr), ("test", Xte, yte)):
        tok0 = float((X[:, 0].float() == y).float().mean())       # label == token 0 ?
        flag_later = int((X[:, 1:] < FLAGS).sum())                 # a flag token anywhere after 0?
        # best any single later position can do at predicting the label (majority per token value)
        best_later = 0.0
        for t in range(1, T):
            hit = 0
            for v in range(FLAGS, FLAGS + FILLERS):
                m = X[:, t] == v
                if m.any():
                    p = float(y[m].mean())
                    hit += int(m.sum()) * max(p, 1 - p)
            best_later = max(best_later, hit / len(y))
        idx.append((T, split))
        rows.append([tuple(X.shape), float(y.mean()), tok0, flag_later, best_later])
frame(rows, ["shape", "share label 1", "label==token0", "flags after t0",
             "best later tok"], idx, index_names=["length", "split"],
      fmt=[str, ".3f", ".3f", "d", ".3f"],
      title="Part one: the label is token 0 and nothing else; classes about 50-50")

# ---------------- part two + three: train everything ----------------
res = {}
print("training (40 epochs, Adam lr 0.01, batch 64, clip 1.0) ...")
for T in LENGTHS:
    Xtr, ytr, Xte, yte = data[T]
    for label, kind, fb in MODELS:
        if T == 100 and label not in AT_100:
            continue
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
        res[T, label] = (dt, tr, te)
        print(f"  done T={T:<3d} {label:<10s} {dt:7.1f} s  train {tr:.3f}  test {te:.3f}")
print()

cols, fmts = [], []
for label, _, _ in MODELS:
    for m, f in (("train s", ".1f"), ("train acc", ".3f"), ("test acc", ".3f")):
        cols.append((label, m)); fmts.append(f)
rows = []
for T in LENGTHS:
    r = []
    for label, _, _ in MODELS:
        r += list(res.get((T, label), (None, None, None)))
    rows.append(r)
frame(rows, cols, list(LENGTHS), index_names=["length"], column_names=["model", "metric"],
      fmt=fmts, title="Parts two and three: recall accuracy by length (rows) and model x metric (columns)")

# the two ratios the Check list talks about
rows = []
for label, _, _ in MODELS:
    r20, r50 = res[20, label][0], res[50, label][0]
    rows.append([r50 / r20, res[50, label][1] - res[50, label][2]])
frame(rows, ["secs T50 / T20", "train-test gap T50"], [m[0] for m in MODELS],
      index_names=["model"], fmt=[".2f", "+.3f"], title="Growth of training time and the length-50 gap")
rows, idx = [], []
for T in LENGTHS:
    r = [res[T, m][0] / res[T, "RNN"][0] if (T, m) in res else None for m, _, _ in MODELS]
    rows.append(r)
frame(rows, [m[0] for m in MODELS], list(LENGTHS), index_names=["length"],
      column_names=["model"], fmt=".2f", title="Training seconds relative to the plain RNN at the same length")

# ---------------- Step 5's timing table: sequential vs parallel ----------------
H = 128
lstm = nn.LSTM(H, H, batch_first=True)
rows = []
for T in (50, 200, 500, 1000):
    x = torch.randn(32, T, H)
    with torch.no_grad():
        lstm(x[:, :8]); (x @ x.transpose(1, 2))  # warm up
        t0 = time.perf_counter()
        for _ in range(3):
            lstm(x)
        a = (time.perf_counter() - t0) / 3
        t0 = time.perf_counter()
        for _ in range(3):
            torch.softmax(x @ x.transpose(1, 2) / H ** 0.5, -1) @ x
        b = (time.perf_counter() - t0) / 3
    rows.append([a * 1000, b * 1000, a / b])
frame(rows, ["LSTM ms (sequential)", "attention ms (parallel)", "ratio"], [50, 200, 500, 1000],
      index_names=["length"], fmt=[".1f", ".1f", ".1f"],
      title="One forward pass, batch 32, 128 features")

# ---------------- part four: what I make of it (written after my first full run) ----------------
# I kept all 4,000 training rows even though this busy 2-core box is ~10x slower than the
# module's laptop, so every number below was measured, not scaled.
# 1. The plain RNN breaks between length 20 and length 50: 1.000/1.000 at 20, then 0.561 train /
#    0.494 test at 50 and 0.581/0.508 at 100 -- training accuracy near chance too, so it never
#    learned the rule at all (module: 0.539/0.507).
# 2. At length 50 the forget-bias-0 LSTM reads 0.839 train but 0.495 test, a gap of 0.344 (> 0.3):
#    that is memorisation of the 4,000 training sequences, not the rule "answer = token 0", and
#    anyone who reported only the training number would say the LSTM works.
# 3. Forget bias 3 turned the same LSTM into 1.000/1.000 at 50 and even at 100, exactly as my
#    gradient_decay.out predicted: with b_f=0 the cell-state blame shrinks x0.629 per step
#    (5.180e-12 left at step 1), with b_f=3 it is x1.016 (4.782e-02 at step 1), so only the
#    open-gate LSTM ever gets a learning signal back to token 0.
# 4. Training seconds grow roughly in proportion to length: from 20 to 50 they multiply by 1.96
#    (RNN), 1.53 (GRU), 1.97 (LSTM b_f=0) and 1.88 (LSTM b_f=3), and from 50 to 100 by 2.43
#    (RNN) and 2.86 (b_f=3); the LSTM cost 2.7-3.6x the RNN here, more than the module's ~2x,
#    and my wall-clock numbers (including the timing table, where attention even loses at 500+
#    steps) are distorted by this machine being shared, so I trust the ratios more than seconds.
# 5. For 30-token inputs I would ship the LSTM with forget bias 3: it measured 1.000/1.000 at
#    20, 50 and 100, while the plain RNN is perfect at 20 but a coin toss (0.494) at 50, so 30
#    sits in its danger zone; the price is ~2.7x the RNN's training time (120.8 s vs 44.2 s at 50),
#    which is cheap for a model that actually remembers. The GRU (1.000/1.000 at 50, 103.0 s) is
#    my runner-up, but I did not test it at 100, and I would still run one check at length 30.
