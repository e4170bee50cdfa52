# memory_lab.py -- Exercise 3: the memory-length lab (Step 5 plus a GRU and a length of 100).
import time, torch, torch.nn as nn
torch.set_num_threads(4)   # same as the module's Step 5 (this machine only has 2 cores)


def show(expr_text, value):
    """Print a result the way the Python prompt would echo it."""
    print(f">>> {expr_text}")
    print(repr(value))


FLAGS, FILLERS = 2, 8   # tokens 0,1 = the flag; tokens 2..9 = noise


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
        if forget_bias:   # start every forget valve wide open (LSTM only)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()


def run(T, label, kind, fb, Xtr, ytr, Xte, yte):
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
    return {"seconds": round(dt, 1), "train_acc": round(tr, 3), "test_acc": round(te, 3)}


# ---- Part one: the task at each length, and proof the label is only token 0 ----
data = {}
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    data[T] = (Xtr, ytr, Xte, yte)
    show(f"tuple(data[{T}][0].shape), tuple(data[{T}][2].shape)",
         (tuple(Xtr.shape), tuple(Xte.shape)))
    # label == token 0 on every row, and every later token is a filler (2..9)
    show(f"bool((ytr == Xtr[:, 0].float()).all()), bool((Xtr[:, 1:] >= FLAGS).all())  # T={T}",
         (bool((ytr == Xtr[:, 0].float()).all()), bool((Xtr[:, 1:] >= FLAGS).all())))
    show(f"round(float(ytr.mean()), 3), round(float(yte.mean()), 3)  # share of label 1, T={T}",
         (round(float(ytr.mean()), 3), round(float(yte.mean()), 3)))

# ---- Part two and three: four models at 5/20/50, the two extremes at 100 ----
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
PLAN = [(T, m) for T in (5, 20, 50) for m in MODELS] + \
       [(100, MODELS[0]), (100, MODELS[3])]
results = {}
for T, (label, kind, fb) in PLAN:
    results[(T, label)] = run(T, label, kind, fb, *data[T])
    show(f"results[({T}, {label!r})]", results[(T, label)])

show("[k for k, r in results.items() if r['train_acc'] == r['test_acc'] == 1.0]",
     [k for k, r in results.items() if r["train_acc"] == r["test_acc"] == 1.0])
show("{k: round(r['train_acc'] - r['test_acc'], 3) for k, r in results.items() if k[0] >= 50}",
     {k: round(r["train_acc"] - r["test_acc"], 3) for k, r in results.items() if k[0] >= 50})
show("{m: round(results[(50, m)]['seconds'] / results[(20, m)]['seconds'], 2) for m, _, _ in MODELS}",
     {m: round(results[(50, m)]["seconds"] / results[(20, m)]["seconds"], 2)
      for m, _, _ in MODELS})
show("{T: round(results[(T, 'LSTM')]['seconds'] / results[(T, 'RNN')]['seconds'], 2) for T in (5, 20, 50)}",
     {T: round(results[(T, "LSTM")]["seconds"] / results[(T, "RNN")]["seconds"], 2)
      for T in (5, 20, 50)})

# ---- Part four: what the table says (written after reading my own output) ----
# I kept 4,000 training rows: the module says ~40 s for its run, here the first full run took
# about 17 minutes on this busy 2-core machine, but I could wait, so no numbers are estimated.
# Accuracies are seeded and came out the same on the rerun; the seconds are wall-clock and
# change between runs (the ones quoted in sentence 4 are from my first run, while
# memory_lab.out holds the rerun's).
# 1. The plain RNN breaks at length 50: 1.0 / 1.0 at lengths 5 and 20, then 0.561 training and
#    0.494 test at 50 (0.581 / 0.508 at 100), so it never learned the rule at all.
# 2. The LSTM with forget bias 0 reads 0.839 training but 0.495 test at length 50, a gap of
#    0.344 (> 0.3): it memorised the 4,000 training sequences instead of learning "answer =
#    token 0", and anyone who only reported the training number would say it works.
# 3. Forget bias 3 turned the same LSTM into 1.0 / 1.0 at length 50 and even at 100, which
#    step 3's gradient table predicted: the cell-state blame shrinks x0.629 per step at bias 0
#    (5.18e-12 left at step 1) but changes only x1.016 at bias 3 (0.04782 at step 1, more than
#    step 50's 0.0223), so only the open-gate model gets a training signal at token 0.
# 4. Training seconds grew with length for every model - first run, length 5 -> 20 -> 50:
#    RNN 11.1 -> 16.9 -> 47.1 (81.2 at 100), GRU 33.7 -> 47.4 -> 95.2, LSTM 21.5 -> 58.8 ->
#    59.2, LSTM b_f=3 15.1 -> 61.3 -> 133.7 (256.1 at 100) - so 20 -> 50 was about x2 to x2.8
#    except the bias-0 LSTM (x1.01, its length-20 run overlapped my other scripts), and the
#    LSTM cost about 1.3x to 3.5x the RNN; on a shared machine these clocks are noisy.
# 5. For 30-token inputs I would ship the LSTM with forget bias 3: 30 sits between length 20,
#    where everything scored 1.0, and length 50, where the plain RNN (0.494) and the default
#    LSTM (0.495) were coin tosses, and the bias-3 LSTM is the one model I measured at 1.0 / 1.0
#    at both 50 and 100, so it has margin; the GRU (1.0 / 1.0 at 50, 95.2 s against 133.7 s)
#    would be my cheaper second choice, and the plain RNN is out because I never measured it
#    between 20 and 50 and it already fails at 50.
