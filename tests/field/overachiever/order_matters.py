"""order_matters.py -- Exercise 1: prove that order carries meaning, then watch a memory hold it."""
import time
from collections import defaultdict
import numpy as np, torch, torch.nn as nn
from sequences import *

np.set_printoptions(precision=3, suppress=True)
T_START = time.perf_counter()


def rule(title):
    print("\n" + "=" * 72 + f"\n{title}\n" + "=" * 72)


# ================================================================ part one
rule("PART ONE -- the data")
t0 = time.perf_counter()
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print(f"vocabulary {len(VOCAB)} words; every review is {Xtr.shape[1]} tokens")
print(f"train {tuple(Xtr.shape)}  test {tuple(Xte.shape)}")
print(f"TEST SPLIT: {int(very.sum())} 'very' rows, {int(nots.sum())} 'not' rows"
      f"  (sum {int(very.sum()) + int(nots.sum())})")
print(f"train split (extra): {int((ktr == 'very').sum())} 'very', {int((ktr == 'not').sum())} 'not';"
      f" positive share train {float(ytr.mean()):.3f} test {float(yte.mean()):.3f}")
for toks, lab, kind in make_reviews(4, seed=12):
    print(f"  {' '.join(toks):<52s} label {lab} ({kind})")
print(f"[time] data: {time.perf_counter() - t0:.2f} s")

# ================================================================ part two
rule("PART TWO -- bag-of-words vectors and twin pairs")


def bag_of(review):
    """Any review (list of words) -> its bag-of-words count vector (numpy, len(VOCAB))."""
    v = np.zeros(len(VOCAB))
    for w in review:
        v[STOI[w]] += 1.0
    return v


# agreement with the module's bag() on the whole training set
B_mine = np.stack([bag_of([VOCAB[int(t)] for t in row]) for row in Xtr])
print(f"bag_of() agrees with sequences.bag() on all {len(Xtr)} training rows:"
      f" {np.array_equal(B_mine, bag(Xtr).numpy())}")

# search the generated reviews for bags that occur with BOTH labels
t0 = time.perf_counter()
by_bag = defaultdict(lambda: {0: [], 1: []})
for toks, lab, kind in make_reviews(1600, seed=11) + make_reviews(600, seed=12):
    by_bag[tuple(bag_of(toks))][lab].append(toks)
ambiguous = [k for k, d in by_bag.items() if d[0] and d[1]]
print(f"distinct bags in train+test: {len(by_bag)};"
      f" bags seen with BOTH labels: {len(ambiguous)}  [time {time.perf_counter() - t0:.2f} s]")

# pick three twin pairs whose positive review uses three different opinion words
twins, used = [], set()
for k in sorted(ambiguous, key=lambda k: (by_bag[k][1][0], by_bag[k][0][0])):
    pos_r, neg_r = by_bag[k][1][0], by_bag[k][0][0]
    key = frozenset(w for w in pos_r if w in POS + NEG)
    if key in used:
        continue
    used.add(key)
    twins.append((pos_r, neg_r))
    if len(twins) == 3:
        break

for n, (p, q) in enumerate(twins, 1):
    same_bag = np.array_equal(bag_of(p), bag_of(q))
    print(f"\ntwin pair {n}:")
    print(f"  label 1 (positive): {' '.join(p)}")
    print(f"  label 0 (negative): {' '.join(q)}")
    print(f"  sorted positive: {sorted(p)}")
    print(f"  sorted negative: {sorted(q)}")
    print(f"  identical sorted lists? {sorted(p) == sorted(q)}   identical bag vectors? {same_bag}"
          f"   labels 1 vs 0 -> opposite")
print("\nthe module's own twin (for reference):")
mod_A = ["delivery", "was", "good", "and", "service", "was", "not", "slow"]
mod_B = ["delivery", "was", "slow", "and", "service", "was", "not", "good"]
print(f"  identical bag vectors? {np.array_equal(bag_of(mod_A), bag_of(mod_B))}")

# ================================================================ part three
rule("PART THREE -- bag models, accuracy three ways")
Btr, Bte = bag(Xtr), bag(Xte)
print(f"bag-of-words matrix {tuple(Btr.shape)} -- order is gone for good")
print(f"\n{'model (order thrown away)':<28s} {'params':>7s} {'train s':>8s} {'all':>7s}"
      f" {'very rows':>10s} {'not rows':>9s}")
BUILDS = (("logistic on word counts", lambda: nn.Linear(len(VOCAB), 1)),
          ("64-unit net on counts",
           lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(), nn.Linear(64, 1))))
