import numpy as np, torch
import torch.nn.functional as F
np.set_printoptions(precision=3, suppress=True)
# p1 by hand, rude row [0,-2,0,0] vs support/was/not/rude:
# dots 0, 0, 0, 4 -> /sqrt(4) -> 0, 0, 0, 2
# softmax: e^2=7.389, sum=3+7.389=10.389 -> 0.096 0.096 0.096 0.711
TOK = ["support", "was", "not", "rude"]
E = np.array([[2.0, 0.0, 0.0, 0.0],
              [0.0, 0.0, 0.0, 2.0],
              [0.0, 0.0, 2.0, 0.5],
              [0.0, -2.0, 0.0, 0.0]])
d = E.shape[1]

def attend(Q, K, V):
    s = Q @ K.T
    w = np.exp(s - s.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)
    return w, w @ V

# p2
w, out = attend(E, E, E)
print(w); print(w.sum(1)); print(out)
print('rude', w[3])
# hand numbers match: rude row 0.096 0.096 0.096 0.711

# p3
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print(Q)
w2, out2 = attend(Q, E, E)
print(w2); print(w2.sum(1)); print(out2)
print('rude', w2[3], E[3], out2[3])
# rude -> support 0.440 + not 0.440: bad word finds its subject + its negator, right for 'support was not rude' (= support ok)
# rude good/bad -2.000 -> -0.119, negation 0 -> 0.881; other rows have 0 queries -> flat 0.25

# p4
sdpa = getattr(F, "scaled_dot_product_attention", None)
if sdpa is None:  # torch 1.13: only the private one, returns (out, w)
    sdpa = lambda q, k, v: F._scaled_dot_product_attention(q, k, v, None, 0.0, False, False)[0]
t = sdpa(torch.tensor(Q)[None], torch.tensor(E)[None], torch.tensor(E)[None])[0].numpy()
print('gap', np.abs(t - out2).max())
perm = [2, 0, 3, 1]
w3, out3 = attend(Q[perm], E[perm], E[perm])
print([TOK[i] for i in perm])
print(w3); print(out3)
print('same rows, moved', np.abs(out3 - out2[perm]).max(), np.abs(w3 - w2[perm][:, perm]).max())
# shuffle: rows of out (+ w rows/cols) move with their tokens
# values unchanged: each token gets the exact same output vector as before
# so attention alone has no idea of order -> needs position info (2.8)
