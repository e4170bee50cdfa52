# attention_by_hand.py -- red team 2: a student who uses logging.info for every result;
# logging's default handler writes to STDERR, so stdout is empty apart from one line.
#
# Paper: rude . (support, was, not, rude) = 0, 0, 0, 4; / sqrt(4) = 0, 0, 0, 2;
# softmax = 0.096, 0.096, 0.096, 0.711.
import logging

import numpy as np
import torch

logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(message)s")
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


def show(label, w, out):
    logging.info("--- %s ---", label)
    logging.info("%-9s%s%8s", "", "".join(f"{t:>10s}" for t in TOKENS), "sum")
    for t, r in zip(TOKENS, w):
        logging.info("%-9s%s%8.3f", t, "".join(f"{v:10.3f}" for v in r), r.sum())
    logging.info("output = weights times the value vectors:")
    for t, r in zip(TOKENS, out):
        logging.info("  %-8s %s", t, np.round(r, 3))


w, out = attend(E, E, E)
show("A. query = key = value = the meanings", w, out)
# rude attends 0.440 to support and 0.440 to not with Wq: its subject and its negator.
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
w, out = attend(Q, E, E)
show("B. with the query matrix Wq", w, out)
t = torch.nn.functional.scaled_dot_product_attention(
    torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
logging.info("largest gap against torch's own attention: %.2e", np.abs(t - out).max())
print("done - results are in the log above")
# Shuffling the rows: the output rows move with their tokens.
# The values are unchanged.
# So attention alone is blind to order.