nets = {}
for name, build in BUILDS:
    torch.manual_seed(7)  # seed BEFORE the weights are made
    net = build()
    t0 = time.perf_counter()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    dt = time.perf_counter() - t0
    nets[name] = net
    print(f"{name:<28s} {sum(p.numel() for p in net.parameters()):7,d} {dt:8.2f}"
          f" {acc(net, Bte, yte):7.3f} {acc(net, Bte, yte, very):10.3f}"
          f" {acc(net, Bte, yte, nots):9.3f}")

t0 = time.perf_counter()
fresh = []  # one test set is one exam: 20 exams, seeds 12..31 (seed 12 = the test set above)
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    fresh.append((bag(X), y, torch.tensor(k == "not")))
for name, net in nets.items():
    sc = [acc(net, B, y, m) for B, y, m in fresh]
    tag = "  <-- the one the exercise asks for" if name.startswith("64") else "  (extra)"
    print(f"\n{name}: 'not' score on 20 fresh test sets (seeds 12..31){tag}")
    print(f"  min {min(sc):.3f}  mean {sum(sc) / len(sc):.3f}  max {max(sc):.3f}"
          f"  std {np.std(sc):.3f}")
print(f"[time] 20 fresh test sets x 2 models: {time.perf_counter() - t0:.2f} s")

# Reading the two blocks above (comment written after the run):
# - logistic: 0.740 overall, 1.000 on 'very' rows, 0.485 on 'not' rows -- exactly
#   the module's numbers. The 0.740 overall is an average of a perfect half and a
#   coin-toss half, so it hides the failure completely.
# - 64-unit net: 0.574 on the 'not' rows of this ONE test set looks like progress,
#   but over 20 fresh test sets (seeds 12..31) it scores min 0.448, mean 0.504,
#   max 0.574 -- the 0.574 is the single luckiest exam of the twenty (seed 12 is the
#   max), so it is LUCK, not learning. The extra weight seeds 8..11 land at
#   0.538-0.554 on this set and 0.496-0.509 on average: same story.
# - The ceiling: every 'not' bag occurs with both labels, so no counts-only model
#   can beat 0.500 on those rows in expectation, whatever its size.

# extra: does a different weight seed rescue the 64-unit model? (cheap, ~1 s each)
print("\nextra: 64-unit net, different weight/shuffle seeds, same data")
print(f"{'seed':>5s} {'all':>7s} {'very':>7s} {'not':>7s} {'not, mean of 20 sets':>21s}")
for seed in (7, 8, 9, 10, 11):
    torch.manual_seed(seed)
    net = BUILDS[1][1]()
    train(net, Btr, ytr, epochs=60, lr=0.01, seed=seed)
    sc = [acc(net, B, y, m) for B, y, m in fresh]
    print(f"{seed:5d} {acc(net, Bte, yte):7.3f} {acc(net, Bte, yte, very):7.3f}"
          f" {acc(net, Bte, yte, nots):7.3f} {sum(sc) / len(sc):21.3f}")

# extra: the ceiling, computed. Best possible bag model = majority label per bag.
# Even a cheating "oracle" that peeks at the TEST labels of each bag only
# scores the majority share, and a fair one (majority from TRAIN) scores ~0.5.
test_bags = defaultdict(list)
for row, lab, k in zip(Bte.numpy(), yte.numpy(), kte):
    if k == "not":
        test_bags[tuple(row)].append(lab)
cheat = sum(max(sum(v), len(v) - sum(v)) for v in test_bags.values()) / int(nots.sum())
train_bags = defaultdict(list)
for row, lab in zip(Btr.numpy(), ytr.numpy()):
    train_bags[tuple(row)].append(lab)
fair_ok = 0
for row, lab, k in zip(Bte.numpy(), yte.numpy(), kte):
    if k == "not":
        v = train_bags.get(tuple(row), [])
        guess = float(sum(v) * 2 > len(v)) if v else 1.0
        fair_ok += int(guess == lab)
print(f"\nceiling on 'not' rows for ANY counts-only model:")
print(f"  majority label per bag, learned from train: {fair_ok / int(nots.sum()):.3f}")
print(f"  majority label per bag, peeking at test labels (cheating): {cheat:.3f}")
print("  every 'not' bag also exists with the other label, so in expectation the ceiling is 0.500")

# ================================================================ part four
rule("PART FOUR -- Step 2's NumPy RNN on one of MY twin pairs")


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


def run_rnn(tokens, show=False):
    h = np.zeros(3)  # the memory starts empty
    trace = [h]
    if show:
        print(f"{'step':>4s} {'token':<10s} {'x_t (pos,neg,not)':<20s}"
              f" {'h_t (mood, saw-not, count)':<28s}")
        print(f"{0:4d} {'<start>':<10s} {str(np.zeros(3)):<20s} {str(h):<28s}")
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # the whole RNN, one line
        trace.append(h)
        if show:
            print(f"{t:4d} {tok:<10s} {str(x):<20s} {str(h):<28s}")
    return (h, trace) if show else h


