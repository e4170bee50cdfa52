# order_matters.py -- order carries meaning; a memory can hold it
import numpy as np, torch, torch.nn as nn
from sequences import *

# part one: the data
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=13))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print("part one: shapes and test split")
print({"train": tuple(Xtr.shape), "test": tuple(Xte.shape),
       "test rows": {"very": int(very.sum()), "not": int(nots.sum())}})


# part two: bag of words for any review, and twin pairs
def review_bag(tokens):
    """Any review (list of words) -> its bag-of-words count vector."""
    v = np.zeros(len(VOCAB))
    for w in tokens:
        v[STOI[w]] += 1
    return v


groups = {}  # bag -> list of (tokens, label) seen in the training reviews
for toks, lab, kind in make_reviews(1600, seed=11):
    groups.setdefault(tuple(review_bag(toks)), []).append((toks, lab))
twins = []
for key, rows in groups.items():
    pos = [r for r in rows if r[1] == 1]
    neg = [r for r in rows if r[1] == 0]
    # keep pairs where 'not' sits at the same position, so only the opinion words swap
    pairs = [(p, n) for p in pos for n in neg if p[0].index("not") == n[0].index("not")]
    if pairs:
        twins.append(pairs[0])
    if len(twins) == 3:
        break
print("part two: three twin pairs -> (review, label, sorted words) each, then same bag?")
for p, n in twins:
    print({"A": (" ".join(p[0]), p[1], sorted(p[0])),
           "B": (" ".join(n[0]), n[1], sorted(n[0])),
           "same sorted words": sorted(p[0]) == sorted(n[0]),
           "same bag": bool(np.array_equal(review_bag(p[0]), review_bag(n[0]))),
           "opposite labels": p[1] != n[1]})
print(review_bag(twins[0][0][0]), review_bag(twins[0][1][0]))

# part three: the two bag models, scored three ways
Btr, Bte = bag(Xtr), bag(Xte)
results = {}
for name, build in (("logistic", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit", lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                                      nn.Linear(64, 1)))):
    torch.manual_seed(7)  # seed BEFORE the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    results[name] = {"params": sum(p.numel() for p in net.parameters()),
                     "all": round(acc(net, Bte, yte), 3),
                     "very": round(acc(net, Bte, yte, very), 3),
                     "not": round(acc(net, Bte, yte, nots), 3)}
print("part three: bag models")
print(results)
scores = []  # net is the 64-unit model now
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print("64-unit 'not' score on 20 test sets (seeds 12..31): (min, mean, max), then all")
print((min(scores), sum(scores) / len(scores), max(scores)))
print(np.round(scores, 3))
# The 0.574 that the 64-unit model gets on the seed-12 test set is luck, not learning:
# over 20 fresh test sets the same model ranges from about 0.45 to 0.57 with a mean of
# about 0.50, so 0.574 is just the best exam of the lot and the logistic's 0.485 is the
# same coin toss.

# part four: Step 2's NumPy RNN on one of my twin pairs
np.set_printoptions(precision=3, suppress=True)


def features(tok):
    """Three input numbers per token: positive, negative, or the word 'not'."""
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])


Wx = np.array([[0.9, -0.9, 0.0],  # h1: running mood
               [0.0, 0.0, 2.0],   # h2: did I just read the word "not"
               [0.5, 0.5, 0.0]])  # h3: how many opinion words so far
Wh = np.array([[1.0, 0.0, 0.0],   # h1 carries itself forward
               [0.0, 0.0, 0.0],   # h2 forgets everything each step
               [0.0, 0.0, 1.0]])  # h3 carries itself forward
b = np.zeros(3)


def run_rnn(tokens, show=False):
    h = np.zeros(3)  # the memory starts empty
    trace = [(0, "<start>", np.zeros(3), h)]
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # the whole RNN, one line
        trace.append((t, tok, x, h))
    if show:
        for row in trace:
            print(row)
    return h, trace


A, B = twins[0][0][0], twins[0][1][0]
print("part four: RNN trace, review A (label %d)" % twins[0][0][1], A)
hA, trA = run_rnn(A, show=True)
print("review B (label %d)" % twins[0][1][1], B)
hB, trB = run_rnn(B, show=True)
gap = {ra[0]: float(np.abs(ra[3] - rb[3]).max()) for ra, rb in zip(trA, trB)}
print("max |hA - hB| per step, and first step where they differ")
print(gap, min(t for t, v in gap.items() if v > 0))
print({"final A": hA, "final B": hB, "summed features A": sum(features(t) for t in A),
       "summed features B": sum(features(t) for t in B)})
# My twin pair is "packing was helpful and app was not slow" (1) vs "app was slow and
# packing was not helpful" (0): the two memory traces separate at step 3, where the first
# opinion word (helpful / slow) arrives, and not at step 7 where 'not' arrives -- the
# printed gap is 0 at steps 1-2 and 1.433 at step 3, because 'not' comes in identically
# in both and only the opinion words were swapped (final memories differ by 0.826).
# Unit h2 is the one-step memory: it jumps to 0.964 on 'not' and is back to 0.000 one
# step later, because its row of Wh is all zeros.
# Unit h1 (the mood) fades without new evidence, 0.716 -> 0.615 -> 0.547 -> 0.499 over the
# filler words, since tanh squashes it a little on every pass.
# A bigger bag model cannot close the gap because both twins give the exact same count
# vector, so any model reading only counts must give them the same answer and can score
# no better than 0.500 on rows whose bags are identical -- more units only fit noise
# (1,217 params, still a mean of 0.504 on 'not' rows).
