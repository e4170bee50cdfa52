# order matters - bag of words vs reading in order
import numpy as np, torch, torch.nn as nn
from sequences import *

# ---- part 1: the data
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print(f"train {tuple(Xtr.shape)} test {tuple(Xte.shape)}")
print(f"test split -> very rows {int(very.sum())}  not rows {int(nots.sum())}")

# ---- part 2: bag vector for any review + twin pairs
def bag_of(toks):
    """any review (list of words) -> its 17-long count vector"""
    v = np.zeros(len(VOCAB))
    for w in toks:
        v[STOI[w]] += 1
    return v

# go thru generated reviews and group by bag, keep groups that have both labels
rows = make_reviews(1600, seed=11) + make_reviews(600, seed=12)
groups = {}
for toks, lab, kind in rows:
    groups.setdefault(tuple(bag_of(toks)), {}).setdefault(lab, toks)
twins = []
for key, by_lab in groups.items():
    if 0 in by_lab and 1 in by_lab:
        twins.append((by_lab[1], by_lab[0]))
    if len(twins) == 3:
        break

print(f"\ntwin pairs (same bag, opposite label), found {len(twins)}:")
for n, (p, q) in enumerate(twins, 1):
    same = np.array_equal(bag_of(p), bag_of(q))
    print(f" pair {n}")
    print(f"   label 1: {' '.join(p):<48s} sorted {sorted(p)}")
    print(f"   label 0: {' '.join(q):<48s} sorted {sorted(q)}")
    print(f"   same sorted words? {sorted(p) == sorted(q)}  same bag? {same}")

# ---- part 3: the bag models
Btr, Bte = bag(Xtr), bag(Xte)
print(f"\n{'bag model':<22s} {'params':>6s} {'all':>6s} {'very':>6s} {'not':>6s}")
for name, build in (("logistic", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit net", lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                                          nn.Linear(64, 1)))):
    torch.manual_seed(7)  # seed before the weights get made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    print(f"{name:<22s} {sum(p.numel() for p in net.parameters()):6d} {acc(net, Bte, yte):6.3f}"
          f" {acc(net, Bte, yte, very):6.3f} {acc(net, Bte, yte, nots):6.3f}")

# net is the 64-unit one now. 20 fresh test sets
scores = []
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print(f"64-unit 'not' acc over 20 test sets -> min {min(scores):.3f} mean {np.mean(scores):.3f} max {max(scores):.3f}")
# ok so the 0.574 on the one test set is just luck not learning, over 20 fresh sets it
# bounces 0.448 to 0.574 w/ mean 0.504 which is a coin flip. one test set of 303 rows is one exam

# ---- part 4: step 2's numpy rnn on my own twin pair
from sequences import POS, NEG
np.set_printoptions(precision=3, suppress=True)

def features(tok):
    """3 numbers per token: positive, negative, or the word 'not'"""
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])

Wx = np.array([[0.9, -0.9, 0.0],   # h1 running mood
               [0.0, 0.0, 2.0],    # h2 did i just read 'not'
               [0.5, 0.5, 0.0]])   # h3 how many opinion words so far
Wh = np.array([[1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0],
               [0.0, 0.0, 1.0]])
b = np.zeros(3)

def run_rnn(tokens, show=False):
    h = np.zeros(3)
    hs = [h]
    if show:
        print(f"{'step':>4s} {'token':<10s} {'x_t (pos,neg,not)':<20s} {'h_t (mood, saw-not, count)':<28s}")
        print(f"{0:4d} {'<start>':<10s} {str(np.zeros(3)):<20s} {str(h):<28s}")
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)
        hs.append(h)
        if show:
            print(f"{t:4d} {tok:<10s} {str(x):<20s} {str(h):<28s}")
    return h, hs

A, B = twins[0]
print(f"\nmy twin A (label 1): {' '.join(A)}")
hA, tA = run_rnn(A, show=True)
print(f"\nmy twin B (label 0): {' '.join(B)}")
hB, tB = run_rnn(B, show=True)
split = next(t for t in range(len(tA)) if np.abs(tA[t] - tB[t]).max() > 1e-9)
first_op = next(t for t, w in enumerate(A, 1) if w in POS or w in NEG)
not_at = A.index("not") + 1
print(f"\nfinal A {hA}  final B {hB}  gap {np.abs(hA - hB).max():.3f}")
print(f"memories split at step {split} ('{A[split - 1]}' vs '{B[split - 1]}'), first opinion word at step {first_op}, 'not' at step {not_at}")
bA, bB = sum(features(t) for t in A), sum(features(t) for t in B)
print(f"summed features A {bA} B {bB} identical? {np.array_equal(bA, bB)}")

# the 4 comment sentences:
# the two memory traces split at step 3 where the first opinion word shows up (helpful vs slow in my pair 1), not at step 7 where 'not' comes in, bc 'not' is the same token at the same spot in both
# unit 2 (saw-not) is the one step memory, it jumps to 0.964 on 'not' and is back to 0 the very next step bc its row of Wh is all zeros
# unit 1 (mood) fades w/o new evidence, 0.716 -> 0.615 -> 0.547 -> 0.499 over the filler words bc tanh squashes it a bit more every pass
# a bigger bag model cant close the gap bc twins have byte-identical count vectors, so any model reading only counts must give both the same answer and cant beat 0.500 on those rows no matter how many params
