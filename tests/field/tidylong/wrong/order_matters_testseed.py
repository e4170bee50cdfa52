"""Exercise 1: prove that order carries meaning, then watch a memory hold it.

Every result is one tidy CSV row: exercise,model,setting,step,metric,value.
"""
import csv, sys
import numpy as np, torch, torch.nn as nn
from sequences import *

EX = "order_matters"
out = csv.writer(sys.stdout, lineterminator="\n")


def row(model, setting, metric, value, step=""):
    out.writerow([EX, model, setting, step, metric, value])


print("rows below belong to wrong/order_matters_testseed.py")
out.writerow(["exercise", "model", "setting", "step", "metric", "value"])

# ---------------- Part one: the data and the test split ----------------
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=11))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
row("data", "train", "rows", Xtr.shape[0])
row("data", "train", "tokens_per_review", Xtr.shape[1])
row("data", "test", "rows", Xte.shape[0])
row("data", "test", "very_rows", int(very.sum()))
row("data", "test", "not_rows", int(nots.sum()))
row("data", "vocab", "words", len(VOCAB))


# ---------------- Part two: bag vectors and twin pairs ----------------
def bag_of(tokens):
    """Any review (a list of words) -> its bag-of-words count vector."""
    v = np.zeros(len(VOCAB))
    for w in tokens:
        v[STOI[w]] += 1.0
    return v


# Look through the training reviews for bags that occur with both labels.
by_bag = {}
for toks, lab, kind in make_reviews(1600, seed=11):
    by_bag.setdefault(tuple(bag_of(toks)), {}).setdefault(lab, toks)
twins = [(d[1], d[0]) for d in by_bag.values() if 0 in d and 1 in d][:3]

for n, (pos_toks, neg_toks) in enumerate(twins, start=1):
    s = f"twin{n}"
    row("twin", s, "A_text", " ".join(pos_toks))
    row("twin", s, "A_label", 1)
    row("twin", s, "A_sorted_words", " ".join(sorted(pos_toks)))
    row("twin", s, "B_text", " ".join(neg_toks))
    row("twin", s, "B_label", 0)
    row("twin", s, "B_sorted_words", " ".join(sorted(neg_toks)))
    row("twin", s, "same_sorted_words", sorted(pos_toks) == sorted(neg_toks))
    row("twin", s, "same_bag_vector",
        bool(np.array_equal(bag_of(pos_toks), bag_of(neg_toks))))

# ---------------- Part three: the two bag models ----------------
Btr, Bte = bag(Xtr), bag(Xte)
row("data", "train", "bag_matrix_cols", Btr.shape[1])
for name, build in (("logistic_bag", lambda: nn.Linear(len(VOCAB), 1)),
                    ("mlp64_bag",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)  # seed before the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    s = "test_seed=12"
    row(name, s, "params", sum(p.numel() for p in net.parameters()))
    row(name, s, "acc_all", f"{acc(net, Bte, yte):.3f}")
    row(name, s, "acc_very_rows", f"{acc(net, Bte, yte, very):.3f}")
    row(name, s, "acc_not_rows", f"{acc(net, Bte, yte, nots):.3f}")

# 'net' is now the 64-unit model: score its 'not' rows on 20 fresh test sets.
scores = []
for seed in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=seed))
    sc = acc(net, bag(X), y, torch.tensor(k == "not"))
    scores.append(sc)
    row("mlp64_bag", f"test_seed={seed}", "sweep_acc_not_rows", f"{sc:.3f}")
row("mlp64_bag", "20_test_sets", "acc_not_rows_min", f"{min(scores):.3f}")
row("mlp64_bag", "20_test_sets", "acc_not_rows_mean", f"{sum(scores) / len(scores):.3f}")
row("mlp64_bag", "20_test_sets", "acc_not_rows_max", f"{max(scores):.3f}")

# ---------------- Part four: Step 2's hand-set NumPy RNN ----------------
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
UNITS = ["h1_mood", "h2_saw_not", "h3_count"]


def run_rnn(tokens, show=False, setting=""):
    h = np.zeros(3)  # the memory starts empty
    trace = [h]
    if show:
        for u, v in zip(UNITS, h):
            row("hand_rnn", setting, u, f"{v:.3f}", step=0)
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # the whole RNN, one line
        trace.append(h)
        if show:
            row("hand_rnn", setting, "token", tok, step=t)
            for u, v in zip(UNITS, h):
                row("hand_rnn", setting, u, f"{v:.3f}", step=t)
    return h, trace


A, B = twins[0]  # my own twin pair from Part two (A positive, B negative)
hA, trA = run_rnn(A, show=True, setting="twin1_A")
hB, trB = run_rnn(B, show=True, setting="twin1_B")
row("hand_rnn", "twin1", "final_max_abs_diff", f"{np.abs(hA - hB).max():.3f}")
split = next(t for t in range(len(trA)) if np.abs(trA[t] - trB[t]).max() > 1e-9)
first_opinion = 1 + min(i for i, w in enumerate(A) if w in POS + NEG)
row("hand_rnn", "twin1", "first_step_memories_differ", split)
row("hand_rnn", "twin1", "step_of_first_opinion_word", first_opinion)
row("hand_rnn", "twin1", "step_of_not", 1 + A.index("not"))
row("hand_rnn", "twin1", "A_summed_features", " ".join(f"{v:g}" for v in sum(features(t) for t in A)))
row("hand_rnn", "twin1", "B_summed_features", " ".join(f"{v:g}" for v in sum(features(t) for t in B)))

# What I saw (written after the run):
# Parts one to three: the test split is 297 'very' rows and 303 'not' rows, and
# the logistic bag model reads 0.740 overall, 1.000 on 'very' rows and 0.485 on
# 'not' rows, exactly as the module prints.
# The 64-unit bag model reads 0.574 on the 'not' rows of the seed-12 test set,
# but over 20 fresh test sets it ranges from 0.448 to 0.574 with a mean of 0.504,
# so that 0.574 was one lucky exam on 303 rows, luck and not learning.
# The ceiling: inside each of my three twin pairs the two reviews have the same
# bag vector but opposite labels, so no model that reads only counts can beat
# 0.500 on rows like these, however many weights it has.
#
# Part four, the four sentences about the hand-set RNN on twin pair 1:
# 1. The two memory traces first separate at step 3, where the first opinion word
#    arrives ('helpful' in A, 'slow' in B, mood +0.716 against -0.716), and not at
#    step 7 where 'not' arrives, because 'not' is in the same place in both reviews.
# 2. Unit h2 ('saw not') is the one-step memory: it jumps to 0.964 at the 'not'
#    step and drops straight back to 0.000 at the next step, because its row of
#    Wh is all zeros.
# 3. Unit h1 (mood) fades with no new evidence: 0.716, 0.615, 0.547, 0.499, 0.461
#    while only filler words pass, because tanh squashes it a little at every step.
# 4. A bigger bag model cannot close the gap because both twins give exactly the
#    same input vector (the summed features are 1 1 1 for both, and the bags are
#    equal), so any model, big or small, must give them the same answer, while the
#    RNN's final memories differ by 0.826.
