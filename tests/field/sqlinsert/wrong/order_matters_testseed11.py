# order_matters.py -- module exercise 1: prove that order carries meaning,
# then watch a memory hold it. Every result is printed as SQL for SQLite.
import numpy as np, torch, torch.nn as nn
from sequences import *


def q(v):
    """SQL literal: strings quoted, numbers bare."""
    if isinstance(v, str):
        return "'" + v.replace("'", "''") + "'"
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, float):
        return f"{v:.3f}"
    return str(v)


def ins(table, cols, vals):
    print(f"INSERT INTO {table} ({', '.join(cols)}) VALUES "
          f"({', '.join(q(v) for v in vals)});")


def scalar(key, value):
    print(f"INSERT INTO scalars (key, value) VALUES ({q(key)}, {q(value)});")


print("CREATE TABLE scalars (key TEXT PRIMARY KEY, value);")

# ---------------- part one: the data and the very/not split ----------------
print("-- part one: 1,600 training reviews (seed 11), 600 test reviews (seed 12)")
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=11))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print("CREATE TABLE data_split (split TEXT, n_rows INTEGER, n_tokens INTEGER, "
      "very_rows INTEGER, not_rows INTEGER, positive_rows INTEGER);")
ins("data_split", ["split", "n_rows", "n_tokens", "very_rows", "not_rows",
                   "positive_rows"],
    ["train", Xtr.shape[0], Xtr.shape[1], int((ktr == "very").sum()),
     int((ktr == "not").sum()), int(ytr.sum())])
ins("data_split", ["split", "n_rows", "n_tokens", "very_rows", "not_rows",
                   "positive_rows"],
    ["test", Xte.shape[0], Xte.shape[1], int(very.sum()), int(nots.sum()),
     int(yte.sum())])
scalar("vocabulary_size", len(VOCAB))


# ---------------- part two: bag vectors and twin pairs ----------------
def bag_vector(tokens):
    """Any review (list of words) -> its bag-of-words count vector."""
    v = np.zeros(len(VOCAB))
    for w in tokens:
        v[STOI[w]] += 1
    return v


# look for twins inside the training set: same bag, opposite label
groups = {}
for toks, lab, kind in make_reviews(1600, seed=11):
    key = tuple(bag_vector(toks).astype(int))
    groups.setdefault(key, {}).setdefault(lab, toks)
twins = [(g[1], g[0]) for g in groups.values() if 0 in g and 1 in g]
twins = twins[:3]  # first three different bags that carry both labels

print("-- part two: three twin pairs found in the training set "
      "(identical bag vector, opposite label)")
print("CREATE TABLE twin_pairs (pair_id INTEGER, member TEXT, review TEXT, "
      "label INTEGER, sorted_words TEXT);")
print("CREATE TABLE twin_checks (pair_id INTEGER, same_sorted_words INTEGER, "
      "same_bag_vector INTEGER, labels_opposite INTEGER);")
print("CREATE TABLE twin_bags (pair_id INTEGER, member TEXT, word_index INTEGER, "
      "word TEXT, count INTEGER);")
for pid, (pos_toks, neg_toks) in enumerate(twins, start=1):
    for member, toks, lab in (("A", pos_toks, 1), ("B", neg_toks, 0)):
        ins("twin_pairs", ["pair_id", "member", "review", "label", "sorted_words"],
            [pid, member, " ".join(toks), lab, " ".join(sorted(toks))])
    ins("twin_checks", ["pair_id", "same_sorted_words", "same_bag_vector",
                        "labels_opposite"],
        [pid, sorted(pos_toks) == sorted(neg_toks),
         bool(np.array_equal(bag_vector(pos_toks), bag_vector(neg_toks))),
         groups[tuple(bag_vector(pos_toks).astype(int))].keys() == {0, 1}])
    for member, toks in (("A", pos_toks), ("B", neg_toks)):
        for j, c in enumerate(bag_vector(toks)):
            ins("twin_bags", ["pair_id", "member", "word_index", "word", "count"],
                [pid, member, j, VOCAB[j], int(c)])

# ---------------- part three: the two bag models ----------------
print("-- part three: bag-of-words models, 60 epochs, accuracy three ways")
Btr, Bte = bag(Xtr), bag(Xte)
print("CREATE TABLE bag_models (model TEXT, params INTEGER, acc_all REAL, "
      "acc_very REAL, acc_not REAL);")
