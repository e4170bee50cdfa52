# order_matters.py -- exercise 1: order carries meaning, a bag of words can't see it
import json
import numpy as np, torch, torch.nn as nn
from sequences import *

results = {}

# ---- part one: the data and the very/not split ----
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
results["part1_data"] = {
    "vocab_size": len(VOCAB), "tokens_per_review": Xtr.shape[1],
    "train_shape": list(Xtr.shape), "test_shape": list(Xte.shape),
    "test_very_rows": int(very.sum()), "test_not_rows": int(nots.sum()),
    "train_very_rows": int((ktr == "very").sum()), "train_not_rows": int((ktr == "not").sum()),
}


# ---- part two: bag-of-words for any review, and three twin pairs ----
def bag_of(tokens):
    """Any review (list of words) -> its bag-of-words count vector (len(VOCAB),)."""
    v = np.zeros(len(VOCAB))
    for w in tokens:
        v[STOI[w]] += 1.0
    return v


# look for twins in the training reviews: same bag, opposite label
print("searching the training set for twin pairs ...")
groups = {}
for toks, lab, kind in make_reviews(1600, seed=11):
    groups.setdefault(tuple(bag_of(toks)), []).append((toks, lab))
twins = []
for key, members in groups.items():
    pos = [m for m in members if m[1] == 1]
    neg = [m for m in members if m[1] == 0]
    if pos and neg:
        twins.append((pos[0], neg[0]))
    if len(twins) == 3:
        break
results["part2_twins"] = {"bag_groups_with_both_labels":
                          sum(1 for m in groups.values() if len({l for _, l in m}) == 2)}
for n, ((ta, la), (tb, lb)) in enumerate(twins, start=1):
    results["part2_twins"][f"pair_{n}"] = {
        "A": " ".join(ta), "A_label": la, "B": " ".join(tb), "B_label": lb,
        "A_sorted": sorted(ta), "B_sorted": sorted(tb),
        "same_sorted_words": sorted(ta) == sorted(tb),
        "same_bag_vector": bool(np.array_equal(bag_of(ta), bag_of(tb))),
        "opposite_labels": la != lb,
    }

# ---- part three: the two bag models, scored three ways ----
Btr, Bte = bag(Xtr), bag(Xte)
results["part3_bag_models"] = {"bag_matrix_shape": list(Btr.shape)}
for name, build in (("logistic", lambda: nn.Linear(len(VOCAB), 1)),
                    ("mlp_64", lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                                     nn.Linear(64, 1)))):
    print(f"training bag model {name} epochs=60 ...")
    torch.manual_seed(7)  # seed BEFORE the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    results["part3_bag_models"][name] = {
        "params": sum(p.numel() for p in net.parameters()),
        "acc_all": acc(net, Bte, yte), "acc_very": acc(net, Bte, yte, very),
        "acc_not": acc(net, Bte, yte, nots)}
# net is now the 64-unit model: its "not" score on 20 fresh test sets
print("scoring mlp_64 on 20 fresh test sets ...")
scores = []
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
results["part3_bag_models"]["mlp_64_not_20_sets"] = {
    "seeds": [12, 31], "per_set": scores, "min": min(scores),
    "mean": sum(scores) / len(scores), "max": max(scores)}

# ---- part four: Step 2's hand-set NumPy RNN on my own twin pair ----
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
    # show=True: instead of printing the step table like the module does, I keep it
    # in a list so it lands in the json at the end (step, token, x_t, h_t)
    h = np.zeros(3)  # the memory starts empty
    trace = [[0, "<start>", [0.0, 0.0, 0.0], h.round(3).tolist()]]
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # the whole RNN, one line
        trace.append([t, tok, x.tolist(), h.round(3).tolist()])
    return (h, trace) if show else h


(ta, la), (tb, lb) = twins[0]
hA, trA = run_rnn(ta, show=True)
hB, trB = run_rnn(tb, show=True)
gaps = [float(np.abs(np.array(a[3]) - np.array(c[3])).max()) for a, c in zip(trA, trB)]
first_sep = next(s for s, gp in enumerate(gaps) if gp > 1e-9)
results["part4_rnn"] = {
    "A": {"review": " ".join(ta), "label": la, "per_step": trA},
    "B": {"review": " ".join(tb), "label": lb, "per_step": trB},
    "gap_per_step": [round(gp, 3) for gp in gaps],
    "first_step_memories_differ": first_sep,
    "token_at_that_step": [ta[first_sep - 1], tb[first_sep - 1]],
    "step_of_not": [ta.index("not") + 1, tb.index("not") + 1],
    "final_A": hA.round(3).tolist(), "final_B": hB.round(3).tolist(),
    "final_gap": float(np.abs(hA - hB).max()),
    "summed_features_A": sum(features(t) for t in ta).tolist(),
    "summed_features_B": sum(features(t) for t in tb).tolist(),
}

print(json.dumps(results, indent=2))

# Comments (written after looking at the output above):
# 1. The two memory traces of my twin pair separate at step 3, where the first opinion
#    word ("helpful" vs "slow") comes in -- not at step 7 where "not" arrives; from then on
#    unit 1 has opposite signs in A and B, and at the end the memories differ by 0.826.
# 2. Unit 2 (h2, "did I just read not") is the one-step memory: its row of Wh is all zeros,
#    so it jumps to 0.964 at the "not" step and is back to 0.0 one step later.
# 3. Unit 1 (h1, the running mood) fades with no new evidence, 0.716 -> 0.615 -> 0.547 -> 0.499
#    while filler words pass, because tanh squashes it a bit more at every step.
# 4. A bigger bag model can't close the gap because twins have byte-identical bag vectors and
#    opposite labels, so ANY model reading only counts must give both the same answer and
#    cannot beat 0.500 on such rows; more weights (18 -> 1,217) change nothing about that.
# 5. The 64-unit model's 0.574 on the "not" rows of the one test set is luck, not learning:
#    over 20 fresh test sets it ranged 0.448 .. 0.574 with mean 0.504, i.e. a coin toss,
#    and the logistic model's 0.740 overall is just 1.000 on "very" rows averaged with 0.485.
