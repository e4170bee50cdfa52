# attention_by_hand.py
# Tests: each weight row printed as '  rude    [...]  row total = 1.0000  max = ...' (a bracketed
# list followed by cells that carry their own labels) under a 'columns = ...' legend, then the
# output rows without such cells, all in one paragraph. The labelled cells are the row's
# totals, not its label or its elements; the output row is the list without a total.
# A correct solution.
#
# On paper first: rude = [0, -2, 0, 0]. Dotted with support, was, not and rude that is
# 0, 0, 0 and 4, and after dividing by sqrt(4) = 2 it is 0, 0, 0 and 2. exp(2) = 7.389, the
# total is 10.389, so rude keeps 0.711 for itself and gives 0.096 to each other token.
import numpy as np
import torch

np.set_printoptions(precision=4, suppress=True)
WORDS = ["support", "was", "not", "rude"]
E = np.array([[2.0, 0.0, 0.0, 0.0],
              [0.0, 0.0, 0.0, 2.0],
              [0.0, 0.0, 2.0, 0.5],
              [0.0, -2.0, 0.0, 0.0]])


def softmax_rows(s):
    e = np.exp(s - s.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def report(title, words, q, k, v):
    w = softmax_rows(q @ k.T / np.sqrt(k.shape[1]))
    out = w @ v
    print(title)
    print("columns = " + ", ".join(words))
    for name, row in zip(words, w):
        print(f"  {name:<8}{row}  row total = {row.sum():.4f}  max = {row.max():.4f}")
    print("output rows")
    for name, row in zip(words, out):
        print(f"  {name:<8}{row}")
    return out


report("self-attention (query = key = value = E)", WORDS, E, E, E)

Wq = np.zeros((4, 4))
Wq[0, 1] = -1.0
Wq[2, 1] = -1.0
out_q = report("with the query matrix Wq", WORDS, E @ Wq.T, E, E)
# With Wq the rude row gives 0.440 to support and 0.440 to not: it looks for its subject
# and for the negation in front of it.

ref = torch.nn.functional.scaled_dot_product_attention(
    torch.tensor(E @ Wq.T), torch.tensor(E), torch.tensor(E)).numpy()
print(f"max abs gap to torch: {np.abs(ref - out_q).max():.3e}")

perm = [3, 1, 0, 2]
report("shuffled word order, query matrix kept", [WORDS[p] for p in perm],
       E[perm] @ Wq.T, E[perm], E[perm])
# After shuffling, each output row moves with its word and its numbers stay the same.
# Attention by itself is blind to word order, so position must be added to the meanings.
