# attention_by_hand.py — correct; the output is organised by the exercise's part numbers
# only ("[Part 2]", "[Part 3]", "[Part 4]"), with no other title on each block.
#
# Part 1 (on paper, before running): rude = [0, -2, 0, 0]. Against support, was, not and
# rude the dot products are 0, 0, 0, 4, and after dividing by sqrt(4) = 2 they are
# 0, 0, 0, 2. e^2 = 7.389 and the three others give e^0 = 1 each, so the softmax is
# 7.389 / 10.389 = 0.711 for rude and 1 / 10.389 = 0.096 for each other token.
import numpy as np
import torch

names = ("support", "was", "not", "rude")
M = np.array([[2, 0, 0, 0], [0, 0, 0, 2], [0, 0, 2, 0.5], [0, -2, 0, 0]], dtype=float)


def attend(Q, K, V):
    z = Q @ K.T / np.sqrt(Q.shape[1])
    z = np.exp(z - z.max(axis=1, keepdims=True))
    A = z / z.sum(axis=1, keepdims=True)
    return A, A @ V


def dump(part, toks, A, out):
    print(f"[Part {part}]")
    print("  weights " + " ".join(f"{t:>8}" for t in toks) + "  row_sum")
    for t, r in zip(toks, A):
        print(f"  {t:<7} " + " ".join(f"{x:8.4f}" for x in r) + f"  {r.sum():7.4f}")
    print("  outputs")
    for t, r in zip(toks, out):
        print(f"  {t:<7} " + " ".join(f"{x:8.4f}" for x in r))


A2, out2 = attend(M, M, M)
dump(2, names, A2, out2)

Wq = np.array([[0, -1, 0, 0], [0, 0, 0, 0], [0, -1, 0, 0], [0, 0, 0, 0]], dtype=float)
Q = M @ Wq.T
A3, out3 = attend(Q, M, M)
dump(3, names, A3, out3)
# rude now attends 0.440 to support and 0.440 to not: the complaint word asks for its
# subject and for a negator, which is exactly what "support was not rude" needs.
ref = torch.nn.functional.scaled_dot_product_attention(torch.tensor(Q), torch.tensor(M), torch.tensor(M))
print(f"  max |attend - torch| = {np.max(np.abs(ref.numpy() - out3)):.3g}")

perm = [3, 0, 2, 1]
A4, out4 = attend(M[perm] @ Wq.T, M[perm], M[perm])
dump(4, [names[i] for i in perm], A4, out4)
# After the shuffle every output row moved with its token to the new place.
# The numbers in each token's row are the same as before the shuffle.
# So attention alone is blind to order: without position information the sentence is a bag.
