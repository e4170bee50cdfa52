# attention_by_hand.py -- Exercise 4: attention on paper, then in NumPy.
#
# Part one, done on paper before any code. The four tokens are support,
# was, not, rude with meanings [2,0,0,0], [0,0,0,2], [0,0,2,0.5] and
# [0,-2,0,0] on the axes subject, good/bad, negation, filler. The rude row
# against every token: rude.support = 0, rude.was = 0, rude.not = 0 and
# rude.rude = (-2)(-2) = 4. Divided by sqrt(4) = 2 the scores are 0, 0, 0
# and 2. The softmax needs e^0 = 1 three times and e^2 = 7.389, which add to
# 10.389, so rude puts 7.389 / 10.389 = 0.711 on itself and
# 1 / 10.389 = 0.096 on each of support, was and not (0.711 + 3 x 0.096
# is 0.999 on paper, 1.000 before rounding).

import numpy as np, torch

np.set_printoptions(precision=3, suppress=True)

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],      # support
              [0.0, 0.0, 0.0, 2.0],      # was
              [0.0, 0.0, 2.0, 0.5],      # not
              [0.0, -2.0, 0.0, 0.0]])    # rude
d = E.shape[1]


def attend(Q, K, V):
    """Scaled dot-product attention. Returns (weights, output)."""
    scores = Q @ K.T / np.sqrt(d)
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)            # softmax along each row
    return w, w @ V


def say_weights(w, tokens):
    for t, r in zip(tokens, w):
        parts = ", ".join("%.3f on %s" % (v, k) for v, k in zip(r, tokens))
        print("The %s row puts %s, and its weights add to %.3f." % (t, parts, r.sum()))


def say_output(out, tokens):
    for t, r in zip(tokens, out):
        print("The output for %s is %s." % (t, r))


# Part two: query = key = value = the meanings.
print("Part two: raw self-attention with query, key and value all equal to the meanings %s." % AXES)
wA, outA = attend(E, E, E)
say_weights(wA, TOKENS)
say_output(outA, TOKENS)
r = TOKENS.index("rude")
print("My hand numbers for the rude row were 0.096, 0.096, 0.096 and 0.711, and the code gives %.3f, %.3f, %.3f and %.3f."
      % tuple(wA[r]))

# Part three: Step 6's query matrix. A bad word's query gets a big subject
# component and a big negation component, so it goes looking for its subject
# and for a negator.
Wq = np.array([[0.0, -1.0, 0.0, 0.0],    # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],    # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nPart three: with the query matrix the query for rude becomes %s and every other query is %s."
      % (Q[r], Q[0]))
wB, outB = attend(Q, E, E)
say_weights(wB, TOKENS)
say_output(outB, TOKENS)
print("The good/bad number of rude moved from %.3f to %.3f and its negation number from %.3f to %.3f."
      % (E[r, 1], outB[r, 1], E[r, 2], outB[r, 2]))

# With the query matrix, rude is the only token that asks a real question:
# it attends 0.440 to support and 0.440 to not and only 0.060 to was and to
# itself, while support, was and not have all-zero queries and spread 0.250
# evenly. That pairing is right for this phrase, because "not" is the word
# that flips rude, and support is the thing that was (not) rude, so the new
# meaning of rude carries its subject and its negation and its bad-news
# value shrinks from -2.000 to -0.119.

# Part four: the same thing in PyTorch. torch 1.13 has no public
# torch.nn.functional.scaled_dot_product_attention (it arrived in torch 2.0),
# but 1.13 ships the same computation as the private
# F._scaled_dot_product_attention, which wants a batch dimension and returns
# (output, weights). I use that, with a plain-torch softmax version as a
# fallback in case it is missing too.
F = torch.nn.functional
q, k, v = (torch.tensor(a)[None] for a in (Q, E, E))
if hasattr(F, "scaled_dot_product_attention"):
    ref = F.scaled_dot_product_attention(q, k, v)[0].numpy()
    how = "torch.nn.functional.scaled_dot_product_attention"
elif hasattr(F, "_scaled_dot_product_attention"):
    ref = F._scaled_dot_product_attention(q, k, v)[0][0].numpy()
    how = "torch 1.13's F._scaled_dot_product_attention"
else:
    ref = (torch.softmax(q @ k.transpose(1, 2) / d ** 0.5, -1) @ v)[0].numpy()
    how = "a torch softmax written out by hand"
print("\nPart four: the largest gap between my NumPy output and %s is %.2e." % (how, np.abs(ref - outB).max()))

perm = [2, 0, 3, 1]                          # not, support, rude, was
Es, Ts = E[perm], [TOKENS[i] for i in perm]
ws, outs = attend(Es @ Wq.T, Es, Es)
print("After shuffling the tokens into the order %s the weights and outputs are:" % " ".join(Ts))
say_weights(ws, Ts)
say_output(outs, Ts)
print("Putting the shuffled rows back in the original order, the largest gap to the unshuffled output is %.2e."
      % np.abs(outs[np.argsort(perm)] - outB).max())

# What the shuffle shows. The rows of the output moved to wherever their
# tokens moved, so the rude row is now the third row instead of the fourth.
# What did not change is every number in it: rude still puts 0.440 on
# support and 0.440 on not and still comes out as [0.881, -0.119, 0.881,
# 0.339], and once the rows are put back the gap is 2.22e-16, which is only
# floating-point rounding. So attention on its own is blind to order: a
# scrambled "support was not rude" gives every token the same new meaning,
# and position information has to be added separately (the module says 2.8
# does that).
