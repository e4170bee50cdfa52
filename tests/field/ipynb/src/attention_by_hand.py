# %% [markdown]
# # Exercise 4: attention on paper, then in NumPy
# Module: *RNN to LSTM to why attention won*, Step 6 with my own four tokens: **support was not rude**.
#
# Axes of the made-up meanings: subject, good/bad, negation, filler.
#
# | token | meaning |
# |---|---|
# | support | [2, 0, 0, 0] |
# | was | [0, 0, 0, 2] |
# | not | [0, 0, 2, 0.5] |
# | rude | [0, -2, 0, 0] |
#
# ## Part 1: on paper first (written before running anything)
# rude row against every token, dot product then divide by sqrt(4) = 2:
#
# - rude . support = 0·2 + (-2)·0 + 0 + 0 = 0 → 0/2 = **0**
# - rude . was = 0 → **0**
# - rude . not = 0 + 0 + 0·2 + 0·0.5 = 0 → **0**
# - rude . rude = (-2)·(-2) = 4 → 4/2 = **2**
#
# softmax of [0, 0, 0, 2]: e^0 = 1 (three times), e^2 ≈ 7.389, sum ≈ 10.389
# → 1/10.389 ≈ **0.096** for support, was, not and 7.389/10.389 ≈ **0.711** for rude itself. Sum = 0.096·3 + 0.711 = 0.999 ≈ 1 (rounding).

# %%
%matplotlib inline
%config InlineBackend.figure_format = 'retina'

# %%
# Part 1 hand numbers, typed in BEFORE the first run (see the markdown above):
# scores of the rude row = [0, 0, 0, 2]; softmax -> support 0.096, was 0.096, not 0.096, rude 0.711
HAND_RUDE = [0.096, 0.096, 0.096, 0.711]

import numpy as np, torch
np.set_printoptions(precision=3, suppress=True)
TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0,  0.0, 0.0, 0.0],    # support
              [0.0,  0.0, 0.0, 2.0],    # was
              [0.0,  0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])   # rude
d = E.shape[1]
print(f"four 4-number meanings, axes = {AXES}")
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {row}")

# %% [markdown]
# ## Part 2: `attend(Q, K, V)` in NumPy
# scores = Q Kᵀ / sqrt(d), softmax row by row (I subtract the row max first so exp never overflows; it doesn't change the result), output = weights · V. It returns both the weights and the output. First run: query = key = value = the meanings.

# %%
def attend(Q, K, V):
    scores = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)            # softmax, each row on its own
    return w, w @ V

def show(w, out, names, title):
    print(f"--- {title} ---")
    print(f"{'':<9s}" + "".join(f"{t:>10s}" for t in names) + f"{'sum':>8s}")
    for t, r in zip(names, w):
        print(f"{t:<9s}" + "".join(f"{v:10.3f}" for v in r) + f"{r.sum():8.3f}")
    print("output rows:")
    for t, r in zip(names, out):
        print(f"  {t:<8s} {r}")

wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "A. query = key = value = meanings")
r = TOKENS.index("rude")
print("\nrude row, hand vs code:")
for t, hand, code in zip(TOKENS, HAND_RUDE, wA[r]):
    print(f"  {t:<8s} hand {hand:.3f}  code {code:.3f}  diff {abs(hand - code):.4f}")
print("largest weight in each row:", {t: TOKENS[int(i)] for t, i in zip(TOKENS, wA.argmax(1))})

# %% [markdown]
# My hand numbers agree with the code to three decimals (0.096 / 0.711), and every row sums to 1.000. With raw meanings every token mostly attends to **itself**, because no two different tokens share an axis (only *was* and *not* overlap a little on the filler axis, 0.5 → 0.149 / 0.137). So plain self-attention on these vectors mostly re-reads the token it started from.

# %% [markdown]
# ## Part 3: a separate query matrix
# Step 6's Wq: a bad word (negative good/bad number) asks for a subject (axis 0) and for a negator (axis 2). Keys and values stay the meanings.

