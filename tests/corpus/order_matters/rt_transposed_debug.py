# order_matters.py -- red team: transposed accuracy table (models across), debug lines, 30 epochs.
import itertools
import numpy as np
import torch
import torch.nn as nn
from sequences import *

train_rows, test_rows = make_reviews(1600, seed=11), make_reviews(600, seed=12)
Xtr, ytr, ktr = encode(train_rows)
Xte, yte, kte = encode(test_rows)
very = torch.tensor(kte == "very")
nots = torch.tensor(kte == "not")
print("== part 1: data ==")
print(f"very_rows={int(very.sum())}")
print(f"not_rows={int(nots.sum())}")


def bow(words):
    counts = [0] * len(VOCAB)
    for w in words:
        counts[STOI[w]] += 1
    return counts


print("\n== part 2: twin pairs ==")
found = []
for (a, la, _), (b, lb, _) in itertools.combinations(test_rows[:200], 2):
    if la != lb and bow(a) == bow(b) and a != b:
        if all(sorted(a) != sorted(p[0]) for p in found):
            found.append((a, la, b, lb))
    if len(found) == 3:
        break
for n, (a, la, b, lb) in enumerate(found, 1):
    print(f"twin {n}: \"{' '.join(a)}\" (label={la}) | \"{' '.join(b)}\" (label={lb})")
    print(f"   sorted words: {' '.join(sorted(a))}")

print("\n== part 3: bag models (30 epochs) ==")
Btr, Bte = bag(Xtr), bag(Xte)
nets, cols = {}, {}
for name, build in (("logistic", lambda: nn.Linear(len(VOCAB), 1)),
                    ("mlp-64", lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                                    nn.Linear(64, 1)))):
    torch.manual_seed(7)
    net = build()
    print(f"[debug] training {name} for 30 epochs ...")
    train(net, Btr, ytr, lr=0.01)
    print(f"[debug] done, {sum(p.numel() for p in net.parameters())} parameters")
    nets[name] = net
    cols[name] = (acc(net, Bte, yte), acc(net, Bte, yte, very), acc(net, Bte, yte, nots))
print(f"{'accuracy':<12}{'logistic':>10}{'mlp-64':>10}")
for i, row in enumerate(("overall", "very rows", "not rows")):
    print(f"{row:<12}{cols['logistic'][i]:>10.3f}{cols['mlp-64'][i]:>10.3f}")
scores = []
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(nets["mlp-64"], bag(X), y, torch.tensor(k == "not")))
print("mlp-64 on the not rows of 20 fresh test sets:")
print(np.round(np.array(scores), 3))
print(f"  min  {min(scores):.3f}")
print(f"  mean {np.mean(scores):.3f}")
print(f"  max  {max(scores):.3f}")

print("\n== part 4: hand-set RNN ==")
Wx = np.array([[0.9, -0.9, 0.0], [0.0, 0.0, 2.0], [0.5, 0.5, 0.0]])
Wh = np.array([[1.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 1.0]])


def run_rnn(tokens, show=False):
    h = np.zeros(3)
    for t, tok in enumerate(tokens, start=1):
        x = np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])
        h = np.tanh(Wx @ x + Wh @ h)
        if show:
            print(f"step {t}: {tok:>8s} -> h = ({h[0]:+.4f}, {h[1]:+.4f}, {h[2]:+.4f})")
    return h


a, _, b, _ = found[1]
print("trace A:", " ".join(a))
run_rnn(a, show=True)
print("trace B:", " ".join(b))
run_rnn(b, show=True)

"""
What the traces show.
The two memories are identical until the first opinion word, and they separate right at
that step, not at the step where "not" shows up.
Unit h2 is a one-step memory: it lights up for "not" and is back to zero one word later.
Unit h1, the mood, fades on its own while filler words pass, because tanh squashes it.
A bigger bag model cannot close the gap, since twins share one bag: nothing that reads
only counts can score above 0.5 on such rows.
The 64-unit model's single test set score is a lucky draw, not learning, as the mean over
twenty fresh test sets shows.
"""
