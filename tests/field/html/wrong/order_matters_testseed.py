# order_matters.py - exercise 1: prove that order carries meaning, then watch a memory hold it.
import numpy as np, torch, torch.nn as nn
from sequences import *

np.set_printoptions(precision=3, suppress=True)


def fmt(v):
    """numpy vector -> short text for a table cell"""
    return "[" + ", ".join(f"{x:.3f}" for x in v) + "]"


# ---------- Part 1: the data ----------
train_rows = make_reviews(1600, seed=11)
test_rows = make_reviews(600, seed=11)
Xtr, ytr, ktr = encode(train_rows)
Xte, yte, kte = encode(test_rows)
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")

print("<h2>Part 1: the data</h2>")
print(f"<p>Vocabulary of {len(VOCAB)} words, every review is {Xtr.shape[1]} tokens long. "
      f"Training set {tuple(Xtr.shape)}, test set {tuple(Xte.shape)}.</p>")
print("<table>")
print("<tr><th>test rows</th><th>count</th></tr>")
print(f"<tr><td>'very' rows</td><td><b>{int(very.sum())}</b></td></tr>")
print(f"<tr><td>'not' rows</td><td><b>{int(nots.sum())}</b></td></tr>")
print(f"<tr><td>total</td><td>{len(kte)}</td></tr>")
print("</table>")


# ---------- Part 2: bag of words and twin pairs ----------
def bag_of_words(tokens):
    """Any review (a list of words) -> its count vector over VOCAB. Order is lost."""
    v = np.zeros(len(VOCAB))
    for w in tokens:
        v[STOI[w]] += 1
    return v


# look through the training reviews for two reviews with the same bag and
# opposite labels; keep three pairs with three different bags
seen = {}
pairs = []
for toks, lab, kind in train_rows:
    key = tuple(bag_of_words(toks))
    if key in seen and seen[key][1] != lab:
        other = seen[key]
        if all(tuple(bag_of_words(p[0][0])) != key for p in pairs):
            pairs.append((other, (toks, lab, kind)))
        if len(pairs) == 3:
            break
    seen.setdefault(key, (toks, lab, kind))

print("<h2>Part 2: three twin pairs found in the training set</h2>")
print("<table>")
print("<tr><th>pair</th><th>review</th><th>label</th><th>sorted words</th></tr>")
for n, (a, b) in enumerate(pairs, start=1):
    for toks, lab, kind in (a, b):
        print(f"<tr><td>{n}</td><td>{' '.join(toks)}</td><td>{lab}</td>"
              f"<td>{' '.join(sorted(toks))}</td></tr>")
print("</table>")
print("<table>")
print("<tr><th>pair</th><th>same sorted words?</th><th>same bag vector?</th>"
      "<th>opposite labels?</th></tr>")
for n, (a, b) in enumerate(pairs, start=1):
    print(f"<tr><td>{n}</td><td>{sorted(a[0]) == sorted(b[0])}</td>"
          f"<td>{np.array_equal(bag_of_words(a[0]), bag_of_words(b[0]))}</td>"
          f"<td>{a[1] != b[1]}</td></tr>")
print("</table>")

