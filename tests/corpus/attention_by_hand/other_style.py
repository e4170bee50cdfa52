# other_style.py — correct, printed as Markdown tables and "label: value" lines
# with four decimals, a different layout from the module's.
#
# By hand, before running: rude = [0, -2, 0, 0].  rude.support = 0, rude.was = 0,
# rude.not = 0 and rude.rude = 4.  Divided by sqrt(4) = 2: 0, 0, 0, 2.
# Softmax: e^0 = 1 (three times), e^2 = 7.389, sum 10.389, giving
# 0.096, 0.096, 0.096 and 0.711.
import numpy as np
import torch
import torch.nn.functional as F

words = ["support", "was", "not", "rude"]
M = np.array([[2, 0, 0, 0], [0, 0, 0, 2], [0, 0, 2, 0.5], [0, -2, 0, 0]], dtype=float)


def attend(Q, K, V):
    s = Q @ K.T / np.sqrt(K.shape[1])
    e = np.exp(s - s.max(axis=1, keepdims=True))
    A = e / e.sum(axis=1, keepdims=True)
    return A, A @ V


def md_table(title, names, A):
    print(f"\n### {title}\n")
    print("| query \\ key | " + " | ".join(names) + " | row sum |")
    print("|---" * (len(names) + 2) + "|")
    for n, row in zip(names, A):
        print(f"| {n} | " + " | ".join(f"{x:.4f}" for x in row) + f" | {row.sum():.4f} |")


def vectors(names, O):
    for n, row in zip(names, O):
        print(f"output[{n}]: (" + ", ".join(f"{x:.4f}" for x in row) + ")")


r = words.index("rude")
print("## Part 1: the rude row by hand")
print("dot products: " + ", ".join(f"{w}={x:g}" for w, x in zip(words, M[r] @ M.T)))
print("scaled by sqrt(4): " + ", ".join(f"{w}={x:g}" for w, x in zip(words, M[r] @ M.T / 2)))

A, O = attend(M, M, M)
md_table("Part 2: Q = K = V = the meanings", words, A)
vectors(words, O)

# The query matrix makes rude ask for its subject (support) and a negator (not),
# so rude attends 0.440 to each: "not rude" is about the support team, and positive.
Wq = np.zeros((4, 4))
Wq[0, 1] = -1.0
Wq[2, 1] = -1.0
Q = M @ Wq.T
A2, O2 = attend(Q, M, M)
md_table("Part 3: with the query matrix", words, A2)
vectors(words, O2)
print(f"rude good/bad: {M[r, 1]:+.4f} -> {O2[r, 1]:+.4f}")
print(f"rude negation: {M[r, 2]:+.4f} -> {O2[r, 2]:+.4f}")

ref = F.scaled_dot_product_attention(torch.from_numpy(Q), torch.from_numpy(M), torch.from_numpy(M))
print(f"\nmax |torch - numpy| = {np.abs(ref.numpy() - O2).max():.3e}")

# Shuffling the rows moves each output row along with its token.
# The numbers inside each token's output row stay exactly the same.
# So attention by itself cannot see word order; position must be added.
perm = [3, 1, 0, 2]
A3, O3 = attend(Q[perm], M[perm], M[perm])
md_table("Part 4: rows shuffled", [words[p] for p in perm], A3)
vectors([words[p] for p in perm], O3)
print("shuffled outputs equal original outputs moved with their tokens:", np.allclose(O3, O2[perm]))
