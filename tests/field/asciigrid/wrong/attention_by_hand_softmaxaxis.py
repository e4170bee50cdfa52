# attention_by_hand.py  --  module "RNN to LSTM to why attention won", exercise 4
#
# +-----------------------------------------------------------------------------+
# | PART 1 -- ON PAPER, before running anything                                 |
# |                                                                             |
# | tokens   support=[2,0,0,0]  was=[0,0,0,2]  not=[0,0,2,0.5]  rude=[0,-2,0,0]  |
# | axes     subject, good/bad, negation, filler           d = 4, sqrt(d) = 2    |
# |                                                                             |
# | rude row, q = k = [0,-2,0,0]:                                               |
# |   rude.support = 0    rude.was = 0    rude.not = 0    rude.rude = 4         |
# |   / 2          -> 0           0              0               2              |
# |   exp          -> 1           1              1          e^2 = 7.389         |
# |   sum = 3 + 7.389 = 10.389                                                  |
# |   softmax      -> 0.096       0.096          0.096           0.711          |
# |   (1/10.389 = 0.0963, 7.389/10.389 = 0.7112, adds to 1.000)                 |
# +-----------------------------------------------------------------------------+
import numpy as np, torch, torch.nn.functional as F

np.set_printoptions(precision=3, suppress=True)

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],      # support
              [0.0, 0.0, 0.0, 2.0],      # was
              [0.0, 0.0, 2.0, 0.5],      # not
              [0.0, -2.0, 0.0, 0.0]])    # rude
d = E.shape[1]
HAND_RUDE = np.array([0.096, 0.096, 0.096, 0.711])    # my paper numbers from above


def attend(Q, K, V):
    """scaled dot-product attention. returns (weights, output)"""
    scores = Q @ K.T / np.sqrt(d)
    w = np.exp(scores - scores.max(axis=0, keepdims=True))   # minus max = no overflow
    w = w / w.sum(axis=0, keepdims=True)                     # softmax per ROW (per query)
    return w, w @ V


def bar(v, width=20):
    n = int(round(v * width))
    return "#" * n + "." * (width - n)


def show_weights(w, toks, title):
    print(f"\n{title}")
    line = "+----------+" + "+".join("-" * 9 for _ in toks) + "+-------+"
    print(line)
    print("| q \\ k    |" + "|".join(f" {t:>7s} " for t in toks) + "|  sum  |")
    print(line)
    for t, r in zip(toks, w):
        print(f"| {t:<8s} |" + "|".join(f" {v:7.3f} " for v in r) + f"| {r.sum():5.3f} |")
    print(line)


def show_rows(M, toks, title):
    print(f"\n{title}")
    line = "+----------+" + "+".join("-" * 10 for _ in AXES) + "+"
    print(line)
    print("| token    |" + "|".join(f" {a[:8]:>8s} " for a in AXES) + "|")
    print(line)
    for t, r in zip(toks, M):
        print(f"| {t:<8s} |" + "|".join(f" {v:8.3f} " for v in r) + "|")
    print(line)


show_rows(E, TOKENS, "the four meanings (E)")

# ================================================================ part 2
print("\n== PART 2: q = k = v = E ==")
wA, outA = attend(E, E, E)
show_weights(wA, TOKENS, "weights A (raw self-attention)")
show_rows(outA, TOKENS, "output A = weights @ V")
i = TOKENS.index("rude")
print("\nrude row: paper vs code")
print("+----------+--------+--------+--------+")
print("| key      | paper  | code   | diff   |")
print("+----------+--------+--------+--------+")
for j, t in enumerate(TOKENS):
    print(f"| {t:<8s} | {HAND_RUDE[j]:6.3f} | {wA[i, j]:6.3f} | {abs(HAND_RUDE[j] - wA[i, j]):6.4f} |")
print("+----------+--------+--------+--------+")
for j, t in enumerate(TOKENS):
    print(f"  rude -> {t:<8s} {bar(wA[i, j])}  {wA[i, j]:.3f}")

