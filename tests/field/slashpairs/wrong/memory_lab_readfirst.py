# memory_lab.py - module Step 5's recall task, plus a GRU and a length-100 row.
# The label is the FIRST token; the model must carry it across T-1 noise tokens.
import time, torch, torch.nn as nn
torch.set_num_threads(4)

FLAGS, FILLERS = 2, 8  # tokens 0,1 = the flag; tokens 2..9 = noise
N_TRAIN, N_TEST, EPOCHS = 4000, 1000, 40


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
        if forget_bias:  # LSTM gate order is i, f, g, o -> rows hid:2*hid = forget
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, 0, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()


def fit_and_score(kind, fb, Xtr, ytr, Xte, yte):
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
    return dt, tr, te


def f3(v):  # .539 style, leading zero dropped
    return f"{v:.3f}".lstrip("0") if v < 1 else f"{v:.3f}"


# ---- part one: the task itself -------------------------------------------
print("# format: part 1 = T: label==tok0 / noise in 2..9 / label split 1/0 (train, test)")
data = {}
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(N_TRAIN, T, seed=100 + T)
    Xte, yte = recall_task(N_TEST, T, seed=200 + T)
    data[T] = (Xtr, ytr, Xte, yte)
    same = bool((Xtr[:, 0].float() == ytr).all()) and bool((Xte[:, 0].float() == yte).all())
    noise_ok = bool((Xtr[:, 1:] >= FLAGS).all()) and bool((Xte[:, 1:] >= FLAGS).all())
    p_tr, p_te = float(ytr.mean()), float(yte.mean())
    print(f"T={T:<3d} label==tok0 {same} / noise-only {noise_ok} / "
          f"split tr {f3(p_tr)}/{f3(1 - p_tr)}  te {f3(p_te)}/{f3(1 - p_te)}"
          f"  shape tr/te {tuple(Xtr.shape)}/{tuple(Xte.shape)}")

# ---- parts two and three: the table --------------------------------------
print(f"\n# format: model@len  acc tr/te  (train secs)   [{N_TRAIN} train rows,"
      f" {EPOCHS} epochs, clip 1.0]")
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM", "LSTM", 0.0), ("LSTMbf3", "LSTM", 3.0)]
results = {}
for T in (5, 20, 50, 100):
    for label, kind, fb in MODELS:
        if T == 100 and label not in ("RNN", "LSTMbf3"):
            continue  # part three: only the two extreme models at length 100
        dt, tr, te = fit_and_score(kind, fb, *data[T])
        results[(label, T)] = (dt, tr, te)
        name = f"{label}@{T}"
        print(f"{name:<11s} acc tr/te = {f3(tr)}/{f3(te)}  ({dt:.1f}s)")
    print()

print("# secs ratios: len50/len20 per model, and LSTM/RNN per length")
print("  50/20  " + "  ".join(
    f"{m} {results[(m, 50)][0] / results[(m, 20)][0]:.2f}" for m, _, _ in MODELS))
for T in (5, 20, 50, 100):
    print(f"  LSTMbf3/RNN @{T}: {results[('LSTMbf3', T)][0] / results[('RNN', T)][0]:.2f}"
          + (f"   LSTM/RNN @{T}: {results[('LSTM', T)][0] / results[('RNN', T)][0]:.2f}"
             if ("LSTM", T) in results else ""))
