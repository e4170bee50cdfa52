# attention_by_hand.py -- red team 2: tab-separated tables (for pasting into a spreadsheet).
#
# Paper: rude . (support, was, not, rude) = 0, 0, 0, 4; / sqrt(4) = 0, 0, 0, 2;
# softmax = 0.096, 0.096, 0.096, 0.711.
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


for title, q in (("self-attention, query = key", E), ("query matrix Wq", Q)):
    w, out = attend(q, E, E)
    print(title)
    print("\t".join(["query"] + TOKENS + ["sum"]))
    for t, r in zip(TOKENS, w):
        print("\t".join([t] + [f"{v:.3f}" for v in r] + [f"{r.sum():.3f}"]))
    print("\t".join(["output"] + AXES))
    for t, r in zip(TOKENS, out):
        print("\t".join([t] + [f"{v:.3f}" for v in r]))
    print()
t = torch.nn.functional.scaled_dot_product_attention(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
print(f"largest gap against torch\t{np.abs(t - attend(Q, E, E)[1]).max():.2e}")
# With the query matrix rude attends 0.440 to support and 0.440 to not: it finds
# its subject and its negator, the right pairing for "not rude".
# Shuffling the rows: the output rows move with their tokens.
# The values are unchanged.
# So attention alone is blind to order.
