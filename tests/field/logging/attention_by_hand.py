"""attention_by_hand.py -- module "RNN to LSTM to why attention won", exercise 4.

Four tokens ["support", "was", "not", "rude"], 4-number meanings on the axes
subject, good/bad, negation, filler.

Part 1  on paper first (numbers below, written before running anything).
Part 2  attend(Q, K, V) in NumPy -> (weights, output); Q = K = V = meanings.
Part 3  Step 6's query matrix Wq: a negative word asks for its subject and
        for a negator.
Part 4  check against torch, then shuffle the token rows and rerun.

Runtime: Debian python3, torch 1.13 / numpy 1.24. The module uses
torch.nn.functional.scaled_dot_product_attention, which only exists from
torch 2.0 -- NOT in 1.13. Workaround: if it is missing I check against
torch.nn.MultiheadAttention (1 head, embed_dim 4, in/out projections set to
the identity, no bias), which is torch's own attention code path and also
scales by sqrt(head_dim) = sqrt(4). Run in float64 like the NumPy side.

Part 1, by hand (rude row = [0, -2, 0, 0]):
  rude . support = 0      -> /sqrt(4) = 0.0
  rude . was     = 0      -> 0.0
  rude . not     = 0      -> 0.0     (0*0 + -2*0 + 0*2 + 0*0.5)
  rude . rude    = 4      -> 2.0
  softmax: e^0 = 1 (x3), e^2 = 7.389, sum = 10.389
  weights: support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
  (sum = 0.096*3 + 0.711 = 0.999 on paper, 1.000 unrounded)
"""
import logging

import numpy as np
import torch

logging.basicConfig(level=logging.INFO,
                    format="%(asctime)s %(levelname)s %(name)s | %(message)s")
log_in = logging.getLogger("attn.inputs")
log2 = logging.getLogger("attn.part2_raw")
log3 = logging.getLogger("attn.part3_query")
log4 = logging.getLogger("attn.part4_check")
log5 = logging.getLogger("attn.part4_shuffle")
np.set_printoptions(precision=3, suppress=True)

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],   # support
              [0.0, 0.0, 0.0, 2.0],   # was
              [0.0, 0.0, 2.0, 0.5],   # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]


def attend(Q, K, V):
    """Scaled dot-product attention. Returns (weights, output)."""
    scores = Q @ K.T / np.sqrt(d)                    # 0.7's dot product, scaled
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)                  # softmax, row by row
    return w, w @ V


def log_table(logger, table, tokens, M, with_sum=False):
    for t, r in zip(tokens, M):
        cells = " ".join(f"{k}={v:.3f}" for k, v in zip(tokens, r))
        extra = f" sum={r.sum():.3f}" if with_sum else ""
        logger.info("table=%s query=%s %s%s", table, t, cells, extra)


def log_out(logger, table, tokens, out):
    for t, r in zip(tokens, out):
        logger.info("table=%s token=%s output=%s", table, t, r)


log_in.info("axes=%s", AXES)
for tok, row in zip(TOKENS, E):
    log_in.info("token=%s meaning=%s", tok, row)

# ---- part 2: Q = K = V = E ----------------------------------------------------
wA, outA = attend(E, E, E)
log_table(log2, "A_scores", TOKENS, E @ E.T / np.sqrt(d))
log_table(log2, "A_weights", TOKENS, wA, with_sum=True)
log_out(log2, "A_output", TOKENS, outA)
i = TOKENS.index("rude")
hand = np.array([0.096, 0.096, 0.096, 0.711])
log2.info("check=hand_vs_code row=rude hand=%s code=%s max_abs_diff=%.4f",
          hand, wA[i], np.abs(hand - wA[i]).max())
log2.info("check=row_sums min=%.6f max=%.6f", wA.sum(1).min(), wA.sum(1).max())

# ---- part 3: query matrix -----------------------------------------------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],  # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],  # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
for tok, row in zip(TOKENS, Q):
    log3.info("token=%s query=%s", tok, row)
