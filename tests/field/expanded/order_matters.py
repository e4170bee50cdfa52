# order_matters.py -- exercise 1: prove that order carries meaning, then watch
# a memory hold it. Results are printed as expanded records (psql \x style).
import numpy as np, torch, torch.nn as nn
from sequences import *

_rec = [0]
def record(fields):
    """Print one result as a psql-style expanded record."""
    _rec[0] += 1
    w = max(len(k) for k, _ in fields)
    lines = [f"{k:<{w}} | {v}" for k, v in fields]
    head = f"-[ RECORD {_rec[0]} ]"
    print(head + "-" * max(4, max(len(l) for l in lines) - len(head)))
    for l in lines:
        print(l)

def section(title):
    _rec[0] = 0
    print(f"\n== {title} ==")

# ---------------------------------------------------------------- part one
section("part one: the data")
train_rows = make_reviews(1600, seed=11)
test_rows = make_reviews(600, seed=12)
Xtr, ytr, ktr = encode(train_rows)
Xte, yte, kte = encode(test_rows)
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
record([("vocabulary", len(VOCAB)), ("tokens per review", Xtr.shape[1]),
        ("train shape", tuple(Xtr.shape)), ("test shape", tuple(Xte.shape)),
        ("test 'very' rows", int(very.sum())), ("test 'not' rows", int(nots.sum()))])

# ---------------------------------------------------------------- part two
section("part two: twin pairs -- same bag of words, opposite labels")

def bag_of(review):
    """Any review (a list of words) -> its bag-of-words vector of 17 counts."""
    return bag(torch.tensor([[STOI[w] for w in review]]))[0]

# group the training reviews by their bag, keep the groups that hold both labels
groups = {}
for toks, lab, kind in train_rows:
    key = tuple(bag_of(toks).int().tolist())
    groups.setdefault(key, {}).setdefault(lab, toks)
twins = [(g[1], g[0]) for g in groups.values() if 0 in g and 1 in g][:3]

for n, (pos, neg) in enumerate(twins, start=1):
    same_bag = bool(torch.equal(bag_of(pos), bag_of(neg)))
    record([("pair", n),
            ("review label 1", " ".join(pos)),
            ("review label 0", " ".join(neg)),
            ("sorted label 1", sorted(pos)),
            ("sorted label 0", sorted(neg)),
            ("same sorted words", sorted(pos) == sorted(neg)),
            ("same bag vector", same_bag)])

# ---------------------------------------------------------------- part three
section("part three: two bag models, accuracy split three ways")
Btr, Bte = bag(Xtr), bag(Xte)
for name, build in (("logistic on word counts", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit net on counts",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)                       # seed before the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    record([("model", name),
            ("params", f"{sum(p.numel() for p in net.parameters()):,d}"),
            ("acc all", f"{acc(net, Bte, yte):.3f}"),
            ("acc very rows", f"{acc(net, Bte, yte, very):.3f}"),
            ("acc not rows", f"{acc(net, Bte, yte, nots):.3f}")])

# net is now the 64-unit model; one test set is one exam, so sit twenty
scores = []
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
record([("model", "64-unit net on counts"),
        ("'not' acc, test seeds", "12..31 (20 sets)"),
        ("min", f"{min(scores):.3f}"),
        ("mean", f"{sum(scores) / len(scores):.3f}"),
        ("max", f"{max(scores):.3f}"),
        ("seed 12 (the one above)", f"{scores[0]:.3f}")])

# ---------------------------------------------------------------- part four
section("part four: Step 2's hand-set NumPy RNN on my twin pair 1")
np.set_printoptions(precision=3, suppress=True)

def features(tok):
    """Three input numbers per token: positive, negative, or the word 'not'."""
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])

Wx = np.array([[0.9, -0.9, 0.0],     # h1: running mood
               [0.0,  0.0, 2.0],     # h2: did I just read the word "not"
               [0.5,  0.5, 0.0]])    # h3: how many opinion words so far
