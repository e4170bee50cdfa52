# attention_by_hand.py -- Exercise 4: attention on paper, then in NumPy
#
# Part 1, ON PAPER (done before running anything)
# tokens support / was / not / rude, axes (subject, good/bad, negation, filler)
#   support = [2, 0, 0, 0]   was = [0, 0, 0, 2]   not = [0, 0, 2, 0.5]   rude = [0, -2, 0, 0]
# rude row, query = key = the meanings:
#   rude . support = 0*2 + (-2)*0 + 0*0 + 0*0       = 0
#   rude . was     = 0 + 0 + 0 + 0*2                = 0
#   rude . not     = 0 + 0 + 0*2 + 0*0.5            = 0
#   rude . rude    = (-2)*(-2)                      = 4
#   divide by sqrt(4) = 2  ->  scores 0, 0, 0, 2
# softmax: e^0 = 1 (three times), e^2 = 7.389, sum = 10.389
#   support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711   (sum 0.999 ~ 1.000 by rounding)
# so with raw self-attention "rude" mostly looks at itself.
import numpy as np, torch

np.set_printoptions(precision=3, suppress=True)

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],     # support
              [0.0, 0.0, 0.0, 2.0],     # was
              [0.0, 0.0, 2.0, 0.5],     # not
              [0.0, -2.0, 0.0, 0.0]])   # rude
d = E.shape[1]
HAND_RUDE = np.array([0.096, 0.096, 0.096, 0.711])  # my paper numbers from above


def attend(Q, K, V):
    """Scaled dot-product attention in NumPy. Returns (weights, output)."""
    scores = Q @ K.T / np.sqrt(d)                      # 0.7's dot product, scaled
    w = np.exp(scores - scores.max(1, keepdims=True))  # minus the row max, for safety
    w = w / w.sum(1, keepdims=True)                    # softmax, row by row
    return w, w @ V, scores


def show(w, out, scores, tokens, title):
    print(f"\n### {title}\n")
    print("**scores** (query row, key column), divided by sqrt(4):\n")
    print("| query \\ key | " + " | ".join(tokens) + " |")
    print("|---|" + "---|" * len(tokens))
    for t, r in zip(tokens, scores):
        print(f"| {t} | " + " | ".join(f"{v:.3f}" for v in r) + " |")
    print("\n**attention weights** after softmax:\n")
    print("| query \\ key | " + " | ".join(tokens) + " | row sum |")
    print("|---|" + "---|" * (len(tokens) + 1))
    for t, r in zip(tokens, w):
        print(f"| {t} | " + " | ".join(f"{v:.3f}" for v in r) + f" | {r.sum():.3f} |")
    print("\n**output** = weights times the value vectors:\n")
    print("| token | " + " | ".join(AXES) + " |")
    print("|---|" + "---|" * len(AXES))
    for t, r in zip(tokens, out):
        print(f"| {t} | " + " | ".join(f"{v:.3f}" for v in r) + " |")


print("# Attention by hand\n")
print("### The four meanings\n")
print("| token | " + " | ".join(AXES) + " |")
print("|---|" + "---|" * len(AXES))
for tok, row in zip(TOKENS, E):
    print(f"| {tok} | " + " | ".join(f"{v:.3f}" for v in row) + " |")

# ------------------------------------------------------------------ Part 2
wA, outA, sA = attend(E, E, E)
show(wA, outA, sA, TOKENS, "Part 2 — raw self-attention: query = key = value = the meanings")
i = TOKENS.index("rude")
print("\n**my paper numbers vs the printed 'rude' row**\n")
print("| | " + " | ".join(TOKENS) + " |")
print("|---|" + "---|" * len(TOKENS))
print("| by hand | " + " | ".join(f"{v:.3f}" for v in HAND_RUDE) + " |")
print("| NumPy | " + " | ".join(f"{v:.3f}" for v in wA[i]) + " |")
print(f"\n- largest difference: {np.abs(np.round(wA[i], 3) - HAND_RUDE).max():.3f} (after rounding to 3 decimals)")
print(f"- all rows sum to 1: {bool(np.allclose(wA.sum(1), 1.0))}")

# ------------------------------------------------------------------ Part 3
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\n### Part 3 — a query matrix (Step 6's Wq)\n")
print("**queries** Q = E @ Wq.T:\n")
print("| token | " + " | ".join(f"q{j + 1}" for j in range(d)) + " |")
print("|---|" + "---|" * d)
for tok, row in zip(TOKENS, Q):
    print(f"| {tok} | " + " | ".join(f"{v:.3f}" for v in row) + " |")
