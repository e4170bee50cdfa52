# attention_by_hand.py — correct; each block is introduced only by a banner carrying
# the exercise's step number ("=== Step 2 ===", "=== Step 3 ===", "=== Step 4 ==="),
# the weights as a labelled numpy matrix and the outputs as one list per token.
# Tests: a section named only by the part number it is in the exercise's list.
#
# Step 1, by hand: rude = [0, -2, 0, 0]; its dot products with support, was, not, rude
# are 0, 0, 0 and 4, halved by sqrt(4) to 0, 0, 0 and 2.  exp(2) = 7.389 and exp(0) = 1,
# the total is 10.389, so the softmax gives 0.096 to each other token and 0.711 to rude.
import numpy as np
import torch

np.set_printoptions(precision=4, suppress=True)
words = ["support", "was", "not", "rude"]
emb = np.array([[2.0, 0.0, 0.0, 0.0],
                [0.0, 0.0, 0.0, 2.0],
                [0.0, 0.0, 2.0, 0.5],
                [0.0, -2.0, 0.0, 0.0]])


def softmax_rows(z):
    z = np.exp(z - z.max(axis=1, keepdims=True))
    return z / z.sum(axis=1, keepdims=True)


def attend(Q, K, V):
    w = softmax_rows(Q @ K.T / np.sqrt(Q.shape[1]))
    return w, w @ V


def report(step, toks, w, out):
    print(f"=== Step {step} ===")
    print("weights, one row per query token; columns: " + ", ".join(toks))
    for t, r in zip(toks, w):
        print(f"  {t:>8}: {r}   row sum {r.sum():.4f}")
    print("outputs:")
    for t, r in zip(toks, out):
        print(f"  {t:>8}: {np.round(r, 4).tolist()}")
    print()


w2, o2 = attend(emb, emb, emb)
report(2, words, w2, o2)

Wq = np.array([[0.0, -1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]])
Q = emb @ Wq.T
w3, o3 = attend(Q, emb, emb)
report(3, words, w3, o3)
# With Wq, rude attends 0.440 to support and 0.440 to not: the complaint word looks for
# the subject it is about and for a negator, which is how "not rude" becomes praise.

gap = np.abs(torch.nn.functional.scaled_dot_product_attention(
    torch.tensor(Q), torch.tensor(emb), torch.tensor(emb)).numpy() - o3).max()
print(f"largest gap to torch: {gap:.2e}")

perm = [1, 3, 0, 2]
w4, o4 = attend(emb[perm] @ Wq.T, emb[perm], emb[perm])
report(4, [words[k] for k in perm], w4, o4)
# After shuffling, each output row moved along with its token to the new position.
# The numbers inside every token's row stayed exactly the same.
# So attention by itself ignores word order: it needs position information added.
