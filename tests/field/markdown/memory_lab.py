# memory_lab.py -- Exercise 3: the memory-length lab (Step 5 + one addition)
# Step 5's experiment redone with a GRU added and a fifth length (100) for the
# two extreme models. Everything prints as Markdown so I can paste it into my notes.
#
# torch 1.13 note: Step 5 runs as written on 1.13, nothing missing here.
# I kept the full 4,000 training rows (did not cut to 2,000), it just takes a few
# minutes on this shared 2-core box instead of ~40 s on the course laptop.
import time, torch, torch.nn as nn

torch.set_num_threads(4)  # same as the module (my machine only has 2 cores, so timings are slower)

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
        # added GRU to the module's dict
        self.core = {"RNN": nn.RNN, "GRU": nn.GRU, "LSTM": nn.LSTM}[kind](16, hid, batch_first=True)
        if forget_bias:  # start every forget valve wide open
            # torch packs LSTM gates as (input, forget, cell, output) -> rows hid:2*hid are the forget gate
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()


def run_one(kind, fb, Xtr, ytr, Xte, yte, epochs=40):
    torch.manual_seed(7)
    net = Recaller(kind, forget_bias=fb)
    opt = torch.optim.Adam(net.parameters(), lr=0.01)
    g = torch.Generator().manual_seed(7)
    t0 = time.perf_counter()
    for _ in range(epochs):
        net.train()
        for i in torch.randperm(len(Xtr), generator=g).split(64):
            opt.zero_grad()
            loss_fn(net(Xtr[i]), ytr[i]).backward()
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)  # clipping at 1.0 for every run
            opt.step()
    dt = time.perf_counter() - t0
    net.eval()
    with torch.no_grad():
        tr = float(((net(Xtr) > 0).float() == ytr).float().mean())
        te = float(((net(Xte) > 0).float() == yte).float().mean())
    return dt, tr, te


print("# Memory-length lab\n")

# ---------------------------------------------------------------- Part 1
print("### Part 1 — the recall task: does the label depend only on token 0?\n")
print("| length | split | shape | label == token 0 | noise tokens in 2..9 | share label=1 |")
print("|---|---|---|---|---|---|")
DATA = {}
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    DATA[T] = (Xtr, ytr, Xte, yte)
    for split, X, y in (("train", Xtr, ytr), ("test", Xte, yte)):
        same = int((X[:, 0].float() == y).sum())
        noise_ok = bool(((X[:, 1:] >= FLAGS) & (X[:, 1:] < FLAGS + FILLERS)).all())
        print(f"| {T} | {split} | {tuple(X.shape)} | {same}/{len(y)} | {noise_ok} | {float(y.mean()):.3f} |")

# one more sanity check: if the label leaked into the filler, P(label=1 | last token)
# would move away from 0.5. It should not.
print("\nP(label = 1 | value of the LAST token), training rows (should all sit near 0.5):\n")
print("| length | " + " | ".join(f"last={v}" for v in range(FLAGS, FLAGS + FILLERS)) + " |")
print("|---|" + "---|" * FILLERS)
for T in (5, 20, 50, 100):
    Xtr, ytr = DATA[T][0], DATA[T][1]
    cells = [f"{float(ytr[Xtr[:, -1] == v].mean()):.3f}" for v in range(FLAGS, FLAGS + FILLERS)]
    print(f"| {T} | " + " | ".join(cells) + " |")

