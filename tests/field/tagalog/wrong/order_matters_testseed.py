# order_matters.py -- Exercise 1: patunayan na may meaning ang order
import numpy as np, torch, torch.nn as nn
from sequences import *

# ---------------- Part 1: yung data ----------------
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=13))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print("=== Part 1: train at test set ===")
print(f"Train set: {tuple(Xtr.shape)}, test set: {tuple(Xte.shape)}")
print(f"Sa 600 test rows: {int(very.sum())} ang may 'very', {int(nots.sum())} ang may 'not'")


# ---------------- Part 2: bag-of-words at twin pairs ----------------
def bow(tokens):
    """Kahit anong review (list ng words) -> bag-of-words vector (counts, walang order)."""
    v = np.zeros(len(VOCAB))
    for w in tokens:
        v[STOI[w]] += 1.0
    return v


# hanapin sa generated reviews yung mga pares na pareho ang bag pero kabaligtaran ang label
pool = make_reviews(1600, seed=11) + make_reviews(600, seed=12)
seen, twins, used = {}, [], set()
for toks, lab, kind in pool:
    key = tuple(bow(toks))
    for otoks, olab in seen.get(key, []):
        if olab != lab and key not in used:
            twins.append(((otoks, olab), (toks, lab)))
            used.add(key)
    seen.setdefault(key, []).append((toks, lab))
    if len(twins) == 3:
        break

print("\n=== Part 2: tatlong twin pairs (parehong bag, kabaligtaran ang label) ===")
for n, ((ta, la), (tb, lb)) in enumerate(twins, start=1):
    same_bag = np.array_equal(bow(ta), bow(tb))
    print(f"Twin {n}:")
    print(f"  label {la}: {' '.join(ta)}")
    print(f"  label {lb}: {' '.join(tb)}")
    print(f"  sorted A: {sorted(ta)}")
    print(f"  sorted B: {sorted(tb)}")
    print(f"  pareho ba yung sorted words? {sorted(ta) == sorted(tb)} | pareho ba yung bag? {same_bag}"
          f" | magkaiba ba yung label? {la != lb}")

# ---------------- Part 3: yung dalawang bag models ----------------
Btr, Bte = bag(Xtr), bag(Xte)
print("\n=== Part 3: bag models, accuracy tatlong paraan ===")
print(f"{'model':<26s} {'params':>7s} {'lahat':>7s} {'very rows':>10s} {'not rows':>9s}")
for name, build in (("logistic sa word counts", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit net sa counts",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)   # seed muna BAGO gawin yung weights
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    print(f"{name:<26s} {sum(p.numel() for p in net.parameters()):7,d}"
          f" {acc(net, Bte, yte):7.3f} {acc(net, Bte, yte, very):10.3f}"
          f" {acc(net, Bte, yte, nots):9.3f}")

scores = []   # isang test set = isang exam lang
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print("\nYung 'not' score ng 64-unit model sa 20 bagong test sets (seeds 12..31):")
print(f"  min  {min(scores):.3f}")
print(f"  mean {sum(scores) / len(scores):.3f}")
print(f"  max  {max(scores):.3f}")
print(f"Yung 0.574 sa seed 12, pang-ilan siya sa 20? rank {sorted(scores, reverse=True).index(scores[0]) + 1}"
      f" (score {scores[0]:.3f})")

# Part 3 comment: Yung 0.574 sa 'not' rows ng 64-unit model ay swerte lang, hindi learning --
# sa 20 test sets, 0.448 hanggang 0.574 ang range at 0.504 ang mean, at yung seed 12 pa
# mismo yung pinakamataas (rank 1 of 20). Coin toss lang talaga siya sa 'not' rows.

# ---------------- Part 4: yung NumPy RNN ng Step 2 ----------------
np.set_printoptions(precision=3, suppress=True)


def features(tok):
    """Tatlong input numbers bawat token: positive, negative, o yung word na 'not'."""
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])


