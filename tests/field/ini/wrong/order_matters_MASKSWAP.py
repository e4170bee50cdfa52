"""Exercise 1: order carries meaning, and a tiny RNN memory can hold it.
All results go out as an INI file (stdout and order_matters.ini)."""
import sys, configparser
import numpy as np, torch, torch.nn as nn
from sequences import *

config = configparser.ConfigParser()

# ---------- Part one: the data ----------
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "not"), torch.tensor(kte == "very")  # BUG: masks swapped
config["data"] = {
    "vocab_size": str(len(VOCAB)),
    "tokens_per_review": str(Xtr.shape[1]),
    "train_shape": f"{Xtr.shape[0]}, {Xtr.shape[1]}",
    "test_shape": f"{Xte.shape[0]}, {Xte.shape[1]}",
    "test_very_rows": str(int(very.sum())),
    "test_not_rows": str(int(nots.sum())),
}


# ---------- Part two: bag-of-words of any review, and twin pairs ----------
def bag_of(review):
    """review = list of words -> vector of word counts (length len(VOCAB))."""
    v = np.zeros(len(VOCAB))
    for w in review:
        v[STOI[w]] += 1.0
    return v


# look through the generated reviews for two rows with the same bag but
# opposite labels; keep the first three with different word sets
twins, seen = [], set()
by_bag = {}
for toks, lab, kind in make_reviews(1600, seed=11) + make_reviews(600, seed=12):
    key = tuple(bag_of(toks))
    if key in seen:
        continue
    if key in by_bag and by_bag[key][1] != lab:
        twins.append((by_bag[key], (toks, lab)))
        seen.add(key)
        if len(twins) == 3:
            break
    by_bag.setdefault(key, (toks, lab))

for n, ((a, la), (b, lb)) in enumerate(twins, start=1):
    sec = f"twin pair {n}"
    config[sec] = {
        "review_a": " ".join(a), "label_a": str(la),
        "review_b": " ".join(b), "label_b": str(lb),
        "sorted_a": ", ".join(sorted(a)), "sorted_b": ", ".join(sorted(b)),
        "same_sorted_words": str(sorted(a) == sorted(b)),
        "same_bag_vector": str(bool(np.array_equal(bag_of(a), bag_of(b)))),
        "opposite_labels": str(la != lb),
        "bag_vector": ", ".join(f"{x:.0f}" for x in bag_of(a)),
    }

# ---------- Part three: bag models, accuracy three ways ----------
Btr, Bte = bag(Xtr), bag(Xte)
for name, build in (("logistic", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit", lambda: nn.Sequential(nn.Linear(len(VOCAB), 64),
                                                      nn.ReLU(), nn.Linear(64, 1)))):
    torch.manual_seed(7)  # seed before the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    config[f"bag model {name}"] = {
        "params": str(sum(p.numel() for p in net.parameters())),
        "acc_all": f"{acc(net, Bte, yte):.3f}",
        "acc_very_rows": f"{acc(net, Bte, yte, very):.3f}",
        "acc_not_rows": f"{acc(net, Bte, yte, nots):.3f}",
    }
# net is now the 64-unit model: score its 'not' rows on 20 fresh test sets
scores = []
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
config["bag model 64-unit on 20 test sets"] = {
    "seeds": "12 to 31",
    "not_scores": ", ".join(f"{s:.3f}" for s in scores),
    "min": f"{min(scores):.3f}",
    "mean": f"{sum(scores) / len(scores):.3f}",
    "max": f"{max(scores):.3f}",
}

# ---------- Part four: Step 2's NumPy RNN on my own twin pair ----------
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
    trace = [("<start>", h)]
    for tok in tokens:
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # the whole RNN, one line
        trace.append((tok, h))
    if show:
        return h, trace
    return h


# my own twin pair (not the module's): same eight words, opposite meaning
A = ["app", "was", "clean", "and", "support", "was", "not", "rude"]     # positive
B = ["app", "was", "rude", "and", "support", "was", "not", "clean"]     # negative
hA, trA = run_rnn(A, show=True)
hB, trB = run_rnn(B, show=True)
first_diff = next(t for t in range(len(trA)) if not np.allclose(trA[t][1], trB[t][1]))
for name, seq, tr in (("A", A, trA), ("B", B, trB)):
    sec = f"rnn trace {name}"
    config[sec] = {"review": " ".join(seq), "columns": "mood, saw_not, count"}
    for t, (tok, h) in enumerate(tr):
        config[sec][f"step{t} {tok}"] = ", ".join(f"{v:.3f}" for v in h)
config["rnn compare"] = {
    "final_a": ", ".join(f"{v:.3f}" for v in hA),
    "final_b": ", ".join(f"{v:.3f}" for v in hB),
    "max_abs_gap": f"{np.abs(hA - hB).max():.3f}",
    "first_step_that_differs": f"{first_diff} ({A[first_diff - 1]} / {B[first_diff - 1]})",
    "step_of_not": str(A.index("not") + 1),
    "summed_features_a": ", ".join(f"{v:.0f}" for v in sum(features(t) for t in A)),
    "summed_features_b": ", ".join(f"{v:.0f}" for v in sum(features(t) for t in B)),
}

config.write(sys.stdout)
with open("order_matters_MASKSWAP.ini", "w") as f:
    config.write(f)

# ---------- Comments (written after reading my run) ----------
# My run: 297 "very" and 303 "not" test rows; three twin pairs found in the
# generated data, each with identical sorted words and labels 1 vs 0.
# Logistic on counts: 0.740 overall, 1.000 on "very" rows, 0.485 on "not" rows.
# 64-unit on counts: 0.574 on the "not" rows of the seed-12 test set, but only
# 0.448 to 0.574 (mean 0.504) over 20 fresh test sets. The 0.574 was luck on one
# exam of 303 rows, not learning: the same model is a coin toss on average.
#
# Part four, the four sentences:
# 1. The two memory traces separate at step 3, where the first opinion word
#    ("clean" in A, "rude" in B) arrives, not at step 7 where "not" arrives;
#    at step 7 both traces get the same 0.964 on unit 2 and the gap was already there.
# 2. Unit 2 (saw-not) is the one-step memory: its row of Wh is all zeros, so it
#    reads 0.964 right at "not" and is back to 0.000 one step later.
# 3. Unit 1 (mood) fades with no new evidence: 0.716, 0.615, 0.547, 0.499,
#    0.461 across the filler words, because tanh squashes it a bit at every step.
# 4. A bigger bag model cannot close the gap because both twins give exactly the
#    same count vector, so any model reading only counts must give them the same
#    answer and can never beat 0.500 on rows whose bags are identical.
# (Side note: these hand-set weights are not trained, so A ends at mood -0.413 and
# B at +0.413 -- the signs are "wrong" for the labels, but the point is that the
# final memories differ by 0.826 while the summed features are both 1, 1, 1.)
