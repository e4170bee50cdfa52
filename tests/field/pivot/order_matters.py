# order_matters.py -- Exercise 1: prove that order carries meaning, then watch a memory hold it.
import numpy as np, torch, torch.nn as nn
from sequences import *
from tables import frame

# ---------------- part one: the data and its split ----------------
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
frame([[tuple(Xtr.shape), int((ktr == "very").sum()), int((ktr == "not").sum()), float(ytr.mean())],
       [tuple(Xte.shape), int(very.sum()), int(nots.sum()), float(yte.mean())]],
      ["X shape", "'very' rows", "'not' rows", "share positive"], ["train", "test"],
      index_names=["split"], fmt=[str, "d", "d", ".3f"],
      title=f"Part one: {len(VOCAB)}-word vocabulary, every review {Xtr.shape[1]} tokens")


# ---------------- part two: bag vectors and twin pairs ----------------
def bag_of(review):
    """Any review (list of words or a string) -> its bag-of-words count vector."""
    words = review.split() if isinstance(review, str) else review
    v = np.zeros(len(VOCAB))
    for w in words:
        v[STOI[w]] += 1
    return v


# group the training reviews by their bag; a twin pair is two reviews in the
# same bag group that carry opposite labels
groups = {}
for toks, lab, kind in make_reviews(1600, seed=11):
    groups.setdefault(tuple(bag_of(toks)), []).append((toks, lab, kind))
twins, used_words = [], set()
for key in sorted(groups, key=lambda k: groups[k][0][0]):
    g = groups[key]
    pos = [r for r in g if r[1] == 1]
    neg = [r for r in g if r[1] == 0]
    # keep pairs whose 'not' sits at the same position in both reviews, so that
    # the only difference between the twins is where the opinion words are
    same_not = [(p, q) for p in pos for q in neg if p[0].index("not") == q[0].index("not")]
    if same_not and key not in used_words:
        twins.append(same_not[0])
        used_words.add(key)
    if len(twins) == 3:
        break
print(f"bag groups in the training set: {len(groups)}; "
      f"groups holding both labels: {sum(len({r[1] for r in g}) == 2 for g in groups.values())}\n")
rows, idx = [], []
for n, (a, b) in enumerate(twins, start=1):
    for side, (toks, lab, kind) in (("A", a), ("B", b)):
        idx.append((n, side))
        rows.append([" ".join(toks), lab, " ".join(sorted(toks))])
frame(rows, ["review", "label", "sorted words"], idx, index_names=["pair", ""],
      fmt=[str, "d", str], title="Part two: three twin pairs (same words, opposite labels)")
rows = []
for n, (a, b) in enumerate(twins, start=1):
    rows.append([sorted(a[0]) == sorted(b[0]), bool(np.array_equal(bag_of(a[0]), bag_of(b[0]))),
                 a[1], b[1], a[1] != b[1]])
frame(rows, ["same sorted words", "same bag vector", "label A", "label B", "opposite labels"],
      [1, 2, 3], index_names=["pair"], fmt=[str, str, "d", "d", str])

