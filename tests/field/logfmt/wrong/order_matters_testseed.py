# order_matters.py - exercise 1: prove that order carries meaning, then watch a memory hold it.
# Output: logfmt lines only, one event per line.
import time
import numpy as np, torch, torch.nn as nn
from sequences import *

EXP = "order_matters"


def log(event, level="info", **kv):
    parts = [f"ts={time.strftime('%H:%M:%S')}", f"level={level}", f"exp={EXP}", f"event={event}"]
    for k, v in kv.items():
        if isinstance(v, float):
            v = f"{v:.3f}"
        v = str(v)
        if " " in v or v == "":
            v = '"' + v + '"'
        parts.append(f"{k}={v}")
    print(" ".join(parts))


def vec(a):
    """numpy vector -> compact logfmt-safe string like [0.716,0.000,0.462]"""
    return "[" + ",".join(f"{float(v):.3f}" for v in a) + "]"


# ---- part one: the data ---------------------------------------------------
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=13))  # BUG: wrong test seed
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
log("data", vocab=len(VOCAB), tokens_per_review=Xtr.shape[1], train_rows=len(Xtr), test_rows=len(Xte))
log("test_split", very_rows=int(very.sum()), not_rows=int(nots.sum()))


# ---- part two: bag-of-words vectors and twin pairs -------------------------
def bow(tokens):
    """Any review (list of words) -> its bag-of-words count vector over VOCAB."""
    v = np.zeros(len(VOCAB))
    for w in tokens:
        v[STOI[w]] += 1
    return v


# search the training reviews for pairs whose bags are identical but whose labels differ
rows = make_reviews(1600, seed=11)
by_bag = {}
for toks, lab, kind in rows:
    by_bag.setdefault(tuple(bow(toks)), []).append((toks, lab))
twins = []
for key, group in by_bag.items():
    pos = [t for t, l in group if l == 1]
    neg = [t for t, l in group if l == 0]
    if pos and neg:
        twins.append((pos[0], neg[0]))
log("twin_search", distinct_bags=len(by_bag), bags_with_both_labels=len(twins))
for n, (a, b) in enumerate(twins[:3], start=1):
    same_bag = bool(np.array_equal(bow(a), bow(b)))
    same_sorted = sorted(a) == sorted(b)
    log("twin", pair=n, label=1, text=" ".join(a), sorted=",".join(sorted(a)))
    log("twin", pair=n, label=0, text=" ".join(b), sorted=",".join(sorted(b)))
    log("twin_check", pair=n, same_sorted_words=same_sorted, same_bag_vector=same_bag,
        labels_opposite=True)

# ---- part three: the two bag models, scored three ways ---------------------
Btr, Bte = bag(Xtr), bag(Xte)
log("bag_matrix", shape=f"{Btr.shape[0]}x{Btr.shape[1]}")
for name, build in (("logistic", lambda: nn.Linear(len(VOCAB), 1)),
                    ("mlp64", lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                                    nn.Linear(64, 1)))):
    torch.manual_seed(7)  # seed BEFORE the weights are made
    net = build()
    t0 = time.perf_counter()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    log("result", model=name, params=sum(p.numel() for p in net.parameters()),
        secs=f"{time.perf_counter() - t0:.1f}", acc_all=acc(net, Bte, yte),
        acc_very=acc(net, Bte, yte, very), acc_not=acc(net, Bte, yte, nots))

# net is now the 64-unit model: score its 'not' rows on 20 fresh test sets
scores = []
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
    log("fresh_test", level="debug", model="mlp64", seed=s, acc_not=scores[-1])
log("fresh_summary", model="mlp64", n_sets=len(scores), acc_not_min=min(scores),
    acc_not_mean=sum(scores) / len(scores), acc_not_max=max(scores))

# ---- part four: Step 2's NumPy RNN on my first twin pair ---------------------
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


def run_rnn(tokens, show=False, name=""):
    h = np.zeros(3)  # the memory starts empty
    trace = [h]
    if show:
        log("rnn_step", review=name, step=0, token="<start>", x=vec(np.zeros(3)), h=vec(h))
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # the whole RNN, one line
        trace.append(h)
        if show:
            log("rnn_step", review=name, step=t, token=tok, x=vec(x), h=vec(h))
    return h, trace


A, B = twins[0]
hA, trA = run_rnn(A, show=True, name="A_pos")
hB, trB = run_rnn(B, show=True, name="B_neg")
split_step = next(t for t in range(len(trA)) if np.abs(trA[t] - trB[t]).max() > 1e-9)
not_step = A.index("not") + 1 if "not" in A else -1
log("rnn_final", review="A_pos", h=vec(hA))
log("rnn_final", review="B_neg", h=vec(hB))
log("rnn_compare", max_diff=float(np.abs(hA - hB).max()), first_diverge_step=split_step,
    token_at_split=A[split_step - 1], not_step=not_step)
bagA, bagB = sum(features(t) for t in A), sum(features(t) for t in B)
log("feature_bag", A=vec(bagA), B=vec(bagB), identical=bool(np.array_equal(bagA, bagB)))

# ---- comments (written after reading my output) ----------------------------
# 1. Where the traces separate: for my twin pair 1 ("packing was helpful and app was not slow"
#    vs "app was slow and packing was not helpful") the memories are identical for steps 0-2
#    and split at step 3, the first opinion word (helpful -> h1 +0.716, slow -> h1 -0.716),
#    not at step 7 where "not" arrives - both traces get the same h2 = 0.964 there.
#    (The hand-set weights do not actually apply the negation, so A ends at mood -0.413; the
#    point is only that order changed the memory, by 0.826, while the summed features match.)
# 2. One-step memory: unit h2 (the "saw not" unit) has an all-zero row in Wh, so it jumps to
#    0.964 on "not" and is back to 0.000 at the very next token.
# 3. Fading unit: h1, the running mood, drifts down with no new evidence (0.716, 0.615,
#    0.547, 0.499 across the filler words) because tanh squashes it a little every step.
# 4. Ceiling: the twins have the same bag vector and opposite labels, so no model that reads
#    only counts - however many units - can beat 0.500 on such rows; the 64-unit model's
#    0.574 on the 'not' rows of the one test set was luck, since over 20 fresh test sets it
#    averaged 0.504 (range 0.448 to 0.574), i.e. a coin toss, not learning.
log("done")
