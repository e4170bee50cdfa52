"""
Exercise 1: order carries meaning, and a memory can hold it.
"""
import numpy as np, torch, torch.nn as nn
from sequences import *

np.set_printoptions(precision=3, suppress=True)


def println(label, value):
    print(f"{label} = {value}")


def objLiteral(**fields):
    parts = []
    for k, v in fields.items():
        parts.append(f"{k}: {v:.3f}" if isinstance(v, float) else f"{k}: {v}")
    return "{ " + ", ".join(parts) + " }"


# ---- Part one: the data ----
trainRows = make_reviews(1600, seed=11)
testRows = make_reviews(600, seed=12)
Xtr, ytr, ktr = encode(trainRows)
Xte, yte, kte = encode(testRows)
veryMask, notMask = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print("// part one")
println("vocabSize", len(VOCAB))
println("trainShape", tuple(Xtr.shape))
println("testShape", tuple(Xte.shape))
println("testVeryRows", int(veryMask.sum()))
println("testNotRows", int(notMask.sum()))


# ---- Part two: bag vectors and twin pairs ----
def bagOf(tokens):
    """Any review (list of words) -> its bag-of-words count vector."""
    vec = np.zeros(len(VOCAB))
    for w in tokens:
        vec[STOI[w]] += 1.0
    return vec


print("\n// part two: twin pairs (same bag, opposite labels), found in the training rows")
byBag = {}
for toks, lab, kind in trainRows:
    byBag.setdefault(tuple(bagOf(toks)), {}).setdefault(lab, toks)
twinPairs = []
for key, byLabel in byBag.items():
    if 0 in byLabel and 1 in byLabel:
        twinPairs.append((byLabel[1], byLabel[0]))
    if len(twinPairs) == 3:
        break
for n, (posToks, negToks) in enumerate(twinPairs, start=1):
    println(f"twin{n}Positive", " ".join(posToks))
    println(f"twin{n}Negative", " ".join(negToks))
    println(f"twin{n}SortedPos", sorted(posToks))
    println(f"twin{n}SortedNeg", sorted(negToks))
    println(f"twin{n}SameBag", bool(np.array_equal(bagOf(posToks), bagOf(negToks))))
    println(f"twin{n}Labels", (1, 0))

# ---- Part three: two bag models, accuracy three ways ----
print("\n// part three: models that only see counts")
Btr, Bte = bag(Xtr), bag(Xte)
builders = (("logistic", lambda: nn.Linear(len(VOCAB), 1)),
            ("net64", lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                            nn.Linear(64, 1))))
for name, build in builders:
    torch.manual_seed(7)  # seed BEFORE the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    print(objLiteral(model=name, params=sum(p.numel() for p in net.parameters()),
                     accAll=acc(net, Bte, yte), accVery=acc(net, Bte, yte, veryMask),
                     accNot=acc(net, Bte, yte, notMask)))
notScores = []  # net is now the 64-unit model
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    notScores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print(objLiteral(model="net64", freshTestSets=len(notScores), notAccMin=min(notScores),
                 notAccMean=sum(notScores) / len(notScores), notAccMax=max(notScores)))

# ---- Part four: Step 2's NumPy RNN on my own twin pair ----
print("\n// part four: hand-set NumPy RNN")


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
    return h, trace


myPos, myNeg = twinPairs[0]
println("reviewPos", " ".join(myPos))
hPos, tracePos = run_rnn(myPos, show=True)
println("reviewNeg", " ".join(myNeg))
hNeg, traceNeg = run_rnn(myNeg, show=True)
firstSplitStep = next(t for t in range(len(tracePos)) if np.abs(tracePos[t] - traceNeg[t]).max() > 1e-9)
firstOpinionStep = next(t for t, w in enumerate(myPos, start=1) if w in POS or w in NEG)
notStep = myPos.index("not") + 1
println("finalMemoryPos", hPos)
println("finalMemoryNeg", hNeg)
println("finalMemoryMaxGap", f"{np.abs(hPos - hNeg).max():.3f}")
print(objLiteral(firstSplitStep=firstSplitStep, firstOpinionStep=firstOpinionStep, notStep=notStep))

# @result (twin pair 1: "packing was helpful and app was not slow" vs "app was slow and
#         packing was not helpful")
# @result The two memory traces separate at step 3 (firstSplitStep = 3), the step where the
#         first opinion word ("helpful" vs "slow") arrives, not at step 7 where "not" arrives,
#         and the final memories still differ by 0.826.
# @result Unit h2 is the one-step memory: it jumps to 0.964 on "not" and is back to 0 one step
#         later, because its row of Wh is all zeros.
# @result Unit h1 (the mood) fades with no new evidence: 0.716, 0.615, 0.547, 0.499 while the
#         filler words "and", "app", "was" pass, because tanh squashes it a bit at every step.
# @note   A bigger bag model cannot close the gap: each twin pair above has byte-identical bag
#         vectors with opposite labels, so any model that reads only counts must give both the
#         same answer and is capped at 0.500 on such rows, whatever its size; the net64 "not"
#         score of 0.574 on the one test set was a lucky exam (luck, not learning), since over
#         20 fresh test sets it ranged 0.448..0.574 with a mean of 0.504.
