# attention_by_hand.py -- WRONG (red team 2): attend() forgets the 1/sqrt(d) scaling; under each
# heading the student prints "mine:" (their wrong table) and then "expected (the module's
# numbers):" -- the module's table typed in for comparison.  Only "mine" is the student's.
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
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
MODULE = {
    "A": [[0.711, 0.096, 0.096, 0.096], [0.091, 0.669, 0.149, 0.091], [0.083, 0.137, 0.696, 0.083], [0.096, 0.096, 0.096, 0.711]],
    "B": [[0.25] * 4, [0.25] * 4, [0.25] * 4, [0.440, 0.060, 0.440, 0.060]],
}


def attend(Q, K, V):
    s = Q @ K.T                          # bug: no / sqrt(d)
    w = np.exp(s - s.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)
    return w, w @ V


def table(rows, sums=True):
    print(f"{'':<9s}" + "".join(f"{t:>10s}" for t in TOKENS) + (f"{'sum':>8s}" if sums else ""))
    for t, r in zip(TOKENS, rows):
        print(f"{t:<9s}" + "".join(f"{v:10.3f}" for v in r) + (f"{sum(r):8.3f}" if sums else ""))


for key, label, q in (("A", "A. self-attention, query = key = value", E), ("B", "B. with the query matrix Wq", Q)):
    w, out = attend(q, E, E)
    print(f"\n--- {label} ---")
    print("mine:")
    table(w)
    print("expected (the module's numbers):")
    table(MODULE[key], sums=False)
    print(f"my rude output: {np.round(out[3], 3)}")
t = torch.nn.functional.scaled_dot_product_attention(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
print(f"\nlargest gap against torch's own attention: {np.abs(t - out).max():.2e}")
# With the query matrix rude attends mostly to support and not: its subject and its negator.
# Shuffling the rows: the output rows move with their tokens.
# The values are unchanged.
# So attention alone is blind to order.
