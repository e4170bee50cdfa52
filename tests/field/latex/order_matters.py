# order_matters.py -- Exercise 1: prove order carries meaning, then watch a memory hold it
# All output is LaTeX for my lab report.
import numpy as np, torch, torch.nn as nn
from sequences import *

# ------------------------------------------------------------------ Part 1
print(r"% Part 1: the data")
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print(r"\section*{Part 1: train and test split}")
print(r"\begin{tabular}{lrrrr}")
print(r"\hline")
print(r"set & rows & tokens & `very' rows & `not' rows \\")
print(r"\midrule")
print(f"train & {Xtr.shape[0]} & {Xtr.shape[1]} & {int((ktr == 'very').sum())} & {int((ktr == 'not').sum())} \\\\")
print(f"test & {Xte.shape[0]} & {Xte.shape[1]} & \\textbf{{{int(very.sum())}}} & \\textbf{{{int(nots.sum())}}} \\\\")
print(r"\hline")
print(r"\end{tabular}")
print(f"% vocabulary: {len(VOCAB)} words")


# ------------------------------------------------------------------ Part 2
def bag_of(review):
    """Any review (list of words) -> its bag-of-words count vector (length 17)."""
    v = np.zeros(len(VOCAB))
    for w in review:
        v[STOI[w]] += 1.0
    return v


def label_of(review):
    """Hand label for my twin reviews: the clause WITHOUT 'not' decides the mood,
    and the 'not' clause flips its own word (that is how make_reviews builds them)."""
    plain = [w for i, w in enumerate(review)
             if (w in POS or w in NEG) and (i == 0 or review[i - 1] != "not")]
    return 1 if plain[0] in POS else 0


TWINS = [
    ("delivery was good and service was not slow",
     "delivery was slow and service was not good"),
    ("app was not rude and support was helpful",
     "app was not helpful and support was rude"),
    ("packing was clean and delivery was not dirty",
     "packing was not clean and delivery was dirty"),
]
print()
print(r"\section*{Part 2: three twin pairs (same bag, opposite label)}")
print(r"\begin{tabular}{clc}")
print(r"\hline")
print(r"pair & review / sorted words & label \\")
print(r"\midrule")
for n, (a, b) in enumerate(TWINS, start=1):
    A, B = a.split(), b.split()
    same_bag = np.array_equal(bag_of(A), bag_of(B))
    print(f"{n}a & {a} & {label_of(A)} \\\\")
    print(f"   & \\texttt{{{' '.join(sorted(A))}}} & \\\\")
    print(f"{n}b & {b} & {label_of(B)} \\\\")
    print(f"   & \\texttt{{{' '.join(sorted(B))}}} & \\\\")
    print(f"   & same sorted list: {sorted(A) == sorted(B)}, same bag vector: {same_bag}, "
          f"opposite labels: {label_of(A) != label_of(B)} & \\\\")
    print(r"\midrule" if n < len(TWINS) else r"\hline")
print(r"\end{tabular}")

