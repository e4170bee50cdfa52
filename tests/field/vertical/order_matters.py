# order_matters.py -- Exercise 1: prove that order carries meaning, then watch a memory hold it
import numpy as np, torch, torch.nn as nn
from sequences import *


def show(label, *values):
    """Vertical printing: the label on one line, each value indented below it."""
    print(label)
    for v in values:
        print(f"    {v}")
    print()


# ---------------- Part one: the data ----------------
print("PART ONE: the data\n")
rows_tr = make_reviews(1600, seed=11)
rows_te = make_reviews(600, seed=12)
Xtr, ytr, ktr = encode(rows_tr)
Xte, yte, kte = encode(rows_te)
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
show("Vocabulary size, then tokens per review:", len(VOCAB), Xtr.shape[1])
show("Training set shape:", tuple(Xtr.shape))
show("Test set shape:", tuple(Xte.shape))
show("Test rows carrying 'very':", int(very.sum()))
show("Test rows carrying 'not':", int(nots.sum()))


# ---------------- Part two: bag vectors and twin pairs ----------------
print("PART TWO: twin pairs (same bag, opposite label)\n")


def review_bag(tokens):
    """Any review (a list of words) -> its bag-of-words count vector."""
    return bag(torch.tensor([[STOI[w] for w in tokens]]))[0]


# look through the training reviews for pairs with the same bag but opposite labels
groups = {}
for toks, lab, kind in rows_tr:
    key = tuple(review_bag(toks).int().tolist())
    groups.setdefault(key, {}).setdefault(lab, toks)
twins = [(g[1], g[0]) for g in groups.values() if 0 in g and 1 in g]
show("Bag vectors in the training set that occur with both labels:", len(twins))

for n, (pos, neg) in enumerate(twins[:3], start=1):
    show(f"Twin pair {n}, review labelled positive (1):", " ".join(pos))
    show(f"Twin pair {n}, review labelled negative (0):", " ".join(neg))
    show(f"Twin pair {n}, sorted words of the positive review:", sorted(pos))
    show(f"Twin pair {n}, sorted words of the negative review:", sorted(neg))
    show(f"Twin pair {n}, identical sorted word lists?", sorted(pos) == sorted(neg))
    show(f"Twin pair {n}, identical bag vectors?",
         bool(torch.equal(review_bag(pos), review_bag(neg))))


# ---------------- Part three: the bag models ----------------
print("PART THREE: models that throw order away\n")
Btr, Bte = bag(Xtr), bag(Xte)
show("Bag-of-words training matrix shape:", tuple(Btr.shape))
for name, build in (("logistic on word counts", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit net on counts",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)  # seed BEFORE the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    show(f"{name}, number of parameters:", sum(p.numel() for p in net.parameters()))
    show(f"{name}, test accuracy on all rows:", f"{acc(net, Bte, yte):.3f}")
    show(f"{name}, test accuracy on 'very' rows:", f"{acc(net, Bte, yte, very):.3f}")
    show(f"{name}, test accuracy on 'not' rows:", f"{acc(net, Bte, yte, nots):.3f}")

# net is now the 64-unit model: one test set is one exam, so sit 20 of them.
# What I saw: the 64-unit model read 0.574 on the 'not' rows of the seed-12 test set,
# but over 20 fresh test sets its 'not' score went from 0.448 to 0.574 with a mean of
# 0.504. So 0.574 was luck on one exam of 303 rows, not learning -- the seed-12 set just
# happened to be its best exam (it is also the maximum of the 20).
scores = []
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
show("64-unit model, 'not' accuracy on 20 fresh test sets (seeds 12 to 31), minimum:",
     f"{min(scores):.3f}")
show("64-unit model, 'not' accuracy on 20 fresh test sets, mean:",
     f"{sum(scores) / len(scores):.3f}")
show("64-unit model, 'not' accuracy on 20 fresh test sets, maximum:",
     f"{max(scores):.3f}")


# ---------------- Part four: Step 2's NumPy RNN on my own twin pair ----------------
print("PART FOUR: a hand-set RNN reads twin pair 1\n")
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


def run_rnn(tokens, show_steps=False, name=""):
    h = np.zeros(3)  # the memory starts empty
    trace = [h]
    if show_steps:
        show(f"{name} step 0, token <start>, memory h (mood, saw-not, count):",
             *[f"{v:.3f}" for v in h])
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # the whole RNN, one line
        trace.append(h)
        if show_steps:
            show(f"{name} step {t}, token '{tok}', input x (pos, neg, not):",
                 *[f"{v:.0f}" for v in x])
            show(f"{name} step {t}, token '{tok}', memory h (mood, saw-not, count):",
                 *[f"{v:.3f}" for v in h])
    return h, trace


A, B = twins[0]
show("Review A (positive):", " ".join(A))
hA, trA = run_rnn(A, show_steps=True, name="A,")
show("Review B (negative):", " ".join(B))
hB, trB = run_rnn(B, show_steps=True, name="B,")
show("Final memory A:", *[f"{v:+.3f}" for v in hA])
show("Final memory B:", *[f"{v:+.3f}" for v in hB])
show("Largest difference between the final memories:", f"{np.abs(hA - hB).max():.3f}")
split = next(t for t in range(9) if np.abs(trA[t] - trB[t]).max() > 1e-9)
show("First step at which the two memory traces differ:",
     f"step {split} (token '{A[split - 1]}' in A, '{B[split - 1]}' in B)")
bagA, bagB = sum(features(t) for t in A), sum(features(t) for t in B)
show("Summed features of A (order thrown away):", *[f"{v:.0f}" for v in bagA])
show("Summed features of B (order thrown away):", *[f"{v:.0f}" for v in bagB])
show("Identical summed features?", bool(np.array_equal(bagA, bagB)))

# COMMENTS (Part four), written after running it on twin pair 1:
# 1. The two memory traces separate at step 3, where the first opinion word arrives
#    ('helpful' in A, 'slow' in B: mood +0.716 against -0.716), and not at step 7 where
#    'not' arrives -- by then they are already apart, and 'not' does the same thing to both.
# 2. Unit 2 (saw-not) is the one-step memory: it reads 0.964 at the 'not' step and is back
#    to 0.000 one step later, because its row of Wh is all zeros.
# 3. Unit 1 (mood) fades with no new evidence: 0.716, 0.615, 0.547, 0.499 over steps 3 to 6
#    in A, because tanh squashes it a little more on every pass.
# 4. A bigger bag model cannot close the gap because each twin pair has the exact same bag
#    vector, so any model that reads only counts must give both twins the same answer and
#    no such model can beat 0.500 on rows whose bags are identical -- the logistic model's
#    0.485 and the 64-unit model's 20-set mean of 0.504 on 'not' rows are that ceiling.
# (Side note: this hand-set RNN ends with mood -0.413 for the positive review A, so its
#  mood unit is not a correct classifier -- it was built to show memory, not to be right.)
