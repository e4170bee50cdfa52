# order_matters.py -- Exercise 1: order se matlab badalta hai, aur memory usko pakadti hai
import numpy as np, torch, torch.nn as nn
from sequences import *

# ---------------- Part 1: data aur test split ----------------
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=11))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print("=== Part 1: data ===")
print(f"vocab {len(VOCAB)} shabd, har review ki lambai {Xtr.shape[1]} tokens")
print(f"train {tuple(Xtr.shape)}  test {tuple(Xte.shape)}")
print(f"test rows ka batwara: 'very' wali {int(very.sum())}, 'not' wali {int(nots.sum())}")


# ---------------- Part 2: bag function + teen twin pairs ----------------
def review_bag(tokens):
    """Koi bhi review (list of words) -> uska bag-of-words vector (order gayab)."""
    v = np.zeros(len(VOCAB))
    for w in tokens:
        v[STOI[w]] += 1.0
    return v


# training reviews me dhoondho: same bag, ulta label
by_bag = {}
for toks, lab, kind in make_reviews(1600, seed=11):
    by_bag.setdefault(tuple(review_bag(toks)), []).append((toks, lab))
pairs = []
for key, items in by_bag.items():
    pos = [t for t, l in items if l == 1]
    neg = [t for t, l in items if l == 0]
    if pos and neg:
        pairs.append((pos[0], neg[0]))
    if len(pairs) == 3:
        break

print("\n=== Part 2: teen twin pairs (same bag, ulta label) ===")
for n, (a, b) in enumerate(pairs, start=1):
    print(f"twin pair {n}:")
    print(f"  label 1 (positive): {' '.join(a)}")
    print(f"  label 0 (negative): {' '.join(b)}")
    print(f"  A sorted: {sorted(a)}")
    print(f"  B sorted: {sorted(b)}")
    print(f"  sorted list same?  {sorted(a) == sorted(b)}   "
          f"bag vector same? {np.array_equal(review_bag(a), review_bag(b))}")

# ---------------- Part 3: do bag models, teen tarah se accuracy ----------------
Btr, Bte = bag(Xtr), bag(Xte)
print("\n=== Part 3: bag models (order phenk diya) ===")
print(f"{'model (order gayab)':<26s} {'params':>7s} {'sab rows':>9s}"
      f" {'very rows':>10s} {'not rows':>9s}")
for name, build in (("logistic, word counts", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit net, counts",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)  # seed weights banne se PEHLE
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    print(f"{name:<26s} {sum(p.numel() for p in net.parameters()):7,d}"
          f" {acc(net, Bte, yte):9.3f} {acc(net, Bte, yte, very):10.3f}"
          f" {acc(net, Bte, yte, nots):9.3f}")

scores = []  # ek test set = ek hi exam, isliye 20 naye test sets
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print("\n64-unit model ka 'not' score, 20 fresh test sets pe (seed 12..31):")
print(f"  min {min(scores):.3f}   mean {sum(scores) / len(scores):.3f}"
      f"   max {max(scores):.3f}")
# Comment: 64-unit model ka 0.574 (seed 12 wala ek test set) sirf kismat thi, learning
# nahi -- 20 test sets pe wahi model 0.448 se 0.574 tak ghoomta hai aur mean 0.504 aata
# hai, yaani sikka uchhalne jitna. Ek test set pe 303 'not' rows bas ek exam hai.

# ---------------- Part 4: Step 2 ka NumPy RNN, apne twin pair pe ----------------
np.set_printoptions(precision=3, suppress=True)


def features(tok):
    """Har token ke teen number: positive, negative, ya 'not' shabd."""
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])


Wx = np.array([[0.9, -0.9, 0.0],   # h1: running mood
               [0.0, 0.0, 2.0],    # h2: abhi abhi 'not' padha kya
               [0.5, 0.5, 0.0]])   # h3: ab tak kitne opinion words
Wh = np.array([[1.0, 0.0, 0.0],    # h1 khud ko aage le jata hai
               [0.0, 0.0, 0.0],    # h2 har step sab bhool jata hai
               [0.0, 0.0, 1.0]])   # h3 khud ko aage le jata hai
b = np.zeros(3)


def run_rnn(tokens, show=False):
    h = np.zeros(3)  # memory khaali se shuru
    trace = [h]
    if show:
        print(f"{'step':>4s}  {'token':<10s} {'x_t (pos,neg,not)':<20s}"
              f" {'h_t (mood, saw-not, count)':<28s}")
        print(f"{0:4d}  {'<start>':<10s} {str(np.zeros(3)):<20s} {str(h):<28s}")
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # poora RNN, ek line
        trace.append(h)
        if show:
            print(f"{t:4d}  {tok:<10s} {str(x):<20s} {str(h):<28s}")
    return h, trace


# apna twin pair chuno jisme 'not' dono me same jagah ho (taaki saaf dikhe)
A, B = next((a, b) for a, b in pairs if a.index("not") == b.index("not"))
print("\n=== Part 4: NumPy RNN, mera twin pair ===")
print("REVIEW A (positive):", " ".join(A))
hA, trA = run_rnn(A, show=True)
print("\nREVIEW B (negative):", " ".join(B))
hB, trB = run_rnn(B, show=True)
sep = next(t for t in range(len(trA)) if np.abs(trA[t] - trB[t]).max() > 1e-9)
first_op = next(t for t, w in enumerate(A, start=1) if w in POS + NEG)
print(f"\nfinal memory A: {hA}")
print(f"final memory B: {hB}")
print(f"dono ka fark    : {np.abs(hA - hB).max():.3f}  <- order ne memory badal di")
print(f"memory pehli baar alag hui step {sep} pe ('{A[sep - 1]}' vs '{B[sep - 1]}');"
      f" pehla opinion word step {first_op} pe, 'not' step {A.index('not') + 1} pe aaya")
bagA, bagB = sum(features(t) for t in A), sum(features(t) for t in B)
print(f"same features jod ke (order gayab): A {bagA}  B {bagB}  identical? "
      f"{np.array_equal(bagA, bagB)}")
# Comment (Part 4, chaar baatein):
# 1. Dono memory traces step 3 pe alag hote hain, jab pehla opinion word aata hai
#    (mere pair me 'helpful' vs 'slow', mood unit +0.716 vs -0.716); step 7 pe 'not' aane pe
#    nahi, kyunki 'not' dono reviews me same jagah pe hai aur wahan saw-not 0.964 same hi hai.
# 2. Unit 2 (saw-not) one-step memory hai: Wh me uski row zero hai, isliye 'not' pe 0.964
#    padhta hai aur agle hi step pe 0.000 ho jata hai.
# 3. Unit 1 (mood) bina naye evidence ke dheere dheere fade hota hai: 0.716, 0.615, 0.547,
#    0.499 -- har step tanh thoda aur squash karta hai.
# 4. Bada bag model bhi gap band nahi kar sakta: twin rows ka bag vector bilkul identical hai,
#    to jo bhi model sirf counts padhta hai woh dono ko same answer dega, aur aisi rows pe
#    0.500 se upar ja hi nahi sakta (ceiling 0.500), chahe 18 weights ho ya 1,217.
