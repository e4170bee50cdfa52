# memory_lab.py -- how long can each model remember the first token?
# Step 5's recall task, with a GRU added and a fifth length (100) for the
# two extreme models. Printed the way I would see it in R.
import time, numpy as np, torch, torch.nn as nn
torch.set_num_threads(4)

# ---- little helpers so Python prints the way R does --------------------
def r_vec(values, digits=3):
    """Print a vector like R: [1] 0.710 0.100 0.090"""
    if isinstance(values, (int, float, bool, str, np.floating, np.integer)):
        values = [values]
    out = []
    for v in values:
        if isinstance(v, (bool, np.bool_)):
            out.append("TRUE" if v else "FALSE")
        elif isinstance(v, str):
            out.append('"' + v + '"')
        elif isinstance(v, (int, np.integer)):
            out.append(str(int(v)))
        else:
            out.append(f"{float(v):.{digits}f}")
    w = max(len(s) for s in out)
    print("[1] " + " ".join(s.rjust(w) for s in out))


def r_df(cols, fmts=None):
    """Print a dict of equal-length columns like an R data.frame."""
    fmts = fmts or {}
    names = list(cols)
    n = len(cols[names[0]])
    text = {}
    for k in names:
        f = fmts.get(k)
        cells = []
        for v in cols[k]:
            if isinstance(v, (bool, np.bool_)):
                cells.append("TRUE" if v else "FALSE")
            elif f is not None and not isinstance(v, str):
                cells.append(format(v, f))
            else:
                cells.append(str(v))
        text[k] = cells
    rn = [str(i + 1) for i in range(n)]
    rw = max(len(s) for s in rn)
    widths = {k: max(len(k), *(len(s) for s in text[k])) for k in names}
    print(" " * rw + " " + " ".join(k.rjust(widths[k]) for k in names))
    for i in range(n):
        print(rn[i].ljust(rw) + " " + " ".join(text[k][i].rjust(widths[k]) for k in names))


def r_mat(M, rownames=None, colnames=None, digits=3):
    """Print a matrix like R, with dimnames or [1,] / [,1] headers."""
    M = np.asarray(M, dtype=float)
    M = M.reshape(1, -1) if M.ndim == 1 else M
    rn = rownames or [f"[{i + 1},]" for i in range(M.shape[0])]
    cn = colnames or [f"[,{j + 1}]" for j in range(M.shape[1])]
    cells = [[f"{v:.{digits}f}" for v in row] for row in M]
    w = [max(len(cn[j]), *(len(cells[i][j]) for i in range(M.shape[0])))
         for j in range(M.shape[1])]
    rw = max(len(s) for s in rn)
    print(" " * rw + " " + " ".join(cn[j].rjust(w[j]) for j in range(M.shape[1])))
    for i in range(M.shape[0]):
        print(rn[i].ljust(rw) + " " + " ".join(cells[i][j].rjust(w[j]) for j in range(M.shape[1])))
# -------------------------------------------------------------------------

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

# ---- part one: is the task what I think it is? -------------------------
print("part one: the recall task")
chk = {"length": [], "n_train": [], "n_test": [], "label_is_token0": [],
       "other_tokens_are_noise": [], "share_label_1_train": [],
       "share_label_1_test": []}
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    same = bool(torch.equal(Xtr[:, 0].float(), ytr)) and \
        bool(torch.equal(Xte[:, 0].float(), yte))
    # tokens 1..T-1 are always filler (2..9), so they can carry no flag at all
    noise = bool((Xtr[:, 1:] >= FLAGS).all()) and bool((Xte[:, 1:] >= FLAGS).all())
    chk["length"].append(T); chk["n_train"].append(len(Xtr))
    chk["n_test"].append(len(Xte))
    chk["label_is_token0"].append(same)
    chk["other_tokens_are_noise"].append(noise)
    chk["share_label_1_train"].append(float(ytr.mean()))
    chk["share_label_1_test"].append(float(yte.mean()))
r_df(chk, {"share_label_1_train": ".3f", "share_label_1_test": ".3f"})

# ---- parts two and three: train and time every model --------------------
MODELS = [("rnn", "RNN", 0.0), ("gru", "GRU", 0.0),
          ("lstm", "LSTM", 0.0), ("lstm", "LSTM", 3.0)]
