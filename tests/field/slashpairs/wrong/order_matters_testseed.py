# order_matters.py - order carries meaning; a bag of words cannot see it.
import numpy as np, torch, torch.nn as nn
from sequences import *


def f3(v):  # .485 style, leading zero dropped
    return f"{v:.3f}".lstrip("0") if abs(v) < 1 else f"{v:.3f}"


# ---- part one: the data ---------------------------------------------------
print("# format: part 3 rows = model  acc all/very/not  (params)")
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=11))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print(f"vocab {len(VOCAB)} words, {Xtr.shape[1]} tokens/review;  train/test shape "
      f"{tuple(Xtr.shape)}/{tuple(Xte.shape)}")
print(f"test rows very/not = {int(very.sum())}/{int(nots.sum())}")


# ---- part two: bag vectors and twin pairs ----------------------------------
def bag_of(review):
    """Any review (list of words) -> its bag-of-words count vector."""
    v = np.zeros(len(VOCAB))
    for w in review:
        v[STOI[w]] += 1
    return v


# search the training reviews for bags that occur with BOTH labels
by_bag = {}
for toks, lab, kind in make_reviews(1600, seed=11):
    by_bag.setdefault(tuple(bag_of(toks)), {}).setdefault(lab, toks)
twins = [(d[1], d[0]) for d in by_bag.values() if 0 in d and 1 in d]
print(f"\nbags seen with both labels in train: {len(twins)};  first three twin pairs:")
twins = twins[:3]
for n, (pos, neg) in enumerate(twins, 1):
    same = np.array_equal(bag_of(pos), bag_of(neg))
    print(f"pair {n}: +1 '{' '.join(pos)}'  /  0 '{' '.join(neg)}'")
    print(f"        sorted +/0 equal? {sorted(pos) == sorted(neg)}  bag equal? {same}"
          f"  sorted = {sorted(pos)}")

# ---- part three: two bag models, accuracy split by row type -----------------
Btr, Bte = bag(Xtr), bag(Xte)
print(f"\nbag matrix train/test {tuple(Btr.shape)}/{tuple(Bte.shape)}")
for name, build in (("logistic@bag", lambda: nn.Linear(len(VOCAB), 1)),
                    ("mlp64@bag", lambda: nn.Sequential(
                        nn.Linear(len(VOCAB), 64), nn.ReLU(), nn.Linear(64, 1)))):
    torch.manual_seed(7)  # seed before the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    a, av, an = acc(net, Bte, yte), acc(net, Bte, yte, very), acc(net, Bte, yte, nots)
    print(f"{name:<13s} acc all/very/not = {f3(a)}/{f3(av)}/{f3(an)}"
          f"  ({sum(p.numel() for p in net.parameters()):,d} params)")

scores = []  # the 64-unit model (last one trained) on 20 fresh test sets
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print(f"mlp64 'not' acc over 20 test sets (seeds 12..31) min/mean/max = "
      f"{f3(min(scores))}/{f3(sum(scores) / len(scores))}/{f3(max(scores))}")
print(f"  seed12 (the one exam above) = {f3(scores[0])}")
# The .574 on the seed-12 test set is luck, not learning: on 20 fresh test sets
# the same model scores .448 to .574 with a mean of .504, a coin toss.
# The ceiling: no model that reads only counts can beat .500 on rows whose bags
# are identical, because twin reviews get the same input and must get the same
# answer, so one of the two is always wrong.

# ---- part four: Step 2's NumPy RNN on one of my twin pairs ------------------
np.set_printoptions(precision=3, suppress=True)


def features(tok):
    """Three input numbers per token: positive, negative, or the word 'not'."""
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])


Wx = np.array([[0.9, -0.9, 0.0],   # h1: running mood
               [0.0, 0.0, 2.0],    # h2: did I just read the word "not"
               [0.5, 0.5, 0.0]])   # h3: how many opinion words so far
Wh = np.array([[1.0, 0.0, 0.0],    # h1 carries itself forward
               [0.0, 0.0, 0.0],    # h2 forgets everything each step
               [0.0, 0.0, 1.0]])   # h3 carries itself forward
b = np.zeros(3)


def run_rnn(tokens, show=False):
    h = np.zeros(3)
    trace = [h]
    if show:
        print(f"{'step':>4s} {'token':<10s} {'x_t (pos,neg,not)':<20s}"
              f" {'h_t (mood, saw-not, count)':<28s}")
        print(f"{0:4d} {'<start>':<10s} {str(np.zeros(3)):<20s} {str(h):<28s}")
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # the whole RNN, one line
        trace.append(h)
        if show:
            print(f"{t:4d} {tok:<10s} {str(x):<20s} {str(h):<28s}")
    return h, trace


A, B = twins[0]
print(f"\nRNN trace, twin +1: {' '.join(A)}")
hA, trA = run_rnn(A, show=True)
print(f"\nRNN trace, twin 0: {' '.join(B)}")
hB, trB = run_rnn(B, show=True)
gaps = [np.abs(p - q).max() for p, q in zip(trA, trB)]
split = next(t for t, g in enumerate(gaps) if g > 0)
first_op = min(i for i, w in enumerate(A, 1) if w in POS + NEG)
not_step = A.index("not") + 1
print(f"\nfinal h +1/0: {hA} / {hB}   max gap {gaps[-1]:.3f}")
print(f"traces split @ step {split} ('{A[split - 1]}'/'{B[split - 1]}');"
      f"  first opinion word @ step {first_op};  'not' @ step {not_step}")
print("gap per step 1..8: " + " ".join(f3(g) for g in gaps[1:]))
print(f"summed features +1/0: {sum(features(t) for t in A)} / "
      f"{sum(features(t) for t in B)}")
# What the trace shows (my run, twin pair 1):
# 1. The two memories separate at step 3, where the first opinion word
#    (helpful / slow) arrives, with gap 1.433; at step 7, where 'not' arrives,
#    they were already apart, and 'not' adds the same .964 to both traces.
# 2. Unit 2 (saw-not) is the one-step memory: it reads .964 at the 'not' step
#    and drops back to .000 on the very next token.
# 3. Unit 1 (mood) fades with no new evidence: .716/.615/.547/.499/.461 over
#    the filler words, because tanh squashes it a little more every step.
# 4. A bigger bag model cannot close the gap because both twins have the same
#    count vector ([1 1 1] here, identical bags above), so any model reading
#    only counts gives them the same answer and tops out at .500 on such rows.
