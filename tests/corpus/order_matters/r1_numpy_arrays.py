# order_matters.py -- red team (r1): a NumPy habit -- results printed as arrays with the
# labels listed in brackets before them, the fresh-set summary in scientific notation.
import numpy as np
import torch
import torch.nn as nn
from sequences import *

np.set_printoptions(precision=3, suppress=True)
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print("test rows [very, not]:", np.array([int(very.sum()), int(nots.sum())]))


def bag_np(review):
    out = np.zeros(len(VOCAB), dtype=int)
    np.add.at(out, [STOI[w] for w in review], 1)
    return out


reviews = make_reviews(1600, seed=11)
B = np.stack([bag_np(t) for t, _, _ in reviews])
labels = np.array([l for _, l, _ in reviews])
pairs, seen = [], set()
for i in range(len(reviews)):
    same = np.where((B == B[i]).all(1) & (labels != labels[i]))[0]
    if len(same) and tuple(B[i]) not in seen:
        seen.add(tuple(B[i]))
        pairs.append((i, int(same[0])))
    if len(pairs) == 3:
        break
for i, j in pairs:
    print(f"twins {i} & {j}: labels {labels[[i, j]]}")
    print("  ", " ".join(reviews[i][0]))
    print("  ", " ".join(reviews[j][0]))
    print("   sorted:", np.sort(np.array(reviews[i][0])))
    print("   bags equal:", np.array_equal(B[i], B[j]))

Btr, Bte = bag(Xtr), bag(Xte)
for name, build in (("logistic", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit", lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                                      nn.Linear(64, 1)))):
    torch.manual_seed(7)
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    print(f"{name} acc [all, very, not]:",
          np.array([acc(net, Bte, yte), acc(net, Bte, yte, very), acc(net, Bte, yte, nots)]))

sc = np.array([acc(net, bag(X), y, torch.tensor(k == "not"))
               for X, y, k in (encode(make_reviews(600, seed=s)) for s in range(12, 32))])
print("64-unit 'not' acc on 20 fresh test sets:", sc)
print(f"min = {sc.min():.3e}, mean = {sc.mean():.3e}, max = {sc.max():.3e}")


def features(tok):
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])


Wx = np.array([[0.9, -0.9, 0.0], [0.0, 0.0, 2.0], [0.5, 0.5, 0.0]])
Wh = np.array([[1.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
b = np.zeros(3)


def run_rnn(tokens, show=False):
    h = np.zeros(3)
    if show:
        print(0, "<start>", np.zeros(3), h)
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)
        if show:
            print(t, tok, x, h)
    return h


i, j = pairs[1]
print("\ntrace of", " ".join(reviews[i][0]))
run_rnn(reviews[i][0], show=True)
print("\ntrace of", " ".join(reviews[j][0]))
run_rnn(reviews[j][0], show=True)

# The memory traces separate at the step where the first opinion word arrives.
# h[1] (saw-not) is the one-step memory: it resets at the next step.
# h[0] (mood) fades without new evidence, shrinking at every tanh.
# A bigger bag model cannot close the gap, since no model reading only counts can beat 0.500
# on rows whose bags are identical.
# The 64-unit model's single test set number is luck, not learning: the 20 fresh sets average about 0.50.
