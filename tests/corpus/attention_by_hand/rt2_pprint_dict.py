# attention_by_hand.py -- red team 2: results in nested dicts printed with pprint.pprint
# (wrapped over several lines, single quotes), outputs as dicts keyed by axis name.
#
# Paper: rude . (support, was, not, rude) = 0, 0, 0, 4; / sqrt(4) = 0, 0, 0, 2;
# softmax = 0.096, 0.096, 0.096, 0.711.
from pprint import pprint

import numpy as np
import torch

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],
              [0.0, 0.0, 0.0, 2.0],
              [0.0, 0.0, 2.0, 0.5],
              [0.0, -2.0, 0.0, 0.0]])
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T


def attend(Q, K, V):
    s = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(s - s.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)
    return w, w @ V


res = {}
for name, q in (("self-attention (query = key)", E), ("query matrix Wq", Q)):
    w, out = attend(q, E, E)
    res[name] = {
        "weights": {a: {b: round(float(w[i, j]), 3) for j, b in enumerate(TOKENS)} for i, a in enumerate(TOKENS)},
        "row sums": [round(float(x), 3) for x in w.sum(1)],
        "outputs": {a: dict(zip(AXES, np.round(out[i], 3).tolist())) for i, a in enumerate(TOKENS)},
    }
t = torch.nn.functional.scaled_dot_product_attention(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
res["largest gap against torch"] = float(np.abs(t - attend(Q, E, E)[1]).max())
pprint(res)
# With the query matrix rude attends 0.440 to support and 0.440 to not: it finds
# its subject and its negator, the right pairing for "not rude".
# Shuffling the rows: the output rows move with their tokens.
# The values are unchanged.
# So attention alone is blind to order.
