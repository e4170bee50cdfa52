# order_matters.py - order carries meaning, a bag of words cannot see it,
# and a tiny hand-made RNN can.
import numpy as np, torch, torch.nn as nn
from sequences import *

# ---------------- part one: the data ----------------
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print("PART 1  data")
print(f"train {tuple(Xtr.shape)}   test {tuple(Xte.shape)}   vocab {len(VOCAB)} words"
      f"   ||   test rows: 'very' = {int(very.sum())}   'not' = {int(nots.sum())}"
      f"   total = {len(kte)}")


# ---------------- part two: bag vectors and twin pairs ----------------
def bag_of(review):
    """Any review (list of words) -> its bag-of-words count vector."""
    v = np.zeros(len(VOCAB))
    for w in review:
        v[STOI[w]] += 1
    return v


def label_of(review):
    # same rule make_reviews uses: the clause WITHOUT a modifier decides the label;
    # 'very' keeps the mood, 'not' flips it, so the plain clause always agrees with the label
    first, second = review[:review.index("and")], review[review.index("and") + 1:]
    plain = second if len(first) == 4 else first
    return int(plain[-1] in POS)


# look through the training reviews for pairs with the same bag but opposite labels
rows = make_reviews(1600, seed=11)
seen = {}
twins = []
for toks, lab, kind in rows:
    key = tuple(bag_of(toks))
    for other_toks, other_lab in seen.get(key, []):
        if other_lab != lab and len(twins) < 3 and key not in [tuple(bag_of(a)) for a, _ in twins]:
            pos_rev, neg_rev = (toks, other_toks) if lab == 1 else (other_toks, toks)
            twins.append((pos_rev, neg_rev))
    seen.setdefault(key, []).append((toks, lab))

print("\nPART 2  three twin pairs found in the training set (positive one || negative one)")
for n, (a, b) in enumerate(twins, 1):
    la, lb = label_of(a), label_of(b)
    print(f"pair {n}: {' '.join(a):<46s} label {la}  ||  {' '.join(b):<46s} label {lb}")
    print(f"  sorted {str(sorted(a)):<62s} ||  sorted {sorted(b)}")
    print(f"  same sorted words = {sorted(a) == sorted(b)}   same bag vector = "
          f"{np.array_equal(bag_of(a), bag_of(b))}   opposite labels = {la != lb}")

# ---------------- part three: the bag models ----------------
Btr, Bte = bag(Xtr), bag(Xte)
print("\nPART 3  bag-of-words models (order thrown away), test set seed 12")
print(f"{'model':<26s} {'params':>6s}  ||  {'all':>6s} {'very':>6s} {'not':>6s}")
for name, build in (("logistic on word counts", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit net on counts",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)  # seed before the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    print(f"{name:<26s} {sum(p.numel() for p in net.parameters()):6,d}  ||  "
          f"{acc(net, Bte, yte):6.3f} {acc(net, Bte, yte, very):6.3f}"
          f" {acc(net, Bte, yte, nots):6.3f}")

scores = []  # 'net' is now the 64-unit model
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print(f"64-unit 'not' rows on 20 fresh test sets (seeds 12..31):")
print(f"  min = {min(scores):.3f}   mean = {sum(scores) / len(scores):.3f}"
      f"   max = {max(scores):.3f}   seed-12 set = {scores[0]:.3f}")
# The 0.574 on the seed-12 test set is luck, not learning: over 20 fresh test sets the
# same model ranges from 0.448 to 0.574 and averages 0.504, which is a coin toss.
# The ceiling is hard: on rows whose bags are identical, no model that reads only the
# counts can beat 0.500, because both twins give it the exact same input and so get
# the exact same answer - one of the two is always wrong.

# ---------------- part four: the hand-made RNN from Step 2 ----------------
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
    # same loop as Step 2; with show=True it keeps the trace lines so I can
    # print the two reviews next to each other instead of one under the other
    h = np.zeros(3)  # the memory starts empty
    lines = []
    if show:
        lines.append(f"{'step':>4s} {'token':<8s} {'x_t':<12s} {'h_t (mood,not,count)':<24s}")
        lines.append(f"{0:4d} {'<start>':<8s} {str(np.zeros(3)):<12s} {str(h):<24s}")
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # the whole RNN, one line
        if show:
            lines.append(f"{t:4d} {tok:<8s} {str(x):<12s} {str(h):<24s}")
    return (h, lines) if show else h


A, B = twins[1]  # pair 2 has "not" in the second clause, like the module
hA, la = run_rnn(A, show=True)
hB, lb = run_rnn(B, show=True)
print(f"\nPART 4  Step 2's RNN on my twin pair 2")
print(f"A (positive): {' '.join(A):<38s}  ||  B (negative): {' '.join(B)}")
for l1, l2 in zip(la, lb):
    print(l1 + "  ||  " + l2)
split = next(t for t in range(1, 9)
             if not np.allclose(run_rnn(A[:t]), run_rnn(B[:t])))
notstep = A.index("not") + 1
print(f"final A = {hA}   final B = {hB}   max gap = {np.abs(hA - hB).max():.3f}")
print(f"memories first differ at step {split} ('{A[split - 1]}' vs '{B[split - 1]}')"
      f"   'not' arrives at step {notstep}")
bA, bB = sum(features(t) for t in A), sum(features(t) for t in B)
print(f"summed features A = {bA}   B = {bB}   identical = {np.array_equal(bA, bB)}")
# The two memory traces split at step 3, the moment the first opinion word arrives
# (good vs bad in my pair 2), and not at step 7 where "not" shows up, because the mood unit
# already holds opposite signs from step 3 on.
# Unit 2 (saw-not) is the one-step memory: it jumps to 0.964 on "not" and is back to
# 0.000 on the very next word, since its row of Wh is all zeros.
# Unit 1 (mood) fades when no new evidence comes in: 0.716, 0.615, 0.547, 0.499 over the
# filler words, because tanh squashes it a little more on every pass.
# A bigger bag model cannot close the gap, because the twins have identical bags, so any
# model on counts sees one input for two opposite labels and is stuck at 0.500 on them,
# while the RNN's final memories differ in sign.
