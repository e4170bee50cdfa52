"""Exercise 1 — prove that order carries meaning, then watch a memory hold it."""
import unicodedata
from collections import defaultdict
import numpy as np, torch, torch.nn as nn
from sequences import *

# ── my little pretty-printing helpers ──────────────────────────────────────
def width(s):
    return sum(0 if ord(c) in (0xFE0F, 0x200D) else
               2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)
def box(title, w=78):
    print("╭" + "─" * (w - 2) + "╮")
    print("│ " + title + " " * (w - 4 - width(title)) + " │")
    print("╰" + "─" * (w - 2) + "╯")
def bar(v, vmax=1.0, cells=20):
    c = max(0.0, min(1.0, v / vmax)) * cells
    return "█" * int(c) + ("▌" if c - int(c) >= 0.5 else "")

# ── Part one: the data ──────────────────────────────────────────────────────
box("🧾 Part 1 — 1,600 training reviews, 600 test reviews")
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print(f"vocabulary {len(VOCAB)} words → every review is {Xtr.shape[1]} tokens")
print(f"train {tuple(Xtr.shape)}   test {tuple(Xte.shape)}")
print(f"test rows → 'very': {int(very.sum()):3d}  {bar(int(very.sum()), 600, 40)}")
print(f"            'not' : {int(nots.sum()):3d}  {bar(int(nots.sum()), 600, 40)}")
print()

# ── Part two: bag-of-words vectors and twin pairs ───────────────────────────
def bag_vector(tokens):
    """Any review (list of words) → its bag-of-words count vector (len(VOCAB),)."""
    v = np.zeros(len(VOCAB))
    for w in tokens:
        v[STOI[w]] += 1
    return v

box("👯 Part 2 — twin pairs: identical bag vectors, opposite labels")
groups = defaultdict(list)                      # bag → list of (tokens, label)
for toks, lab, kind in make_reviews(1600, seed=11):
    groups[tuple(bag_vector(toks))].append((toks, lab))
twins = []
for key, members in groups.items():
    pos = [m for m in members if m[1] == 1]
    neg = [m for m in members if m[1] == 0]
    if pos and neg:
        twins.append((pos[0][0], neg[0][0]))
    if len(twins) == 3:
        break
for n, (a, b) in enumerate(twins, 1):
    same = np.array_equal(bag_vector(a), bag_vector(b))
    print(f"twin pair {n}:")
    print(f"  😊 label 1 → {' '.join(a)}")
    print(f"  😠 label 0 → {' '.join(b)}")
    print(f"     sorted A: {sorted(a)}")
    print(f"     sorted B: {sorted(b)}")
    print(f"     same sorted words? {sorted(a) == sorted(b)}   same bag vector? {same}"
          f"   {'✅' if same and sorted(a) == sorted(b) else '❌'}")
print(f"\n(the training set holds {sum(1 for m in groups.values() if len({l for _, l in m}) == 2)}"
      f" distinct bags that appear with BOTH labels)\n")

# ── Part three: the two bag models ──────────────────────────────────────────
box("📉 Part 3 — models that only see counts")
Btr, Bte = bag(Xtr), bag(Xte)
print(f"bag-of-words matrix {tuple(Btr.shape)} → order is gone for good\n")
print(f"{'model (order thrown away)':<26s} {'params':>7s} {'all':>7s} {'very rows':>10s}"
      f" {'not rows':>9s}   not-row accuracy")
