# order_matters.py -- WRONG (r1): the twin search never marks a bag as used, so the same
# twin pair is printed three times (once per opposite-label match of one bag).  CSV output.
import csv
import sys
import numpy as np
import torch
import torch.nn as nn
from sequences import *

out = csv.writer(sys.stdout, lineterminator="\n")
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
out.writerow(["section", "set", "very_rows", "not_rows"])
out.writerow(["split", "test", int(very.sum()), int(nots.sum())])
print()


def bow(review):
    v = np.zeros(len(VOCAB))
    for w in review:
        v[STOI[w]] += 1
    return v


target = ["delivery", "was", "good", "and", "service", "was", "not", "slow"]
twins = []
for toks, lab, _ in make_reviews(1600, seed=11):
    if np.array_equal(bow(toks), bow(target)) and lab == 0:
        twins.append((target, 1, toks, lab))
    if len(twins) == 3:
        break
while len(twins) < 3:                       # not enough in the data: reuse the module's twin
    twins.append((target, 1, ["delivery", "was", "slow", "and", "service", "was", "not", "good"], 0))
out.writerow(["pair", "review", "label", "sorted_words"])
for i, (a, la, b, lb) in enumerate(twins, 1):
    out.writerow([i, " ".join(a), la, " ".join(sorted(a))])
    out.writerow([i, " ".join(b), lb, " ".join(sorted(b))])
print()

Btr, Bte = bag(Xtr), bag(Xte)
out.writerow(["model", "all", "very_rows", "not_rows"])
for name, build in (("logistic", lambda: nn.Linear(len(VOCAB), 1)),
                    ("mlp64", lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                                    nn.Linear(64, 1)))):
    torch.manual_seed(7)
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    out.writerow([name, f"{acc(net, Bte, yte):.3f}", f"{acc(net, Bte, yte, very):.3f}",
                  f"{acc(net, Bte, yte, nots):.3f}"])
print()
sc = []
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    sc.append(acc(net, bag(X), y, torch.tensor(k == "not")))
out.writerow(["fresh_sets", "min", "mean", "max"])
out.writerow([20, f"{min(sc):.3f}", f"{sum(sc) / 20:.3f}", f"{max(sc):.3f}"])
print()

np.set_printoptions(precision=3, suppress=True)


def features(tok):
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])


Wx = np.array([[0.9, -0.9, 0.0], [0.0, 0.0, 2.0], [0.5, 0.5, 0.0]])
Wh = np.array([[1.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
b = np.zeros(3)


def run_rnn(tokens, show=False):
    h = np.zeros(3)
    if show:
        out.writerow(["step", "token", "mood", "saw_not", "count"])
        out.writerow([0, "<start>", "0.000", "0.000", "0.000"])
    for t, tok in enumerate(tokens, start=1):
        h = np.tanh(Wx @ features(tok) + Wh @ h + b)
        if show:
            out.writerow([t, tok, f"{h[0]:.3f}", f"{h[1]:.3f}", f"{h[2]:.3f}"])
    return h


a, la, b_, lb = twins[0]
run_rnn(a, show=True)
print()
run_rnn(b_, show=True)

# The traces separate at the step where the first opinion word arrives (step 3 here).
# The saw-not unit is a one-step memory: it resets at the next step.
# The mood unit fades without new evidence, decaying at every step.
# No model reading only counts can beat 0.500 on rows whose bags are identical, so a bigger
# bag model cannot close the gap.
# The mlp64 single-test-set score is luck; the mean over 20 fresh test sets is about 0.50.
