# memory_lab.py - Step 5's recall task, with a GRU added and a length-100 run.
# Every table is tab-separated so it pastes straight into a sheet.
import time
import torch, torch.nn as nn
from sequences import *  # brings torch.set_num_threads(4) and the shared imports

FLAGS, FILLERS = 2, 8  # tokens 0,1 = the flag; tokens 2..9 = noise
N_TR, N_TE, EPOCHS = 4000, 1000, 40
# I kept the full 4,000 training rows, even though one run takes 10 to 17 minutes on this busy 2-core machine.


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
        core = {"RNN": nn.RNN, "GRU": nn.GRU, "LSTM": nn.LSTM}[kind]
        self.core = core(16, hid, batch_first=True)
        if forget_bias:  # start every forget valve wide open (LSTM only)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()


def best_single_position(X, y, pos):
    """Accuracy of the best rule 'majority label for each token value' at one position."""
    ok = 0
    for v in X[:, pos].unique():
        m = X[:, pos] == v
        ok += max(int(y[m].sum()), int(m.sum() - y[m].sum()))
    return ok / len(y)


LENGTHS = (5, 20, 50, 100)
data = {T: (recall_task(N_TR, T, seed=100 + T), recall_task(N_TE, T, seed=200 + T))
        for T in LENGTHS}

# Part one: the label is token 0, and the split is close to 50-50.
print("# part 1: recall task audit")
print("# copy into sheet")
print("\t".join(["T", "X_tr", "pos_tr", "pos_te", "y==tok0_tr", "y==tok0_te", "best_other_pos"]))
for T in LENGTHS:
    (Xtr, ytr), (Xte, yte) = data[T]
    other = max(best_single_position(Xtr, ytr, p) for p in range(1, T))
    print("\t".join([str(T), "x".join(map(str, Xtr.shape)),
                     f"{float(ytr.mean()):.3f}", f"{float(yte.mean()):.3f}",
                     f"{float((Xtr[:, 0].float() == ytr).float().mean()):.3f}",
                     f"{float((Xte[:, 0].float() == yte).float().mean()):.3f}",
                     f"{other:.3f}"]))

# In my run the label equals token 0 on every row, the best rule using any other single position reaches only about 0.53,
# and the positive share sits between 0.46 and 0.52, so the split is close to 50-50 at every length.

# Part two and three: four models at 5/20/50, the two extremes also at 100.
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM_bf0", "LSTM", 0.0), ("LSTM_bf3", "LSTM", 3.0)]
PLAN = {5: [m[0] for m in MODELS], 20: [m[0] for m in MODELS],
        50: [m[0] for m in MODELS], 100: ["RNN", "LSTM_bf3"]}
res = {}  # (label, T) -> (seconds, train acc, test acc)
print("\n# part 2/3: training log (one line per finished run)")
for T in LENGTHS:
    (Xtr, ytr), (Xte, yte) = data[T]
    for label, kind, fb in MODELS:
        if label not in PLAN[T]:
            continue
        torch.manual_seed(7)
        net = Recaller(kind, forget_bias=fb)
        opt = torch.optim.Adam(net.parameters(), lr=0.01)
        g = torch.Generator().manual_seed(7)
        t0 = time.perf_counter()
        for _ in range(EPOCHS):
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
        res[(label, T)] = (dt, tr, te)
        print(f"# done\tT={T}\t{label}\t{dt:.1f}s")

print("\n# accuracy, one row per model (blank = not run)")
print("# copy into sheet")
cols = [(T, part) for T in LENGTHS for part in ("tr", "te")]
print("\t".join(["model"] + [f"len{T}_{p}" for T, p in cols]))
for label, _, _ in MODELS:
    cells = []
    for T, p in cols:
        r = res.get((label, T))
        cells.append("" if r is None else f"{r[1 if p == 'tr' else 2]:.3f}")
    print("\t".join([label] + cells))

print("\n# training seconds, one row per model, plus LSTM_bf3/RNN and len50/len20 ratios")
print("# copy into sheet")
print("\t".join(["model"] + [f"len{T}_s" for T in LENGTHS] + ["x50/20"]))
for label, _, _ in MODELS:
    cells = [("" if (label, T) not in res else f"{res[(label, T)][0]:.1f}") for T in LENGTHS]
    cells.append(f"{res[(label, 50)][0] / res[(label, 20)][0]:.2f}")
    print("\t".join([label] + cells))
print("\t".join(["bf3/RNN"] + [f"{res[('LSTM_bf3', T)][0] / res[('RNN', T)][0]:.2f}"
                              for T in LENGTHS] + [""]))

# The plain RNN breaks at length 50: it reads 1.000/1.000 at length 20 but 0.561 train and 0.494 test at 50 (and 0.581/0.508 at 100), so it never found the rule.
# At length 50 the forget-bias-0 LSTM reads 0.839 train against 0.495 test, a gap of 0.344, which means it memorised the 4,000 training rows instead of learning that the answer is token 0.
# Forget bias 3 turned the same LSTM into 1.000/1.000 at lengths 50 and 100, which step 3's gradient table predicted, because there the cell-state blame changes by x1.016 per step at bias 3 but shrinks by x0.629 at bias 0.
# Across my first two runs the seconds grew 1.6x to 4.8x from length 20 to 50 for each model, and the LSTM_bf3 cost 1.2x to 2.8x the RNN at lengths 20 and 50, so longer inputs and gates always cost more, but the exact factors jump because other jobs share this 2-core machine (this run's factors are in the last table).
# For 30-token inputs I would ship the LSTM with forget bias 3 (or the GRU, also 1.000/1.000 at 50), because the plain RNN is only safe up to 20 and already fell to 0.494 test at 50, and a 2x to 3x training cost is cheap next to a coin toss.