for name, build in (("logistic on word counts", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit net on counts",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)                        # seed BEFORE the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    a_all, a_v, a_n = acc(net, Bte, yte), acc(net, Bte, yte, very), acc(net, Bte, yte, nots)
    print(f"{name:<26s} {sum(p.numel() for p in net.parameters()):7,d} {a_all:7.3f}"
          f" {a_v:10.3f} {a_n:9.3f}   {bar(a_n):<20s}")

scores = []                                     # one test set is one exam
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print(f"\n🔁 the 64-unit model's 'not' score on 20 fresh test sets (seeds 12 → 31):")
for s, sc in zip(range(12, 32), scores):
    print(f"   seed {s:2d}  {sc:.3f}  {bar(sc - 0.4, 0.2, 30)}")
print(f"   min {min(scores):.3f}   mean {sum(scores) / len(scores):.3f}"
      f"   max {max(scores):.3f}   (bars start at 0.40)")
# The 64-unit model's 0.574 on the seed-12 test set is luck, not learning: across
# 20 fresh test sets the same trained model ranged from 0.448 to 0.574 with a mean
# of 0.504, i.e. a coin toss, and seed 12 just happened to be its best exam.
print()

# ── Part four: Step 2's NumPy RNN on one of my own twin pairs ───────────────
box("🧠 Part 4 — the hand-set NumPy RNN from Step 2, on twin pair 1")
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
    h = np.zeros(3)                 # the memory starts empty
    trace = [h]
    if show:
        print(f"{'step':>4s}  {'token':<10s} {'x_t (pos,neg,not)':<20s}"
              f" {'h_t (mood, saw-not, count)':<28s} mood")
        print(f"{0:4d}  {'<start>':<10s} {str(np.zeros(3)):<20s} {str(h):<28s}")
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)   # the whole RNN, one line
        trace.append(h)
        if show:
            mood = ("█" * int(abs(h[0]) * 10)).rjust(10) + "│" if h[0] < 0 \
                else " " * 10 + "│" + "█" * int(h[0] * 10)
            print(f"{t:4d}  {tok:<10s} {str(x):<20s} {str(h):<28s} {mood}")
    return h, trace

A, B = twins[0]
print("REVIEW A (label 1 😊):", " ".join(A))
hA, trA = run_rnn(A, show=True)
print("\nREVIEW B (label 0 😠):", " ".join(B))
hB, trB = run_rnn(B, show=True)
sep = next(t for t in range(len(A) + 1) if not np.allclose(trA[t], trB[t]))
print(f"\nfinal memory A: {hA}")
print(f"final memory B: {hB}")
print(f"they differ by : {np.abs(hA - hB).max():.3f}  ← order changed the memory")
print(f"🔁 the two traces first separate at step {sep}: A reads '{A[sep - 1]}',"
      f" B reads '{B[sep - 1]}'  (first opinion word)")
print(f"   the word 'not' sits at step {A.index('not') + 1} in A and step {B.index('not') + 1} in B")
bA, bB = sum(features(t) for t in A), sum(features(t) for t in B)
print(f"summed features, order thrown away → A {bA}  B {bB}  identical? {np.array_equal(bA, bB)}")

# Four sentences on the trace (written after reading the output above):
# 1. On my twin pair 1 the two memory traces separate at step 3, where the first
#    opinion word arrives ('helpful' in A → mood +0.716, 'slow' in B → mood -0.716), not at
#    step 7 where 'not' arrives — at step 7 both traces just gain the same 0.964 in saw-not.
# 2. Unit h2 (saw-not) is the one-step memory: it jumps to 0.964 on 'not' and drops
#    back to 0.000 at the very next token because its row of Wh is all zeros.
# 3. Unit h1 (mood) fades without new evidence: 0.716 → 0.615 → 0.547 → 0.499 over the
#    filler words, because tanh squashes it a little more at every step.
# 4. A bigger bag model cannot close the gap because twin reviews have byte-identical
#    count vectors, so ANY model reading only counts must give both the same answer and
#    therefore cannot beat 0.500 on rows whose bags are identical — my 64-unit net
#    (1,217 weights) still averages 0.504 on 'not' rows, no better than the 18-weight
#    logistic model's 0.485.
print("\n✅ ceiling: any model that reads only counts gives twins one shared answer,"
      " so it cannot beat 0.500 on rows whose bags are identical.")