# ---------------- part three: the two bag models ----------------
Btr, Bte = bag(Xtr), bag(Xte)
rows, nets = [], {}
for name, build in (("logistic on counts", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit net on counts",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)  # seed BEFORE the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    nets[name] = net
    rows.append([sum(p.numel() for p in net.parameters()), acc(net, Bte, yte),
                 acc(net, Bte, yte, very), acc(net, Bte, yte, nots)])
frame(rows, [("", "params"), ("test accuracy", "all"), ("test accuracy", "very rows"),
             ("test accuracy", "not rows")], list(nets), index_names=["model (order thrown away)"],
      fmt=[lambda v: f"{v:,d}", ".3f", ".3f", ".3f"],
      title=f"Part three: bag-of-words models, bag matrix {tuple(Btr.shape)}")

net = nets["64-unit net on counts"]
scores = []  # one test set is one exam
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
sc = np.array(scores)
frame([[len(sc), sc[0], sc.min(), sc.mean(), sc.max(), sc.std()]],
      ["test sets", "seed 12 only", "min", "mean", "max", "std"], ["64-unit net"],
      index_names=["'not' rows"], fmt=["d", ".3f", ".3f", ".3f", ".3f", ".3f"],
      title="64-unit model, 'not'-row accuracy on 20 fresh test sets (seeds 12..31)")
frame([sc[i:i + 5].tolist() for i in range(0, 20, 5)], [f"+{j}" for j in range(5)],
      [12, 17, 22, 27], index_names=["seed"], fmt=".3f",
      title="the 20 scores, seed = row + column")

# 0.574 on the seed-12 test set is luck, not learning: the same trained net lands anywhere
# between 0.448 and 0.574 on twenty fresh 600-review exams, averaging 0.504, i.e. a coin
# toss -- seed 12 simply happened to be its best exam.
# The ceiling: twins have byte-identical bag vectors and opposite labels, so no model that
# reads only counts -- logistic, 64 units or a billion -- can beat 0.500 on such rows; it
# must give both twins the same answer and is wrong on exactly one of them.

# ---------------- part four: Step 2's NumPy RNN on my own twin pair ----------------
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


def run_rnn(tokens, show=False, name=""):
    h = np.zeros(3)  # the memory starts empty
    trace = [("<start>", np.zeros(3), h)]
    for tok in tokens:
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # the whole RNN, one line
        trace.append((tok, x, h))
    if show:
        frame([[tok, str(x), h[0], h[1], h[2]] for tok, x, h in trace],
              [("input", "token"), ("input", "x_t (pos,neg,not)"), ("h_t", "mood"),
               ("h_t", "saw-not"), ("h_t", "count")], list(range(len(trace))),
              index_names=["step"], fmt=[str, str, "+.3f", ".3f", ".3f"], title=name)
    return h, trace


A, B = twins[0][0][0], twins[0][1][0]  # my first twin pair from part two
hA, trA = run_rnn(A, show=True, name=f"REVIEW A (label {twins[0][0][1]}): {' '.join(A)}")
hB, trB = run_rnn(B, show=True, name=f"REVIEW B (label {twins[0][1][1]}): {' '.join(B)}")
rows = []
for t, ((ta, _, ha), (tb, _, hb)) in enumerate(zip(trA, trB)):
    rows.append([ta, ha[0], tb, hb[0], float(np.abs(ha - hb).max())])
frame(rows, [("review A", "token"), ("review A", "mood"), ("review B", "token"),
             ("review B", "mood"), ("", "max |hA-hB|")], list(range(len(rows))),
      index_names=["step"], fmt=[str, "+.3f", str, "+.3f", ".3f"],
      title="the two memories side by side")
split_at = next(t for t, r in enumerate(rows) if r[-1] > 0)
first_op = min(next(t for t, w in enumerate(R, start=1) if w in POS + NEG) for R in (A, B))
not_at = "/".join(str(R.index("not") + 1) for R in (A, B))  # step of 'not' in A / in B
frame([[split_at, first_op, not_at, float(np.abs(hA - hB).max()),
        bool(np.array_equal(sum(features(t) for t in A), sum(features(t) for t in B)))]],
      ["traces split", "1st opinion word", "'not' in A/B", "final gap", "summed feats equal"],
      ["twin pair 1"], index_names=["step of ..."], fmt=["d", "d", str, ".3f", str])

# PART FOUR, four sentences (filled in after reading the output above):
# 1. The two memory traces separate at step 3, where the first opinion word arrives
#    ('helpful' in A, 'bad' in B: mood +0.716 vs -0.716, gap 1.433), not at step 7 where
#    'not' arrives -- 'not' sits at step 7 in both twins and adds nothing new to the gap.
# 2. Unit 2 ("saw-not") is the one-step memory: its row of Wh is all zeros, so it reads
#    0.964 at the 'not' step and is back to 0.000 one token later.
# 3. Unit 1 ("mood") fades with no new evidence: +0.716, +0.615, +0.547, +0.499, +0.461
#    across the filler words, because tanh squashes it a little more on every pass.
# 4. A bigger bag model cannot close the gap because the twins' summed features are equal
#    (True above) and their count vectors are identical, so any model that reads only counts
#    -- 18 weights or 1,217 -- must answer both twins alike and is capped at 0.500 on them.
