# order_matters.py -- red team (r1): every result goes through the logging module, whose
# default handler writes to stderr (a common habit from production code); nothing is
# print()ed.  Format: "LEVEL:name:message".
import logging
import numpy as np
import torch
import torch.nn as nn
from sequences import *

logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
log = logging.getLogger("order_matters")

Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
log.info("test split: very=%d not=%d", int(very.sum()), int(nots.sum()))


def bag_one(review):
    v = np.zeros(len(VOCAB))
    for w in review:
        v[STOI[w]] += 1
    return v


rows = make_reviews(1600, seed=11)
pairs, used = [], set()
for i, (a, la, _) in enumerate(rows):
    for b, lb, _ in rows[i + 1:i + 400]:
        key = tuple(sorted(a))
        if la != lb and key not in used and np.array_equal(bag_one(a), bag_one(b)):
            pairs.append((a, la, b, lb))
            used.add(key)
            break
    if len(pairs) == 3:
        break
for n, (a, la, b, lb) in enumerate(pairs, 1):
    log.info("twin %d: %s (label %d)", n, " ".join(a), la)
    log.info("twin %d: %s (label %d)", n, " ".join(b), lb)
    log.info("twin %d sorted: %s", n, sorted(a))

Btr, Bte = bag(Xtr), bag(Xte)
for name, build in (("logistic", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit", lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                                      nn.Linear(64, 1)))):
    torch.manual_seed(7)
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    log.info("%s: all=%.3f very=%.3f not=%.3f", name, acc(net, Bte, yte),
             acc(net, Bte, yte, very), acc(net, Bte, yte, nots))
scores = []
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
    log.debug("seed %d not=%.3f", s, scores[-1])
log.info("64-unit not rows over 20 fresh test sets: min=%.3f mean=%.3f max=%.3f",
         min(scores), sum(scores) / len(scores), max(scores))

np.set_printoptions(precision=3, suppress=True)


def features(tok):
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])


Wx = np.array([[0.9, -0.9, 0.0], [0.0, 0.0, 2.0], [0.5, 0.5, 0.0]])
Wh = np.array([[1.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
b = np.zeros(3)


def run_rnn(tokens, show=False):
    h = np.zeros(3)
    if show:
        log.info("%4s %-10s %-20s %s", "step", "token", "x_t (pos,neg,not)", "h_t (mood, saw-not, count)")
        log.info("%4d %-10s %-20s %s", 0, "<start>", np.zeros(3), h)
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)
        if show:
            log.info("%4d %-10s %-20s %s", t, tok, x, h)
    return h


a, la, b_, lb = pairs[0]
log.info("RNN trace A: %s", " ".join(a))
run_rnn(a, show=True)
log.info("RNN trace B: %s", " ".join(b_))
run_rnn(b_, show=True)

# The memory traces separate at the step where the first opinion word arrives.
# The saw-not unit is a one-step memory because it resets at the next step.
# The mood unit fades without new evidence, shrinking a little at every step.
# A bigger bag model cannot close the gap: no model reading only counts can beat 0.500 on rows
# whose bags are identical.
# The 64-unit model's 0.574 on one test set is luck, since the mean over 20 fresh sets is 0.504.
