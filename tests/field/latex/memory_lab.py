# memory_lab.py -- Exercise 3: the memory-length lab (Step 5 + GRU + length 100)
# Lab report style: everything printed is LaTeX I can paste into the report.
import os, json, time, datetime, torch, torch.nn as nn
torch.set_num_threads(1)   # module uses 4; this machine has 2 cores shared with other jobs
                           # (load ~15), so 1 thread is fastest. Only the seconds change.

# Training here takes over an hour (busy machine), so every finished row is saved to
# memory_lab_cache.json. A rerun (e.g. after I add comments) reuses the saved rows and
# says so in the output instead of retraining. Delete the json to train from scratch.
CACHE = "memory_lab_cache.json"
cache = json.load(open(CACHE)) if os.path.exists(CACHE) else {}

FLAGS, FILLERS = 2, 8      # tokens 0,1 = the flag; tokens 2..9 = noise
N_TRAIN, N_TEST = 4000, 1000   # kept at the module's 4,000 rows (not cut to 2,000)


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
        if forget_bias:    # start every forget valve wide open (LSTM only)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()


def run(kind, fb, Xtr, ytr, Xte, yte, epochs=40):
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
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)
            opt.step()
    dt = time.perf_counter() - t0
    net.eval()
    with torch.no_grad():
        tr = float(((net(Xtr) > 0).float() == ytr).float().mean())
        te = float(((net(Xte) > 0).float() == yte).float().mean())
    return dt, tr, te


LENGTHS = (5, 20, 50)
data = {T: (recall_task(N_TRAIN, T, seed=100 + T) + recall_task(N_TEST, T, seed=200 + T))
        for T in LENGTHS + (100,)}

# ---------------------------------------------------------------- Part 1
print(r"\section*{Part 1: the recall task}")
print(r"\begin{tabular}{rrrrrr}")
print(r"\hline")
print(r"length & rows & label $=$ token 0 & label $=$ token 1 & \% label 1 (train) & \% label 1 (test) \\")
print(r"\midrule")
for T in LENGTHS + (100,):
    Xtr, ytr, Xte, yte = data[T]
    same0 = bool(torch.equal(Xtr[:, 0].float(), ytr)) and bool(torch.equal(Xte[:, 0].float(), yte))
    # token 1 is noise (2..9); how often is its parity equal to the label? should be ~50%
    tok1 = float(((Xtr[:, 1] % 2).float() == ytr).float().mean())
    yes = "yes (100\\%)" if same0 else "NO"
    print(f"{T} & {len(Xtr)}+{len(Xte)} & {yes} & "
          f"{100 * tok1:.1f}\\% (chance) & {100 * float(ytr.mean()):.1f}\\% & {100 * float(yte.mean()):.1f}\\% \\\\")
print(r"\hline")
print(r"\end{tabular}")
print(r"% tokens 1..T-1 are drawn from 2..9 only, so they never carry the flag")
print(f"% noise tokens ever equal to 0 or 1: "
      f"{sum(int((data[T][0][:, 1:] < FLAGS).sum()) for T in data)}")

# ---------------------------------------------------------------- Part 2 + 3
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM ($b_f=0$)", "LSTM", 0.0), ("LSTM ($b_f=3$)", "LSTM", 3.0)]
EXTREME = [MODELS[0], MODELS[3]]
results, fresh = {}, 0
for T in (50, 20, 5, 100):        # run order: the lengths the Check cares about most first
    Xtr, ytr, Xte, yte = data[T]
    for label, kind, fb in (MODELS if T != 100 else EXTREME):
        key = f"{T}|{label}"
        if key in cache:
            dt, tr, te = cache[key]["s"], cache[key]["train"], cache[key]["test"]
            print(f"% cached: T={T} {label} {dt:.1f}s train {tr:.3f} test {te:.3f}"
                  f" (trained {cache[key]['when']})")
        else:
            dt, tr, te = run(kind, fb, Xtr, ytr, Xte, yte)
            fresh += 1
            cache[key] = {"s": dt, "train": tr, "test": te,
                          "when": datetime.datetime.now().strftime("%H:%M:%S")}
            json.dump(cache, open(CACHE, "w"), indent=1)
            print(f"% trained: T={T} {label} {dt:.1f}s train {tr:.3f} test {te:.3f}")
        results[(T, label)] = (dt, tr, te)
