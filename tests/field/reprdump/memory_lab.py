# memory_lab.py -- Step 5's recall task, plus a GRU and a length-100 row
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
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0), ("LSTM", "LSTM", 0.0),
          ("LSTM b_f=3", "LSTM", 3.0)]
LENGTHS = (5, 20, 50, 100)
EXTREME = ("RNN", "LSTM b_f=3")  # only these two at length 100

# part one: the label is token 0 and nothing else, and the split is ~50-50
data = {T: (recall_task(4000, T, seed=100 + T), recall_task(1000, T, seed=200 + T))
        for T in LENGTHS}
audit = {}
for T, ((Xtr, ytr), (Xte, yte)) in data.items():
    audit[T] = {"shapes": (tuple(Xtr.shape), tuple(Xte.shape)),
                "label==token0": (bool((Xtr[:, 0].float() == ytr).all()),
                                  bool((Xte[:, 0].float() == yte).all())),
                "tokens 1.. are noise only": (int(Xtr[:, 1:].min()), int(Xtr[:, 1:].max()),
                                              int(Xte[:, 1:].min()), int(Xte[:, 1:].max())),
                "frac label 1": (round(float(ytr.mean()), 3), round(float(yte.mean()), 3))}
print("part one: data audit")
print(audit)

# part two + three: train, clip at 1.0, 40 epochs
table = {}
for T in LENGTHS:
    (Xtr, ytr), (Xte, yte) = data[T]
    table[T] = {}
    for label, kind, fb in MODELS:
        if T == 100 and label not in EXTREME:
            continue
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
        table[T][label] = (round(dt, 1), round(tr, 3), round(te, 3))
        print((T, label, round(dt, 1), round(tr, 3), round(te, 3)))
print("table: length -> model -> (train seconds, train acc, test acc)")
print(table)
print("seconds ratio 50/20 per model, and model/RNN ratio per length")
print({m: round(table[50][m][0] / table[20][m][0], 2) for m in table[50]},
      {T: {m: round(table[T][m][0] / table[T]["RNN"][0], 2) for m in table[T]}
       for T in table})

# Step 5's timing table too (one forward pass, LSTM vs attention)
H = 128
lstm = nn.LSTM(H, H, batch_first=True)
timing = {}
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
    timing[T] = (round(a * 1000, 1), round(b * 1000, 1), round(a / b, 1))
print("forward ms: length -> (LSTM sequential, attention parallel, ratio)")
print(timing)

# part four: comments (numbers from my first full run, kept as memory_lab_firstrun.log;
# accuracies are seeded, so the rerun that made this .out should repeat them, but the
# seconds do not: this 2-core box is shared and sat at a load average of 16-20, and the
# same seeded length-5 LSTM took 11.1 s in my first run and 40.9 s in an aborted rerun,
# so only the rough ratios in the seconds mean anything)
# The plain RNN breaks at length 50: 1.000/1.000 at lengths 5 and 20, then 0.561 train and
# 0.494 test at 50 (module: 0.539/0.507) and 0.581/0.508 at 100 -- it never learns the rule.
# At length 50 the forget-bias-0 LSTM reads 0.839 train but 0.495 test, a gap of 0.34 (more
# than 0.3): that is memorisation of the 4,000 training sequences, not the rule, and a
# train-only report would say the LSTM works.
# The forget bias of 3 took that same LSTM to 1.000/1.000 at 50 (and 1.000/1.000 at 100 too),
# which step 3's gradient table predicted: the cell-state blame goes from x0.629 per step
# at b_f=0 (step 1 gets 5.180e-12) to x1.016 at b_f=3, so token 0 actually gets trained.
# Training seconds grow with length for every model (first run, RNN 19.1 -> 39.8 -> 72.4
# -> 129.0 s for 5/20/50/100; from 20 to 50: RNN x1.8, GRU x2.1, LSTM x2.9, LSTM b_f=3
# x1.6, so roughly double), and the LSTMs cost about 1.4-2.3x the RNN at 20 and 50 and
# 2.0x at 100 (258.9 s vs 129.0 s); at length 5 the seconds are pure noise (first run:
# RNN 19.1 s slower than LSTM 11.1 s and LSTM b_f=3 3.9 s, which no model size explains).
# For 30-token inputs I would ship the GRU or the LSTM with forget bias 3, not the plain
# RNN: the RNN is fine at 20 but already a coin toss at 50 (0.494), and 30 sits between
# the two, too close to the wall; the GRU and LSTM b_f=3 both read 1.000/1.000 at 50. I'd
# take the GRU: it matched the LSTM b_f=3 at 5, 20 and 50 with fewer weights (3 gate
# blocks, not 4) and trained a bit faster at 50 (127.9 s vs 140.0 s in my first run).
# (Extra, not asked: the forward-pass timing came out very different from the module's
# 66.6 ms vs 32.1 ms -- first run 2838.6 ms LSTM vs 8497.7 ms attention at 1000 steps, ratio
# 0.3x -- on 2 overloaded cores there is no parallel hardware for attention to use, and
# its 1000x1000 score table is what grows; at 50 steps attention still won by 120x.)
