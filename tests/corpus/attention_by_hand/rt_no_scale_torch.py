# attention_by_hand.py -- WRONG: forgot the 1/sqrt(d) scaling entirely, and
# compares against torch with an explicit scale of 1 so the gap still looks fine.
# By hand: rude row scores 0, 0, 0, 4 -> softmax 0.018, 0.018, 0.018, 0.946.
import numpy as np
import torch

TOK = ["support", "was", "not", "rude"]
M = np.array([[2, 0, 0, 0], [0, 0, 0, 2], [0, 0, 2, 0.5], [0, -2, 0, 0]], dtype=float)


def attend(Q, K, V):
    s = Q @ K.T
    w = np.exp(s - s.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)
    return w, w @ V


def show(title, w):
    print(title)
    print("           " + "".join(f"{t:>9}" for t in TOK) + "      sum")
    for t, r in zip(TOK, w):
        print(f"{t:>10} " + "".join(f"{v:9.3f}" for v in r) + f"{r.sum():9.3f}")


w, _ = attend(M, M, M)
show("raw self-attention, query = key", w)
Wq = np.array([[0, -1.0, 0, 0], [0, 0, 0, 0], [0, -1.0, 0, 0], [0, 0, 0, 0]])
w2, o2 = attend(M @ Wq.T, M, M)
show("query matrix Wq", w2)
print("rude output:", np.round(o2[3], 3))
# Rude attends to support and not, its subject and its negator.
q, k, v = (torch.tensor(a) for a in (M @ Wq.T, M, M))
ref = torch.softmax(q @ k.T, -1) @ v
print(f"max gap vs torch: {np.abs(ref.numpy() - o2).max():.1e}")
# Shuffling the rows moves each output row with its token.
# The values stay the same after the shuffle.
# So attention alone is blind to order and position.
