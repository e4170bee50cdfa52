# attention_by_hand.py -- red team 2: tables drawn like the rich library does (unicode box
# characters ┏━┳━┓ ┃ ┡━╇━┩ │ └─┴─┘), a title line above each box.
#
# Paper: rude . (support, was, not, rude) = 0, 0, 0, 4; / sqrt(4) = 0, 0, 0, 2;
# softmax = 0.096, 0.096, 0.096, 0.711.
import numpy as np
import torch

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],
              [0.0, 0.0, 0.0, 2.0],
              [0.0, 0.0, 2.0, 0.5],
              [0.0, -2.0, 0.0, 0.0]])
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T


def attend(Q, K, V):
    s = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(s - s.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)
    return w, w @ V


def box(title, header, rows):
    cells = [header] + [[r[0]] + [f"{v:.3f}" for v in r[1:]] for r in rows]
    wd = [max(len(c[i]) for c in cells) for i in range(len(header))]
    print(f"{title:^{sum(wd) + 3 * len(wd) + 1}}")
    print("┏" + "┳".join("━" * (x + 2) for x in wd) + "┓")
    print("┃" + "┃".join(f" {h:<{x}} " for h, x in zip(header, wd)) + "┃")
    print("┡" + "╇".join("━" * (x + 2) for x in wd) + "┩")
    for c in cells[1:]:
        print("│" + "│".join(f" {v:<{x}} " if i == 0 else f" {v:>{x}} " for i, (v, x) in enumerate(zip(c, wd))) + "│")
    print("└" + "┴".join("─" * (x + 2) for x in wd) + "┘")


for title, q in (("Self-attention weights (Q = K = V)", E), ("Weights with the query matrix Wq", Q)):
    w, out = attend(q, E, E)
    box(title, ["query"] + TOKENS + ["sum"], [[t] + list(r) + [r.sum()] for t, r in zip(TOKENS, w)])
    box(title.replace("weights", "outputs").replace("Weights", "Outputs"), ["token"] + AXES,
        [[t] + list(r) for t, r in zip(TOKENS, out)])
t = torch.nn.functional.scaled_dot_product_attention(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
print(f"max |numpy - torch| = {np.abs(t - attend(Q, E, E)[1]).max():.2e}")
# With the query matrix rude attends 0.440 to support and 0.440 to not: it finds
# its subject and its negator, the right pairing for "not rude".
# Shuffling the rows: the output rows move with their tokens.
# The values are unchanged.
# So attention alone is blind to order.
