# order_matters.py -- prove that order carries meaning, then watch a memory hold it.
import numpy as np, torch, torch.nn as nn
from sequences import *

# ---------- my tiny self-test helper ----------
TESTS = []


def check(name, got, module, tol, fmt=".3f"):
    """Compare my value with the module's printed value, pytest style."""
    ok = abs(got - module) <= tol
    TESTS.append((name, ok, f"(got {got:{fmt}}, module {module:{fmt}}, tol {tol})"))


def check_that(name, ok, detail):
    """For Check items that are a condition rather than one number."""
    TESTS.append((name, bool(ok), f"({detail})"))


def report():
    print("\n================ self-test ================")
    for name, ok, detail in TESTS:
        print(f"{name} ... {'ok  ' if ok else 'FAIL'} {detail}")
    n_ok = sum(ok for _, ok, _ in TESTS)
    print(f"{n_ok} passed, {len(TESTS) - n_ok} failed")


# ---------- part one: the data and the test split ----------
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print("Part one")
print(f"train {tuple(Xtr.shape)} test {tuple(Xte.shape)}")
print(f"test rows: {int(very.sum())} 'very', {int(nots.sum())} 'not'")
check("test_split_very_rows", int(very.sum()), 297, 0, "d")
check("test_split_not_rows", int(nots.sum()), 303, 0, "d")


# ---------- part two: bag vectors and twin pairs ----------
def bag_of(review):
    """Any review (a list of words) -> its bag-of-words vector, one count per word."""
    v = np.zeros(len(VOCAB))
    for w in review:
        v[STOI[w]] += 1
    return v


# look through the training reviews for bags that occur with both labels
by_bag, label_of = {}, {}
for toks, lab, kind in make_reviews(1600, seed=11):
    label_of[" ".join(toks)] = lab
    by_bag.setdefault(tuple(sorted(toks)), {}).setdefault(lab, toks)
twins = [(d[1], d[0]) for d in by_bag.values() if 0 in d and 1 in d][:3]
print(f"\nPart two: {sum(1 for d in by_bag.values() if 0 in d and 1 in d)} bags in the"
      " training set occur with both labels; the first three:")
for n, (pos_r, neg_r) in enumerate(twins, start=1):
    same_bag = np.array_equal(bag_of(pos_r), bag_of(neg_r))
    print(f" twin {n}  label 1: {' '.join(pos_r)}")
    print(f"         label 0: {' '.join(neg_r)}")
    print(f"         sorted 1: {sorted(pos_r)}")
    print(f"         sorted 0: {sorted(neg_r)}")
    print(f"         same bag vector? {same_bag}")
    check_that(f"test_twin{n}_sorted_words_identical", sorted(pos_r) == sorted(neg_r),
               f"got {sorted(pos_r) == sorted(neg_r)}, module True")
    check_that(f"test_twin{n}_bag_vectors_identical", same_bag,
               f"got {same_bag}, module True")
    la, lb = label_of[" ".join(pos_r)], label_of[" ".join(neg_r)]
    check_that(f"test_twin{n}_labels_opposite", la != lb,
               f"got labels {la} and {lb}, module opposite")
check_that("test_three_different_twin_pairs",
           len({tuple(sorted(p)) for p, _ in twins}) == 3 and len(twins) == 3,
           f"got {len({tuple(sorted(p)) for p, _ in twins})} different bags, module 3")

# ---------- part three: the two bag models, scored three ways ----------
Btr, Bte = bag(Xtr), bag(Xte)
print(f"\nPart three: bag-of-words matrix {tuple(Btr.shape)}")
print(f"{'model (order thrown away)':<28s} {'params':>7s} {'all':>7s}"
      f" {'very rows':>10s} {'not rows':>9s}")
res = {}
for name, build in (("logistic on word counts", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit net on counts",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)  # seed BEFORE the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    res[name] = (acc(net, Bte, yte), acc(net, Bte, yte, very), acc(net, Bte, yte, nots))
    print(f"{name:<28s} {sum(p.numel() for p in net.parameters()):7,d}"
          f" {res[name][0]:7.3f} {res[name][1]:10.3f} {res[name][2]:9.3f}")
big = net  # the 64-unit model is the last one built

scores = []
for s in range(12, 32):  # 20 fresh test sets (seed 12 is the one above)
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(big, bag(X), y, torch.tensor(k == "not")))
mn, mean, mx = min(scores), sum(scores) / len(scores), max(scores)
print(f"\nthe 64-unit model's 'not' score on 20 test sets (seeds 12..31):")
print("  " + " ".join(f"{s:.3f}" for s in scores))
print(f"  min {mn:.3f} mean {mean:.3f} max {mx:.3f}")

# the ceiling, shown on my own twins: one bag in, one answer out, so at most one of each pair is right
with torch.no_grad():
    tw = torch.tensor(np.array([bag_of(r) for pair in twins for r in pair]), dtype=torch.float32)
    tw_pred = (big(tw).squeeze(-1) > 0).float()
tw_true = torch.tensor([1.0, 0.0] * len(twins))
twin_acc = float((tw_pred == tw_true).float().mean())
print(f"64-unit model on my {2 * len(twins)} twin reviews: accuracy {twin_acc:.3f}"
      " (both members of a pair get the same answer)")

check("test_logistic_all", res["logistic on word counts"][0], 0.740, 0.01)
check("test_logistic_very_rows", res["logistic on word counts"][1], 1.000, 0.01)
check("test_logistic_not_rows", res["logistic on word counts"][2], 0.485, 0.01)
check("test_64unit_not_rows_one_test_set", res["64-unit net on counts"][2], 0.574, 0.01)
check("test_64unit_not_rows_mean_of_20", mean, 0.504, 0.01)
check("test_64unit_not_rows_min_of_20", mn, 0.45, 0.02)
check("test_64unit_not_rows_max_of_20", mx, 0.57, 0.02)
check_that("test_bag_model_on_twins_at_most_0.500", twin_acc <= 0.5,
           f"got {twin_acc:.3f}, module ceiling 0.500")

# ---------- part four: Step 2's NumPy RNN on one of my twin pairs ----------
np.set_printoptions(precision=3, suppress=True)


def features(tok):
    """Three input numbers per token: positive, negative, or the word 'not'."""
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])


