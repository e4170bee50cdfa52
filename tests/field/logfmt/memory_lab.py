# memory_lab.py - exercise 3: the memory-length lab (Step 5 plus a GRU and a length-100 row)
# Everything is printed as logfmt lines, one event per line.
import time, torch, torch.nn as nn

# The module uses 4 threads and 4,000 training rows. This machine has 2 cores shared
# with other jobs (load average ~13). A first attempt at 2 threads and 4,000 rows needed
# ~500 s for ONE length-5 LSTM, i.e. well over an hour for the full lab, so, as the module
# allows, I cut the training rows from 4,000 to 2,000 and use 1 thread (a quick check
# showed 1 thread ran an LSTM step ~2.7x faster than 2 threads here). Test rows stay 1,000.
# Because of the smaller training set my numbers are not expected to match the module exactly.
torch.set_num_threads(1)
N_TRAIN = 2000
EXP = "memory_lab"


def log(event, level="info", **kv):
    parts = [f"ts={time.strftime('%H:%M:%S')}", f"level={level}", f"exp={EXP}", f"event={event}"]
    for k, v in kv.items():
        if isinstance(v, float):
            v = f"{v:.3f}"
        v = str(v)
        if " " in v or v == "":
            v = '"' + v + '"'
        parts.append(f"{k}={v}")
    print(" ".join(parts))


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
        self.core = {"RNN": nn.RNN, "GRU": nn.GRU, "LSTM": nn.LSTM}[kind](16, hid, batch_first=True)
        if forget_bias:  # start every forget valve wide open (LSTM gate order: i, f, g, o)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM_bf0", "LSTM", 0.0), ("LSTM_bf3", "LSTM", 3.0)]
LENGTHS = (5, 20, 50, 100)
EXTREME = ("RNN", "LSTM_bf3")  # part three: only these two at length 100

log("start", torch=torch.__version__, threads=torch.get_num_threads(), train_rows=N_TRAIN, test_rows=1000)

# ---- part one: the task itself -------------------------------------------
data = {}
for T in LENGTHS:
    Xtr, ytr = recall_task(N_TRAIN, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    data[T] = (Xtr, ytr, Xte, yte)
    for split, X, y in (("train", Xtr, ytr), ("test", Xte, yte)):
        label_is_token0 = float((X[:, 0].float() == y).float().mean())
        flags_after_0 = int((X[:, 1:] < FLAGS).sum())  # flag tokens anywhere but position 0
        log("task_check", T=T, split=split, shape=f"{tuple(X.shape[:1])[0]}x{X.shape[1]}",
            label_eq_token0=label_is_token0, flag_tokens_after_pos0=flags_after_0,
            pos_frac=float(y.mean()))

# ---- parts two and three: train and score -----------------------------------
results = []
for T in LENGTHS:
    Xtr, ytr, Xte, yte = data[T]
    for label, kind, fb in MODELS:
        if T == 100 and label not in EXTREME:
            continue
        torch.manual_seed(7)
        net = Recaller(kind, forget_bias=fb)
        opt = torch.optim.Adam(net.parameters(), lr=0.01)
        g = torch.Generator().manual_seed(7)
        t0 = time.perf_counter()
        for ep in range(40):
            net.train()
            tot, nb = 0.0, 0
            for i in torch.randperm(len(Xtr), generator=g).split(64):
                opt.zero_grad()
                loss = loss_fn(net(Xtr[i]), ytr[i])
                loss.backward()
                nn.utils.clip_grad_norm_(net.parameters(), 1.0)
                opt.step()
                tot += float(loss); nb += 1
            if (ep + 1) % 10 == 0:
                log("epoch", level="debug", T=T, model=label, epoch=ep + 1,
                    loss=f"{tot / nb:.4f}", secs=f"{time.perf_counter() - t0:.1f}")
        dt = time.perf_counter() - t0
        net.eval()
        with torch.no_grad():
            tr = float(((net(Xtr) > 0).float() == ytr).float().mean())
            te = float(((net(Xte) > 0).float() == yte).float().mean())
        results.append((T, label, dt, tr, te))
        log("result", T=T, model=label, secs=f"{dt:.1f}", train_acc=tr, test_acc=te,
            gap=f"{tr - te:+.3f}")

# the summary the comments below lean on: seconds ratios
secs = {(T, m): dt for T, m, dt, _, _ in results}
for label, _, _ in MODELS:
    if (20, label) in secs and (50, label) in secs:
        log("secs_ratio", model=label, from_T=20, to_T=50,
            ratio=f"{secs[(50, label)] / secs[(20, label)]:.2f}")
for T in LENGTHS:
    if (T, "RNN") in secs and (T, "LSTM_bf0") in secs:
        log("secs_ratio", T=T, num="LSTM_bf0", den="RNN",
            ratio=f"{secs[(T, 'LSTM_bf0')] / secs[(T, 'RNN')]:.2f}")

# ---- Step 5's timing table: one forward pass, sequential vs parallel -----
H = 128
lstm = nn.LSTM(H, H, batch_first=True)
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
    log("timing", T=T, lstm_ms=f"{a * 1000:.1f}", attention_ms=f"{b * 1000:.1f}", ratio=f"{a / b:.1f}")

log("done")

# ---- part four: what I read off my own run -------------------------------
# Accuracies below are seeded and came out identical in all three of my runs (2,000 training
# rows, 1 thread). Seconds are from a run made after the machine load dropped (my first run
# was under load ~13 and its timings were meaningless); they still wobble run to run.
# 1. Where the plain RNN breaks: it is perfect at lengths 5 and 20 (1.000/1.000) and fails at
#    50 (0.629 train / 0.524 test) and 100 (0.630 / 0.528), i.e. it breaks between 20 and 50.
# 2. LSTM with forget bias 0 at length 50 reads 0.952 train but 0.497 test, a gap of 0.455
#    (> 0.3): it memorised the 2,000 training sequences without learning "answer = first
#    token", so the training number alone would wrongly say the LSTM works.
# 3. Opening the forget gate (bias 3) turned that same LSTM into 1.000 / 1.000 at length 50
#    (and at 100); gradient_decay.py predicted it, since the cell-state blame factor goes from
#    x0.629 per step at bias 0 (step 1 gets 5e-12) to x1.016 at bias 3 (step 1 keeps it all).
# 4. Training seconds grow with length for every model, but they are noisy on this shared
#    machine, so I quote the range over my two quieter runs: from length 20 to 50 the time went
#    up 2.1-4.3x (e.g. RNN 2.7 -> 6.4 s and 2.1 -> 5.5 s), i.e. at least the module's "roughly
#    double"; the plain LSTM cost 1.7-4.2x the RNN at each length (about 2x at length 5, 2.5-3x
#    at 20-50), and length 100 roughly doubled again (RNN 10-16 s).
# 5. For 30-token inputs I would ship the LSTM with forget bias 3: 30 sits between the length
#    where everything works (20) and where the RNN, GRU and plain LSTM all fail (50: test 0.524,
#    0.527, 0.497), while bias-3 LSTM was 1.000/1.000 at 50 - the extra ~2-4x training time
#    is cheap insurance (about 15-22 s vs 5.5-6.4 s for the RNN at length 50 here). (I would still run all four at T=30 to confirm before shipping.)
