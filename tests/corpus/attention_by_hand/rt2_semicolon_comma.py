# attention_by_hand.py -- red team 2: a European-locale student: semicolon-separated lines for
# Excel with decimal commas (0,711), the way a German/French spreadsheet wants them.
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


def de(x, nd=3):
    return f"{x:.{nd}f}".replace(".", ",")


def show(title, w, out):
    print(f"\n{title}")
    print("query;" + ";".join(TOKENS) + ";sum")
    for t, r in zip(TOKENS, w):
        print(t + ";" + ";".join(de(v) for v in r) + ";" + de(r.sum()))
    print("output;subject;good/bad;negation;filler")
    for t, r in zip(TOKENS, out):
        print(t + ";" + ";".join(de(v) for v in r))


w, out = attend(E, E, E)
show("self-attention (query = key = value)", w, out)
# With the query matrix rude attends 0.440 to support and 0.440 to not: it finds
# its subject and its negator, the right pairing for "not rude".
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
w, out = attend(Q, E, E)
show("query matrix Wq", w, out)
t = torch.nn.functional.scaled_dot_product_attention(
    torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
print("\nlargest gap against torch;" + f"{np.abs(t - out).max():.2e}".replace(".", ","))
# Shuffling the rows: the output rows move with their tokens.
# The values are unchanged.
# So attention alone is blind to order.
