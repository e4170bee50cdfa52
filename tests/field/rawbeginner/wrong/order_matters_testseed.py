# order matters - exercise 1
import numpy as np
import torch, torch.nn as nn
from sequences import *

# part 1
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=11))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print(Xtr.shape, Xte.shape)
print(int(very.sum()), int(nots.sum()))  # very rows, not rows


# part 2
def bag_of(toks):
    # any review (list of words) -> its bag vector
    return bag(torch.tensor([[STOI[w] for w in toks]]))[0]


print(bag_of(["delivery", "was", "good", "and", "service", "was", "not", "slow"]))

# look for twins in the training reviews: same words, opposite label
seen = {}
done = set()  # first try gave the same pair 3 times, so only one pair per word set
twins = []
for toks, lab, kind in make_reviews(1600, seed=11):
    key = tuple(sorted(toks))
    if key in seen and seen[key][1] != lab and key not in done:
        twins.append((seen[key], (toks, lab)))
        done.add(key)
    elif key not in seen:
        seen[key] = (toks, lab)
print(len(twins))

for (a, la), (b, lb) in twins[:3]:
    print(a, la)
    print(b, lb)
    print(sorted(a))
    print(sorted(b))
    print(sorted(a) == sorted(b), torch.equal(bag_of(a), bag_of(b)), la != lb)

# part 3
Btr, Bte = bag(Xtr), bag(Xte)
print(Btr.shape)
for name, build in (("logistic", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64 unit", lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                                      nn.Linear(64, 1)))):
    torch.manual_seed(7)  # seed before the weights
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    print(name, sum(p.numel() for p in net.parameters()),
          acc(net, Bte, yte), acc(net, Bte, yte, very), acc(net, Bte, yte, nots))

# net is the 64 unit one now
scores = []
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print(scores)
print(min(scores), sum(scores) / len(scores), max(scores))
# the 0.574 on the one test set was just luck, on 20 fresh test sets the same model
# is 0.448 to 0.574 and the mean is 0.504, so its a coin toss on not rows, it didnt learn anything.
# the 0.740 overall is a avarage of 1.000 (very rows) and coin flip (not rows)

# part 4 - step 2 rnn copied
np.set_printoptions(precision=3, suppress=True)


def features(tok):
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])


Wx = np.array([[0.9, -0.9, 0.0],   # h1 mood
               [0.0, 0.0, 2.0],    # h2 saw "not"
               [0.5, 0.5, 0.0]])   # h3 count of opinion words
Wh = np.array([[1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0],
               [0.0, 0.0, 1.0]])
b = np.zeros(3)


def run_rnn(tokens, show=False):
    h = np.zeros(3)
    if show:
        print(0, "<start>", np.zeros(3), h)
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # the rnn
        if show:
            print(t, tok, x, h)
    return h


# my twin pair - take one where both have not in the second clause
for (a, la), (b2, lb) in twins:
    if a[6] == "not" and b2[6] == "not" and a[0] == b2[0]:
        break
print(a, la)
hA = run_rnn(a, show=True)
print(b2, lb)
hB = run_rnn(b2, show=True)
print(hA, hB, np.abs(hA - hB).max())
print(sum(features(t) for t in a), sum(features(t) for t in b2))

# the two memorys separate at step 3, where the first opinion word comes (good vs bad), not at step 7 where "not" comes.
# h2 is the one step memory, it jumps to 0.964 at "not" and is back to 0 the step after becuase its row in Wh is all zero.
# h1 (the mood) fades with no new evidence, 0.716 0.615 0.547 0.499, tanh squashes it a bit more every step.
# a bigger bag model cant close the gap because the twins have the exact same bag vector, so any model reading only
# counts gives both the same answer and gets one of the two wrong - it can not beat 0.500 on those rows, no matter how many weights.
