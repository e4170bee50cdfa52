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
        # the exercise adds a GRU, so nn.GRU joins the module's dict
        self.core = {"RNN": nn.RNN, "GRU": nn.GRU,
                     "LSTM": nn.LSTM}[kind](16, hid, batch_first=True)
        if forget_bias:  # start every forget valve wide open
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
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)  # for gain 1.5 runs
            opt.step()
    dt = time.perf_counter() - t0
    net.eval()
    with torch.no_grad():
        tr = float(((net(Xtr) > 0).float() == ytr).float().mean())
        te = float(((net(Xte) > 0).float() == yte).float().mean())
    print(f"{T:7d} {label:<11s} {dt:8.1f} {tr:10.3f} {te:9.3f}")
    return dt, tr, te


print("Part 1 — the recall task at three lengths")
print(f"{'length':>7s} {'split':>6s} {'rows':>6s} {'label==token0':>14s}"
      f" {'flag after 0':>13s} {'share of 1s':>12s}")
for T in (5, 20, 50):
    for split, n, seed in (("train", 4000, 100 + T), ("test", 1000, 200 + T)):
        X, y = recall_task(n, T, seed)
        same = float((X[:, 0].float() == y).float().mean())
        later = int((X[:, 1:] < FLAGS).sum())  # a flag token anywhere after 0?
        print(f"{T:7d} {split:>6s} {n:6d} {same:14.3f} {later:13d}"
              f" {float(y.mean()):12.3f}")
X, y = recall_task(4, 5, seed=105)
print("\nfour length-5 training rows (token 0 is the flag, the rest is noise):")
for row, lab in zip(X, y):
    print(f"  {row.tolist()}  label {int(lab)}")

MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0), ("LSTM", "LSTM", 0.0),
          ("LSTM b_f=3", "LSTM", 3.0)]

print("\nPart 2 — four models, three lengths, 40 epochs, clipping at 1.0")
print(f"{'length':>7s} {'model':<11s} {'train s':>8s} {'train acc':>10s}"
      f" {'test acc':>9s}")
results = {}
for T in (5, 20, 50):
    for label, kind, fb in MODELS:
        results[(T, label)] = run(T, label, kind, fb)

print("\nPart 3 — a fifth length, the two extreme models only")
print(f"{'length':>7s} {'model':<11s} {'train s':>8s} {'train acc':>10s}"
      f" {'test acc':>9s}")
for label, kind, fb in (MODELS[0], MODELS[3]):
    results[(100, label)] = run(100, label, kind, fb)

print("\ntraining seconds by length (same numbers as above, one row per model)")
print(f"{'model':<11s}" + "".join(f"{T:>8d}" for T in (5, 20, 50, 100))
      + f"{'50/20':>8s}")
for label, _, _ in MODELS:
    secs = [results.get((T, label), (float('nan'),))[0] for T in (5, 20, 50, 100)]
    print(f"{label:<11s}" + "".join(f"{s:8.1f}" for s in secs)
          + f"{secs[2] / secs[1]:7.1f}x")
print(f"{'LSTM / RNN':<11s}" + "".join(
    f"{results[(T, 'LSTM')][0] / results[(T, 'RNN')][0]:7.1f}x" for T in (5, 20, 50)))

print("\nThe rest of Step 5 — one forward pass, batch 32, 128 features: step by step, or all at once")
print(f"{'length':>7s} {'LSTM (sequential)':>19s} {'attention (parallel)':>21s}"
      f" {'ratio':>7s}")
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
    print(f"{T:7d} {a * 1000:16.1f} ms {b * 1000:18.1f} ms {a / b:6.1f}x")

# Comments (Part 4).
# Part 1 first: at every length the label equals token 0 in 1.000 of the rows,
# no flag token (0 or 1) ever appears after position 0, and the share of label-1
# rows is between 0.457 and 0.517, so the task really is "remember the first
# token" and a constant guess scores about 0.5.
# I kept the full 4,000 training rows (I did not cut to 2,000), but this machine
# is shared and only has 2 cores, so the whole file took about 25 minutes instead
# of the module's 36 seconds.
# Sentence 1: the plain RNN breaks between length 20 and length 50: it reads
# 1.000 and 1.000 at 5 and 20 steps, then 0.561 training and 0.494 test at 50
# steps and 0.581 and 0.508 at 100 steps, which is a coin toss, and its low
# training number says it never found the rule at all.
# Sentence 2: the LSTM with forget bias 0 reads 0.839 on training rows but 0.495
# on test rows at length 50, a gap of 0.344 (more than 0.3), which means it
# memorised the 4,000 training sequences instead of learning to look at token 0,
# and anyone reporting only the training number would say it works.
# Sentence 3: setting the forget bias to 3 changed that row to 1.000 and 1.000 at
# length 50 and again at length 100, and gradient_decay.py predicted it, because
# the blame on the cell state shrinks by x0.629 per step at bias 0 (5.180e-12 at
# step 1) but changes by only x1.016 per step at bias 3 (4.782e-02 at step 1, as
# big as at step 50), so only the open-gate LSTM gets a training signal back to
# token 0.
# Sentence 4: the training seconds grew with length for every model, from 20 to
# 50 steps by 2.5x for the GRU, 2.4x for the LSTM and 2.6x for the LSTM with
# forget bias 3 (roughly double, as in the module), and the LSTM b_f=3 went on
# from 168.2 s at 50 to 293.5 s at 100; but the RNN's 50-step run (18.5 s) was
# faster than its 20-step run (28.1 s) and the LSTM/RNN ratio came out 0.2x, 2.3x
# and 8.1x instead of a steady 2x, because the machine was loaded by other jobs
# (the same-size LSTM and LSTM b_f=3 took 5.3 s and 39.1 s at length 5), so I
# only trust the growth of the gated models, not the RNN column or the 5-step row.
# Sentence 5: for 30-token inputs I would ship the LSTM with forget bias 3,
# because it is the only model I measured at 1.000 train and 1.000 test at both 50
# and 100 steps, so 30 steps is well inside its range, while the plain RNN is
# only proven up to 20 steps and fell to 0.494 test at 50; the GRU (1.000 and
# 1.000 at 50 steps) would be my second choice, and I did not measure length 30
# itself, so I would run that one length before shipping.
# The timing table at the end also did not come out like the module's (66.5 ms
# against 30.6 ms at 1000 steps): here it was 3807.9 ms against 11180.0 ms, with
# attention slower from 500 steps on, which I put down to the loaded 2-core
# machine and the 32 x 1000 x 1000 score table, not to the method.
