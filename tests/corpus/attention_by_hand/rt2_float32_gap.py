# attention_by_hand.py -- WRONG on one check (red team 2): everything is computed in
# float32 (np.float32 meanings, torch float32 tensors), so the weights and outputs are
# right to 3 decimals but the gap against PyTorch is float32 rounding, far above 1e-12.
#
# By hand: rude . (support, was, not, rude) = 0, 0, 0, 4; divided by sqrt(4): 0, 0, 0, 2;
# softmax: 0.096, 0.096, 0.096, 0.711.
import numpy as np
import torch

TOKENS = ["support", "was", "not", "rude"]
E = np.array([[2, 0, 0, 0], [0, 0, 0, 2], [0, 0, 2, 0.5], [0, -2, 0, 0]], dtype=np.float32)


def attend(Q, K, V):
    s = Q @ K.T / np.float32(np.sqrt(K.shape[1]))
    w = np.exp(s - s.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)
    return w, w @ V


def show(label, w, out):
    print(f"\n--- {label} ---")
    print(f"{'':<9s}" + "".join(f"{t:>10s}" for t in TOKENS) + f"{'sum':>8s}")
    for t, r in zip(TOKENS, w):
        print(f"{t:<9s}" + "".join(f"{v:10.4f}" for v in r) + f"{r.sum():8.4f}")
    print("output rows:")
    for t, r in zip(TOKENS, out):
        print(f"  {t:<8s} " + " ".join(f"{x:8.4f}" for x in r))


w, out = attend(E, E, E)
show("A. query = key = value", w, out)
# The rude row attends 0.440 to support and 0.440 to not: its subject and its negator.
Wq = np.array([[0, -1, 0, 0], [0, 0, 0, 0], [0, -1, 0, 0], [0, 0, 0, 0]], dtype=np.float32)
Q = E @ Wq.T
w, out = attend(Q, E, E)
show("B. with the query matrix Wq", w, out)
t = torch.nn.functional.scaled_dot_product_attention(
    torch.tensor(Q).unsqueeze(0), torch.tensor(E).unsqueeze(0), torch.tensor(E).unsqueeze(0))[0].numpy()
print(f"\nmax abs gap numpy vs torch: {np.abs(t - out).max():.3e}  (dtype {out.dtype})")
# Shuffle: each output row moves with its token.
# The values are unchanged.
# Attention alone is blind to order, so it needs position information.
