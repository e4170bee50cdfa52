# order_matters.py - order carries meaning; a bag of words cannot see it
import numpy as np, torch, torch.nn as nn
from sequences import *

np.set_printoptions(precision=3, suppress=True)

# ---- part one: the data and the very / not split of the test rows
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=11))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
part1 = {'split': ['train', 'test'], 'shape': [list(Xtr.shape), list(Xte.shape)],
         'very_rows': [int((ktr == "very").sum()), int(very.sum())],
         'not_rows': [int((ktr == "not").sum()), int(nots.sum())],
         'positive_rows': [int(ytr.sum()), int(yte.sum())]}
print('part1 =', part1)


# ---- part two: bag vector of any review, then three twin pairs
def bag_of(tokens):
    """Any review (list of words) -> its bag-of-words count vector."""
    return bag(torch.tensor([[STOI[w] for w in tokens]]))[0]


# look for twins in the generated reviews: same bag, opposite label
seen, twins = {}, []
for toks, lab, kind in make_reviews(1600, seed=11) + make_reviews(600, seed=12):
    key = tuple(bag_of(toks).int().tolist())
    if key in seen and seen[key][1] != lab and key not in [t[0] for t in twins]:
        twins.append((key, seen[key], (toks, lab)))
    seen.setdefault(key, (toks, lab))
    if len(twins) == 3:
        break
part2 = {'pair': [], 'review_a': [], 'label_a': [], 'review_b': [], 'label_b': [],
         'sorted_a': [], 'sorted_b': [], 'same_sorted': [], 'same_bag': []}
for n, (_, (ta, la), (tb, lb)) in enumerate(twins, start=1):
    part2['pair'].append(n)
    part2['review_a'].append(' '.join(ta)); part2['label_a'].append(la)
    part2['review_b'].append(' '.join(tb)); part2['label_b'].append(lb)
    part2['sorted_a'].append(sorted(ta)); part2['sorted_b'].append(sorted(tb))
    part2['same_sorted'].append(sorted(ta) == sorted(tb))
    part2['same_bag'].append(bool(torch.equal(bag_of(ta), bag_of(tb))))
print('part2 =', part2)

# ---- part three: two bag models, accuracy three ways, then 20 fresh test sets
Btr, Bte = bag(Xtr), bag(Xte)
part3 = {'model': [], 'params': [], 'all': [], 'very_rows': [], 'not_rows': []}
for name, build in (("logistic on counts", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit net on counts",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)                     # seed before the weights exist
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    part3['model'].append(name)
    part3['params'].append(sum(p.numel() for p in net.parameters()))
    part3['all'].append(round(acc(net, Bte, yte), 3))
    part3['very_rows'].append(round(acc(net, Bte, yte, very), 3))
    part3['not_rows'].append(round(acc(net, Bte, yte, nots), 3))
print('part3 =', part3)

fresh = {'seed': [], 'not_acc_64unit': []}   # net is the 64-unit model here
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    fresh['seed'].append(s)
    fresh['not_acc_64unit'].append(round(acc(net, bag(X), y, torch.tensor(k == "not")), 3))
print('part3_fresh =', fresh)
sc = fresh['not_acc_64unit']
print('part3_fresh_summary =', {'stat': ['min', 'mean', 'max'],
                                'not_acc_64unit': [min(sc), round(sum(sc) / len(sc), 3), max(sc)]})

# ---- part four: Step 2's NumPy RNN, hand-set weights, on my own twin pair
def features(tok):
    """Three input numbers per token: positive, negative, or the word 'not'."""
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])


Wx = np.array([[0.9, -0.9, 0.0],     # h1: running mood
               [0.0, 0.0, 2.0],      # h2: did I just read the word "not"
               [0.5, 0.5, 0.0]])     # h3: how many opinion words so far
Wh = np.array([[1.0, 0.0, 0.0],      # h1 carries itself forward
               [0.0, 0.0, 0.0],      # h2 forgets everything each step
               [0.0, 0.0, 1.0]])     # h3 carries itself forward
b = np.zeros(3)


def run_rnn(tokens, show=False):
    h = np.zeros(3)                  # the memory starts empty
    trace = {'step': [0], 'token': ['<start>'], 'x_t': [[0.0, 0.0, 0.0]],
             'mood': [0.0], 'saw_not': [0.0], 'count': [0.0]}
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)      # the whole RNN, one line
        trace['step'].append(t); trace['token'].append(tok)
        trace['x_t'].append(x.tolist())
        for j, k in enumerate(('mood', 'saw_not', 'count')):
            trace[k].append(round(float(h[j]), 3))
    if show:                         # column-wise trace instead of a table
        print('trace =', trace)
    return h, trace


# my own twin pair, not the module's: app / support, clean / rude
A = ["app", "was", "clean", "and", "support", "was", "not", "rude"]    # positive
B = ["app", "was", "rude", "and", "support", "was", "not", "clean"]   # negative
print('part4_pair =', {'review': [' '.join(A), ' '.join(B)], 'label': [1, 0],
                       'same_bag': [bool(torch.equal(bag_of(A), bag_of(B)))] * 2})
hA, trA = run_rnn(A, show=True)
hB, trB = run_rnn(B, show=True)
gap = [round(float(np.abs(np.array([trA[k][t] for k in ('mood', 'saw_not', 'count')])
                          - np.array([trB[k][t] for k in ('mood', 'saw_not', 'count')])).max()), 3)
       for t in range(len(A) + 1)]
split_step = next(t for t, g in enumerate(gap) if g > 0)
print('part4_gap =', {'step': list(range(len(A) + 1)), 'token_A': trA['token'],
                      'token_B': trB['token'], 'max_abs_gap': gap})
bagA, bagB = sum(features(t) for t in A), sum(features(t) for t in B)
print('part4_summed =', {'review': ['A', 'B'], 'summed_features': [bagA.tolist(), bagB.tolist()],
                         'final_memory': [[round(float(v), 3) for v in hA],
                                          [round(float(v), 3) for v in hB]]})

# Part four notes, from the traces above:
# 1. The two memories separate at step 3, where the first opinion word arrives
#    (clean vs rude, gap 1.432), not at step 7 where 'not' arrives (both read 0.964 there).
# 2. Unit 2 (saw_not) is the one-step memory: 0.964 at 'not', back to 0.000 at the next step.
# 3. Unit 1 (mood) fades with no new evidence: 0.716, 0.615, 0.547, 0.499, 0.461,
#    because tanh squashes it a little more at every step.
# 4. A bigger bag model cannot close the gap: twin bags are identical, so any model that
#    only reads counts must give both twins the same answer and cannot beat 0.500 on such rows.
# Part three note: the 64-unit net's 0.574 on 'not' rows is one lucky test set, luck not
#    learning: over 20 fresh sets it spans 0.448 to 0.574 with mean 0.504, a coin toss.

scalars = {'twin_pairs_found': len(twins), 'memories_split_at_step': split_step,
           'first_opinion_step': next(t for t, w in enumerate(A, 1) if w in POS + NEG),
           'not_step': A.index('not') + 1,
           'final_memory_gap': round(float(np.abs(hA - hB).max()), 3),
           'ceiling_on_identical_bags': 0.5}
print('scalars =', scalars)
