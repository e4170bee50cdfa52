# memory_lab.py -- Exercise 3: the memory-length lab (module Step 5 plus a GRU and length 100)
# Task: the label is the FIRST token (a flag, 0 or 1); every later token is noise.
# The model only answers after reading all T tokens, so it must carry token 0 the whole way.
import time, torch, torch.nn as nn

torch.set_num_threads(4)            # as in the module; this machine has 2 busy cores

FLAGS, FILLERS = 2, 8               # tokens 0,1 = the flag; tokens 2..9 = noise

# ---------- little ascii-chart helpers (I like to see numbers as pictures) ----------
PART = " ▏▎▍▌▋▊▉"                    # eighths of one full block


def bar(v, vmax, width=30):
    cells = max(0.0, min(v / vmax, 1.0)) * width
    full = int(cells)
    rem = int(round((cells - full) * 8))
    if rem == 8:
        full, rem = full + 1, 0
    return ("█" * full + (PART[rem] if rem else "")).ljust(width)


def title(text, legend):
    print(f"\n{text}\n{'─' * len(text)}\n  scale: {legend}")


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
        if forget_bias:                 # start every forget valve wide open (LSTM gate order i,f,g,o)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()
LENGTHS = (5, 20, 50, 100)
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
EXTREMES = ("RNN", "LSTM b_f=3")    # part three: only these two at length 100

# ---------------- part one: is the task what I think it is? ----------------
title("Part 1 - recall task audit: share of rows with label 1 (want ~0.5)",
      "█ = 1/30 of 1.000; the line also says whether label == token 0 on every row")
data = {}
for T in LENGTHS:
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    data[T] = (Xtr, ytr, Xte, yte)
    for name, X, y in (("train", Xtr, ytr), ("test ", Xte, yte)):
        only0 = bool(torch.equal(X[:, 0].float(), y))          # label is a copy of token 0
        no_flag_later = bool((X[:, 1:] >= FLAGS).all())        # later tokens can never be a flag
        share = float(y.mean())
        print(f"  T={T:<3d} {name} {tuple(X.shape)!s:<12s} {bar(share, 1.0)} {share:.3f}"
              f"   label==token0: {only0}   tokens 1..T-1 all noise: {no_flag_later}")

# ---------------- parts two and three: train and time ----------------
title("Training log (rows print as each model finishes)",
      "█ = 1/30 of accuracy 1.000")
results = []                        # (T, label, seconds, train acc, test acc)
for T in LENGTHS:
    Xtr, ytr, Xte, yte = data[T]
    for label, kind, fb in MODELS:
        if T == 100 and label not in EXTREMES:
            continue
        torch.manual_seed(7)        # seed BEFORE the weights are made
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
        results.append((T, label, dt, tr, te))
        print(f"  {label:<10s} T={T:<3d} test  {bar(te, 1.0)} {te:.3f}"
              f"   (train {tr:.3f}, {dt:.1f} s)")

# ---------------- the one table, drawn as charts ----------------
title("Recall accuracy after 40 epochs, clip 1.0 -- one chart per length",
      "█ = 1/30 of accuracy 1.000; 0.500 is a coin toss (15 blocks)")
for T in LENGTHS:
    print(f"\n  length {T}")
    for (t, label, dt, tr, te) in results:
        if t != T:
            continue
        print(f"  {label:<10s} T={T:<3d} train {bar(tr, 1.0)} {tr:.3f}")
        print(f"  {label:<10s} T={T:<3d} test  {bar(te, 1.0)} {te:.3f}")

smax = max(r[2] for r in results)
title("Wall-clock training seconds (40 epochs, 4,000 rows) -- one chart per model",
      f"█ = 1/30 of {smax:.1f} s (the slowest run); busy 2-core machine, times are noisy")
for label, _, _ in MODELS:
    rows = [r for r in results if r[1] == label]
    print(f"\n  {label}")
    for (T, _, dt, _, _) in rows:
        print(f"  {label:<10s} T={T:<3d} secs  {bar(dt, smax)} {dt:.1f}")

title("Ratios read off the table", "█ = 1/30 of 4.0x")
sec = {(r[0], r[1]): r[2] for r in results}
for label, _, _ in MODELS:
    r = sec[(50, label)] / sec[(20, label)]
    print(f"  {label:<10s} secs T=50 / T=20    {bar(r, 4.0)} {r:.2f}x")
for T in LENGTHS:
    for label in ("GRU", "LSTM", "LSTM b_f=3"):
        if (T, label) in sec:
            r = sec[(T, label)] / sec[(T, "RNN")]
            print(f"  {label:<10s} / RNN secs T={T:<3d} {bar(r, 4.0)} {r:.2f}x")
gap = {r[1]: r[3] - r[4] for r in results if r[0] == 50}
print()
for label, _, _ in MODELS:
    print(f"  {label:<10s} T=50 train-test gap {bar(max(gap[label], 0), 1.0)} {gap[label]:+.3f}")

# ---------------- part four: what I learned (written after seeing the run) ----------------
# Numbers below are from my first full run (saved as memory_lab_run1.out). I kept all 4,000
# training rows even though this machine is slow; I did not cut to 2,000. Accuracies are
# seeded and should come out the same in the rerun, but the seconds will not.
# 1. The plain RNN breaks between length 20 and length 50: it reads 1.000/1.000 at 20, then
#    0.561 train and 0.494 test at 50 and 0.581/0.508 at 100, a coin toss, and the low
#    training number shows it never found the rule at all.
# 2. The forget-bias-0 LSTM at length 50 reads 0.839 on training but 0.495 on test, a gap of
#    0.344 (more than 0.3), so it is memorising the 4,000 training sequences by their noise
#    and has not learned "look at token 0" -- reporting only its training number would lie.
# 3. Setting the forget bias to 3 took the same LSTM to 1.000/1.000 at 50 and still
#    1.000/1.000 at 100, which step 3's gradient table predicted: with bias 0 the cell-state
#    blame shrinks x0.629 per step (step 1 gets 5.180e-12), with bias 3 it is x1.016 and
#    step 1 gets 4.782e-02, as much as step 50, so the first token can actually be learned.
# 4. Seconds grew with length for every model but very unevenly because other students' runs
#    shared the 2 cores: RNN 11.4 -> 35.3 -> 97.4 -> 84.2 s (x2.76 from 20 to 50), GRU
#    31.3 -> 128.8 -> 133.1, LSTM 4.5 -> 133.9 -> 119.0, LSTM b_f=3 22.1 -> 98.2 -> 133.1 ->
#    349.8, and the LSTM/RNN ratio swung from 0.39x to 4.16x, so on this machine I could not
#    confirm the module's "doubles from 20 to 50, LSTM costs twice the RNN" timing pattern.
# 5. For 30-token inputs I would ship the LSTM with forget bias 3: it read 1.000 train and
#    1.000 test at both 50 and 100 tokens, well past 30, while the plain RNN was perfect at 20
#    but a coin toss (0.494) at 50, so 30 sits in the range where I have seen the RNN break,
#    and the GRU (1.000 at 50) would be my second choice if fewer weights mattered.
