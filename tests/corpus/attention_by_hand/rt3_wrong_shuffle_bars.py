# attention_by_hand.py — weights drawn as horizontal bar charts, one block per query token.
#
# By hand, before running: the rude row [0, -2, 0, 0] dotted with support, was,
# not and rude gives 0, 0, 0 and 4. Divided by sqrt(4) = 2: 0, 0, 0, 2.
# Softmax: exp(2) = 7.389, total 7.389 + 3 = 10.389, so rude gets 0.711 and each
# of the other three gets 0.096.
import numpy as np
import torch

TOKENS = ["support", "was", "not", "rude"]
E = np.array([[2.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 2.0], [0.0, 0.0, 2.0, 0.5], [0.0, -2.0, 0.0, 0.0]])


def attend(Q, K, V):
    scores = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(scores - scores.max(axis=1, keepdims=True))
    w /= w.sum(axis=1, keepdims=True)
    return w, w @ V


def bars(title, toks, w, out):
    print(f"=== {title} ===")
    for i, q in enumerate(toks):
        print(f"{q} attends to:")
        for k, p in zip(toks, w[i]):
            print(f"  {k:<8} {'█' * round(p * 30):<30} {100 * p:5.1f}%")
        print(f"  (sum {100 * w[i].sum():.1f}%)  output {np.round(out[i], 3).tolist()}")
    print()


w, out = attend(E, E, E)
bars("query = key = value = E", TOKENS, w, out)

Wq = np.zeros((4, 4))
Wq[0, 1] = Wq[2, 1] = -1.0
Q = E @ Wq.T
wq, outq = attend(Q, E, E)
bars("query matrix: Q = E @ Wq.T", TOKENS, wq, outq)
# rude attends to support and not, 44% each: a complaint word looks for what it
# is about and for a negator, and "not rude" about support is praise.

t = torch.nn.functional.scaled_dot_product_attention(torch.tensor(Q), torch.tensor(E), torch.tensor(E))
print(f"biggest difference from torch: {np.abs(t.numpy() - outq).max():.1e}\n")

order = [1, 3, 0, 2]
Es = E[order]
ws, outs = attend(Es @ Wq.T, Es, Es)
bars("shuffled: was, rude, support, not", [TOKENS[i] for i in order], ws, outs)
# Shuffled, the rows come out in the new order and each token's numbers are the same as before.
# Nothing about the values changed, so attention already knows which word came first.
# That is why a transformer needs no position information.
