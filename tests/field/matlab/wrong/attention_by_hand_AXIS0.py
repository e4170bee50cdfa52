# attention_by_hand.py  -- exercise 4: attention on paper, then in NumPy
#
# PART ONE, done on paper BEFORE running anything.
# tokens: support [2,0,0,0], was [0,0,0,2], not [0,0,2,0.5], rude [0,-2,0,0]
# axes:   subject, good/bad, negation, filler
# rude row against every token (query = key = the meanings):
#   rude . support = 0*2 + (-2)*0 + 0 + 0            = 0   -> /sqrt(4) = 0
#   rude . was     = 0 + 0 + 0 + 0*2                  = 0   -> 0
#   rude . not     = 0 + 0 + 0*2 + 0*0.5              = 0   -> 0
#   rude . rude    = (-2)*(-2)                        = 4   -> 4/2 = 2
# softmax of [0, 0, 0, 2]:  e^0 = 1, e^2 = 7.389, sum = 3 + 7.389 = 10.389
#   weights = [1/10.389, 1/10.389, 1/10.389, 7.389/10.389] = [0.096, 0.096, 0.096, 0.711]
# (they add to 0.096*3 + 0.711 = 0.999 ~ 1 after rounding)
import numpy as np, torch
from mdisp import show

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]
show("TOKENS", TOKENS)
show("AXES", AXES)
show("E", E)


# ---------------- part two ----------------
def attend(Q, K, V):
    """scaled dot-product attention; returns (weights, output)"""
    scores = Q @ K.T / np.sqrt(d)
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(0, keepdims=True)        # softmax along each row
    return w, w @ V


w_raw, out_raw = attend(E, E, E)
print("% rows = query token, columns = key token, order = TOKENS")
print()
show("w_raw", w_raw)
show("rowsum_w_raw", w_raw.sum(1))
i = TOKENS.index("rude")
show("w_rude_raw", w_raw[i])
show("w_rude_hand", np.array([1, 1, 1, np.e ** 2]) / (3 + np.e ** 2))
show("out_raw", out_raw)
# my hand numbers 0.096 / 0.096 / 0.096 / 0.711 match the printed rude row exactly.

# ---------------- part three: the query matrix from Step 6 ----------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
show("Q", Q)
w_q, out_q = attend(Q, E, E)
show("w_q", w_q)
show("rowsum_w_q", w_q.sum(1))
show("w_rude", w_q[i])
show("out_q", out_q)
show("out_rude", out_q[i])
show("goodbad_rude_before_after", np.array([E[i, 1], out_q[i, 1]]))
show("negation_rude_before_after", np.array([E[i, 2], out_q[i, 2]]))
# Which token attended to which: rude put 0.440 on support and 0.440 on not (0.060 on was and on
# itself). That is the right pairing for "support was not rude": the bad word needs to know WHAT
# it is about (its subject, support) and WHETHER it is negated (not). The other three rows have
# zero queries, so they just spread 0.250 evenly.

# ---------------- part four: against PyTorch, then shuffle ----------------
# the torch here is 1.13: scaled_dot_product_attention is not public yet, only the underscore
# version _scaled_dot_product_attention, which wants a batch dim and returns (output, weights)
sdpa = getattr(torch.nn.functional, "scaled_dot_product_attention", None)
if sdpa is not None:
    t = sdpa(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
else:
    t, tw = torch.nn.functional._scaled_dot_product_attention(
        torch.tensor(Q)[None], torch.tensor(E)[None], torch.tensor(E)[None],
        need_attn_weights=True)
    t = t[0].numpy()
    show("gap_w_vs_torch", np.abs(tw[0].numpy() - w_q).max())
show("gap_vs_torch", np.abs(t - out_q).max())

perm = [2, 0, 3, 1]                       # new order: not, support, rude, was
show("TOKENS_shuffled", [TOKENS[p] for p in perm])
Es, Qs = E[perm], Q[perm]
w_s, out_s = attend(Qs, Es, Es)
show("w_q_shuffled", w_s)
show("out_q_shuffled", out_s)
show("gap_out_shuffled_vs_out_perm", np.abs(out_s - out_q[perm]).max())
show("gap_w_shuffled_vs_w_perm", np.abs(w_s - w_q[perm][:, perm]).max())
show("same_rows_same_order", bool(np.allclose(out_s, out_q)))
# Shuffle comments:
# 1) What changed: only the order of the rows (and of the weight columns) -- the rude row is
#    now row 3 instead of row 4, so out_q_shuffled is not equal to out_q row for row.
# 2) What did not change: every token's output row has the same values as before: after putting
#    the rows back the gap is 2.2204e-16, which is just rounding (gap_vs_torch is the same size),
#    and the weights only got permuted (gap 1.1102e-16) (rude is still [0.881 -0.119 0.881 0.339]).
# 3) So the output rows move with their tokens but the values are unchanged: attention alone is
#    blind to word order, and position information has to be added separately (2.8's job).
