"""Exercise 1 -- order carries meaning, and a memory can hold it."""
import numpy as np, torch, torch.nn as nn
from sequences import *

WIDTH = 64                                   # column where the values start


def rule(title):
    print("*" * 78)
    print(title.upper().center(78))
    print("*" * 78)


def line(desc, value):
    print(f"{desc} {'.' * max(3, WIDTH - len(desc) - 2)} {value}")


def vec(v, fmt="{:.3f}"):
    return " ".join(fmt.format(float(a)) for a in v)


# ---------------------------------------------------------------- part one
rule("Part one: the data")
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
line("Vocabulary size", len(VOCAB))
line("Training reviews x tokens", f"{Xtr.shape[0]} x {Xtr.shape[1]}")
line("Test reviews x tokens", f"{Xte.shape[0]} x {Xte.shape[1]}")
line("Test rows carrying 'very'", int(very.sum()))
line("Test rows carrying 'not'", int(nots.sum()))
print()


# ---------------------------------------------------------------- part two
def bag_of(review):
    """Any review (a list of words) -> its bag-of-words vector over VOCAB."""
    v = np.zeros(len(VOCAB))
    for w in review:
        v[STOI[w]] += 1.0
    return v


rule("Part two: twin pairs")
rows = make_reviews(1600, seed=11)
seen, twins, used = {}, [], set()
for toks, lab, kind in rows:
    key = tuple(bag_of(toks))
    if key in used:
        continue
    for toks2, lab2 in seen.get(key, []):
        # opposite label, and 'not' at the same position so the RNN traces line up
        if lab2 != lab and toks.index("not") == toks2.index("not"):
            pos, neg = (toks, toks2) if lab == 1 else (toks2, toks)
            twins.append((pos, neg))
            used.add(key)
            break
    seen.setdefault(key, []).append((toks, lab))
    if len(twins) == 3:
        break

for n, (pos, neg) in enumerate(twins, start=1):
    line(f"Twin pair {n}, review labelled 1 (positive)", " ".join(pos))
    line(f"Twin pair {n}, review labelled 0 (negative)", " ".join(neg))
    line(f"Twin pair {n}, sorted words, positive review", " ".join(sorted(pos)))
    line(f"Twin pair {n}, sorted words, negative review", " ".join(sorted(neg)))
    line(f"Twin pair {n}, identical sorted word lists",
         sorted(pos) == sorted(neg))
    line(f"Twin pair {n}, identical bag-of-words vectors",
         bool(np.array_equal(bag_of(pos), bag_of(neg))))
    line(f"Twin pair {n}, bag vector (order of VOCAB)", vec(bag_of(pos), "{:.0f}"))
    print()

# ---------------------------------------------------------------- part three
rule("Part three: models that count words")
Btr, Bte = bag(Xtr), bag(Xte)
line("Bag-of-words training matrix, rows x columns",
     f"{Btr.shape[0]} x {Btr.shape[1]}")
for name, build in (("logistic on word counts", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit net on counts",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)                     # seed before the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    line(f"Parameters, {name}", f"{sum(p.numel() for p in net.parameters()):,d}")
    line(f"Test accuracy, {name}, all rows", f"{acc(net, Bte, yte):.3f}")
    line(f"Test accuracy, {name}, 'very' rows", f"{acc(net, Bte, yte, very):.3f}")
    line(f"Test accuracy, {name}, 'not' rows", f"{acc(net, Bte, yte, nots):.3f}")

scores = []                                  # 20 test sets, seeds 12 to 31
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
line("64-unit net, 'not' accuracy on 20 test sets, minimum", f"{min(scores):.3f}")
line("64-unit net, 'not' accuracy on 20 test sets, mean",
     f"{sum(scores) / len(scores):.3f}")
line("64-unit net, 'not' accuracy on 20 test sets, maximum", f"{max(scores):.3f}")
line("64-unit net, 'not' accuracy, all 20 values", vec(scores))
# The 64-unit net's 0.574 on the 'not' rows of the seed-12 test set is luck, not learning:
# over the 20 test sets the same trained net ranged from 0.448 to 0.574 with a mean of
# 0.504, which is a coin toss, and 0.574 was simply the best of those 20 exams.
print()

# ---------------------------------------------------------------- part four
rule("Part four: a hand-set RNN reads one twin pair")


def features(tok):
    """Three input numbers per token: positive, negative, or the word 'not'."""
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])


Wx = np.array([[0.9, -0.9, 0.0],             # h1: running mood
               [0.0, 0.0, 2.0],              # h2: did I just read the word "not"
               [0.5, 0.5, 0.0]])             # h3: how many opinion words so far
Wh = np.array([[1.0, 0.0, 0.0],              # h1 carries itself forward
               [0.0, 0.0, 0.0],              # h2 forgets everything each step
               [0.0, 0.0, 1.0]])             # h3 carries itself forward
b = np.zeros(3)


def run_rnn(tokens, show=False, name=""):
    h = np.zeros(3)                          # the memory starts empty
    trace = [h]
    if show:
        line(f"{name} step 0, <start>, memory (mood, saw-not, count)", vec(h))
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)     # the whole RNN, one line
        trace.append(h)
        if show:
            line(f"{name} step {t}, '{tok}', memory (mood, saw-not, count)", vec(h))
    return h, trace


A, B = twins[0]
line("Review A (positive)", " ".join(A))
line("Review B (negative)", " ".join(B))
hA, trA = run_rnn(A, show=True, name="A")
hB, trB = run_rnn(B, show=True, name="B")
apart = [t for t in range(len(trA)) if np.abs(trA[t] - trB[t]).max() > 1e-9]
first_opinion = 1 + min(i for i, w in enumerate(A) if w in POS + NEG)
line("Final memory, review A", vec(hA))
line("Final memory, review B", vec(hB))
line("Largest difference between the final memories", f"{np.abs(hA - hB).max():.3f}")
line("First step at which the two memories differ", apart[0])
line("Step at which the first opinion word arrives", first_opinion)
line("Step at which 'not' arrives", A.index("not") + 1)
line("Summed features of A, order thrown away", vec(sum(features(t) for t in A)))
line("Summed features of B, order thrown away", vec(sum(features(t) for t in B)))

# Part four comments (written after reading the output above):
# 1. The two memory traces are identical up to and including step 3, where 'not' arrives
#    in both reviews, and they first separate at step 4, where the first opinion word
#    arrives ('rude' in A gives a mood of -0.716, 'quick' in B gives +0.716).
# 2. Unit 2 (saw-not) is the one-step memory: it reads 0.964 at the 'not' step and falls
#    back to 0.000 at the very next step, because its row of Wh is all zeros.
# 3. Unit 1 (mood) fades without any new evidence, -0.716, -0.615, -0.547, -0.499 across
#    the filler words, because tanh squashes it a little more at every step.
# 4. A bigger bag model cannot close the gap, because each twin pair above has identical
#    bag vectors and opposite labels, so any model that reads only counts must give both
#    reviews the same answer and cannot beat 0.500 on such rows, whatever its size.
