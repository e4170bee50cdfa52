# order_matters.py -- red team (r1): results printed the way pandas prints them
# (DataFrame with an index name, Series.value_counts(), Series.describe()).
# pandas is not installed on the course runtime, so show() imitates its layout.
import numpy as np
import torch
import torch.nn as nn
from sequences import *


def _fmt_col(vals):
    if all(isinstance(v, (int, np.integer)) for v in vals):
        return [str(v) for v in vals]
    digits = 1
    for v in vals:
        s = f"{v:.6f}".rstrip("0")
        digits = max(digits, len(s.split(".")[1]) if "." in s else 1)
    return [f"{v:.{digits}f}" for v in vals]


def show_frame(index_name, index, columns):
    """print(df) for a DataFrame whose index has a name."""
    names = list(columns)
    cols = [_fmt_col(columns[n]) for n in names]
    iw = max(len(index_name), max(len(str(i)) for i in index))
    ws = [max(len(n), max(len(c) for c in col)) for n, col in zip(names, cols)]
    print(" " * iw + "".join("  " + n.rjust(w) for n, w in zip(names, ws)))
    print(index_name.ljust(iw) + "".join("  " + " " * w for w in ws))
    for r, i in enumerate(index):
        print(str(i).ljust(iw) + "".join("  " + col[r].rjust(w) for col, w in zip(cols, ws)))


def show_series(index, vals, name, dtype, index_name=None):
    """print(series) for a Series."""
    sv = _fmt_col(vals)
    iw = max(len(str(i)) for i in index)
    vw = max(len(s) for s in sv)
    if index_name:
        print(index_name)
    for i, s in zip(index, sv):
        print(str(i).ljust(iw) + "    " + s.rjust(vw))
    print(f"Name: {name}, dtype: {dtype}")


Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
test_rows = make_reviews(600, seed=12)
Xte, yte, kte = encode(test_rows)
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")

print("test_df['kind'].value_counts()")
kinds, counts = np.unique(kte, return_counts=True)
order = np.argsort(-counts)
show_series([kinds[i] for i in order], [int(counts[i]) for i in order], "count", "int64",
            index_name="kind")


def bag_vector(review):
    """Bag-of-words vector for any review given as a list of words."""
    v = np.zeros(len(VOCAB), dtype=np.int64)
    for w in review:
        v[STOI[w]] += 1
    return v


groups = {}
for toks, lab, _ in make_reviews(1600, seed=11):
    groups.setdefault(tuple(bag_vector(toks)), {}).setdefault(lab, toks)
twins = [(g[1], g[0]) for g in groups.values() if 0 in g and 1 in g][:3]
print("\ntwins_df")
idx, left, right = [], [], []
for n, (pos, neg) in enumerate(twins):
    print(f"{n}  positive (label 1): {' '.join(pos)}")
    print(f"{n}  negative (label 0): {' '.join(neg)}")
    print(f"{n}  sorted words:       {sorted(pos)}")
    print(f"{n}  identical bags:     {bool(np.array_equal(bag_vector(pos), bag_vector(neg)))}")

Btr, Bte = bag(Xtr), bag(Xte)
names, a_all, a_very, a_not = [], [], [], []
for name, build in (("logistic", lambda: nn.Linear(len(VOCAB), 1)),
                    ("mlp_64", lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                                     nn.Linear(64, 1)))):
    torch.manual_seed(7)
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    names.append(name)
    a_all.append(acc(net, Bte, yte))
    a_very.append(acc(net, Bte, yte, very))
    a_not.append(acc(net, Bte, yte, nots))
print("\nresults_df  (60 epochs)")
show_frame("model", names, {"all": a_all, "very_rows": a_very, "not_rows": a_not})

scores = []
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
sc = np.array(scores)
print("\nfresh['mlp_64_not_rows'].describe()   # 20 fresh test sets, seeds 12..31")
show_series(["count", "mean", "std", "min", "25%", "50%", "75%", "max"],
            [float(len(sc)), sc.mean(), sc.std(ddof=1), sc.min(), np.percentile(sc, 25),
             np.percentile(sc, 50), np.percentile(sc, 75), sc.max()],
            "mlp_64_not_rows", "float64")

np.set_printoptions(precision=3, suppress=True)


def features(tok):
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])


Wx = np.array([[0.9, -0.9, 0.0], [0.0, 0.0, 2.0], [0.5, 0.5, 0.0]])
Wh = np.array([[1.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
b = np.zeros(3)


def run_rnn(tokens, show=False):
    h = np.zeros(3)
    steps, toks, hs = [0], ["<start>"], [h.copy()]
    for t, tok in enumerate(tokens, start=1):
        h = np.tanh(Wx @ features(tok) + Wh @ h + b)
        steps.append(t)
        toks.append(tok)
        hs.append(h.copy())
    if show:
        print("      token     mood  saw_not    count")
        print("step")
        for s, tk, hh in zip(steps, toks, hs):
            print(f"{s:<4d}  {tk:>7s}  {hh[0]:7.3f}  {hh[1]:7.3f}  {hh[2]:7.3f}")
    return h


pos, neg = twins[0]
print(f"\ntrace_df for: {' '.join(pos)}")
run_rnn(pos, show=True)
print(f"\ntrace_df for: {' '.join(neg)}")
run_rnn(neg, show=True)

# The two traces separate at the step where the first opinion word arrives; before that
# both reviews have only read identical subject and filler words.
# The saw_not unit is a one-step memory: its recurrent weight is zero, so it drops back
# to zero at the next step.
# The mood unit fades step after step without new evidence, because tanh squashes it.
# A bigger bag model cannot close the gap, since no model reading only counts can beat 0.500
# on rows whose bags are identical.
# The 0.574 of mlp_64 on one test set is luck, not learning: over 20 fresh sets the mean is 0.504.
