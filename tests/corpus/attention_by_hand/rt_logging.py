# attention_by_hand.py -- a logging-module student.
# Hand work: rude . (support, was, not, rude) = 0, 0, 0, 4; divided by the
# square root of 4 that is 0, 0, 0, 2; exp gives 1, 1, 1, 7.389 over a total
# of 10.389, so the weights are 0.096, 0.096, 0.096 and 0.711.
import logging
import sys
import numpy as np
import torch

logging.basicConfig(level=logging.DEBUG, stream=sys.stdout)
log = logging.getLogger()

names = ["support", "was", "not", "rude"]
emb = np.array([[2, 0, 0, 0], [0, 0, 0, 2], [0, 0, 2, .5], [0, -2, 0, 0]], dtype=np.float64)


def attend(Q, K, V):
    sc = Q @ K.T / np.sqrt(K.shape[-1])
    log.debug("scores shape=%s max=%.3f", sc.shape, sc.max())
    p = np.exp(sc - sc.max(-1, keepdims=True))
    p = p / p.sum(-1, keepdims=True)
    return p, p @ V


def dump(tag, w, toks=names):
    for i, q in enumerate(toks):
        log.info("%s query=%s %s sum=%.4f", tag, q,
                 " ".join(f"{k}={w[i, j]:.4f}" for j, k in enumerate(toks)), w[i].sum())


w, o = attend(emb, emb, emb)
dump("self-attention", w)

wq_mat = np.array([[0, -1, 0, 0], [0, 0, 0, 0], [0, -1, 0, 0], [0, 0, 0, 0]], dtype=np.float64)
q = emb @ wq_mat.T
w2, o2 = attend(q, emb, emb)
dump("query-matrix", w2)
log.info("query-matrix output rude=[%s]", ", ".join(f"{v:.4f}" for v in o2[3]))
# Rude attends to support and to not, because the query matrix makes a
# negative word look for its subject and for a negator.

ref = torch.nn.functional.scaled_dot_product_attention(
    torch.tensor(q), torch.tensor(emb), torch.tensor(emb)).numpy()
log.warning("torch gap=%.3e", np.abs(ref - o2).max())

order = [2, 3, 0, 1]
ws, os_ = attend(emb[order] @ wq_mat.T, emb[order], emb[order])
log.info("shuffled rows follow their tokens: %s", np.allclose(os_, o2[order]))
# The shuffled output rows move with their tokens.
# Their values are unchanged, number for number.
# That means attention alone cannot see order; position has to be injected.
