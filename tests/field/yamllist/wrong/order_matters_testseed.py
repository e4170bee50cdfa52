"""order_matters.py - Exercise 1: prove that order carries meaning."""
# ---- my little YAML printer (no yaml module, just lists and dicts) ----
class Raw(str):
    """A number I already formatted myself (e.g. 7.577e-02); printed as is."""
class Flow(list):
    """A short list I want on one line, like [0.1, 0.2]."""
def _scalar(v, nd=3):
    if isinstance(v, Raw):
        return str(v)
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return f"{v:.{nd}f}"
    if v is None:
        return "null"
    s = str(v)
    try:
        float(s); looks_num = True
    except ValueError:
        looks_num = False
    if (s == "" or looks_num or s[0] in "-?:,[]{}#&*!|>'\"%@`" or ": " in s
            or " #" in s or s != s.strip()
            or s.lower() in ("true", "false", "null", "yes", "no", "on", "off")):
        return "'" + s.replace("'", "''") + "'"
    return s
def _inline(v):
    if isinstance(v, list):
        return "[" + ", ".join(_inline(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {_inline(x)}" for k, x in v.items()) + "}"
    return _scalar(v)
def _block(obj, ind=0):
    pad, out = " " * ind, []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if isinstance(v, dict) and v:
                out.append(f"{pad}{k}:")
                out += _block(v, ind + 2)
            elif isinstance(v, list) and v and not isinstance(v, Flow):
                out.append(f"{pad}{k}:")
                out += _block(v, ind)          # items sit under the key, like safe_dump
            else:
                out.append(f"{pad}{k}: {_inline(v)}")
    else:
        for item in obj:
            if (isinstance(item, dict) and item) or (isinstance(item, list) and item
                                                     and not isinstance(item, Flow)):
                sub = _block(item, ind + 2)
                sub[0] = pad + "- " + sub[0][ind + 2:]
                out += sub
            else:
                out.append(f"{pad}- {_inline(item)}")
    return out
def doc(obj, *comments):
    """Print one YAML document: '---', my # comments, then the data."""
    print("---")
    for c in comments:
        print(f"# {c}")
    print("\n".join(_block(obj)))
# ---- end of printer ----
import numpy as np, torch, torch.nn as nn
from sequences import *

# ---------------- part one: the data and its split ----------------
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=11))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
doc({"data": {"vocabulary_words": len(VOCAB), "tokens_per_review": Xtr.shape[1],
              "train_shape": Flow(list(Xtr.shape)), "test_shape": Flow(list(Xte.shape)),
              "test_very_rows": int(very.sum()), "test_not_rows": int(nots.sum())}},
    "part one: 1,600 training reviews (seed 11), 600 test reviews (seed 12)")

# ---------------- part two: bag vectors and twin pairs ----------------
def bag_of(review):
    """Any review (a list of words) -> its bag-of-words vector, one count per vocab word."""
    v = np.zeros(len(VOCAB))
    for w in review:
        v[STOI[w]] += 1
    return v

# look through every generated review for two with the same bag and opposite labels;
# keep one pair per distinct bag so the three twins really are different
seen = {}
twins = []
for toks, lab, kind in make_reviews(1600, seed=11) + make_reviews(600, seed=12):
    key = tuple(bag_of(toks).astype(int))
    if key not in seen:
        seen[key] = {}
    seen[key].setdefault(lab, toks)
    if len(seen[key]) == 2 and key not in [t[0] for t in twins]:
        twins.append((key, seen[key][1], seen[key][0]))
    if len(twins) == 3:
        break
pairs = []
for key, pos, neg in twins:
    pairs.append({"positive": " ".join(pos), "negative": " ".join(neg),
                  "labels": Flow([1, 0]),
                  "sorted_positive": Flow(sorted(pos)),
                  "sorted_negative": Flow(sorted(neg)),
                  "same_sorted_words": sorted(pos) == sorted(neg),
                  "same_bag_vector": bool(np.array_equal(bag_of(pos), bag_of(neg)))})
doc({"twin_pairs": pairs},
    "part two: three twin pairs found in the generated data",
    "same words, same bag vector, opposite labels")

