"""Exercise 3 - the memory-length lab (Step 5 plus a GRU and a length-100 run).

The task: remember the FIRST token (a flag, 0 or 1) and answer after T-1
meaningless filler tokens. Only the very first token decides the label.
"""
import time, torch, torch.nn as nn
from sequences import *  # keeps torch.set_num_threads(4) from Step 1

torch.set_num_threads(4)
FLAGS, FILLERS = 2, 8  # tokens 0,1 = the flag; tokens 2..9 = noise


def show_tree(node, prefix=""):
    """My little tree printer: dicts become branches, everything else a leaf."""
    items = list(node.items())
    for n, (key, val) in enumerate(items):
        last = n == len(items) - 1
        print(prefix + ("└── " if last else "├── ") +
              (str(key) if isinstance(val, dict) else f"{key}: {val}"))
        if isinstance(val, dict):
            show_tree(val, prefix + ("    " if last else "│   "))


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
MODELS = [("rnn", "RNN", 0.0), ("gru", "GRU", 0.0),
          ("lstm (forget bias 0)", "LSTM", 0.0),
          ("lstm (forget bias 3)", "LSTM", 3.0)]
EXTREMES = [MODELS[0], MODELS[3]]  # part three: only these two at T=100


def run_one(kind, fb, Xtr, ytr, Xte, yte):
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


# ---------------- part one: the task really depends on token 0 only ----------
task = {}
data = {}
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    data[T] = (Xtr, ytr, Xte, yte)
    X, y = torch.cat([Xtr, Xte]), torch.cat([ytr, yte])
    # label == token 0 on every row; every later token is a filler (2..9),
    # and the filler at any later position agrees with the label only by chance
    later = X[:, 1:]
    best_other = max(float(((later[:, j] % 2).float() == y).float().mean())
                     for j in range(T - 1))
    task[f"T={T}"] = {
        "shapes": f"train {tuple(Xtr.shape)}, test {tuple(Xte.shape)}",
        "label == token 0 on every row": bool(torch.equal(X[:, 0].float(), y)),
        "later tokens all fillers (2..9)": bool(((later >= FLAGS).all()).item()),
        "best agreement of label with any later token (parity)": f"{best_other:.3f}",
        "label split train (share of 1s)": f"{float(ytr.mean()):.3f}",
        "label split test (share of 1s)": f"{float(yte.mean()):.3f}",
    }
    print(f"built recall task T={T}", flush=True)

# ---------------- part two and three: train the models -----------------------
table = {}
for T in (5, 20, 50, 100):
    Xtr, ytr, Xte, yte = data[T]
    table[f"T={T}"] = {}
    for label, kind, fb in (MODELS if T != 100 else EXTREMES):
        dt, tr, te = run_one(kind, fb, Xtr, ytr, Xte, yte)
        table[f"T={T}"][label] = {"train s": f"{dt:.1f}",
                                  "train acc": f"{tr:.3f}",
                                  "test acc": f"{te:.3f}"}
        print(f"  done T={T:<3d} {label:<22s} {dt:6.1f}s", flush=True)

# how the seconds grow: T=20 -> T=50 per model, and LSTM / RNN per length
secs = {T: {m: float(v["train s"]) for m, v in table[f"T={T}"].items()}
        for T in (5, 20, 50, 100)}
growth = {m: f"x{secs[50][m] / secs[20][m]:.2f}" for m in secs[50]}
growth100 = {m: f"x{secs[100][m] / secs[50][m]:.2f}" for m in secs[100]}
lstm_vs_rnn = {f"T={T}": f"x{secs[T]['lstm (forget bias 0)'] / secs[T]['rnn']:.2f}"
               for T in (5, 20, 50)}
lstm_vs_rnn["T=100 (bias 3)"] = \
    f"x{secs[100]['lstm (forget bias 3)'] / secs[100]['rnn']:.2f}"
gap50 = {m: f"{float(v['train acc']) - float(v['test acc']):+.3f}"
         for m, v in table["T=50"].items()}

print()
print("memory_lab")
show_tree({
    "part 1: the recall task": task,
    "part 2+3: 40 epochs, clip 1.0, 4000 train / 1000 test rows": table,
    "timing": {"seconds T=50 / T=20": growth,
               "seconds T=100 / T=50": growth100,
               "lstm seconds / rnn seconds": lstm_vs_rnn},
    "train minus test at T=50": gap50,
})

# ---------------- part four: what I read in my own table ----------------------
# Written after my first full run (its output is kept as memory_lab.run1.out;
# this rerun only adds these comments, and the accuracies come out the same
# because every draw is seeded; the seconds will not, see sentence 4).
# 1. The plain RNN breaks between length 20 and length 50: 1.000 / 1.000 at
#    T=20, then 0.561 train / 0.494 test at T=50 and 0.581 / 0.508 at T=100 -
#    a coin toss, and the low training number says it never found the rule.
# 2. The forget-bias-0 LSTM at T=50 reads 0.839 train against 0.495 test, a gap
#    of 0.344 (more than 0.3): it memorised the 4,000 training sequences from
#    their filler patterns instead of learning "look at token 0", so its training
#    number alone would wrongly say the LSTM works.
# 3. Setting the forget bias to 3 turned that same LSTM into 1.000 / 1.000 at
#    T=50 and even at T=100, which gradient_decay.py predicted: its cell-state
#    blame changes by x1.016 per step at bias 3 against x0.629 at bias 0, so
#    token 0 still gets a useful training signal after 49 (or 99) steps.
# 4. Seconds grow with length for every model but my clock is noisy because the
#    2-core machine was shared (load average 13 to 29 during the run): from T=20
#    to T=50 the RNN went 34.3 -> 88.2 s (x2.57) and the bias-3 LSTM 68.1 ->
#    160.4 s (x2.36), roughly double as the module says, but the GRU (x1.27)
#    and bias-0 LSTM (x1.23) had their T=20 runs slowed by a load spike; the
#    LSTM cost more than the RNN at every length (x1.64 to x11.94 here, not a
#    clean x2), and T=100 took 101.3 s (RNN) and 355.9 s (bias-3 LSTM).
# 5. For 30-token inputs I would ship the LSTM with forget bias 3: it is the only
#    model I measured at 1.000 train and test at T=20, T=50 and T=100, so 30 is
#    well inside its range, while the plain RNN's 30 sits between its 1.000 at
#    T=20 and 0.494 at T=50 with no margin; the GRU (1.000 at T=50, 136.4 s
#    against 160.4 s) would be my cheaper second choice, but I did not test it
#    at T=100.
# Check values I did not hit exactly (torch 1.13 here, not the pinned 2.9): the
# RNN at T=50 reads 0.561 / 0.494 (module 0.539 / 0.507) and the bias-0 LSTM
# 0.839 / 0.495 (module 0.858 / 0.506) - same story, a few points off, which the
# module's triage puts on the library version. The test label split at T=5 is
# 0.457, the least balanced of the eight splits; all others are 0.495 to 0.517.