# my pair: twin pair 3. In BOTH reviews 'not' sits at step 7 and the first
# opinion word at step 3, so the two candidate steps are far apart and the trace
# can tell them apart. (Twin pair 2 is ambiguous for this: its negative review
# has 'not' at step 3, the same step as the positive review's first opinion word.)
P, N = twins[2]
print("MY REVIEW P (label 1):", " ".join(P))
hP, trP = run_rnn(P, show=True)
print("\nMY REVIEW N (label 0):", " ".join(N))
hN, trN = run_rnn(N, show=True)
sep = next(t for t in range(len(trP)) if not np.allclose(trP[t], trN[t]))
not_step = P.index("not") + 1
first_op = min(i for i, w in enumerate(P) if w in POS + NEG) + 1
print(f"\nfinal memory P: {hP}\nfinal memory N: {hN}")
print(f"they differ by : {np.abs(hP - hN).max():.3f}")
print(f"MEMORIES FIRST SEPARATE AT STEP {sep} ('{P[sep - 1]}' vs '{N[sep - 1]}');"
      f" first opinion word at step {first_op}; 'not' at step {not_step}")
print(f"step-{sep} gap per unit (mood, saw-not, count): {np.abs(trP[sep] - trN[sep])}")

# extra: same check on all three of my pairs and the module pair
print("\nextra: separation step for every pair (steps listed as positive/negative review)")
for name, (p, q) in [(f"twin {i}", tw) for i, tw in enumerate(twins, 1)] + [("module A/B", (mod_A, mod_B))]:
    hp, hq = np.zeros(3), np.zeros(3)
    s_sep = None
    for t, (u, v) in enumerate(zip(p, q), start=1):
        hp = np.tanh(Wx @ features(u) + Wh @ hp + b)
        hq = np.tanh(Wx @ features(v) + Wh @ hq + b)
        if s_sep is None and not np.allclose(hp, hq):
            s_sep = t
    fo = lambda r: min(i for i, w in enumerate(r) if w in POS + NEG) + 1
    print(f"  {name:<11s} separate at step {s_sep}  first opinion {fo(p)}/{fo(q)}"
          f"  'not' {p.index('not') + 1}/{q.index('not') + 1}"
          f"  final mood {hp[0]:+.3f} (label 1) vs {hq[0]:+.3f} (label 0)")

# ---------------------------------------------------------------------------
# PART FOUR -- four sentences (written after reading the trace above):
# 1. The two memory traces of my twin pair 3 separate at STEP 3, where the first
#    opinion word arrives ('clean' in P, 'dirty' in N: mood +0.716 vs -0.716, a
#    gap of 1.433 on unit 1 only), and NOT at step 7 where 'not' arrives -- both
#    reviews read 'not' at step 7 and get the identical saw-not value 0.964, so
#    the word 'not' by itself adds no difference at all; the same holds for all
#    three of my pairs and for the module's A/B pair in the 'extra' lines.
# 2. Unit 2 ("saw-not") is the one-step memory: it jumps to 0.964 at the 'not'
#    step and is back to 0.000 one step later, because its row of Wh is all zeros,
#    so it remembers exactly one token and nothing more.
# 3. Unit 1 ("mood") is the one that fades without new evidence: 0.716, 0.615,
#    0.547, 0.499, 0.461 across four filler words (and the count unit 3 fades too,
#    0.462 -> 0.368), because tanh squashes a little more on every pass -- the
#    forward-facing face of the vanishing gradient.
# 4. A bigger bag model cannot close the gap because each twin pair has the SAME
#    bag vector with OPPOSITE labels, so any function of counts, whatever its size,
#    gives both reviews the same answer and gets one of them wrong: no model reading
#    only counts can beat 0.500 on rows whose bags are identical (logistic 0.485,
#    and the 64-unit net's 0.574 on the one test set is luck, not learning -- its
#    mean over 20 fresh test sets is 0.504, range 0.448 to 0.574, and the fair
#    majority-per-bag ceiling learned from train is 0.558 on this one set).
# Honest footnote: these HAND-SET weights only prove that order changes the
# memory; they do not apply the negation (P, the positive review, ends with mood
# -0.413 and N with +0.413, the wrong signs). A trained RNN learns to use the
# saw-not unit to flip the next word -- that is Step 4's 1.000 on 'not' rows.
# ---------------------------------------------------------------------------

print(f"\n[time] whole script: {time.perf_counter() - T_START:.1f} s")
