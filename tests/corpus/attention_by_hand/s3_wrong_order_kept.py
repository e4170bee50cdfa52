# attention_by_hand.py -- WRONG shuffle conclusion (session 3): the verbose full-sentence
# student, whose shuffle comment gets the observation right (rows move with their tokens,
# values stay the same) but concludes that attention tracks word order by itself.
#
# Hand-worked before running: rude = [0, -2, 0, 0].  Its dot products with
# support, was, not and rude are 0, 0, 0 and 4, divided by sqrt(4) = 2 they are
# 0, 0, 0 and 2, and the softmax gives 0.096 to each of the first three and 0.711 to rude.
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


def pct(x):
    return f"{100 * x:.1f}%"


w, out = attend(E, E, E)
print("First, plain self-attention where the query equals the key (Q = K = V = the meanings).")
for i, t in enumerate(TOKENS):
    parts = ", ".join(f"{pct(w[i, j])} to '{k}'" for j, k in enumerate(TOKENS))
    print(f"The word '{t}' gives {parts}; its weights add up to {w[i].sum():.3f}.")

# With the query matrix, rude gives 44% of its attention to support and 44% to not,
# because a negative word should find its subject and any negator near it.
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
w, out = attend(Q, E, E)
print()
print("Next, the same tokens with the query matrix Wq applied to the queries.")
for i, t in enumerate(TOKENS):
    parts = ", ".join(f"{pct(w[i, j])} to '{k}'" for j, k in enumerate(TOKENS))
    print(f"The word '{t}' gives {parts}; its weights add up to {w[i].sum():.3f}.")
r = out[3]
print(f"After attention the word 'rude' has the new meaning [{r[0]:.3f}, {r[1]:.3f}, {r[2]:.3f}, {r[3]:.3f}], "
      f"so its good/bad value went from -2.000 to {r[1]:.3f}.")

t = torch.nn.functional.scaled_dot_product_attention(
    torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
print()
print(f"My NumPy version and PyTorch's function differ by at most {np.abs(t - out).max():.1e}, which is just rounding.")

# When I shuffle the token rows, every output row moves with its own token.
# The numbers in each row stay the same, nothing about them changes.
# That means attention keeps track of the word order on its own, with no positions added.
p = [3, 2, 1, 0]
ws, outs = attend(E[p] @ Wq.T, E[p], E[p])
print("Shuffling the rows only moves the outputs around:", np.allclose(outs, out[p]))
