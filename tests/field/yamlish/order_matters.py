# order_matters.py -- exercise 1: prove that order carries meaning
import numpy as np, torch, torch.nn as nn
from sequences import *


# My printer: walks the nested results dict and writes YAML-like lines,
# two spaces per level. Floats get three decimals unless I stored a string.
def show(d, depth=0):
    for key, val in d.items():
        pad = "  " * depth
        if isinstance(val, dict):
            print(f"{pad}{key}:")
            show(val, depth + 1)
        elif isinstance(val, float):
            print(f"{pad}{key}: {val:.3f}")
        else:
            print(f"{pad}{key}: {val}")


results = {"order_matters": {}}
ex = results["order_matters"]

# Part one: the same 1,600 / 600 split as Step 1, and how the test rows
# divide into "very" rows and "not" rows.
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
ex["part1_data"] = {
    "vocab_size": len(VOCAB),
    "tokens_per_review": Xtr.shape[1],
    "train_shape": str(tuple(Xtr.shape)),
    "test_shape": str(tuple(Xte.shape)),
    "test_very_rows": int(very.sum()),
    "test_not_rows": int(nots.sum()),
}


# Part two: a bag-of-words vector for any review given as a list of words.
def review_bag(tokens):
    return bag(torch.tensor([[STOI[w] for w in tokens]]))[0]


# I look for twins inside the training reviews: group reviews by their bag
# vector and keep groups that hold both a positive and a negative review.
# The module's own twin (good ... not slow) is skipped so the pairs are mine.
module_twin = "delivery was good and service was not slow"
groups = {}
for toks, lab, kind in make_reviews(1600, seed=11):
    key = tuple(int(c) for c in review_bag(toks))
    groups.setdefault(key, {}).setdefault(lab, toks)
twins = []
for key, by_label in groups.items():
    if 0 in by_label and 1 in by_label:
        pos, neg = by_label[1], by_label[0]
        if module_twin in (" ".join(pos), " ".join(neg)):
            continue
        twins.append((pos, neg))
    if len(twins) == 3:
        break

ex["part2_twins"] = {}
for n, (pos, neg) in enumerate(twins, start=1):
    ex["part2_twins"][f"pair_{n}"] = {
        "review_label_1": " ".join(pos),
        "review_label_0": " ".join(neg),
        "sorted_words_1": str(sorted(pos)),
        "sorted_words_0": str(sorted(neg)),
        "same_sorted_words": sorted(pos) == sorted(neg),
        "same_bag_vector": bool(torch.equal(review_bag(pos), review_bag(neg))),
    }

# Part three: the two bag models from Step 1, scored three ways.
Btr, Bte = bag(Xtr), bag(Xte)
ex["part3_bag_models"] = {}
for name, build in (("logistic_counts", lambda: nn.Linear(len(VOCAB), 1)),
                    ("net_64_counts",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)                     # seed before the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    ex["part3_bag_models"][name] = {
        "params": sum(p.numel() for p in net.parameters()),
        "acc_all": acc(net, Bte, yte),
        "acc_very_rows": acc(net, Bte, yte, very),
        "acc_not_rows": acc(net, Bte, yte, nots),
    }

# After the loop `net` is the 64-unit model. One test set is one exam, so I
# score its "not" rows on 20 fresh test sets (seeds 12..31).
scores = []
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
ex["part3_bag_models"]["net_64_not_rows_20_test_sets"] = {
    "min": min(scores), "mean": sum(scores) / len(scores), "max": max(scores)}

# What part three showed me. The logistic model scored 0.740 overall, but
# that is an average of 1.000 on the 297 "very" rows and 0.485 on the 303
# "not" rows, so the overall number hides a half that is a coin toss.
#
# The 64-unit model's 0.574 on the "not" rows looked like progress, but on
# 20 fresh test sets the same trained model scored between 0.448 and 0.574
# with a mean of 0.504. So 0.574 was luck on one exam of 303 rows (it is
# actually the best of the 20), not something the bigger model learned.
#
# The ceiling: a twin pair has byte-for-byte identical bag vectors (all
# three of my pairs print same_bag_vector True) but opposite labels, so any
# model that reads only counts must give both the same answer and gets one
# of them wrong. No model reading only counts can beat 0.500 on rows whose
# bags are identical, however many weights it has.

# Part four: Step 2's hand-set NumPy RNN. Instead of printing the trace line
# by line, show=True stores every step's input and memory in a dict.
np.set_printoptions(precision=3, suppress=True)


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


def run_rnn(tokens, show=False):
    h = np.zeros(3)                          # the memory starts empty
    trace = {"step_0": {"token": "<start>", "x_pos_neg_not": str(np.zeros(3)),
                        "h_mood_sawnot_count": str(h)}}
    hs = [h]
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)     # the whole RNN, one line
        hs.append(h)
        if show:
            trace[f"step_{t}"] = {"token": tok, "x_pos_neg_not": str(x),
                                  "h_mood_sawnot_count": str(h)}
    return (h, hs, trace) if show else h


pos, neg = twins[0]
hP, hsP, trP = run_rnn(pos, show=True)
hN, hsN, trN = run_rnn(neg, show=True)
split_step = next(t for t in range(len(hsP)) if np.abs(hsP[t] - hsN[t]).max() > 0)
opinion_steps = [t for t, w in enumerate(pos, start=1) if w in POS + NEG]
not_step = pos.index("not") + 1
ex["part4_rnn_trace"] = {
    "review_positive": " ".join(pos),
    "trace_positive": trP,
    "review_negative": " ".join(neg),
    "trace_negative": trN,
    "final_memory_positive": str(hP),
    "final_memory_negative": str(hN),
    "max_final_gap": f"{np.abs(hP - hN).max():.3f}",
    "first_step_memories_differ": split_step,
    "first_opinion_word_step": opinion_steps[0],
    "not_word_step": not_step,
    "summed_features_identical": bool(np.array_equal(sum(features(t) for t in pos),
                                                     sum(features(t) for t in neg))),
}

# Part four, in four sentences. The two memory traces are identical at
# steps 0-2 and separate at step 3, where the first opinion word arrives
# (helpful vs slow), not at step 7 where "not" arrives, because both
# reviews read "not" at the same place. Unit 2 (saw-not) is the one-step
# memory: it jumps to 0.964 at the "not" step and is back to 0.000 one step
# later, since its row of Wh is all zeros. Unit 1 (mood) fades without new
# evidence, 0.716 -> 0.615 -> 0.547 -> 0.499 over the filler words, because
# tanh squashes it a little more on every pass. A bigger bag model cannot
# close the gap because the summed features of my pair are identical
# (summed_features_identical True) while the RNN's final memories differ
# by 0.826, so the information the RNN uses is simply not in the bag.
#
# Side note: these hand-set weights are not a trained classifier. The
# positive review ends with mood -0.413 because the "not" unit is never
# wired into the mood unit; only the order-sensitivity is the point here.

show(results)