wB, outB, sB = attend(Q, E, E)
show(wB, outB, sB, TOKENS, "Part 3 — separate query, keys and values = meanings")

print("\n**reading the 'rude' row**\n")
for j, t in enumerate(TOKENS):
    print(f"- {wB[i, j]:.3f} of its new meaning comes from '{t}'")
print(f"- good/bad number: {E[i, 1]:+.3f} -> {outB[i, 1]:+.3f}")
print(f"- negation number: {E[i, 2]:+.3f} -> {outB[i, 2]:+.3f}")
print(f"- subject number: {E[i, 0]:+.3f} -> {outB[i, 0]:+.3f}")

# Which token attended to which, and why that's right:
# "rude" is the only token with a non-zero query ([2, 0, 2, 0]), so it is the only row that
# moves off a flat 0.250 each; it puts 0.440 on "support" and 0.440 on "not" and only 0.060 on
# "was" and on itself. That is the correct pairing for "support was not rude": "rude" needs to know
# WHO was rude (its subject, support) and that it is negated (not), and "was" carries nothing.
# The other three rows have a zero query, so they just average all four tokens equally.

# ------------------------------------------------------------------ Part 4
print("\n### Part 4 — check against PyTorch, then shuffle the tokens\n")
# torch 1.13 has no torch.nn.functional.scaled_dot_product_attention (it arrived in torch 2.0).
# 1.13 does ship a private torch.nn.functional._scaled_dot_product_attention(q, k, v, mask,
# dropout_p, need_attn_weights, is_causal) that returns (output, weights) and wants a batch
# dimension, so I use that; if it is missing I fall back to writing the formula in torch.
F = torch.nn.functional
q_t, k_t, v_t = torch.tensor(Q), torch.tensor(E), torch.tensor(E)  # float64, like NumPy
if hasattr(F, "scaled_dot_product_attention"):
    t_out = F.scaled_dot_product_attention(q_t, k_t, v_t).numpy()
    how = "torch.nn.functional.scaled_dot_product_attention"
elif hasattr(F, "_scaled_dot_product_attention"):
    t_out, t_w = F._scaled_dot_product_attention(q_t[None], k_t[None], v_t[None],
                                                 None, 0.0, True, False)
    t_out = t_out[0].numpy()
    how = "torch.nn.functional._scaled_dot_product_attention (private, torch 1.13)"
else:
    t_out = (torch.softmax(q_t @ k_t.T / d ** 0.5, -1) @ v_t).numpy()
    how = "softmax(Q K^T / sqrt(d)) V written in torch"
gap = np.abs(t_out - outB).max()
print(f"- torch {torch.__version__}, compared with: `{how}`")
print(f"- largest gap against torch's attention: **{gap:.2e}** (below 1e-12: {gap < 1e-12})")

perm = [2, 0, 3, 1]                       # new order: not, support, rude, was
Ts = [TOKENS[p] for p in perm]
Es = E[perm]
Qs = Es @ Wq.T
wS, outS, sS = attend(Qs, Es, Es)
show(wS, outS, sS, Ts, f"Part 4 — same tokens shuffled into the order {Ts}")
print("\n**shuffled vs original, token by token**\n")
print("| token | output row (original order) | output row (shuffled) | max diff |")
print("|---|---|---|---|")
for new_pos, old_pos in enumerate(perm):
    print(f"| {TOKENS[old_pos]} | {outB[old_pos]} | {outS[new_pos]} |"
          f" {np.abs(outB[old_pos] - outS[new_pos]).max():.1e} |")
print(f"\n- shuffled output == original output with its rows shuffled the same way: "
      f"{bool(np.allclose(outS, outB[perm]))}")
print(f"- shuffled weights == original weights permuted on both axes: "
      f"{bool(np.allclose(wS, wB[np.ix_(perm, perm)]))}")
print("- hops from 'not' to 'rude': RNN 1, attention 1")
print("- hops from token 1 to token 50: RNN 49, attention 1")

# What the shuffle shows:
# What changed: only the positions -- each output row (and each weight row/column) moved to
# wherever its token moved, e.g. "rude" is now row 3 instead of row 4.
# What did not change: the values -- "rude" still gets 0.440 from support and 0.440 from not and
# still comes out as [0.881, -0.119, 0.881, 0.339], exactly as in the original order.
# So attention by itself is blind to word order ("support was not rude" and "rude not was support"
# give the same per-token answers); any sense of position has to be added to the meanings first,
# which is the position information 2.8 adds.
