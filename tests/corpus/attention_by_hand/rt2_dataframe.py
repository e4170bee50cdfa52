# attention_by_hand.py -- red team 2: pandas-style DataFrame printing (written by hand, the
# lab machine has no pandas): an index name on its own line under the column header,
# six decimals, a row-sum Series with "dtype: float64", and the torch check as a Series.
#
# Paper, before any code.  The rude row is [0, -2, 0, 0]; its dot products with
# support, was, not, rude are 0, 0, 0, 4.  Over sqrt(4) = 2 that is 0, 0, 0, 2,
# and softmax gives 0.096, 0.096, 0.096 and 0.711 (e^2 / (3 + e^2)).
import numpy as np
import torch

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],
              [0.0, 0.0, 0.0, 2.0],
              [0.0, 0.0, 2.0, 0.5],
              [0.0, -2.0, 0.0, 0.0]])


def attend(Q, K, V):
    s = Q @ K.T / np.sqrt(K.shape[-1])
    w = np.exp(s - s.max(-1, keepdims=True))
    w /= w.sum(-1, keepdims=True)
    return w, w @ V


def frame(values, index, columns, index_name=None, columns_name=None):
    """print(df) the way pandas lays it out."""
    cells = [[f"{v:.6f}" for v in row] for row in values]
    iw = max(len(i) for i in index + [index_name or "", columns_name or ""])
    cw = [max(len(c), *(len(r[j]) for r in cells)) for j, c in enumerate(columns)]
    print((columns_name or "").ljust(iw) + "".join("  " + c.rjust(w) for c, w in zip(columns, cw)))
    if index_name:
        print(index_name.ljust(iw) + "".join("  " + " " * w for w in cw))
    for name, r in zip(index, cells):
        print(name.ljust(iw) + "".join("  " + v.rjust(w) for v, w in zip(r, cw)))


def series(values, index, name=None):
    iw = max(len(i) for i in index)
    r = [round(float(v), 6) for v in values]
    vals = [f"{v:.1f}" for v in r] if all(v == int(v) for v in r) else [f"{v:.6f}" for v in r]
    vw = max(len(v) for v in vals)
    if name:
        print(name)
    for i, v in zip(index, vals):
        print(i.ljust(iw) + "    " + v.rjust(vw))
    print("dtype: float64")


def report(title, w, out):
    print(f"\n>>> {title}")
    print("weights_df")
    frame(w, TOKENS, TOKENS, index_name="query", columns_name="key")
    print("\nweights_df.sum(axis=1)")
    series(w.sum(1), TOKENS, name="query")
    print("\noutput_df")
    frame(out, TOKENS, AXES)


w1, o1 = attend(E, E, E)
report("self-attention, Q = K = V = E", w1, o1)

# With Wq the rude row attends 0.440 to support and 0.440 to not, 0.060 to the rest.
# That is the right pairing: a bad word looks for its subject and for a negator,
# and "not rude" about the support team is praise.
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
w2, o2 = attend(Q, E, E)
report("separate query: Q = E @ Wq.T, K = V = E", w2, o2)

ref = torch.nn.functional.scaled_dot_product_attention(
    torch.from_numpy(Q), torch.from_numpy(E), torch.from_numpy(E)).numpy()
print("\ncheck_vs_torch")
print(f"max_abs_diff    {np.abs(ref - o2).max():.6e}")
print(f"allclose        {np.allclose(ref, o2)}")
print("dtype: object")

# Shuffling the rows: each output row moved to wherever its token went.
# The numbers in each row were unchanged, only their order in the table changed.
# So attention on its own cannot see word order, it needs position information.
idx = [1, 3, 2, 0]
Es = E[idx]
w3, o3 = attend(Es @ Wq.T, Es, Es)
print("\nshuffled rows match the moved originals:", np.allclose(o3, o2[idx]))
