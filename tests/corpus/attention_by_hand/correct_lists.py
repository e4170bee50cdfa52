"""attention_by_hand.py — a correct solution printing rows as lists and key=value lines.

By hand, before running: rude = [0, -2, 0, 0].  Dot products with support, was, not,
rude: 0, 0, 0, 4.  Divided by sqrt(4) = 2: 0, 0, 0, 2.  Softmax: e^2 = 7.389, the sum is
3 + 7.389 = 10.389, so the weights are 0.096, 0.096, 0.096 and 0.711.
"""
import numpy as np
import torch

TOK = ["support", "was", "not", "rude"]
E = np.array([[2, 0, 0, 0], [0, 0, 0, 2], [0, 0, 2, 0.5], [0, -2, 0, 0]], dtype=float)


def attend(Q, K, V):
    s = Q @ K.T / np.sqrt(Q.shape[1])
    w = np.exp(s - s.max(axis=1, keepdims=True))
    w /= w.sum(axis=1, keepdims=True)
    return w, w @ V


def report(title, tokens, w, out):
    print(f"## {title}")
    for t, row in zip(tokens, w):
        print(f"weights[{t}] = {np.round(row, 4).tolist()}  row sum = {row.sum():.4f}")
    for t, row in zip(tokens, out):
        print(f"output[{t}] = {np.round(row, 4).tolist()}")
    print()


w, out = attend(E, E, E)
report("self-attention, query = key = value", TOK, w, out)
for t, x in zip(TOK, w[3]):
    print(f"rude -> {t}: {x:.3f}")
print()

Wq = np.array([[0, -1, 0, 0], [0, 0, 0, 0], [0, -1, 0, 0], [0, 0, 0, 0]], dtype=float)
Q = E @ Wq.T
w2, out2 = attend(Q, E, E)
report("with the query matrix Wq", TOK, w2, out2)
# With the query matrix, rude attends 0.440 to support and 0.440 to not: the complaint
# word looks for its subject and for the negation that flips it, which is what this phrase needs.
ref = torch.nn.functional.scaled_dot_product_attention(
    torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
print(f"max |numpy - torch| = {np.abs(ref - out2).max():.3e}")

perm = [3, 1, 0, 2]
w3, out3 = attend(E[perm] @ Wq.T, E[perm], E[perm])
report("shuffled rows, query matrix", [TOK[i] for i in perm], w3, out3)
print("shuffled outputs are the old rows, reordered:", bool(np.allclose(out3, out2[perm])))
# After the shuffle every output row moved together with its token.
# The numbers in each token's row stayed the same.
# So attention by itself is blind to position: word order has to be added separately.
