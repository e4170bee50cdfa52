# attention_by_hand.py -- red team 2: a minimal student who prints the raw NumPy arrays
# (print(w), print(out)) under a one-line caption naming the row and column order.
#
# hand calculation for rude: dots 0 0 0 4, scaled 0 0 0 2, softmax 0.096 0.096 0.096 0.711
import numpy as np
import torch

E = np.array([[2, 0, 0, 0], [0, 0, 0, 2], [0, 0, 2, 0.5], [0, -2, 0, 0]], dtype=float)


def attend(Q, K, V):
    s = Q @ K.T / np.sqrt(4)
    w = np.exp(s) / np.exp(s).sum(axis=1, keepdims=True)
    return w, w @ V


print("tokens (rows and columns in this order): support, was, not, rude")
w, out = attend(E, E, E)
print("self-attention weights (Q = K = V):")
print(w)
print("row sums:", w.sum(axis=1))
print("output:")
print(out)

# with Wq, rude (last row) looks at support and not: its subject and the negator, correct for "not rude"
Wq = np.array([[0, -1, 0, 0], [0, 0, 0, 0], [0, -1, 0, 0], [0, 0, 0, 0]], dtype=float)
Q = E @ Wq.T
w, out = attend(Q, E, E)
print("weights with the query matrix Wq:")
print(w)
print("row sums:", w.sum(axis=1))
print("output:")
print(out)
t = torch.nn.functional.scaled_dot_product_attention(torch.tensor(Q), torch.tensor(E), torch.tensor(E))
print("max abs difference vs torch:", np.abs(t.numpy() - out).max())

# shuffle: the output rows move with their tokens
# but the values are the same numbers as before
# so attention does not know the order of the words
p = [3, 2, 1, 0]
w2, out2 = attend(E[p] @ Wq.T, E[p], E[p])
print(np.allclose(out2, out[p]))
