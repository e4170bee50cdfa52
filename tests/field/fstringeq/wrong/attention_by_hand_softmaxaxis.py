# Exercise 4: attention on paper, then in NumPy.
#
# Part one, by hand (written before running anything):
#   rude = [0,-2,0,0]
#   dot with support [2,0,0,0]   = 0      / sqrt(4) = 0
#   dot with was     [0,0,0,2]   = 0      / 2       = 0
#   dot with not     [0,0,2,0.5] = 0      / 2       = 0
#   dot with rude    [0,-2,0,0]  = 4      / 2       = 2
#   softmax: e^0 = 1 (three times), e^2 = 7.389, total = 10.389
#   weights: support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
import numpy as np, torch
np.set_printoptions(precision=3, suppress=True)

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
print(f"{TOKENS=}\n{AXES=}\n{E=}")


def attend(Q, K, V):
    d = K.shape[1]
    scores = Q @ K.T / np.sqrt(d)
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(0, keepdims=True)  # softmax, row by row
    return w, w @ V


# Part two: query = key = value = the meanings
w, out = attend(E, E, E)
r = TOKENS.index("rude")
print(f"\n{w=}\n{w.sum(1)=}\n{out=}")
hand = np.array([0.096, 0.096, 0.096, 0.711])
rude_row = " ".join(f"{v:.3f}" for v in w[r])
print(f"{rude_row=} {hand=} {np.abs(w[r] - hand).max()=:.4f}")

# Part three: a query matrix (Step 6's Wq): a bad word asks for its subject
# and for a negator
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
w2, out2 = attend(Q, E, E)
print(f"\n{Q=}\n{w2=}\n{w2.sum(1)=}\n{out2=}")
rude_row = " ".join(f"{v:.3f}" for v in w2[r])
rude_out = " ".join(f"{v:.3f}" for v in out2[r])
print(f"{rude_row=} {rude_out=}")
print(f"{E[r, 1]=:+.3f} {out2[r, 1]=:+.3f} {E[r, 2]=:+.3f} {out2[r, 2]=:+.3f}")

# Part four: against PyTorch, then shuffle the rows
# torch 1.13 has no public scaled_dot_product_attention yet (it came in 2.0);
# 1.13 ships it as _scaled_dot_product_attention, which wants a batch axis
# and returns (output, weights).
F = torch.nn.functional
if hasattr(F, "scaled_dot_product_attention"):
    t = F.scaled_dot_product_attention(torch.tensor(Q), torch.tensor(E),
                                       torch.tensor(E)).numpy()
else:
    t, tw = F._scaled_dot_product_attention(
        torch.tensor(Q)[None], torch.tensor(E)[None], torch.tensor(E)[None],
        need_attn_weights=True)
    t = t[0].numpy()
    print(f"\n{np.abs(tw[0].numpy() - w2).max()=:.2e}")
gap = np.abs(t - out2).max()
print(f"{torch.__version__=} {gap=:.2e} {(gap < 1e-12)=}")

perm = [2, 0, 3, 1]
shuffled = [TOKENS[i] for i in perm]
w3, out3 = attend(Q[perm], E[perm], E[perm])
print(f"{shuffled=}\n{w3=}\n{out3=}")
print(f"{np.abs(out3 - out2[perm]).max()=:.2e} "
      f"{np.abs(w3 - w2[np.ix_(perm, perm)]).max()=:.2e} "
      f"{np.array_equal(out3, out2)=}")

# Part three comment: only "rude" has a non-zero query, and it puts 0.440 on
# "support" and 0.440 on "not" (0.060 on the others). That is the right pairing:
# "support" is what is rude, and "not" flips it, so "not rude" about support
# becomes a mild, negated statement - good/bad goes -2.000 -> -0.119 and a
# negation value of 0.881 appears. The other three rows have zero queries, so
# they spread 0.250 everywhere.
#
# Part four comments: after shuffling, the output rows come out in the new order
# (out3 is out2 with its rows moved, weights moved on both axes). The numbers
# inside each token's row did not change (gap 2.22e-16, just rounding). So attention
# alone has no idea of word order; position information has to be added.