Wx = np.array([[0.9, -0.9, 0.0],  # h1: running mood
               [0.0, 0.0, 2.0],   # h2: did I just read the word "not"
               [0.5, 0.5, 0.0]])  # h3: how many opinion words so far
Wh = np.array([[1.0, 0.0, 0.0],   # h1 carries itself forward
               [0.0, 0.0, 0.0],   # h2 forgets everything each step
               [0.0, 0.0, 1.0]])  # h3 carries itself forward
b = np.zeros(3)


def run_rnn(tokens, show=False, trace=None):
    h = np.zeros(3)  # the memory starts empty
    if show:
        print(f"{'step':>4s} {'token':<10s} {'x_t (pos,neg,not)':<20s}"
              f" {'h_t (mood, saw-not, count)':<28s}")
        print(f"{0:4d} {'<start>':<10s} {str(np.zeros(3)):<20s} {str(h):<28s}")
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # the whole RNN, one line
        if trace is not None:
            trace.append(h.copy())
        if show:
            print(f"{t:4d} {tok:<10s} {str(x):<20s} {str(h):<28s}")
    return h


A, B = twins[0]
trA, trB = [], []
print("\nPart four: Step 2's RNN on my twin 1")
print("REVIEW A (label 1):", " ".join(A))
hA = run_rnn(A, show=True, trace=trA)
print("\nREVIEW B (label 0):", " ".join(B))
hB = run_rnn(B, show=True, trace=trB)
print(f"\nfinal memory A: {hA}")
print(f"final memory B: {hB}")
print(f"they differ by : {np.abs(hA - hB).max():.3f}")
split_step = next(t for t in range(1, 9) if np.abs(trA[t - 1] - trB[t - 1]).max() > 1e-9)
first_opinion = next(t for t, w in enumerate(A, start=1) if w in POS or w in NEG)
not_step = A.index("not") + 1
print(f"memories first differ at step {split_step} ('{A[split_step - 1]}' vs"
      f" '{B[split_step - 1]}'); first opinion word at step {first_opinion};"
      f" 'not' at step {not_step}")
check("test_rnn_traces_separate_at_first_opinion_word", split_step, first_opinion, 0, "d")
check_that("test_rnn_traces_do_not_wait_for_not", split_step != not_step,
           f"got split step {split_step}, 'not' step {not_step}")
report()

# ---------- my comments (written after running) ----------
# Part three: the 64-unit model's 0.574 on the "not" rows of the one test set is luck, not
# learning: across 20 fresh test sets it ranged from 0.448 to 0.574 with a mean of 0.504,
# and seed 12, the test set I reported, happened to be its best exam.
# (My very first run of this script printed 0.564 here and 0.461 to 0.564 over the 20 sets;
# every run since prints the module's 0.574 and 0.448 to 0.574 -- same code, same seeds, so
# this build on this busy machine is not always bit-for-bit repeatable.)
# The ceiling: a model that reads only word counts gets the same bag for both members of a
# twin pair, so it must give them the same answer and cannot beat 0.500 on such rows; my
# 64-unit model scored exactly 0.500 on my six twin reviews.
#
# Part four, four sentences about the RNN trace on twin 1:
# 1. The two memory traces separate at step 3, where the first opinion word arrives
#    ("helpful" in A, "slow" in B), not at step 7 where "not" arrives.
# 2. Unit h2 is the one-step memory: it jumps to 0.964 on "not" and is back to 0.000 at
#    the very next word, because its row of Wh is all zeros.
# 3. Unit h1 (the mood) fades with no new evidence, 0.716, 0.615, 0.547, 0.499, 0.461,
#    because tanh squashes it a little more at every step.
# 4. A bigger bag model cannot close the gap, because both twins give it the identical
#    input vector, so extra weights have nothing different to learn from (1,217 weights
#    still average 0.504 on "not" rows, the same coin toss as 18 weights at 0.485).
