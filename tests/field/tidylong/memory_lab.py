"""Exercise 3: the memory-length lab (module Step 5 plus a GRU and a length of 100).

Every result is printed as one tidy CSV row: exercise,model,setting,step,metric,value.
'setting' holds the sequence length (T=..), 'step' is left empty here.
"""
import csv, sys, time, torch, torch.nn as nn
torch.set_num_threads(4)

FLAGS, FILLERS = 2, 8  # tokens 0,1 = the flag; tokens 2..9 = noise
EX = "memory_lab"
out = csv.writer(sys.stdout, lineterminator="\n")


def row(model, setting, metric, value, step=""):
    out.writerow([EX, model, setting, step, metric, value])


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
        if forget_bias:  # start every forget valve wide open (LSTM only)
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
PLAN = [(5, MODELS), (20, MODELS), (50, MODELS), (100, EXTREMES)]

print("rows below belong to memory_lab.py")
out.writerow(["exercise", "model", "setting", "step", "metric", "value"])

# Part one: the label is token 0 and nothing else; the split is about 50-50.
for T, _ in PLAN:
    for part, n, seed in (("train", 4000, 100 + T), ("test", 1000, 200 + T)):
        X, y = recall_task(n, T, seed)
        s = f"T={T}"
        row("data", s, f"{part}_rows", n)
        row("data", s, f"{part}_label_equals_token0", f"{float((X[:, 0].float() == y).float().mean()):.3f}")
        row("data", s, f"{part}_flag_tokens_after_pos0", int((X[:, 1:] < FLAGS).sum()))
        row("data", s, f"{part}_positive_share", f"{float(y.mean()):.3f}")

# Part two and three: train every model at every length, 40 epochs, clip at 1.0.
for T, models in PLAN:
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    for label, kind, fb in models:
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
        s = f"T={T}"
        row(label, s, "train_seconds", f"{dt:.1f}")
        row(label, s, "train_acc", f"{tr:.3f}")
        row(label, s, "test_acc", f"{te:.3f}")

# Step 5's second table: one forward pass, step by step or all at once.
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
    s = f"T={T}"
    row("LSTM forward", s, "ms_per_pass", f"{a * 1000:.1f}")
    row("attention forward", s, "ms_per_pass", f"{b * 1000:.1f}")
    row("LSTM/attention", s, "time_ratio", f"{a / b:.1f}")

# Part four: comments, written after my first full run (accuracies are seeded and
# should repeat; the seconds will not, since this 2-core machine is shared).
# Note: I kept the full 4,000 training rows; on this busy machine the whole lab
# took about 17 minutes, not 40 seconds.
# Part one check: at every length the label equals token 0 on 100% of rows, no
# flag token ever appears after position 0, and the positive share is between
# 0.457 and 0.517, so close to 50-50.
# 1. The plain RNN breaks between length 20 and length 50: at 5 and 20 it reads
#    1.000 train and test, at 50 it reads 0.561 train and 0.494 test, and at 100
#    0.581 and 0.508, which is a coin toss (the module printed 0.539 / 0.507).
# 2. At length 50 the forget-bias-0 LSTM reads 0.839 on training rows but 0.495
#    on test rows, a gap of 0.344 (more than 0.3): that is memorisation, it learned
#    the noise in 4,000 training sequences and not the rule "look at token 0".
# 3. Setting the forget bias to 3 took that same LSTM to 1.000 train and 1.000
#    test at length 50 and even at length 100, and step 3's gradient table predicted
#    it: the cell-state blame factor goes from x0.629 per step at bias 0 (step 1
#    gets 5.2e-12) to x1.016 at bias 3 (step 1 gets 4.8e-02), so the first token
#    can actually be learned from.
# 4. Training seconds grow with length for every model, but on this shared machine
#    the clock is noisy: from length 20 to 50 the RNN went 30.8 -> 55.0 s (x1.8),
#    the GRU 72.4 -> 104.2 s (x1.4), the b_f=0 LSTM 34.9 -> 137.2 s (x3.9) and the
#    b_f=3 LSTM 58.0 -> 80.2 s (x1.4), and at length 100 the LSTM took 203.7 s
#    against the RNN's 91.8 s (x2.2), so "roughly double" and "LSTM about twice
#    the RNN" only hold loosely here.
# 5. For 30-token inputs I would ship the LSTM with forget bias 3 (or the GRU):
#    in my runs it is 1.000 / 1.000 at 20, 50 and 100 tokens, while the plain RNN
#    is already at chance (0.494 test) by 50, so 30 tokens is too close to the
#    RNN's breaking point; the GRU also read 1.000 / 1.000 at 50 and is the
#    fallback if the LSTM's extra cost matters.
