# memory_lab.py - recall the first token after T-1 filler tokens.
# Step 5 of the module plus a GRU and a length-100 run.
import sys, time
import numpy as np, torch, torch.nn as nn
torch.set_num_threads(4)
np.set_printoptions(precision=3, suppress=True)

FLAGS, FILLERS = 2, 8  # tokens 0,1 = flag; 2..9 = noise

def recall_task(n, T, seed):
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
        if forget_bias:  # LSTM gate order i,f,g,o: rows hid:2hid = forget
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)
    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)

loss_fn = nn.BCEWithLogitsLoss()

# Part one: label is token 0, split near 50-50.
chk = np.zeros(4, dtype=[('T', int), ('n', int), ('label_eq_tok0', bool),
                         ('flag_in_tail', int), ('frac_pos_train', float),
                         ('frac_pos_test', float)])
for k, T in enumerate((5, 20, 50, 100)):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    chk[k] = (T, len(Xtr), bool((Xtr[:, 0].float() == ytr).all()
                                and (Xte[:, 0].float() == yte).all()),
              int((Xtr[:, 1:] < FLAGS).sum() + (Xte[:, 1:] < FLAGS).sum()),
              float(ytr.mean()), float(yte.mean()))
print("recall task check")
print(repr(chk))

# Part two/three: train.
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
    return (T, label, dt, tr, te)

MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
JOBS = [(T, m) for T in (5, 20, 50) for m in MODELS]
JOBS += [(100, MODELS[0]), (100, MODELS[3])]
res = np.zeros(len(JOBS), dtype=[('T', int), ('model', 'U12'), ('secs', float),
                                  ('train_acc', float), ('test_acc', float)])
print("\n# T model secs train_acc test_acc")
for k, (T, (label, kind, fb)) in enumerate(JOBS):
    res[k] = run(T, label, kind, fb)
    r = res[k]
    print(f"{r['T']} {r['model'].replace(' ', '_')} {r['secs']:.1f} "
          f"{r['train_acc']:.3f} {r['test_acc']:.3f}")
print()
print(repr(res))

# seconds ratio 50/20 per model, and model/RNN ratio per length
names = [m[0] for m in MODELS]
sec = np.array([[res['secs'][(res['T'] == T) & (res['model'] == m)][0]
                 for m in names] for T in (5, 20, 50)])
print("\nsecs, rows T=5,20,50, cols", names)
print(sec)
print("secs T=50 / T=20:", sec[2] / sec[1])
print("secs / RNN secs:")
print(sec / sec[:, :1])

# COMMENTS (filled in after the run)
# Ran on a loaded 2-core box (load avg 11-16) with all 4,000 training rows.
# 1. Plain RNN breaks at length 50: 1.000/1.000 at 20, 0.590 train / 0.495
#    test at 50. At 100 it read 0.659/0.632: partial, still far from 1.000.
# 2. LSTM (bias 0) at 50: 0.851 train vs 0.521 test, gap 0.33 > 0.3. That is
#    memorisation of the 4,000 rows, not the rule "answer = token 0".
# 3. Forget bias 3 took the LSTM at 50 to 1.000/1.000 (and 1.000/1.000 at 100).
#    gradient_decay.py predicted it: cell-state blame x0.629/step at bias 0
#    (5.180e-12 at step 1) vs x1.016 at bias 3 (4.782e-02 at step 1).
# 4. Seconds from 20 to 50: x4.4 RNN, x4.2 GRU, x4.7 LSTM, x3.8 LSTM b_f=3
#    (module: ~x2; my box was busy, so clocks are noisy). LSTM costs 2.3-3.9x
#    the RNN here, GRU ~2.1-2.3x.
# 5. For 30-token inputs ship the LSTM with forget bias 3 (or the GRU): both
#    read 1.000/1.000 at 20 and 50 here; the plain RNN already fell to 0.495
#    test at 50, so 30 is too close to its wall. Costs ~2.9x the RNN's time.
