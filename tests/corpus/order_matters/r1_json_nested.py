# order_matters.py -- red team (r1): all results collected in one nested dict and
# printed with json.dumps(indent=2) at the end; the RNN trace as the module prints it.
import json
import numpy as np
import torch
import torch.nn as nn
from sequences import *

results = {}
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
results["test_split"] = {"rows": len(kte), "very": int(very.sum()), "not": int(nots.sum())}


def bag_of_words(review):
    v = np.zeros(len(VOCAB))
    for w in review:
        v[STOI[w]] += 1
    return v


found, twins = {}, []
for toks, lab, _ in make_reviews(1600, seed=11):
    key = bag_of_words(toks).tobytes()
    if key in found and found[key][1] != lab and len(twins) < 3:
        other, olab = found[key]
        twins.append({"review_a": " ".join(other), "label_a": olab,
                      "review_b": " ".join(toks), "label_b": lab,
                      "sorted_words": sorted(toks)})
        del found[key]
    else:
        found.setdefault(key, (toks, lab))
results["twin_pairs"] = twins

Btr, Bte = bag(Xtr), bag(Xte)
results["bag_models"] = {"epochs": 60}
for name, build in (("logistic", lambda: nn.Linear(len(VOCAB), 1)),
                    ("mlp_64", lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                                     nn.Linear(64, 1)))):
    torch.manual_seed(7)
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    results["bag_models"][name] = {"all": round(acc(net, Bte, yte), 3),
                                   "very_rows": round(acc(net, Bte, yte, very), 3),
                                   "not_rows": round(acc(net, Bte, yte, nots), 3)}
scores = []
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
results["bag_models"]["mlp_64"]["fresh_not_rows"] = {
    "test_sets": len(scores), "min": round(min(scores), 3),
    "mean": round(sum(scores) / len(scores), 3), "max": round(max(scores), 3)}

np.set_printoptions(precision=3, suppress=True)


def features(tok):
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])


Wx = np.array([[0.9, -0.9, 0.0], [0.0, 0.0, 2.0], [0.5, 0.5, 0.0]])
Wh = np.array([[1.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
b = np.zeros(3)


def run_rnn(tokens, show=False):
    h = np.zeros(3)
    if show:
        print(f"{'step':>4s} {'token':<10s} {'x_t (pos,neg,not)':<20s} {'h_t (mood, saw-not, count)':<28s}")
        print(f"{0:4d} {'<start>':<10s} {str(np.zeros(3)):<20s} {str(h):<28s}")
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)
        if show:
            print(f"{t:4d} {tok:<10s} {str(x):<20s} {str(h):<28s}")
    return h


A, B = twins[1]["review_a"].split(), twins[1]["review_b"].split()
print("REVIEW A:", " ".join(A))
run_rnn(A, show=True)
print("\nREVIEW B:", " ".join(B))
run_rnn(B, show=True)

print(json.dumps(results, indent=2))

# Part four.  The two memory traces separate at the step where the first opinion word
# arrives, not where "not" arrives.  The saw-not unit h2 is a one-step memory: it resets at
# the next step because its recurrent weight is zero.  The mood unit h1 fades without new
# evidence, shrinking a little at every tanh.  A bigger bag model cannot close the gap: no
# model reading only counts can beat 0.500 on rows whose bags are identical.
# The 64-unit model's single test set score is luck rather than learning, since the mean over
# 20 fresh test sets is a coin toss.
