# attention_by_hand.py -- red team 2: a torch-first student.  attend() is written with
# numpy as asked, but every result is printed as a torch tensor (tensor([...], dtype=torch.float64)),
# one labelled line per row, and the gap against torch is printed as a 0-d tensor.
#
# Hand work for the rude row: dot products 0, 0, 0, 4; scaled by 1/sqrt(4): 0, 0, 0, 2;
# softmax: 0.0963, 0.0963, 0.0963, 0.7112.
import numpy as np
import torch

torch.set_printoptions(precision=4)
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


def dump(title, w, out):
    print(f"== {title} ==")
    print("weights (columns: support, was, not, rude)")
    for t, r in zip(TOKENS, torch.from_numpy(w)):
        print(f"  {t:8s}", r)
    print("row sums", torch.from_numpy(w).sum(dim=1))
    print("outputs")
    for t, r in zip(TOKENS, torch.from_numpy(out)):
        print(f"  {t:8s}", r)


w, out = attend(E, E, E)
dump("self-attention (Q = K = V = E)", w, out)

# The rude row now attends to support and to not, 0.440 each: the negative word
# finds its subject and the negator, which is the right reading of "not rude".
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
w, out = attend(Q, E, E)
dump("query matrix Wq", w, out)

ref = torch.nn.functional.scaled_dot_product_attention(
    torch.from_numpy(Q), torch.from_numpy(E), torch.from_numpy(E))
print("max |numpy - torch| =", (ref - torch.from_numpy(out)).abs().max())

# Shuffled: the output rows follow their tokens to the new positions.
# The values in each row are the same as before the shuffle.
# So attention alone ignores word order and needs positional encodings.
perm = torch.randperm(4, generator=torch.Generator().manual_seed(0)).numpy()
ws, outs = attend(E[perm] @ Wq.T, E[perm], E[perm])
print("shuffle order", [TOKENS[i] for i in perm], "rows moved, values same:", np.allclose(outs, out[perm]))
