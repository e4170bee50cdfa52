# Exercise 4 - attention by hand
# first i did the arithmetic on paper, then numpy, then checking with torch
import numpy as np, torch

np.set_printoptions(precision=3, suppress=True)

# ---------------- Part 1 (on paper, written before running) ----------------
# rude = [0, -2, 0, 0]
# rude . support = 0*2 + (-2)*0 + 0 + 0       = 0
# rude . was     = 0 + 0 + 0 + 0*2            = 0
# rude . not     = 0 + 0 + 0*2 + 0*0.5        = 0
# rude . rude    = 0 + (-2)*(-2) + 0 + 0      = 4
# divide by sqrt(4) = 2  ->  scores are 0, 0, 0, 2
# softmax : e^0 = 1 (three times), e^2 = 7.389, total = 3 + 7.389 = 10.389
#   support 1/10.389     = 0.096
#   was     1/10.389     = 0.096
#   not     1/10.389     = 0.096
#   rude    7.389/10.389 = 0.711
# so rude is mostly attending to itself only, and the 4 numbers sum to 0.999~1 (rounding)
HAND = np.array([0.096, 0.096, 0.096, 0.711])

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],     # support
              [0.0, 0.0, 0.0, 2.0],     # was
              [0.0, 0.0, 2.0, 0.5],     # not
              [0.0, -2.0, 0.0, 0.0]])   # rude
d = E.shape[1]


# ---------------- Part 2 ----------------
def attend(Q, K, V):
    """scaled dot product attention, gives back weights and output"""
    scores = Q @ K.T / np.sqrt(d)
    w = np.exp(scores - scores.max(axis=1, keepdims=True))   # minus max for safety
    w = w / w.sum(axis=1, keepdims=True)                    # softmax on each row
    return w, w @ V


def show(w, out, tokens):
    print(f"{'':<9s}" + "".join(f"{t:>10s}" for t in tokens) + f"{'sum':>8s}")
    for t, r in zip(tokens, w):
        print(f"{t:<9s}" + "".join(f"{v:10.3f}" for v in r) + f"{r.sum():8.3f}")
    print("output rows:")
    for t, r in zip(tokens, out):
        print(f"   {t:<8s} {r}")


print("meanings, axes =", AXES)
for tok, row in zip(TOKENS, E):
    print(f"   {tok:<8s} {row}")

print("\nPart 2 : query = key = value = meanings")
wA, outA = attend(E, E, E)
show(wA, outA, TOKENS)
print("rude row from numpy is", wA[3])
print("rude row from my paper is", HAND)
print(f"biggest difference paper vs numpy : {np.abs(wA[3] - HAND).max():.4f}")

# ---------------- Part 3 ----------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],    # bad word is asking: where is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],    # ...and: is there any negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nPart 3 : with query matrix Wq")
print("queries:")
for tok, row in zip(TOKENS, Q):
    print(f"   {tok:<8s} {row}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS)
i = TOKENS.index("rude")
print(f"rude good/bad number moved from {E[i, 1]:+.4f} to {outB[i, 1]:+.4f}")
print(f"rude negation number moved from {E[i, 2]:+.4f} to {outB[i, 2]:+.4f}")
# rude is attending to support (0.440) and to not (0.440), and only 0.060 to was and itself.
# this pairing is correct for this phrase because "rude" needs to know who was rude (support)
# and also that it is negated by "not", so "support was not rude" is actually good news.
# other three tokens have query all zero, so they are giving same 0.250 to everybody, means no preference.

# ---------------- Part 4 ----------------
# torch 1.13 is not having torch.nn.functional.scaled_dot_product_attention (it came in 2.0),
# so i am using the private one _scaled_dot_product_attention which is there in 1.13,
# it is returning (output, weights) tuple and it needs a batch dimension.
F = torch.nn.functional
tout, tw = F._scaled_dot_product_attention(
    torch.tensor(Q)[None], torch.tensor(E)[None], torch.tensor(E)[None], need_attn_weights=True)
tout = tout[0].numpy()
print("\nPart 4 : checking with torch")
print(f"largest gap output vs torch  : {np.abs(tout - outB).max():.2e}")
print(f"largest gap weights vs torch : {np.abs(tw[0].numpy() - wB).max():.2e}")

perm = [2, 0, 3, 1]       # new order : not, support, rude, was
TOK2 = [TOKENS[j] for j in perm]
E2 = E[perm]
Q2 = E2 @ Wq.T
w2, out2 = attend(Q2, E2, E2)
print("\nshuffled order :", TOK2)
show(w2, out2, TOK2)
print("output rows are same as before, only moved with their token ?",
      np.allclose(out2, outB[perm]))
print(f"largest gap shuffled vs original (after putting back in order) : {np.abs(out2 - outB[perm]).max():.2e}")
# after shuffling, the output rows are only changing their place, each row is moving with its token.
# the values are not changing at all, rude is still getting 0.440 from support and not, same output.
# so attention alone is blind to the order, it is not knowing position of token,
# that is why transformer needs to add position information separately.
