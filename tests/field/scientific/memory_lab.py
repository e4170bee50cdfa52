"""Exercise 3 -- the memory-length lab (module Step 5, plus a GRU and T = 100).

Task: the label is the FIRST token (flag 0 or 1); the model must answer after
T - 1 uniformly random filler tokens.  All runs seeded; wall-clock in seconds.
"""
import time
import numpy as np
import torch
import torch.nn as nn

np.set_printoptions(precision=4, suppress=False)
torch.set_printoptions(precision=4, sci_mode=True)
# The module uses torch.set_num_threads(4) on a 4-thread laptop. This machine has 2 cores
# shared with other jobs (load average ≈ 4), and with 4 threads my wall-clock timings
# scattered by ~x2 between identical runs. One thread + per-thread CPU time gives a
# reproducible cost measurement; wall-clock is printed as well.
torch.set_num_threads(1)

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
        self.core = {"RNN": nn.RNN, "GRU": nn.GRU,
                     "LSTM": nn.LSTM}[kind](16, hid, batch_first=True)
        if forget_bias:  # start every forget valve wide open (LSTM gate order i,f,g,o)
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
    t0, c0 = time.perf_counter(), time.thread_time()
    for _ in range(epochs):
        net.train()
        for i in torch.randperm(len(Xtr), generator=g).split(64):
            opt.zero_grad()
            loss_fn(net(Xtr[i]), ytr[i]).backward()
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)  # ||g|| <= 1
            opt.step()
    dt, cpu = time.perf_counter() - t0, time.thread_time() - c0
    net.eval()
    with torch.no_grad():
        tr = float(((net(Xtr) > 0).float() == ytr).float().mean())
        te = float(((net(Xte) > 0).float() == yte).float().mean())
    return dt, cpu, tr, te


# ---------------------------------------------------------------- Part one
print("Part 1: the recall task -- does the label depend on token 0 only?")
print(f"{'T':>4s} {'split':>6s} {'n':>5s} {'P(y=1)':>11s} {'P(y = x_0)':>11s}"
      f" {'max_t>=1 |corr(y, x_t)|':>25s}")
DATA = {}
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    DATA[T] = (Xtr, ytr, Xte, yte)
    for name, X, y in (("train", Xtr, ytr), ("test", Xte, yte)):
        same = float((X[:, 0].float() == y).float().mean())
        yc = (y - y.mean()).numpy()
        cors = []
        for t in range(1, T):
            xc = X[:, t].float().numpy()
            xc = xc - xc.mean()
            cors.append(abs(float(xc @ yc) / np.sqrt(float(xc @ xc) * float(yc @ yc))))
        print(f"{T:4d} {name:>6s} {len(y):5d} {float(y.mean()):11.3e} {same:11.3e}"
              f" {max(cors):25.3e}")
print("(P(y = x_0) = 1 exactly; the filler tokens carry only chance-level"
      " correlation ~ 1/sqrt(n))")

# ------------------------------------------------------- Parts two and three
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM b_f=0", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
PLAN = [(T, m) for T in (5, 20, 50) for m in MODELS]
PLAN += [(100, m) for m in MODELS if m[0] in ("RNN", "LSTM b_f=3")]  # Part 3

print("\nPart 2 + 3: 40 epochs, Adam lr = 1e-2, batch 64, clip ||g|| at 1.0")
print(f"{'T':>4s} {'model':<11s} {'t_wall':>11s} {'t_cpu':>11s} {'train acc':>10s}"
      f" {'test acc':>10s} {'test correct':>13s}")
RESULTS = {}
for T, (label, kind, fb) in PLAN:
    Xtr, ytr, Xte, yte = DATA[T]
    dt, cpu, tr, te = run(kind, fb, Xtr, ytr, Xte, yte)
    RESULTS[(T, label)] = (cpu, tr, te, dt)
    print(f"{T:4d} {label:<11s} {dt:9.3e} s {cpu:9.3e} s {tr:10.3e} {te:10.3e}"
          f" {round(te * len(yte)):6d}/{len(yte)}")