for name, build in (("logistic on word counts", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit net on counts",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)  # seed BEFORE the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    ins("bag_models", ["model", "params", "acc_all", "acc_very", "acc_not"],
        [name, sum(p.numel() for p in net.parameters()), acc(net, Bte, yte),
         acc(net, Bte, yte, very), acc(net, Bte, yte, nots)])

# net is now the 64-unit model: score its 'not' rows on 20 fresh test sets
print("-- the 64-unit model's 'not' accuracy on 20 freshly generated test sets")
print("CREATE TABLE fresh_not_scores (test_seed INTEGER, not_rows INTEGER, "
      "acc_not REAL);")
scores = []
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    m = torch.tensor(k == "not")
    scores.append(acc(net, bag(X), y, m))
    ins("fresh_not_scores", ["test_seed", "not_rows", "acc_not"],
        [s, int(m.sum()), scores[-1]])
scalar("fresh_not_min", min(scores))
scalar("fresh_not_mean", sum(scores) / len(scores))
scalar("fresh_not_max", max(scores))

# ---------------- part four: Step 2's NumPy RNN on my own twin pair ----------------
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


def run_rnn(tokens, show=False, name=""):
    h = np.zeros(3)  # the memory starts empty
    trace = [h]
    if show:
        ins("rnn_trace", ["review", "step", "token", "x_pos", "x_neg", "x_not",
                          "h_mood", "h_saw_not", "h_count"],
            [name, 0, "<start>", 0.0, 0.0, 0.0, 0.0, 0.0, 0.0])
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # the whole RNN, one line
        trace.append(h)
        if show:
            ins("rnn_trace", ["review", "step", "token", "x_pos", "x_neg", "x_not",
                              "h_mood", "h_saw_not", "h_count"],
                [name, t, tok] + [float(v) for v in x] + [float(v) for v in h])
    return h, trace


A, B = twins[0]  # my own twin pair number 1 (A positive, B negative)
print("-- part four: hand-set NumPy RNN on twin pair 1, one row per step")
print("CREATE TABLE rnn_trace (review TEXT, step INTEGER, token TEXT, x_pos REAL, "
      "x_neg REAL, x_not REAL, h_mood REAL, h_saw_not REAL, h_count REAL);")
hA, trA = run_rnn(A, show=True, name="A " + " ".join(A))
hB, trB = run_rnn(B, show=True, name="B " + " ".join(B))
gaps = [float(np.abs(a - b_).max()) for a, b_ in zip(trA, trB)]
first = next(t for t, g in enumerate(gaps) if g > 1e-9)
print("CREATE TABLE rnn_gap (step INTEGER, token_a TEXT, token_b TEXT, "
      "max_abs_gap REAL);")
for t, gp in enumerate(gaps):
    ins("rnn_gap", ["step", "token_a", "token_b", "max_abs_gap"],
        [t, "<start>" if t == 0 else A[t - 1], "<start>" if t == 0 else B[t - 1], gp])
scalar("first_step_memories_differ", first)
print(f"INSERT INTO scalars (key, value) VALUES ('token_at_first_difference', "
      f"{q(A[first - 1] + ' / ' + B[first - 1])});")
scalar("step_of_word_not", A.index("not") + 1)
scalar("final_memory_gap", gaps[-1])
print("CREATE TABLE final_memory (review TEXT, unit_index INTEGER, unit TEXT, "
      "value REAL);")
for name, h in (("A", hA), ("B", hB)):
    for j, (u, v) in enumerate(zip(["mood", "saw_not", "count"], h)):
        ins("final_memory", ["review", "unit_index", "unit", "value"],
            [name, j, u, float(v)])
bagA, bagB = sum(features(t) for t in A), sum(features(t) for t in B)
scalar("summed_features_identical", bool(np.array_equal(bagA, bagB)))

# ---------------- my comments (written after reading the output) ----------------
# Part three: the logistic bag model read 0.740 overall, 1.000 on the 297
# "very" rows and 0.485 on the 303 "not" rows. The 64-unit model's 0.574 on
# the "not" rows of the seed-12 test set looks like progress, but over 20
# fresh test sets the same model scored between 0.448 and 0.574 with a mean
# of 0.504, so the 0.574 was a lucky exam (the maximum of the 20, in fact)
# and not learning.
#
# Part four, the four sentences:
# 1. The two memory traces of my twin pair 1 are identical at steps 0-2 and
#    separate at step 3, where the first opinion word arrives ("helpful" in A,
#    "slow" in B, gap 1.433), not at step 7 where "not" arrives (both reviews
#    have "not" at step 7, so that step adds nothing different).
# 2. Unit 2 (saw_not) is the one-step memory: it jumps to 0.964 when "not"
#    is read at step 7 and is back to 0.000 at step 8, because its row of Wh
#    is all zeros.
# 3. Unit 1 (mood) fades with no new evidence: 0.716, 0.615, 0.547, 0.499,
#    0.461 over the filler words, because tanh squashes it a bit more on
#    every pass.
# 4. A bigger bag model cannot close the gap because twin reviews have exactly
#    the same bag vector (same sorted words, same counts) but opposite labels,
#    so any model that only reads counts must give both the same answer and
#    can never beat 0.500 on such rows, whatever its size.