# ---------------------------------------------------------------- Part 2 + 3
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM b_f=0", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
EXTREMES = [("RNN", "RNN", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]  # Part 3: only these at length 100

print("\n### Part 2 + Part 3 — four models x lengths 5/20/50, plus length 100 for the extremes\n")
print("40 epochs, Adam lr 0.01, batch 64, clip_grad_norm_ at 1.0, 4,000 train / 1,000 test rows.\n")
print("| length | model | train s | train acc | test acc |")
print("|---|---|---|---|---|")
RESULTS = {}
for T in (5, 20, 50, 100):
    Xtr, ytr, Xte, yte = DATA[T]
    for label, kind, fb in (MODELS if T < 100 else EXTREMES):
        dt, tr, te = run_one(kind, fb, Xtr, ytr, Xte, yte)
        RESULTS[(T, label)] = (dt, tr, te)
        print(f"| {T} | {label} | {dt:.1f} | {tr:.3f} | {te:.3f} |")

print("\n**Training seconds, how they grow with length**\n")
print("| model | s @5 | s @20 | s @50 | s @100 | 50 / 20 | vs RNN @20 | vs RNN @50 |")
print("|---|---|---|---|---|---|---|---|")
for label, _, _ in MODELS:
    s = {T: RESULTS[(T, label)][0] for T in (5, 20, 50, 100) if (T, label) in RESULTS}
    s100 = f"{s[100]:.1f}" if 100 in s else "—"
    print(f"| {label} | {s[5]:.1f} | {s[20]:.1f} | {s[50]:.1f} | {s100} | x{s[50] / s[20]:.2f}"
          f" | x{s[20] / RESULTS[(20, 'RNN')][0]:.2f} | x{s[50] / RESULTS[(50, 'RNN')][0]:.2f} |")

print("\n**Train minus test at length 50 (memorisation check)**\n")
for label, _, _ in MODELS:
    dt, tr, te = RESULTS[(50, label)]
    print(f"- {label}: train {tr:.3f} - test {te:.3f} = **{tr - te:+.3f}**")

# ---------------------------------------------------------------- extra: Step 5's timing table
print("\n### Extra — Step 5's second table: one forward pass, LSTM vs attention\n")
print("batch 32, 128 features, mean of 3 passes\n")
print("| length | LSTM (sequential) ms | attention (parallel) ms | ratio |")
print("|---|---|---|---|")
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
    print(f"| {T} | {a * 1000:.1f} | {b * 1000:.1f} | {a / b:.1f}x |")

# ---------------------------------------------------------------- Part 4: what I conclude
# (numbers below are from my own memory_lab.out run, torch 1.13)
# 1. The plain RNN breaks between length 20 and 50: 1.000/1.000 at 20, then 0.561 train / 0.494
#    test at 50 and 0.581 / 0.508 at 100 -- a coin toss even on its own training rows, so it never
#    learned the rule (the module printed 0.539 / 0.507 at 50; same story, see MANIFEST).
# 2. The forget-bias-0 LSTM at length 50 reads 0.839 train but 0.495 test, a gap of 0.344 (> 0.3):
#    it memorised the 4,000 training sequences by their filler patterns without finding "answer =
#    token 0", so anyone quoting only the training number would wrongly say the LSTM works.
# 3. Setting the forget bias to 3 turned that same LSTM into 1.000 / 1.000 at 50 and still 1.000 /
#    1.000 at 100, and step 3's gradient table predicted it: the cell-state blame goes x0.629 per
#    step at b_f=0 (step 1 gets 5.2e-12) but x1.016 at b_f=3 (step 1 gets 4.8e-02, more than step 50),
#    so with open valves the signal from token 0 actually reaches the weights.
# 4. Training seconds: my wall-clock numbers are swamped by other jobs on this shared 2-core box
#    (load average ~20) -- e.g. the RNN took 41.7 s at length 50 but 46.3 s at 20 -- so I can't read a
#    clean trend from them; the sane parts are 20->50 about x1.9 for the GRU and x2.7 for LSTM b_f=3,
#    RNN 41.7 -> 107.9 s from 50 to 100, LSTM b_f=3 136.7 -> 301.1 s (about x2.2 per doubling of length),
#    and the module's quiet laptop shows the clean version: every model roughly doubles from 20 to 50
#    (RNN 1.8 -> 3.8 s, LSTM 4.1 -> 9.2 s) and the LSTM costs about twice the RNN at each length.
# 5. For 30-token inputs I would ship the LSTM with forget bias 3: 30 is past the 20 where everything
#    is perfect and heading for the 50 where my plain RNN is at 0.494 and the bias-0 LSTM at 0.495,
#    while LSTM b_f=3 measured 1.000 test at 50 and at 100, so it has margin; the GRU (1.000 at 50)
#    is the runner-up but I did not measure it at 100, and the ~2x training cost over the RNN is
#    cheap compared with a model that is a coin toss -- I'd still run length 30 itself before shipping.
