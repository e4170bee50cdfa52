# memory_lab.py - Step 5's memory-length experiment, plus a GRU and a length of 100.
# Remember the first token, answer after T-1 meaningless tokens.
import time, torch, torch.nn as nn
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
        if forget_bias:  # start every forget valve wide open (LSTM gate order: i, f, g, o)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()


def best_lookup_acc(X, y, t):
    """Best accuracy any rule 'token at position t -> label' can reach."""
    ok = 0
    for v in X[:, t].unique():
        m = X[:, t] == v
        ok += max(int(y[m].sum()), int((1 - y[m]).sum()))
    return ok / len(y)


# ---- Part one: the task, and proof that only token 0 matters ----
print("Part one: recall task, label vs token 0, label split")
DATA = {}
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    DATA[T] = (Xtr, ytr, Xte, yte)
    same0 = float((Xtr[:, 0].float() == ytr).float().mean())
    others = [best_lookup_acc(Xtr, ytr, t) for t in range(1, T)]
    print(f"T={T:3d}: shape {tuple(Xtr.shape)} -> {tuple(Xte.shape)} | label==token0: "
          f"train {same0:.3f}, test {float((Xte[:, 0].float() == yte).float().mean()):.3f}"
          f" | best rule from any other position: {min(others):.3f} .. {max(others):.3f}"
          f" | share of label 1: train {float(ytr.mean()):.3f} -> test {float(yte.mean()):.3f}")

# ---- Part two and three: four models at 5/20/50, two extreme models at 100 ----
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
PLAN = [(T, m) for T in (5, 20, 50) for m in MODELS] + \
       [(100, m) for m in MODELS if m[0] in ("RNN", "LSTM b_f=3")]

print("\nPart two/three: 40 epochs, Adam lr 0.01, clip 1.0 | T, model: seconds | train acc => test acc")
res = {}
for T, (label, kind, fb) in PLAN:
    Xtr, ytr, Xte, yte = DATA[T]
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
    print(f"T={T:3d}  {label:<10s}: {dt:7.1f} s | train {tr:.3f} => test {te:.3f}"
          f"  (gap {tr - te:+.3f})")

print("\nthe same table as chains over length")
for label, _, _ in MODELS:
    Ts = [T for T in (5, 20, 50, 100) if (T, label) in res]
    chain = lambda j, f: " -> ".join(format(res[(T, label)][j], f) for T in Ts)
    print(f"{label:<10s} T: {' -> '.join(map(str, Ts))} | train s: {chain(0, '.1f')}"
          f" | train acc: {chain(1, '.3f')} | test acc: {chain(2, '.3f')}")
for T in (5, 20, 50):
    print(f"T={T:3d} cost: RNN {res[(T, 'RNN')][0]:.1f} s => GRU {res[(T, 'GRU')][0]:.1f} s"
          f" => LSTM {res[(T, 'LSTM')][0]:.1f} s | LSTM/RNN x{res[(T, 'LSTM')][0] / res[(T, 'RNN')][0]:.2f}")
for label, _, _ in MODELS:
    print(f"{label:<10s} seconds T 20 -> 50: {res[(20, label)][0]:.1f} -> {res[(50, label)][0]:.1f}"
          f" (x{res[(50, label)][0] / res[(20, label)][0]:.2f})")
print(f"T=50 test: RNN {res[(50, 'RNN')][2]:.3f} => LSTM {res[(50, 'LSTM')][2]:.3f}"
      f" => LSTM b_f=3 {res[(50, 'LSTM b_f=3')][2]:.3f}")
print(f"T=100 test: RNN {res[(100, 'RNN')][2]:.3f} => LSTM b_f=3 {res[(100, 'LSTM b_f=3')][2]:.3f}")

# ---- Step 5's timing table: step by step, or all at once ----
print("\nOne forward pass, batch 32, 128 features | T: LSTM ms => attention ms (ratio)")
H = 128
lstm = nn.LSTM(H, H, batch_first=True)
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
    print(f"T={T:5d}: LSTM {a * 1000:7.1f} ms => attention {b * 1000:7.1f} ms  (x{a / b:.1f})")

# ---- Part four: what the table says (written after reading my own output) ----
# I kept the full 4,000 training rows even though this shared 2-core machine is much slower than the
# module's laptop (load average about 12 while I ran it); accuracies below are seeded and repeated between
# my runs, wall-clock seconds did not.
# 1. The plain RNN breaks at length 50: 1.000 / 1.000 at lengths 5 and 20, then 0.561 train => 0.494 test at
#    50 and 0.581 => 0.508 at 100, a coin toss - its training number never learned the rule either.
# 2. The forget-bias-0 LSTM at length 50 reads 0.839 train against 0.495 test, a gap of 0.344 (more than 0.3):
#    that is memorisation of the 4,000 training sequences, not the rule, and only the training number looks good.
# 3. Setting the forget bias to 3 changed the same LSTM at length 50 from 0.839 / 0.495 to 1.000 / 1.000 (and
#    1.000 / 1.000 at 100), which gradient_decay.py predicted: the cell-state blame goes from x0.629 per step
#    (step 1 gets 5.2e-12) to x1.016 per step (step 1 gets 4.8e-02, as big as step 50).
# 4. Training seconds grow with length for every model (first full run, T 5 -> 20 -> 50: RNN 14.8 -> 24.4 ->
#    50.5, GRU 29.7 -> 84.3 -> 114.3, LSTM 11.5 -> 69.9 -> 83.4, LSTM b_f=3 20.2 -> 53.5 -> 103.5 -> 218.2 at 100);
#    20 -> 50 roughly doubled for the RNN (x2.07) and LSTM b_f=3 (x1.93) but only x1.2-1.4 for LSTM and GRU, and
#    LSTM/RNN swung from x0.78 to x2.86, so on this overloaded machine I cannot confirm "LSTM costs twice the RNN
#    at every length" - the noise from other jobs is bigger than the per-model difference.
# 5. For 30-token inputs I would ship the LSTM with forget bias 3: 30 lies between 20, where everything scored
#    1.000, and 50, where the plain RNN fell to 0.494 test, while LSTM b_f=3 held 1.000 test at 50 and at 100;
#    the GRU (1.000 at 50) would be my second choice, and the RNN's speed is not worth the risk without measuring at 30.
