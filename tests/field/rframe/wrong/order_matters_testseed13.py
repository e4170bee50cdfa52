# order_matters.py -- prove that word order carries meaning, then watch an
# RNN memory hold it. Results printed the way R prints them.
import numpy as np, torch, torch.nn as nn
from sequences import *

# ---- little helpers so Python prints the way R does --------------------
def r_vec(values, digits=3):
    """Print a vector like R: [1] 0.710 0.100 0.090"""
    if isinstance(values, (int, float, bool, str, np.floating, np.integer)):
        values = [values]
    out = []
    for v in values:
        if isinstance(v, (bool, np.bool_)):
            out.append("TRUE" if v else "FALSE")
        elif isinstance(v, str):
            out.append('"' + v + '"')
        elif isinstance(v, (int, np.integer)):
            out.append(str(int(v)))
        else:
            out.append(f"{float(v):.{digits}f}")
    w = max(len(s) for s in out)
    print("[1] " + " ".join(s.rjust(w) for s in out))


def r_df(cols, fmts=None):
    """Print a dict of equal-length columns like an R data.frame."""
    fmts = fmts or {}
    names = list(cols)
    n = len(cols[names[0]])
    text = {}
    for k in names:
        f = fmts.get(k)
        cells = []
        for v in cols[k]:
            if isinstance(v, (bool, np.bool_)):
                cells.append("TRUE" if v else "FALSE")
            elif f is not None and not isinstance(v, str):
                cells.append(format(v, f))
            else:
                cells.append(str(v))
        text[k] = cells
    rn = [str(i + 1) for i in range(n)]
    rw = max(len(s) for s in rn)
    widths = {k: max(len(k), *(len(s) for s in text[k])) for k in names}
    print(" " * rw + " " + " ".join(k.rjust(widths[k]) for k in names))
    for i in range(n):
        print(rn[i].ljust(rw) + " " + " ".join(text[k][i].rjust(widths[k]) for k in names))


def r_mat(M, rownames=None, colnames=None, digits=3):
    """Print a matrix like R, with dimnames or [1,] / [,1] headers."""
    M = np.asarray(M, dtype=float)
    M = M.reshape(1, -1) if M.ndim == 1 else M
    rn = rownames or [f"[{i + 1},]" for i in range(M.shape[0])]
    cn = colnames or [f"[,{j + 1}]" for j in range(M.shape[1])]
    cells = [[f"{v:.{digits}f}" for v in row] for row in M]
    w = [max(len(cn[j]), *(len(cells[i][j]) for i in range(M.shape[0])))
         for j in range(M.shape[1])]
    rw = max(len(s) for s in rn)
    print(" " * rw + " " + " ".join(cn[j].rjust(w[j]) for j in range(M.shape[1])))
    for i in range(M.shape[0]):
        print(rn[i].ljust(rw) + " " + " ".join(cells[i][j].rjust(w[j]) for j in range(M.shape[1])))
# -------------------------------------------------------------------------


def r_named(names, values, digits=3):
    """Print a named vector like R: names on one line, values under them."""
    cells = [f"{float(v):.{digits}f}" for v in values]
    w = [max(len(a), len(b)) for a, b in zip(names, cells)]
    print(" ".join(a.rjust(x) for a, x in zip(names, w)) + " ")
    print(" ".join(b.rjust(x) for b, x in zip(cells, w)) + " ")

# ---- part one: the data ------------------------------------------------
train_rows = make_reviews(1600, seed=11)
Xtr, ytr, ktr = encode(train_rows)
Xte, yte, kte = encode(make_reviews(600, seed=13))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")

print("part one: dim(train) and dim(test)")
r_vec([Xtr.shape[0], Xtr.shape[1]])
r_vec([Xte.shape[0], Xte.shape[1]])
print("\ntable(test kind)")
print(" not very ")
print(f"{int(nots.sum()):4d} {int(very.sum()):4d} ")


# ---- part two: bag vectors and twin pairs ------------------------------
def bag_of(tokens):
    """Any review (a list of words) -> its bag-of-words count vector."""
    v = np.zeros(len(VOCAB))
    for w in tokens:
        v[STOI[w]] += 1
    return v


# look through the training reviews for pairs with the same bag but
# opposite labels; keep three pairs that use different word lists
seen = {}
twins = []
for toks, lab, kind in train_rows:
    key = tuple(bag_of(toks))
    for other_toks, other_lab in seen.get(key, []):
        if other_lab != lab and all(tuple(sorted(toks)) != tuple(sorted(t[0][0]))
                                    for t in twins):
            twins.append(((other_toks, other_lab), (toks, lab)))
    seen.setdefault(key, []).append((toks, lab))
    if len(twins) == 3:
        break

