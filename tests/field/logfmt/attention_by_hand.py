# attention_by_hand.py - exercise 4: attention on paper, then in NumPy.
# Output: logfmt lines only, one event per line.
import time
import numpy as np, torch

EXP = "attention_by_hand"

# ---- part one, ON PAPER (written before running anything) --------------------
# Tokens: support=[2,0,0,0], was=[0,0,0,2], not=[0,0,2,0.5], rude=[0,-2,0,0]
# (axes: subject, good/bad, negation, filler). The rude row against every token:
#   rude.support = 0      -> 0/2 = 0
#   rude.was     = 0      -> 0/2 = 0
#   rude.not     = 0      -> 0/2 = 0
#   rude.rude    = (-2)(-2) = 4 -> 4/2 = 2
# softmax: e^0 = 1 three times, e^2 = 7.389, total 10.389
#   support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711 (sum 1.000)
# So before any projection, "rude" mostly looks at itself.

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]
HAND_RUDE = np.array([0.096, 0.096, 0.096, 0.711])  # my paper numbers from above


def log(event, level="info", **kv):
    parts = [f"ts={time.strftime('%H:%M:%S')}", f"level={level}", f"exp={EXP}", f"event={event}"]
    for k, v in kv.items():
        if isinstance(v, float):
            v = f"{v:.3f}"
        v = str(v)
        if " " in v or v == "":
            v = '"' + v + '"'
        parts.append(f"{k}={v}")
    print(" ".join(parts))


def vec(a):
    return "[" + ",".join(f"{float(v):.3f}" for v in a) + "]"


def attend(Q, K, V):
    """Scaled dot-product attention in NumPy. Returns (weights, output)."""
    scores = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)  # softmax, row by row
    return w, w @ V


def torch_attention(Q, K, V):
    """PyTorch's own attention. torch 1.13 (installed here) only has the private
    _scaled_dot_product_attention (needs a batch dim, returns a tuple); torch 2.x has the
    public scaled_dot_product_attention the module uses."""
    F = torch.nn.functional
    q, k, v = (torch.tensor(a) for a in (Q, K, V))
    if hasattr(F, "scaled_dot_product_attention"):
        return F.scaled_dot_product_attention(q, k, v).numpy()
    out, _ = F._scaled_dot_product_attention(q[None], k[None], v[None])
    return out[0].numpy()


def report(tag, toks, Q, K, V):
    w, out = attend(Q, K, V)
    for i, t in enumerate(toks):
        log("weights", run=tag, query=t,
            **{f"w_{k}": float(w[i, j]) for j, k in enumerate(toks)}, row_sum=float(w[i].sum()))
    for i, t in enumerate(toks):
        log("output", run=tag, token=t, out=vec(out[i]))
    return w, out


for tok, row in zip(TOKENS, E):
    log("meaning", token=tok, vec=vec(row))

# ---- part two: Q = K = V = the meanings --------------------------------------
wA, outA = report("A_raw", TOKENS, E, E, E)
r = TOKENS.index("rude")
for j, t in enumerate(TOKENS):
    log("weight", run="A_raw", query="rude", key=t, w=f"{wA[r, j]:.4f}", hand=float(HAND_RUDE[j]))
log("hand_check", run="A_raw", row="rude", max_gap=f"{np.abs(wA[r] - HAND_RUDE).max():.4f}",
    matches_3dp=bool(np.allclose(wA[r], HAND_RUDE, atol=5e-4)))

# ---- part three: Step 6's query matrix --------------------------------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
for tok, row in zip(TOKENS, Q):
    log("query", token=tok, q=vec(row))
wB, outB = report("B_wq", TOKENS, Q, E, E)
for j, t in enumerate(TOKENS):
    log("weight", run="B_wq", query="rude", key=t, w=f"{wB[r, j]:.4f}")
log("rude_moved", goodbad_before=f"{E[r, 1]:+.3f}", goodbad_after=f"{outB[r, 1]:+.3f}",
    negation_before=f"{E[r, 2]:+.3f}", negation_after=f"{outB[r, 2]:+.3f}")
# Which token attended to which: only "rude" has a non-zero query ([2,0,2,0]), and it puts
# 0.440 on "support" and 0.440 on "not" (0.060 each on "was" and itself). That is the right
# pairing for "support was not rude": rude needs to know WHO it describes (support) and that it
# is NEGATED (not). The other three tokens have all-zero queries, so they spread 0.250 evenly.

# ---- part four: check against PyTorch, then shuffle the rows -------------------
gap = np.abs(torch_attention(Q, E, E) - outB).max()
log("torch_check", run="B_wq", max_abs_gap=f"{gap:.2e}", below_1e_12=bool(gap < 1e-12))

perm = [2, 0, 3, 1]  # new order: not, support, rude, was
Es, Qs = E[perm], Q[perm]
toks_s = [TOKENS[i] for i in perm]
wS, outS = report("B_shuffled", toks_s, Qs, Es, Es)
same = all(np.allclose(outS[k], outB[i]) for k, i in enumerate(perm))
log("shuffle_check", order=",".join(toks_s), values_unchanged_per_token=bool(same), max_gap=f"{max(np.abs(outS[k] - outB[i]).max() for k, i in enumerate(perm)):.2e}")
log("hops", pair="not->rude", rnn=1, attention=1)
log("hops", pair="token1->token50", rnn=49, attention=1)
# Shuffle, what changed: the output rows came out in the new order (not, support, rude, was) -
#   each row simply moved along with its token.
# What did not change: every token's output vector is identical to before (largest gap 2.22e-16, float noise),
#   e.g. rude is still [0.881,-0.119,0.881,0.339] even though it is now third, not last.
# So attention by itself cannot tell "support was not rude" from any scrambling of those
#   words - it is blind to order, which is why position information has to be added (2.8).
log("done")
