# order_matters.py -- red team (r1): a student who print()s Python objects as they are:
# a Counter for the split, tuples for the twins, a dict of full-precision floats for the
# accuracies, and the model named by its class (Linear / Sequential).
from collections import Counter
import numpy as np
import torch
import torch.nn as nn
from sequences import *

Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print("test split:", Counter(kte.tolist()))


def bag_vec(review):
    v = np.zeros(len(VOCAB), dtype=int)
    for w in review:
        v[STOI[w]] += 1
    return tuple(v)


by_bag = {}
for toks, lab, _ in make_reviews(1600, seed=11):
    by_bag.setdefault(bag_vec(toks), {}).setdefault(lab, toks)
twins = [(d[1], d[0]) for d in by_bag.values() if len(d) == 2][:3]
for pos, neg in twins:
    print((" ".join(pos), 1), (" ".join(neg), 0))
    print("sorted:", sorted(pos))

Btr, Bte = bag(Xtr), bag(Xte)
results = {}
for build in (lambda: nn.Linear(len(VOCAB), 1),
              lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(), nn.Linear(64, 1))):
    torch.manual_seed(7)
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    results[type(net).__name__] = {"all": acc(net, Bte, yte), "very": acc(net, Bte, yte, very),
                                   "not": acc(net, Bte, yte, nots)}
print(results)

fresh = [acc(net, bag(X), y, torch.tensor(k == "not"))
         for X, y, k in (encode(make_reviews(600, seed=s)) for s in range(12, 32))]
print({"min": min(fresh), "mean": sum(fresh) / len(fresh), "max": max(fresh)})

np.set_printoptions(precision=3, suppress=True)


def features(tok):
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])


Wx = np.array([[0.9, -0.9, 0.0], [0.0, 0.0, 2.0], [0.5, 0.5, 0.0]])
Wh = np.array([[1.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
b = np.zeros(3)


def run_rnn(tokens, show=False):
    h = np.zeros(3)
    if show:
        print(f"{'step':>4s} {'token':<10s} {'x_t (pos,neg,not)':<20s} {'h_t (mood, saw-not, count)':<28s}")
        print(f"{0:4d} {'<start>':<10s} {str(np.zeros(3)):<20s} {str(h):<28s}")
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)
        if show:
            print(f"{t:4d} {tok:<10s} {str(x):<20s} {str(h):<28s}")
    return h


pos, neg = twins[1]
print("\nREVIEW A:", " ".join(pos))
run_rnn(pos, show=True)
print("\nREVIEW B:", " ".join(neg))
run_rnn(neg, show=True)

# The two memory traces separate at the step where the first opinion word arrives.
# The saw-not unit is a one-step memory: it resets to zero at the next step.
# The mood unit fades without new evidence, shrinking a little at every step.
# No model reading only counts can beat 0.500 on rows whose bags are identical, so a bigger
# bag model cannot close the gap.
# The Sequential model's 0.574 on one test set is luck: the mean over 20 fresh sets is 0.504.
