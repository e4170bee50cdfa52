# attention_by_hand.py -- red team 2: the weight tables are printed TRANSPOSED (one column
# per query, one row per key), clearly labelled "rows = keys, columns = queries", with the
# column sums on a final "sum" row.  Correct numbers, unusual orientation.
#
# Paper: rude . support = 0, rude . was = 0, rude . not = 0, rude . rude = 4.
# Divided by sqrt(4) = 2: 0, 0, 0, 2.  Softmax: 0.096, 0.096, 0.096, 0.711.
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


def show_transposed(title, w, out):
    print(f"\n{title}")
    print("attention weights, transposed: rows = keys, columns = queries (each column sums to 1)")
    print("key \\ query " + "".join(f"{t:>9s}" for t in TOKENS))
    for j, k in enumerate(TOKENS):
        print(f"{k:<12s}" + "".join(f"{w[i, j]:9.3f}" for i in range(4)))
    print(f"{'sum':<12s}" + "".join(f"{w[i].sum():9.3f}" for i in range(4)))
    print("outputs (one row per token):")
    for t, r in zip(TOKENS, out):
        print(f"  {t:<8s} [" + ", ".join(f"{x:.3f}" for x in r) + "]")


w, out = attend(E, E, E)
show_transposed("A) query = key = value = E", w, out)

# With the query matrix, rude attends 0.440 to support and 0.440 to not: it looks up
# its subject and the negator, which is right since "not rude" praises the support.
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
w, out = attend(Q, E, E)
show_transposed("B) with the query matrix Wq", w, out)

t = torch.nn.functional.scaled_dot_product_attention(
    torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
print(f"\nlargest gap against torch: {np.abs(t - out).max():.1e}")

# Shuffling the rows: every output row moved together with its token.
# The output values themselves did not change.
# Hence attention alone is blind to order and needs position information.
p = [1, 0, 3, 2]
ws, outs = attend(E[p] @ Wq.T, E[p], E[p])
print("shuffled rows equal the moved originals:", np.allclose(outs, out[p]))