# ================================================================ part 3
print("\n== PART 3: step 6's query matrix ==")
Wq = np.array([[0.0, -1.0, 0.0, 0.0],     # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],     # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
show_rows(Q, TOKENS, "queries Q = E @ Wq.T")
wB, outB = attend(Q, E, E)
show_weights(wB, TOKENS, "weights B (separate query)")
show_rows(outB, TOKENS, "output B = weights @ V")
for j, t in enumerate(TOKENS):
    print(f"  rude -> {t:<8s} {bar(wB[i, j])}  {wB[i, j]:.3f}")
print(f"\n  rude good/bad : {E[i, 1]:+.3f} -> {outB[i, 1]:+.3f}")
print(f"  rude negation : {E[i, 2]:+.3f} -> {outB[i, 2]:+.3f}")
print(f"  all rows sum to 1?  A {np.allclose(wA.sum(1), 1)}   B {np.allclose(wB.sum(1), 1)}")

# ================================================================ part 4
print("\n== PART 4: check against torch + shuffle ==")
# torch 1.13 on this box has NO torch.nn.functional.scaled_dot_product_attention
# (it came in torch 2.0). 1.13 has a private F._scaled_dot_product_attention
# (q, k, v, attn_mask, dropout_p, need_attn_weights, is_causal) -> (out, weights),
# so I use that one when the public one is missing.
Qt, Et = torch.tensor(Q), torch.tensor(E)
if hasattr(F, "scaled_dot_product_attention"):
    t_out = F.scaled_dot_product_attention(Qt, Et, Et).numpy()
    t_w = None
    which = "F.scaled_dot_product_attention"
else:
    o, ww = F._scaled_dot_product_attention(Qt, Et, Et, None, 0.0, True, False)
    t_out, t_w = o.numpy(), ww.numpy()
    which = "F._scaled_dot_product_attention (torch 1.13)"
gap = np.abs(t_out - outB).max()
print("+------------------------------------------------+----------+")
print("| torch function                                 | max gap  |")
print("+------------------------------------------------+----------+")
print(f"| {which:<46s} | {gap:8.2e} |")
if t_w is not None:
    print(f"| {'   ...same for the weights':<46s} | {np.abs(t_w - wB).max():8.2e} |")
print("+------------------------------------------------+----------+")
print(f"below 1e-12? {gap < 1e-12}")

perm = [2, 0, 3, 1]                       # new order: not, support, rude, was
Es = E[perm]
Ts = [TOKENS[p] for p in perm]
Qs = Es @ Wq.T
wS, outS = attend(Qs, Es, Es)
show_weights(wS, Ts, f"weights after shuffling the rows -> {Ts}")
show_rows(outS, Ts, "output after shuffling")
print("\n+----------+--------------------------+----------------------------+")
print("| token    | row in orig -> row now   | max |out_orig - out_shuf|  |")
print("+----------+--------------------------+----------------------------+")
for new, old in enumerate(perm):
    print(f"| {TOKENS[old]:<8s} | {old:>10d} -> {new:<10d} | {np.abs(outB[old] - outS[new]).max():26.2e} |")
print("+----------+--------------------------+----------------------------+")
print(f"out_shuffled == out_original[perm] ? {np.allclose(outS, outB[perm])}")
print(f"weights too (rows AND columns permuted)? {np.allclose(wS, wB[np.ix_(perm, perm)])}")
print("\nhops 'not' -> 'rude' : rnn 1 , attn 1")
print("hops tok 1 -> tok 50 : rnn 49, attn 1")

# +-----------------------------------------------------------------------------+
# | NOTES                                                                       |
# |                                                                             |
# | part 2: paper and code agree: rude -> 0.711 to itself, 0.096 to each of the |
# |   other three. with q = k every token mostly re-reads ITSELF (0.711 / 0.669 |
# |   / 0.696 / 0.711 on the diagonal) -- rude and not are orthogonal (dot = 0) |
# |   so raw attention can't link them.                                         |
# |                                                                             |
# | part 3: with Wq, rude (the only bad word) asks for [2,0,2,0] = "subject?"   |
# |   + "negator?", so it attends 0.440 to support and 0.440 to not, 0.060 to   |
# |   was and to itself. correct for "support was not rude": 'not' flips 'rude' |
# |   and 'support' is what is (not) rude. its good/bad goes -2.000 -> -0.119   |
# |   and a negation of 0.881 appears: out = [0.881, -0.119, 0.881, 0.339].     |
# |   the other three queries are all zero -> uniform 0.250 rows.               |
# |                                                                             |
# | part 4: torch (private 1.13 version) agrees to ~1e-16 (< 1e-12).            |
# |   shuffle, 3 sentences:                                                     |
# |   1. what changed: the rows of the weight matrix and of the output came out |
# |      in the new order -- each token's row moved along with its token.       |
# |   2. what did not change: the values -- each token gets exactly the same    |
# |      output vector and the same weights on the same partner tokens.         |
# |   3. so attention alone is blind to order ("support was not rude" and any   |
# |      shuffle of it look the same) -> it needs position information added   |
# |      to the tokens (module 2.8).                                            |
# +-----------------------------------------------------------------------------+
