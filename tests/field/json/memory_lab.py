# memory_lab.py -- exercise 3: how long can each model remember token 0?
import json, time
import torch, torch.nn as nn
torch.set_num_threads(4)  # module setting; this machine only has 2 cores, so seconds will be slower

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
        if forget_bias:  # start every forget valve wide open (LSTM gate order i, f, g, o)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM b_f=0", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
EXTREMES = [("RNN", "RNN", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
N_TRAIN, N_TEST, EPOCHS = 4000, 1000, 40

results = {"settings": {"n_train": N_TRAIN, "n_test": N_TEST, "epochs": EPOCHS,
                        "clip": 1.0, "lr": 0.01, "batch": 64, "hidden": 32,
                        "threads": torch.get_num_threads()},
           "data": {}, "runs": {}, "table": []}


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


for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(N_TRAIN, T, seed=100 + T)
    Xte, yte = recall_task(N_TEST, T, seed=200 + T)
    # part one: the label is token 0 and nothing else, and the classes are balanced
    Xall, yall = torch.cat([Xtr, Xte]), torch.cat([ytr, yte])
    corr_other = []
    for t in range(1, T):
        c = torch.corrcoef(torch.stack([Xall[:, t].float(), yall]))[0, 1]
        corr_other.append(abs(float(c)))
    results["data"][f"T={T}"] = {
        "train_shape": list(Xtr.shape), "test_shape": list(Xte.shape),
        "label_equals_token0_train": float((Xtr[:, 0].float() == ytr).float().mean()),
        "label_equals_token0_test": float((Xte[:, 0].float() == yte).float().mean()),
        "fillers_never_flags": bool((Xall[:, 1:] >= FLAGS).all()),
        "max_abs_corr_label_vs_tokens_1_to_end": max(corr_other),
        "frac_positive_train": float(ytr.mean()),
        "frac_positive_test": float(yte.mean()),
    }
    # part two (T=5,20,50: four models) and part three (T=100: the two extremes only)
    models = MODELS if T <= 50 else EXTREMES
    results["runs"][f"T={T}"] = {}
    for label, kind, fb in models:
        print(f"training {label} T={T} ...", flush=True)
        dt, tr, te = fit_and_score(kind, fb, Xtr, ytr, Xte, yte)
        results["runs"][f"T={T}"][label] = {"train_s": round(dt, 2), "train_acc": tr, "test_acc": te}
        results["table"].append([T, label, round(dt, 1), round(tr, 3), round(te, 3)])

# extra, from Step 5 itself: one forward pass, LSTM walking the steps vs attention all at once
print("timing LSTM vs attention forward pass ...", flush=True)
H = 128
lstm = nn.LSTM(H, H, batch_first=True)
results["timing_ms"] = {}
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
    results["timing_ms"][f"T={T}"] = {"lstm": round(a * 1000, 1), "attention": round(b * 1000, 1),
                                      "ratio": round(a / b, 1)}

print(json.dumps(results, indent=2))

# Comments (numbers from my memory_lab.out; torch 1.13 on a shared 2-core box, load ~15-20):
# 1. The plain RNN breaks at length 50: 1.000/1.000 at lengths 5 and 20, then 0.561 train and
#    0.494 test at 50 (module: 0.539/0.507) and 0.581/0.508 at 100 -- a coin toss, and the low
#    training number says it never found the rule at all. (I re-ran the module's Step 5 loop
#    unchanged in check_rnn50.py, with 4 and with 1 thread: same 0.561/0.494 and 0.839/0.495,
#    so the small drift is the torch 1.13 build, not my GRU addition or the thread count.)
# 2. The LSTM with forget bias 0 at length 50 reads 0.839 on training but 0.495 on test
#    (module 0.858/0.506): a gap of ~0.34 (> 0.3), which is memorisation of the 4,000 training
#    sequences (their noise patterns) rather than learning "copy token 0" -- report only the
#    training number and you'd say the LSTM works.
# 3. Forget bias 3 turned the same LSTM into 1.000/1.000 at 50 and still 1.000/1.000 at 100;
#    step 3's table predicted this, because the cell-state blame changes x1.016 per step at b_f=3
#    (step 1 still gets 4.8e-02) against x0.629 at b_f=0 (5.2e-12 at step 1), so only the open
#    valve lets the token-0 signal reach the weights.
# 4. Training seconds grow with length for every model, but on this loaded machine not the
#    module's clean "roughly double from 20 to 50": RNN 9.6 -> 14.3 -> 60.1 (-> 100.6 at T=100),
#    GRU 23.4 -> 50.2 -> 111.7, LSTM b_f=0 38.4 -> 39.2 -> 172.6, LSTM b_f=3 22.5 -> 55.9 -> 186.3
#    (-> 321.5), i.e. x2.2 to x4.4 from 20 to 50, and the LSTMs cost about 3x the RNN at 20 and 50
#    (2.3x-4x at 5); the same-architecture pair b_f=0/b_f=3 differs by 1.7x at T=5, which shows
#    how much of this is other jobs on the box, not the model.
# 5. For 30-token inputs I'd ship the LSTM with forget bias 3: it is the only model I measured
#    at 1.000 test at both 50 and 100 tokens, so 30 is well inside its range, while the plain RNN
#    is already 0.494 at 50 and I have no measurement showing it is safe at 30; the GRU
#    (1.000/1.000 at 50 in 111.7 s vs 186.3 s for the LSTM) is the cheaper runner-up I'd try next.
# 6. The timing table did NOT reproduce here: LSTM 318.6/1027.3/760.2/2297.0 ms vs attention
#    284.0/479.0/2521.2/9862.8 ms at 50/200/500/1000, so attention was slower at 500 and 1000
#    (module: 66.5 vs 30.6 ms at 1000). With 4 threads asked for on 2 cores shared with other
#    jobs, and a 32x1000x1000 score tensor, I don't trust these ms; I quote the module's
#    66.6 / 32.1 ms in answers.md and mark mine as a deviation. (Small difference from the module:
#    I put the timed loops inside torch.no_grad() too, the module only the warm-up.)