print("\nCPU-time ratios (same model, T = 50 over T = 20; LSTM over RNN, same T)")
for label, _, _ in MODELS:
    r = RESULTS[(50, label)][0] / RESULTS[(20, label)][0]
    print(f"  {label:<11s} t(50)/t(20) = {r:.3e}")
for T in (5, 20, 50):
    r = RESULTS[(T, "LSTM b_f=0")][0] / RESULTS[(T, "RNN")][0]
    print(f"  T = {T:3d}     t(LSTM)/t(RNN) = {r:.3e}")
r = RESULTS[(100, "LSTM b_f=3")][0] / RESULTS[(100, "RNN")][0]
print(f"  T = 100     t(LSTM b_f=3)/t(RNN) = {r:.3e}")
gap = RESULTS[(50, "LSTM b_f=0")][1] - RESULTS[(50, "LSTM b_f=0")][2]
print(f"\nLSTM b_f=0 at T = 50: train - test = {gap:.3e}"
      f" ({'> 0.3: memorisation' if gap > 0.3 else '<= 0.3'})")

# ---------------------------------------------------------------- Part four
# Measured on this 2-core machine with torch 1.13 (module: torch 2.9, 4-thread laptop);
# the full 4,000 training rows were used, nothing was cut.
# (1) The plain RNN breaks between T = 20 and T = 50: test accuracy 1.000e+00 (1000/1000)
#     at T = 20 but 4.940e-01 (494/1000) at T = 50 and 5.080e-01 at T = 100, i.e. chance,
#     with training accuracy ≈ 0.56-0.58, so it never found the rule at all.
# (2) The LSTM with b_f = 0 at T = 50 reads 8.388e-01 on training rows and 4.950e-01 on
#     test rows, a gap of 3.438e-01 > 0.3: it memorised the 4,000 noise sequences instead
#     of learning y = x_0, which a training-only report would hide.
# (3) b_f = 3 initialises the forget gate at σ(3) ≈ 0.95, so ∂c_t/∂c_{t-1} ≈ f ≈ 1 and the
#     blame reaches token 0 (gradient_decay.py: r = 1.016e+00 vs 6.294e-01 for b_f = 0,
#     ||dL/dc_1|| = 4.782e-02 vs 5.180e-12); accordingly it reads 1.000e+00 / 1.000e+00 at
#     T = 50 and still at T = 100. The GRU (update gate z ≈ 0.5 at start) also solved T = 50.
# (4) Cost, per-thread CPU time with 1 thread (wall-clock on this loaded 2-core machine
#     scattered by more than x4 between identical runs; even CPU time moves by ≈ ±20 %, so I
#     quote the range over my two 1-thread runs before this final one; the ratio lines printed
#     above are the final record): t(50)/t(20) ∈ [2.1, 2.6] (RNN), [2.9, 3.4] (GRU),
#     [2.3, 2.9] (LSTM b_f=0), [2.0, 2.3] (LSTM b_f=3), i.e. ≈ linear in T (ideal 50/20 = 2.5),
#     and t(100)/t(50) ≈ 1.6-2.0; the LSTM costs t_LSTM/t_RNN ∈ [2.2, 2.8] at T = 20, 50, 100
#     but only ≈ 1.2-1.35 at T = 5, where per-batch Python/autograd overhead dominates
#     (e.g. T = 50: ≈ 3.3e+01 s LSTM b_f=0 vs ≈ 1.2-1.4e+01 s RNN).
# (5) For 30-token inputs I would ship the LSTM with b_f = 3 (or the GRU): the plain RNN is
#     already at chance at T = 50 and only 20 < 30 was measured as safe, whereas b_f = 3 gave
#     1000/1000 test rows at T = 50 and T = 100 for ≈ 2x the RNN's training time, a cost
#     (≈ 2.7-2.9e+01 s vs 1.2-1.4e+01 s CPU at T = 50) the measured reliability margin justifies; a 30-token recall run should still confirm it.