print("\npart two: three twin pairs (same bag, opposite label)")
for n, ((ta, la), (tb, lb)) in enumerate(twins, start=1):
    print(f"\ntwin pair {n}")
    r_df({"review": [" ".join(ta), " ".join(tb)], "label": [la, lb]})
    print("sort(words A)")
    print("[1] " + " ".join(f'"{w}"' for w in sorted(ta)))
    print("sort(words B)")
    print("[1] " + " ".join(f'"{w}"' for w in sorted(tb)))
    print("identical(sort(A), sort(B))  identical(bag(A), bag(B))  labels differ")
    r_vec([sorted(ta) == sorted(tb),
           bool(np.array_equal(bag_of(ta), bag_of(tb))), la != lb])

# ---- part three: the two bag models ------------------------------------
Btr, Bte = bag(Xtr), bag(Xte)
res = {"model": [], "params": [], "all": [], "very": [], "not": []}
for name, build in (("logistic", lambda: nn.Linear(len(VOCAB), 1)),
                    ("mlp64", lambda: nn.Sequential(nn.Linear(len(VOCAB), 64),
                                                    nn.ReLU(), nn.Linear(64, 1)))):
    torch.manual_seed(7)  # seed before the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    res["model"].append(name)
    res["params"].append(sum(p.numel() for p in net.parameters()))
    res["all"].append(acc(net, Bte, yte))
    res["very"].append(acc(net, Bte, yte, very))
    res["not"].append(acc(net, Bte, yte, nots))
print("\npart three: accuracy of the bag models on the test set (600 rows)")
r_df(res, {"all": ".3f", "very": ".3f", "not": ".3f"})

scores = []  # net is still the mlp64 model here
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print("\nmlp64 accuracy on the 'not' rows of 20 fresh test sets (seeds 12 to 31)")
r_named(["min", "mean", "max"], [min(scores), np.mean(scores), max(scores)])

# ---- part four: Step 2's NumPy RNN on my first twin pair ----------------
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
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # the whole RNN, one line
        trace.append(h)
    trace = np.array(trace)
    if show:
        r_mat(trace, rownames=["<start>"] + list(tokens),
              colnames=["mood", "saw_not", "count"])
    return trace


(A, la), (B, lb) = twins[0]
print(f"\npart four: the RNN memory, twin pair 1")
print(f"review A (label {la}): {' '.join(A)}")
hA = run_rnn(A, show=True)
print(f"\nreview B (label {lb}): {' '.join(B)}")
hB = run_rnn(B, show=True)

gap = np.abs(hA - hB).max(1)
print("\nlargest gap between the two memories at each step (step 0 = <start>)")
r_vec(gap)
first_split = int(np.argmax(gap > 1e-9))
first_opinion = 1 + min(i for i, w in enumerate(A) if w in POS or w in NEG)
not_step = 1 + A.index("not")
print("step where the memories first differ, step of the first opinion word, step of 'not'")
r_vec([first_split, first_opinion, not_step])
print("final memories differ by")
r_vec(gap[-1])

# ---- what I see (written after running) ---------------------------------
# Part three: the mlp64 model's 0.574 on the 'not' rows of the one test set
# is luck, not learning -- over 20 fresh test sets it scored between 0.448 and
# 0.574 with a mean of 0.504, which is a coin toss, and 0.574 was simply the
# best exam it happened to sit.
#
# Part four, four sentences:
# 1. The two memory traces separate at step 4, where the first opinion word
#    arrives ('rude' in A, 'quick' in B), and not at step 3 where 'not'
#    arrives, because 'not' sits in the same place in both reviews and
#    writes the same 0.964 into both memories.
# 2. The saw_not unit is the one-step memory: it reads 0.964 right after
#    'not' and is back to 0.000 one step later, because its row of Wh is
#    all zeros.
# 3. The mood unit fades without new evidence: -0.716, -0.615, -0.547,
#    -0.499 while only filler words ('and', 'support', 'was') go past.
# 4. A bigger bag model cannot close the gap because twin reviews give it
#    exactly the same input vector, so it must give them the same answer
#    and no model that reads only counts can beat 0.500 on rows whose bags
#    are identical -- more weights (18 -> 1217) cannot change that ceiling.
