# order_matters.py - order carries meaning, and a small memory can hold it.
# Everything prints as semicolon CSV with Dezimalkomma for my Tabelle (German Excel).
import numpy as np, torch, torch.nn as nn
from sequences import *


def fmt(v, spec=".3f"):
    """Number -> string with a German decimal comma (0.740 -> 0,740)."""
    return format(v, spec).replace(".", ",")


def row(*cells):
    print(";".join(str(c) for c in cells))


def vec(a, spec=".3f"):
    return ";".join(fmt(float(v), spec) for v in a)


# ---------------- Teil 1: the data ---------------------------------------------
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=11))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print("# Teil 1: data")
row("vocab_size", len(VOCAB))
row("tokens_per_review", Xtr.shape[1])
row("train_rows", Xtr.shape[0])
row("test_rows", Xte.shape[0])
row("Split", "rows")
row("very", int(very.sum()))
row("not", int(nots.sum()))


# ---------------- Teil 2: bag of words and twin pairs ---------------------------
def bag_of(review):
    """Any review (list of words) -> its bag-of-words count vector over VOCAB."""
    v = np.zeros(len(VOCAB))
    for w in review:
        v[STOI[w]] += 1.0
    return v


print("\n# Teil 2: twin pairs (same bag, opposite label), searched in the training reviews")
seen, twins = {}, []
for toks, lab, kind in make_reviews(1600, seed=11):
    key = tuple(bag_of(toks))
    for other, olab in seen.get(key, []):
        if olab != lab and not any(key == tuple(bag_of(a)) for a, _, _, _ in twins):
            twins.append((other, olab, toks, lab))
    seen.setdefault(key, []).append((toks, lab))
    if len(twins) == 3:
        break
row("pair", "review", "label", "sorted_words")
for p, (a, la, b, lb) in enumerate(twins, start=1):
    row(p, " ".join(a), la, " ".join(sorted(a)))
    row(p, " ".join(b), lb, " ".join(sorted(b)))
row("pair", "same_sorted_words", "same_bag_vector", "opposite_labels")
for p, (a, la, b, lb) in enumerate(twins, start=1):
    row(p, sorted(a) == sorted(b), bool(np.array_equal(bag_of(a), bag_of(b))), la != lb)

# ---------------- Teil 3: bag models, scored three ways --------------------------
Btr, Bte = bag(Xtr), bag(Xte)
print("\n# Teil 3: models that throw order away")
row("Modell", "params", "all", "very_rows", "not_rows")
for name, build in (("logistic on counts", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit net on counts",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)  # seed BEFORE the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    row(name, sum(p.numel() for p in net.parameters()), fmt(acc(net, Bte, yte)),
        fmt(acc(net, Bte, yte, very)), fmt(acc(net, Bte, yte, nots)))

scores = []  # one test set is one exam; take 20 exams
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print("\n64-unit net, 'not' rows, 20 fresh test sets (seeds 12..31)")
row("seed", "not_acc")
for s, a in zip(range(12, 32), scores):
    row(s, fmt(a))
row("min", fmt(min(scores)))
row("mean", fmt(sum(scores) / len(scores)))
row("max", fmt(max(scores)))
# Ehrlich gesagt: the 64-unit net's 0,574 on the 'not' rows of test seed 12 is luck,
# not learning - over 20 fresh test sets it ranged 0,448..0,574 with a mean of 0,504,
# and seed 12 just happened to be the best exam of the twenty (a coin on 303 rows).
# The ceiling is hard: no model that reads only counts can beat 0,500 on rows whose
# bags are identical, because twin pairs get the same input and opposite labels
# (logistic: 0,485 on 'not' rows, while 'very' rows sit at 1,000 and lift 'all' to 0,740).

# ---------------- Teil 4: Step 2's NumPy RNN on my own twin pair ------------------
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
    trace = [h.copy()]
    if show:
        row("step", "token", "x_pos", "x_neg", "x_not", "h_mood", "h_saw_not", "h_count")
        row(0, "<start>", vec(np.zeros(3), ".0f"), vec(h))
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # the whole RNN, one line
        trace.append(h.copy())
        if show:
            row(t, tok, vec(x, ".0f"), vec(h))
    return h, trace


A, la, B, lb = twins[0]
print("\n# Teil 4: Step 2's RNN on my twin pair 1")
print(f"REVIEW A (label {la}): {' '.join(A)}")
hA, trA = run_rnn(A, show=True)
print(f"REVIEW B (label {lb}): {' '.join(B)}")
hB, trB = run_rnn(B, show=True)
print("step-by-step gap between the two memories")
row("step", "token_A", "token_B", "max_abs_gap")
for t in range(len(A) + 1):
    row(t, A[t - 1] if t else "<start>", B[t - 1] if t else "<start>",
        fmt(np.abs(trA[t] - trB[t]).max()))
first = next(t for t in range(len(A) + 1) if np.abs(trA[t] - trB[t]).max() > 1e-9)
row("first_step_memories_differ", first)
row("token_A_there", A[first - 1])
row("token_B_there", B[first - 1])
row("step_of_not_in_A", A.index("not") + 1 if "not" in A else "-")
row("final_gap", fmt(np.abs(hA - hB).max()))
row("summed_features_A", vec(sum(features(t) for t in A), ".0f"))
row("summed_features_B", vec(sum(features(t) for t in B), ".0f"))
# What the trace says (my twin pair 1, 'packing was not rude / not quick ...'):
# 1. The two memory traces separate at step 4, where the first opinion word arrives
#    (rude vs quick, gap 1,433) - not at step 3, where 'not' arrives, because both
#    reviews have 'not' at the same place and so the memories are still equal there.
# 2. Unit h2 (saw-not) is the one-step memory: it jumps to 0,964 on 'not' and is back
#    at 0,000 on the very next token, since its row of Wh is all zeros.
# 3. Unit h1 (mood) fades with no new evidence, -0,716 -> -0,615 -> -0,547 -> -0,499
#    over the filler words, because tanh squashes it a bit more at every step.
# 4. A bigger bag model cannot close the gap, since the summed features (1;1;1 here)
#    and the bag vectors of a twin pair are identical, so any counting model must give
#    both the same answer and is stuck at 0,500 on such pairs, whatever its size.
