# memory_lab.py  -- exercise 3: the memory-length lab (Step 5 plus a GRU and a length of 100)
# NOTE: I kept the full 4,000 training rows even though this machine is a busy 2-core box;
# it just runs longer (the seconds below are from this machine, not the course laptop).
import time
import numpy as np
import torch, torch.nn as nn
from mdisp import show

torch.set_num_threads(4)
FLAGS, FILLERS = 2, 8          # tokens 0,1 = the flag; tokens 2..9 = noise


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
        if forget_bias:        # start every forget valve wide open (LSTM gate order i, f, g, o)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()

# ---------------- part one: the task, and checks on it ----------------
LENGTHS = [5, 20, 50]
for T in LENGTHS + [100]:
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    # label must equal token 0, and every later token must be a filler (2..9)
    label_is_tok0 = float((Xtr[:, 0].float() == ytr).float().mean())
    rest_all_filler = bool((Xtr[:, 1:] >= FLAGS).all())
    # if any later position carried information, its token would differ between labels;
    # the biggest difference in mean filler value between label 0 and label 1 rows should be ~0
    m1 = Xtr[ytr == 1, 1:].float().mean(0)
    m0 = Xtr[ytr == 0, 1:].float().mean(0)
    show("size_Xtr_T%d" % T, np.array(Xtr.shape))
    show("frac_label_eq_tok0_T%d" % T, label_is_tok0)
    show("tok1_to_end_all_filler_T%d" % T, rest_all_filler)
    show("max_gap_filler_mean_T%d" % T, float((m1 - m0).abs().max()))
    show("pos_frac_train_test_T%d" % T, np.array([float(ytr.mean()), float(yte.mean())]))

# ---------------- part two + three: train the models ----------------
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
RUNS = [(T, m) for T in LENGTHS for m in MODELS] + \
       [(100, MODELS[0]), (100, MODELS[3])]        # part three: only the two extreme models at T=100
model_names = [m[0] for m in MODELS]
show("model_names", model_names)

results = []         # rows: T, model number (1..4 as in model_names), seconds, train acc, test acc
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
    tag = label.replace(" b_f=3", "_bf3").replace("LSTM", "lstm").replace("RNN", "rnn").replace("GRU", "gru")
    if label == "LSTM":
        tag = "lstm_bf0"
    show("res_%s_T%d" % (tag, T), np.array([T, dt, tr, te]))
    results.append([T, model_names.index(label) + 1, dt, tr, te])

results = np.array(results)
print("% columns of results: length, model (1=RNN 2=GRU 3=LSTM b_f=0 4=LSTM b_f=3),")
print("% train seconds, train acc, test acc")
print()
show("results", results)

# a few named numbers I want to quote in the comments below
R = {(int(r[0]), int(r[1])): r for r in results}
show("acc_rnn_T50", R[(50, 1)][3:5])
show("acc_lstm_bf0_T50", R[(50, 3)][3:5])
show("gap_lstm_bf0_T50", R[(50, 3)][3] - R[(50, 3)][4])
show("acc_lstm_bf3_T50", R[(50, 4)][3:5])
show("acc_rnn_T100", R[(100, 1)][3:5])
show("acc_lstm_bf3_T100", R[(100, 4)][3:5])
# seconds ratio length 50 / length 20 for each model, and LSTM / RNN at each length
show("secs_ratio_T50_over_T20", np.array([R[(50, k)][2] / R[(20, k)][2] for k in (1, 2, 3, 4)]))
show("secs_ratio_lstm_over_rnn", np.array([R[(T, 3)][2] / R[(T, 1)][2] for T in LENGTHS]))

# ---------------- my comments (written after the first full run; accuracies are seeded and
# came out the same, the seconds are wall-clock on a shared 2-core machine and jump around) ----
# 1) The plain RNN breaks between length 20 and length 50: 1.000/1.000 at 20, but 0.5608 train
#    and 0.4940 test at 50 (and 0.5813 / 0.5080 at 100) -- a coin toss, it never found token 0.
# 2) The LSTM with forget bias 0 at length 50 reads 0.8388 train but 0.4950 test, a gap of 0.34
#    (more than 0.3): that is memorisation of the 4,000 training rows, not the rule, and anyone
#    reporting only the training number would say it works.
# 3) Forget bias 3 took the same LSTM to 1.000 / 1.000 at 50 and still 1.000 / 1.000 at 100;
#    gradient_decay.py predicted it: the cell-state blame shrank x0.629 per step at bias 0
#    (so ~1e-10 reaches token 0 after 49 steps) but x1.016 at bias 3 (it stays the same size).
# 4) Seconds grow with length for every model but noisily here: in my first run length 20 -> 50
#    was x1.27 (RNN), x3.09 (GRU), x2.12 (LSTM b_f=0), x1.50 (LSTM b_f=3), so only roughly the
#    "doubling" of the module; the LSTM cost 1.4x-2.4x the RNN at each length (about twice), and
#    the length-100 LSTM b_f=3 took ~2.7x its length-50 time.  (Rerun seconds are in results.)
# 5) For 30-token inputs I would ship the GRU (or the LSTM with forget bias 3): both read
#    1.000 / 1.000 at 50, i.e. beyond 30, while the plain RNN was already at 0.494 test at 50 and
#    I have no measurement showing it survives 30; the GRU was the cheaper of the two at 5 and 20
#    (about half the LSTM b_f=3 seconds). Before shipping I would still run the 30-token point.
