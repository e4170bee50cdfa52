# memory_lab.py -- exercise 3: the memory-length lab (Step 5 plus a GRU and length 100)
import time, torch, torch.nn as nn
torch.set_num_threads(4)

FLAGS, FILLERS = 2, 8          # tokens 0,1 = the flag; tokens 2..9 = noise
TRAIN_ROWS, TEST_ROWS, EPOCHS = 4000, 1000, 40


# My printer: walks the nested results dict and writes YAML-like lines,
# two spaces per level. Floats get three decimals unless I stored a string.
def show(d, depth=0):
    for key, val in d.items():
        pad = "  " * depth
        if isinstance(val, dict):
            print(f"{pad}{key}:")
            show(val, depth + 1)
        elif isinstance(val, float):
            print(f"{pad}{key}: {val:.3f}")
        else:
            print(f"{pad}{key}: {val}")


def recall_task(n, T, seed):
    """Remember the FIRST token, answer after T-1 meaningless tokens."""
    g = torch.Generator().manual_seed(seed)
    flag = torch.randint(0, FLAGS, (n,), generator=g)
    noise = torch.randint(FLAGS, FLAGS + FILLERS, (n, T - 1), generator=g)
    return torch.cat([flag.unsqueeze(1), noise], 1), flag.float()


# Same Recaller as Step 5, I only added nn.GRU to the dict. The forget bias
# trick only makes sense for the LSTM (GRU gates are laid out differently),
# so I never pass a forget bias to the GRU.
class Recaller(nn.Module):
    def __init__(self, kind, hid=32, forget_bias=0.0):
        super().__init__()
        self.embed = nn.Embedding(FLAGS + FILLERS, 16)
        self.core = {"RNN": nn.RNN, "GRU": nn.GRU,
                     "LSTM": nn.LSTM}[kind](16, hid, batch_first=True)
        if forget_bias:                      # start every forget valve wide open
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()


# One training run exactly like Step 5: seed 7 before the weights, Adam at
# 0.01, batches of 64, 40 epochs, gradient clipping at 1.0 every step.
# This machine is shared (other jobs were running during my first run and a
# length-5 RNN took longer than a length-20 one), so besides wall-clock
# seconds I also record the CPU seconds this process itself used.
def fit_and_score(kind, fb, Xtr, ytr, Xte, yte):
    torch.manual_seed(7)
    net = Recaller(kind, forget_bias=fb)
    opt = torch.optim.Adam(net.parameters(), lr=0.01)
    g = torch.Generator().manual_seed(7)
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(EPOCHS):
        net.train()
        for i in torch.randperm(len(Xtr), generator=g).split(64):
            opt.zero_grad()
            loss_fn(net(Xtr[i]), ytr[i]).backward()
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)
            opt.step()
    dt, dc = time.perf_counter() - t0, time.process_time() - c0
    net.eval()
    with torch.no_grad():
        tr = float(((net(Xtr) > 0).float() == ytr).float().mean())
        te = float(((net(Xte) > 0).float() == yte).float().mean())
    return {"train_seconds": f"{dt:.1f}", "cpu_seconds": f"{dc:.1f}",
            "train_acc": tr, "test_acc": te}


# Part one check: the label must equal token 0 on every row, no flag token
# may appear after position 0 (so nothing later can give the answer away),
# and the classes should be split about 50-50.
def task_audit(Xtr, ytr, Xte, yte):
    return {
        "shape_train": str(tuple(Xtr.shape)),
        "shape_test": str(tuple(Xte.shape)),
        "label_equals_token0_train": float((Xtr[:, 0].float() == ytr).float().mean()),
        "label_equals_token0_test": float((Xte[:, 0].float() == yte).float().mean()),
        "rows_with_flag_after_token0": int((Xtr[:, 1:] < FLAGS).any(1).sum()
                                           + (Xte[:, 1:] < FLAGS).any(1).sum()),
        "positive_share_train": float(ytr.mean()),
        "positive_share_test": float(yte.mean()),
    }


MODELS = [("plain_rnn", "RNN", 0.0), ("gru", "GRU", 0.0),
          ("lstm_fb0", "LSTM", 0.0), ("lstm_fb3", "LSTM", 3.0)]