Wh = np.array([[1.0, 0.0, 0.0],      # h1 carries itself forward
               [0.0, 0.0, 0.0],      # h2 forgets everything each step
               [0.0, 0.0, 1.0]])     # h3 carries itself forward
b = np.zeros(3)

def run_rnn(tokens, show=False):
    h = np.zeros(3)                               # the memory starts empty
    trace = [h]
    if show:
        record([("step", 0), ("token", "<start>"), ("x_t pos,neg,not", np.zeros(3)),
                ("h_t mood,saw-not,count", h)])
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)          # the whole RNN, one line
        trace.append(h)
        if show:
            record([("step", t), ("token", tok), ("x_t pos,neg,not", x),
                    ("h_t mood,saw-not,count", h)])
    return h, trace

A, B = twins[0]
print(f"\nREVIEW A (label 1): {' '.join(A)}")
hA, trA = run_rnn(A, show=True)
print(f"\nREVIEW B (label 0): {' '.join(B)}")
_rec[0] = 0
hB, trB = run_rnn(B, show=True)

split = next(t for t in range(len(trA)) if np.abs(trA[t] - trB[t]).max() > 1e-9)
first_opinion = next(t for t, w in enumerate(A, start=1) if w in POS or w in NEG)
where_not = A.index("not") + 1
section("part four: where the two memories part")
record([("final memory A", hA), ("final memory B", hB),
        ("largest difference", f"{np.abs(hA - hB).max():.3f}"),
        ("first step they differ", f"{split} ('{A[split - 1]}' vs '{B[split - 1]}')"),
        ("first opinion word at", first_opinion),
        ("'not' arrives at", where_not),
        ("summed features A", sum(features(t) for t in A)),
        ("summed features B", sum(features(t) for t in B))])

# ---------------------------------------------------------------- comments
# What my run printed, in plain English (numbers from order_matters.out):
#
# Part one. The 600 test rows split into 297 "very" rows and 303 "not" rows,
# the same counts the module prints.
#
# Part two. I did not make the twins up; I grouped the 1,600 training reviews
# by their bag vector and took the first three groups holding both labels.
# All three pairs print the same sorted word list and the same bag vector, yet
# one review is label 1 and the other label 0.
#
# Part three. The logistic model read 0.740 overall, 1.000 on "very" rows and
# 0.485 on "not" rows. The 64-unit model read 0.574 on the "not" rows of the
# seed-12 test set, but across 20 fresh test sets it read min 0.448, mean
# 0.504, max 0.574 -- so the 0.574 was one lucky exam (it is in fact the best
# of the twenty), luck rather than learning, and the honest figure is about
# 0.50. The overall 0.785 hides a half that is perfect and a half that is a
# coin toss.
#
# Part four, the four sentences asked for:
# 1. The two memory traces separate at step 3, where the first opinion word
#    arrives ('helpful' in A, 'slow' in B), and not at step 7 where "not"
#    arrives -- both reviews have "not" in the same place, so that step adds
#    the same thing to both.
# 2. Unit 2 (saw-not) is the one-step memory: it jumps to 0.964 at the "not"
#    step and is back to 0.000 one step later, because its row of Wh is zero.
# 3. Unit 1 (mood) fades with no new evidence: 0.716, 0.615, 0.547, 0.499
#    across the filler words "and", "app", "was", since tanh squashes it a
#    little more at every step.
# 4. A bigger bag model cannot close the gap because twins have byte-for-byte
#    identical input vectors, so any model reading only counts must give both
#    the same answer and gets exactly one of each pair right: no model reading
#    only counts can beat 0.500 on rows whose bags are identical, whatever
#    its size (18 weights or 1,217).
#
# Something odd I noticed: with these hand-set weights the final mood of the
# positive review A is -0.413 and of the negative review B is +0.413, so this
# toy RNN would get the sign wrong; it only shows that order changes the
# memory (they differ by 0.826 while the summed features are both [1 1 1]).
# A trained RNN learns weights that turn that difference into the right label.