# %%
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0,  0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0,  0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("queries after Wq:")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<8s} {row}")
wB, outB = attend(Q, E, E)
print()
show(wB, outB, TOKENS, "B. query = meanings @ Wq.T, key = value = meanings")
print("\nreading the 'rude' row:")
for j, t in enumerate(TOKENS):
    print(f"  {wB[r, j]:.3f} of its new meaning comes from '{t}'")
print(f"  good/bad number: {E[r, 1]:+.3f} -> {outB[r, 1]:+.3f}")
print(f"  negation number: {E[r, 2]:+.3f} -> {outB[r, 2]:+.3f}")
# Which token attended to which: 'rude' is the only token with a non-zero query ([2, 0, 2, 0]),
# and it put 0.440 on 'support' and 0.440 on 'not' (0.060 on 'was' and on itself); the other
# three tokens have an all-zero query, so they spread 0.250 evenly and learn nothing.
# That pairing is right for this phrase: 'rude' is about 'support' (its subject) and it is
# negated by 'not', so after one hop its good/bad number goes from -2.000 to -0.119 (almost
# neutral) and it gains a negation number of +0.881 - "support was not rude" is not a complaint.

# %% [markdown]
# ## Part 4: check against PyTorch, then shuffle the tokens
# My torch is 1.13 and `torch.nn.functional.scaled_dot_product_attention` only exists from torch 2.0 on (`hasattr` says False on this machine). 1.13 has the same function under the private name `_scaled_dot_product_attention(q, k, v, attn_mask, dropout_p, need_attn_weights, is_causal)`, which also returns the weights, so I use that one when the public one is missing.

# %%
F = torch.nn.functional
def torch_attention(Q, K, V):
    q, k, v = torch.tensor(Q), torch.tensor(K), torch.tensor(V)
    if hasattr(F, "scaled_dot_product_attention"):           # torch >= 2.0
        return F.scaled_dot_product_attention(q, k, v).numpy(), None
    out, w = F._scaled_dot_product_attention(q, k, v, None, 0.0, True, False)   # torch 1.13
    return out.numpy(), w.numpy()

t_out, t_w = torch_attention(Q, E, E)
print(f"torch {torch.__version__}: largest gap, output  {np.abs(t_out - outB).max():.2e}")
if t_w is not None:
    print(f"                 largest gap, weights {np.abs(t_w - wB).max():.2e}")
t_outA, _ = torch_attention(E, E, E)
print(f"(table A as well: {np.abs(t_outA - outA).max():.2e})")
print("below 1e-12?", np.abs(t_out - outB).max() < 1e-12)

# %%
perm = [2, 0, 3, 1]                         # new order: not, support, rude, was
names_s = [TOKENS[i] for i in perm]
E_s = E[perm]
w_s, out_s = attend(E_s @ Wq.T, E_s, E_s)
show(w_s, out_s, names_s, "B again, tokens shuffled to " + " ".join(names_s))
print("\noutput rows equal to the unshuffled ones, moved with their tokens?",
      np.allclose(out_s, outB[perm]))
print("weights equal after putting rows AND columns back in the same order?",
      np.allclose(w_s, wB[np.ix_(perm, perm)]))
print("is the output itself the same array as before (same row order)?", np.allclose(out_s, outB))
# Three sentences on the shuffle:
# 1. What changed: only the order of the rows - 'rude' is now row 3 instead of row 4, and its
#    output row moved with it.
# 2. What did not change: the values - 'rude' still takes 0.440 from 'support' and 0.440 from
#    'not' and still comes out as [0.881 -0.119 0.881 0.339]; every row is the same numbers as
#    before, just at its token's new place (allclose True above).
# 3. So attention on its own is blind to order: "not rude support was" and "support was not
#    rude" give the same meanings for every token, and the model has to be given position
#    information separately (Module 2.8's positional encodings) if order should matter.

# %% [markdown]
# ## Summary against the Check list
# - every weight row sums to 1.000 (tables A and B and the shuffled one);
# - query = key: rude → itself 0.711, each other token 0.096 (= my hand numbers);
# - with Wq: rude → support 0.440, not 0.440, was 0.060, rude 0.060; output for rude [0.881, -0.119, 0.881, 0.339];
# - gap against PyTorch's attention below 1e-12 (torch 1.13's private version of the function);
# - shuffle: rows move with their tokens, values unchanged → attention alone does not know order.
