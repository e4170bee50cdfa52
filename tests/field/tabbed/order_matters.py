# order_matters.py - order carries meaning; a bag of words cannot see it.
# Every table is tab-separated so it pastes straight into a sheet.
import numpy as np
import torch, torch.nn as nn
from sequences import *

# Part one: the data, and the split of test rows by modifier.
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print("# part 1: data")
print("# copy into sheet")
print("\t".join(["set", "rows", "tokens", "very", "not", "pos"]))
print("\t".join(["train", str(Xtr.shape[0]), str(Xtr.shape[1]), str(int((ktr == "very").sum())),
                 str(int((ktr == "not").sum())), str(int(ytr.sum()))]))
print("\t".join(["test", str(Xte.shape[0]), str(Xte.shape[1]), str(int(very.sum())),
                 str(int(nots.sum())), str(int(yte.sum()))]))


# Part two: a bag vector for any review, and three twin pairs found in the data.
def bag_of(tokens):
    """Return the bag-of-words count vector of one review (a list of words)."""
    return bag(torch.tensor([[STOI[w] for w in tokens]]))[0]


pool = make_reviews(1600, seed=11) + make_reviews(600, seed=12)
seen, twins, used = {}, [], set()
for toks, lab, kind in pool:
    key = tuple(int(c) for c in bag_of(toks))
    if key in used:
        continue
    for otoks, olab in seen.get(key, []):
        if olab != lab:
            twins.append(((otoks, olab), (toks, lab)))
            used.add(key)
            break
    seen.setdefault(key, []).append((toks, lab))
    if len(twins) == 3:
        break

print("\n# part 2: three twin pairs (same bag, opposite label)")
print("# copy into sheet")
print("\t".join(["pair", "label_a", "label_b", "same_bag", "same_sorted", "review_a", "review_b", "sorted_words"]))
for n, ((ta, la), (tb, lb)) in enumerate(twins, start=1):
    print("\t".join([str(n), str(la), str(lb), str(bool(torch.equal(bag_of(ta), bag_of(tb)))),
                     str(sorted(ta) == sorted(tb)), " ".join(ta), " ".join(tb),
                     " ".join(sorted(ta))]))

# Part three: two bag models, scored three ways, then 20 fresh test sets.
Btr, Bte = bag(Xtr), bag(Xte)
print("\n# part 3: bag models, accuracy split by row type")
print("# copy into sheet")
print("\t".join(["model", "params", "acc_all", "acc_very", "acc_not"]))
for name, build in (("logistic", lambda: nn.Linear(len(VOCAB), 1)),
                    ("mlp64", lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                                    nn.Linear(64, 1)))):
    torch.manual_seed(7)  # seed before the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    print("\t".join([name, str(sum(p.numel() for p in net.parameters())),
                     f"{acc(net, Bte, yte):.3f}", f"{acc(net, Bte, yte, very):.3f}",
                     f"{acc(net, Bte, yte, nots):.3f}"]))

scores = []  # net is the 64-unit model now
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print("\n# mlp64 'not' accuracy on 20 fresh test sets (seeds 12..31)")
print("# copy into sheet")
print("\t".join(["model", "min", "mean", "max"] + [f"s{s}" for s in range(12, 32)]))
print("\t".join(["mlp64", f"{min(scores):.3f}", f"{sum(scores) / len(scores):.3f}",
                 f"{max(scores):.3f}"] + [f"{v:.3f}" for v in scores]))
# The 0.574 on the seed-12 test set is one lucky exam, not learning.
# Across 20 fresh sets the same model ranges from 0.448 to 0.574 and averages 0.504, which is a coin toss.

# Part four: Step 2's hand-set NumPy RNN on my own twin pair.
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


def run_rnn(tokens, show=False):
    h = np.zeros(3)  # the memory starts empty
    trace = [h]
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # the whole RNN, one line
        trace.append(h)
    if show:  # transposed: one row per hidden unit, one column per step
        print("# copy into sheet")
        print("\t".join(["unit"] + [f"{t}:{tok}" for t, tok in enumerate(["<start>"] + tokens)]))
        for u, name in enumerate(["h1_mood", "h2_saw_not", "h3_count"]):
            print("\t".join([name] + [f"{hh[u]:.3f}" for hh in trace]))
    return h, trace


(A, la), (B, lb) = twins[1]  # the pair with "not" in clause two
print(f"\n# part 4: RNN trace, review A (label {la})")
hA, trA = run_rnn(A, show=True)
print(f"\n# part 4: RNN trace, review B (label {lb})")
hB, trB = run_rnn(B, show=True)
gap = [float(np.abs(a - b_).max()) for a, b_ in zip(trA, trB)]
first = next(t for t, g_ in enumerate(gap) if g_ > 0)
print("\n# gap between the two memories at every step")
print("# copy into sheet")
print("\t".join(["pair"] + [str(t) for t in range(len(gap))] + ["first_diff", "first_opinion", "not_at"]))
op = next(t for t, w in enumerate(A, start=1) if w in POS or w in NEG)
print("\t".join(["2"] + [f"{g_:.3f}" for g_ in gap] + [str(first), str(op), str(A.index("not") + 1)]))
# The two memory traces separate at step 3, where the first opinion word arrives, and not at step 7 where "not" arrives.
# Unit h2 is the one-step memory: it reads 0.964 at the "not" step and drops back to 0.000 one step later.
# Unit h1 fades without new evidence, going from 0.716 to 0.461 over the next four words, none of which carries mood, because tanh squashes it a bit more at each step.
# A bigger bag model cannot close the gap, because twin rows have byte-identical inputs, so no model reading only counts can beat 0.500 on such rows.
