# memory_lab.py -- Step 5's memory-length experiment, plus a GRU and a length-100 round.
# Every number the exercise's Check list talks about goes through check() below.
import time, torch, torch.nn as nn
torch.set_num_threads(4)

# ---------- my tiny self-test helper ----------
TESTS = []


def check(name, got, module, tol, fmt=".3f"):
    """Compare my value with the module's printed value, pytest style."""
    ok = abs(got - module) <= tol
    TESTS.append((name, ok, f"(got {got:{fmt}}, module {module:{fmt}}, tol {tol})"))


def check_that(name, ok, detail):
    """For Check items that are a condition rather than one number."""
    TESTS.append((name, bool(ok), f"({detail})"))


def report():
    print("\n================ self-test ================")
    for name, ok, detail in TESTS:
        print(f"{name} ... {'ok  ' if ok else 'FAIL'} {detail}")
    n_ok = sum(ok for _, ok, _ in TESTS)
    print(f"{n_ok} passed, {len(TESTS) - n_ok} failed")


# ---------- the recall task (copied from Step 5) ----------
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
        # I added "GRU" to Step 5's dictionary; the GRU has no forget valve,
        # so it is only ever built with forget_bias 0
        self.core = {"RNN": nn.RNN, "GRU": nn.GRU,
                     "LSTM": nn.LSTM}[kind](16, hid, batch_first=True)
        if forget_bias:  # start every forget valve wide open
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()


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


# ---------- part one: what does the label depend on? ----------
print("Part one: the recall data")
print(f"{'length':>7s} {'split':>6s} {'rows':>6s} {'label==token0':>14s} {'flag only at pos 0':>19s}"
      f" {'share of label 1':>17s}")
DATA = {}
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    DATA[T] = (Xtr, ytr, Xte, yte)
    for part, X, y in (("train", Xtr, ytr), ("test", Xte, yte)):
        same = float((X[:, 0].float() == y).float().mean())
        # tokens 0 and 1 are the only ones that could carry the answer;
        # after position 0 only filler tokens (2..9) may appear
        only0 = bool((X[:, 1:] >= FLAGS).all())
        share = float(y.mean())
        print(f"{T:7d} {part:>6s} {len(X):6d} {same:14.3f} {str(only0):>19s} {share:17.3f}")
        if T != 100:
            check(f"test_len{T}_{part}_label_equals_token0", same, 1.0, 0.0)
            check_that(f"test_len{T}_{part}_no_flag_after_pos0", only0,
                       f"got {only0}, module True")
            check(f"test_len{T}_{part}_label_split_near_half", share, 0.5, 0.05)
# a shuffle test: scramble every column except token 0 -> the label is still token 0
Xs = DATA[50][0].clone()
perm = torch.randperm(len(Xs), generator=torch.Generator().manual_seed(0))
Xs[:, 1:] = Xs[perm, 1:]
print("after shuffling tokens 1..49 between rows, label==token0 still:",
      f"{float((Xs[:, 0].float() == DATA[50][1]).float().mean()):.3f}")

# ---------- parts two and three: the training table ----------
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
ROWS = {}
print("\nParts two and three: 40 epochs, 4,000 training rows, clipping at 1.0")
print(f"{'length':>7s} {'model':<11s} {'train s':>8s} {'train acc':>10s}"
      f" {'test acc':>9s}")
for T in (5, 20, 50, 100):
    Xtr, ytr, Xte, yte = DATA[T]
    for label, kind, fb in MODELS:
        if T == 100 and label not in ("RNN", "LSTM b_f=3"):
            continue  # part three: only the two extreme models at length 100
        dt, tr, te = fit_and_score(kind, fb, Xtr, ytr, Xte, yte)
        ROWS[(T, label)] = (dt, tr, te)
        print(f"{T:7d} {label:<11s} {dt:8.1f} {tr:10.3f} {te:9.3f}")

print("\nseconds, length 50 / length 20, and LSTM / RNN at each length")
for label, _, _ in MODELS:
    print(f"  {label:<11s} 50/20 = {ROWS[(50, label)][0] / ROWS[(20, label)][0]:.2f}x")
for T in (5, 20, 50, 100):
    r = ROWS[(T, 'RNN')][0]
    line = f"  length {T:3d}: LSTM/RNN = "
    line += (f"{ROWS[(T, 'LSTM')][0] / r:.2f}x  " if (T, "LSTM") in ROWS else "  -    ")
    line += f"LSTM b_f=3/RNN = {ROWS[(T, 'LSTM b_f=3')][0] / r:.2f}x"
    print(line)

