# memory_lab.py -- the memory-length lab (module exercise 3).
# Step 5's recall task and Recaller, plus a GRU, plus a length-100 run for the
# two extreme models. Everything prints as expanded records, one field a line.
import time, torch, torch.nn as nn
torch.set_num_threads(4)

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
        if forget_bias:        # start every forget valve wide open (LSTM only)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)
    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)

loss_fn = nn.BCEWithLogitsLoss()

_rec = [0]
def record(fields):
    """Print one result the way psql's \\x does."""
    _rec[0] += 1
    w = max(len(k) for k, _ in fields)
    lines = [f"{k:<{w}} | {v}" for k, v in fields]
    head = f"-[ RECORD {_rec[0]} ]"
    print(head + "-" * max(4, max(len(l) for l in lines) - len(head)))
    for l in lines:
        print(l)

def section(title):
    _rec[0] = 0
    print(f"\n== {title} ==")

# ---------------------------------------------------------------- part one
section("part one: the recall task, checked before any training")
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    same0 = float((Xtr[:, 0].float() == ytr).float().mean())
    # every later position holds a filler token (2..9), so it can never hold the flag
    later_fill = bool((Xtr[:, 1:] >= FLAGS).all()) and bool((Xte[:, 1:] >= FLAGS).all())
    # agreement of the label with "token 1 is even", a position that should say nothing
    agree1 = float(((Xtr[:, 1] % 2).float() == ytr).float().mean())
    record([("length", T),
            ("train shape", tuple(Xtr.shape)),
            ("test shape", tuple(Xte.shape)),
            ("label == token 0 (train)", f"{same0:.3f}"),
            ("label == token 0 (test)",
             f"{float((Xte[:, 0].float() == yte).float().mean()):.3f}"),
            ("tokens 1.. all fillers", later_fill),
            ("label vs token 1 parity", f"{agree1:.3f}  (about 0.5 = unrelated)"),
            ("train share of label 1", f"{float(ytr.mean()):.3f}"),
            ("test share of label 1", f"{float(yte.mean()):.3f}")])

# ---------------------------------------------------------------- parts two and three
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM b_f=0", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
PLAN = [(T, m) for T in (5, 20, 50) for m in MODELS] + \
       [(100, m) for m in MODELS if m[0] in ("RNN", "LSTM b_f=3")]

section("parts two and three: 40 epochs, Adam 0.01, clip 1.0, 4000 train / 1000 test rows")
results = {}
data = {}
for T, (label, kind, fb) in PLAN:
    if T not in data:
        data[T] = (recall_task(4000, T, seed=100 + T), recall_task(1000, T, seed=200 + T))
    (Xtr, ytr), (Xte, yte) = data[T]
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
    results[(T, label)] = (dt, tr, te)
    record([("length", T), ("model", label),
            ("params", sum(p.numel() for p in net.parameters())),
            ("train_s", f"{dt:.1f}"), ("train_acc", f"{tr:.3f}"),
            ("test_acc", f"{te:.3f}"), ("train-test gap", f"{tr - te:+.3f}")])

section("seconds: growth from length 20 to 50, and LSTM cost against the RNN")
for label, _, _ in MODELS:
    r = results[(50, label)][0] / results[(20, label)][0]
    record([("model", label), ("s at 20", f"{results[(20, label)][0]:.1f}"),
            ("s at 50", f"{results[(50, label)][0]:.1f}"), ("50 / 20", f"x{r:.2f}")])
for T in (5, 20, 50, 100):
    fields = [("length", T)]
    for label in ("GRU", "LSTM b_f=0", "LSTM b_f=3"):
        if (T, label) in results:
            fields.append((f"{label} / RNN seconds",
                           f"x{results[(T, label)][0] / results[(T, 'RNN')][0]:.2f}"))
    record(fields)

