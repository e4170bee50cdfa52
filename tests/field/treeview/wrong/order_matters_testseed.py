"""Exercise 1 - prove that order carries meaning, then watch a memory hold it."""
import numpy as np, torch, torch.nn as nn
from sequences import *


def show_tree(node, prefix=""):
    """My little tree printer: dicts become branches, everything else a leaf."""
    items = list(node.items())
    for n, (key, val) in enumerate(items):
        last = n == len(items) - 1
        print(prefix + ("└── " if last else "├── ") +
              (str(key) if isinstance(val, dict) else f"{key}: {val}"))
        if isinstance(val, dict):
            show_tree(val, prefix + ("    " if last else "│   "))


result = {}

# ---------------- part one: the data -----------------------------------------
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=11))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
result["part 1: data"] = {
    "vocabulary size": len(VOCAB),
    "train shape": list(Xtr.shape),
    "test shape": list(Xte.shape),
    "test rows": {"'very' rows": int(very.sum()), "'not' rows": int(nots.sum())},
}
print("part 1 done", flush=True)


# ---------------- part two: bag vectors and twin pairs ------------------------
def review_bag(tokens):
    """Any review (list of words) -> its bag-of-words vector, one count per word."""
    v = [0] * len(VOCAB)
    for w in tokens:
        v[STOI[w]] += 1
    return v


# I look for twins inside the generated training reviews: same bag, other label.
# I only keep pairs whose positions line up (same skeleton) except that the two
# opinion words have swapped places, and I want three different bags.
rows = make_reviews(1600, seed=11)
seen, twins = set(), []
for a in range(len(rows)):
    for b in range(a + 1, len(rows)):
        ta, la, _ = rows[a]
        tb, lb, _ = rows[b]
        if la == lb or review_bag(ta) != review_bag(tb):
            continue
        key = tuple(review_bag(ta))
        if key in seen:
            continue
        seen.add(key)
        twins.append((ta, la, tb, lb))
        break
    if len(twins) == 3:
        break

twin_tree = {}
for n, (ta, la, tb, lb) in enumerate(twins, start=1):
    twin_tree[f"twin pair {n}"] = {
        f"review A (label {la})": " ".join(ta),
        f"review B (label {lb})": " ".join(tb),
        "A sorted": sorted(ta),
        "B sorted": sorted(tb),
        "same sorted words": sorted(ta) == sorted(tb),
        "same bag vector": review_bag(ta) == review_bag(tb),
        "opposite labels": la != lb,
        "bag vector": review_bag(ta),
    }
result["part 2: twin pairs (identical bags, opposite labels)"] = twin_tree
print("part 2 done", flush=True)

# ---------------- part three: two bag models, scored three ways ---------------
Btr, Bte = bag(Xtr), bag(Xte)
bag_tree = {"bag matrix shape": list(Btr.shape)}
for name, build in (("logistic on word counts", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit net on counts",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)  # seed BEFORE the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    bag_tree[name] = {
        "params": sum(p.numel() for p in net.parameters()),
        "acc all rows": f"{acc(net, Bte, yte):.3f}",
        "acc 'very' rows": f"{acc(net, Bte, yte, very):.3f}",
        "acc 'not' rows": f"{acc(net, Bte, yte, nots):.3f}",
    }
    print(f"trained {name}", flush=True)

scores = []  # 'net' is now the 64-unit model; one test set is one exam
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
bag_tree["64-unit 'not' rows on 20 test sets (seeds 12..31)"] = {
    "min": f"{min(scores):.3f}",
    "mean": f"{sum(scores) / len(scores):.3f}",
    "max": f"{max(scores):.3f}",
    "all 20": [round(s, 3) for s in scores],
}
result["part 3: bag models"] = bag_tree
# The 64-unit model's 0.574 on the 'not' rows of the seed-12 test set is luck,
# not learning: on 20 fresh test sets the same trained model scored 0.448 to
# 0.574 with a mean of 0.504, so 0.574 happens to be the best exam of the 20.

# ---------------- part four: Step 2's NumPy RNN on my own twin pair -----------
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


def run_rnn(tokens, show=False, trace=None):
    """Same loop as Step 2; with show=True the trace goes into a dict for my tree."""
    h = np.zeros(3)  # the memory starts empty
    if show:
        trace["step 0 <start>"] = {"x_t (pos,neg,not)": [0.0, 0.0, 0.0],
                                   "h_t (mood,saw-not,count)": [0.0, 0.0, 0.0]}
    hs = [h]
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # the whole RNN, one line
        hs.append(h)
        if show:
            trace[f"step {t} {tok}"] = {
                "x_t (pos,neg,not)": [float(v) for v in x],
                "h_t (mood,saw-not,count)": [round(float(v), 3) + 0.0 for v in h]}
    return h, hs


# the first twin pair whose two reviews share the 'not' position
pick = next(p for p in twins if p[0].index("not") == p[2].index("not"))
ta, la, tb, lb = pick
trA, trB = {}, {}
hA, hsA = run_rnn(ta, show=True, trace=trA)
hB, hsB = run_rnn(tb, show=True, trace=trB)
split = next(t for t in range(len(hsA)) if np.abs(hsA[t] - hsB[t]).max() > 1e-9)
first_op = next(t for t, w in enumerate(ta, start=1) if w in POS + NEG)
bagA, bagB = sum(features(t) for t in ta), sum(features(t) for t in tb)
result["part 4: NumPy RNN on my twin pair"] = {
    f"A (label {la}): {' '.join(ta)}": trA,
    f"B (label {lb}): {' '.join(tb)}": trB,
    "final memory A": [round(float(v), 3) + 0.0 for v in hA],
    "final memory B": [round(float(v), 3) + 0.0 for v in hB],
    "largest gap between final memories": f"{np.abs(hA - hB).max():.3f}",
    "summed features A / B (order thrown away)": [bagA.tolist(), bagB.tolist()],
    "memories first differ at step": f"{split} ('{ta[split - 1]}' vs '{tb[split - 1]}')",
    "first opinion word at step": first_op,
    "'not' arrives at step": ta.index("not") + 1,
}

print()
print("order_matters")
show_tree(result)

# What I see in the part-four trace (comments written after the run):
# 1. The two memory traces separate at step 3, where the first opinion word
#    arrives ('helpful' gives mood +0.716, 'slow' gives -0.716), and not at
#    step 7 where 'not' arrives - both reviews read 'not' at the same place.
# 2. Unit 2 (saw-not) is the one-step memory: it jumps to 0.964 at the 'not'
#    step and is back to 0.0 one step later, because its row of Wh is all zeros.
# 3. Unit 1 (mood) fades with no new evidence: 0.716, 0.615, 0.547, 0.499
#    while 'and', the subject and 'was' go by, because tanh squashes it again
#    at every step.
# 4. A bigger bag model cannot close the gap, because both twins give exactly
#    the same bag vector, so any model that reads only counts must give them the
#    same answer - on rows whose bags are identical no count-reading model can
#    beat 0.500, which is why the logistic model sits at 0.485 and the 64-unit
#    model averages 0.504 on 'not' rows across 20 test sets.
