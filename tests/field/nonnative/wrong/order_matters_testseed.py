# Exercise 1 - order matters
# proving that the order of words is carrying the meaning, and bag of words is not able to see it
import numpy as np
import torch, torch.nn as nn
from sequences import *

# ---------------- Part 1 ----------------
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=11))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print("Part 1")
print("train shape is", tuple(Xtr.shape), "and test shape is", tuple(Xte.shape))
print("number of 'very' rows in test :", int(very.sum()))
print("number of 'not' rows in test :", int(nots.sum()))


# ---------------- Part 2 ----------------
def review_to_bag(tokens):
    """take one review (list of words) and give back its bag of words vector"""
    ids = torch.tensor([[STOI[w] for w in tokens]])
    return bag(ids)[0]


# searching the train reviews for twin pairs, means same bag vector but opposite label
# i am keeping one pair per bag only, so that all three pairs are different
print("\nPart 2 : twin pairs (same bag, opposite label)")
rows = make_reviews(1600, seed=11)
first_seen = {}
twins = []
for toks, lab, kind in rows:
    key = tuple(review_to_bag(toks).int().tolist())
    if key not in first_seen:
        first_seen[key] = {}
    if lab not in first_seen[key]:
        first_seen[key][lab] = toks
        if len(first_seen[key]) == 2:      # now this bag is having both labels
            twins.append((first_seen[key][1], first_seen[key][0]))
    if len(twins) == 3:
        break

for n, (pos_rev, neg_rev) in enumerate(twins, start=1):
    same_bag = torch.equal(review_to_bag(pos_rev), review_to_bag(neg_rev))
    print(f"twin pair {n}:")
    print("   label 1 :", " ".join(pos_rev))
    print("   label 0 :", " ".join(neg_rev))
    print("   sorted words of label 1 review :", sorted(pos_rev))
    print("   sorted words of label 0 review :", sorted(neg_rev))
    print("   sorted lists are same ?", sorted(pos_rev) == sorted(neg_rev),
          "| bag vectors are same ?", same_bag)

# ---------------- Part 3 ----------------
Btr, Bte = bag(Xtr), bag(Xte)
print("\nPart 3 : bag models")
for name, build in (("logistic on word counts", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit net on counts",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)     # seed must be before making the weights
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    print("model :", name, "| params :", sum(p.numel() for p in net.parameters()))
    print(f"   accuracy overall   : {acc(net, Bte, yte):.4f}")
    print(f"   accuracy very rows : {acc(net, Bte, yte, very):.4f}")
    print(f"   accuracy not rows  : {acc(net, Bte, yte, nots):.4f}")

# now net is the 64 unit model (last one in the loop)
# checking its 'not' score on 20 new test sets, seeds 12 to 31
scores = []
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print("\n64-unit model 'not' accuracy on 20 fresh test sets:")
print(f"   min {min(scores):.4f}  mean {sum(scores) / len(scores):.4f}  max {max(scores):.4f}")
# the 0.574 on the one test set is looking like the bigger model learned something,
# but on 20 test sets the mean is coming 0.504 only, means it is still guessing.
# so 0.574 is just luck of that one test set (303 rows only), it is not learning.
# the ceiling is clear: for rows whose bags are identical with opposite labels,
# no model which is reading only the counts can able to beat 0.500, whatever its size.

# ---------------- Part 4 ----------------
# copied the numpy RNN from Step 2
np.set_printoptions(precision=3, suppress=True)


def features(tok):
    """Three input numbers per token: positive, negative, or the word 'not'."""
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])


Wx = np.array([[0.9, -0.9, 0.0],    # h1: running mood
               [0.0, 0.0, 2.0],     # h2: did I just read the word "not"
               [0.5, 0.5, 0.0]])    # h3: how many opinion words so far
Wh = np.array([[1.0, 0.0, 0.0],     # h1 carries itself forward
               [0.0, 0.0, 0.0],     # h2 forgets everything each step
               [0.0, 0.0, 1.0]])    # h3 carries itself forward
b = np.zeros(3)


def run_rnn(tokens, show=False):
    h = np.zeros(3)                  # memory is empty at start
    if show:
        print(f"{'step':>4s} {'token':<10s} {'x_t (pos,neg,not)':<20s}"
              f" {'h_t (mood, saw-not, count)':<28s}")
        print(f"{0:4d} {'<start>':<10s} {str(np.zeros(3)):<20s} {str(h):<28s}")
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)    # full RNN is this one line only
        if show:
            print(f"{t:4d} {tok:<10s} {str(x):<20s} {str(h):<28s}")
    return h


# my own twin pair, not the module one
A = ["packing", "was", "clean", "and", "app", "was", "not", "rude"]   # positive
B = ["packing", "was", "rude", "and", "app", "was", "not", "clean"]   # negative
print("\nPart 4 : numpy RNN on my own twin pair")
print("sorted A :", sorted(A))
print("sorted B :", sorted(B))
print("REVIEW A (positive):", " ".join(A))
hA = run_rnn(A, show=True)
print("\nREVIEW B (negative):", " ".join(B))
hB = run_rnn(B, show=True)
print("final memory A is", hA)
print("final memory B is", hB)
print(f"difference between them : {np.abs(hA - hB).max():.4f}")

# 1. the two memory traces are separating at step 3, when first opinion word (clean / rude)
#    is coming, and not at step 7 where the word "not" comes, because "not" is same in both
#    so at step 7 the difference was already there.
# 2. unit 2 (saw-not) is the one step memory, it becomes 0.964 at the "not" step
#    and in very next step it is going back to 0, because its row in Wh is all zeros.
# 3. unit 1 (mood) is fading without any new evidence, 0.716 then 0.615, 0.547, 0.499,
#    because tanh is squashing it little bit more at every step.
# 4. bigger bag model cannot close the gap because A and B are giving exactly same bag,
#    so any model on counts must give same answer to both, on such rows 0.500 is the maximum
#    and more weights (18 to 1,217) is not changing this.
