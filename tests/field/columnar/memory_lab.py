# memory_lab.py - module Step 5 recall task, plus a GRU and a length-100 run
import time, torch, torch.nn as nn
from sequences import *          # torch, nn, time and the 4-thread setting

torch.set_num_threads(4)
FLAGS, FILLERS = 2, 8            # tokens 0,1 = the flag; tokens 2..9 = noise
N_TRAIN, N_TEST, EPOCHS = 4000, 1000, 40   # full 4,000 rows, not cut to 2,000


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
        if forget_bias:          # only for the LSTM: open the forget valve
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()


def run_one(kind, fb, Xtr, ytr, Xte, yte):
    torch.manual_seed(7)         # same seed for every model, set before weights
    net = Recaller(kind, forget_bias=fb)
    opt = torch.optim.Adam(net.parameters(), lr=0.01)
    g = torch.Generator().manual_seed(7)
    t0 = time.perf_counter()
    for _ in range(EPOCHS):
        net.train()
        for i in torch.randperm(len(Xtr), generator=g).split(64):
            opt.zero_grad()
            loss_fn(net(Xtr[i]), ytr[i]).backward()
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)   # clip at 1.0
            opt.step()
    dt = time.perf_counter() - t0
    net.eval()
    with torch.no_grad():
        tr = float(((net(Xtr) > 0).float() == ytr).float().mean())
        te = float(((net(Xte) > 0).float() == yte).float().mean())
    return dt, tr, te


# ---- part one: the task itself. label == token 0, rest is noise, ~50/50 split
part1 = {'length': [], 'label_is_token0': [], 'tail_only_noise': [],
         'pos_frac_train': [], 'pos_frac_test': [], 'shape_train': []}
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(N_TRAIN, T, seed=100 + T)
    Xte, yte = recall_task(N_TEST, T, seed=200 + T)
    part1['length'].append(T)
    part1['label_is_token0'].append(bool((ytr == Xtr[:, 0].float()).all()
                                         and (yte == Xte[:, 0].float()).all()))
    part1['tail_only_noise'].append(bool((Xtr[:, 1:] >= FLAGS).all()
                                         and (Xte[:, 1:] >= FLAGS).all()))
    part1['pos_frac_train'].append(round(float(ytr.mean()), 3))
    part1['pos_frac_test'].append(round(float(yte.mean()), 3))
    part1['shape_train'].append(list(Xtr.shape))
print('part1 =', part1)

# ---- part two: four models at lengths 5, 20, 50
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM b_f=0", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
part2 = {'length': [], 'model': [], 'train_s': [], 'train_acc': [], 'test_acc': []}


def add(d, T, label, res):
    d['length'].append(T); d['model'].append(label)
    d['train_s'].append(round(res[0], 1))
    d['train_acc'].append(round(res[1], 3)); d['test_acc'].append(round(res[2], 3))


for T in (5, 20, 50):
    Xtr, ytr = recall_task(N_TRAIN, T, seed=100 + T)
    Xte, yte = recall_task(N_TEST, T, seed=200 + T)
    for label, kind, fb in MODELS:
        add(part2, T, label, run_one(kind, fb, Xtr, ytr, Xte, yte))
    print('part2 after length', T, '=', part2)       # progress, long run
print('part2 =', part2)

# ---- part three: length 100, only the two extreme models
part3 = {'length': [], 'model': [], 'train_s': [], 'train_acc': [], 'test_acc': []}
T = 100
Xtr, ytr = recall_task(N_TRAIN, T, seed=100 + T)
Xte, yte = recall_task(N_TEST, T, seed=200 + T)
for label, kind, fb in (MODELS[0], MODELS[3]):
    add(part3, T, label, run_one(kind, fb, Xtr, ytr, Xte, yte))
print('part3 =', part3)

# ---- time ratios, per model (how seconds grow with length)
allrows = {k: part2[k] + part3[k] for k in part2}
sec = {}
for T, m, s in zip(allrows['length'], allrows['model'], allrows['train_s']):
    sec.setdefault(m, {})[T] = s
