# order_matters.py -- module exercise 1: prove that order carries meaning,
# then watch a memory hold it. Every number sits beside the module's Check value.
import numpy as np, torch, torch.nn as nn
from sequences import *

TOL = 0.01   # "within about 1%"; counts must match exactly


def mark(ok):
    return "OK" if ok else "XX"


def row(name, mine, mod, fmt="{:.3f}", exact=False):
    if mod is None:
        print(f"  {name:<34s} | {fmt.format(mine):>7s} | {'-':>7s} | {'-':>7s} | --")
        return
    d = mine - mod
    ok = (d == 0) if exact else abs(d) <= TOL
    print(f"  {name:<34s} | {fmt.format(mine):>7s} | {fmt.format(mod):>7s} | {fmt.format(d):>7s} | {mark(ok)}")


HEAD = f"  {'item':<34s} | {'mine':>7s} | {'module':>7s} | {'diff':>7s} | ok"

# ---------------- Part one: the data ----------------
print("PART ONE -- the 1,600 / 600 split")
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print(f"  train {tuple(Xtr.shape)}  test {tuple(Xte.shape)}  vocabulary {len(VOCAB)} words")
print(HEAD)
row("test rows with 'very'", int(very.sum()), 297, "{:d}", exact=True)
row("test rows with 'not'", int(nots.sum()), 303, "{:d}", exact=True)


# ---------------- Part two: bag vectors and twin pairs ----------------
def bag_of(review):
    """Any review (list of words) -> its bag-of-words vector (counts over VOCAB)."""
    v = np.zeros(len(VOCAB))
    for w in review:
        v[STOI[w]] += 1.0
    return v


def not_pos(toks):
    return toks.index("not") if "not" in toks else -1


print("\nPART TWO -- twin pairs found in the training reviews (same bag, opposite labels)")
groups = {}
for toks, lab, kind in make_reviews(1600, seed=11):
    groups.setdefault(tuple(bag_of(toks)), []).append((toks, lab))
twins = []
for key, members in groups.items():
    pos = [m for m in members if m[1] == 1]
    neg = [m for m in members if m[1] == 0]
    if pos and neg:
        # prefer a pair whose 'not' sits in the same place, so only the opinion words swap
        best = None
        for a in pos:
            for b in neg:
                if not_pos(a[0]) == not_pos(b[0]) and a[0] != b[0]:
                    best = (a, b); break
            if best: break
        twins.append(best or (pos[0], neg[0]))
print(f"  bag groups holding both labels in the training set: {len(twins)} (I print the first three)")
print(f"  {'pair':<5s} {'label':>5s}  {'review':<46s} sorted words")
n_ok = 0
for p, (a, b) in enumerate(twins[:3], start=1):
    for toks, lab in (a, b):
        print(f"  {p:<5d} {lab:>5d}  {' '.join(toks):<46s} {sorted(toks)}")
    same_sorted = sorted(a[0]) == sorted(b[0])
    same_bag = np.array_equal(bag_of(a[0]), bag_of(b[0]))
    opposite = a[1] != b[1]
    ok = same_sorted and same_bag and opposite
    n_ok += ok
    print(f"        same sorted list? {same_sorted}  same bag vector? {same_bag}  opposite labels? {opposite}"
          f"  (module: True/True/True) {mark(ok)}")
print(HEAD)
row("twin pairs passing all three tests", n_ok, 3, "{:d}", exact=True)

# ---------------- Part three: the two bag models ----------------
print("\nPART THREE -- bag models (60 epochs, lr 0.01, seed 7 before the weights)")
Btr, Bte = bag(Xtr), bag(Xte)
MOD = {"logistic on word counts": (18, 0.740, 1.000, 0.485),
       "64-unit net on counts": (1217, 0.785, 1.000, 0.574)}
