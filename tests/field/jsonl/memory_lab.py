# memory_lab.py - module exercise 3: the memory-length lab (Step 5 plus a GRU and a length of 100)
# Every result goes to stdout as one JSON object per line (JSON Lines).
import json, time, torch, torch.nn as nn
torch.set_num_threads(4)

EXP = "memory_lab"


def log(**rec):
    print(json.dumps({"exp": EXP, **rec}))


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


def make_data(T):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    return Xtr, ytr, Xte, yte


def run_one(T, label, kind, fb, data, part):
    Xtr, ytr, Xte, yte = data
    torch.manual_seed(7)  # seed BEFORE the weights are made
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
    base = dict(part=part, length=T, model=label, kind=kind.lower(), forget_bias=fb)
    log(**base, metric="train_seconds", value=round(dt, 2))
    log(**base, metric="train_acc", value=round(tr, 3))
    log(**base, metric="test_acc", value=round(te, 3))


# ---- part 1: the task, and proof that only token 0 matters ----
log(event="start", part=1, name="recall task audit")
for T in (5, 20, 50, 100):
    Xtr, ytr, Xte, yte = make_data(T)
    for split, X, y in (("train", Xtr, ytr), ("test", Xte, yte)):
        rec = dict(part=1, length=T, split=split)
        log(**rec, metric="shape", value=list(X.shape))
        # the label is exactly token 0 for every row
        log(**rec, metric="label_equals_token0", value=bool((X[:, 0].float() == y).all()))
        # and no later position can carry the flag: tokens 1..T-1 are all fillers (2..9)
        log(**rec, metric="flag_tokens_after_position0", value=int((X[:, 1:] < FLAGS).sum()))
        log(**rec, metric="positive_share", value=round(float(y.mean()), 3))
log(event="end", part=1)

# ---- part 2: four models at lengths 5, 20, 50 ----
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM b_f=0", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
log(event="start", part=2, name="four models, lengths 5/20/50, 40 epochs, clip 1.0")
for T in (5, 20, 50):
    data = make_data(T)
    for label, kind, fb in MODELS:
        run_one(T, label, kind, fb, data, part=2)
log(event="end", part=2)

# ---- part 3: length 100, the two extreme models only ----
log(event="start", part=3, name="length 100, RNN and LSTM b_f=3")
data = make_data(100)
for label, kind, fb in (MODELS[0], MODELS[3]):
    run_one(100, label, kind, fb, data, part=3)
log(event="end", part=3)

# ---- extra: Step 5's forward-pass timing, sequential LSTM vs parallel attention ----
log(event="start", part="timing", name="one forward pass, batch 32, 128 features")
H = 128
torch.manual_seed(0)
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
    log(part="timing", length=T, model="lstm_sequential", metric="forward_ms", value=round(a * 1000, 1))
    log(part="timing", length=T, model="attention_parallel", metric="forward_ms", value=round(b * 1000, 1))
    log(part="timing", length=T, metric="lstm_over_attention", value=round(a / b, 1))
log(event="end", part="timing")

# ---- part 4: what the table says ----
# Written from my first (draft) run of this script, saved as memory_lab_draft.out; I stopped that run after
# part 2 because of time, and memory_lab.out is the rerun of this final file. Seconds below are the draft's.
# 1. The plain RNN breaks at length 50: 1.000 train and test at lengths 5 and 20, but 0.590 train and 0.495
#    test at 50 - near chance even on training rows, so it never learned "answer = token 0" at all.
# 2. At length 50 the forget-bias-0 LSTM read 0.851 train against 0.521 test, a gap of 0.33 (more than 0.3):
#    that is memorisation of the 4,000 training sequences, not the rule, and the training number alone
#    would have told me the LSTM works.
# 3. Forget bias 3 turned the same LSTM into 1.000 train and 1.000 test at length 50, exactly what step 3's
#    gradient table predicted: my gradient_decay run shows the cell-state blame shrinking x0.629 per step at
#    bias 0 (5.18e-12 left at step 1) but x1.016 at bias 3 (4.782e-02 at step 1 vs 2.230e-02 at step 50),
#    so the blame from the answer actually reaches token 0.
# 4. Seconds grew with length for every model but the machine was shared with 4-5 other training jobs on
#    2 cores, so they are noisy: RNN 12.2 -> 53.8 -> 51.6 s, GRU 21.5 -> 62.4 -> 362.7 s, LSTM b_f=0 42.2 ->
#    103.5 -> 535.0 s, LSTM b_f=3 34.2 -> 115.5 -> 552.9 s for lengths 5 -> 20 -> 50; the LSTM cost about
#    2x the RNN at length 20 (103-115 s vs 54 s) but the 20 -> 50 growth was ~5x for the LSTMs instead of
#    the module's ~2x, and the RNN did not grow at all - load, not the model, dominated those numbers.
# 5. For 30-token inputs I would ship the forget-bias-3 LSTM: it read 1.000 / 1.000 at 5, 20 and 50, so
#    30 is inside its measured range, while the plain RNN was only ever perfect up to 20 and fell to 0.495
#    test at 50, so 30 is too close to its break; the GRU also read 1.000 / 1.000 at 50 and trained faster
#    here (362.7 s vs 552.9 s), so it is my cheaper runner-up.
