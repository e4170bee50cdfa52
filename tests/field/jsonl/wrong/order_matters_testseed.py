# order_matters.py - module exercise 1: prove that order carries meaning, then watch a memory hold it.
# Every result goes to stdout as one JSON object per line (JSON Lines), one metric per record.
import json
import numpy as np
import torch, torch.nn as nn
from sequences import *

EXP = "order_matters"


def log(**rec):
    print(json.dumps({"exp": EXP, **rec}))


# ---- part 1: the data and the test split ----
log(event="start", part=1, name="data")
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=11))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
log(part=1, metric="vocab_size", value=len(VOCAB))
log(part=1, split="train", metric="shape", value=list(Xtr.shape))
log(part=1, split="test", metric="shape", value=list(Xte.shape))
log(part=1, split="test", row_type="very", metric="rows", value=int(very.sum()))
log(part=1, split="test", row_type="not", metric="rows", value=int(nots.sum()))
log(event="end", part=1)


# ---- part 2: my own bag-of-words function, and three twin pairs ----
def bag_vector(tokens):
    """Any review (list of words) -> counts of each vocabulary word, order thrown away."""
    v = np.zeros(len(VOCAB), dtype=int)
    for w in tokens:
        v[STOI[w]] += 1
    return v


log(event="start", part=2, name="twin pairs")
# look for twins inside the generated training reviews: same bag, opposite label.
# I keep only pairs whose bags differ from the pairs already found, so the three are different.
rows = make_reviews(1600, seed=11)
by_bag = {}
for toks, lab, kind in rows:
    by_bag.setdefault(tuple(bag_vector(toks)), []).append((toks, lab, kind))
twins = []
for key, group in by_bag.items():
    pos = [r for r in group if r[1] == 1]
    neg = [r for r in group if r[1] == 0]
    if pos and neg:
        twins.append((pos[0], neg[0]))
    if len(twins) == 3:
        break
for n, (a, b) in enumerate(twins, start=1):
    for side, (toks, lab, kind) in zip("AB", (a, b)):
        log(part=2, pair=n, review=side, text=" ".join(toks), label=lab, row_type=kind,
            sorted_words=sorted(toks))
    log(part=2, pair=n, metric="same_sorted_words", value=sorted(a[0]) == sorted(b[0]))
    log(part=2, pair=n, metric="same_bag_vector",
        value=bool(np.array_equal(bag_vector(a[0]), bag_vector(b[0]))))
    log(part=2, pair=n, metric="opposite_labels", value=a[1] != b[1])
log(event="end", part=2)

# ---- part 3: the two bag models, scored three ways, then on 20 fresh test sets ----
log(event="start", part=3, name="bag models")
Btr, Bte = bag(Xtr), bag(Xte)
for name, build in (("logistic", lambda: nn.Linear(len(VOCAB), 1)),
                    ("mlp64", lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                                    nn.Linear(64, 1)))):
    torch.manual_seed(7)  # seed BEFORE the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    log(part=3, model=name, metric="params", value=sum(p.numel() for p in net.parameters()))
    log(part=3, model=name, rows="all", metric="test_acc", value=round(acc(net, Bte, yte), 3))
    log(part=3, model=name, rows="very", metric="test_acc", value=round(acc(net, Bte, yte, very), 3))
    log(part=3, model=name, rows="not", metric="test_acc", value=round(acc(net, Bte, yte, nots), 3))

# net is now the 64-unit model: one test set is one exam, so sit it 20 times
scores = []
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    sc = acc(net, bag(X), y, torch.tensor(k == "not"))
    scores.append(sc)
    log(part=3, model="mlp64", test_seed=s, rows="not", metric="test_acc", value=round(sc, 3))
log(part=3, model="mlp64", rows="not", n_test_sets=20, metric="min_test_acc", value=round(min(scores), 3))
log(part=3, model="mlp64", rows="not", n_test_sets=20, metric="mean_test_acc",
    value=round(sum(scores) / len(scores), 3))
log(part=3, model="mlp64", rows="not", n_test_sets=20, metric="max_test_acc", value=round(max(scores), 3))
log(event="end", part=3)

# ---- part 4: Step 2's hand-set NumPy RNN on my first twin pair ----
from sequences import POS, NEG


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


def run_rnn(tokens, show=False, review=None):
    h = np.zeros(3)  # the memory starts empty
    trace = [h]
    if show:
        log(part=4, review=review, step=0, token="<start>", x=[0.0, 0.0, 0.0], h=[0.0, 0.0, 0.0])
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # the whole RNN, one line
        trace.append(h)
        if show:
            log(part=4, review=review, step=t, token=tok, x=x.tolist(),
                h=[round(float(v), 3) for v in h])
    return h, trace


log(event="start", part=4, name="numpy rnn trace on twin pair 1")
(A, labA, _), (B, labB, _) = twins[0]
hA, trA = run_rnn(A, show=True, review="A")
hB, trB = run_rnn(B, show=True, review="B")
log(part=4, review="A", label=labA, metric="final_h", value=[round(float(v), 3) for v in hA])
log(part=4, review="B", label=labB, metric="final_h", value=[round(float(v), 3) for v in hB])
log(part=4, metric="final_h_max_abs_diff", value=round(float(np.abs(hA - hB).max()), 3))
sep = next(t for t in range(1, 9) if not np.allclose(trA[t], trB[t]))
log(part=4, metric="first_step_memories_differ", step=sep, token_A=A[sep - 1], token_B=B[sep - 1])
nots_at = [t for t in range(1, 9) if A[t - 1] == "not"]
log(part=4, metric="step_of_not", value=nots_at)
bagA, bagB = sum(features(t) for t in A), sum(features(t) for t in B)
log(part=4, metric="summed_features_identical", value=bool(np.array_equal(bagA, bagB)),
    A=bagA.tolist(), B=bagB.tolist())
log(event="end", part=4)

# Part 4, in my own words (numbers from order_matters.out):
# 1. The two memory traces for twin pair 1 separate at step 3, where the first opinion word arrives
#    ("helpful" in A gives mood +0.716, "slow" in B gives -0.716), not at step 7 where "not" arrives -
#    both reviews read "not" at step 7 and unit 2 jumps to 0.964 in both.
# 2. Unit 2 (saw-not) is the one-step memory: its row of Wh is all zeros, so it reads 0.964 on the
#    "not" step and is back to 0.000 one step later.
# 3. Unit 1 (mood) fades with no new evidence: 0.716 -> 0.615 -> 0.547 -> 0.499 -> 0.461 over the
#    filler words, because tanh squeezes it a bit more on every pass.
# 4. A bigger bag model cannot close the gap because A and B have byte-identical bag vectors (and
#    identical summed features [1, 1, 1]) with opposite labels, so no model reading only counts can beat
#    0.500 on such rows: the 64-unit model's 0.574 on the seed-12 test set is luck, not learning -
#    across 20 fresh test sets it ranged 0.448 to 0.574 with mean 0.504, a coin toss, just like the
#    logistic model's 0.485. (My very first run printed 0.564 and a range of 0.461-0.564 for the same
#    seeded code; every rerun since prints 0.574 - either way the mean was 0.504.)
