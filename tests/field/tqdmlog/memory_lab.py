# memory_lab.py -- exercise 3: the memory-length lab (Step 5 plus a GRU and a length-100 run)
# Everything is printed as a training log. Finals are the last log line of each run.
import time, torch, torch.nn as nn
torch.set_num_threads(4)

FLAGS, FILLERS = 2, 8            # tokens 0,1 = the flag; tokens 2..9 = noise
EPOCHS, LOG_EVERY = 40, 10
N_TRAIN, N_TEST = 4000, 1000     # kept at 4,000 training rows (not cut to 2,000)


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
        if forget_bias:                       # start every forget valve wide open (LSTM only)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()


@torch.no_grad()
def accuracy(net, X, y):
    net.eval()
    return float(((net(X) > 0).float() == y).float().mean())


def run(T, label, kind, fb, Xtr, ytr, Xte, yte):
    tag = f"[len={T} | {label}]"
    torch.manual_seed(7)
    net = Recaller(kind, forget_bias=fb)
    opt = torch.optim.Adam(net.parameters(), lr=0.01)
    g = torch.Generator().manual_seed(7)
    print(f"{tag} start  params={sum(p.numel() for p in net.parameters()):,d}"
          f"  epochs={EPOCHS}  bs=64  lr=0.01  clip=1.0", flush=True)
    train_s = 0.0                             # clock only the training, not my log evals
    for ep in range(1, EPOCHS + 1):
        t0 = time.perf_counter()
        net.train()
        tot, nb = 0.0, 0
        for i in torch.randperm(len(Xtr), generator=g).split(64):
            opt.zero_grad()
            loss = loss_fn(net(Xtr[i]), ytr[i])
            loss.backward()
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)
            opt.step()
            tot += float(loss); nb += 1
        train_s += time.perf_counter() - t0
        if ep % LOG_EVERY == 0 or ep == 1:
            print(f"{tag} epoch {ep:3d}/{EPOCHS}  loss={tot / nb:.4f}"
                  f"  train_acc={accuracy(net, Xtr, ytr):.3f}  ({train_s:.1f}s)", flush=True)
    tr, te = accuracy(net, Xtr, ytr), accuracy(net, Xte, yte)
    print(f"{tag} final  train_acc={tr:.3f}  test_acc={te:.3f}  train_s={train_s:.1f}")
    print(f"{tag} done in {train_s:.1f}s", flush=True)


MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
PLAN = [(5, MODELS), (20, MODELS), (50, MODELS),
        (100, [MODELS[0], MODELS[3]])]          # part three: only the two extreme models at 100

# ---- part one: check the data before training anything ----
DATA = {}
for T, _ in PLAN:
    Xtr, ytr = recall_task(N_TRAIN, T, seed=100 + T)
    Xte, yte = recall_task(N_TEST, T, seed=200 + T)
    DATA[T] = (Xtr, ytr, Xte, yte)
    same = int((Xtr[:, 0].float() == ytr).sum()) + int((Xte[:, 0].float() == yte).sum())
    flags_later = int((Xtr[:, 1:] < FLAGS).sum()) + int((Xte[:, 1:] < FLAGS).sum())
    print(f"[data len={T}] train {tuple(Xtr.shape)} test {tuple(Xte.shape)}"
          f" | label==token0 on {same}/{N_TRAIN + N_TEST} rows"
          f" | flag tokens after position 0: {flags_later}"
          f" | label=1 share train {float(ytr.mean()):.3f} test {float(yte.mean()):.3f}")
print("[data] so the label is a copy of token 0 and tokens 1..T-1 are pure noise", flush=True)

# ---- parts two and three: train, one log block per run ----
t_all = time.perf_counter()
for T, models in PLAN:
    Xtr, ytr, Xte, yte = DATA[T]
    for label, kind, fb in models:
        run(T, label, kind, fb, Xtr, ytr, Xte, yte)
print(f"[all runs] done in {time.perf_counter() - t_all:.1f}s")

# ---- part four: what I read in the log (written after my first two runs, numbers from them) ----
# I ran this script twice before writing these notes (logs kept as memory_lab.run1.out and
# memory_lab.run2.out, busy 2-core machine, 4,000 training rows kept, not cut to 2,000).
# The accuracies were identical in both runs (they are seeded); the seconds were not.
# 1. The plain RNN breaks between length 20 and length 50: 1.000 / 1.000 at 5 and 20, then
#    0.561 train and 0.494 test at 50 (0.581 / 0.508 at 100) -- it never even fits the training
#    rows, so it never found the rule (token 0 is 49 steps back and its blame has vanished).
# 2. The forget-bias-0 LSTM at length 50 reads 0.839 train against 0.495 test, a gap of 0.344
#    (more than 0.3): that is memorisation -- it learned the noise of the 4,000 training rows
#    without learning "copy token 0", so on new rows it is a coin toss; the training number alone
#    would have told me it works.
# 3. Setting the forget bias to 3 (and nothing else) takes the same LSTM at length 50 to 1.000
#    train and 1.000 test (and 1.000 / 1.000 at 100), and gradient_decay predicted it: with b_f=0
#    the cell-state blame shrinks x0.629 per step (step 1 gets 5.2e-12), with b_f=3 it changes
#    x1.016 per step and step 1 gets as much blame as step 50, so the first token can be learned.
# 4. Training seconds grow with length, but the clock on this shared machine is noisy: from 20 to
#    50 the RNN went 27.0 -> 69.5 s (run 1) and 12.8 -> 27.9 s (run 2), about x2.2-2.6; the LSTM
#    96.9 -> 172.7 s and 24.4 -> 153.5 s; the GRU 94.1 -> 131.4 s and 23.9 -> 63.4 s; LSTM b_f=3
#    95.8 -> 126.7 s and 28.6 -> 170.3 s, and at 100 the b_f=3 LSTM took 110.1 s / 313.5 s.
#    The LSTM cost 1.9x to 5.5x the RNN at lengths 20 and 50 in both runs, but at length 5 run 2
#    even had the RNN slower (17.4 s vs 11.0 s), so I trust the trend (longer is slower, LSTM
#    slower than RNN) more than any exact ratio; the seconds in memory_lab.out are a third sample.
# 5. For 30-token inputs I would ship the LSTM with forget bias 3: 30 is past the 20 where every
#    model was fine but short of the 50 where the plain RNN (0.494 test) and the b_f=0 LSTM
#    (0.495 test) failed, and b_f=3 was 1.000 / 1.000 at 50 and even at 100, so it has margin;
#    the GRU (also 1.000 / 1.000 at 50, fewer weights: 4,993 vs 6,593) is my second choice, and
#    the RNN's speed is not worth a model that sits that close to its breaking length.
