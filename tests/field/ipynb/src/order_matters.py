# %% [markdown]
# # Exercise 1: order matters
# Module: *RNN to LSTM to why attention won*. Prove that word order carries meaning, then watch a small memory hold it.
#
# Parts: (1) data split, (2) bag-of-words function + three twin pairs, (3) the two bag models scored three ways + 20 fresh test sets, (4) Step 2's NumPy RNN on my own twin pair.

# %%
%matplotlib inline
%load_ext autoreload
%autoreload 2

# %%
import numpy as np, torch, torch.nn as nn
from sequences import *
print("torch", torch.__version__, "| numpy", np.__version__)

# %% [markdown]
# ## Part 1: the data
# 1,600 training reviews (seed 11) and 600 test reviews (seed 12), both from `make_reviews` in sequences.py. Every review is 8 tokens; one clause carries "very" or "not".

# %%
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print(f"vocabulary {len(VOCAB)} words; every review is {Xtr.shape[1]} tokens")
print(f"train {tuple(Xtr.shape)}  test {tuple(Xte.shape)}")
print(f"test rows: {int(very.sum())} 'very'  +  {int(nots.sum())} 'not'  =  {len(kte)}")
print(f"(train rows: {int((ktr == 'very').sum())} 'very', {int((ktr == 'not').sum())} 'not')")

# %% [markdown]
# ## Part 2: bag of words and twin pairs
# `review_bag` takes any review (a list of words) and gives back its 17-number count vector. A *twin pair* = two reviews with exactly the same bag vector but opposite labels. Instead of inventing them I search the training reviews: group them by bag vector and keep the groups that contain both a positive and a negative review.

# %%
def review_bag(tokens):
    """Any review (list of words) -> its bag-of-words vector (counts, order thrown away)."""
    return bag(torch.tensor([[STOI[w] for w in tokens]]))[0]

train_rows = make_reviews(1600, seed=11)
groups = {}
for toks, lab, kind in train_rows:
    key = tuple(review_bag(toks).int().tolist())
    groups.setdefault(key, {}).setdefault(lab, toks)   # first review of each label per bag

twins = [(g[1], g[0]) for g in groups.values() if 0 in g and 1 in g]
print(f"distinct bags in training set: {len(groups)}; bags that hold BOTH labels: {len(twins)}\n")

for n, (pos_r, neg_r) in enumerate(twins[:3], start=1):
    same = bool(torch.equal(review_bag(pos_r), review_bag(neg_r)))
    print(f"twin pair {n}:")
    print(f"  label 1: {' '.join(pos_r)}")
    print(f"  label 0: {' '.join(neg_r)}")
    print(f"  sorted 1: {sorted(pos_r)}")
    print(f"  sorted 0: {sorted(neg_r)}")
    print(f"  same sorted words? {sorted(pos_r) == sorted(neg_r)}   same bag vector? {same}\n")

# %% [markdown]
# ## Part 3: the two bag models, scored three ways
# Exactly as Step 1: seed 7 before the weights are made, 60 epochs, lr 0.01. Overall accuracy, then only the "very" rows, then only the "not" rows. Then the 64-unit model gets 20 fresh test sets (seeds 12..31) so I can see how much one test set of ~300 "not" rows can lie.

# %%
Btr, Bte = bag(Xtr), bag(Xte)
print(f"bag-of-words matrix {tuple(Btr.shape)}\n")
print(f"{'model (order thrown away)':<28s} {'params':>7s} {'all':>7s} {'very rows':>10s} {'not rows':>9s}")
bag_models = {}
for name, build in (("logistic on word counts", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit net on counts",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)   # seed BEFORE the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    bag_models[name] = net
    print(f"{name:<28s} {sum(p.numel() for p in net.parameters()):7,d}"
          f" {acc(net, Bte, yte):7.3f} {acc(net, Bte, yte, very):10.3f}"
          f" {acc(net, Bte, yte, nots):9.3f}")

# %%
net64 = bag_models["64-unit net on counts"]
scores = []   # one test set is one exam
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net64, bag(X), y, torch.tensor(k == "not")))
print("64-unit model, 'not' rows, 20 fresh test sets (seeds 12-31):")
print("  " + " ".join(f"{v:.3f}" for v in scores))
print(f"  min {min(scores):.3f}   mean {sum(scores) / len(scores):.3f}   max {max(scores):.3f}")
print(f"  sets above 0.500: {sum(v > 0.5 for v in scores)} of {len(scores)}")
# My reading: the 0.574 on the seed-12 test set is luck, not learning. The same trained model
# scores 0.448 to 0.574 over 20 fresh test sets, mean 0.504, and only 9 of 20 sets are above 0.5,
# so 0.574 is just the best exam of the 20 (it happens to be the first one). A coin would do the same.

# %%
# How well can ANY counting model do on the twin bags? Each twin bag has one positive and one
# negative review behind it, so whatever the model answers for that bag, one of the two is wrong.
twin_keys = {k for k, g in groups.items() if 0 in g and 1 in g}
Xc, yc, kc = encode(make_reviews(600, seed=12))
test_keys = [tuple(r.int().tolist()) for r in bag(Xc)]
in_twin = torch.tensor([k in twin_keys for k in test_keys])
print(f"test rows whose bag is a twin bag: {int(in_twin.sum())}, "
      f"all of them 'not' rows? {bool((torch.tensor(kc == 'not') | ~in_twin).all())}")

