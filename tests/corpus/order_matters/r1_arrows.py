# order_matters.py -- red team (r1): compact one-line summaries with Unicode arrows,
# middle dots and ≈ signs; twins printed with ⇄; 30 epochs (train()'s default).
import numpy as np
import torch
import torch.nn as nn
from sequences import *

TRAIN = make_reviews(1600, seed=11)
TEST = make_reviews(600, seed=12)
Xtr, ytr, ktr = encode(TRAIN)
Xte, yte, kte = encode(TEST)
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print(f"test split → very: {int(very.sum())} · not: {int(nots.sum())} · total: {len(kte)}")


def bagvec(words):
    v = np.zeros(len(VOCAB), dtype=int)
    for w in words:
        v[STOI[w]] += 1
    return v


first = {}
twins = []
for toks, lab, _ in TRAIN:
    k = (tuple(bagvec(toks)), lab)
    opp = (k[0], 1 - lab)
    if opp in first and len(twins) < 3 and not any(sorted(toks) == sorted(t[0]) for t in twins):
        twins.append((first[opp], toks, 1 - lab, lab))
    first.setdefault(k, toks)
for i, (a, b, la, lb) in enumerate(twins, 1):
    print(f"twin {i}: [{la}] {' '.join(a)}  ⇄  [{lb}] {' '.join(b)}")
    print(f"        sorted → {' '.join(sorted(a))}")

Btr, Bte = bag(Xtr), bag(Xte)
for name, build in (("logistic", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit", lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                                      nn.Linear(64, 1)))):
    torch.manual_seed(7)
    net = build()
    train(net, Btr, ytr, lr=0.01)   # default 30 epochs
    print(f"{name:<8s} → all {acc(net, Bte, yte):.3f} · very {acc(net, Bte, yte, very):.3f}"
          f" · not {acc(net, Bte, yte, nots):.3f}")

fresh = []
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    fresh.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print(f"64-unit 'not' rows × 20 fresh test sets → min {min(fresh):.3f} · "
      f"mean ≈ {np.mean(fresh):.3f} · max {max(fresh):.3f}")

np.set_printoptions(precision=3, suppress=True)


def features(tok):
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])


Wx = np.array([[0.9, -0.9, 0.0], [0.0, 0.0, 2.0], [0.5, 0.5, 0.0]])
Wh = np.array([[1.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
b = np.zeros(3)


def run_rnn(tokens, show=False):
    h = np.zeros(3)
    for t, tok in enumerate(tokens, start=1):
        h = np.tanh(Wx @ features(tok) + Wh @ h + b)
        if show:
            print(f"  t={t} {tok:<9s} → h = ({h[0]:+.3f}, {h[1]:+.3f}, {h[2]:+.3f})")
    return h


a, b_, la, lb = twins[0]
print(f"\nRNN on [{la}] {' '.join(a)}")
run_rnn(a, show=True)
print(f"RNN on [{lb}] {' '.join(b_)}")
run_rnn(b_, show=True)

# The memory traces separate at the step where the first opinion word arrives.
# h2 (saw-not) is a one-step memory: it reads 0.964 at "not" and resets at the next step.
# h1 (mood) fades without new evidence, shrinking a little at every step.
# No model reading only counts can beat 0.500 on rows whose bags are identical, so a bigger
# bag model cannot close the gap.
# The 64-unit model's single test-set 'not' score is luck: the mean over 20 fresh sets is ≈ 0.50.
