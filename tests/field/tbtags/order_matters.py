# order_matters.py -- order carries meaning; a bag of words cannot see it.
import numpy as np, torch, torch.nn as nn
from sequences import *
from tracker import log_scalar, summary

# ---- Part one: the data --------------------------------------------------------
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
log_scalar("order_matters/data/vocab_size", len(VOCAB))
log_scalar("order_matters/data/review_len", Xtr.shape[1])
log_scalar("order_matters/data/train_rows", Xtr.shape[0])
log_scalar("order_matters/data/test_rows", Xte.shape[0])
log_scalar("order_matters/data/test_very_rows", int(very.sum()))
log_scalar("order_matters/data/test_not_rows", int(nots.sum()))


# ---- Part two: bag of words for any review, and three twin pairs ----------------
def bag_of(tokens):
    """Any review (list of words) -> its bag-of-words count vector (numpy)."""
    v = np.zeros(len(VOCAB))
    for w in tokens:
        v[STOI[w]] += 1.0
    return v


# look through the training reviews for pairs with the same bag and opposite
# labels; keep the first three different bags
seen, twins = {}, []
for toks, lab, kind in make_reviews(1600, seed=11):
    key = tuple(bag_of(toks))
    seen.setdefault(key, {})
    seen[key].setdefault(lab, toks)
    if len(seen[key]) == 2 and key not in [k for k, _, _ in twins]:
        twins.append((key, seen[key][1], seen[key][0]))   # (bag, positive, negative)
    if len(twins) == 3:
        break

for n, (key, pos_toks, neg_toks) in enumerate(twins, start=1):
    base = f"order_matters/twins/pair{n}"
    log_scalar(f"{base}/A/text", " ".join(pos_toks))
    log_scalar(f"{base}/A/label", 1)
    log_scalar(f"{base}/B/text", " ".join(neg_toks))
    log_scalar(f"{base}/B/label", 0)
    for side, toks in (("A", pos_toks), ("B", neg_toks)):
        for i, w in enumerate(sorted(toks)):
            log_scalar(f"{base}/{side}/sorted/{i}", w)
    log_scalar(f"{base}/same_sorted_words", sorted(pos_toks) == sorted(neg_toks))
    log_scalar(f"{base}/same_bag_vector",
               bool(np.array_equal(bag_of(pos_toks), bag_of(neg_toks))))
    log_scalar(f"{base}/opposite_labels", True)

# ---- Part three: two bag models, scored three ways --------------------------------
Btr, Bte = bag(Xtr), bag(Xte)
for name, build in (("logistic", lambda: nn.Linear(len(VOCAB), 1)),
                    ("mlp64", lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                                    nn.Linear(64, 1)))):
    torch.manual_seed(7)  # seed BEFORE the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    base = f"order_matters/bag_{name}"
    log_scalar(f"{base}/params", sum(p.numel() for p in net.parameters()))
    log_scalar(f"{base}/test_acc_all", acc(net, Bte, yte))
    log_scalar(f"{base}/test_acc_very", acc(net, Bte, yte, very))
    log_scalar(f"{base}/test_acc_not", acc(net, Bte, yte, nots))

# net is now the 64-unit model: its "not" score on 20 fresh test sets
scores = []
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
    log_scalar("order_matters/bag_mlp64/fresh_test_acc_not", scores[-1], step=s)
log_scalar("order_matters/bag_mlp64/fresh20_not_min", min(scores))
log_scalar("order_matters/bag_mlp64/fresh20_not_mean", sum(scores) / len(scores))
log_scalar("order_matters/bag_mlp64/fresh20_not_max", max(scores))
# Run results: logistic 0.740 overall, 1.000 on "very", 0.485 on "not". The 64-unit
# model got 0.564 on the "not" rows of this one test set (the module printed 0.574),
# but across 20 fresh test sets it ranged 0.461 to 0.564 with mean 0.504. So the
# single-test-set number is luck, one good exam of 303 rows, not learning: the
# model is at coin-toss level on negation.