# %% [markdown]
# ## Part 4: Step 2's NumPy RNN on my own twin pair
# Copied from the module: three hand-set hidden units. h1 = running mood (carries itself), h2 = "did I just read not" (its Wh row is zeros, so it forgets every step), h3 = count of opinion words (carries itself). I run it on my twin pair 1 from Part 2 with `show=True`.

# %%
np.set_printoptions(precision=3, suppress=True)

def features(tok):
    """Three input numbers per token: positive, negative, or the word 'not'."""
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])

Wx = np.array([[0.9, -0.9, 0.0],    # h1: running mood
               [0.0,  0.0, 2.0],    # h2: did I just read the word "not"
               [0.5,  0.5, 0.0]])   # h3: how many opinion words so far
Wh = np.array([[1.0, 0.0, 0.0],     # h1 carries itself forward
               [0.0, 0.0, 0.0],     # h2 forgets everything each step
               [0.0, 0.0, 1.0]])    # h3 carries itself forward
b = np.zeros(3)

def run_rnn(tokens, show=False, trace=None):
    h = np.zeros(3)                      # the memory starts empty
    if show:
        print(f"{'step':>4s} {'token':<10s} {'x_t (pos,neg,not)':<20s} {'h_t (mood, saw-not, count)':<28s}")
        print(f"{0:4d} {'<start>':<10s} {str(np.zeros(3)):<20s} {str(h):<28s}")
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # the whole RNN, one line
        if trace is not None:
            trace.append(h.copy())
        if show:
            print(f"{t:4d} {tok:<10s} {str(x):<20s} {str(h):<28s}")
    return h

A, Bn = twins[0]          # my twin pair 1: A is the positive review, Bn the negative one
trA, trB = [], []
print("REVIEW A (label 1):", " ".join(A))
hA = run_rnn(A, show=True, trace=trA)
print("\nREVIEW B (label 0):", " ".join(Bn))
hB = run_rnn(Bn, show=True, trace=trB)

# %%
print(f"final memory A: {hA}")
print(f"final memory B: {hB}")
print(f"they differ by : {np.abs(hA - hB).max():.3f}")
first = next(t for t, (a, c) in enumerate(zip(trA, trB), start=1) if np.abs(a - c).max() > 1e-9)
print(f"\nfirst step where the two memories differ: step {first} "
      f"(A reads '{A[first - 1]}', B reads '{Bn[first - 1]}')")
print(f"step of 'not': A {A.index('not') + 1}, B {Bn.index('not') + 1}")
bagA, bagB = sum(features(t) for t in A), sum(features(t) for t in Bn)
print(f"summed features (order thrown away): A {bagA}  B {bagB}  identical? {np.array_equal(bagA, bagB)}")

# The four comment sentences Part 4 asks for (from the trace above):
# 1. The two memory traces separate at step 3, where the first opinion word arrives ('helpful'
#    in A, 'slow' in B: mood +0.716 vs -0.716), not at step 7 where 'not' arrives - at step 7
#    both reviews get exactly the same push (saw-not 0.964), the traces were already apart.
# 2. Unit 2 (saw-not) is the one-step memory: it jumps to 0.964 on 'not' and is back to 0.000
#    one step later, because its row of Wh is all zeros.
# 3. Unit 1 (mood) fades with no new evidence: 0.716 -> 0.615 -> 0.547 -> 0.499 -> 0.461 over
#    the filler words, because tanh squashes it a bit more on every pass.
# 4. A bigger bag model cannot close the gap because A and B have the identical bag
#    ([1. 1. 1.] here, same 17 counts in Part 2), so any model reading only counts must give
#    both the same answer and gets one of them wrong: on rows whose bags are identical no
#    counting model can beat 0.500, however many weights it has (18 or 1,217).

# %% [markdown]
# ## What I take away
# - Test split: 297 "very" rows + 303 "not" rows.
# - Three twin pairs from the training data (139 bags out of 355 carry both labels!), each with identical sorted words and opposite labels.
# - Logistic on counts: 0.740 overall, 1.000 on "very", 0.485 on "not". 64-unit net: 0.785 / 1.000 / 0.574, **but** over 20 fresh test sets its "not" score is 0.448-0.574, mean 0.504. The 0.574 was a lucky exam. The overall 0.740 / 0.785 is an average of a perfect half and a coin-toss half, which is why I split by row type.
# - **The ceiling:** all 266 test rows whose bag is a twin bag are "not" rows; for those, one bag = one answer, so no model reading only counts can beat 0.500 on them.
# - The hand-set RNN's memories split at step 3 (first opinion word), so order already changed the memory before "not" was read. (Side note: this hand-set RNN is not a good classifier, its final mood for the *positive* review A is -0.413 because the last word wins; it only shows that order reaches the memory. Step 4's trained RNN/LSTM is what actually scores 1.000.)