wB, outB = attend(Q, E, E)
log_table(log3, "B_scores", TOKENS, Q @ E.T / np.sqrt(d))
log_table(log3, "B_weights", TOKENS, wB, with_sum=True)
log_out(log3, "B_output", TOKENS, outB)
log3.info("check=row_sums min=%.6f max=%.6f", wB.sum(1).min(), wB.sum(1).max())
for j, t in enumerate(TOKENS):
    log3.info("row=rude from=%s weight=%.3f", t, wB[i, j])
log3.info("row=rude good_bad_before=%+.3f good_bad_after=%+.3f "
          "negation_before=%+.3f negation_after=%+.3f",
          E[i, 1], outB[i, 1], E[i, 2], outB[i, 2])
# "rude" attends 0.440 to "support" and 0.440 to "not" (0.060 each to "was" and
# itself): its query [2, 0, 2, 0] asks for a subject and a negator, and in
# "support was not rude" the thing being rude-or-not is support and the word
# flipping it is not -- so rude's meaning becomes "support, negated, mildly
# bad" ([0.881, -0.119, 0.881, 0.339]) instead of plain -2 bad news.
# The other three rows have all-zero queries, so they spread 0.250 evenly.

# ---- part 4a: check against torch -----------------------------------------------
Qt, Kt, Vt = (torch.tensor(a) for a in (Q, E, E))
if hasattr(torch.nn.functional, "scaled_dot_product_attention"):
    ref = torch.nn.functional.scaled_dot_product_attention(Qt, Kt, Vt).numpy()
    how = "scaled_dot_product_attention"
else:  # torch 1.13: no SDPA -> MultiheadAttention with identity projections
    mha = torch.nn.MultiheadAttention(d, num_heads=1, bias=False,
                                      batch_first=True).double()
    with torch.no_grad():
        mha.in_proj_weight.copy_(torch.eye(d).repeat(3, 1))
        mha.out_proj.weight.copy_(torch.eye(d))
        ref_t, ref_w = mha(Qt[None], Kt[None], Vt[None])
    ref = ref_t[0].numpy()
    log4.info("torch=%s sdpa_available=False fallback=MultiheadAttention "
              "weight_gap=%.2e", torch.__version__,
              np.abs(ref_w[0].numpy() - wB).max())
    how = "MultiheadAttention(identity proj)"
log4.info("reference=%s output_gap=%.2e below_1e-12=%s", how,
          np.abs(ref - outB).max(), np.abs(ref - outB).max() < 1e-12)
log4.info("hops not->rude: RNN=1 attention=1")
log4.info("hops token1->token50: RNN=49 attention=1")

# ---- part 4b: shuffle the rows ---------------------------------------------------
perm = [3, 0, 2, 1]                                # rude, support, not, was
Ts = [TOKENS[p] for p in perm]
Es = E[perm]
wS, outS = attend(Es @ Wq.T, Es, Es)
log5.info("order_before=%s order_after=%s", TOKENS, Ts)
log_table(log5, "S_weights", Ts, wS, with_sum=True)
log_out(log5, "S_output", Ts, outS)
back = np.argsort(perm)
log5.info("check=output_rows_follow_tokens max_gap_after_unshuffle=%.2e",
          np.abs(outS[back] - outB).max())
log5.info("check=weights_follow_tokens max_gap=%.2e",
          np.abs(wS[np.ix_(back, back)] - wB).max())
log5.info("row=rude position_before=%d position_after=%d output_before=%s "
          "output_after=%s", TOKENS.index("rude"), Ts.index("rude"),
          outB[i], outS[Ts.index("rude")])
# What changed: only the order of the rows -- rude's output is now row 0
# instead of row 3, and each weight row is permuted the same way.
# What did not change: every token's output vector and its weights per
# partner token are exactly identical, gap 0.00e+00 (rude still 0.440 support / 0.440 not,
# output [0.881, -0.119, 0.881, 0.339]).
# So attention by itself is blind to order: "rude was not support" gives the
# same per-token meanings as "support was not rude", which is why real models
# (2.8) add position information to the embeddings.
