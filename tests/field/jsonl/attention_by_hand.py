# attention_by_hand.py - module exercise 4: attention on paper, then in NumPy.
# Every result goes to stdout as one JSON object per line (JSON Lines), one metric per record.
import json
import numpy as np
import torch

EXP = "attention_by_hand"


def log(**rec):
    print(json.dumps({"exp": EXP, **rec}))


def r3(a):
    return [round(float(v), 3) for v in a]


TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],   # support
              [0.0, 0.0, 0.0, 2.0],   # was
              [0.0, 0.0, 2.0, 0.5],   # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]

# ---- part 1, on paper, before running anything (the "rude" row, query = key = the meanings) ----
# rude = [0, -2, 0, 0]
#   rude . support = 0*2 + (-2)*0 + 0 + 0        = 0   -> / sqrt(4) = 0.0
#   rude . was     = 0 + 0 + 0 + 0*2             = 0   -> / 2       = 0.0
#   rude . not     = 0 + 0 + 0*2 + 0*0.5         = 0   -> / 2       = 0.0
#   rude . rude    = (-2)*(-2)                   = 4   -> / 2       = 2.0
# softmax of [0, 0, 0, 2]: e^0 = 1 (three times), e^2 = 7.389, total = 10.389
#   support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711   (sum 0.999 + rounding = 1)
# so "rude" mostly re-reads itself.
HAND_RUDE_ROW = [0.096, 0.096, 0.096, 0.711]


# ---- part 2: attend(Q, K, V) in NumPy ----
def attend(Q, K, V):
    scores = Q @ K.T / np.sqrt(K.shape[1])  # dot product, scaled by sqrt(d)
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)  # softmax along each row (over the keys)
    return w, w @ V


def log_attention(part, case, tokens, w, out):
    for qi, qt in enumerate(tokens):
        for ki, kt in enumerate(tokens):
            log(part=part, case=case, query=qt, key=kt, metric="weight", value=round(float(w[qi, ki]), 3))
        log(part=part, case=case, query=qt, metric="row_sum", value=round(float(w[qi].sum()), 3))
    for qi, qt in enumerate(tokens):
        log(part=part, case=case, token=qt, metric="output", value=r3(out[qi]), axes=AXES)


log(event="start", part=1, name="hand numbers for the rude row")
for k, v in zip(TOKENS, HAND_RUDE_ROW):
    log(part=1, case="by_hand", query="rude", key=k, metric="weight", value=v)
log(event="end", part=1)

log(event="start", part=2, name="raw self-attention, Q = K = V = meanings")
wA, outA = attend(E, E, E)
log_attention(2, "raw", TOKENS, wA, outA)
i = TOKENS.index("rude")
log(part=2, case="raw", query="rude", metric="max_gap_vs_hand", value=round(float(np.abs(wA[i] - HAND_RUDE_ROW).max()), 4))
log(event="end", part=2)

# ---- part 3: Step 6's query matrix - a bad word asks for its subject and for a negator ----
Wq = np.array([[0.0, -1.0, 0.0, 0.0],  # query axis "subject": switched on by a bad (negative) word
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],  # query axis "negation": also switched on by a bad word
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
log(event="start", part=3, name="separate query matrix")
for t, row in zip(TOKENS, Q):
    log(part=3, case="query_matrix", token=t, metric="query", value=r3(row))
wB, outB = attend(Q, E, E)
log_attention(3, "query_matrix", TOKENS, wB, outB)
log(part=3, case="query_matrix", token="rude", metric="good_bad_before", value=round(float(E[i, 1]), 3))
log(part=3, case="query_matrix", token="rude", metric="good_bad_after", value=round(float(outB[i, 1]), 3))
log(part=3, case="query_matrix", token="rude", metric="negation_before", value=round(float(E[i, 2]), 3))
log(part=3, case="query_matrix", token="rude", metric="negation_after", value=round(float(outB[i, 2]), 3))
log(event="end", part=3)
# Part 3 comment: "rude" attended 0.440 to "support" and 0.440 to "not" (0.060 to "was" and to itself),
# and the other three tokens, whose queries are all zero, spread 0.250 evenly. That pairing is right for
# "support was not rude": the bad word has to find WHAT was rude (the subject, support) and WHETHER it
# was negated (not), and after mixing its good/bad number went from -2.000 to -0.119 while a negation
# number of 0.881 appeared - the phrase is no longer read as a complaint about support.

# ---- part 4: check against PyTorch, then shuffle the rows ----
log(event="start", part=4, name="torch check and shuffle")
F = torch.nn.functional
if hasattr(F, "scaled_dot_product_attention"):  # torch >= 2.0, as in the module
    t_out = F.scaled_dot_product_attention(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
    fn = "scaled_dot_product_attention"
else:  # torch 1.13 (Debian) only has the private version: batch dim needed, returns (out, weights)
    t_out, t_w = F._scaled_dot_product_attention(torch.tensor(Q)[None], torch.tensor(E)[None],
                                                 torch.tensor(E)[None], need_attn_weights=True)
    t_out = t_out[0].numpy()
    fn = "_scaled_dot_product_attention"
log(part=4, torch_version=torch.__version__, torch_function=fn, metric="max_abs_gap_vs_torch",
    value=float(f"{np.abs(t_out - outB).max():.2e}"))

perm = [2, 0, 3, 1]  # new order: not, support, rude, was
T2 = [TOKENS[j] for j in perm]
wS, outS = attend(Q[perm], E[perm], E[perm])
log(part=4, case="shuffled", metric="new_order", value=T2)
log_attention(4, "shuffled", T2, wS, outS)
log(part=4, case="shuffled", metric="outputs_equal_original_rows_moved",
    value=bool(np.allclose(outS, outB[perm])), max_abs_gap=float(f"{np.abs(outS - outB[perm]).max():.2e}"))
log(part=4, case="shuffled", metric="outputs_equal_in_position",
    value=bool(np.allclose(outS, outB)))
log(part=4, metric="hops", pair="not->rude", rnn=1, attention=1)
log(part=4, metric="hops", pair="token1->token50", rnn=49, attention=1)
log(event="end", part=4)
# Part 4 comments:
# 1. What changed: after shuffling into not, support, rude, was the output rows come out in that new order
#    (row by row they no longer match the original positions - outputs_equal_in_position is false).
# 2. What did not change: every token's output vector and weights are exactly the same as before
#    (rude is still [0.881, -0.119, 0.881, 0.339], gap 0), they just moved with their tokens.
# 3. So attention by itself cannot tell "support was not rude" from any shuffle of those words - it is blind
#    to order, which is why position information has to be added (2.8), unlike the RNN that reads in order.
