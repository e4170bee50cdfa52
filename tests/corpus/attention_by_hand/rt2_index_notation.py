# attention_by_hand.py -- red team 2: every weight on its own line in index notation,
# w[query,key] = value, and the torch check printed next to its tolerance (1e-12).
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


def dump(name, w, out):
    for i, q in enumerate(TOKENS):
        for j, k in enumerate(TOKENS):
            print(f"{name}[{q},{k}] = {w[i, j]:.4f}")
        print(f"sum({name}[{q},:]) = {w[i].sum():.4f}")
    for i, q in enumerate(TOKENS):
        print(f"out_{name}[{q}] = ({', '.join(f'{x:.4f}' for x in out[i])})")


print("Part 2: query = key = value = E")
w, out = attend(E, E, E)
dump("A", w, out)

# With the query matrix, rude attends 0.440 to support and 0.440 to not: a negative
# word looks up its subject and the negator, which is right for "not rude".
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nPart 3: with the query matrix Wq")
w, out = attend(Q, E, E)
dump("B", w, out)

t = torch.nn.functional.scaled_dot_product_attention(
    torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
gap = np.abs(t - out).max()
print(f"\nPart 4: tolerance 1e-12, max |numpy - torch| = {gap:.3e} -> {'OK' if gap < 1e-12 else 'MISMATCH'}")

# After shuffling, the output rows move with their tokens.
# Their values are unchanged.
# So attention alone is blind to the order of the tokens.
