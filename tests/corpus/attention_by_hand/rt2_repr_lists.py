# attention_by_hand.py -- red team 2: Python lists at full float precision (repr), under a
# 'keys:' line naming the column order; the gap printed as a bare repr float.
#
# Paper: rude . (support, was, not, rude) = 0, 0, 0, 4; / sqrt(4) = 0, 0, 0, 2;
# softmax = 0.096, 0.096, 0.096, 0.711.
import numpy as np
import torch

TOKENS = ["support", "was", "not", "rude"]
E = np.array([[2.0, 0.0, 0.0, 0.0],
              [0.0, 0.0, 0.0, 2.0],
              [0.0, 0.0, 2.0, 0.5],
              [0.0, -2.0, 0.0, 0.0]])


def attend(Q, K, V):
    s = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(s - s.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)
    return w, w @ V


def dump(w, out):
    print("keys:", TOKENS)
    for q, r in zip(TOKENS, w):
        print(f"{q}: {r.tolist()}  sum={r.sum()!r}")
    print("outputs:")
    for q, r in zip(TOKENS, out):
        print(f"{q}: {r.tolist()}")


print("== self-attention (query = key = value) ==")
w, out = attend(E, E, E)
dump(w, out)
# rude attends 0.440 to support and 0.440 to not with Wq: subject plus negator, right for "not rude".
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("== with the query matrix Wq ==")
w, out = attend(Q, E, E)
dump(w, out)
t = torch.nn.functional.scaled_dot_product_attention(
    torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
print("max abs diff vs torch:", float(np.abs(t - out).max()))
# Shuffling the rows: the output rows move with their tokens.
# The values are unchanged.
# So attention alone is blind to order.
