# attention_by_hand.py -- WRONG: softmax normalised over the columns (axis 0).
#
# By hand, before running: rude = [0, -2, 0, 0]. Its dot products with
# support, was, not and rude are 0, 0, 0 and 4. Dividing by sqrt(4) = 2 gives
# 0, 0, 0 and 2. The softmax is then 0.096 for each of the three others and
# 0.711 for rude itself, because e^2 / (3 + e^2) = 0.711.
import numpy as np
import torch

TOK = ["support", "was", "not", "rude"]
M = np.array([[2, 0, 0, 0], [0, 0, 0, 2], [0, 0, 2, 0.5], [0, -2, 0, 0]], dtype=float)


def attend(Q, K, V):
    s = Q @ K.T / np.sqrt(K.shape[1])
    s = s - s.max(axis=0, keepdims=True)
    w = np.exp(s)
    w /= w.sum(axis=0, keepdims=True)
    return w, w @ V


def md(title, toks, w):
    print(f"### {title}")
    print("| query \\ key | " + " | ".join(toks) + " | row sum |")
    print("|---" * (len(toks) + 2) + "|")
    for t, r in zip(toks, w):
        print(f"| **{t}** | " + " | ".join(f"{100 * v:.1f}%" for v in r) + f" | {100 * r.sum():.1f}% |")
    print()


w1, o1 = attend(M, M, M)
md("Self-attention (Q = K = V = meanings)", TOK, w1)

# With the query matrix the rude row asks for its subject and for a negator:
# rude attends to support (the thing being described) and to not (the negator),
# which is the right pairing because "not rude" is praise of the support team.
Wq = np.zeros((4, 4))
Wq[0, 1] = -1.0
Wq[2, 1] = -1.0
Q = M @ Wq.T
w2, o2 = attend(Q, M, M)
md("With the query matrix Wq", TOK, w2)
print("| token | subject | good/bad | negation | filler |")
print("|---|---|---|---|---|")
for t, r in zip(TOK, o2):
    print(f"| {t} | " + " | ".join(f"{v:.3f}" for v in r) + " |")
print()

ref = torch.nn.functional.scaled_dot_product_attention(
    torch.from_numpy(Q), torch.from_numpy(M), torch.from_numpy(M)).numpy()
print(f"**max abs diff vs torch:** {np.abs(ref - o2).max():.1e}")

perm = [3, 1, 0, 2]
Ms = M[perm]
w3, o3 = attend(Ms @ Wq.T, Ms, Ms)
md("Shuffled token order", [TOK[k] for k in perm], w3)
print("outputs equal after undoing the shuffle:", np.allclose(o3, o2[perm]))
# After shuffling, each output row moved together with its token.
# The numbers inside every row stayed exactly the same.
# So attention by itself has no idea of word order; position must be added.
