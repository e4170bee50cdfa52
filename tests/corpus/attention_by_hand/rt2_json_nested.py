# attention_by_hand.py -- red team 2: every result collected in a dict-of-dicts and
# printed once at the end with json.dumps(indent=2); vectors become multi-line lists.
#
# By hand: rude . [support, was, not, rude] = [0, 0, 0, 4]; / sqrt(4) = [0, 0, 0, 2];
# softmax = [0.096, 0.096, 0.096, 0.711].
import json

import numpy as np
import torch

TOKENS = ["support", "was", "not", "rude"]
E = np.array([[2.0, 0.0, 0.0, 0.0],
              [0.0, 0.0, 0.0, 2.0],
              [0.0, 0.0, 2.0, 0.5],
              [0.0, -2.0, 0.0, 0.0]])


def attend(Q, K, V):
    s = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(s - s.max(axis=1, keepdims=True))
    w = w / w.sum(axis=1, keepdims=True)
    return w, w @ V


def as_dict(w, out):
    return {
        "weights": {q: {k: round(float(w[i, j]), 4) for j, k in enumerate(TOKENS)}
                    for i, q in enumerate(TOKENS)},
        "row_sums": {q: round(float(w[i].sum()), 4) for i, q in enumerate(TOKENS)},
        "output": {q: [round(float(x), 4) for x in out[i]] for i, q in enumerate(TOKENS)},
    }


results = {}
w, out = attend(E, E, E)
results["self_attention (query = key = value)"] = as_dict(w, out)

# The rude row attends to support and to not (0.440 each): it asks for its subject
# and for a negator, which is exactly what "not rude" about support needs.
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
w, out = attend(Q, E, E)
results["query_matrix (Wq)"] = as_dict(w, out)

t = torch.nn.functional.scaled_dot_product_attention(
    torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
results["torch_check"] = {"max_abs_gap": float(np.abs(t - out).max())}

# After shuffling, the output rows moved with their tokens.
# The values themselves were unchanged, just in a new order.
# Attention alone is blind to position, so order must be added separately.
p = [2, 3, 0, 1]
ws, outs = attend(E[p] @ Wq.T, E[p], E[p])
results["shuffle"] = {"order": [TOKENS[i] for i in p],
                      "rows_moved_with_tokens": bool(np.allclose(outs, out[p]))}

print(json.dumps(results, indent=2))
