# order_matters.py -- exercise 1: prove that order carries meaning, then watch a memory hold it
# Printed as a log. Finals are the last line of each run, followed by "done in".
import time
import numpy as np, torch, torch.nn as nn
from sequences import *

np.set_printoptions(precision=3, suppress=True)
LOG_EVERY = 15

# ---------------- part one: the data ----------------
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print(f"[data] vocab={len(VOCAB)} words  review_len={Xtr.shape[1]} tokens"
      f"  train={tuple(Xtr.shape)}  test={tuple(Xte.shape)}")
print(f"[data] test rows split: very={int(very.sum())}  not={int(nots.sum())}"
      f"  (total {len(kte)})")


# ---------------- part two: bag of words and twin pairs ----------------
def bag_of_words(tokens):
    """Any review (list of words) -> its count vector over VOCAB. Order is thrown away."""
    v = np.zeros(len(VOCAB))
    for w in tokens:
        v[STOI[w]] += 1
    return v


# look for twins inside the training reviews: same bag vector, opposite label.
# I keep only "swap" twins (the two reviews differ in exactly two positions, the two
# opinion words swapped) and one pair per bag, so the three pairs are really different.
rows = make_reviews(1600, seed=11)
by_bag = {}
for toks, lab, kind in rows:
    by_bag.setdefault(tuple(bag_of_words(toks)), []).append((toks, lab))
twins = []
for key, group in by_bag.items():
    found = None
    for ta, la in group:
        for tb, lb in group:
            if la == 1 and lb == 0 and sum(p != q for p, q in zip(ta, tb)) == 2:
                found = (ta, tb)
                break
        if found:
            break
    if found:
        twins.append(found)
    if len(twins) == 3:
        break

for n, (ta, tb) in enumerate(twins, start=1):
    same_bag = np.array_equal(bag_of_words(ta), bag_of_words(tb))
    print(f"[twin {n}] A label=1 : {' '.join(ta)}")
    print(f"[twin {n}] B label=0 : {' '.join(tb)}")
    print(f"[twin {n}] A sorted  : {sorted(ta)}")
    print(f"[twin {n}] B sorted  : {sorted(tb)}")
    print(f"[twin {n}] same sorted words={sorted(ta) == sorted(tb)}  same bag vector={same_bag}"
          f"  labels={1} vs {0}")


# ---------------- part three: two bag models, scored three ways ----------------
def train_logged(net, X, y, tag, epochs=60, lr=0.01, bs=64, seed=7):
    """sequences.train, line for line, plus a progress line every LOG_EVERY epochs."""
    torch.manual_seed(seed)
    opt = torch.optim.Adam(net.parameters(), lr=lr)
    g = torch.Generator().manual_seed(seed)
    for ep in range(1, epochs + 1):
        net.train()
        tot, nb = 0.0, 0
        for i in torch.randperm(len(X), generator=g).split(bs):
            opt.zero_grad()
            loss = loss_fn(net(X[i]).squeeze(-1), y[i])
            loss.backward()
            opt.step()
            tot += float(loss); nb += 1
        if ep % LOG_EVERY == 0 or ep == 1:
            print(f"[{tag}] epoch {ep:3d}/{epochs}  loss={tot / nb:.4f}"
                  f"  train_acc={acc(net, X, y):.3f}")
    return net


Btr, Bte = bag(Xtr), bag(Xte)
print(f"[data] bag-of-words matrix {tuple(Btr.shape)}, order gone")
for name, build in (("bag | logistic", lambda: nn.Linear(len(VOCAB), 1)),
                    ("bag | 64-unit", lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                                            nn.Linear(64, 1)))):
    t0 = time.perf_counter()
    torch.manual_seed(7)                      # seed before the weights are made
    net = build()
    print(f"[{name}] start  params={sum(p.numel() for p in net.parameters()):,d}  epochs=60")
    train_logged(net, Btr, ytr, name, epochs=60, lr=0.01)
    print(f"[{name}] final  test_all={acc(net, Bte, yte):.3f}  very_rows={acc(net, Bte, yte, very):.3f}"
          f"  not_rows={acc(net, Bte, yte, nots):.3f}")
    print(f"[{name}] done in {time.perf_counter() - t0:.1f}s")

