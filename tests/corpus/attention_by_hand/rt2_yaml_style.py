# attention_by_hand.py -- red team 2: YAML-style nested output written by hand (indentation,
# no braces), the way yaml.safe_dump(results) would print it.
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


for name, q in (("self_attention_query_equals_key", E), ("with_query_matrix_Wq", Q)):
    w, out = attend(q, E, E)
    print(f"{name}:")
    print("  weights:")
    for i, a in enumerate(TOKENS):
        print(f"    {a}:")
        for j, b in enumerate(TOKENS):
            print(f"      {b}: {w[i, j]:.4f}")
    print("  row_sums: [" + ", ".join(f"{x:.4f}" for x in w.sum(1)) + "]")
    print("  output:")
    for i, a in enumerate(TOKENS):
        print(f"    {a}: [" + ", ".join(f"{x:.4f}" for x in out[i]) + "]")
t = torch.nn.functional.scaled_dot_product_attention(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
print(f"torch_max_gap: {np.abs(t - attend(Q, E, E)[1]).max():.3e}")
# With the query matrix rude attends 0.440 to support and 0.440 to not: it finds
# its subject and its negator, the right pairing for "not rude".
# Shuffling the rows: the output rows move with their tokens.
# The values are unchanged.
# So attention alone is blind to order.
