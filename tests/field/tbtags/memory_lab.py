# memory_lab.py -- Step 5's recall task, plus a GRU and a fifth length (100).
# The model must remember token 0 (the flag) and answer after T-1 noise tokens.
import time, torch, torch.nn as nn
from tracker import log_scalar, summary
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

# ---- Part one: the task itself, checked before any training -----------------
for T in (5, 20, 50, 100):
    for split, n, seed in (("train", 4000, 100 + T), ("test", 1000, 200 + T)):
        X, y = recall_task(n, T, seed)
        tag = f"memory_lab/data/T{T}/{split}"
        log_scalar(f"{tag}/shape_rows", X.shape[0])
        log_scalar(f"{tag}/shape_len", X.shape[1])
        # the label is exactly token 0 ...
        log_scalar(f"{tag}/label_equals_token0_frac", float((X[:, 0].float() == y).float().mean()))
        # ... and every later token is noise (ids 2..9), so it carries no flag
        later = X[:, 1:]
        log_scalar(f"{tag}/later_tokens_all_noise",
                   bool(((later >= FLAGS) & (later < FLAGS + FILLERS)).all()))
        # a noise token at a fixed position says nothing about the label:
        # positive rate when the last token is even vs odd should both be ~0.5
        last = X[:, -1]
        log_scalar(f"{tag}/pos_rate_last_tok_even", float(y[last % 2 == 0].mean()))
        log_scalar(f"{tag}/pos_rate_last_tok_odd", float(y[last % 2 == 1].mean()))
        log_scalar(f"{tag}/label_pos_frac", float(y.mean()))

# ---- Part two + three: train and score --------------------------------------
MODELS = [("rnn", "RNN", 0.0), ("gru", "GRU", 0.0),
          ("lstm_bf0", "LSTM", 0.0), ("lstm_bf3", "LSTM", 3.0)]
PLAN = [(5, MODELS), (20, MODELS), (50, MODELS),
        (100, [MODELS[0], MODELS[3]])]       # part three: the two extremes only

for T, models in PLAN:
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    for label, kind, fb in models:
        torch.manual_seed(7)
        net = Recaller(kind, forget_bias=fb)
        opt = torch.optim.Adam(net.parameters(), lr=0.01)
        g = torch.Generator().manual_seed(7)
        t0 = time.perf_counter()
        for ep in range(40):
            net.train()
            for i in torch.randperm(len(Xtr), generator=g).split(64):
                opt.zero_grad()
                loss = loss_fn(net(Xtr[i]), ytr[i])
                loss.backward()
                nn.utils.clip_grad_norm_(net.parameters(), 1.0)
                opt.step()
            if ep % 10 == 9:
                log_scalar(f"memory_lab/T{T}/{label}/last_batch_loss", float(loss), step=ep + 1)
        dt = time.perf_counter() - t0
        net.eval()
        with torch.no_grad():
            tr = float(((net(Xtr) > 0).float() == ytr).float().mean())
            te = float(((net(Xte) > 0).float() == yte).float().mean())
        log_scalar(f"memory_lab/T{T}/{label}/train_seconds", dt)
        log_scalar(f"memory_lab/T{T}/{label}/train_acc", tr)
        log_scalar(f"memory_lab/T{T}/{label}/test_acc", te)
        log_scalar(f"memory_lab/T{T}/{label}/train_minus_test", tr - te)

# ---- Part four: what the table says (comments written after the run) ----------
# Five sentences, written after my run (times are on a shared 2-core machine with a load
# of about 12, so seconds are 10-50x the module's and noisy; the accuracies are seeded):
# 1. The plain RNN breaks between length 20 and length 50: 1.000/1.000 at 20, but
#    0.590 train and 0.495 test at 50 (module: 0.539/0.507) - a coin toss on held-back rows.
#    (Odd: at length 100 it read 0.659 train / 0.632 test, partly better than at 50, but
#    still far from the bias-3 LSTM's 1.000/1.000 at 100; one seed, so I do not trust it.)
# 2. The forget-bias-0 LSTM at length 50 reads 0.851 train against 0.521 test, a gap of
#    0.330 (more than 0.3): it memorised the 4,000 training sequences by their noise
#    instead of learning "answer with token 0", so the training number alone would lie.
# 3. Setting the forget bias to 3 took the same LSTM at length 50 to 1.000/1.000, which
#    gradient_decay predicted: its cell-state blame factor went from x0.629 (bias 0, step 1
#    gets 1e-10 of step 50) to x1.016 (bias 3, step 1 gets as much as step 50), so blame
#    from the answer can now reach token 0 and the rule becomes learnable.
# 4. Training seconds grew with length for every model - RNN 15 -> 48 -> 183 s, GRU
#    18 -> 84 -> 354 s, LSTM bias 0 18 -> 189 -> 506 s, LSTM bias 3 23 -> 204 -> 421 s for
#    lengths 5 -> 20 -> 50 - so about 2x to 4x from 20 to 50 instead of the module's
#    clean 2x, and the LSTM costs 1.2x-4x the RNN (module: about 2x); the load from other
#    jobs makes these timings unreliable, but the plain RNN was the cheapest at every length.
# 5. For 30-token inputs I would ship the LSTM with forget bias 3 (or the GRU): 30 is past
#    the 20 where everything works and on the way to 50 where the plain RNN fell to 0.495,
#    while both gated models read 1.000/1.000 at length 50; the plain RNN is cheaper (183 s
#    against 421 s at 50 here), but it has no safety margin at 30.

summary()
