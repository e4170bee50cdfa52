# memory_lab.py -- Exercise 3: the memory-length lab (Step 5 plus a GRU and a length-100 run)
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


def show(label, *values):
    print(label)
    for v in values:
        print(f"    {v}")
    print()


# ---------------- Part one: the task itself ----------------
print("PART ONE: the recall task\n")
DATA = {}
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    DATA[T] = (Xtr, ytr, Xte, yte)  # length 100 is for part three only
for T in (5, 20, 50, 100):
    Xtr, ytr, Xte, yte = DATA[T]
    show(f"Length {T}, shape of training and test inputs:",
         tuple(Xtr.shape), tuple(Xte.shape))
    same = int((Xtr[:, 0].float() == ytr).sum()) + int((Xte[:, 0].float() == yte).sum())
    show(f"Length {T}, rows whose label equals token 0 (train + test):",
         f"{same} of {len(ytr) + len(yte)}")
    later = int((Xtr[:, 1:] < FLAGS).sum()) + int((Xte[:, 1:] < FLAGS).sum())
    show(f"Length {T}, flag tokens (0 or 1) found anywhere after position 0:",
         later)
    show(f"Length {T}, share of label 1 in training rows, then test rows:",
         f"{float(ytr.mean()):.3f}", f"{float(yte.mean()):.3f}")

# ---------------- Part two and three: train the models ----------------
MODELS = [("plain RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM forget bias 0", "LSTM", 0.0), ("LSTM forget bias 3", "LSTM", 3.0)]
RUNS = [(T, m) for T in (5, 20, 50) for m in MODELS]
RUNS += [(100, MODELS[0]), (100, MODELS[3])]  # part three: the two extremes only

print("PARTS TWO AND THREE: 40 epochs each, Adam lr 0.01, clipping at 1.0\n")
results = []
for T, (label, kind, fb) in RUNS:
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
    results.append((T, label, dt, tr, te))
    show(f"Length {T}, {label}, wall-clock training seconds:", f"{dt:.1f}")
    show(f"Length {T}, {label}, training accuracy:", f"{tr:.3f}")
    show(f"Length {T}, {label}, test accuracy:", f"{te:.3f}")

print("SUMMARY: training seconds by length, per model\n")
SECS = {(T, lab): dt for T, lab, dt, _, _ in results}
for label, _, _ in MODELS:
    lengths = [T for T in (5, 20, 50, 100) if (T, label) in SECS]
    show(f"{label}, training seconds at lengths {', '.join(map(str, lengths))}:",
         *[f"{SECS[(T, label)]:.1f}" for T in lengths])
    show(f"{label}, seconds at length 50 divided by seconds at length 20:",
         f"{SECS[(50, label)] / SECS[(20, label)]:.1f}")
for label, _, _ in MODELS[1:]:
    show(f"{label} seconds divided by plain RNN seconds, at lengths 5, 20, 50:",
         *[f"{SECS[(T, label)] / SECS[(T, 'plain RNN')]:.1f}" for T in (5, 20, 50)])

# COMMENTS (Part four), written after my first full run of this script (its output is kept
# as memory_lab.firstrun.out; this file was rerun afterwards only to fix the SUMMARY print).
# Accuracies are seeded and came out the same in both runs; the seconds did not, because this
# 2-core machine is shared with other students' jobs (and with my own other scripts during the
# first run), so the seconds quoted below are the FIRST run's and the rerun prints its own.
# 1. The plain RNN breaks at length 50: 1.000 / 1.000 at lengths 5 and 20, then 0.561 training
#    and 0.494 test at 50 (the module had 0.539 / 0.507), and 0.581 / 0.508 at 100 -- it never
#    learned the rule, it is guessing.
# 2. At length 50 the LSTM with forget bias 0 reads 0.839 training against 0.495 test, a gap of
#    more than 0.3: it memorised the 4,000 training sequences instead of learning "look at
#    token 0", so the training number alone would have told me the LSTM works when it does not.
# 3. Forget bias 3 changed that row to 1.000 / 1.000 (and 1.000 / 1.000 even at length 100),
#    exactly as the cell-state column of the gradient table predicted: blame shrank by x0.629
#    per step at bias 0 (5.180e-12 left at step 1) but held at x1.016 at bias 3 (4.782e-02 at
#    step 1), so only the open gates let the flag at token 0 receive any learning signal.
# 4. Seconds grow with length for every model but not cleanly (first run): plain RNN 2.2, 7.9,
#    59.2, 70.7 s at 5/20/50/100; GRU 12.3, 61.1, 138.3; LSTM bias 0 9.0, 63.6, 165.5; LSTM bias 3
#    15.1, 57.2, 143.5, 269.2 -- so from 20 to 50 the gated models roughly doubled (x2.3 to x2.6)
#    while the RNN's x7.5 is mostly load noise, and the LSTM cost 2.8 to 8 times the RNN rather
#    than the module's "about twice"; on a busy shared 2-core box the seconds are the least
#    trustworthy numbers in this file (the printed ratios above show the rerun's values).
# 5. For 30-token inputs I would ship the LSTM with forget bias 3: it was the only model I
#    measured at 1.000 / 1.000 at every length (5, 20, 50 and 100), while the plain RNN, although
#    cheapest and perfect at 20, had already collapsed to 0.494 test at 50 and 30 sits in that
#    untested gap; the GRU (1.000 / 1.000 at 50, similar seconds) would be my second choice,
#    but I did not test it at 100.
