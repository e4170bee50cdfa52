# flood_output.py — prints table A, then floods stdout with invalid UTF-8 and escape
# codes until the sandbox's output cap stops it: graded, never a grader crash.
import numpy as np
import torch

np.set_printoptions(precision=3, suppress=True)
TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]


def attend(Q, K, V):
    scores = Q @ K.T / np.sqrt(d)
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)
    return w, w @ V


def show(label, tokens, w, out):
    print(f"\n--- {label} ---")
    print("attention weights after softmax (each row adds to 1.000):")
    print(f"{'':<9s}" + "".join(f"{t:>10s}" for t in tokens) + f"{'sum':>8s}")
    for t, r in zip(tokens, w):
        print(f"{t:<9s}" + "".join(f"{v:10.3f}" for v in r) + f"{r.sum():8.3f}")
    print("output = weights times the value vectors:")
    for t, r in zip(tokens, out):
        print(f"  {t:<8s} {r}")


print(f"four 4-number meanings, axes = {AXES}")
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {row}")

i = TOKENS.index("rude")
print("\nthe rude row by hand: dot products, scaled by sqrt(4), softmax")
dots = E[i] @ E.T
for t, dot, s in zip(TOKENS, dots, dots / np.sqrt(d)):
    print(f"  rude . {t:<8s} = {dot:6.3f}   scaled {s:6.3f}")

w, out = attend(E, E, E)
show("A. query = key = value = the meanings", TOKENS, w, out)
import sys
junk = b"\xff\xfe\x1b[2J\x1b]0;pwned\x07 not valid utf-8 \xc3\x28\n" * 4096
while True:
    sys.stdout.buffer.write(junk)