# ---- Part four: Step 2's hand-set NumPy RNN on my own twin pair --------------------
def features(tok):
    """Three input numbers per token: positive, negative, or the word 'not'."""
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])


Wx = np.array([[0.9, -0.9, 0.0],   # h1: running mood
               [0.0, 0.0, 2.0],    # h2: did I just read the word "not"
               [0.5, 0.5, 0.0]])   # h3: how many opinion words so far
Wh = np.array([[1.0, 0.0, 0.0],    # h1 carries itself forward
               [0.0, 0.0, 0.0],    # h2 forgets everything each step
               [0.0, 0.0, 1.0]])   # h3 carries itself forward
b = np.zeros(3)
UNITS = ["h0_mood", "h1_saw_not", "h2_count"]


def run_rnn(tokens, show=False, tag=""):
    h = np.zeros(3)  # the memory starts empty
    trace = [h]
    if show:
        log_scalar(f"{tag}/token", "<start>", step=0)
        for u, name in enumerate(UNITS):
            log_scalar(f"{tag}/{name}", h[u], step=0)
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # the whole RNN, one line
        trace.append(h)
        if show:
            log_scalar(f"{tag}/token", tok, step=t)
            for u, name in enumerate(UNITS):
                log_scalar(f"{tag}/x{u}", x[u], step=t)
            for u, name in enumerate(UNITS):
                log_scalar(f"{tag}/{name}", h[u], step=t)
    return h, trace


_, A, B = twins[1]   # pair2: same shape as the module's twin, "not" comes late
hA, trA = run_rnn(A, show=True, tag="order_matters/rnn/pair2_A")
hB, trB = run_rnn(B, show=True, tag="order_matters/rnn/pair2_B")
first = None
for t, (a, c) in enumerate(zip(trA, trB)):
    d = float(np.abs(a - c).max())
    log_scalar("order_matters/rnn/pair2/memory_gap", d, step=t)
    if first is None and d > 1e-12:
        first = t
log_scalar("order_matters/rnn/pair2/first_separation_step", first)
log_scalar("order_matters/rnn/pair2/A_token_at_separation", A[first - 1])
log_scalar("order_matters/rnn/pair2/B_token_at_separation", B[first - 1])
log_scalar("order_matters/rnn/pair2/A_not_position", A.index("not") + 1 if "not" in A else -1)
log_scalar("order_matters/rnn/pair2/B_not_position", B.index("not") + 1 if "not" in B else -1)
for u, name in enumerate(UNITS):
    log_scalar(f"order_matters/rnn/pair2/final_A/{u}_{name}", hA[u])
    log_scalar(f"order_matters/rnn/pair2/final_B/{u}_{name}", hB[u])
fA, fB = sum(features(t) for t in A), sum(features(t) for t in B)
for u in range(3):
    log_scalar(f"order_matters/rnn/pair2/summed_features_A/{u}", fA[u])
    log_scalar(f"order_matters/rnn/pair2/summed_features_B/{u}", fB[u])
log_scalar("order_matters/rnn/pair2/summed_features_identical", bool(np.array_equal(fA, fB)))
# Four sentences on the trace (run results, pair2):
# 1. The two memories separate at step 3, where the first opinion word arrives
#    ("good" in A, "bad" in B, gap 1.433), not at step 7 where "not" arrives - by
#    then they already differ.
# 2. Unit h1_saw_not is the one-step memory: it jumps to 0.964 at the "not" step and
#    falls back to 0.000 at the very next word, because its row of Wh is all zeros.
# 3. Unit h0_mood fades without new evidence: 0.716, 0.615, 0.547, 0.499 across the
#    filler words, because tanh squashes it a little at every step.
# 4. A bigger bag model cannot close the gap because both twins give exactly the
#    same count vector, so any model that reads only counts must give them the
#    same answer and can score no better than 0.500 on such rows, whatever its size.

summary()
