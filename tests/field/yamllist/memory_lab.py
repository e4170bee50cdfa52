"""memory_lab.py - Exercise 3: the memory-length lab (Step 5 plus a GRU and length 100)."""
# ---- my little YAML printer (no yaml module, just lists and dicts) ----
class Raw(str):
    """A number I already formatted myself (e.g. 7.577e-02); printed as is."""
class Flow(list):
    """A short list I want on one line, like [0.1, 0.2]."""
def _scalar(v, nd=3):
    if isinstance(v, Raw):
        return str(v)
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return f"{v:.{nd}f}"
    if v is None:
        return "null"
    s = str(v)
    try:
        float(s); looks_num = True
    except ValueError:
        looks_num = False
    if (s == "" or looks_num or s[0] in "-?:,[]{}#&*!|>'\"%@`" or ": " in s
            or " #" in s or s != s.strip()
            or s.lower() in ("true", "false", "null", "yes", "no", "on", "off")):
        return "'" + s.replace("'", "''") + "'"
    return s
def _inline(v):
    if isinstance(v, list):
        return "[" + ", ".join(_inline(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {_inline(x)}" for k, x in v.items()) + "}"
    return _scalar(v)
def _block(obj, ind=0):
    pad, out = " " * ind, []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if isinstance(v, dict) and v:
                out.append(f"{pad}{k}:")
                out += _block(v, ind + 2)
            elif isinstance(v, list) and v and not isinstance(v, Flow):
                out.append(f"{pad}{k}:")
                out += _block(v, ind)          # items sit under the key, like safe_dump
            else:
                out.append(f"{pad}{k}: {_inline(v)}")
    else:
        for item in obj:
            if (isinstance(item, dict) and item) or (isinstance(item, list) and item
                                                     and not isinstance(item, Flow)):
                sub = _block(item, ind + 2)
                sub[0] = pad + "- " + sub[0][ind + 2:]
                out += sub
            else:
                out.append(f"{pad}- {_inline(item)}")
    return out
def doc(obj, *comments):
    """Print one YAML document: '---', my # comments, then the data."""
    print("---")
    for c in comments:
        print(f"# {c}")
    print("\n".join(_block(obj)))
# ---- end of printer ----
import time, torch, torch.nn as nn
torch.set_num_threads(4)
FLAGS, FILLERS = 2, 8 # tokens 0,1 = the flag; tokens 2..9 = noise

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
        # I added GRU to the module's dict (no forget bias for the GRU: its
        # gate layout is reset/update/new, so there is no "forget" slice to fill)
        self.core = {"RNN": nn.RNN, "GRU": nn.GRU,
                     "LSTM": nn.LSTM}[kind](16, hid, batch_first=True)
        if forget_bias: # start every forget valve wide open
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
EXTREMES = [("RNN", "RNN", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
LENGTHS = (5, 20, 50, 100)

# ---------------- part one: is the task what it says? ----------------
checks = []
for T in LENGTHS:
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    rec = {"length": T}
    for name, X, y in (("train", Xtr, ytr), ("test", Xte, yte)):
        # label == token 0 on every row, and token 0 is the only flag position
        same = float((X[:, 0].float() == y).float().mean())
        flags_later = int((X[:, 1:] < FLAGS).sum())
        # does any later position carry information? best agreement of the
        # label with "this filler token is in the upper half" at any position
        best_other = max(float(((X[:, t] >= FLAGS + FILLERS // 2).float() == y)
                               .float().mean()) for t in range(1, T))
        rec[name] = {"rows": len(X), "shape": Flow(list(X.shape)),
                     "label_equals_token0": same,
                     "flag_tokens_after_position_0": flags_later,
                     "best_agreement_any_other_position": best_other,
                     "positive_share": float(y.mean())}
    checks.append(rec)
doc({"recall_task": checks},
    "part one: the label is token 0 and nothing else",
    "label_equals_token0 should be 1.000; the other positions should sit near 0.5")

# ---------------- parts two and three: train everything ----------------
def run(T, label, kind, fb):
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
    print(f"# done: length {T}, {label}, {dt:.1f} s, train {tr:.3f}, test {te:.3f}")
    return {"length": T, "model": label, "train_seconds": Raw(f"{dt:.1f}"),
            "train_acc": tr, "test_acc": te}

print("---")
print("# progress (40 epochs each, 4000 training rows, clip at 1.0)")
runs = []
for T in (5, 20, 50):
    for label, kind, fb in MODELS:
        runs.append(run(T, label, kind, fb))
for label, kind, fb in EXTREMES:           # part three: length 100, two models
    runs.append(run(100, label, kind, fb))
doc({"runs": runs}, "parts two and three: one table")

# a few numbers for my comments
sec = {(r["length"], r["model"]): float(r["train_seconds"]) for r in runs}
growth = []
for m, _, _ in MODELS:
    growth.append({"model": m,
                   "seconds": Flow([Raw(f"{sec[(T, m)]:.1f}") for T in (5, 20, 50)]
                                   + ([Raw(f"{sec[(100, m)]:.1f}")] if (100, m) in sec else [])),
                   "ratio_20_over_5": sec[(20, m)] / sec[(5, m)],
                   "ratio_50_over_20": sec[(50, m)] / sec[(20, m)]})
vs_rnn = [{"length": T,
           "lstm_b_f0_over_rnn": sec[(T, "LSTM b_f=0")] / sec[(T, "RNN")],
           "lstm_b_f3_over_rnn": sec[(T, "LSTM b_f=3")] / sec[(T, "RNN")],
           "gru_over_rnn": sec[(T, "GRU")] / sec[(T, "RNN")]} for T in (5, 20, 50)]
vs_rnn.append({"length": 100,
               "lstm_b_f3_over_rnn": sec[(100, "LSTM b_f=3")] / sec[(100, "RNN")]})
gaps = [{"model": r["model"], "train_minus_test": r["train_acc"] - r["test_acc"]}
        for r in runs if r["length"] == 50]
doc({"time_growth": growth, "cost_vs_rnn": vs_rnn, "length_50_gaps": gaps},
    "derived numbers (seconds are wall clock on a shared 2-core machine)")

# Part four, five sentences (written after my first full run; the accuracies are seeded
# and every one that a second, stopped run reached came out the same; the seconds are
# wall clock on a shared 2-core machine and move
# around from run to run, so I quote them as rough ratios -- the time_growth section
# above has the exact ones for this run). I kept the full 4,000 training rows.
# 1. The plain RNN breaks at length 50: it is 1.000/1.000 at lengths 5 and 20, then
#    0.561 train / 0.494 test at 50 and 0.581 / 0.508 at 100, a coin toss that never
#    even fits the training set (module: 0.539 / 0.507).
# 2. The forget-bias-0 LSTM at length 50 reads 0.839 train but 0.495 test, a gap of
#    about 0.34 (more than 0.3), which means it memorised the noise of its 4,000 training
#    sequences instead of learning "answer with token 0" -- reporting only the training
#    number would make it look like it works (module: 0.858 / 0.506).
# 3. Setting the forget bias to 3 turned the same LSTM into 1.000 / 1.000 at length 50
#    and still 1.000 / 1.000 at length 100, exactly what gradient_decay.py's cell-state
#    column predicted: at bias 0 the blame shrinks x0.629 per step (5.180e-12 left at
#    step 1), at bias 3 it changes x1.016 per step (4.782e-02 at step 1, as big as at
#    step 50), so only the opened LSTM gets any training signal back to token 0.
# 4. Seconds grow with length for every model but are the noisiest numbers here (a
#    shared 2-core machine with other students' jobs): in my first full run, length 20
#    to 50 took RNN 16.8 -> 38.2 s, GRU 38.9 -> 98.1, LSTM b_f=0 41.2 -> 90.9 and LSTM
#    b_f=3 60.8 -> 119.2 (x2.0 to x2.5, close to the module's doubling), length 100 took
#    90.4 s (RNN) and 287.4 s (LSTM b_f=3), and the LSTMs cost about 2.4 to 3.6 times the
#    RNN at 20, 50 and 100 (more than the module's 2x); a second run that I stopped, with
#    the machine even busier, gave only x1.2 for the RNN from 20 to 50 and an LSTM/RNN
#    ratio near 1.8 to 2.1 at length 20, so I trust the direction (longer is slower, gated
#    models are slower than the RNN) more than the exact ratios -- the time_growth and
#    cost_vs_rnn sections print the ratios of the run in this .out file.
# 5. For 30-token inputs I would ship the LSTM with forget bias 3: 30 sits between 20,
#    where all four models scored 1.000, and 50, where the plain RNN fell to 0.494 test
#    and the bias-0 LSTM to 0.495, while the bias-3 LSTM measured 1.000 test at 50 and
#    at 100, so it has margin on both sides; the GRU (1.000 at 50, similar seconds) is
#    the runner-up, but I did not test it at 100, and I would still run length 30 itself
#    before shipping, since I never measured it.
