# attention_by_hand.py -- red team 2: a Windows-1252 / Latin-1 terminal: stdout re-encoded
# as latin-1, headings with accented words, a non-breaking space (0xA0) between the columns
# and a middle dot (0xB7) in the captions.  Correct numbers.
#
# Paper: rude . (support, was, not, rude) = 0, 0, 0, 4; / sqrt(4) = 0, 0, 0, 2;
# softmax = 0.096, 0.096, 0.096, 0.711.
import io
import sys

import numpy as np
import torch

sys.stdout = io.TextIOWrapper(sys.stdout.buffer, encoding="latin-1", newline="\n")
TOKENS = ["support", "was", "not", "rude"]
E = np.array([[2.0, 0.0, 0.0, 0.0],
              [0.0, 0.0, 0.0, 2.0],
              [0.0, 0.0, 2.0, 0.5],
              [0.0, -2.0, 0.0, 0.0]])
NB = "\u00a0"


def attend(Q, K, V):
    s = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(s - s.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)
    return w, w @ V


def show(label, w, out):
    print(f"\n» {label} «")
    print("Gewichte · Zeile = Abfrage, Spalte = Schlüssel")
    print(f"{'':<9s}" + "".join(f"{t:>10s}" for t in TOKENS).replace(" ", NB) + f"{'sum':>8s}")
    for t, r in zip(TOKENS, w):
        print(f"{t:<9s}" + "".join(f"{v:10.3f}" for v in r).replace(" ", NB) + f"{r.sum():8.3f}")
    print("Ausgabe · output rows")
    for t, r in zip(TOKENS, out):
        print(f"  {t:<8s} [" + (NB + NB).join(f"{x:.3f}" for x in r) + "]")


w, out = attend(E, E, E)
show("A. self-attention, query = key = value (naïve)", w, out)
# With the query matrix rude attends 0.440 to support and 0.440 to not: it finds
# its subject and its negator, the right pairing for "not rude".
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
w, out = attend(Q, E, E)
show("B. query matrix Wq (Abfragematrix)", w, out)
t = torch.nn.functional.scaled_dot_product_attention(
    torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
print(f"\nlargest gap against torch: {np.abs(t - out).max():.2e} ± 0")
# Shuffling the rows: the output rows move with their tokens.
# The values are unchanged.
# So attention alone is blind to order.
