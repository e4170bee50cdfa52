# attention_by_hand.py — correct, and keeps its hand-worked softmax as numbers in the code to compare with the printed row: the run shows attend returned every printed number, so the literal is the comparison the module asks for and typed-output passes (a string literal would still be a question).
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
hand = np.array([0.096, 0.096, 0.096, 0.711])   # part one's numbers, worked on paper
print(f"hand-worked rude row against the code: largest gap {np.abs(hand - w[i]).max():.4f}")

# Part three: the rude row asks "who is my subject, and is there a negator?".
# rude attends 0.440 to support and 0.440 to not: a complaint word should read
# its subject and its negation, and together they turn "not rude" into praise
# of the support team.
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
wq, outq = attend(Q, E, E)
show("B. with the query matrix Wq", TOKENS, wq, outq)
print(f"\nrude's good/bad number moved from {E[i, 1]:+.3f} to {outq[i, 1]:+.3f}")
print(f"rude's negation number moved from {E[i, 2]:+.3f} to {outq[i, 2]:+.3f}")

t = torch.nn.functional.scaled_dot_product_attention(
    torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
print(f"\nlargest gap against torch's own attention: {np.abs(t - outq).max():.2e}")

# Part four: shuffle the token rows and rerun.
# The output rows moved with their tokens, so rude's row now sits elsewhere.
# The values in each token's row did not change at all.
# Attention alone is blind to order, so position must be added to the meanings.
order = [2, 0, 3, 1]
Es = E[order]
Qs = Es @ Wq.T
ws, outs = attend(Qs, Es, Es)
show("C. shuffled rows, same query matrix", [TOKENS[k] for k in order], ws, outs)
same = np.allclose(outs, outq[order])
print(f"\nshuffled outputs equal the original rows moved with their tokens? {same}")
