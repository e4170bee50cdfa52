# order_matters.py -- Module exercise 1: prove that order carries meaning,
# then watch a memory hold it. Everything is printed as TOML.
import numpy as np, torch, torch.nn as nn
from sequences import *


def arr(v, fmt=".3f"):
    return "[" + ", ".join(format(float(x), fmt) for x in v) + "]"


def sarr(words):
    return "[" + ", ".join(f'"{w}"' for w in words) + "]"


def tbool(b):
    return str(bool(b)).lower()


# ---------------- Part one: the data ----------------
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print("# order_matters: does word order carry meaning?")
print("[order_matters.data]")
print(f"vocabulary_size = {len(VOCAB)}")
print(f"tokens_per_review = {Xtr.shape[1]}")
print(f"train_shape = {list(Xtr.shape)}")
print(f"test_shape = {list(Xte.shape)}")
print(f"test_very_rows = {int(very.sum())}")
print(f"test_not_rows = {int(nots.sum())}")
print()


# ---------------- Part two: bag vectors and twin pairs ----------------
def review_bag(tokens):
    """Bag-of-words vector for one review given as a list of words."""
    v = np.zeros(len(VOCAB))
    for w in tokens:
        v[STOI[w]] += 1.0
    return v


def label_of(tokens):
    """The label the data generator would give: the unmodified clause decides."""
    cut = tokens.index("and")
    for clause in (tokens[:cut], tokens[cut + 1:]):
        if "not" not in clause and "very" not in clause:
            return int(clause[-1] in POS)
    # both clauses unmodified cannot happen in this data
    return None


TWINS = [
    ("delivery was good and service was not slow",
     "delivery was slow and service was not good"),
    ("packing was clean and app was not dirty",
     "packing was dirty and app was not clean"),
    ("app was not bad and support was quick",
     "app was not quick and support was bad"),
]
for n, (a, b) in enumerate(TWINS, start=1):
    A, Bw = a.split(), b.split()
    print(f"[order_matters.twins.pair_{n}]")
    print(f'review_a = "{a}"')
    print(f"label_a = {label_of(A)}")
    print(f'review_b = "{b}"')
    print(f"label_b = {label_of(Bw)}")
    print(f"sorted_a = {sarr(sorted(A))}")
    print(f"sorted_b = {sarr(sorted(Bw))}")
    print(f"same_sorted_words = {tbool(sorted(A) == sorted(Bw))}")
    print(f"same_bag_vector = {tbool(np.array_equal(review_bag(A), review_bag(Bw)))}")
    print(f"opposite_labels = {tbool(label_of(A) != label_of(Bw))}")
    print()

# ---------------- Part three: the two bag models ----------------
Btr, Bte = bag(Xtr), bag(Xte)
print("[order_matters.bag_matrix]")
print(f"train_shape = {list(Btr.shape)}")
print()
for key, name, build in (
        ("logistic", "logistic on word counts", lambda: nn.Linear(len(VOCAB), 1)),
        ("mlp64", "64-unit net on counts",
         lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                               nn.Linear(64, 1)))):
    torch.manual_seed(7)  # seed before the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    print(f"[order_matters.bag_models.{key}]")
    print(f'model = "{name}"')
    print(f"params = {sum(p.numel() for p in net.parameters())}")
    print(f"acc_all = {acc(net, Bte, yte):.3f}")
    print(f"acc_very_rows = {acc(net, Bte, yte, very):.3f}")
    print(f"acc_not_rows = {acc(net, Bte, yte, nots):.3f}")
    print()

# net is now the 64-unit model: score its 'not' rows on 20 fresh test sets
scores = []
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print("[order_matters.bag_models.mlp64.fresh_test_sets]")
print("seeds = [12, 31]  # first and last seed, 20 sets of 600 reviews")
print(f"not_row_scores = {arr(scores)}")
print(f"not_min = {min(scores):.3f}")
print(f"not_mean = {sum(scores) / len(scores):.3f}")
print(f"not_max = {max(scores):.3f}")
print()
# The 64-unit model's 0.574 on the 'not' rows of the seed-12 test set is luck,
# not learning: on 20 fresh test sets the same model scores between 0.448 and
# 0.574 with a mean of 0.504, i.e. a coin toss, and 0.574 is just its best exam.
# The logistic model gets 0.740 overall only because it is 1.000 on the 'very'
# half and 0.485 (a coin toss) on the 'not' half.

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


def run_rnn(tokens, show=False, section="order_matters.rnn_trace"):
    h = np.zeros(3)  # the memory starts empty
    trace = [h]
    if show:
        print(f"[{section}]")
        print('units = ["mood", "saw_not", "count"]')
        print(f'step_0 = {{ token = "<start>", x = {arr(np.zeros(3), ".0f")}, h = {arr(h)} }}')
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # the whole RNN, one line
        trace.append(h)
        if show:
            print(f'step_{t} = {{ token = "{tok}", x = {arr(x, ".0f")}, h = {arr(h)} }}')
    if show:
        print()
    return h, trace


A, Bw = TWINS[1][0].split(), TWINS[1][1].split()   # my clean/dirty pair
hA, trA = run_rnn(A, show=True, section="order_matters.rnn_trace.review_a")
hB, trB = run_rnn(Bw, show=True, section="order_matters.rnn_trace.review_b")
first_diff = next(t for t in range(len(trA)) if not np.allclose(trA[t], trB[t]))
print("[order_matters.rnn_trace.compare]")
print(f'review_a = "{" ".join(A)}"')
print(f'review_b = "{" ".join(Bw)}"')
print(f"final_a = {arr(hA)}")
print(f"final_b = {arr(hB)}")
print(f"max_final_difference = {np.abs(hA - hB).max():.3f}")
print(f"first_step_memories_differ = {first_diff}")
print(f'token_at_that_step_a = "{A[first_diff - 1]}"')
print(f'token_at_that_step_b = "{Bw[first_diff - 1]}"')
print(f"step_of_not = {A.index('not') + 1}")
bagA, bagB = sum(features(t) for t in A), sum(features(t) for t in Bw)
print(f"summed_features_a = {arr(bagA, '.0f')}")
print(f"summed_features_b = {arr(bagB, '.0f')}")
print(f"summed_features_identical = {tbool(np.array_equal(bagA, bagB))}")
print()
# Four things the trace shows:
# 1. The two memories separate at step 3, where the first opinion word arrives
#    ("clean" vs "dirty": mood +0.716 vs -0.716), not at step 7 where "not"
#    arrives - both reviews read "not" at the same place.
# 2. Unit 2 (saw_not) is the one-step memory: it jumps to 0.964 at the "not"
#    step and falls straight back to 0.000 at the next word, because its row
#    of Wh is all zeros.
# 3. Unit 1 (mood) fades with no new evidence: 0.716, 0.615, 0.547, 0.499 over
#    the filler words, because tanh squashes it a bit more at every step.
# 4. A bigger bag model cannot close the gap, because both twins have exactly
#    the same bag vector and opposite labels: no model reading only counts can
#    beat 0.500 on rows whose bags are identical, whatever its size.
