# memory_lab.py -- Step 5 recall task, 4 models x 3 lengths, plus length 100 for RNN and LSTM b_f=3
import time, numpy as np, torch, torch.nn as nn
torch.set_num_threads(4)
np.set_printoptions(precision=3, suppress=True, linewidth=120)

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
        if forget_bias:        # start every forget valve wide open (LSTM gate order i,f,g,o)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)
    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)

loss_fn = nn.BCEWithLogitsLoss()
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
LENS = [5, 20, 50, 100]
RUN = {5: [0, 1, 2, 3], 20: [0, 1, 2, 3], 50: [0, 1, 2, 3], 100: [0, 3]}   # part three: extremes only

# ---- part one: the label is token 0 and nothing else; split ~50-50
print("# rows: lengths 5,20,50,100 | cols: n_train, label==tok0 (train), label==tok0 (test), "
      "pos frac train, pos frac test, frac of rows where label==tok1")
chk = np.zeros((len(LENS), 6))
for r, T in enumerate(LENS):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    chk[r] = [len(Xtr), float((Xtr[:, 0].float() == ytr).float().mean()),
              float((Xte[:, 0].float() == yte).float().mean()),
              float(ytr.mean()), float(yte.mean()),
              float((Xtr[:, 1].float() == ytr).float().mean())]   # token 1 is noise 2..9, never a flag
print("chk", chk)
print("shapes", [tuple(recall_task(4000, T, seed=100 + T)[0].shape) for T in LENS])

# ---- part two + three: train
secs = np.full((len(LENS), len(MODELS)), np.nan)
tracc = np.full((len(LENS), len(MODELS)), np.nan)
teacc = np.full((len(LENS), len(MODELS)), np.nan)
for r, T in enumerate(LENS):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    for c in RUN[T]:
        label, kind, fb = MODELS[c]
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
        secs[r, c] = time.perf_counter() - t0
        net.eval()
        with torch.no_grad():
            tracc[r, c] = float(((net(Xtr) > 0).float() == ytr).float().mean())
            teacc[r, c] = float(((net(Xte) > 0).float() == yte).float().mean())
        print("done", T, label, round(secs[r, c], 1), tracc[r, c], teacc[r, c])

print("\n# rows: lengths 5,20,50,100 | cols: rnn, gru, lstm, lstm_bf3  (nan = not run)")
print("secs", secs, sep="\n")
print("tracc", tracc, sep="\n")
print("teacc", teacc, sep="\n")
print("# gap = tracc - teacc")
print("gap", tracc - teacc, sep="\n")
print("# secs ratio len50/len20 | cols: rnn, gru, lstm, lstm_bf3")
print("r50_20", secs[2] / secs[1])
print("# secs ratio vs rnn | rows: lengths 5,20,50 | cols: gru, lstm, lstm_bf3")
print("r_vs_rnn", secs[:3, 1:] / secs[:3, :1], sep="\n")
print("# one row per trained model | cols: length, model idx (0 rnn,1 gru,2 lstm,3 lstm_bf3), secs, tracc, teacc")
tab = np.array([[T, c, secs[r, c], tracc[r, c], teacc[r, c]]
                for r, T in enumerate(LENS) for c in RUN[T]])
print(repr(tab))

# Comments (written after the run, citing memory_lab.out; the run took ~64 min on this loaded 2-core box,
# so I kept 4,000 training rows as in the module):
# 1. The plain RNN breaks at length 50: 1.000/1.000 at lengths 5 and 20, but 0.590 train / 0.495 test at
#    50 (module: 0.539 / 0.507), so it never learned "answer = token 0" at all.
#    At length 100 it reads 0.659 / 0.632 - better than a coin toss but far from solved (odd that it beats
#    its own length-50 row; one seed each, so I would not read much into it).
# 2. The forget-bias-0 LSTM at length 50 reads 0.851 train vs 0.521 test (gap 0.33, more than 0.3): it
#    memorised the 4,000 training sequences instead of finding the rule - memorisation, not learning.
# 3. Forget bias 3 turned that same LSTM into 1.000 / 1.000 at length 50, exactly what gradient_decay.py
#    predicted: the cell-state blame shrinks x0.629 per step at b_f=0 (5.18e-12 left at step 1) but
#    x1.016 at b_f=3 (4.78e-02 at step 1, as big as at step 50).
#    It still reads 1.000 / 1.000 at length 100.
# 4. Seconds per model (lengths 5 / 20 / 50): RNN 9.2 / 42.1 / 128.3, GRU 14.6 / 66.4 / 348.1, LSTM
#    50.8 / 85.4 / 520.7, LSTM b_f=3 45.0 / 85.3 / 563.3; from 20 to 50 that is x3.0, x5.2, x6.1, x6.6
#    (module: about x2) and the LSTM costs 5.5x / 2.0x / 4.1x the RNN (module: about 2x) - the machine had
#    a load of ~15 on 2 cores the whole time, so only "longer = slower, LSTM > RNN" is trustworthy here
#    (length 100: RNN 1074 s but LSTM b_f=3 only 340 s, because the load dropped during that last run).
# 5. For 30-token inputs I would ship the GRU: 30 is past the 20 where the plain RNN still worked but
#    below the 50 where it failed (0.495 test), and the GRU read 1.000 / 1.000 even at length 50 while
#    training in 348 s vs 521-563 s for the LSTMs, with fewer weights; LSTM b_f=3 (also 1.000 / 1.000)
#    is the fallback.
