# memory_lab.py -- Module exercise 3: the memory-length lab.
# Reproduces Step 5's recall experiment (remember token 0, answer after T-1
# filler tokens), adds a GRU, and adds a length-100 run for the two extreme
# models. All results are printed as TOML.
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


def toml_key(label):
    return label.lower().replace(" ", "_").replace("=", "")


def fit_and_score(label, kind, fb, T, Xtr, ytr, Xte, yte):
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
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)  # clip at 1.0
            opt.step()
    dt = time.perf_counter() - t0
    net.eval()
    with torch.no_grad():
        tr = float(((net(Xtr) > 0).float() == ytr).float().mean())
        te = float(((net(Xte) > 0).float() == yte).float().mean())
    print(f"[memory_lab.{toml_key(label)}.len_{T}]")
    print(f'length = {T}')
    print(f'model = "{label}"')
    print(f"train_seconds = {dt:.1f}")
    print(f"train_acc = {tr:.3f}")
    print(f"test_acc = {te:.3f}")
    print()
    return dt, tr, te


# ---------------- Part one: the task itself ----------------
print("# memory_lab: recall the first token after T-1 filler tokens")
print("# 4000 training rows, 1000 test rows, 40 epochs, clip_grad_norm_ at 1.0")
print()
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    same0 = bool(torch.equal(Xtr[:, 0].float(), ytr)) and \
        bool(torch.equal(Xte[:, 0].float(), yte))
    # the other positions hold only filler tokens 2..9, drawn independently
    rest_is_filler = bool((Xtr[:, 1:] >= FLAGS).all()) and \
        bool((Xte[:, 1:] >= FLAGS).all())
    # if the label leaked into a later token, the filler mix would differ by label
    f1 = Xtr[ytr == 1, 1:].float().mean().item()
    f0 = Xtr[ytr == 0, 1:].float().mean().item()
    print(f"[memory_lab.task.len_{T}]")
    print(f"train_shape = {list(Xtr.shape)}")
    print(f"test_shape = {list(Xte.shape)}")
    print(f"label_equals_token_0 = {str(same0).lower()}")
    print(f"tokens_1_to_end_are_filler = {str(rest_is_filler).lower()}")
    print(f"mean_filler_id_label_1 = {f1:.3f}")
    print(f"mean_filler_id_label_0 = {f0:.3f}")
    print(f"train_label_1_fraction = {ytr.mean().item():.3f}")
    print(f"test_label_1_fraction = {yte.mean().item():.3f}")
    print()

# ---------------- Part two and three: the table ----------------
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
EXTREMES = [("RNN", "RNN", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
results = {}
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    for label, kind, fb in (MODELS if T < 100 else EXTREMES):
        results[(T, label)] = fit_and_score(label, kind, fb, T,
                                            Xtr, ytr, Xte, yte)

# ---------------- summary: seconds ratios ----------------
print("[memory_lab.timing]")
for label, _, _ in MODELS:
    r = results[(50, label)][0] / results[(20, label)][0]
    print(f"{toml_key(label)}_len50_over_len20 = {r:.2f}")
for T in (5, 20, 50):
    r = results[(T, "LSTM")][0] / results[(T, "RNN")][0]
    print(f"lstm_over_rnn_len_{T} = {r:.2f}")
r = results[(100, "LSTM b_f=3")][0] / results[(100, "RNN")][0]
print(f"lstm_bf3_over_rnn_len_100 = {r:.2f}")
gap = results[(50, "LSTM")][1] - results[(50, "LSTM")][2]
print(f"lstm_bf0_len50_train_minus_test = {gap:.3f}")

# ---------------- Part four: what I conclude ----------------
# (Accuracies below are seeded and came out the same in both of my runs;
# the seconds are from my first full run on this busy 2-core machine, which
# other students were using at the same time, so they move between runs.
# I kept the full 4,000 training rows.)
# 1. The plain RNN breaks at length 50: it is 1.000 / 1.000 at lengths 5 and
#    20, then 0.561 train / 0.494 test at 50 and 0.581 / 0.508 at 100, so it
#    never learned the rule at all (its training number is near 0.5 too).
# 2. The forget-bias-0 LSTM at length 50 reads 0.839 train against 0.495
#    test, a gap of 0.344 (more than 0.3): that is memorisation - it learned
#    the 4,000 training sequences by their filler tokens, not the rule
#    "look at token 0", so on new rows it is a coin toss.
# 3. Setting the forget bias to 3 changed that to 1.000 / 1.000 at length 50
#    and even at length 100, and step 3's gradient table predicted it: the
#    cell-state blame changes by x1.016 per step at bias 3 (step 1 still gets
#    4.782e-02) but shrinks by x0.629 at bias 0 (5.180e-12 at step 1), so only
#    the opened LSTM gets a learning signal back to token 0.
# 4. Training seconds grow with length for every model: RNN 15.0 -> 25.2 ->
#    47.1 s (60.6 s at 100), GRU 32.6 -> 39.7 -> 111.4 s, LSTM 14.9 -> 60.3 ->
#    111.7 s, LSTM b_f=3 8.5 -> 23.8 -> 92.5 s (187.5 s at 100), so from 20 to
#    50 each model took about 1.9x to 3.9x longer, and the LSTM cost about
#    2.4x the RNN at lengths 20 and 50 (at length 5 the times were too noisy
#    to compare, 1.0x).
# 5. For 30-token inputs I would ship the LSTM with forget bias 3: it is the
#    only model besides the GRU that scored 1.000 / 1.000 at length 50, and
#    the only one I measured at 100 (1.000 / 1.000), so 30 tokens is well
#    inside what it handles, while the plain RNN is perfect at 20 but a coin
#    toss (0.494) at 50, and 30 sits between those; the GRU (1.000 / 1.000 at
#    50) is a fine second choice but was slower here (111.4 s vs 92.5 s at 50).
#    Before shipping I would still run all models once at length 30.
