# memory_lab.py -- module exercise 3: the memory-length lab.
# I reproduce Step 5 (recall the FIRST token after T-1 noise tokens) and add a GRU
# and a fifth length of 100 for the two extreme models. Every number I print sits
# next to the module's Check value (where the module gives one), with diff and OK/XX.
# I kept 4,000 training rows as the module asks (did NOT cut to 2,000).
import time, torch, torch.nn as nn
from sequences import *          # sets torch.set_num_threads(4) like the module

torch.set_num_threads(4)
FLAGS, FILLERS = 2, 8            # tokens 0,1 = the flag; tokens 2..9 = noise
TOL = 0.01                       # module: "within about 1%"


def mark(ok):
    return "OK" if ok else "XX"


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
        # I added "GRU" to the module's dict (the exercise asks for a GRU row)
        self.core = {"RNN": nn.RNN, "GRU": nn.GRU, "LSTM": nn.LSTM}[kind](
            16, hid, batch_first=True)
        if forget_bias:  # start every forget valve wide open (LSTM gate order i,f,g,o)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()

# ---------------- Part one: the task itself ----------------
print("PART ONE -- does the label depend only on token 0? is the split ~50-50?")
print(f"{'length':>6s} | {'rows':>5s} | {'label==tok0':>11s} | {'max |corr| other pos':>21s}"
      f" | {'frac label 1 (train)':>20s} | {'frac label 1 (test)':>19s} | ok")
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    same = bool(torch.equal(Xtr[:, 0].float(), ytr)) and bool(torch.equal(Xte[:, 0].float(), yte))
    # every other position is noise: its correlation with the label should be ~0
    yc = ytr - ytr.mean()
    cors = []
    for p in range(1, T):
        xc = Xtr[:, p].float() - Xtr[:, p].float().mean()
        cors.append(float((xc * yc).sum() / (xc.norm() * yc.norm())))
    mx = max(abs(c) for c in cors)
    ftr, fte = float(ytr.mean()), float(yte.mean())
    ok = same and mx < 0.1 and abs(ftr - 0.5) < 0.05 and abs(fte - 0.5) < 0.05
    print(f"{T:6d} | {Xtr.shape[0]:5d} | {str(same):>11s} | {mx:21.3f} | {ftr:20.3f} | {fte:19.3f} | {mark(ok)}")
print("(label==tok0 True: the label is literally the first token; |corr| near 0 at every other"
      " position: the noise carries nothing; label fraction near 0.500: the split is balanced)")

# ---------------- Part two + three: train the models ----------------
# module's Check values (Step 5 table / Check list). None = module gives no number.
MODULE = {  # (T, label): (train s, train acc, test acc)
    (5, "RNN"): (0.9, 1.000, 1.000), (5, "GRU"): (None, 1.000, 1.000),
    (5, "LSTM b_f=0"): (1.5, 1.000, 1.000), (5, "LSTM b_f=3"): (1.5, 1.000, 1.000),
    (20, "RNN"): (1.8, 1.000, 1.000), (20, "GRU"): (None, 1.000, 1.000),
    (20, "LSTM b_f=0"): (4.1, 1.000, 1.000), (20, "LSTM b_f=3"): (4.1, 1.000, 1.000),
    (50, "RNN"): (3.8, 0.539, 0.507), (50, "GRU"): (None, None, None),
    (50, "LSTM b_f=0"): (9.2, 0.858, 0.506), (50, "LSTM b_f=3"): (9.2, 1.000, 1.000),
    (100, "RNN"): (None, None, None), (100, "LSTM b_f=3"): (None, None, None),
}
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM b_f=0", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
PLAN = [(5, MODELS), (20, MODELS), (50, MODELS),
        (100, [MODELS[0], MODELS[3]])]          # part three: extremes only at 100


def cmp(mine, mod, fmt="{:.3f}"):
    if mod is None:
        return f"{fmt.format(mine):>6s} | {'-':>6s} | {'-':>6s} | --"
    d = mine - mod
    return f"{fmt.format(mine):>6s} | {fmt.format(mod):>6s} | {d:+6.3f} | {mark(abs(d) <= TOL)}"