# the last net is the 64-unit one: score its "not" rows on 20 fresh test sets (seeds 12..31)
t0 = time.perf_counter()
scores = []
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
    print(f"[bag | 64-unit | fresh tests] set {s - 11:2d}/20 seed={s}  not_rows={scores[-1]:.3f}")
print(f"[bag | 64-unit | fresh tests] final  not_rows min={min(scores):.3f}"
      f"  mean={sum(scores) / len(scores):.3f}  max={max(scores):.3f}")
print(f"[bag | 64-unit | fresh tests] done in {time.perf_counter() - t0:.1f}s")


# ---------------- part four: Step 2's NumPy RNN on my own twin pair ----------------
def features(tok):
    """Three input numbers per token: positive, negative, or the word 'not'."""
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])


Wx = np.array([[0.9, -0.9, 0.0],    # h1: running mood
               [0.0, 0.0, 2.0],     # h2: did I just read the word "not"
               [0.5, 0.5, 0.0]])    # h3: how many opinion words so far
Wh = np.array([[1.0, 0.0, 0.0],     # h1 carries itself forward
               [0.0, 0.0, 0.0],     # h2 forgets everything each step
               [0.0, 0.0, 1.0]])    # h3 carries itself forward
b = np.zeros(3)


def run_rnn(tokens, show=False, tag="rnn"):
    h = np.zeros(3)                  # the memory starts empty
    if show:
        print(f"[{tag}] step  0 | {'<start>':<9s} | x(pos,neg,not)={np.zeros(3)}"
              f" | h(mood,saw-not,count)={h}")
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)    # the whole RNN, one line
        if show:
            print(f"[{tag}] step {t:2d} | {tok:<9s} | x(pos,neg,not)={x}"
                  f" | h(mood,saw-not,count)={h}")
    return h


A, B = twins[0]
print(f"[rnn A] review (label 1): {' '.join(A)}")
hA = run_rnn(A, show=True, tag="rnn A")
print(f"[rnn A] final  h={hA}")
print(f"[rnn B] review (label 0): {' '.join(B)}")
hB = run_rnn(B, show=True, tag="rnn B")
print(f"[rnn B] final  h={hB}")
# where do the two traces first differ?
hA_, hB_ = np.zeros(3), np.zeros(3)
for t, (a, bb) in enumerate(zip(A, B), start=1):
    hA_ = np.tanh(Wx @ features(a) + Wh @ hA_ + b)
    hB_ = np.tanh(Wx @ features(bb) + Wh @ hB_ + b)
    if np.abs(hA_ - hB_).max() > 1e-9:
        print(f"[rnn A vs B] traces first separate at step {t} ('{a}' vs '{bb}'),"
              f" 'not' sits at step {A.index('not') + 1}")
        break
print(f"[rnn A vs B] final  max|hA-hB|={np.abs(hA - hB).max():.3f}"
      f"  summed features identical={np.array_equal(sum(features(t) for t in A), sum(features(t) for t in B))}")

# ---------------- my notes (written after reading the log above) ----------------
# Part three, read from the log: the logistic bag model ends at test_all=0.740, very_rows=1.000,
# not_rows=0.485, and the 64-unit one at 0.785 / 1.000 / 0.574.  That 0.574 looks like the
# bigger model learned something about "not", but it is luck, not learning: on 20 fresh test
# sets the same trained model scores min 0.448, mean 0.504, max 0.574, so seed 12 just happened
# to be its best exam out of the 20.
#
# Part four, four sentences on the RNN trace of twin 1:
# 1. The two memory traces separate at step 3, where the first opinion word arrives
#    ('helpful' in A, 'slow' in B), and not at step 7 where 'not' arrives -- by then they
#    are already mirror images (mood +0.499 vs -0.499).
# 2. Unit h2 ("saw-not") is the one-step memory: it jumps to 0.964 at the 'not' step and is
#    back to 0.000 one step later, because its row of Wh is all zeros.
# 3. Unit h1 ("mood") fades without new evidence: 0.716, 0.615, 0.547, 0.499 over the filler
#    words, because tanh squashes it a bit more at every step.
# 4. A bigger bag model cannot close the gap because twin A and twin B give the exact same
#    count vector, so any model that only reads counts must give both the same answer and
#    gets one of them wrong: on rows whose bags are identical no count model can beat 0.500,
#    however many units it has.
# (Side note: this hand-set RNN does not "get" negation -- its final mood is -0.413 for the
#  positive review A -- it only shows that order changes the memory, max gap 0.826.)