# ---------- Step 5's second table: step by step against all at once ----------
print("\nOne forward pass, batch 32, 128 features: step by step, or all at once")
print(f"{'length':>7s} {'LSTM (sequential)':>19s} {'attention (parallel)':>21s}"
      f" {'ratio':>7s}")
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
    print(f"{T:7d} {a * 1000:16.1f} ms {b * 1000:18.1f} ms {a / b:6.1f}x")

# ---------- the tests: the exercise's Check list ----------
for T in (5, 20):
    for label, _, _ in MODELS:
        tag = label.lower().replace(" ", "_").replace("=", "")
        check(f"test_len{T}_{tag}_train_acc", ROWS[(T, label)][1], 1.0, 0.01)
        check(f"test_len{T}_{tag}_test_acc", ROWS[(T, label)][2], 1.0, 0.01)
for label, mtr, mte in (("RNN", 0.539, 0.507), ("LSTM", 0.858, 0.506),
                        ("LSTM b_f=3", 1.000, 1.000)):
    tag = label.lower().replace(" ", "_").replace("=", "")
    check(f"test_len50_{tag}_train_acc", ROWS[(50, label)][1], mtr, 0.01)
    check(f"test_len50_{tag}_test_acc", ROWS[(50, label)][2], mte, 0.01)
gap = ROWS[(50, "LSTM")][1] - ROWS[(50, "LSTM")][2]
check_that("test_len50_lstm_bf0_memorises_gap_over_0.3", gap > 0.3,
           f"got gap {gap:.3f}, module gap {0.858 - 0.506:.3f}, need > 0.3")
for label, _, _ in MODELS:
    tag = label.lower().replace(" ", "_").replace("=", "")
    r = ROWS[(50, label)][0] / ROWS[(20, label)][0]
    check(f"test_{tag}_seconds_roughly_double_20_to_50", r, 2.0, 0.7, ".2f")
for T in (5, 20, 50):
    for lab in ("LSTM", "LSTM b_f=3"):
        tag = lab.lower().replace(" ", "_").replace("=", "")
        r = ROWS[(T, lab)][0] / ROWS[(T, "RNN")][0]
        check(f"test_len{T}_{tag}_costs_about_twice_rnn", r, 2.0, 0.7, ".2f")
report()

# ---------- part four: my five comment sentences ----------
# (written after my first run; the numbers quoted are from that run, kept in
#  scratch/memory_lab_firstrun_partial.log and scratch/peek_*.out. Careful: on this machine
#  a rerun of a seeded script is not always bit-identical -- order_matters.py gave 0.564
#  in one run and 0.574 in three others for the same row -- so the final table above may
#  differ a little.
#  The seconds are wall-clock on a shared 2-core machine with a load average near 10, so
#  they are noisy and 10-40 times slower than the module's laptop; I kept all 4,000
#  training rows anyway so the accuracies stay comparable with the module.)
# 1. The plain RNN breaks between length 20 and length 50: 1.000 train and test at 20, but
#    0.590 train and 0.495 test at 50 (module 0.539 / 0.507), i.e. it never learned the rule.
# 2. The forget-bias-0 LSTM at length 50 reads 0.839 on training but 0.495 on test
#    (module 0.858 / 0.506), a gap of about 0.34, bigger than 0.3: that is memorisation of
#    the 4,000 training sequences, not learning "answer = first token".
# 3. Setting the forget bias to 3 took the same LSTM to 1.000 train and 1.000 test at
#    length 50, which is what gradient_decay.py predicted: its cell-state blame went from
#    x0.629 per step (5.2e-12 left at step 1) to x1.016 (step 1 gets 2.14 times step 50).
# 4. Training seconds grow with length for every model (first run: RNN 17.9 -> 40.8 ->
#    168.0 s, GRU 38.5 -> 75.1 -> 254.1 s for lengths 5, 20, 50), because each extra token
#    is one more step that must wait for the previous one, and the gated models cost more
#    than the RNN at the same length; the ratio lines above give this run's numbers.
# 5. For 30-token inputs I would ship the LSTM with forget bias 3: it was 1.000 / 1.000 at
#    5, 20 and 50 tokens, while 30 sits between the 20 where the plain RNN was still fine
#    and the 50 where both the plain RNN and the bias-0 LSTM fell to 0.495 on test; the GRU
#    (also 1.000 / 1.000 at 50) is the cheaper runner-up I would test next.
