"""order_matters.py -- module "RNN to LSTM to why attention won", exercise 1.

Part 1  1,600 train / 600 test reviews from sequences.py, split of the test
        rows into 'very' and 'not' rows.
Part 2  review -> bag-of-words vector; three twin pairs (same bag, opposite
        label) found in the generated training data, each with sorted words.
Part 3  logistic bag model and 64-unit bag model, accuracy overall / 'very'
        rows / 'not' rows; 64-unit 'not' score on 20 fresh test sets.
Part 4  Step 2's hand-set NumPy RNN run on one of my own twin pairs.

Runtime: Debian python3, torch 1.13 / numpy 1.24 (module pins torch 2.9).
Nothing here needed a workaround.
"""
import logging

import numpy as np
import torch
import torch.nn as nn

from sequences import VOCAB, STOI, POS, NEG, make_reviews, encode, bag, train, acc

logging.basicConfig(level=logging.INFO,
                    format="%(asctime)s %(levelname)s %(name)s | %(message)s")
log1 = logging.getLogger("order.part1_data")
log2 = logging.getLogger("order.part2_twins")
log3 = logging.getLogger("order.part3_bag")
log4 = logging.getLogger("order.part4_rnn")
np.set_printoptions(precision=3, suppress=True)

# ---- part 1 -------------------------------------------------------------------
train_rows = make_reviews(1600, seed=11)
Xtr, ytr, ktr = encode(train_rows)
Xte, yte, kte = encode(make_reviews(600, seed=11))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
log1.info("vocab_size=%d tokens_per_review=%d", len(VOCAB), Xtr.shape[1])
log1.info("train_shape=%s test_shape=%s", tuple(Xtr.shape), tuple(Xte.shape))
log1.info("split=train very_rows=%d not_rows=%d pos_frac=%.3f",
          int((ktr == "very").sum()), int((ktr == "not").sum()), float(ytr.mean()))
log1.info("split=test very_rows=%d not_rows=%d pos_frac=%.3f",
          int(very.sum()), int(nots.sum()), float(yte.mean()))


# ---- part 2 -------------------------------------------------------------------
def bag_vector(tokens):
    """Any review (list of words) -> its 17-long bag-of-words count vector."""
    return bag(torch.tensor([[STOI[w] for w in tokens]]))[0]


# search the training set for pairs with identical bags and opposite labels,
# keep the first pair for three different bags
seen, twins = {}, []
for toks, lab, kind in train_rows:
    key = tuple(bag_vector(toks).int().tolist())
    if key in seen and seen[key][1] != lab and key not in [t[2] for t in twins]:
        twins.append((seen[key], (toks, lab), key))
        if len(twins) == 3:
            break
    seen.setdefault(key, (toks, lab))

for n, ((ta, la), (tb, lb), _) in enumerate(twins, start=1):
    same_bag = bool(torch.equal(bag_vector(ta), bag_vector(tb)))
    log2.info("pair=%d label=%d review=\"%s\"", n, la, " ".join(ta))
    log2.info("pair=%d label=%d review=\"%s\"", n, lb, " ".join(tb))
    log2.info("pair=%d sorted_a=%s", n, sorted(ta))
    log2.info("pair=%d sorted_b=%s", n, sorted(tb))
    log2.info("pair=%d same_sorted=%s same_bag=%s opposite_labels=%s",
              n, sorted(ta) == sorted(tb), same_bag, la != lb)

# ---- part 3 -------------------------------------------------------------------
Btr, Bte = bag(Xtr), bag(Xte)
log3.info("bag_matrix_train=%s bag_matrix_test=%s", tuple(Btr.shape), tuple(Bte.shape))
for name, build in (("logistic", lambda: nn.Linear(len(VOCAB), 1)),
                    ("mlp64", lambda: nn.Sequential(nn.Linear(len(VOCAB), 64),
                                                    nn.ReLU(), nn.Linear(64, 1)))):
    torch.manual_seed(7)  # seed BEFORE the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    log3.info("model=%s params=%d acc_all=%.3f acc_very=%.3f acc_not=%.3f",
              name, sum(p.numel() for p in net.parameters()),
              acc(net, Bte, yte), acc(net, Bte, yte, very), acc(net, Bte, yte, nots))

scores = []  # one test set is one exam -> 20 exams (seeds 12..31, as in Step 1)
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
log3.info("model=mlp64 not_rows_20_test_sets min=%.3f mean=%.3f max=%.3f",
          min(scores), sum(scores) / len(scores), max(scores))
# The 0.574 on the single seed-12 test set is a lucky exam, not learning: over
# 20 fresh test sets the same model sits at 0.448..0.574 with mean 0.504.

# ---- part 4 -------------------------------------------------------------------


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


def run_rnn(tokens, show=False, tag=""):
    h = np.zeros(3)  # the memory starts empty
    if show:
        log4.info("review=%s step=0 token=<start> x=%s h=%s", tag, np.zeros(3), h)
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # the whole RNN, one line
        if show:
            log4.info("review=%s step=%d token=%s x=%s h=%s", tag, t, tok, x, h)
    return h


(A, la), (B, lb), _ = twins[0]
log4.info("review=A label=%d text=\"%s\"", la, " ".join(A))
log4.info("review=B label=%d text=\"%s\"", lb, " ".join(B))
trace = {}
for tag, seq in (("A", A), ("B", B)):
    trace[tag] = []
    run_rnn(seq, show=True, tag=tag)
    for t in range(1, len(seq) + 1):
        trace[tag].append(run_rnn(seq[:t]))
first_split = next(t for t in range(1, len(A) + 1)
                   if np.abs(trace["A"][t - 1] - trace["B"][t - 1]).max() > 1e-9)
log4.info("traces_separate_at_step=%d token_A=%s token_B=%s",
          first_split, A[first_split - 1], B[first_split - 1])
log4.info("not_position_A=%d not_position_B=%d",
          A.index("not") + 1, B.index("not") + 1)
hA, hB = trace["A"][-1], trace["B"][-1]
log4.info("final_h_A=%s final_h_B=%s max_abs_diff=%.3f", hA, hB, np.abs(hA - hB).max())
bagA, bagB = sum(features(t) for t in A), sum(features(t) for t in B)
log4.info("summed_features_A=%s summed_features_B=%s identical=%s",
          bagA, bagB, np.array_equal(bagA, bagB))

# The two memory traces separate at step 4, where the first opinion word
# arrives ('rude' in A, 'quick' in B), not at step 3 where "not" arrives --
# "not" lands identically in both traces (h = [0, 0.964, 0] in each).
# Unit h2 is the one-step memory: its Wh row is all zeros, so it jumps to 0.964
# on "not" and is back to 0.000 on the very next token.
# Unit h1 (the mood) fades with no new evidence, |h1| 0.716 -> 0.615 -> 0.547
# -> 0.499 over steps 4-7, because tanh squashes it a bit more on every pass.
# A bigger bag model cannot close the gap: twin rows have byte-identical bag
# vectors, so any model reading only counts gives both the same answer and can
# never beat 0.500 on those rows, whatever its size (18 or 1,217 weights).
