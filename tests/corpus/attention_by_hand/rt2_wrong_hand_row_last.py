# attention_by_hand.py -- WRONG (red team 2): attend() forgets the 1/sqrt(d) scaling; as Part two
# asks, the student then prints the hand-worked rude row under the code's table to compare --
# and the hand row (right) comes after the code's row (wrong).  The code's numbers are graded.
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
HAND_RUDE = [0.096, 0.096, 0.096, 0.711]


def attend(Q, K, V):
    s = Q @ K.T                       # bug: the / sqrt(d) is missing
    w = np.exp(s - s.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)
    return w, w @ V


def show(label, w, out):
    print(f"\n--- {label} ---")
    print(f"{'':<16s}" + "".join(f"{t:>10s}" for t in TOKENS) + f"{'sum':>8s}")
    for t, r in zip(TOKENS, w):
        print(f"{t:<16s}" + "".join(f"{v:10.3f}" for v in r) + f"{r.sum():8.3f}")


w, out = attend(E, E, E)
show("A. query = key = value = the meanings", w, out)
print(f"{'rude (by hand)':<16s}" + "".join(f"{v:10.3f}" for v in HAND_RUDE))
print("hand and code agree:", np.allclose(w[3], HAND_RUDE, atol=1e-3))
print("output = weights times the value vectors:")
for t, r in zip(TOKENS, out):
    print(f"  {t:<8s} {np.round(r, 3)}")

# With the query matrix rude attends mostly to support and not: its subject and its negator.
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
w, out = attend(Q, E, E)
show("B. with the query matrix Wq", w, out)
print("output = weights times the value vectors:")
for t, r in zip(TOKENS, out):
    print(f"  {t:<8s} {np.round(r, 3)}")
t = torch.nn.functional.scaled_dot_product_attention(
    torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
print(f"\nlargest gap against torch's own attention: {np.abs(t - out).max():.2e}")
# Shuffling the rows: the output rows move with their tokens.
# The values are unchanged.
# So attention alone is blind to order.
