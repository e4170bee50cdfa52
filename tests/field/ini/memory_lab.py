"""Exercise 3: the memory-length lab (Step 5 plus a GRU and a length-100 run).

Recall task: the label is the FIRST token (0 or 1); then T-1 noise tokens follow.
Four models at lengths 5, 20, 50; the two extreme models again at length 100.
Results are written as an INI file (stdout and memory_lab.ini).
"""
import sys, time, configparser
import torch, torch.nn as nn
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
config = configparser.ConfigParser()

# ---------- Part one: is the task what we think it is? ----------
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    sec = f"memory_lab T={T} task"
    config[sec] = {}
    config[sec]["train_shape"] = f"{Xtr.shape[0]}, {Xtr.shape[1]}"
    config[sec]["test_shape"] = f"{Xte.shape[0]}, {Xte.shape[1]}"
    # label equals token 0 on every row?
    config[sec]["label_equals_token0_train"] = str(bool((ytr == Xtr[:, 0].float()).all()))
    config[sec]["label_equals_token0_test"] = str(bool((yte == Xte[:, 0].float()).all()))
    # tokens after position 0 are only noise (ids 2..9), so they carry no flag
    config[sec]["later_tokens_all_noise"] = str(bool((Xtr[:, 1:] >= FLAGS).all()))
    # agreement of the label with "is token t in the top half of noise ids"
    # for a few later positions -- should sit near 0.5 (no information)
    agree = [float(((Xtr[:, t] >= FLAGS + FILLERS // 2).float() == ytr).float().mean())
             for t in (1, T // 2, T - 1)]
    config[sec]["label_agreement_at_positions_1_mid_last"] = ", ".join(f"{a:.3f}" for a in agree)
    config[sec]["train_label_share_of_1"] = f"{float(ytr.mean()):.3f}"
    config[sec]["test_label_share_of_1"] = f"{float(yte.mean()):.3f}"

# ---------- Parts two and three: train and time ----------
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM b_f=0", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
RUNS = [(T, m) for T in (5, 20, 50) for m in MODELS]
RUNS += [(100, MODELS[0]), (100, MODELS[3])]  # part three: extreme models only

table = []
for T, (label, kind, fb) in RUNS:
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
    # progress line as an INI comment so the .out file stays readable
    print(f"# done T={T} {label}: {dt:.1f} s, train {tr:.3f}, test {te:.3f}", flush=True)
    sec = f"memory_lab T={T} {label.lower().replace(' ', '_')}"
    config[sec] = {"length": str(T), "model": label,
                   "params": str(sum(p.numel() for p in net.parameters())),
                   "train_seconds": f"{dt:.1f}",
                   "train_acc": f"{tr:.3f}", "test_acc": f"{te:.3f}",
                   "train_minus_test": f"{tr - te:+.3f}"}
    table.append((T, label, dt, tr, te))

# one summary section: the whole table as rows of "length, model, s, train, test"
config["memory_lab table"] = {"columns": "length, model, train_seconds, train_acc, test_acc"}
for n, (T, label, dt, tr, te) in enumerate(table, start=1):
    config["memory_lab table"][f"row{n:02d}"] = f"{T}, {label}, {dt:.1f}, {tr:.3f}, {te:.3f}"

# seconds ratios: length 20 -> 50 for each model, and LSTM cost over RNN cost
secs = {(T, label): dt for T, label, dt, _, _ in table}
config["memory_lab timing"] = {}
for label, _, _ in MODELS:
    config["memory_lab timing"][f"ratio_50_over_20 {label}"] = \
        f"{secs[(50, label)] / secs[(20, label)]:.2f}"
for T in (5, 20, 50):
    config["memory_lab timing"][f"lstm_over_rnn T={T}"] = \
        f"{secs[(T, 'LSTM b_f=0')] / secs[(T, 'RNN')]:.2f}"
config["memory_lab timing"]["ratio_100_over_50 RNN"] = f"{secs[(100, 'RNN')] / secs[(50, 'RNN')]:.2f}"
config["memory_lab timing"]["ratio_100_over_50 LSTM b_f=3"] = \
    f"{secs[(100, 'LSTM b_f=3')] / secs[(50, 'LSTM b_f=3')]:.2f}"

config.write(sys.stdout)
with open("memory_lab.ini", "w") as f:
    config.write(f)

# ---------- Part four: what the table says ----------
# (comments written after reading my own run; see below)
# Numbers below are from my first full run (kept as memory_lab.firstrun.out.txt);
# accuracies are seeded and repeat, but wall-clock seconds move between runs
# because this 2-core machine is shared with other students' jobs.
# Task check: label == token 0 on every row at every length, later tokens are
# all noise ids, and the share of label 1 is 0.457-0.517 (close to 50-50).
#
# The five sentences:
# 1. The plain RNN breaks at length 50: 1.000 / 1.000 at lengths 5 and 20, then
#    0.561 train and 0.494 test at 50 (and 0.581 / 0.508 at 100), a coin toss.
# 2. The forget-bias-0 LSTM at length 50 reads 0.839 train but 0.495 test, a gap
#    of 0.344 (more than 0.3), so it memorised the 4,000 training sequences
#    instead of learning "look at token 0" -- the training number alone would lie.
# 3. Setting the forget bias to 3 gave 1.000 / 1.000 at 50 and even at 100,
#    exactly as gradient_decay.py predicted: the cell-state blame factor went from
#    x0.629 per step (5.180e-12 at step 1) at bias 0 to x1.016 (4.782e-02) at bias 3.
# 4. Training seconds grow with length for every model -- from 20 to 50 steps
#    the RNN went 17.3 -> 45.2 s, GRU 34.2 -> 84.4 s, LSTMs about 44 -> 121-124 s
#    (2.5x to 2.8x, a bit more than double, about the 2.5x length ratio), and the
#    LSTM cost about 2.6-2.7x the RNN at 20 and 50; at length 5 the times were
#    too small and noisy on the busy machine (LSTM 7.2 s vs RNN 12.1 s) to say.
# 5. For 30-token inputs I would ship the GRU: 30 sits between the length 20
#    where every model scored 1.000 and the length 50 where the plain RNN fell
#    to 0.494, and the GRU scored 1.000 / 1.000 at 50 in 84.4 s with 4,993
#    parameters against 120.8 s and 6,593 for the bias-3 LSTM (which I would keep
#    as the backup); I would still run it once at length 30 before shipping.