# ---------- Part 3: the two bag models ----------
Btr, Bte = bag(Xtr), bag(Xte)
print("<h2>Part 3: models that only see counts</h2>")
print(f"<p>Bag-of-words matrix {tuple(Btr.shape)}, order thrown away.</p>")
print("<table>")
print("<tr><th>model</th><th>params</th><th>all</th><th>very rows</th><th>not rows</th></tr>")
for name, build in (("logistic on word counts", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit net on counts",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)  # seed before the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    print(f"<tr><td>{name}</td><td>{sum(p.numel() for p in net.parameters()):,d}</td>"
          f"<td>{acc(net, Bte, yte):.3f}</td><td>{acc(net, Bte, yte, very):.3f}</td>"
          f"<td><b>{acc(net, Bte, yte, nots):.3f}</b></td></tr>")
print("</table>")

# net is now the 64-unit model: score its 'not' rows on 20 fresh test sets
scores = []
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print("<p>The 64-unit model's 'not' accuracy on 20 freshly generated test sets "
      "(seeds 12 to 31):</p>")
print("<table>")
print("<tr><th>min</th><th>mean</th><th>max</th></tr>")
print(f"<tr><td>{min(scores):.3f}</td><td><b>{sum(scores) / len(scores):.3f}</b></td>"
      f"<td>{max(scores):.3f}</td></tr>")
print("</table>")
# My run: 0.574 on the 'not' rows of the one test set (seed 12), but only 0.448 to 0.574
# with a mean of 0.504 across the 20 fresh sets. So the 0.574 is luck, not learning: it is
# the best of the 20 exams, and the mean of 0.504 is a coin toss.

# ---------- Part 4: Step 2's NumPy RNN on one of my twin pairs ----------


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
    trace = [(0, "&lt;start&gt;", np.zeros(3), h)]
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # the whole RNN, one line
        trace.append((t, tok, x, h))
    if show:
        print("<table>")
        print("<tr><th>step</th><th>token</th><th>x_t (pos, neg, not)</th>"
              "<th>h_t (mood, saw-not, count)</th></tr>")
        for t, tok, x, hh in trace:
            print(f"<tr><td>{t}</td><td>{tok}</td><td>{fmt(x)}</td><td>{fmt(hh)}</td></tr>")
        print("</table>")
    return h, trace


(A, labA, _), (B, labB, _) = pairs[0]
print("<h2>Part 4: the hand-set RNN on twin pair 1</h2>")
print(f"<p>Review A (label {labA}): {' '.join(A)}</p>")
hA, trA = run_rnn(A, show=True)
print(f"<p>Review B (label {labB}): {' '.join(B)}</p>")
hB, trB = run_rnn(B, show=True)

split = next(t for (t, _, _, ha), (_, _, _, hb) in zip(trA, trB) if not np.allclose(ha, hb))
first_op = next(i for i, w in enumerate(A, start=1) if w in POS or w in NEG)
not_step = A.index("not") + 1
print("<table>")
print("<tr><th>what</th><th>step</th></tr>")
print(f"<tr><td>memories first differ</td><td><b>{split}</b></td></tr>")
print(f"<tr><td>first opinion word arrives</td><td>{first_op} ({A[first_op - 1]} / {B[first_op - 1]})</td></tr>")
print(f"<tr><td>'not' arrives</td><td>{not_step}</td></tr>")
print("</table>")
bagA, bagB = sum(features(t) for t in A), sum(features(t) for t in B)
print(f"<p>Final memory A {fmt(hA)}, final memory B {fmt(hB)}, they differ by "
      f"<b>{np.abs(hA - hB).max():.3f}</b>. The summed features are {fmt(bagA)} and "
      f"{fmt(bagB)}: identical? {np.array_equal(bagA, bagB)}.</p>")

# The two memory traces separate at step 4, where the first opinion word arrives ("rude" in
# review A, "quick" in review B), and not at step 3 where "not" arrives, because both twins
# read "not" at step 3 and their memories are still identical [0, 0.964, 0] there.
# Unit 2 (saw-not) is the one-step memory: it jumps to 0.964 at "not" and is back at 0.000
# on the very next word, because its row of Wh is all zeros.
# Unit 1 (mood) fades without new evidence, from -0.716 to -0.615, -0.547 and -0.499 over
# the filler words in review A (the mirror image in B), because tanh squeezes it on every pass.
# A bigger bag model cannot close the gap: twin reviews have exactly the same count vector,
# so any model that reads only counts must give both the same answer and can score no
# better than 0.500 on rows whose bags are identical, however many weights it has (the
# 64-unit net's 0.504 mean over 20 test sets is that ceiling, not progress).
