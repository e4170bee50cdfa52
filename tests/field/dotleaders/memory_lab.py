"""Exercise 3 -- the memory-length lab (Step 5 of the module, plus a GRU and length 100).

Note on the machine: this was run on a shared and heavily loaded 2-core server (load
average near 18).  A short timing test showed one thread per process to be several times
faster than two under that load, so each process uses one thread instead of the module's
four, and the fourteen trainings are shared between two worker processes, one per core.
Each "seconds" value is the wall clock of one training inside its own worker, so it is
inflated by the load and is only useful for comparing models with each other.  I kept
the full 4,000 training rows; a first sequential attempt was heading for about an hour.
"""
import time, torch, torch.nn as nn
from concurrent.futures import ProcessPoolExecutor
torch.set_num_threads(1)

WIDTH = 64                                   # column where the values start


def rule(title):
    print("*" * 78)
    print(title.upper().center(78))
    print("*" * 78)


def line(desc, value):
    print(f"{desc} {'.' * max(3, WIDTH - len(desc) - 2)} {value}")


FLAGS, FILLERS = 2, 8          # tokens 0,1 = the flag; tokens 2..9 = noise


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
        if forget_bias:                      # start every forget valve wide open
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()


def fit_and_score(job):
    T, label, kind, fb = job
    torch.set_num_threads(1)
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
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)
            opt.step()
    dt = time.perf_counter() - t0
    net.eval()
    with torch.no_grad():
        tr = float(((net(Xtr) > 0).float() == ytr).float().mean())
        te = float(((net(Xte) > 0).float() == yte).float().mean())
    return dt, tr, te


LENGTHS = (5, 20, 50)
MODELS = [("plain RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM forget-bias 0", "LSTM", 0.0), ("LSTM forget-bias 3", "LSTM", 3.0)]
EXTREMES = [MODELS[0], MODELS[3]]

# ---------------------------------------------------------------- part one
rule("Part one: the recall task")
for T in LENGTHS + (100,):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    X, y = torch.cat([Xtr, Xte]), torch.cat([ytr, yte])
    line(f"Length {T}, training rows x tokens", f"{Xtr.shape[0]} x {Xtr.shape[1]}")
    line(f"Length {T}, test rows x tokens", f"{Xte.shape[0]} x {Xte.shape[1]}")
    line(f"Length {T}, rows whose label equals token 0",
         f"{float((y == X[:, 0].float()).float().mean()):.3f}")
    line(f"Length {T}, flag tokens found after position 0",
         f"{int((X[:, 1:] < FLAGS).sum())}")
    line(f"Length {T}, share of label 1, training set", f"{float(ytr.mean()):.3f}")
    line(f"Length {T}, share of label 1, test set", f"{float(yte.mean()):.3f}")
print()

# ---------------------------------------------------------------- parts two and three
rule("Parts two and three: four models, 40 epochs, clip 1.0")
jobs = [(T, label, kind, fb) for T in LENGTHS + (100,)
        for label, kind, fb in (MODELS if T in LENGTHS else EXTREMES)]
longest_first = sorted(jobs, key=lambda j: -j[0])
with ProcessPoolExecutor(max_workers=2) as pool:
    results = dict(zip([(j[0], j[1]) for j in longest_first],
                       pool.map(fit_and_score, longest_first)))
for T in LENGTHS + (100,):
    models = MODELS if T in LENGTHS else EXTREMES
    for label, kind, fb in models:
        dt, tr, te = results[(T, label)]
        line(f"Training seconds, {label}, length {T}", f"{dt:.1f}")
        line(f"Training accuracy, {label}, length {T}", f"{tr:.3f}")
        line(f"Test accuracy, {label}, length {T}", f"{te:.3f}")
    print()

rule("Seconds, length 20 to length 50, and LSTM against RNN")
for label, _, _ in MODELS:
    a, b = results[(20, label)][0], results[(50, label)][0]
    line(f"Time ratio length 50 / length 20, {label}", f"{b / a:.2f}")
for T in LENGTHS + (100,):
    for label in ("GRU", "LSTM forget-bias 0", "LSTM forget-bias 3"):
        if (T, label) in results:
            line(f"Time ratio {label} / plain RNN, length {T}",
                 f"{results[(T, label)][0] / results[(T, 'plain RNN')][0]:.2f}")
gap = results[(50, "LSTM forget-bias 0")][1] - results[(50, "LSTM forget-bias 0")][2]
line("Train minus test, LSTM forget-bias 0, length 50", f"{gap:.3f}")

# ---------------------------------------------------------------- part four
# Comments written after reading the draft run (memory_lab_draft.out); every training
# is seeded, so the accuracies below are the same in the final run, only seconds move.
# 1. The plain RNN breaks at length 50: it reads 1.000 and 1.000 at lengths 5 and 20, but
#    0.561 training and 0.494 test at 50, and 0.581 and 0.508 at 100, which is a coin toss.
# 2. At length 50 the LSTM with forget bias 0 reads 0.839 on training and 0.495 on test,
#    a gap of 0.344, so it memorised the 4,000 training sequences instead of learning to
#    look at token 0; that is memorisation, not learning.
# 3. Setting the forget bias to 3 turned the same LSTM into 1.000 and 1.000 at length 50
#    and even at 100, as step 3's gradient table predicted: the cell-state factor went
#    from x0.629 (step-1 blame 5.180e-12) to x1.016 (step-1 blame 4.782e-02), so the
#    blame from the answer really reaches token 0.
# 4. Training seconds grow with length for every model (from length 20 to 50 by x2.97
#    for the RNN, x5.21 for the GRU, x5.31 and x3.97 for the two LSTMs), but on this
#    overloaded machine with two workers the clock is too noisy to confirm that the LSTM
#    costs about twice the RNN: my LSTM/RNN ratios run from 0.62 to 3.42.
# 5. For 30-token inputs I would ship the LSTM with forget bias 3, because it read 1.000
#    and 1.000 at 20, 50 and 100 tokens while the plain RNN, perfect at 20, fell to 0.494
#    at 50, so 30 sits too close to the RNN's wall, and the LSTM cost no more in my run
#    (211.5 s against 254.7 s at length 50).
