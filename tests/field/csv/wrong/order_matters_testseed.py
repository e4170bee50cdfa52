# order_matters.py - exercise 1: order carries meaning, a bag can't see it
import csv, sys
import numpy as np, torch, torch.nn as nn
from sequences import *

out = csv.writer(sys.stdout, lineterminator="\n")

# ---------------- part 1: data + split of test rows
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=13))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")

print("# part 1")
out.writerow(["set", "rows", "tokens_per_review", "vocab", "very_rows", "not_rows"])
out.writerow(["train", Xtr.shape[0], Xtr.shape[1], len(VOCAB), int((ktr == "very").sum()), int((ktr == "not").sum())])
out.writerow(["test", Xte.shape[0], Xte.shape[1], len(VOCAB), int(very.sum()), int(nots.sum())])


# ---------------- part 2: bag vector of any review + three twin pairs
def bag_vector(review):
    """review = list of words (or one string) -> count of every VOCAB word, order gone"""
    if isinstance(review, str):
        review = review.split()
    v = np.zeros(len(VOCAB), dtype=int)
    for w in review:
        v[STOI[w]] += 1
    return v


# look for twins in the generated train rows: same bag, opposite label
seen = {}
twins = []
for toks, lab, kind in make_reviews(1600, seed=11):
    key = tuple(bag_vector(toks))
    if key in seen and seen[key][1] != lab:
        a = seen[key]
        # want three pairs with different word sets
        if all(tuple(bag_vector(p[0][0])) != key for p in twins):
            twins.append(((a[0], a[1]), (toks, lab)))
    seen.setdefault(key, (toks, lab))
    if len(twins) == 3:
        break

print()
print("# part 2")
out.writerow(["pair", "member", "review", "label", "sorted_words", "bag_vector", "same_bag_as_partner"])
for p, ((ta, la), (tb, lb)) in enumerate(twins, start=1):
    same = bool(np.array_equal(bag_vector(ta), bag_vector(tb)))
    for m, (t, l) in zip("AB", ((ta, la), (tb, lb))):
        out.writerow([p, m, " ".join(t), l, " ".join(sorted(t)),
                      " ".join(str(c) for c in bag_vector(t)), same])
# the module's own pair as well, checked with the same function
ma = "delivery was good and service was not slow"
mb = "delivery was slow and service was not good"
out.writerow(["module", "A", ma, 1, " ".join(sorted(ma.split())), " ".join(map(str, bag_vector(ma))),
              bool(np.array_equal(bag_vector(ma), bag_vector(mb)))])
out.writerow(["module", "B", mb, 0, " ".join(sorted(mb.split())), " ".join(map(str, bag_vector(mb))),
              bool(np.array_equal(bag_vector(ma), bag_vector(mb)))])

# ---------------- part 3: the two bag models, accuracy three ways
Btr, Bte = bag(Xtr), bag(Xte)
print()
print("# part 3")
out.writerow(["model", "params", "acc_all", "acc_very", "acc_not"])
for name, build in (("logistic on word counts", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit net on counts",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(), nn.Linear(64, 1)))):
    torch.manual_seed(7)  # seed before the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    out.writerow([name, sum(p.numel() for p in net.parameters()),
                  f"{acc(net, Bte, yte):.3f}", f"{acc(net, Bte, yte, very):.3f}",
                  f"{acc(net, Bte, yte, nots):.3f}"])

# net is now the 64-unit one: its 'not' score on 20 fresh test sets (seeds 12..31)
scores, n_not = [], []
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
    n_not.append(int((k == "not").sum()))
print()
print("# part 3b")
out.writerow(["seed", "not_rows", "acc_not_64unit"])
for s, n, sc in zip(range(12, 32), n_not, scores):
    out.writerow([s, n, f"{sc:.3f}"])
print()
out.writerow(["model", "test_sets", "min_not", "mean_not", "max_not"])
out.writerow(["64-unit net on counts", len(scores), f"{min(scores):.3f}",
              f"{sum(scores) / len(scores):.3f}", f"{max(scores):.3f}"])

# ---------------- part 4: step 2's hand-set numpy RNN on one of my twin pairs
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
    trace = [h.copy()]
    if show:
        out.writerow([name, 0, "<start>", 0.0, 0.0, 0.0, f"{h[0]:.3f}", f"{h[1]:.3f}", f"{h[2]:.3f}"])
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # the whole RNN, one line
        trace.append(h.copy())
        if show:
            out.writerow([name, t, tok, x[0], x[1], x[2], f"{h[0]:.3f}", f"{h[1]:.3f}", f"{h[2]:.3f}"])
    return h, trace


# pick the first twin pair where 'not' is in clause one, so 'not' comes before any opinion word
pick = next((p for p in twins if p[0][0][2] == "not"), twins[0])
(ta, la), (tb, lb) = pick
print()
print("# part 4")
out.writerow(["review", "step", "token", "x_pos", "x_neg", "x_not", "h_mood", "h_saw_not", "h_count"])
hA, trA = run_rnn(ta, show=True, name=f"A label {la}: " + " ".join(ta))
hB, trB = run_rnn(tb, show=True, name=f"B label {lb}: " + " ".join(tb))
sep = next(t for t in range(len(trA)) if np.abs(trA[t] - trB[t]).max() > 1e-9)
print()
out.writerow(["first_step_memories_differ", "token_A", "token_B", "step_of_not_A", "step_of_not_B",
              "final_max_gap", "summed_features_equal"])
out.writerow([sep, ta[sep - 1], tb[sep - 1], ta.index("not") + 1, tb.index("not") + 1,
              f"{np.abs(hA - hB).max():.3f}",
              bool(np.array_equal(sum(features(t) for t in ta), sum(features(t) for t in tb)))])

# --- comments ---
# Part 3: the logistic bag model gets 0.740 overall but that is 1.000 on "very" rows and
# 0.485 on "not" rows, i.e. perfect on one half and a coin toss on the other.
# The 64-unit model's 0.574 on the "not" rows is luck, not learning: on 20 fresh test sets the
# same model scores min 0.448 / mean 0.504 / max 0.574, so 0.574 was just the best exam.
# Part 4 (four sentences):
# 1. The two memory traces separate at step 4, where the first opinion word (good vs bad) arrives,
#    not at step 3 where "not" arrives - "not" is at the same place in both reviews so it changes both
#    memories the same way.
# 2. Unit 2 (h_saw_not) is the one-step memory: it jumps to 0.964 on "not" and is back to 0.000
#    at the very next step because its row of Wh is all zeros.
# 3. Unit 1 (mood) fades without new evidence: after the opinion word it drops a bit at every filler
#    word (-0.716 -> -0.615 -> -0.547 -> -0.499 in review A) because tanh squashes it again on every pass.
# 4. A bigger bag model cannot close the gap because twin reviews have byte-identical bag vectors with
#    opposite labels, so any model that only reads counts must give both the same answer - no model
#    reading only counts can beat 0.500 on rows whose bags are identical, whatever its size.
