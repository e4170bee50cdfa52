"""Exercise 3 - the memory-length lab (Step 5 plus a GRU and a length of 100).

Output is reStructuredText: section titles, simple tables and field lists.
"""
import time, torch, torch.nn as nn

# The module uses 4 threads on a 4-thread laptop. This machine has only 2 cores,
# it is shared with other students, and a first try with 2 threads ran the
# length-5 LSTM at 446 s (one epoch took 12.3 s with 2 threads against 2.5 s
# with 1 thread), so I use a single thread. Training rows stay at 4,000.
torch.set_num_threads(1)

FLAGS, FILLERS = 2, 8  # tokens 0,1 = the flag; tokens 2..9 = noise
N_TRAIN, N_TEST = 4000, 1000  # kept at the module's 4,000 training rows


def title(text, ch="="):
    print(f"\n{text}\n{ch * len(text)}\n")


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
        if forget_bias:  # start every forget valve wide open (LSTM gate order i, f, g, o)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()


def fit_and_score(kind, fb, Xtr, ytr, Xte, yte):
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
    return dt, tr, te


LENGTHS = (5, 20, 50)
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM b_f=0", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
EXTREMES = [("RNN", "RNN", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]

# ---------------------------------------------------------------- part one
title("Part one: the recall task")
print(":training rows: 4000")
print(":test rows: 1000")
print(":threads: 1\n")
data = {}
rule = "=======  ========  ===========  ==============  ==================  =================="
print(rule)
print(f"{'length':>7s}  {'split':<8s}  {'shape':<11s}  {'label==tok 0':>14s}"
      f"  {'flags after tok 0':>18s}  {'share of label 1':>18s}")
print(rule)
for T in LENGTHS + (100,):
    Xtr, ytr = recall_task(N_TRAIN, T, seed=100 + T)
    Xte, yte = recall_task(N_TEST, T, seed=200 + T)
    data[T] = (Xtr, ytr, Xte, yte)
    for split, X, y in (("train", Xtr, ytr), ("test", Xte, yte)):
        same = float((X[:, 0].float() == y).float().mean())
        later_flags = int((X[:, 1:] < FLAGS).sum())  # flag tokens anywhere else
        shape = f"{X.shape[0]}x{X.shape[1]}"
        print(f"{T:7d}  {split:<8s}  {shape:<11s}  {same:14.3f}"
              f"  {later_flags:18d}  {float(y.mean()):18.3f}")
print(rule)
print("\nThe label equals token 0 on every row, and no flag token appears after"
      " position 0, so the label depends only on token 0.")

# ---------------------------------------------------------------- parts two and three
title("Parts two and three: four models, forty epochs, clipping at 1.0")
rule = "=======  ============  =======  =========  ========"
print(rule)
print(f"{'length':>7s}  {'model':<12s}  {'train s':>7s}  {'train acc':>9s}  {'test acc':>8s}")
print(rule)
results = {}
plan = [(T, m) for T in LENGTHS for m in MODELS] + [(100, m) for m in EXTREMES]
for T, (label, kind, fb) in plan:
    Xtr, ytr, Xte, yte = data[T]
    dt, tr, te = fit_and_score(kind, fb, Xtr, ytr, Xte, yte)
    results[(T, label)] = (dt, tr, te)
    print(f"{T:7d}  {label:<12s}  {dt:7.1f}  {tr:9.3f}  {te:8.3f}")
print(rule)

title("Seconds per model as the length grows", "-")
rule = "============  ========  =========  =========  ==========  ============"
print(rule)
print(f"{'model':<12s}  {'5 steps':>8s}  {'20 steps':>9s}  {'50 steps':>9s}"
      f"  {'100 steps':>10s}  {'50 / 20':>12s}")
print(rule)
for label, _, _ in MODELS:
    secs = [results[(T, label)][0] if (T, label) in results else None
            for T in LENGTHS + (100,)]
    cells = [f"{s:.1f}" if s is not None else "--" for s in secs]
    print(f"{label:<12s}  {cells[0]:>8s}  {cells[1]:>9s}  {cells[2]:>9s}"
          f"  {cells[3]:>10s}  {secs[2] / secs[1]:11.2f}x")
print(rule)
print()
for T in LENGTHS:
    r = results[(T, "LSTM b_f=0")][0] / results[(T, "RNN")][0]
    print(f":LSTM b_f=0 / RNN seconds at length {T}: {r:.2f}x")
gap = results[(50, "LSTM b_f=0")][1] - results[(50, "LSTM b_f=0")][2]
print(f":LSTM b_f=0 train minus test at length 50: {gap:.3f}")

# ---------------------------------------------------------------- part four
# What the tables say (written after my first full run; the accuracies are
# seeded and single-threaded, so they come out the same on every rerun):
# 1. The plain RNN breaks between length 20 and length 50: it reads 1.000 and
#    1.000 at 20, then 0.561 training and 0.494 test at 50 and 0.581 / 0.508
#    at 100, which is a coin toss and means it never learned the rule.
# 2. At length 50 the forget-bias-0 LSTM reads 0.839 on training but 0.495 on
#    test, a gap of 0.344 (more than 0.3), so it memorised the 4,000 training
#    sequences instead of learning "look at token 0", and a report of only the
#    training number would wrongly say the LSTM works.
# 3. Setting the forget bias to 3 took the same LSTM at length 50 from
#    0.839 / 0.495 to 1.000 / 1.000 (and 1.000 / 1.000 at length 100), exactly
#    as step 3's gradient table predicted: the cell-state blame shrank by
#    x0.629 per step at bias 0 (5.180e-12 left at step 1) but changed by only
#    x1.016 per step at bias 3 (4.782e-02 at step 1, as big as at step 50).
# 4. My training seconds do not show the module's pattern because they mostly
#    measure other students' jobs on this shared 2-core machine: in my first
#    run the RNN went 93.3 s -> 101.0 s from length 20 to 50 (x1.08, not x2),
#    the LSTM b_f=3 went 107.5 s -> 23.5 s as the machine got quieter, and the
#    LSTM/RNN ratio was 5.55x, 1.38x, 0.91x at lengths 5, 20, 50; the seconds
#    in the table above come from a later run and are different again, so I
#    cannot confirm "roughly double" or "LSTM costs twice the RNN" here.
# 5. For 30-token inputs I would ship the LSTM with forget bias 3: 30 is past
#    the 20 steps where every model scored 1.000 and closer to the 50 steps
#    where the plain RNN (0.494 test) and the bias-0 LSTM (0.495 test) failed,
#    and the bias-3 LSTM is the only model I measured at 1.000 test at both 50
#    and 100 steps (the GRU also scored 1.000 at 50 but I did not run it at
#    100), and I would still measure it at 30 tokens before shipping.