PLAN = [(T, m) for T in (5, 20, 50) for m in MODELS]          # part two
PLAN += [(100, MODELS[0]), (100, MODELS[3])]                  # part three

res = {"length": [], "model": [], "forget_bias": [], "train_s": [],
       "train_acc": [], "test_acc": []}
print("\nparts two and three: training (40 epochs, clip 1.0, 4000 train rows)")
for T, (label, kind, fb) in PLAN:
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
    extra = f", forget_bias {fb:g}" if kind == "LSTM" else ""
    print(f"done: length {T}, {label}{extra}, {dt:.1f} s")
    res["length"].append(T); res["model"].append(label)
    res["forget_bias"].append("-" if kind != "LSTM" else f"{fb:g}")
    res["train_s"].append(dt); res["train_acc"].append(tr)
    res["test_acc"].append(te)

print("\nresults")
r_df(res, {"train_s": ".1f", "train_acc": ".3f", "test_acc": ".3f"})

# the two ratios the Check list talks about
def secs(T, model, fb):
    for i in range(len(res["length"])):
        if res["length"][i] == T and res["model"][i] == model and res["forget_bias"][i] == fb:
            return res["train_s"][i]

print("\nseconds at length 50 divided by seconds at length 20")
ratio = {"model": ["rnn", "gru", "lstm", "lstm"], "forget_bias": ["-", "-", "0", "3"]}
ratio["ratio_50_over_20"] = [secs(50, m, f) / secs(20, m, f)
                             for m, f in zip(ratio["model"], ratio["forget_bias"])]
r_df(ratio, {"ratio_50_over_20": ".2f"})
print("\nlstm (forget_bias 0) seconds divided by rnn seconds, at lengths 5 20 50")
r_vec([secs(T, "lstm", "0") / secs(T, "rnn", "-") for T in (5, 20, 50)], 2)
print("\ngap between train and test accuracy, lstm forget_bias 0, length 50")
r_vec(res["train_acc"][10] - res["test_acc"][10])

# ---- part four: what I read from the table ------------------------------
# (Written after my first full run; numbers below are from that run. I kept
# all 4,000 training rows: the whole lab took about 16 minutes on this shared
# 2-core machine, slow but measured, so I did not cut to 2,000.)
# Part one: the label equals token 0 in every row at every length and tokens
# 1..T-1 are always filler, so nothing else can carry the answer; the label
# share is 0.495 to 0.507 on the training sets, and 0.457 to 0.517 on the
# smaller 1,000-row test sets (length 5 is the furthest from 50-50).
#
# 1. The plain RNN breaks between length 20 and length 50: 1.000 / 1.000 at
#    length 20, but 0.561 training and 0.494 test at length 50 (0.581 and
#    0.508 at length 100), so it never learned the rule at all.
# 2. The forget-bias-0 LSTM at length 50 reads 0.839 on training but 0.495 on
#    test, a gap of 0.344 (more than 0.3), which means it memorised the 4,000
#    training sequences instead of learning "look at token 0" -- the training
#    number alone would have told me the LSTM works.
# 3. Setting the forget bias to 3 changed 0.839 / 0.495 into 1.000 / 1.000
#    at length 50 (and still 1.000 / 1.000 at length 100), exactly as
#    gradient_decay.py predicted: the cell-state blame shrinks by x0.629 per
#    step at bias 0 (5.180e-12 left at step 1) but holds at x1.016 at bias 3
#    (4.782e-02 left at step 1).
# 4. Training seconds grow with length for every model: from length 20 to 50
#    the rnn took x1.64, the gru x2.06 and the two lstms x1.98 and x1.89 (so
#    roughly double), the lstm costs about 1.5 to 1.9 times the rnn at each
#    length, and at length 100 the opened lstm took 242.1 s against 68.7 s for
#    the rnn -- with the caveat that other students share this machine, so
#    single timings are noisy (the bias-3 lstm at length 5 took 10.9 s, less
#    than half the 22.9 s of the identical-sized bias-0 lstm).
# 5. For 30-token inputs I would ship the LSTM with forget bias 3: 30 lies
#    between length 20, where everything was perfect, and length 50, where
#    the plain RNN already fell to 0.494 test, while the bias-3 LSTM read
#    1.000 / 1.000 at both 50 and 100 -- a safety margin the cheaper RNN does
#    not have; the GRU (1.000 / 1.000 at 50 in 106.1 s) would be my second
#    choice, but I did not test it at 100.
