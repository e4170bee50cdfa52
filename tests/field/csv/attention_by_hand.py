# attention_by_hand.py - exercise 4: attention on four tokens, by hand then numpy then torch
#
# part 1, ON PAPER (done before running anything):
#   meanings, axes (subject, good/bad, negation, filler):
#     support [2,0,0,0]   was [0,0,0,2]   not [0,0,2,0.5]   rude [0,-2,0,0]
#   rude . support = 0      rude . was = 0      rude . not = 0      rude . rude = (-2)(-2) = 4
#   divide by sqrt(4) = 2  ->  scores 0, 0, 0, 2
#   softmax: e^0 = 1 (three times), e^2 = 7.389, total = 3 + 7.389 = 10.389
#     support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711  (sum 0.999.. = 1)
#   so raw self-attention: rude looks mostly at itself (0.711) and 0.096 at each other token.
import csv, sys
import numpy as np, torch

out = csv.writer(sys.stdout, lineterminator="\n")

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]
HAND_RUDE = [0.096, 0.096, 0.096, 0.711]  # from the paper working above


def attend(Q, K, V):
    scores = Q @ K.T / np.sqrt(K.shape[1])  # dot product, scaled by sqrt(d)
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)  # softmax over the keys, row by row
    return w, w @ V


def write_matrix(kind, M, rows, cols, with_sum=False):
    out.writerow(["matrix", "token"] + cols + (["row_sum"] if with_sum else []))
    for t, r in zip(rows, M):
        out.writerow([kind, t] + [f"{v:.3f}" for v in r] + ([f"{r.sum():.3f}"] if with_sum else []))


print("# part 1")
out.writerow(["token"] + AXES)
for t, r in zip(TOKENS, E):
    out.writerow([t] + [f"{v:g}" for v in r])

# part 2: query = key = value = meanings
print()
print("# part 2")
S_A = E @ E.T / np.sqrt(d)
wA, outA = attend(E, E, E)
write_matrix("scores_A", S_A, TOKENS, TOKENS)
write_matrix("weights_A", wA, TOKENS, TOKENS, with_sum=True)
write_matrix("output_A", outA, TOKENS, AXES)
print()
out.writerow(["rude_attends_to", "by_hand", "numpy", "abs_diff"])
i = TOKENS.index("rude")
for j, t in enumerate(TOKENS):
    out.writerow([t, f"{HAND_RUDE[j]:.3f}", f"{wA[i, j]:.3f}", f"{abs(HAND_RUDE[j] - wA[i, j]):.4f}"])

# part 3: step 6's query matrix - a bad word asks for its subject and for a negator
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
wB, outB = attend(Q, E, E)
print()
print("# part 3")
write_matrix("queries_B", Q, TOKENS, AXES)
write_matrix("scores_B", Q @ E.T / np.sqrt(d), TOKENS, TOKENS)
write_matrix("weights_B", wB, TOKENS, TOKENS, with_sum=True)
write_matrix("output_B", outB, TOKENS, AXES)
print()
out.writerow(["token", "axis", "before", "after"])
for k, ax in enumerate(AXES):
    out.writerow(["rude", ax, f"{E[i, k]:+.3f}", f"{outB[i, k]:+.3f}"])

# part 4a: check against torch's own function
# torch 1.13 here has no public torch.nn.functional.scaled_dot_product_attention (added in torch 2.0),
# so I fall back to the private F._scaled_dot_product_attention that 1.13 ships (returns (out, weights))
# and also compare with a plain torch softmax(QK^T/sqrt(d))V written by hand.
F = torch.nn.functional
Qt, Kt, Vt = torch.tensor(Q), torch.tensor(E), torch.tensor(E)  # float64
if hasattr(F, "scaled_dot_product_attention"):
    t_out = F.scaled_dot_product_attention(Qt, Kt, Vt).numpy()
    which = "F.scaled_dot_product_attention"
else:
    t_out = F._scaled_dot_product_attention(Qt[None], Kt[None], Vt[None], need_attn_weights=False)[0][0].numpy()
    which = "F._scaled_dot_product_attention (torch 1.13)"
t_plain = (torch.softmax(Qt @ Kt.T / d ** 0.5, -1) @ Vt).numpy()
print()
print("# part 4")
out.writerow(["reference", "dtype", "max_abs_gap_vs_numpy", "below_1e-12"])
gap = np.abs(t_out - outB).max()
out.writerow([which, "float64", f"{gap:.2e}", bool(gap < 1e-12)])
gap2 = np.abs(t_plain - outB).max()
out.writerow(["torch.softmax(QK^T/sqrt(d))V", "float64", f"{gap2:.2e}", bool(gap2 < 1e-12)])

# part 4b: shuffle the four token rows and rerun
perm = [3, 0, 2, 1]  # rude, support, not, was
Es = E[perm]
Ts = [TOKENS[p] for p in perm]
ws, outs = attend(Es @ Wq.T, Es, Es)
print()
write_matrix("weights_shuffled", ws, Ts, Ts, with_sum=True)
write_matrix("output_shuffled", outs, Ts, AXES)
print()
out.writerow(["check", "max_abs_gap"])
out.writerow(["output_shuffled vs output_B rows in the same shuffled order", f"{np.abs(outs - outB[perm]).max():.2e}"])
out.writerow(["weights_shuffled vs weights_B rows+cols in the same shuffled order",
              f"{np.abs(ws - wB[perm][:, perm]).max():.2e}"])
out.writerow(["output_shuffled vs output_B in the original row order (position 0..3)",
              f"{np.abs(outs - outB).max():.2e}"])
out.writerow(["hops token 1 -> token 50, RNN", 49])
out.writerow(["hops token 1 -> token 50, attention", 1])

# --- comments ---
# part 2: my hand numbers (0.096, 0.096, 0.096, 0.711) match the numpy rude row exactly to 3 decimals,
#   and every row of the weight matrix sums to 1.000.
# part 3: with the query matrix only rude has a non-zero query ([2, 0, 2, 0]), so only rude changes who it
#   attends to: it puts 0.440 on support and 0.440 on not and 0.060 on was and on itself. That pairing is
#   right for "support was not rude": rude needs its subject (support - whose service was rude) and its
#   negator (not - it is NOT rude), so its output becomes [0.881, -0.119, 0.881, 0.339]: the bad-news number
#   goes from -2.000 up to -0.119 and a negation number of 0.881 appears, in one hop. The other three tokens
#   have zero queries, so they just average everything evenly (0.250 each).
# part 4: torch agrees with my numpy to well below 1e-12 (had to use the private 1.13 function, see above).
# shuffle (three sentences):
# 1. After shuffling the rows the output rows come out in the new order - each output row moved together
#    with its token (rude's row is now first).
# 2. The values themselves did not change at all: rude still gets [0.881, -0.119, 0.881, 0.339] and the
#    weights are the same numbers just permuted (gap 0).
# 3. So attention on its own is blind to order - "support was not rude" and "rude not was support" give the
#    same per-token results - which is why a Transformer has to add position information to the inputs.
