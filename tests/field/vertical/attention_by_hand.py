# attention_by_hand.py -- Exercise 4: attention on paper, then in NumPy
import numpy as np, torch

# ---------------- Part one: on paper, BEFORE running anything ----------------
# Meanings on the axes (subject, good/bad, negation, filler):
#   support [2,0,0,0]   was [0,0,0,2]   not [0,0,2,0.5]   rude [0,-2,0,0]
# The rude row against every token (dot product, then divide by sqrt(4) = 2):
#   rude . support = 0*2 + (-2)*0 + 0*0 + 0*0    = 0  -> 0/2 = 0
#   rude . was     = 0 + 0 + 0 + 0*2             = 0  -> 0/2 = 0
#   rude . not     = 0 + 0 + 0*2 + 0*0.5         = 0  -> 0/2 = 0
#   rude . rude    = (-2)*(-2)                   = 4  -> 4/2 = 2
# Softmax of (0, 0, 0, 2): e^0 = 1 three times, e^2 = 7.389, total = 10.389
#   support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
# So by hand the rude row is [0.096, 0.096, 0.096, 0.711] and it adds to 1 (0.999 after rounding).

np.set_printoptions(precision=3, suppress=True)
TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]
HAND = np.array([0.096, 0.096, 0.096, 0.711])


def show(label, *values):
    print(label)
    for v in values:
        print(f"    {v}")
    print()


def attend(Q, K, V):
    """Scaled dot-product attention. Returns (weights, output)."""
    scores = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(scores - scores.max(1, keepdims=True))  # minus the max: safe softmax
    w = w / w.sum(1, keepdims=True)                     # softmax, row by row
    return w, w @ V


def print_weights(tag, tokens, w):
    for t, row in zip(tokens, w):
        show(f"{tag}: weights of the '{t}' row over ({', '.join(tokens)}):",
             *[f"{v:.3f}" for v in row])
        show(f"{tag}: sum of the '{t}' row:", f"{row.sum():.3f}")


def print_outputs(tag, tokens, out):
    for t, row in zip(tokens, out):
        show(f"{tag}: output for '{t}' ({', '.join(AXES)}):", *[f"{v:.3f}" for v in row])


# ---------------- Part two: query = key = value = the meanings ----------------
print("PART TWO: raw self-attention, query = key = value = the meanings\n")
wA, outA = attend(E, E, E)
print_weights("A", TOKENS, wA)
print_outputs("A", TOKENS, outA)
r = TOKENS.index("rude")
show("Largest gap between my hand numbers and the printed 'rude' row:",
     f"{np.abs(wA[r] - HAND).max():.4f}")

# ---------------- Part three: a query matrix ----------------
print("PART THREE: a query matrix, so a bad word asks for its subject and a negator\n")
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
for t, row in zip(TOKENS, Q):
    show(f"Query vector for '{t}':", *[f"{v:.3f}" for v in row])
wB, outB = attend(Q, E, E)
print_weights("B", TOKENS, wB)
print_outputs("B", TOKENS, outB)
show("'rude': good/bad number before, then after attention:",
     f"{E[r, 1]:+.3f}", f"{outB[r, 1]:+.3f}")
show("'rude': negation number before, then after attention:",
     f"{E[r, 2]:+.3f}", f"{outB[r, 2]:+.3f}")

# ---------------- Part four: check against PyTorch, then shuffle ----------------
print("PART FOUR: PyTorch check and a shuffle\n")
# torch 1.13 (what Debian has) has no public scaled_dot_product_attention yet (it arrived in
# torch 2.0); 1.13 has the same function under a private name, which returns (output, weights).
F = torch.nn.functional
if hasattr(F, "scaled_dot_product_attention"):
    t_out = F.scaled_dot_product_attention(torch.tensor(Q), torch.tensor(E), torch.tensor(E))
    t_w = None
else:
    t_out, t_w = F._scaled_dot_product_attention(
        torch.tensor(Q)[None], torch.tensor(E)[None], torch.tensor(E)[None],
        None, 0.0, True, False)
    t_out, t_w = t_out[0], t_w[0]
show("PyTorch version used:", torch.__version__)
show("Largest gap, my output against PyTorch's attention output:",
     f"{np.abs(t_out.numpy() - outB).max():.2e}")
if t_w is not None:
    show("Largest gap, my weights against PyTorch's attention weights:",
         f"{np.abs(t_w.numpy() - wB).max():.2e}")

order = [2, 0, 3, 1]  # new row order: not, support, rude, was
Es, Qs = E[order], Q[order]
TOK_S = [TOKENS[i] for i in order]
wS, outS = attend(Qs, Es, Es)
show("Shuffled token order:", *TOK_S)
print_outputs("Shuffled", TOK_S, outS)
back = np.empty_like(outS)
back[order] = outS  # put each output row back under its original token
show("Largest gap, shuffled outputs (matched back to their tokens) against the originals:",
     f"{np.abs(back - outB).max():.2e}")
show("Largest gap, shuffled outputs against the originals row by row in place:",
     f"{np.abs(outS - outB).max():.3f}")
# the same shuffle on the raw setting A, where every row is different
wSA, outSA = attend(Es, Es, Es)
backA = np.empty_like(outSA)
backA[order] = outSA
show("Setting A shuffled: largest gap, outputs matched back to their tokens:",
     f"{np.abs(backA - outA).max():.2e}")
show("Setting A shuffled: largest gap, outputs row by row in place:",
     f"{np.abs(outSA - outA).max():.3f}")
show("Setting A shuffled: weights of the 'rude' row over (" + ", ".join(TOK_S) + "):",
     *[f"{v:.3f}" for v in wSA[TOK_S.index("rude")]])

# COMMENTS, written after running it:
# Part two: my hand numbers were right -- the printed rude row is 0.096, 0.096, 0.096, 0.711,
#   at most 0.0003 away from my paper values, and every row of both weight matrices sums to 1.000.
# Part three: with the query matrix, 'rude' attends 0.440 to 'support' and 0.440 to 'not' (and
#   only 0.060 to 'was' and to itself); the other three tokens have all-zero queries, so they
#   spread 0.250 evenly. That pairing is right for this phrase: 'rude' needs to know WHO was rude
#   (support) and that it is negated (not), and so its output becomes [0.881, -0.119, 0.881,
#   0.339] -- its good/bad number rises from -2.000 to -0.119 and a negation number of 0.881 appears.
#   My output matches PyTorch's attention to 2.22e-16 (torch 1.13's private
#   _scaled_dot_product_attention, since the public name does not exist in 1.13).
# Part four (shuffle):
# 1. What changed: the output rows came out in the new order, following their tokens, so
#    comparing row by row in place now differs by 0.381 here (1.256 in the raw setting A),
#    and the 'rude' weights in A moved to the third place (0.711) together with 'rude'.
# 2. What did not change: each token's own output values -- matched back to their tokens the
#    gap is 2.22e-16 here and 0.00e+00 in setting A (just rounding), e.g. 'rude' still gets [0.881, -0.119, 0.881, 0.339].
# 3. So attention on its own is blind to order: "support was not rude" and any shuffle of the
#    same four words give every word the same new meaning, and position information has to be
#    added separately (which is what Module 2.8 does).
