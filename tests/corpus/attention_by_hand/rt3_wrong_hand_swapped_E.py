# attention_by_hand.py
# Hand work (before running): the rude row is [0, -2, 0, 0]; its dot products with
# support, was, not and rude are 0, 0, 0 and 4, which become 0, 0, 0 and 2 after
# dividing by sqrt(4). The softmax puts 0.711 on support and 0.096 on each of was,
# not and rude, so rude mostly attends to the subject, support.
import numpy as np
import torch

np.set_printoptions(formatter={"float": "{:10.3E}".format})
TOK = ["support", "was", "not", "rude"]
E = np.array([[2.0, 0, 0, 0], [0, 0, 0, 2.0], [0, 0, 2.0, 0.5], [0, -2.0, 0, 0]])


def attend(Q, K, V):
    s = (Q @ K.T) / np.sqrt(Q.shape[-1])
    p = np.exp(s - s.max(-1, keepdims=True))
    p = p / p.sum(-1, keepdims=True)
    return p, p @ V


def show(title, toks, W, O):
    print(title)
    print("  weights (rows = queries; columns:", ", ".join(toks) + ")")
    for t, r in zip(toks, W):
        print(f"  {t:<8}{r}  sum={r.sum():.3E}")
    print("  outputs")
    for t, r in zip(toks, O):
        print(f"  {t:<8}{r}")


W1, O1 = attend(E, E, E)
show("query = key = value = E", TOK, W1, O1)

Wq = np.array([[0, -1.0, 0, 0], [0, 0, 0, 0], [0, -1.0, 0, 0], [0, 0, 0, 0]])
Q = E @ Wq.T
W2, O2 = attend(Q, E, E)
show("query matrix Wq (Q = E Wq^T)", TOK, W2, O2)
# With the query matrix rude attends to support and not (0.440 each): it looks for the
# thing it describes and for a negator, which is what "support was not rude" needs.

gap = np.abs(torch.nn.functional.scaled_dot_product_attention(
    torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy() - O2).max()
print(f"largest gap to torch: {gap:.3E}")

idx = [1, 2, 3, 0]
W3, O3 = attend(E[idx] @ Wq.T, E[idx], E[idx])
show("shuffled order, query matrix", [TOK[i] for i in idx], W3, O3)
# The output rows move with their tokens when the rows are shuffled.
# Each token's output values are the same as before.
# Attention alone is blind to order, so position has to be added to the meanings.
