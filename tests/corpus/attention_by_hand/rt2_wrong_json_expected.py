# attention_by_hand.py -- WRONG (red team 2): attend() forgets the 1/sqrt(d) scaling; the student
# checks each rude row against the module's numbers inside one JSON report, the "expected" list
# next to the "got" list (json.dumps(indent=2)).  Only "got" is the student's result.
#
# Paper: rude . (support, was, not, rude) = 0, 0, 0, 4; / sqrt(4) = 0, 0, 0, 2;
# softmax = 0.096, 0.096, 0.096, 0.711.
import json

import numpy as np
import torch

TOKENS = ["support", "was", "not", "rude"]
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
    s = Q @ K.T                          # bug: no / sqrt(d)
    w = np.exp(s - s.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)
    return w, w @ V


wa, oa = attend(E, E, E)
wb, ob = attend(Q, E, E)
t = torch.nn.functional.scaled_dot_product_attention(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
report = {
    "self_attention (query = key = value)": {
        "row_sums": [round(float(x), 3) for x in wa.sum(1)],
        "rude": {"got": [round(float(x), 3) for x in wa[3]], "expected": [0.096, 0.096, 0.096, 0.711]},
    },
    "query_matrix (Wq)": {
        "row_sums": [round(float(x), 3) for x in wb.sum(1)],
        "rude": {"got": [round(float(x), 3) for x in wb[3]], "expected": [0.440, 0.060, 0.440, 0.060]},
        "rude_output": {"got": [round(float(x), 3) for x in ob[3]], "expected": [0.881, -0.119, 0.881, 0.339]},
    },
    "largest gap against torch": float(np.abs(t - ob).max()),
}
print(json.dumps(report, indent=2))
# With the query matrix rude attends mostly to support and not: its subject and its negator.
# Shuffling the rows: the output rows move with their tokens.
# The values are unchanged.
# So attention alone is blind to order.
