# attention_by_hand.py -- WRONG shuffle comment (red team 2): correct numbers, but the three
# sentences claim the opposite of what happens: rows do not move, values change, order is seen.
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
    print("output = weights times the value vectors:")
    for t, r in zip(TOKENS, out):
        print(f"  {t:<8s} {np.round(r, 3)}")


w, out = attend(E, E, E)
show("A. query = key = value = the meanings", w, out)
# With the query matrix rude attends 0.440 to support and 0.440 to not: it finds
# its subject and its negator, the right pairing for "not rude".
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
w, out = attend(Q, E, E)
show("B. with the query matrix Wq", w, out)
t = torch.nn.functional.scaled_dot_product_attention(
    torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
print(f"\nlargest gap against torch's own attention: {np.abs(t - out).max():.2e}")
# After shuffling, the output rows did not move with their tokens; they stayed where they were.
# The values are not the same as before, every row changed.
# So attention already knows the position of each word and is not blind to order.
