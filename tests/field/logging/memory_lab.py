"""memory_lab.py -- module "RNN to LSTM to why attention won", exercise 3.

Reproduces Step 5 (remember the FIRST token, answer after T-1 filler tokens)
with one addition: a GRU at every length, plus a length-100 run for the two
extreme models (plain RNN and LSTM with forget bias 3).

Part 1  build the recall task at T=5/20/50, confirm the label is token 0 and
        that the label split is close to 50-50.
Part 2  RNN, GRU, LSTM b_f=0, LSTM b_f=3; 40 epochs, Adam lr=0.01, batch 64,
        clip_grad_norm_ at 1.0; one table of T, model, secs, train/test acc.
Part 3  T=100 for RNN and LSTM b_f=3 only.
Part 4  (extra, from Step 5) one forward pass LSTM vs attention timing.

Notes
  * run on Debian python3 with torch 1.13 (module pins torch 2.9). Nothing in
    here needs anything newer than 1.13.
  * torch.set_num_threads(4) kept as in the module, but this box only has 2
    cores and is shared, so the secs column is slower than the module's
    laptop. Training rows kept at 4,000 (not cut to 2,000).
"""
import logging
import time

import torch
import torch.nn as nn

logging.basicConfig(level=logging.INFO,
                    format="%(asctime)s %(levelname)s %(name)s | %(message)s")
log_data = logging.getLogger("memory_lab.data")
log_train = logging.getLogger("memory_lab.train")
log_long = logging.getLogger("memory_lab.long")
log_time = logging.getLogger("memory_lab.timing")

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
        if forget_bias:  # start every forget valve wide open
            # PyTorch LSTM gate order is i, f, g, o -> forget = [hid:2*hid]
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM b_f=0", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]


def fit_and_score(kind, fb, Xtr, ytr, Xte, yte):
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
    return dt, tr, te


# ---- part 1: the data -------------------------------------------------------
for T in (5, 20, 50, 100):
    for split, n, seed in (("train", 4000, 100 + T), ("test", 1000, 200 + T)):
        X, y = recall_task(n, T, seed)
        label_is_tok0 = bool(torch.equal(X[:, 0].float(), y))
        # fillers never touch the flag ids, so only position 0 can carry it
        flags_after_0 = int((X[:, 1:] < FLAGS).sum())
        log_data.info("T=%d split=%s shape=%s label_is_token0=%s "
                      "flag_ids_after_pos0=%d frac_label1=%.3f",
                      T, split, tuple(X.shape), label_is_tok0, flags_after_0,
                      float(y.mean()))

# ---- part 2 + 3: the table ----------------------------------------------------
rows = []
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    for label, kind, fb in MODELS:
        if T == 100 and label not in ("RNN", "LSTM b_f=3"):
            continue  # part 3: only the two extremes at 100
        dt, tr, te = fit_and_score(kind, fb, Xtr, ytr, Xte, yte)
        rows.append((T, label, dt, tr, te))
        (log_long if T == 100 else log_train).info(
            "T=%d model=%s secs=%.1f train_acc=%.3f test_acc=%.3f gap=%.3f",
            T, label.replace(" ", "_"), dt, tr, te, tr - te)

log_train.info("summary: secs ratio T50/T20 per model")
for label, _, _ in MODELS:
    s = {T: dt for T, lab, dt, _, _ in rows if lab == label}
    log_train.info("model=%s secs_T5=%.1f secs_T20=%.1f secs_T50=%.1f "
                   "ratio_50_over_20=%.2f", label.replace(" ", "_"),
                   s[5], s[20], s[50], s[50] / s[20])
rnn = {T: dt for T, lab, dt, _, _ in rows if lab == "RNN"}
for label in ("GRU", "LSTM b_f=0", "LSTM b_f=3"):
    s = {T: dt for T, lab, dt, _, _ in rows if lab == label}
    log_train.info("model=%s cost_vs_RNN T5=%.2fx T20=%.2fx T50=%.2fx",
                   label.replace(" ", "_"), s[5] / rnn[5], s[20] / rnn[20],
                   s[50] / rnn[50])

# ---- part 4 (from Step 5): sequential vs parallel, one forward pass ----------
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
    log_time.info("T=%d batch=32 H=%d lstm_ms=%.1f attention_ms=%.1f ratio=%.1fx",
                  T, H, a * 1000, b * 1000, a / b)

# ---- part 4 of the exercise: what the table says (numbers from my run) -------
# The plain RNN breaks between length 20 and 50: 1.000/1.000 at T=20, then
# train 0.561 / test 0.494 at T=50 (0.581 / 0.508 at T=100) -- it never even
# fits the training set, so it did not learn the rule at all.
# The LSTM with forget bias 0 at T=50 reads train 0.839 vs test 0.495, a gap of
# 0.344: that is memorisation of the 4,000 training sequences (their noise),
# not the rule "answer = token 0", and a training-only report would call it fine.
# Forget bias 3 took the same LSTM to 1.000/1.000 at T=50 and still at T=100;
# step 3's cell-state gradient predicted it (x0.629 per step at b_f=0, so step
# 1 gets ~1e-10 of step 50's blame, vs x1.016 at b_f=3, so step 1 gets more).
# Training secs grow with length for every model: T=20 -> T=50 is x2.9 RNN,
# x2.8 GRU, x3.6 LSTM b_f=0, x2.3 LSTM b_f=3 (module said "roughly double");
# the LSTMs cost ~2.1-2.8x the RNN at T=20/50, GRU ~2.1-2.2x. Box was shared
# (load ~17 on 2 cores) so the secs are noisy and much slower than the module.
# For 30-token inputs I would ship the LSTM with forget bias 3 (or the GRU):
# both were 1.000/1.000 at T=50, and the b_f=3 LSTM also at T=100, while the
# plain RNN is already at chance by 50 and 30 is too close to that wall; the
# price is ~2x the RNN's training time (150.6 s vs 72.5 s at T=50 here), which
# is cheap for not silently dropping the start of the input.
