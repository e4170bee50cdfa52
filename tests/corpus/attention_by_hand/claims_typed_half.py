# attention_by_hand.py — WRONG: computes the self-attention table but types the query-matrix weights into print() strings.
#
# Part one, worked on paper before running anything.  The 'rude' row is
# [0, -2, 0, 0].  Its dot products against support, was, not, rude are
# 0, 0, 0 and 4; divided by sqrt(4) = 2 they become 0, 0, 0 and 2.
# exp(0) = 1 three times and exp(2) = 7.389, a total of 10.389, so the softmax
# is 0.096, 0.096, 0.096 and 0.711 — rude attends mostly to itself.
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

print("\n--- B. with the query matrix ---")
print("attention weights after softmax (each row adds to 1.000):")
print("            support       was       not      rude     sum")
print("support       0.250     0.250     0.250     0.250   1.000")
print("was           0.250     0.250     0.250     0.250   1.000")
print("not           0.250     0.250     0.250     0.250   1.000")
print("rude          0.440     0.060     0.440     0.060   1.000")
print("output = weights times the value vectors:")
print("  rude     [ 0.881 -0.119  0.881  0.339]")
