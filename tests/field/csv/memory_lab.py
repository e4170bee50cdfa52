# memory_lab.py - exercise 3: step 5's recall task + GRU + a length-100 run
import csv, sys, time
import torch, torch.nn as nn

torch.set_num_threads(4)  # as in the module (this machine only has 2 cores, so seconds are slower)

FLAGS, FILLERS = 2, 8  # tokens 0,1 = the flag; tokens 2..9 = noise
out = csv.writer(sys.stdout, lineterminator="\n")


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
        if forget_bias:  # start every forget valve wide open (LSTM gate order i,f,g,o)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        o, _ = self.core(self.embed(x))
        return self.head(o[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()


def run(T, label, kind, fb, Xtr, ytr, Xte, yte):
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
    out.writerow([T, label, f"{dt:.1f}", f"{tr:.3f}", f"{te:.3f}"])
    sys.stdout.flush()


LENGTHS = (5, 20, 50)
data = {T: (recall_task(4000, T, seed=100 + T) + recall_task(1000, T, seed=200 + T))
        for T in LENGTHS + (100,)}

# part 1: is the label only token 0, and is it ~50/50 ?
print("# part 1")
out.writerow(["length", "split", "rows", "frac_label_1", "label_eq_token0",
              "flag_tokens_after_pos0", "max_abs_corr_label_vs_pos1plus"])
for T in LENGTHS + (100,):
    Xtr, ytr, Xte, yte = data[T]
    for split, X, y in (("train", Xtr, ytr), ("test", Xte, yte)):
        eq = float((X[:, 0].float() == y).float().mean())
        n_flag_later = int((X[:, 1:] < FLAGS).sum())
        # correlation of the label with every later position (should all be ~0)
        yc = y - y.mean()
        Xc = X[:, 1:].float() - X[:, 1:].float().mean(0)
        corr = (Xc * yc[:, None]).mean(0) / (Xc.std(0, unbiased=False) * yc.std(unbiased=False))
        out.writerow([T, split, len(X), f"{float(y.mean()):.3f}", f"{eq:.3f}",
                      n_flag_later, f"{float(corr.abs().max()):.3f}"])

# part 2 + 3: four models at 5/20/50, then length 100 for the two extremes
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM b_f=0", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
print()
print("# part 2")
out.writerow(["length", "model", "train_s", "train_acc", "test_acc"])
for T in LENGTHS:
    for label, kind, fb in MODELS:
        run(T, label, kind, fb, *data[T])

print()
print("# part 3")
out.writerow(["length", "model", "train_s", "train_acc", "test_acc"])
for label, kind, fb in (MODELS[0], MODELS[3]):
    run(100, label, kind, fb, *data[100])

# --- comments ---
# (numbers from my run on this machine, torch 1.13, 2 shared cores - see memory_lab.out; the seconds
#  are much bigger than the module's 4-thread laptop because the box was heavily loaded)
# 1. The plain RNN breaks between length 20 and 50: 1.000 / 1.000 at 20, but at 50 only 0.561 train and
#    0.494 test (module: 0.539 / 0.507), so it never learned the rule even on the training rows, and at
#    100 it is still a coin toss (0.581 / 0.508).
# 2. The LSTM with forget bias 0 reads 0.839 train but 0.495 test at length 50 (module 0.858 / 0.506):
#    a gap of about 0.34 (> 0.3), which means it memorised the 4000 training sequences (their noise
#    patterns) instead of learning "look at token 0" - it is memorisation, and the train number alone
#    would have told me the LSTM works.
# 3. Forget bias 3 starts the forget valves nearly wide open so the cell state carries token 0 (and the
#    blame back to it) across all the steps: 1.000 / 1.000 at 50 and still 1.000 / 1.000 at 100; step 3's
#    gradient table predicted exactly this - the cell-state blame shrank x0.629 per step at bias 0 (5.2e-12
#    at step 1) but about x1.016 at bias 3 (step 1 bigger than step 50).
# 4. Training seconds grow with length because the steps run one after another, but on this shared 2-core
#    box (load average 14-24 while it ran) the clock is very noisy: in this run RNN 15.8 / 15.6 / 51.1 /
#    30.5 s at length 5 / 20 / 50 / 100, LSTM b_f=3 22.4 / 23.0 / 48.1 / 102.0 s, LSTM b_f=0 19.2 / 24.2 /
#    58.1 s, GRU 33.6 / 49.0 / 79.9 s - so from 20 to 50 the RNN went x3.3, LSTM b_f=0 x2.4, b_f=3 x2.1,
#    GRU x1.6 (my first run, scratch/memory_lab_run1.out: RNN 23.2 -> 47.9, LSTM b_f=0 63.7 -> 128.8);
#    "roughly doubles" holds for most rows, but LSTM vs RNN was only 0.9-1.6x at 5, 20 and 50 in this run
#    (3.3x at 100, 1.9-4.5x in the first run), so I could not cleanly confirm "LSTM ~2x RNN" on this machine.
# 5. For 30-token inputs I would ship the LSTM with forget bias 3: at 20 tokens every model was perfect,
#    but at 50 the plain RNN was 0.494 test and the bias-0 LSTM 0.495 test while bias-3 was 1.000 / 1.000
#    (and 1.000 even at 100), and 30 is past the point where I saw the RNN is safe (20), so the extra
#    training time (1-3x the RNN in my runs) is worth the margin (the GRU, 1.000 at 50, would be my second choice).
