# attention_by_hand.py -- WRONG (red team 2): the queries are built as Q = E @ Wq instead
# of E @ Wq.T, so it is support and not that query for "bad", and rude's query is all zeros
# (uniform 0.25 weights).  The torch check uses the same wrong Q, so its gap is tiny.
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


def show(label, w, out):
    print(f"\n--- {label} ---")
    print(f"{'':<9s}" + "".join(f"{t:>10s}" for t in TOKENS) + f"{'sum':>8s}")
    for t, r in zip(TOKENS, w):
        print(f"{t:<9s}" + "".join(f"{v:10.3f}" for v in r) + f"{r.sum():8.3f}")
    print("outputs:")
    for t, r in zip(TOKENS, out):
        print(f"  {t:<8s} {np.round(r, 3)}")


w, out = attend(E, E, E)
show("A. query = key = value", w, out)
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq                                           # bug: Wq is not transposed
print("\nqueries Q = E @ Wq:")
for t, r in zip(TOKENS, Q):
    print(f"  {t:<8s} {np.round(r, 3)}")
w, out = attend(Q, E, E)
show("B. with the query matrix Wq", w, out)
# With the query matrix, support and not now attend most to rude, since they query the bad axis.
t = torch.nn.functional.scaled_dot_product_attention(
    torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
print(f"\nlargest gap against torch's own attention: {np.abs(t - out).max():.2e}")
# Shuffling the token rows: the output rows move with their tokens.
# The values did not change at all.
# So attention alone is blind to word order.
