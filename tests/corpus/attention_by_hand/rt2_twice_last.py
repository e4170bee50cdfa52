# attention_by_hand.py -- red team 2: the student's first attempt forgot the sqrt(d)
# scaling; they left it printed, labelled as a mistake, and printed the fixed tables
# after it.  The LAST tables are the answer (and the heading says so).
#
# By hand, before running: rude . (support, was, not, rude) = 0, 0, 0, 4.
# Divided by sqrt(4) = 2 -> 0, 0, 0, 2.  softmax -> 0.096, 0.096, 0.096, 0.711.
import numpy as np
import torch

TOKENS = ["support", "was", "not", "rude"]
E = np.array([[2.0, 0.0, 0.0, 0.0],
              [0.0, 0.0, 0.0, 2.0],
              [0.0, 0.0, 2.0, 0.5],
              [0.0, -2.0, 0.0, 0.0]])
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T


def attend(Q, K, V, scale):
    s = Q @ K.T * scale
    w = np.exp(s - s.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)
    return w, w @ V


def table(title, w, out):
    print(title)
    print(f"{'':9s}" + "".join(f"{t:>9s}" for t in TOKENS) + f"{'sum':>7s}")
    for t, r in zip(TOKENS, w):
        print(f"{t:9s}" + "".join(f"{v:9.3f}" for v in r) + f"{r.sum():7.3f}")
    print(f"output rude: {np.round(out[3], 3)}")


for attempt, scale in (("attempt 1 (WRONG, I forgot to divide by sqrt(d) - ignore)", 1.0),
                       ("attempt 2 (fixed: scores / sqrt(4)) - FINAL", 1 / np.sqrt(4))):
    print(f"######## {attempt} ########")
    w, out = attend(E, E, E, scale)
    table("self-attention, query = key = value:", w, out)
    # rude attends 0.440 to support and to not with Wq: subject and negator, right for "not rude"
    w, out = attend(Q, E, E, scale)
    table("with the query matrix Wq:", w, out)
    print()

t = torch.nn.functional.scaled_dot_product_attention(
    torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
print(f"largest gap against torch's own attention (final version): {np.abs(t - out).max():.2e}")

# Shuffling the rows: the output rows move along with their tokens.
# The values are unchanged, each token keeps exactly the same output.
# Attention alone does not know the order of the words, so it needs positions.
p = [2, 0, 1, 3]
ws, outs = attend(E[p] @ Wq.T, E[p], E[p], 1 / np.sqrt(4))
print("shuffled == moved originals:", np.allclose(outs, out[p]))
