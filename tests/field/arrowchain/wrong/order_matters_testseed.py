# order_matters.py - prove that order carries meaning, then watch a memory hold it.
import numpy as np, torch, torch.nn as nn
from sequences import *

# ---- Part one: the data ----
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=11))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print(f"Part one: train {tuple(Xtr.shape)} -> test {tuple(Xte.shape)} | test rows: "
      f"{int(very.sum())} 'very' + {int(nots.sum())} 'not' = {len(kte)}")


# ---- Part two: bag-of-words vectors and twin pairs ----
def bag_of(review):
    """Any review (list of words) -> its bag-of-words vector (counts over VOCAB)."""
    v = np.zeros(len(VOCAB))
    for w in review:
        v[STOI[w]] += 1
    return v


# search the generated reviews for pairs with the same bag and opposite labels
groups = {}
for toks, lab, kind in make_reviews(1600, seed=11):
    groups.setdefault(tuple(bag_of(toks)), {}).setdefault(lab, toks)
twins = [(g[1], g[0]) for g in groups.values() if 0 in g and 1 in g][:3]
print(f"\nPart two: bag groups {len(groups)} -> groups holding both labels "
      f"{sum(1 for g in groups.values() if len(g) == 2)} -> printing 3 twin pairs")
for n, (pos_r, neg_r) in enumerate(twins, 1):
    same = np.array_equal(bag_of(pos_r), bag_of(neg_r))
    print(f"twin {n}: label 1 '{' '.join(pos_r)}'  vs  label 0 '{' '.join(neg_r)}'")
    print(f"        sorted: {sorted(pos_r)} == {sorted(neg_r)} -> {sorted(pos_r) == sorted(neg_r)}"
          f" | same bag vector -> {same} | labels 1 -> 0")

# ---- Part three: two bag models, accuracy three ways ----
Btr, Bte = bag(Xtr), bag(Xte)
print(f"\nPart three: reviews {tuple(Xtr.shape)} -> bag matrix {tuple(Btr.shape)} (order gone)")
for name, build in (("logistic on counts", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit net on counts",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)  # seed before the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    n_par = sum(p.numel() for p in net.parameters())
    print(f"{name:<22s} ({n_par:,d} params): all {acc(net, Bte, yte):.3f}"
          f" | very rows {acc(net, Bte, yte, very):.3f} => not rows {acc(net, Bte, yte, nots):.3f}")

scores = []  # net is now the 64-unit model
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print(f"64-unit 'not' acc, test seeds 12 -> 31: " + " -> ".join(f"{s:.3f}" for s in scores))
print(f"64-unit 'not' acc over 20 test sets: min {min(scores):.3f} -> mean "
      f"{sum(scores) / len(scores):.3f} -> max {max(scores):.3f} | seed 12 alone {scores[0]:.3f}")

# The 0.574 that the 64-unit model gets on the "not" rows of test seed 12 is luck, not
# learning: over 20 fresh test sets the same model ranges from about 0.45 to 0.57 and
# averages 0.504, so seed 12 was simply the best exam of the twenty.
# The ceiling is hard: on rows whose bags are identical but whose labels are opposite, no
# model that reads only counts can beat 0.500, because it must give both twins the same answer.

# ---- Part four: Step 2's NumPy RNN on one of my own twin pairs ----
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
    h = np.zeros(3)  # the memory starts empty
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
print(f"\nPart four: my twin 1 through Step 2's RNN")
print("REVIEW A (label 1):", " ".join(A))
hA, trA = run_rnn(A, show=True)
print("REVIEW B (label 0):", " ".join(B))
hB, trB = run_rnn(B, show=True)
gaps = [np.abs(a - b_).max() for a, b_ in zip(trA, trB)]
first = next(t for t, gp in enumerate(gaps) if gp > 0)
print("max |hA - hB|, steps 0..8: " + " -> ".join(f"{gp:.3f}" for gp in gaps))
print(f"memories separate at step {first} ('{A[first - 1]}' vs '{B[first - 1]}'),"
      f" 'not' sits at step {A.index('not') + 1} => final A {hA} vs B {hB}")
print(f"summed features: A {sum(features(t) for t in A)} vs B {sum(features(t) for t in B)}"
      f" -> RNN final memories differ by {np.abs(hA - hB).max():.3f}")

# The two memory traces separate at step 3, the moment the first opinion word arrives
# ("helpful" against "slow"), not at step 7 where "not" arrives - "not" sits in the same place in both twins.
# Unit 2 (saw-not) is the one-step memory: it jumps to 0.964 on "not" and falls back to 0.000 the very next step.
# Unit 1 (mood) fades with no new evidence, 0.716 -> 0.615 -> 0.547 -> 0.499, because tanh squashes it a bit more each step.
# A bigger bag model cannot close the gap because both twins arrive as the very same count vector,
# so any counting model, however many weights it has, gives them the same answer and is stuck at 0.500 on such pairs.
