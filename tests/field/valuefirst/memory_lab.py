# memory_lab.py -- Step 5's memory-length experiment, plus a GRU and a length of 100.
# Task: remember the FIRST token (a flag, 0 or 1) and answer after T-1 noise tokens.
# Training rows kept at 4,000 as in the module (not cut to 2,000).
import time, torch, torch.nn as nn
torch.set_num_threads(4)
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
        self.core = {"RNN": nn.RNN, "GRU": nn.GRU, "LSTM": nn.LSTM}[kind](
            16, hid, batch_first=True)
        if forget_bias:  # start every forget valve wide open (LSTM gate order i, f, g, o)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)

loss_fn = nn.BCEWithLogitsLoss()

def run(T, label, kind, fb):
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
    print(f"{dt:8.1f}  training seconds,  length {T:3d}, {label}")
    print(f"{tr:8.3f}  training accuracy, length {T:3d}, {label}")
    print(f"{te:8.3f}  test accuracy,     length {T:3d}, {label}", flush=True)
    return dt, tr, te

# ---- Part one: the label depends only on token 0, and the split is close to 50-50
for T in (5, 20, 50, 100):
    for name, n, seed in (("train", 4000, 100 + T), ("test", 1000, 200 + T)):
        X, y = recall_task(n, T, seed)
        same = float((X[:, 0].float() == y).float().mean())
        # largest |correlation| between the label and the token at any later position
        later = X[:, 1:].float()
        lc = later - later.mean(0)
        yc = y - y.mean()
        corr = (lc * yc[:, None]).sum(0) / (lc.norm(dim=0) * yc.norm() + 1e-12)
        print(f"{same:8.3f}  share of {name} rows whose label equals token 0, length {T}")
        print(f"{corr.abs().max():8.3f}  largest |correlation| of the label with any "
              f"later token, {name}, length {T}")
        print(f"{float(y.mean()):8.3f}  share of {name} labels that are 1, length {T}")

# ---- Parts two and three: four models at 5, 20, 50; the two extremes at 100
MODELS = [("plain RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM b_f=0", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
print()
for T in (5, 20, 50):
    for label, kind, fb in MODELS:
        run(T, label, kind, fb)
for label, kind, fb in (MODELS[0], MODELS[3]):
    run(100, label, kind, fb)

# ---- Step 5's timing check: one forward pass, sequential LSTM against attention
print()
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
    print(f"{a * 1000:8.1f}  ms for one LSTM forward pass, batch 32, length {T}")
    print(f"{b * 1000:8.1f}  ms for one attention pass, batch 32, length {T}")
    print(f"{a / b:8.1f}  LSTM time divided by attention time, length {T}")

# ---- Part four: what the table says (written after reading my first full run)
# The plain RNN breaks between length 20 and length 50: it reads 1.000 train and test at
# 5 and 20, then 0.561 train and 0.494 test at 50 and 0.581 / 0.508 at 100, a coin toss,
# while the GRU (1.000 / 1.000 at 50) and the forget-bias-3 LSTM (1.000 / 1.000 at 50 and
# at 100) do not break at any length I tried.
# At length 50 the forget-bias-0 LSTM reads 0.839 on training rows but 0.495 on test rows,
# a gap of 0.344 (more than 0.3), which means it memorised the 4,000 training sequences
# from their noise instead of learning the rule "answer with token 0".
# Setting the forget bias to 3 changed that LSTM from 0.839 / 0.495 to 1.000 / 1.000,
# exactly as gradient_decay.py predicted: its cell-state blame factor went from x0.629
# per step (5.180e-12 left at step 1) to x1.016 (4.782e-02 at step 1), so with open gates
# token 0 actually receives a learning signal.
# Training seconds grow with length for every model, roughly doubling from 20 to 50 for
# the RNN (33.0 to 61.9 s) and the forget-bias-0 LSTM (57.9 to 119.1 s), and again to
# 71.6 s and 240.7 s for the RNN and the bias-3 LSTM at 100; the LSTM cost about twice
# the RNN at 20 and 50 (and over three times at 100), but this 2-core machine was heavily
# loaded (load average about 13), so single timings are noisy (the length-5 GRU took 27.0 s
# while another of my scripts was running) and the seconds in this .out file come from a
# rerun and will not match these exactly; the module's "about 40 seconds" became several
# minutes here, and I kept the full 4,000 training rows rather than cutting to 2,000.
# For a task with 30-token inputs I would ship the GRU: 30 tokens is past the 20 where the
# plain RNN still worked but short of the 50 where it fell to 0.494, the GRU kept 1.000 /
# 1.000 at 50 in 59.6 s against 88.9 s for the bias-3 LSTM with the same 1.000 / 1.000,
# so it is the cheapest model I measured that survives a longer distance than 30 (I would
# still confirm it with one run at length 30 before shipping).