print(f"% rows trained in this run: {fresh}, rows taken from {CACHE}: {len(results) - fresh}")
rows = [(T, label) + results[(T, label)]
        for T in LENGTHS + (100,) for label, _, _ in (MODELS if T != 100 else EXTREME)]

print()
print(r"\section*{Parts 2--3: memory length, 40 epochs, clip at 1.0}")
print(r"\begin{tabular}{rlrrr}")
print(r"\hline")
print(r"length & model & train s & train acc & test acc \\")
print(r"\midrule")
lastT = None
for T, label, dt, tr, te in rows:
    if lastT is not None and T != lastT:
        print(r"\midrule")
    lastT = T
    best = max(r[4] for r in rows if r[0] == T)
    tes = f"\\textbf{{{te:.3f}}}" if te == best else f"{te:.3f}"
    print(f"{T} & {label} & {dt:.1f} & {tr:.3f} & {tes} \\\\")
print(r"\hline")
print(r"\end{tabular}")

print()
print(r"% Part 2b: seconds ratios (same machine, same run)")
sec = {(T, l): dt for T, l, dt, _, _ in rows}
print(r"\begin{tabular}{lrrr}")
print(r"\hline")
print(r"model & s(20)/s(5) & s(50)/s(20) & s(100)/s(50) \\")
print(r"\midrule")
for label, _, _ in MODELS:
    r100 = (f"{sec[(100, label)] / sec[(50, label)]:.2f}" if (100, label) in sec else "--")
    print(f"{label} & {sec[(20, label)] / sec[(5, label)]:.2f} & "
          f"{sec[(50, label)] / sec[(20, label)]:.2f} & {r100} \\\\")
print(r"\midrule")
for T in LENGTHS:
    print(f"LSTM/RNN cost at {T} & \\multicolumn{{3}}{{r}}{{"
          f"{sec[(T, 'LSTM ($b_f=0$)')] / sec[(T, 'RNN')]:.2f}$\\times$}} \\\\")
print(r"\hline")
print(r"\end{tabular}")

# ---------------------------------------------------------------- Part 4
# Part 4 -- five sentences, written after reading memory_lab.out (training rows kept at 4,000;
# the seconds are from a 2-core machine shared with ~6 other training jobs, so they are noisy):
# 1. The plain RNN breaks at length 50: 1.000/1.000 at lengths 5 and 20, then 0.567 train and
#    0.504 test at 50 -- it never learned the rule (train is a coin toss too). Odd: at length 100
#    the same recipe read 1.000/1.000, so with one seed per row the RNN is unreliable rather than
#    "always fails" -- whether it finds token 0 is luck of the run, which is worse for shipping.
# 2. The forget-bias-0 LSTM at length 50 reads 0.874 train but 0.511 test, a gap of 0.363 (> 0.3):
#    that is memorisation -- it learned the 4,000 training sequences' noise, not "answer = token 0"
#    -- and reporting only its training number would wrongly say the LSTM works.
# 3. Setting the forget bias to 3 took the same LSTM to 1.000/1.000 at 50 (and 1.000/1.000 at 100);
#    gradient_decay.py predicted it: the cell-state blame factor went from x0.629 per step at b_f=0
#    (step 1 gets 5.18e-12) to x1.016 at b_f=3 (step 1 gets 4.78e-02, as much as step 50).
# 4. Seconds grow with length for every model: 5 -> 20 -> 50 took RNN 22 -> 64 -> 171 s
#    (x2.7 from 20 to 50), GRU 46 -> 154 -> 222 s (x1.4), LSTM b_f=0 54 -> 108 -> 286 s (x2.7),
#    LSTM b_f=3 47 -> 104 -> 371 s (x3.6), and 100 steps took RNN 294 s, LSTM b_f=3 439 s;
#    the LSTM cost about 1.7x the RNN at 20 and 50 (2.4x at 5) -- roughly the module's "double".
# 5. For 30-token inputs I would ship the GRU (LSTM b_f=3 as the alternative): both read
#    1.000/1.000 at 20 AND at 50, which brackets 30, and the GRU trained in 222 s vs 371 s at 50
#    here; not the plain RNN, which was perfect at 20 but 0.504 test at 50, and not the b_f=0 LSTM,
#    which memorised at 50 (0.874 vs 0.511).
# Part 1: label == token 0 on every row at every length, noise tokens never take the values 0/1,
#    and label-1 shares are 45.7-51.7 % (45.7 % is the 1,000-row test set at length 5).
