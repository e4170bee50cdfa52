# Exercise 1 -- prove that order carries meaning, then watch a memory hold it.
# Every result is printed as XML (one root element) so another tool can parse it.
import numpy as np, torch, torch.nn as nn
from sequences import *

print('<results exercise="order_matters">')

# ---------------- Part one: the data and the very/not split ----------------
train_rows = make_reviews(1600, seed=11)
test_rows = make_reviews(600, seed=13)
Xtr, ytr, ktr = encode(train_rows)
Xte, yte, kte = encode(test_rows)
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print("  <data>")
print(f'    <vocabulary size="{len(VOCAB)}"/>')
print(f'    <train rows="{Xtr.shape[0]}" tokens="{Xtr.shape[1]}"/>')
print(f'    <test rows="{Xte.shape[0]}" tokens="{Xte.shape[1]}">')
print(f'      <rows kind="very">{int(very.sum())}</rows>')
print(f'      <rows kind="not">{int(nots.sum())}</rows>')
print("    </test>")
print("  </data>")


# ---------------- Part two: bag vectors and three twin pairs ----------------
def bag_of(review):
    """Any review (list of words) -> its bag-of-words vector (counts per VOCAB word)."""
    v = np.zeros(len(VOCAB))
    for w in review:
        v[STOI[w]] += 1.0
    return v


# Search the training reviews for pairs with identical bags and opposite labels.
# I keep only pairs whose bags differ from the pairs already found, so the three
# pairs are really different reviews, not the same pair seen twice.
seen = {}      # bag -> first review seen with that bag
used = set()   # bags that already gave a twin pair
twins = []
for toks, lab, kind in train_rows:
    key = tuple(bag_of(toks))
    if key in used:
        continue
    if key not in seen:
        seen[key] = (toks, lab)
    elif seen[key][1] != lab:
        twins.append((seen[key], (toks, lab)))
        used.add(key)
    if len(twins) == 3:
        break

print('  <twin_pairs source="training set, seed 11">')
for n, ((a, la), (b, lb)) in enumerate(twins, start=1):
    same_bag = bool(np.array_equal(bag_of(a), bag_of(b)))
    print(f'    <pair n="{n}" same_bag="{str(same_bag).lower()}"'
          f' same_sorted_words="{str(sorted(a) == sorted(b)).lower()}">')
    print(f'      <review label="{la}">{" ".join(a)}</review>')
    print(f'      <sorted label="{la}">{" ".join(sorted(a))}</sorted>')
    print(f'      <review label="{lb}">{" ".join(b)}</review>')
    print(f'      <sorted label="{lb}">{" ".join(sorted(b))}</sorted>')
    print("    </pair>")
print("  </twin_pairs>")

# ---------------- Part three: the two bag models, scored three ways ----------------
Btr, Bte = bag(Xtr), bag(Xte)
print(f'  <bag_models epochs="60" lr="0.01" features="{Btr.shape[1]}">')
for name, build in (("logistic", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit", lambda: nn.Sequential(nn.Linear(len(VOCAB), 64),
                                                      nn.ReLU(), nn.Linear(64, 1)))):
    torch.manual_seed(7)  # seed before the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    params = sum(p.numel() for p in net.parameters())
    print(f'    <model name="{name}" params="{params}">')
    print(f'      <acc rows="all">{acc(net, Bte, yte):.3f}</acc>')
    print(f'      <acc rows="very">{acc(net, Bte, yte, very):.3f}</acc>')
    print(f'      <acc rows="not">{acc(net, Bte, yte, nots):.3f}</acc>')
    print("    </model>")
print("  </bag_models>")

# the 64-unit model (last one trained) on 20 fresh test sets, 'not' rows only
scores = []
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print('  <fresh_test_sets model="64-unit" rows="not" count="20" seeds="12-31">')
print(f"    <min>{min(scores):.3f}</min>")
print(f"    <mean>{sum(scores) / len(scores):.3f}</mean>")
print(f"    <max>{max(scores):.3f}</max>")
print("    <!-- seed 12 is the single test set used in the table above -->")
print("  </fresh_test_sets>")
# The 0.574 this 64-unit model gets on the 'not' rows of the seed-12 test set is luck,
# not learning: across 20 fresh test sets it scored between 0.448 and 0.574 with a mean
# of 0.504, and 0.574 is the very top of that spread, so it was one lucky exam of 303 rows.

# ---------------- Part four: Step 2's NumPy RNN on one of my twin pairs ----------------
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


def fmt(v):
    return " ".join(f"{x:.3f}" for x in v)


def run_rnn(tokens, show=False, label=""):
    h = np.zeros(3)  # the memory starts empty
    trace = [h]
    if show:
        print(f'    <trace review="{" ".join(tokens)}" label="{label}"'
              f' units="mood saw-not count">')
        print(f'      <step t="0" token="&lt;start&gt;"><x>{fmt(np.zeros(3))}</x>'
              f'<h>{fmt(h)}</h></step>')
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # the whole RNN, one line
        trace.append(h)
        if show:
            print(f'      <step t="{t}" token="{tok}"><x>{fmt(x)}</x><h>{fmt(h)}</h></step>')
    if show:
        print("    </trace>")
    return h, trace


(a, la), (b_rev, lb) = twins[0]
print('  <numpy_rnn pair="1">')
hA, trA = run_rnn(a, show=True, label=la)
hB, trB = run_rnn(b_rev, show=True, label=lb)
split_step = next(t for t in range(len(trA)) if np.abs(trA[t] - trB[t]).max() > 1e-9)
first_opinion = next(t for t, w in enumerate(a, start=1) if w in POS or w in NEG)
not_step = a.index("not") + 1
print(f'    <memories_separate step="{split_step}" token_a="{a[split_step - 1]}"'
      f' token_b="{b_rev[split_step - 1]}"/>')
print(f"    <first_opinion_step>{first_opinion}</first_opinion_step>")
print(f"    <not_step>{not_step}</not_step>")
print(f"    <final_memory_gap>{np.abs(hA - hB).max():.3f}</final_memory_gap>")
sa = sum(features(t) for t in a)
sb = sum(features(t) for t in b_rev)
print(f'    <summed_features a="{fmt(sa)}" b="{fmt(sb)}"'
      f' identical="{str(bool(np.array_equal(sa, sb))).lower()}"/>')
print("  </numpy_rnn>")
print("</results>")

# Part four, four sentences (written after reading order_matters.out):
# 1. For my first twin pair ("packing was not rude and support was quick" against
#    "packing was not quick and support was rude") the two memory traces are identical
#    up to step 3 - even the "not" at step 3 gives both the same 0.964 - and they first
#    separate at step 4, where the first opinion word arrives (mood -0.716 for "rude"
#    against +0.716 for "quick"), so it is the opinion word, not the "not", that splits them.
# 2. Unit h2 (saw-not) is the one-step memory: it reads 0.964 at the "not" step and is
#    back to 0.000 one step later, because its row of Wh is all zeros.
# 3. Unit h1 (mood) fades without new evidence: -0.716, -0.615, -0.547, -0.499 while
#    "and support was" pass, because tanh squashes it a little more at every step.
# 4. A bigger bag model cannot close the gap, because each twin pair has identical count
#    vectors but opposite labels, so no model that reads only counts can beat 0.500 on
#    such rows - the logistic model (18 weights) got 0.485 and the 64-unit model (1,217
#    weights) got a mean of 0.504 over 20 test sets on the "not" rows.
# (Side note: these hand-set weights do not really "understand" negation - the final
#  mood of +0.381 / -0.381 just follows the last opinion word - but they show that the
#  memory depends on order, which the bag cannot.)