for name, build in (("logistic on word counts", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit net on counts",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)            # seed BEFORE the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    mp, ma, mv, mn = MOD[name]
    print(f" {name}")
    print(HEAD)
    row("params", sum(p.numel() for p in net.parameters()), mp, "{:d}", exact=True)
    row("accuracy, all test rows", acc(net, Bte, yte), ma)
    row("accuracy, 'very' rows", acc(net, Bte, yte, very), mv)
    row("accuracy, 'not' rows", acc(net, Bte, yte, nots), mn)

scores = []                          # one test set is one exam
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print("\n the 64-unit model's 'not' score on 20 fresh test sets (seeds 12..31)")
print("  " + " ".join(f"{v:.3f}" for v in scores))
print(HEAD)
row("min over 20 test sets", min(scores), 0.448)
row("mean over 20 test sets", sum(scores) / len(scores), 0.504)
row("max over 20 test sets", max(scores), 0.574)
print(f"  ceiling on rows whose bags are identical: 0.500 -- the mean {sum(scores) / len(scores):.3f}"
      f" is {'at' if abs(sum(scores) / len(scores) - 0.5) < 0.02 else 'NOT at'} the coin toss")

# ---------------- Part four: Step 2's NumPy RNN on my own twin pair ----------------
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
    h = np.zeros(3)                 # the memory starts empty
    trace = [h]
    if show:
        print(f"{'step':>4s} {'token':<10s} {'x_t (pos,neg,not)':<20s}"
              f" {'h_t (mood, saw-not, count)':<28s}")
        print(f"{0:4d} {'<start>':<10s} {str(np.zeros(3)):<20s} {str(h):<28s}")
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)    # the whole RNN, one line
        trace.append(h)
        if show:
            print(f"{t:4d} {tok:<10s} {str(x):<20s} {str(h):<28s}")
    return h, trace


print("\nPART FOUR -- Step 2's RNN on my own twin pair (pair 1 from part two)")
(A, la), (B, lb) = twins[0]
print(f"REVIEW A (label {la}):", " ".join(A))
hA, trA = run_rnn(A, show=True)
print(f"\nREVIEW B (label {lb}):", " ".join(B))
hB, trB = run_rnn(B, show=True)
sep = next(t for t in range(len(trA)) if np.abs(trA[t] - trB[t]).max() > 1e-9)
first_op = min(next(i for i, w in enumerate(A, 1) if w in POS + NEG),
               next(i for i, w in enumerate(B, 1) if w in POS + NEG))
not_step = min(A.index("not") + 1, B.index("not") + 1)
print(f"\nfinal memory A: {hA}\nfinal memory B: {hB}")
print(f"they differ by : {np.abs(hA - hB).max():.3f}")
print(HEAD)
row("step where the memories separate", sep, first_op, "{:d}", exact=True)
print(f"  (module: they separate at the first opinion word = step {first_op} here, "
      f"not at the 'not' step = step {not_step}; mine {'is' if sep == first_op else 'is NOT'} the opinion step)")
print(f"  summed features A {sum(features(t) for t in A)}  B {sum(features(t) for t in B)}"
      f"  identical? {np.array_equal(sum(features(t) for t in A), sum(features(t) for t in B))}")

# ---- Part three, what my run says (matched the module on every number) ----
# My logistic bag model printed 0.740 overall, 1.000 on 'very' rows and 0.485 on 'not'
# rows -- exactly the module's 0.740 / 1.000 / 0.485 (diff 0.000, OK on all three).
# My 64-unit model printed 0.574 on the 'not' rows of the seed-12 test set, which looks
# like progress, but across 20 fresh test sets it scored min 0.448, mean 0.504, max 0.574
# (module: 0.448 / 0.504 / 0.574, all OK) -- so the 0.574 is LUCK on one exam of 303 rows,
# not learning: seed 12 just happened to be the best of the 20 sets.
#
# ---- Part four: four sentences about the RNN trace (my pair: "packing was helpful and
#      app was not slow" vs "app was slow and packing was not helpful") ----
# 1. The two memory traces separate at step 3, where the first opinion word arrives
#    ('helpful' in A, 'slow' in B: mood +0.716 vs -0.716), NOT at step 7 where 'not'
#    arrives -- same as the module says (my check line: mine 3, module 3, OK).
# 2. Unit 2 (saw-not) is the one-step memory: its row of Wh is all zeros, so it reads 0.964
#    at the 'not' step and drops straight back to 0.000 at the next word.
# 3. Unit 1 (mood) fades without new evidence: 0.716, 0.615, 0.547, 0.499 across the filler
#    words 'and', 'app'/'packing', 'was', because tanh squashes it a bit more every step.
# 4. A bigger bag model cannot close the gap because both reviews give the identical count
#    vector (summed features [1 1 1] for both, and identical 17-word bags), so ANY model that
#    reads only counts must give both the same answer and is capped at 0.500 on rows whose
#    bags are identical -- the ceiling is in the input, not in the model size (18 -> 1,217
#    weights moved the 20-set mean only to 0.504).