results = {}
print("\nPARTS TWO + THREE -- 40 epochs, Adam lr 0.01, batch 64, clip_grad_norm_ 1.0")
print("(train s: my seconds on a busy 2-core box vs the module's 4-thread laptop; never expected to match)")
hdr = (f"{'len':>4s} {'model':<11s} | {'train s':>7s} {'module':>6s} || "
       f"{'train':>6s} | {'module':>6s} | {'diff':>6s} | ok || "
       f"{'test':>6s} | {'module':>6s} | {'diff':>6s} | ok")
print(f"{'':<17s} | {'(wall clock)':>14s} || {'---------- train accuracy ----------':<36s} || "
      f"{'---------- test accuracy -----------':<36s}")
print(hdr)
print("-" * len(hdr))
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
        results[(T, label)] = (dt, tr, te)
        ms, mtr, mte = MODULE[(T, label)]
        mss = f"{ms:6.1f}" if ms is not None else f"{'-':>6s}"
        print(f"{T:4d} {label:<11s} | {dt:7.1f} {mss} || {cmp(tr, mtr)} || {cmp(te, mte)}", flush=True)

# ---------------- timing checks from the Check list ----------------
print("\nTIMING CHECKS (module: seconds roughly double from length 20 to 50; LSTM ~2x RNN)")
print(f"{'model':<11s} | {'s @20':>6s} | {'s @50':>6s} | {'50/20 mine':>10s} | {'module':>6s} | {'diff':>6s} | ok (1.5x..3x)")
MOD_RATIO = {"RNN": 3.8 / 1.8, "GRU": None, "LSTM b_f=0": 9.2 / 4.1, "LSTM b_f=3": 9.2 / 4.1}
for label, _, _ in MODELS:
    r = results[(50, label)][0] / results[(20, label)][0]
    m = MOD_RATIO[label]
    ms = f"{m:6.2f}" if m else f"{'-':>6s}"
    ds = f"{r - m:+6.2f}" if m else f"{'-':>6s}"
    print(f"{label:<11s} | {results[(20, label)][0]:6.1f} | {results[(50, label)][0]:6.1f} | "
          f"{r:10.2f} | {ms} | {ds} | {mark(1.5 <= r <= 3.0)}")
print(f"{'length':>6s} | {'LSTM b_f=0 / RNN mine':>21s} | {'module':>6s} | {'diff':>6s} | ok (1.5x..3x)")
MOD_LR = {5: 1.5 / 0.9, 20: 4.1 / 1.8, 50: 9.2 / 3.8, 100: None}
for T in (5, 20, 50, 100):
    lab = "LSTM b_f=0" if (T, "LSTM b_f=0") in results else "LSTM b_f=3"
    r = results[(T, lab)][0] / results[(T, "RNN")][0]
    m = MOD_LR[T]
    ms = f"{m:6.2f}" if m else f"{'-':>6s}"
    ds = f"{r - m:+6.2f}" if m else f"{'-':>6s}"
    print(f"{T:6d} | {r:21.2f} | {ms} | {ds} | {mark(1.5 <= r <= 3.0)}   ({lab})")

# the memorisation gap the Check asks me to name, plus the qualitative story of length 50
tr50, te50 = results[(50, "LSTM b_f=0")][1:]
print(f"\nLSTM b_f=0 at length 50: train-test gap mine={tr50 - te50:.3f}  module={0.858 - 0.506:.3f}"
      f"  diff={tr50 - te50 - 0.352:+.3f}  gap>0.3? {mark(tr50 - te50 > 0.3)}")
print("qualitative checks at length 50 (the 1% checks above are stricter than these)")
rtr, rte = results[(50, "RNN")][1:]
ftr, fte = results[(50, "LSTM b_f=3")][1:]
print(f"  plain RNN never learned the rule: train {rtr:.3f} < 0.6 and test {rte:.3f} in 0.45..0.55"
      f"  (module 0.539 / 0.507)  {mark(rtr < 0.6 and 0.45 <= rte <= 0.55)}")
print(f"  LSTM b_f=0 memorised: train {tr50:.3f} > 0.8 and test {te50:.3f} in 0.45..0.55"
      f"  (module 0.858 / 0.506)  {mark(tr50 > 0.8 and 0.45 <= te50 <= 0.55)}")
print(f"  LSTM b_f=3 solved it: train {ftr:.3f} and test {fte:.3f} both 1.000"
      f"  (module 1.000 / 1.000)  {mark(ftr == 1.0 and fte == 1.0)}")

