# attention_by_hand.py -- WRONG (red team 2): forgets the 1/sqrt(d) scaling, and prints each
# rude row next to the module's published numbers ("course") for comparison, so the right
# numbers appear on the same lines as the wrong ones.  Only "mine" is the student's result.
#
# Paper: rude . (support, was, not, rude) = 0, 0, 0, 4; / sqrt(4) = 0, 0, 0, 2;
# softmax = 0.096, 0.096, 0.096, 0.711.
import numpy as np

TOKENS = ["support", "was", "not", "rude"]
E = np.array([[2.0, 0.0, 0.0, 0.0],
              [0.0, 0.0, 0.0, 2.0],
              [0.0, 0.0, 2.0, 0.5],
              [0.0, -2.0, 0.0, 0.0]])
COURSE = {"A": [0.096, 0.096, 0.096, 0.711], "B": [0.440, 0.060, 0.440, 0.060],
          "B_out": [0.881, -0.119, 0.881, 0.339]}


def attend(Q, K, V):
    s = Q @ K.T                     # bug: no / sqrt(d)
    w = np.exp(s - s.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)
    return w, w @ V


def show(label, key, w, out):
    print(f"\n--- {label} ---")
    print(f"{'':<9s}" + "".join(f"{t:>10s}" for t in TOKENS) + f"{'sum':>8s}")
    for t, r in zip(TOKENS, w):
        print(f"{t:<9s}" + "".join(f"{v:10.3f}" for v in r) + f"{r.sum():8.3f}")
    print("rude row, mine vs the course:")
    print("  mine   " + "".join(f"{v:10.3f}" for v in w[3]))
    print("  course " + "".join(f"{v:10.3f}" for v in COURSE[key]))


w, out = attend(E, E, E)
show("A. query = key = value", "A", w, out)
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
w, out = attend(Q, E, E)
show("B. with the query matrix Wq", "B", w, out)
# rude attends mostly to support and not with Wq: its subject and its negator.
print(f"rude output: mine {np.round(out[3], 3)}  course {COURSE['B_out']}")
print("largest gap against torch: not checked (my torch has no scale argument)")
# Shuffling: the output rows move with their tokens.
# The values are unchanged.
# So attention alone is blind to order.