results = {"memory_lab": {"settings": {"train_rows": TRAIN_ROWS, "test_rows": TEST_ROWS,
                                       "epochs": EPOCHS, "clip_norm": 1.0,
                                       "threads": torch.get_num_threads()},
                          "part1_task_audit": {}, "part2_four_models": {},
                          "part3_length_100": {}}}
lab = results["memory_lab"]
for name, _, _ in MODELS:
    lab["part2_four_models"][name] = {}

for T in (5, 20, 50):
    Xtr, ytr = recall_task(TRAIN_ROWS, T, seed=100 + T)
    Xte, yte = recall_task(TEST_ROWS, T, seed=200 + T)
    lab["part1_task_audit"][f"length_{T}"] = task_audit(Xtr, ytr, Xte, yte)
    for name, kind, fb in MODELS:
        row = fit_and_score(kind, fb, Xtr, ytr, Xte, yte)
        lab["part2_four_models"][name][f"length_{T}"] = row
        print(f"# done length {T} {name} ({row['train_seconds']} s)", flush=True)

# Part three: length 100, only the two extreme models.
T = 100
Xtr, ytr = recall_task(TRAIN_ROWS, T, seed=100 + T)
Xte, yte = recall_task(TEST_ROWS, T, seed=200 + T)
lab["part3_length_100"]["task_audit"] = task_audit(Xtr, ytr, Xte, yte)
for name, kind, fb in (MODELS[0], MODELS[3]):
    row = fit_and_score(kind, fb, Xtr, ytr, Xte, yte)
    lab["part3_length_100"][name] = {f"length_{T}": row}
    print(f"# done length {T} {name} ({row['train_seconds']} s)", flush=True)

# Part four, written after my run (accuracies were identical in both runs
# I made of this file; the seconds were not, see the last paragraph).
#
# The plain RNN breaks between length 20 and length 50: 1.000 / 1.000 at 5
# and 20, then 0.561 train / 0.494 test at 50 and 0.581 / 0.508 at 100.
# Train and test are both near 0.5, so it never found the rule at all.
# (The module prints 0.539 / 0.507; mine is Debian's torch 1.13, not the
# pinned 2.9, and every other number agrees, so I read that as a version
# difference on a run that is at chance level anyway.)
#
# The LSTM with forget bias 0 reads 0.839 on training rows and 0.495 on
# test rows at length 50, a gap of 0.344 (more than 0.3). That is
# memorisation: it learned the 4,000 training sequences by their noise
# tokens, and on new sequences it is a coin toss, so a train-only report
# would have said "the LSTM works" when it does not.
#
# The forget bias of 3 turned that same LSTM into 1.000 / 1.000 at 50 and
# also at 100. Step 3's table (my gradient_decay.out) predicted it: on the
# cell state, bias 0 shrinks the blame by x0.629 per step, so step 1 gets
# 5.180e-12, while bias 3 gives x1.016 and step 1 gets 4.782e-02, more than
# step 50's 2.230e-02. The GRU (no bias trick) also reached 1.000 / 1.000.
#
# Timing: wall-clock seconds on this shared 2-core machine are not usable
# (in one run a length-5 RNN took 43.9 s and the length-20 one 22.9 s, the
# other jobs decide it), so I read the CPU seconds instead. In the run I
# wrote this from, CPU seconds went from length 20 to 50 as RNN 13.0 -> 18.9
# (x1.5), GRU 20.9 -> 42.7 (x2.0), LSTM b0 24.7 -> 43.5 (x1.8), LSTM b3
# 32.2 -> 47.1 (x1.5), so they grow with length but by less than the
# module's "double" for RNN and LSTM b3; the LSTM costs about 1.9x (at 20)
# and 2.3x (at 50) the RNN, and 3.3x at 100 (77.8 vs 23.7). The final .out
# was a separate run, so its seconds differ from these.
#
# For 30-token inputs I would ship the GRU. The plain RNN is perfect at 20
# but falls to chance at 50, so 30 is too close to its wall; the GRU and the
# bias-3 LSTM both scored 1.000 / 1.000 at 20 and at 50, which brackets 30,
# and the GRU did it with three gates instead of four and less CPU time
# (42.7 vs 47.1 s at 50, 20.9 vs 32.2 s at 20). If the GRU ever wobbled I
# would switch to the bias-3 LSTM, the only model I also saw pass at 100.

show(results)
