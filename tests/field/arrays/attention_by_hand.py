# attention_by_hand.py -- scores, softmax, weighted sum on four tokens, then check against torch
import numpy as np, torch
np.set_printoptions(precision=4, suppress=True, linewidth=120)

# ---- part one, on paper (done before running anything):
# rude = [0,-2,0,0]
#   . support [2,0,0,0]   = 0     /2 = 0
#   . was     [0,0,0,2]   = 0     /2 = 0
#   . not     [0,0,2,0.5] = 0     /2 = 0
#   . rude    [0,-2,0,0]  = 4     /2 = 2
# softmax: e^0 = 1 (x3), e^2 = 7.389, sum = 10.389
#   -> support 0.096, was 0.096, not 0.096, rude 0.711   (sums to 0.999 after rounding, 1 exactly)

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],      # support
              [0.0, 0.0, 0.0, 2.0],      # was
              [0.0, 0.0, 2.0, 0.5],      # not
              [0.0, -2.0, 0.0, 0.0]])    # rude
d = E.shape[1]
print("# tokens", TOKENS, "| axes", AXES)
print("E", E, sep="\n")

hand = np.array([0.096, 0.096, 0.096, 0.711])

# ---- part two
def attend(Q, K, V):
    scores = Q @ K.T / np.sqrt(d)
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)      # softmax over keys, row by row
    return w, w @ V

wA, outA = attend(E, E, E)
print("\n# A: query = key = value = E | rows: query support,was,not,rude | cols: key support,was,not,rude")
print("wA", wA, sep="\n")
print("# row sums")
print("wA_sum", wA.sum(1))
print("# rude row: computed vs by hand | rows: computed, hand, diff")
print("rude_chk", np.stack([wA[3], hand, wA[3] - hand]))
print("# rows: tokens | cols: subject, good/bad, negation, filler")
print("outA", outA, sep="\n")

# ---- part three: Step 6's query matrix
Wq = np.array([[0.0, -1.0, 0.0, 0.0],    # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],    # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\n# queries Q = E @ Wq.T | rows: tokens")
print("Q", Q, sep="\n")
wB, outB = attend(Q, E, E)
print("# B: query = Q, key = value = E | rows: query tokens | cols: key tokens")
print("wB", wB, sep="\n")
print("wB_sum", wB.sum(1))
print("outB", outB, sep="\n")
print("# rude: good/bad and negation | rows: before (E), after (outB)")
print("rude_move", np.stack([E[3, 1:3], outB[3, 1:3]]))
# Comment (wB above): only "rude" has a non-zero query, and it attends 0.440 to "support" and 0.440 to "not"
# (0.060 to "was" and to itself); that pairing is right for "support was not rude" because rude
# needs to know WHAT was rude (the subject) and that it is negated, and after mixing its
# good/bad number goes from -2.000 to -0.119 while a negation number of 0.881 appears.
# The other three rows have zero queries, so they spread 0.250 evenly.

# ---- part four: check against torch, then shuffle
F = torch.nn.functional
if hasattr(F, "scaled_dot_product_attention"):          # torch >= 2.0
    t_out = F.scaled_dot_product_attention(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
    t_w = None
else:                                                    # my torch 1.13 only has the private one
    o, ww = F._scaled_dot_product_attention(torch.tensor(Q)[None], torch.tensor(E)[None],
                                            torch.tensor(E)[None], need_attn_weights=True)
    t_out, t_w = o[0].numpy(), ww[0].numpy()
print("\n# torch", torch.__version__, "| gap: max |out - torch out|, max |w - torch w|")
gap = np.array([np.abs(t_out - outB).max(), np.nan if t_w is None else np.abs(t_w - wB).max()])
print("gap", np.array2string(gap, formatter={"float_kind": lambda v: f"{v:.2e}"}), "below 1e-12:", bool((gap[~np.isnan(gap)] < 1e-12).all()))

perm = np.array([2, 0, 3, 1])            # new order: not, support, rude, was
Es = E[perm]
ws, outs = attend(Es @ Wq.T, Es, Es)
print("\n# shuffled order", [TOKENS[i] for i in perm])
print("wS", ws, sep="\n")
print("outS", outs, sep="\n")
inv = np.argsort(perm)
print("# cols: max |outS - outB[perm]|, max |wS - wB[perm][:,perm]|, max |outS - outB| (same slot, no unshuffle)")
print("shuf", np.array([np.abs(outs - outB[perm]).max(),
                        np.abs(ws - wB[perm][:, perm]).max(),
                        np.abs(outs - outB).max()]))
# Comments (from the shuffle arrays):
# What changed: the rows came out in the new order - rude's output [0.881 -0.119 0.881 0.339] is
# now row 2 instead of row 3, and the weight matrix has its rows and columns permuted the same way.
# What did not change: every token's output values and its weights on each other token are
# identical (the gap after un-shuffling prints 0), so the output rows just move with their tokens.
# So attention by itself is blind to order - "support was not rude" and "rude not was support"
# give rude the same meaning - which is why position information has to be added (module 2.8).