# ---------------- Step 5's second table: sequential vs parallel ----------------
print("\nOne forward pass, batch 32, 128 features: LSTM (sequential) vs attention (parallel)")
print(f"{'length':>6s} | {'LSTM ms':>8s} {'module':>7s} | {'attn ms':>8s} {'module':>7s} | "
      f"{'ratio':>6s} {'module':>7s}")
MOD_T = {50: (3.3, 0.2, 13.9), 200: (13.2, 1.3, 10.4), 500: (33.1, 7.6, 4.4), 1000: (66.5, 30.6, 2.2)}
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
    ml, ma, mr = MOD_T[T]
    print(f"{T:6d} | {a * 1000:8.1f} {ml:7.1f} | {b * 1000:8.1f} {ma:7.1f} | {a / b:5.1f}x {mr:6.1f}x")
print("(wall-clock: the module says these will differ by machine; no OK/XX on milliseconds)")

# ---------------- Part four: my five comment sentences ----------------
# (written after my FIRST full run, saved as memory_lab.run1.out; memory_lab.out is the rerun
#  of this final script. Accuracies come from seeded runs and should repeat; the seconds will
#  not, because this 2-core machine was shared with other training jobs -- my seconds were
#  10-20x the module's laptop.)
# Did I match the module? Lengths 5 and 20: yes, every model 1.000/1.000 (all OK).
# Length 50, b_f=3 LSTM: yes, 1.000/1.000. Length 50 plain RNN and b_f=0 LSTM: NOT within 1%
# (RNN 0.561/0.494 vs 0.539/0.507; LSTM 0.839/0.495 vs 0.858/0.506), but the same story. My
# gradient_decay.py matched Step 3 to 0.06%, so I think it is the library version (Debian torch
# 1.13 here, module pins 2.9), the module's first triage step, and not my logic.
#
# Five sentences:
# 1. The plain RNN breaks between length 20 and length 50: 1.000/1.000 at 5 and 20, then
#    0.561 train / 0.494 test at 50 and 0.581 / 0.508 at 100 -- a coin toss on held-back rows,
#    and the low training number says it never learned the rule at all.
# 2. The b_f=0 LSTM at length 50 read 0.839 train against 0.495 test, a gap of 0.344 (module
#    0.352), more than 0.3: that is MEMORISATION -- it learned the noise fingerprints of the
#    4,000 training rows, not "answer = token 0", and the training number alone would lie.
# 3. Forget bias 3 changed only the starting forget valves and took the same LSTM to
#    1.000/1.000 at 50 (and 1.000/1.000 at 100); Step 3's gradient table predicted it, since
#    the cell-state blame factor goes from x0.629 (step 1 gets 5.180e-12) to x1.016 (step 1
#    gets 4.782e-02), so the blame from the answer actually reaches token 0.
# 4. Training seconds grew with length for every model (first run, lengths 5/20/50/100: RNN
#    9.3/27.2/60.2/73.7 s, LSTM b_f=3 17.5/69.4/108.3/208.6 s); from 20 to 50 the RNN went 2.2x
#    and the LSTMs 1.7x and 1.6x (GRU 1.5x), so "roughly double" held loosely, and the LSTM cost
#    1.8-2.8x the RNN at 20, 50 and 100 but not at 5 (0.6x), where my clock was disturbed by
#    other jobs on the machine.
# 5. For 30-token inputs I would ship the LSTM with forget bias 3: it is the only model I
#    measured at 1.000/1.000 at BOTH 50 and 100 steps, while the plain RNN, perfect at 20,
#    was already a coin toss (0.494) at 50, and 30 sits between with no measurement saying
#    the RNN is safe; its cost was about 1.8x the RNN's training time (108.3 s vs 60.2 s at
#    50), cheap for that safety. (The GRU also read 1.000/1.000 at 50, so it is the backup if
#    parameters matter, but I did not run it at 100.)
# Odd thing: on this busy box my attention pass was SLOWER than the LSTM at 500 and 1000
# steps (first run: 1000 steps LSTM 1612 ms vs attention 4044 ms, ratio 0.4x, module 2.2x),
# the opposite of the module's 66.5 ms vs 30.6 ms; I think 4 threads on 2 shared cores hurt
# the big 1000x1000 matmuls most, so I do not claim the module's speed-up from my machine.
