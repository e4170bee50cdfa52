import numpy as np, torch, torch.nn as nn
from sequences import *

# p1
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=13))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print(tuple(Xtr.shape), tuple(Xte.shape), int(very.sum()), int(nots.sum()))

# p2
def bow(toks):
    v = np.zeros(len(VOCAB))
    for w in toks:
        v[STOI[w]] += 1
    return v

seen, used, pairs = {}, set(), []
for toks, lab, _ in make_reviews(1600, seed=11):
    key = tuple(bow(toks))
    if key in seen and seen[key][1] != lab and key not in used and len(pairs) < 3:
        pairs.append((seen[key], (toks, lab)))
        used.add(key)
    elif key not in seen:
        seen[key] = (toks, lab)
for (a, la), (b, lb) in pairs:
    print(la, ' '.join(a)); print(lb, ' '.join(b))
    print(sorted(a)); print(sorted(b))
    print(np.array_equal(bow(a), bow(b)), la != lb)

# p3
Btr, Bte = bag(Xtr), bag(Xte)
for name, build in (("lr", lambda: nn.Linear(len(VOCAB), 1)),
                    ("mlp64", lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(), nn.Linear(64, 1)))):
    torch.manual_seed(7)
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    print(name, acc(net, Bte, yte), acc(net, Bte, yte, very), acc(net, Bte, yte, nots))
sc = []
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    sc.append(acc(net, bag(X), y, torch.tensor(k == "not")))
sc = np.array(sc)
print('not x20', sc.min(), sc.mean(), sc.max())
# lr 0.740 all / 1.000 very / 0.485 not; mlp 0.574 on 'not' is one lucky test set (luck not learning): 20 sets give 0.448..0.574, mean 0.504

# p4
np.set_printoptions(precision=3, suppress=True)
def features(tok):
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])
Wx = np.array([[0.9, -0.9, 0.0],
               [0.0, 0.0, 2.0],
               [0.5, 0.5, 0.0]])
Wh = np.array([[1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0],
               [0.0, 0.0, 1.0]])
b = np.zeros(3)
def run_rnn(tokens, show=False):
    h = np.zeros(3)
    if show:
        print(0, '<start>', np.zeros(3), h)
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)
        if show:
            print(t, tok, x, h)
    return h
(a, la), (b2, lb) = pairs[1]  # not in clause 2 for both
print(la, ' '.join(a)); hA = run_rnn(a, show=True)
print(lb, ' '.join(b2)); hB = run_rnn(b2, show=True)
print(hA, hB, np.abs(hA - hB).max())
d = [t for t in range(1, 9) if not np.allclose(run_rnn(a[:t]), run_rnn(b2[:t]))]
print('split@', d[0], a[d[0] - 1], b2[d[0] - 1])
# traces split at step 3 (good vs bad = 1st opinion word), not at step 7 where 'not' arrives
# h2 (saw-not) is the one-step memory: 0.964 at 'not' then back to 0 next step
# h1 (mood) fades w/o new evidence: 0.716 -> 0.615 -> 0.547 -> 0.499, tanh squash each step
# twin bags are identical w/ opposite labels -> any counts-only model, any size, caps at 0.500 on those rows
