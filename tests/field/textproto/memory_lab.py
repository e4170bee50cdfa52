"""Exercise 3 - the memory-length lab (Step 5 plus a GRU and a length of 100).

Output is protobuf text format from my own printer in pbtext.py.
"""
import time, torch, torch.nn as nn
from pbtext import block, field, repeated, enum

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
        core = {"RNN": nn.RNN, "GRU": nn.GRU, "LSTM": nn.LSTM}[kind]
        self.core = core(16, hid, batch_first=True)
        if forget_bias:  # start every forget valve wide open (LSTM only)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()
# (label for the table, torch kind, forget bias)
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM_BF0", "LSTM", 0.0), ("LSTM_BF3", "LSTM", 3.0)]
EXTREMES = [m for m in MODELS if m[0] in ("RNN", "LSTM_BF3")]
PLAN = [(5, MODELS), (20, MODELS), (50, MODELS), (100, EXTREMES)]
N_TRAIN, N_TEST, EPOCHS = 4000, 1000, 40


def fit_and_score(label, kind, fb, Xtr, ytr, Xte, yte):
    torch.manual_seed(7)
    net = Recaller(kind, forget_bias=fb)
    opt = torch.optim.Adam(net.parameters(), lr=0.01)
    g = torch.Generator().manual_seed(7)
    t0 = time.perf_counter()
    for _ in range(EPOCHS):
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
    return dt, tr, te


# ---- part one: the task itself -------------------------------------------
data = {}
for T, _ in PLAN:
    Xtr, ytr = recall_task(N_TRAIN, T, seed=100 + T)
    Xte, yte = recall_task(N_TEST, T, seed=200 + T)
    data[T] = (Xtr, ytr, Xte, yte)
    with block("task"):
        field("length", T)
        field("train_rows", len(Xtr))
        field("test_rows", len(Xte))
        # the label IS token 0, for every row
        field("label_equals_token0_train", bool(torch.equal(Xtr[:, 0].float(), ytr)))
        field("label_equals_token0_test", bool(torch.equal(Xte[:, 0].float(), yte)))
        # tokens 1..T-1 are all filler (2..9), so no flag hides later on
        field("flag_tokens_after_position0",
              int((Xtr[:, 1:] < FLAGS).sum() + (Xte[:, 1:] < FLAGS).sum()))
        # and filler tokens carry no signal: largest |corr(token_t, label)|, t >= 1
        f = Xtr[:, 1:].float()
        f = (f - f.mean(0)) / f.std(0)
        yy = (ytr - ytr.mean()) / ytr.std()
        field("max_abs_corr_filler_vs_label", float((f * yy[:, None]).mean(0).abs().max()), ".3f")
        field("positive_fraction_train", float(ytr.mean()), ".3f")
        field("positive_fraction_test", float(yte.mean()), ".3f")

# ---- parts two and three: the table ----------------------------------------
results = {}
for T, models in PLAN:
    Xtr, ytr, Xte, yte = data[T]
    for label, kind, fb in models:
        dt, tr, te = fit_and_score(label, kind, fb, Xtr, ytr, Xte, yte)
        results[(T, label)] = (dt, tr, te)
        with block("run"):
            field("length", T)
            field("model", enum(label))
            field("forget_bias", int(fb))
            field("epochs", EPOCHS)
            field("clip_norm", 1.0, ".1f")
            field("train_seconds", dt, ".1f")
            field("train_acc", tr, ".3f")
            field("test_acc", te, ".3f")
            field("train_minus_test", tr - te, ".3f")

# a few derived numbers that my comments below lean on
with block("timing_summary"):
    for label, _, _ in MODELS:
        with block("model_timing"):
            field("model", enum(label))
            for T, models in PLAN:
                if (T, label) in results:
                    field("seconds", results[(T, label)][0], ".1f")
            if (20, label) in results and (50, label) in results:
                field("ratio_50_over_20", results[(50, label)][0] / results[(20, label)][0], ".2f")
            if (50, label) in results and (100, label) in results:
                field("ratio_100_over_50", results[(100, label)][0] / results[(50, label)][0], ".2f")
    for T, _ in PLAN[:3]:
        with block("lstm_over_rnn"):
            field("length", T)
            field("ratio", results[(T, "LSTM_BF0")][0] / results[(T, "RNN")][0], ".2f")

# ---- part four: what I read off my own table -------------------------------
# Numbers below are from my first full run (kept as memory_lab.run1.out);
# accuracies are seeded and repeat, seconds wobble a lot on this shared 2-core
# machine (load average was around 18 while it ran), so read them loosely.
# I kept the full 4,000 training rows; I did not cut to 2,000.
# 1. The plain RNN breaks at length 50: perfect at 5 and 20, then 0.561 train
#    and 0.494 test at 50 (and 0.581 / 0.508 at 100), a coin toss, and its low
#    training number says it never found the rule at all.
# 2. The forget-bias-0 LSTM at length 50 read 0.839 train against 0.495 test,
#    a gap of 0.344 (more than 0.3), which is memorisation: it learned the 4,000
#    training sequences by heart without learning "look at token 0".
# 3. Setting the forget bias to 3 took the same LSTM to 1.000 / 1.000 at 50 and
#    even at 100, exactly as gradient_decay.py predicted: the cell-state blame
#    factor went from x0.629 at bias 0 to x1.016 at bias 3, so the step-1 signal
#    survives instead of shrinking to about 1e-12.
# 4. Seconds grow with length for every model: from 20 to 50 steps x1.73 for
#    the RNN, x1.62 GRU, x1.41 LSTM and x1.94 LSTM with bias 3 (less than the
#    module's "roughly double"), and 50 to 100 roughly doubles again (x2.63 RNN,
#    x2.09 LSTM bias 3); the LSTM cost 1.02x, 4.17x and 3.41x the RNN at 5, 20
#    and 50, so "about twice" only holds loosely and is muddied by the load.
# 5. For 30-token inputs I would ship the LSTM with forget bias 3: it scored
#    1.000 / 1.000 at 50 and 100, while the RNN and the bias-0 LSTM were already
#    at coin-toss test accuracy (0.494, 0.495) by 50, too close to 30 for
#    comfort; the GRU (also 1.000 / 1.000 at 50, about the same 145 s) would be
#    my fallback if I needed fewer weights.
