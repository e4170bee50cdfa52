# attention_by_hand.py -- red team 2: labels in capitals and quoted ('RUDE'), weights with a
# leading tilde (~0.711), the sum column titled TOTAL, the gap written as 'torch diff'.
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


def show(title, w, out):
    print(f"\n*** {title.upper()} ***")
    print(f"{'':<11s}" + "".join(f"{repr(t.upper()):>11s}" for t in TOKENS) + f"{'TOTAL':>9s}")
    for t, r in zip(TOKENS, w):
        print(f"{repr(t.upper()):<11s}" + "".join(f"{'~' + format(v, '.3f'):>11s}" for v in r) + f"{r.sum():9.3f}")
    print("OUTPUT VECTORS")
    for t, r in zip(TOKENS, out):
        print(f"{repr(t.upper()):<11s}" + " ".join(f"~{x:.3f}" for x in r))


w, out = attend(E, E, E)
show("self-attention, query = key", w, out)
# The RUDE row attends 0.440 to SUPPORT and 0.440 to NOT with the query matrix: a bad
# word looks for its subject and for a negator, the right pairing for "not rude".
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
w, out = attend(Q, E, E)
show("query matrix Wq", w, out)
t = torch.nn.functional.scaled_dot_product_attention(
    torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
print(f"\nTORCH DIFF (max abs): {np.abs(t - out).max():.1e}")
# Shuffling: the output rows move with their tokens.
# The values are unchanged.
# So attention alone is blind to order.