# ------------------------------------------------------------------ Part 3
Btr, Bte = bag(Xtr), bag(Xte)
print()
print(r"\section*{Part 3: bag-of-words models, accuracy three ways}")
print(r"\begin{tabular}{lrrrr}")
print(r"\hline")
print(r"model (order thrown away) & params & all & `very' rows & `not' rows \\")
print(r"\midrule")
for name, build in (("logistic on word counts", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit net on counts",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)                  # seed BEFORE the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    nparams = sum(p.numel() for p in net.parameters())
    print(f"{name} & {nparams:,d} & {acc(net, Bte, yte):.3f} & "
          f"\\textbf{{{acc(net, Bte, yte, very):.3f}}} & {acc(net, Bte, yte, nots):.3f} \\\\")
print(r"\hline")
print(r"\end{tabular}")

scores = []                               # one test set is one exam
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print()
print(r"% Part 3b: the 64-unit model's `not' accuracy on 20 fresh test sets (seeds 12..31)")
print(r"\begin{tabular}{lrrr}")
print(r"\hline")
print(r"model & min & mean & max \\")
print(r"\midrule")
print(f"64-unit net, `not' rows, 20 test sets & {min(scores):.3f} & "
      f"{sum(scores) / len(scores):.3f} & {max(scores):.3f} \\\\")
print(r"\hline")
print(r"\end{tabular}")
print("% all 20: " + ", ".join(f"{s:.3f}" for s in scores))

# ------------------------------------------------------------------ Part 4
# Step 2's NumPy RNN, hand-set weights, run on my twin pair 2.
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
    h = np.zeros(3)                   # the memory starts empty
    trace = [h]
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)   # the whole RNN, one line
        trace.append(h)
    if show:
        print(r"\begin{tabular}{rlrrr}")
        print(r"\hline")
        print(r"step & token & $h_1$ (mood) & $h_2$ (saw not) & $h_3$ (count) \\")
        print(r"\midrule")
        for t, (tok, hh) in enumerate(zip(["<start>"] + list(tokens), trace)):
            print(f"{t} & {tok.replace('<', '$<$').replace('>', '$>$')} & "
                  f"{hh[0]:+.3f} & {hh[1]:.3f} & {hh[2]:.3f} \\\\")
        print(r"\hline")
        print(r"\end{tabular}")
    return h, trace


A, B = TWINS[1][0].split(), TWINS[1][1].split()
print()
print(r"\section*{Part 4: the NumPy RNN on twin pair 2}")
print(f"% review A (label {label_of(A)}): {' '.join(A)}")
hA, trA = run_rnn(A, show=True)
print(f"% review B (label {label_of(B)}): {' '.join(B)}")
hB, trB = run_rnn(B, show=True)
gap = [float(np.abs(p - q).max()) for p, q in zip(trA, trB)]
first = next(t for t, g_ in enumerate(gap) if g_ > 0)
print()
print(r"\begin{tabular}{lr}")
print(r"\hline")
print(r"quantity & value \\")
print(r"\midrule")
print("largest gap between the two memories, step by step & " + ", ".join(f"{g_:.3f}" for g_ in gap) + r" \\")
print(f"first step where memories differ & \\textbf{{{first}}} (`{A[first - 1]}' vs `{B[first - 1]}') \\\\")
print(f"final mood A / B & {hA[0]:+.3f} / {hB[0]:+.3f} \\\\")
bagA, bagB = sum(features(t) for t in A), sum(features(t) for t in B)
print(f"summed features A / B (order thrown away) & {bagA} / {bagB} \\\\")
print(r"\hline")
print(r"\end{tabular}")

# ------------------------------------------------------------------------------------
# Part 4 comments (written after reading order_matters.out):
# 1. The two memory traces separate at step 4, where the first opinion word arrives
#    ('rude' in A, 'helpful' in B; gap 0.000 up to step 3, then 1.433) -- NOT at step 3
#    where 'not' arrives, because both reviews read 'not' at step 3 and h = [0, 0.964, 0].
# 2. Unit h2 ("saw not") is the one-step memory: it reads 0.964 at the 'not' step and
#    drops straight back to 0.000 at the next step, since its row of Wh is all zeros.
# 3. Unit h1 (mood) fades with no new evidence: -0.716, -0.615, -0.547, -0.499 over the
#    filler words 'and support was', because tanh squashes it a bit more at every step.
# 4. A bigger bag model cannot close the gap: the twins have identical bag vectors
#    ([1 1 1] here, identical 17-count rows in Part 2), so ANY model reading only counts
#    gives both the same answer and can never beat 0.500 on rows whose bags are identical;
#    the 64-unit net's 0.574 on the one test set was luck, not learning -- over 20 fresh
#    test sets it ranged 0.448 to 0.574 with a mean of 0.504, i.e. a coin toss.
#    (The logistic model's 0.740 overall = 1.000 on 'very' rows + 0.485 on 'not' rows.)
# Note: my first two runs (machine very busy, 4 threads on 2 cores) printed 0.780 / 0.564 for
#    the 64-unit net and 0.461..0.564 over the 20 sets; every fresh run since then prints the
#    module's 0.785 / 0.574 and 0.448 / 0.504 / 0.574. The logistic row never moved.
