# memory_lab.py -- the memory-length lab (module exercise 3).
# Everything is printed as SQL so I can paste it into SQLite and query it.
# I kept the full 4,000 training rows and 40 epochs, even though this shared
# 2-core machine is much slower than the module's laptop: the seconds column
# is therefore bigger than the module's, but the accuracies are measured,
# not cut down.
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
        if forget_bias:  # start every forget valve wide open (LSTM only)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()


def sql_str(s):
    return "'" + str(s).replace("'", "''") + "'"


# ---------------- part one: is the task what it claims to be? ----------------
print("-- part one: the recall task, label vs token 0, and the label split")
print("CREATE TABLE task_check (length INTEGER, split TEXT, n_rows INTEGER, "
      "label_equals_token0 REAL, frac_label_1 REAL, "
      "max_abs_corr_label_other_positions REAL);")
for T in (5, 20, 50, 100):
    for split, n, seed in (("train", 4000, 100 + T), ("test", 1000, 200 + T)):
        X, y = recall_task(n, T, seed)
        same = float((X[:, 0].float() == y).float().mean())
        # the other positions should carry nothing about the label
        yc = y - y.mean()
        corrs = []
        for p in range(1, T):
            xp = X[:, p].float() - X[:, p].float().mean()
            corrs.append(abs(float((xp * yc).sum() /
                                   (xp.norm() * yc.norm() + 1e-12))))
        print(f"INSERT INTO task_check (length, split, n_rows, label_equals_token0, "
              f"frac_label_1, max_abs_corr_label_other_positions) VALUES "
              f"({T}, {sql_str(split)}, {n}, {same:.3f}, {float(y.mean()):.3f}, "
              f"{max(corrs):.3f});")

# ---------------- parts two and three: train the models ----------------
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM b_f=0", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
PLAN = [(T, m) for T in (5, 20, 50) for m in MODELS]
PLAN += [(100, m) for m in MODELS if m[0] in ("RNN", "LSTM b_f=3")]  # part three

print("-- parts two and three: 40 epochs, Adam lr 0.01, batch 64, clip at 1.0")
print("CREATE TABLE recall_runs (length INTEGER, model TEXT, params INTEGER, "
      "train_seconds REAL, train_acc REAL, test_acc REAL);")
data = {}
for T, (label, kind, fb) in PLAN:
    if T not in data:
        data[T] = (recall_task(4000, T, seed=100 + T),
                   recall_task(1000, T, seed=200 + T))
    (Xtr, ytr), (Xte, yte) = data[T]
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
    n_par = sum(p.numel() for p in net.parameters())
    print(f"INSERT INTO recall_runs (length, model, params, train_seconds, "
          f"train_acc, test_acc) VALUES ({T}, {sql_str(label)}, {n_par}, "
          f"{dt:.1f}, {tr:.3f}, {te:.3f});")

# ---------------- the step-5 timing table: sequential vs parallel ----------------
print("-- one forward pass, batch 32, 128 features: LSTM step by step vs attention")
print("CREATE TABLE pass_timing (length INTEGER, lstm_ms REAL, attention_ms REAL, "
      "ratio REAL);")
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
    print(f"INSERT INTO pass_timing (length, lstm_ms, attention_ms, ratio) VALUES "
          f"({T}, {a * 1000:.1f}, {b * 1000:.1f}, {a / b:.1f});")

# ---------------- part four: what the table says ----------------
# (written after my first full run; accuracies are seeded and repeat, the
#  seconds are wall-clock on a shared 2-core machine with load ~19, so noisy)
# Part one: the label equals token 0 in 100% of rows at every length, the label
# split is between 0.457 and 0.517 everywhere, and no other position correlates
# with the label by more than 0.078.
#
# 1. The plain RNN breaks between length 20 and length 50: 1.000/1.000 at 5 and
#    20, then 0.561 train / 0.494 test at 50 and 0.581 / 0.508 at 100 - a coin
#    toss, and the low training number says it never found the rule at all.
# 2. At length 50 the forget-bias-0 LSTM reads 0.839 on training but 0.495 on
#    test, a gap of 0.344 (more than 0.3): it memorised the 4,000 training
#    sequences instead of learning "copy token 0", so its training number is a
#    lie about what it can do on new rows.
# 3. Setting the forget bias to 3 took the same LSTM from 0.839/0.495 to
#    1.000/1.000 at length 50 (and 1.000/1.000 at length 100), exactly what the
#    gradient table predicted: the cell-state blame shrinks x0.629 per step at
#    bias 0 (step 1 gets 5.180e-12) but x1.016 at bias 3 (step 1 still gets
#    4.782e-02), so only with open forget gates does token 0 receive any learning
#    signal 50 steps back. The GRU, with no bias trick, also got 1.000/1.000 at 50.
# 4. Training seconds grow with length for every model, but on this busy machine
#    not cleanly: from length 20 to 50 the RNN went 10.7 -> 66.0 s, the GRU
#    61.7 -> 124.9 s, the LSTMs 80.0 -> 117.9 s and 96.3 -> 168.1 s (roughly x1.5
#    to x2 for the gated models, x6 for the RNN), and length 100 took 157.2 s
#    (RNN) and 330.8 s (LSTM b_f=3); the LSTM cost about 1.8-2.5x the RNN at 50
#    and 100 and much more at 5 and 20, so I cannot confirm the module's clean
#    "double" and "twice the RNN" from these noisy clocks.
# 5. For 30-token inputs I would ship the LSTM with forget bias 3: 30 lies
#    between the 20 where everything works and the 50 where the plain RNN fell to
#    0.494, and the bias-3 LSTM was 1.000/1.000 at both 50 and 100, so it has
#    margin, for about twice the RNN's training time (168.1 vs 66.0 s at 50);
#    the GRU (1.000/1.000 at 50, 4,993 params vs 6,593, 124.9 s) is my runner-up,
#    but I did not test it at 100.
# Timing table (extra, from Step 5): on this loaded CPU the LSTM pass was 40.1 ms
# vs 7.8 ms for attention at length 50, but at length 1000 the LSTM took 1679 ms
# and attention 6365 ms (ratio 0.3x), so I could not reproduce the module's
# 66.6 ms vs 32.1 ms - here attention's length-squared cost won out.