Wx = np.array([[0.9, -0.9, 0.0],    # h1: running mood
               [0.0, 0.0, 2.0],     # h2: kakabasa ko lang ba ng "not"
               [0.5, 0.5, 0.0]])    # h3: ilang opinion words na
Wh = np.array([[1.0, 0.0, 0.0],     # h1 dinadala yung sarili niya
               [0.0, 0.0, 0.0],     # h2 nakakalimot bawat step
               [0.0, 0.0, 1.0]])    # h3 dinadala yung sarili niya
b = np.zeros(3)


def run_rnn(tokens, show=False):
    h = np.zeros(3)   # walang laman yung memory sa simula
    if show:
        print(f"{'step':>4s} {'token':<10s} {'x_t (pos,neg,not)':<20s}"
              f" {'h_t (mood, saw-not, count)':<28s}")
        print(f"{0:4d} {'<start>':<10s} {str(np.zeros(3)):<20s} {str(h):<28s}")
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)   # buong RNN, isang linya
        if show:
            print(f"{t:4d} {tok:<10s} {str(x):<20s} {str(h):<28s}")
    return h


(ta, la), (tb, lb) = twins[0]
print(f"\n=== Part 4: Step 2 RNN sa sarili kong Twin 1 ===")
print(f"REVIEW A (label {la}): {' '.join(ta)}")
hA = run_rnn(ta, show=True)
print(f"\nREVIEW B (label {lb}): {' '.join(tb)}")
hB = run_rnn(tb, show=True)

# hanapin kung saang step unang nagkaiba yung memory
hs_a, hs_b, h1, h2 = [], [], np.zeros(3), np.zeros(3)
for wa, wb in zip(ta, tb):
    h1 = np.tanh(Wx @ features(wa) + Wh @ h1 + b); hs_a.append(h1)
    h2 = np.tanh(Wx @ features(wb) + Wh @ h2 + b); hs_b.append(h2)
split = next(t for t in range(len(ta)) if not np.allclose(hs_a[t], hs_b[t])) + 1
first_op = next(t for t, w in enumerate(ta, start=1) if w in POS or w in NEG)
first_not = ta.index("not") + 1
print(f"\nUnang naghiwalay yung memory sa step {split} (token A '{ta[split - 1]}', token B '{tb[split - 1]}')")
print(f"Yung unang opinion word dumating sa step {first_op}; yung 'not' nasa step {first_not}")
print(f"Final memory A: {hA}")
print(f"Final memory B: {hB}")
print(f"Magkaiba sila ng {np.abs(hA - hB).max():.3f}, pero pareho yung bag: {np.array_equal(bow(ta), bow(tb))}")

# Part 4 comments (galing sa trace sa taas):
# 1. Sa Twin 1 ko, naghiwalay yung dalawang memory sa step 4, yung step kung saan dumating
#    yung unang opinion word ('slow' vs 'good'), hindi sa step 3 kung saan dumating yung 'not'
#    -- pareho kasi yung 'not' sa step 3 ng dalawang review, kaya 0.964 pareho sila doon.
# 2. Si h2 (saw-not) yung one-step memory: 0.964 siya sa step ng 'not' tapos balik 0 agad
#    sa susunod na step, kasi puro zero yung row niya sa Wh.
# 3. Si h1 (mood) yung kusang nawawala kahit walang bagong evidence: sa trace, lumiliit yung laki
#    niya mula 0.716 -> 0.615 -> 0.547 -> 0.499 (negative sa A, positive sa B) habang filler words
#    lang ang dumadaan, dahil pinipiga siya ng tanh bawat step.
#    (Side note: sa A, -0.716 yung mood pagdating ng 'rude' kahit "not rude" yun -- hindi ginagamit
#    ng hand-set RNN na ito si h2 para baligtarin yung mood; trabaho yun ng trained model sa Step 4.)
# 4. Hindi kaya ng mas malaking bag model na isara yung gap, kasi magkapareho talaga yung input
#    vector ng twins -- walang model na counts lang ang binabasa ang makakalampas sa 0.500 sa
#    mga rows na identical ang bag, kahit ilang weights pa (18 man o 1,217).