# ---------------------------------------------------------------- Step 5's timing table
section("one forward pass, batch 32, 128 features: LSTM step by step vs attention at once")
H = 128
lstm = nn.LSTM(H, H, batch_first=True)
for T in (50, 200, 500, 1000):
    x = torch.randn(32, T, H)
    with torch.no_grad():
        lstm(x[:, :8]); (x @ x.transpose(1, 2))           # warm up
        t0 = time.perf_counter()
        for _ in range(3):
            lstm(x)
        a = (time.perf_counter() - t0) / 3
        t0 = time.perf_counter()
        for _ in range(3):
            torch.softmax(x @ x.transpose(1, 2) / H ** 0.5, -1) @ x
        b = (time.perf_counter() - t0) / 3
    record([("length", T), ("LSTM ms", f"{a * 1000:.1f}"),
            ("attention ms", f"{b * 1000:.1f}"), ("ratio", f"{a / b:.1f}x")])

# ---------------------------------------------------------------- part four
# Comments written after my first full run (about 19 minutes on this busy
# 2-core machine; I kept the full 4,000 training rows, I did not cut to 2,000).
# Accuracies are seeded and came out the same on the rerun that made the final
# memory_lab.out; the seconds quoted here are from the first run, and the
# rerun's seconds differ because the machine is shared.
#
# Part one: at every length the label equals token 0 in 1.000 of the rows,
# every later token is a filler, and label 1 makes up 0.457 to 0.517 of the
# rows, close to 50-50 (0.457 is the 1,000-row test set at length 5).
#
# The five sentences asked for:
# 1. The plain RNN breaks between length 20 and length 50: it reads 1.000 /
#    1.000 at 20 but 0.561 train and 0.494 test at 50 (module: 0.539 and
#    0.507), and 0.581 / 0.508 at 100 -- it never learned the rule at all.
# 2. At length 50 the LSTM with forget bias 0 reads 0.839 on training rows and
#    0.495 on test rows (module: 0.858 and 0.506), a gap of 0.344, more than
#    0.3: that is memorisation of the 4,000 noise sequences, not the rule,
#    and someone reporting only the training number would call it working.
# 3. Setting the forget bias to 3 turned the same LSTM into 1.000 / 1.000 at
#    length 50 and again at 100, and step 3's gradient table (my
#    gradient_decay.out) predicted it: the cell-state blame shrinks x0.629 per
#    step at bias 0 (step 1 gets 5.180e-12) but changes x1.016 per step at
#    bias 3 (step 1 gets 4.782e-02), so only with the valve open can the
#    training signal reach token 0.
# 4. Training seconds grew from length 20 to 50 by x2.04 for the RNN
#    (31.4 -> 64.2 s), x1.85 for the GRU, x1.54 for LSTM bias 0 and x1.76 for
#    LSTM bias 3, so roughly double; the LSTMs cost x1.1 to x3.0 the RNN's time
#    (about twice on average), but my clock is noisy -- the RNN at length 100
#    (53.0 s) came out faster than at length 50 (64.2 s), which can only be
#    other jobs on this machine, so I trust the ratios only roughly.
# 5. For 30-token inputs I would ship the LSTM with forget bias 3: it read
#    1.000 / 1.000 at 20, 50 and 100, while the plain RNN, cheaper and perfect
#    at 20, is already a coin toss (0.494 test) at 50 and 30 leaves it no
#    safety margin; the GRU (1.000 / 1.000 at 50, 4,993 weights instead of
#    6,593) is the runner-up, but I did not test it at 100.
#
# The forward-pass timing table did not reproduce here: my LSTM was 7.9x
# slower than attention at length 50 but attention was slower from length
# 500 on (0.9x at 500, 0.5x at 1000; 1948.5 ms against 3819.1 ms), unlike the
# module's 66.5 ms against 30.6 ms. On two busy cores, with torch asked for
# four threads, the big length-by-length matrix products get no parallel
# speed-up, which is exactly the thing attention depends on.
