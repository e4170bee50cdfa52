# memory_lab.py - Step 5's recall experiment, plus a GRU and a length-100 row.
# Ran on a busy 2-core machine, so the seconds are much bigger than the module's laptop.
# I kept all 4,000 training rows (did not cut to 2,000).
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
        self.core = {"RNN": nn.RNN, "GRU": nn.GRU,
                     "LSTM": nn.LSTM}[kind](16, hid, batch_first=True)
        if forget_bias:  # start every forget valve wide open (LSTM only)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
LENGTHS = (5, 20, 50, 100)
RUNS = {5: MODELS, 20: MODELS, 50: MODELS,
        100: [MODELS[0], MODELS[3]]}  # part three: only the two extremes at 100

# ---- part one: is the task what it says it is? ----
print("Part 1: the recall task (train 4000 rows || test 1000 rows)")
data = {}
for T in LENGTHS:
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    data[T] = (Xtr, ytr, Xte, yte)
    side = []
    for X, y in ((Xtr, ytr), (Xte, yte)):
        only0 = bool(torch.equal(X[:, 0].float(), y))        # label is token 0
        noise = bool((X[:, 1:] >= FLAGS).all())              # no flag anywhere else
        side.append(f"shape {str(tuple(X.shape)):<11s} y==tok0 {str(only0):<5s}"
                    f" rest all noise {str(noise):<5s} share of 1s {float(y.mean()):.3f}")
    print(f"T={T:<4d} " + "  ||  ".join(side))
print()

# ---- part two and three: train everything ----
res = {}
print("Part 2+3: training (40 epochs, Adam lr 0.01, batch 64, clip at 1.0)")
for T in LENGTHS:
    Xtr, ytr, Xte, yte = data[T]
    for label, kind, fb in RUNS[T]:
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
        print(f"  done T={T:<3d} {label:<10s} {dt:7.1f} s   train {tr:.3f}   test {te:.3f}")

names = [m[0] for m in MODELS]


def table(title, idx, fmt):
    lines = [f"{title:<7s}" + "".join(f"{n:>11s}" for n in names)]
    for T in LENGTHS:
        cells = []
        for n in names:
            cells.append(f"{fmt.format(res[(T, n)][idx]):>11s}" if (T, n) in res
                         else f"{'-':>11s}")
        lines.append(f"{T:<7d}" + "".join(cells))
    return lines


print("\none table, three parts side by side (rows = sequence length)")
L = table("train s", 0, "{:.1f}")
M = table("tr acc", 1, "{:.3f}")
R = table("te acc", 2, "{:.3f}")
for a, b, c in zip(L, M, R):
    print(a + "  ||  " + b + "  ||  " + c)

# the extra numbers my comments talk about
gap = res[(50, "LSTM")][1] - res[(50, "LSTM")][2]
print(f"\nLSTM b_f=0 at T=50: train - test = {gap:.3f}")
growth = "   ".join(f"{n} 20->50 x{res[(50, n)][0] / res[(20, n)][0]:.2f}" for n in names)
print("seconds growth: " + growth)
cost = "   ".join(f"T={T} LSTM/RNN x{res[(T, 'LSTM')][0] / res[(T, 'RNN')][0]:.2f}"
                   for T in (5, 20, 50))
print("LSTM vs RNN cost: " + cost)

# ---- Step 5's timing table: one forward pass, LSTM vs attention ----
print("\nOne forward pass, batch 32, 128 features: step by step, or all at once")
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
    rows.append(f"T={T:<5d} LSTM {a * 1000:7.1f} ms  attn {b * 1000:6.1f} ms  x{a / b:4.1f}")
print(rows[0] + "  ||  " + rows[1])
print(rows[2] + "  ||  " + rows[3])

# ---- part four: what I read from my own numbers ----
# (accuracies are seeded and came out the same on every run; the seconds below are from my
#  first full run on this busy machine and move around by 20% or more between runs)
# 1. The plain RNN breaks between length 20 and length 50: 1.000 / 1.000 at 20, but only
#    0.561 train and 0.494 test at 50 (the module had 0.539 / 0.507), so it never learned the
#    rule at all - it is guessing.
# 2. The LSTM with forget bias 0 at length 50 reads 0.839 train against 0.495 test, a gap of
#    0.344 (more than 0.3), which is memorisation: it learned the 4,000 training rows by heart
#    without finding the rule "look at token 0", so on new rows it is a coin toss.
# 3. Setting the forget bias to 3 turned that same LSTM into 1.000 / 1.000 at length 50, and
#    gradient_decay.py predicted it: the cell-state blame shrinks x0.629 per step at bias 0
#    (step 1 gets 5.2e-12) but x1.016 at bias 3 (step 1 gets 4.8e-02), so only the open
#    valves let the error reach the flag at step 1.
# 4. Seconds grow with length for every model: from 20 to 50 steps the RNN went 21.8 -> 57.9 s
#    (x2.7), GRU 93.9 -> 122.9 s (x1.3), LSTM 89.6 -> 155.2 s (x1.7), LSTM b_f=3 71.2 -> 126.5 s
#    (x1.8), and the LSTM cost 1.4x to 4x the RNN - the machine was shared, so these ratios
#    are rougher than the module's "about double".
# 5. For 30-token inputs I would ship the LSTM with forget bias 3: it scored 1.000 / 1.000 at
#    both 20 and 50 steps, so 30 is inside what I measured it handles, while the plain RNN
#    was perfect at 20 but 0.494 at 50, so 30 is a gamble for it; the GRU (also 1.000 / 1.000
#    at 50, about the same seconds) would be my second choice.
