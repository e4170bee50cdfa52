"""Exercise 1 - prove that order carries meaning, then watch a memory hold it.

Output is reStructuredText: section titles, simple tables and field lists.
"""
import numpy as np, torch, torch.nn as nn
from sequences import *


def title(text, ch="="):
    print(f"\n{text}\n{ch * len(text)}\n")


def table(headers, rows, left=()):
    """Print an RST simple table. Columns listed in `left` are left-aligned."""
    cells = [[str(c) for c in r] for r in [headers] + rows]
    widths = [max(len(r[j]) for r in cells) for j in range(len(headers))]
    rule = "  ".join("=" * w for w in widths)

    def line(r):
        return "  ".join(c.ljust(w) if j in left else c.rjust(w)
                         for j, (c, w) in enumerate(zip(r, widths))).rstrip()
    print(rule)
    print(line(cells[0]))
    print(rule)
    for r in cells[1:]:
        print(line(r))
    print(rule)


# ------------------------------------------------------------------ part one
title("Part one: the data")
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print(f":vocabulary: {len(VOCAB)} words")
print(f":tokens per review: {Xtr.shape[1]}")
print(f":train shape: {tuple(Xtr.shape)}")
print(f":test shape: {tuple(Xte.shape)}\n")
table(["split", "rows", "'very' rows", "'not' rows"],
      [["train", len(Xtr), int((ktr == "very").sum()), int((ktr == "not").sum())],
       ["test", len(Xte), int(very.sum()), int(nots.sum())]], left=(0,))


# ------------------------------------------------------------------ part two
def review_bag(tokens):
    """Bag-of-words vector of one review: a count for every vocabulary word."""
    v = np.zeros(len(VOCAB))
    for w in tokens:
        v[STOI[w]] += 1.0
    return v


title("Part two: three twin pairs")
# Search the training reviews for pairs with the same bag but opposite labels.
# I want three pairs that use different words, so one pair per bag.
by_bag = {}
for toks, lab, kind in make_reviews(1600, seed=11):
    by_bag.setdefault(tuple(review_bag(toks)), {}).setdefault(lab, toks)
twins = []
used_words = set()
for key, d in by_bag.items():
    if 0 in d and 1 in d:
        words = frozenset(d[1])
        if words in used_words:
            continue
        used_words.add(words)
        twins.append((d[1], d[0]))  # (label-1 review, label-0 review)
    if len(twins) == 3:
        break
for n, (p, q) in enumerate(twins, start=1):
    title(f"Twin pair {n}", "-")
    table(["review", "label", "words in order"],
          [["A", 1, " ".join(p)], ["B", 0, " ".join(q)]], left=(0, 2))
    print()
    print(f":A sorted: {sorted(p)}")
    print(f":B sorted: {sorted(q)}")
    print(f":same sorted words: {sorted(p) == sorted(q)}")
    print(f":same bag vector: {np.array_equal(review_bag(p), review_bag(q))}")
    labels = (by_bag[tuple(review_bag(p))][1] is p, by_bag[tuple(review_bag(q))][0] is q)
    print(f":opposite labels: {all(labels)} (A is stored under label 1, B under label 0)")

# ------------------------------------------------------------------ part three
title("Part three: bag-of-words models")
Btr, Bte = bag(Xtr), bag(Xte)
print(f":bag matrix: {tuple(Btr.shape)}\n")
rows = []
for name, build in (("logistic on word counts", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit net on counts",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)  # seed BEFORE the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    rows.append([name, f"{sum(p.numel() for p in net.parameters()):,d}",
                 f"{acc(net, Bte, yte):.3f}", f"{acc(net, Bte, yte, very):.3f}",
                 f"{acc(net, Bte, yte, nots):.3f}"])
table(["model (order thrown away)", "params", "all", "very rows", "not rows"],
      rows, left=(0,))

title("The 64-unit model on 20 fresh test sets", "-")
scores = []
for s in range(12, 32):  # seed 12 is the test set above, 13..31 are new
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
table(["test seed", "'not' accuracy"], [[s, f"{a:.3f}"] for s, a in zip(range(12, 32), scores)])
print()
print(f":min: {min(scores):.3f}")
print(f":mean: {sum(scores) / len(scores):.3f}")
print(f":max: {max(scores):.3f}")
# The 0.574 on the seed-12 test set is luck, not learning: the same trained
# model scores between 0.448 and 0.574 on twenty fresh test sets and averages
# 0.504, so 0.574 is simply the best of the twenty exams, and it happens to be
# the first one we looked at.

# ------------------------------------------------------------------ part four
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
    trace = [h]
    rows = [[0, "<start>", str(np.zeros(3)), str(h)]]
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # the whole RNN, one line
        trace.append(h)
        rows.append([t, tok, str(x), str(h)])
    if show:
        table(["step", "token", "x_t (pos,neg,not)", "h_t (mood, saw-not, count)"],
              rows, left=(1, 2, 3))
    return h, np.array(trace)


title("Part four: the NumPy RNN on twin pair 1")
A, B = twins[0]
title(f"Review A (label 1): {' '.join(A)}", "-")
hA, trA = run_rnn(A, show=True)
title(f"Review B (label 0): {' '.join(B)}", "-")
hB, trB = run_rnn(B, show=True)
gapA = np.abs(trA - trB).max(1)
first = int(np.argmax(gapA > 1e-9))
opinion = [t for t, w in enumerate(A, start=1) if w in POS or w in NEG][0]
not_step = A.index("not") + 1
print()
print(f":final memory A: {hA}")
print(f":final memory B: {hB}")
print(f":largest final difference: {np.abs(hA - hB).max():.3f}")
print(f":first step where the memories differ: {first} ('{A[first - 1]}' / '{B[first - 1]}')")
print(f":step of the first opinion word: {opinion}")
print(f":step of 'not': {not_step}")
bagA, bagB = sum(features(t) for t in A), sum(features(t) for t in B)
print(f":summed features A: {bagA}")
print(f":summed features B: {bagB}")
print(f":summed features identical: {np.array_equal(bagA, bagB)}")

# What the trace shows (written after running it):
# 1. The two memory traces separate at step 3, where the first opinion word
#    arrives ('helpful' in A, 'slow' in B: mood +0.716 against -0.716), and not
#    at step 7 where 'not' arrives, because 'not' sits at step 7 in both reviews.
# 2. Unit h2 (saw-not) is the one-step memory: its row of Wh is all zeros, so
#    it reads 0.964 at the 'not' step and is back to 0.000 one step later.
# 3. Unit h1 (mood) fades with no new evidence, 0.716, 0.615, 0.547, 0.499,
#    0.461 over the filler words, because tanh squashes it a bit on every pass
#    (the count unit h3 fades the same way, 0.462 down to 0.368).
# 4. A bigger bag model cannot close the gap because the twins give exactly the
#    same count vector ([1. 1. 1.] here, and identical 17-word bags in part
#    two), so any model that reads only counts must give both twins the same
#    answer, and on rows whose bags are identical with opposite labels no
#    counting model can beat 0.500 however many weights it has.