# ---------------- part three: two bag models, accuracy three ways ----------------
Btr, Bte = bag(Xtr), bag(Xte)
models = []
for name, build in (("logistic on word counts", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit net on counts",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7) # seed BEFORE the weights are made
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    models.append({"model": name,
                   "params": sum(p.numel() for p in net.parameters()),
                   "all": acc(net, Bte, yte),
                   "very_rows": acc(net, Bte, yte, very),
                   "not_rows": acc(net, Bte, yte, nots)})
# `net` is now the 64-unit model; one test set is one exam, so sit 20 of them
scores = []
for s in range(12, 32):          # seed 12 is the test set above, 13..31 are new
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
doc({"bag_models": models,
     "net64_not_rows_on_20_test_sets": {
         "seeds": "12 to 31",
         "min": min(scores), "mean": sum(scores) / len(scores), "max": max(scores),
         "scores": scores}},
    "part three: order thrown away, 60 epochs each, seed 7")
# What I got: logistic 0.740 overall, 1.000 on "very" rows, 0.485 on "not" rows;
# the 64-unit net 0.785 / 1.000 / 0.574. The 0.574 looks like the bigger model
# learned something about "not", but across 20 fresh test sets the same net scored
# min 0.448, mean 0.504, max 0.574 -- the 0.574 on seed 12 is the luckiest of the
# 20 exams, i.e. luck on 303 rows, not learning. Its real "not" score is a coin toss.

# ---------------- part four: Step 2's NumPy RNN on one of my twins ----------------
def features(tok):
    """Three input numbers per token: positive, negative, or the word 'not'."""
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])
Wx = np.array([[0.9, -0.9, 0.0], # h1: running mood
               [0.0, 0.0, 2.0], # h2: did I just read the word "not"
               [0.5, 0.5, 0.0]]) # h3: how many opinion words so far
Wh = np.array([[1.0, 0.0, 0.0], # h1 carries itself forward
               [0.0, 0.0, 0.0], # h2 forgets everything each step
               [0.0, 0.0, 1.0]]) # h3 carries itself forward
b = np.zeros(3)
def run_rnn(tokens, show=False):
    h = np.zeros(3) # the memory starts empty
    trace = [{"step": 0, "token": "<start>", "x": Flow([0.0, 0.0, 0.0]),
              "h": Flow([float(v) for v in h])}]
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b) # the whole RNN, one line
        trace.append({"step": t, "token": tok, "x": Flow([float(v) for v in x]),
                      "h": Flow([float(v) for v in h])})
    if show:
        doc({"review": " ".join(tokens), "trace": trace},
            "h = [mood, saw-not, count], x = [pos, neg, not]")
    return h, trace

_, A, B = twins[0]              # my first twin pair: A positive, B negative
hA, trA = run_rnn(A, show=True)
hB, trB = run_rnn(B, show=True)
split = next(r["step"] for r, s in zip(trA, trB) if r["h"] != s["h"])
doc({"rnn_on_twin": {
        "first_step_where_memories_differ": split,
        "token_at_that_step": Flow([A[split - 1], B[split - 1]]),
        "step_of_not": Flow([A.index("not") + 1, B.index("not") + 1]),
        "final_A": Flow([float(v) for v in hA]),
        "final_B": Flow([float(v) for v in hB]),
        "max_gap": float(np.abs(hA - hB).max()),
        "summed_features_A": Flow([float(v) for v in sum(features(t) for t in A)]),
        "summed_features_B": Flow([float(v) for v in sum(features(t) for t in B)])}},
    "part four: where do the two memory traces separate?")
# Part four, four sentences:
# 1. The two memory traces are identical through step 3 (the word "not" is at step 3
#    in BOTH reviews, so it cannot separate them) and split at step 4, the first
#    opinion word (rude vs quick), where the mood unit goes to -0.716 vs +0.716.
# 2. Unit 2 (saw-not) is the one-step memory: it jumps to 0.964 on "not" and is back
#    to 0.000 one step later, because its row of Wh is all zeros.
# 3. Unit 1 (mood) fades with no new evidence, -0.716, -0.615, -0.547, -0.499, because
#    tanh squashes it a little more at every step.
# 4. A bigger bag model cannot close the gap because both reviews of a twin give the
#    exact same input vector (summed features [1, 1, 1] for both here), so ANY model
#    reading only counts must give them the same answer and is right on only one of
#    the two: no count-only model can beat 0.500 on rows whose bags are identical.
# (Side note: these hand-set weights never use unit 2 to flip the mood, so
#  "not rude" still pushes the mood down; the RNN keeps the order, but a real
#  trained model has to learn what to do with it, as Step 4's LSTM did.)
