# attention_by_hand.py -- red team 2: every table printed like tabulate(tablefmt="grid"),
# +-----+ borders and a === rule under the header, the torch check as a one-row grid.
#
# On paper first.  rude = [0, -2, 0, 0].  rude . support = 0, rude . was = 0,
# rude . not = 0, rude . rude = 4.  Divide by sqrt(4) = 2: 0, 0, 0, 2.
# e^0 = 1 (three times), e^2 = 7.389, sum = 10.389, so the softmax row is
# 0.096, 0.096, 0.096, 0.711.
import numpy as np
import torch

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],
              [0.0, 0.0, 0.0, 2.0],
              [0.0, 0.0, 2.0, 0.5],
              [0.0, -2.0, 0.0, 0.0]])


def attend(Q, K, V):
    scores = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(scores - scores.max(axis=1, keepdims=True))
    w = w / w.sum(axis=1, keepdims=True)
    return w, w @ V


def grid(headers, rows, floatfmt=".4f"):
    cells = [[c if isinstance(c, str) else format(c, floatfmt) for c in r] for r in rows]
    widths = [max(len(h), *(len(r[i]) for r in cells)) for i, h in enumerate(headers)]
    rule = "+" + "+".join("-" * (w + 2) for w in widths) + "+"
    print(rule)
    print("| " + " | ".join(h.ljust(w) for h, w in zip(headers, widths)) + " |")
    print(rule.replace("-", "="))
    for r in cells:
        print("| " + " | ".join((c.ljust(w) if i == 0 else c.rjust(w))
                                for i, (c, w) in enumerate(zip(r, widths))) + " |")
        print(rule)


def show(title, w, out):
    print(f"\n{title}")
    print("weights:")
    grid(["query \\ key"] + TOKENS + ["row sum"],
         [[t] + list(r) + [r.sum()] for t, r in zip(TOKENS, w)])
    print("outputs:")
    grid(["token"] + AXES, [[t] + list(r) for t, r in zip(TOKENS, out)])


w_a, out_a = attend(E, E, E)
show("Part 2: query = key = value = meanings", w_a, out_a)

# Part 3: rude attends to support and to not, 0.440 each.  That pairing is right
# because rude needs its subject (who was rude?) and the negator that flips it.
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
w_b, out_b = attend(Q, E, E)
show("Part 3: with the query matrix Wq", w_b, out_b)

t = torch.nn.functional.scaled_dot_product_attention(
    torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
print("\nPart 4: against torch")
grid(["comparison", "max abs gap"], [["numpy vs torch sdpa", f"{np.abs(t - out_b).max():.3e}"]])

# Part 4, shuffled: the output rows moved along with their tokens.
# Each token's output values stayed exactly the same as before.
# So attention by itself has no idea of word order; position must be added.
perm = [3, 1, 0, 2]
Es = E[perm]
ws, outs = attend(Es @ Wq.T, Es, Es)
print("\nshuffled order:", [TOKENS[p] for p in perm])
print("outputs equal the unshuffled ones, moved with their tokens:", bool(np.allclose(outs, out_b[perm])))
