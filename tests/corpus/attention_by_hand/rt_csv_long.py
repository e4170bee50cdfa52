# attention_by_hand.py -- red team: long-format CSV (setting,query,key,weight), 6 decimals.
# Paper first: rude . [support, was, not, rude] = 0, 0, 0, 4, and over sqrt(4)
# that is 0, 0, 0, 2. Softmax: exp(2) = 7.389 and the total is 10.389, so
# rude keeps 0.711 on itself and 0.096 on each of the other three tokens.
import numpy as np
import torch

words = ["support", "was", "not", "rude"]
E = np.array([[2, 0, 0, 0], [0, 0, 0, 2], [0, 0, 2, 0.5], [0, -2, 0, 0]], dtype=float)


def attend(Q, K, V):
    z = Q @ K.T / np.sqrt(Q.shape[1])
    w = np.exp(z - z.max(axis=1, keepdims=True))
    w = w / w.sum(axis=1, keepdims=True)
    return w, w @ V


Wq = np.array([[0, -1, 0, 0], [0, 0, 0, 0], [0, -1, 0, 0], [0, 0, 0, 0]], dtype=float)
runs = {"self-attention": attend(E, E, E), "query matrix": attend(E @ Wq.T, E, E)}
print("setting,query,support,was,not,rude,sum")
for name, (w, _) in runs.items():
    for q, row in zip(words, w):
        print(f"{name},{q}," + ",".join(f"{v:.6f}" for v in row) + f",{row.sum():.6f}")
out = runs["query matrix"][1]
print()
print("setting,token,subject,good/bad,negation,filler")
for t, row in zip(words, out):
    print("query matrix output," + t + "," + ",".join(f"{v:.6f}" for v in row))
# With the query matrix rude attends to support and to not: a negative word
# must find its subject and check for a negator before it means anything.
sdpa = torch.nn.functional.scaled_dot_product_attention(
    torch.tensor(E @ Wq.T), torch.tensor(E), torch.tensor(E)).numpy()
print()
print(f"max abs difference vs pytorch,{np.abs(sdpa - out).max():.3e}")
perm = [1, 2, 3, 0]
_, out_s = attend(E[perm] @ Wq.T, E[perm], E[perm])
print(f"shuffled rows equal original rows moved,{np.allclose(out_s, out[perm])}")
# Shuffling moved every output row along with its own token.
# The values of each token's row stayed the same.
# So attention is blind to order; position has to come from somewhere else.
