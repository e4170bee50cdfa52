# memory_lab.py -- Step 5's recall task, plus a GRU and a length-100 column.
import time, torch, torch.nn as nn
torch.set_num_threads(4)
FLAGS, FILLERS = 2, 8            # tokens 0,1 = the flag; tokens 2..9 = noise

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
        if forget_bias:                                   # LSTM only
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)
    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)

loss_fn = nn.BCEWithLogitsLoss()
LENS = (5, 20, 50, 100)
MODELS = [("rnn", "RNN", 0.0), ("gru", "GRU", 0.0),
          ("lstm0", "LSTM", 0.0), ("lstm3", "LSTM", 3.0)]
AT100 = ("rnn", "lstm3")                                  # part three: extremes only

def row(name, vals, fmt):
    return f"{name:<10s}" + "".join(f"{fmt(v):>8s}" for v in vals)

# ---- part one: the task itself
data = {T: (recall_task(4000, T, seed=100 + T), recall_task(1000, T, seed=200 + T))
        for T in LENS}
print("part 1  recall task (cols = T)")
print(row("T", LENS, str))
print(row("n trn", [len(data[T][0][0]) for T in LENS], str))
print(row("y=1 trn", [data[T][0][1].mean() for T in LENS], lambda v: f"{v:.3f}"))
print(row("y=1 tst", [data[T][1][1].mean() for T in LENS], lambda v: f"{v:.3f}"))
print(row("y==x0", [((d[0][0][:, 0].float() == d[0][1]).float().mean())
                    for d in data.values()], lambda v: f"{v:.3f}"))
print(row("flag x1:", [int((d[0][0][:, 1:] < FLAGS).sum()) for d in data.values()], str))
# y==x0 = 1.000 and no flag token after position 0 -> only token 0 carries the label

# ---- parts two and three: train
res = {}
print("\nparts 2+3  training, 40 ep, clip 1.0 (one line per run)")
for T in LENS:
    (Xtr, ytr), (Xte, yte) = data[T]
    for label, kind, fb in MODELS:
        if T == 100 and label not in AT100:
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
        res[label, T] = (dt, tr, te)
        print(f"  T={T:<4d} {label:<6s} {dt:7.1f}s  trn {tr:.3f}  tst {te:.3f}")

print("\nrecall acc + train seconds (cols = T; '-' = not run)")
print(row("T", LENS, str))
for label, _, _ in MODELS:
    for k, name, fmt in ((1, "trn", "{:.3f}"), (2, "tst", "{:.3f}"), (0, "sec", "{:.1f}")):
        print(row(f"{label} {name}", [res.get((label, T)) for T in LENS],
                  lambda v: "-" if v is None else fmt.format(v[k])))
print("\nsec ratio (cols = T pair)")
print(f"{'':<10s}{'20/5':>8s}{'50/20':>8s}{'100/50':>8s}")
for label, _, _ in MODELS:
    s = [res.get((label, T), (None,))[0] for T in LENS]
    print(f"{label:<10s}" + "".join(
        f"{'-' if b is None else format(b / a, '.2f'):>8s}" for a, b in zip(s, s[1:])))
print(row("lstm0/rnn", [res[("lstm0", T)][0] / res[("rnn", T)][0] for T in LENS[:3]],
          lambda v: f"{v:.2f}"))

# Comments (accuracies from my first run, 40 ep, full 4,000 rows; seeds fixed so they repeat):
# 1. The plain RNN breaks between T=20 and T=50: 1.000/1.000 at 20, 0.561 trn / 0.494 tst at 50
#    (0.581/0.508 at 100), so it never learned the rule.
# 2. lstm0 at T=50 reads 0.839 trn vs 0.495 tst, a 0.344 gap (> 0.3): that is memorisation
#    of the 4,000 training rows, not the rule, and the train number alone would lie.
# 3. Forget bias 3 turned that row into 1.000/1.000 (also at T=100), exactly as
#    gradient_decay.py predicted: cell-state blame x0.629/step at bf0 (5e-12 left at step 1)
#    vs x1.016/step at bf3 (step 1 keeps 4.8e-02, same size as step 50).
# 4. Seconds grow with T for every model (20->50: gru x2.63, lstm0 x2.13, lstm3 x1.65, rnn x7.61;
#    lstm3 50->100 x1.99), and LSTMs cost 1.6-5.8x the RNN; on this busy shared 2-core box the
#    clock is noisy (rnn T=100 69.4 s < T=50 86.4 s), so only the trend is trustworthy, not the exact ratios.
# 5. For 30-token inputs I'd ship the GRU: 1.000/1.000 at T=50, already past 30, and cheaper
#    than lstm3 (120.2 s vs 164.5 s at T=50); not the plain RNN, which drops from 1.000 at 20
#    to 0.494 at 50, so 30 lies in its danger zone.