growth = {'model': [], 's_len20_over_len5': [], 's_len50_over_len20': [],
          's_over_rnn_len5': [], 's_over_rnn_len20': [], 's_over_rnn_len50': []}
for m in sec:
    growth['model'].append(m)
    growth['s_len20_over_len5'].append(round(sec[m][20] / sec[m][5], 2))
    growth['s_len50_over_len20'].append(round(sec[m][50] / sec[m][20], 2))
    for T in (5, 20, 50):
        growth[f's_over_rnn_len{T}'].append(round(sec[m][T] / sec['RNN'][T], 2))
print('time_growth =', growth)

# ---- Step 5's speed table: LSTM step by step vs attention all at once
timing = {'length': [], 'lstm_ms': [], 'attention_ms': [], 'ratio': []}
H = 128
lstm = nn.LSTM(H, H, batch_first=True)
for T in (50, 200, 500, 1000):
    x = torch.randn(32, T, H)
    with torch.no_grad():
        lstm(x[:, :8]); (x @ x.transpose(1, 2))          # warm up
    t0 = time.perf_counter()                             # timed as in Step 5
    for _ in range(3):
        lstm(x)
    a = (time.perf_counter() - t0) / 3
    t0 = time.perf_counter()
    for _ in range(3):
        torch.softmax(x @ x.transpose(1, 2) / H ** 0.5, -1) @ x
    b = (time.perf_counter() - t0) / 3
    timing['length'].append(T); timing['lstm_ms'].append(round(a * 1000, 1))
    timing['attention_ms'].append(round(b * 1000, 1)); timing['ratio'].append(round(a / b, 1))
print('timing =', timing)

# ---- part four: notes (written after reading the printed numbers of the first run;
#      seconds move a bit from run to run on this busy 2-core machine, accuracies do not)
# 1. The plain RNN breaks at length 50: 1.000/1.000 at 5 and 20, then 0.561 train and 0.494
#    test at 50 (0.581/0.508 at 100), so it never learned the rule at all.
# 2. LSTM b_f=0 at length 50 reads 0.839 train vs 0.495 test, a gap of 0.344 (> 0.3): that is
#    memorisation of the 4,000 training rows, not the rule, and the train number alone would lie.
# 3. Forget bias 3 gives 1.000/1.000 at 50 and even at 100; gradient_decay.py predicted it, the
#    cell-state blame shrinks x0.629 per step at b_f=0 but x1.016 at b_f=3, so token 0 gets blame.
# 4. Seconds grow with length: from 20 to 50 they went x2.30 (RNN), x1.43 (GRU), x2.39 (LSTM
#    b_f=0), x2.22 (LSTM b_f=3), and the LSTMs cost 2.5-2.9x the RNN at 20 and 50 (all about
#    15x slower than the module's laptop, e.g. RNN at 50 took 51.9 s vs 3.8 s).
# 5. For 30-token inputs I would ship the LSTM with forget bias 3: 30 sits between 20 (everyone
#    1.000) and 50 (RNN 0.494 test), and LSTM b_f=3 held 1.000 test at 50 and 100 (the GRU also
#    held 1.000 at 50 for similar seconds, but I only tested it up to 50); I would still run
#    length 30 once before shipping, since I did not measure 30 itself.
# Note: the LSTM-vs-attention timing table did not reproduce here (1000 steps: 2276 ms LSTM
#    vs 5139 ms attention in run 1); the machine was shared with other jobs, so those ms are noise.

at = lambda T, m: [i for i, (t, mm) in enumerate(zip(allrows['length'], allrows['model']))
                   if t == T and mm == m][0]
i50 = at(50, 'LSTM b_f=0')
scalars = {'train_rows': N_TRAIN, 'epochs': EPOCHS,
           'lstm_bf0_len50_train_minus_test': round(allrows['train_acc'][i50]
                                                    - allrows['test_acc'][i50], 3),
           'rnn_first_length_below_0.9_test': next((t for t, m, a in zip(
               allrows['length'], allrows['model'], allrows['test_acc'])
               if m == 'RNN' and a < 0.9), None),
           'total_train_s': round(sum(allrows['train_s']), 1)}
print('scalars =', scalars)
