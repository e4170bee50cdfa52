# attention_by_hand.py - exercise 4: attention on 4 tokens, by hand then numpy
import numpy as np, torch

# ---- part 1, on paper (done BEFORE running):
# rude = [0,-2,0,0]
#   . support [2,0,0,0]   = 0      /sqrt(4) = 0
#   . was     [0,0,0,2]   = 0      /2       = 0
#   . not     [0,0,2,0.5] = 0      /2       = 0
#   . rude    [0,-2,0,0]  = 4      /2       = 2
# softmax: e^0 = 1 (x3), e^2 = 7.389, sum = 10.389
#   support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711  (sum 1.000)
# -> rude mostly re-reads itself: 0.71 self, 0.10 each other

np.set_printoptions(precision=2, suppress=True)
TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]


def attend(Q, K, V):
    """scaled dot-product attention, returns (weights, output)"""
    scores = Q @ K.T / np.sqrt(d)
    w = np.exp(scores - scores.max(0, keepdims=True))
    w = w / w.sum(0, keepdims=True)   # softmax per row (per query)
    return w, w @ V


def show(w, out, toks, title):
    print(f"\n{title}")
    print(f"{'':<8s}" + "".join(f"{t:>8s}" for t in toks) + f"{'sum':>7s}")
    for t, r in zip(toks, w):
        print(f"{t:<8s}" + "".join(f"{v:8.2f}" for v in r) + f"{r.sum():7.2f}")
    print("output rows:")
    for t, r in zip(toks, out):
        print(f"  {t:<8s} {r}")


# ---- part 2: Q = K = V = meanings
wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "A. query = key = value = meanings")
r = TOKENS.index("rude")
print(f"rude row (3 dp, vs my hand numbers): " + "  ".join(f"{t} {v:.3f}" for t, v in zip(TOKENS, wA[r])))
print(f"hand: support 0.096  was 0.096  not 0.096  rude 0.711 -> max diff "
      f"{np.abs(wA[r] - np.array([0.096, 0.096, 0.096, 0.711])).max():.4f}")

# ---- part 3: query matrix from step 6
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nqueries Q = E @ Wq.T:")
for t, q in zip(TOKENS, Q):
    print(f"  {t:<8s} {q}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "B. query matrix, key = value = meanings")
print("rude row: " + "  ".join(f"{t} {v:.2f}" for t, v in zip(TOKENS, wB[r])))
print(f"rude good/bad {E[r, 1]:+.2f} -> {outB[r, 1]:+.2f}   negation {E[r, 2]:+.2f} -> {outB[r, 2]:+.2f}")
# rude -> support 0.71 and not 0.71 (0.25 to was / itself). correct pairing: "not" flips "rude"
# and "support" is who was rude(ish), so rude's new meaning = its subject + the negation, bad-ness down (-2.00 -> -0.50).
# the other 3 rows have zero queries -> they just spread out (they ask nothing).

# ---- part 4: check vs torch + shuffle
# torch 1.13 here has no F.scaled_dot_product_attention (added in 2.0). It does have the private
# F._scaled_dot_product_attention(q, k, v, mask, dropout_p, need_weights, is_causal) -> (out, weights),
# so I use that; if it's missing too, fall back to writing the formula in torch.
F = torch.nn.functional
q, k, v = torch.tensor(Q), torch.tensor(E), torch.tensor(E)
if hasattr(F, "scaled_dot_product_attention"):
    t_out = F.scaled_dot_product_attention(q, k, v).numpy()
elif hasattr(F, "_scaled_dot_product_attention"):
    t_out = F._scaled_dot_product_attention(q, k, v, None, 0.0, False, False)[0].numpy()
else:
    t_out = (torch.softmax(q @ k.T / d ** 0.5, -1) @ v).numpy()
print(f"\ngap vs torch attention (torch {torch.__version__}): {np.abs(t_out - outB).max():.2e}")

perm = [2, 0, 3, 1]   # new order: not, support, rude, was
Es = E[perm]
toks_s = [TOKENS[i] for i in perm]
wS, outS = attend(Es @ Wq.T, Es, Es)
show(wS, outS, toks_s, f"shuffled order {toks_s}, same Wq")
print(f"shuffled output == original output rows moved along? "
      f"{np.allclose(outS, outB[perm])}  (max gap {np.abs(outS - outB[perm]).max():.2e})")
print(f"shuffled weights == original weights permuted? {np.allclose(wS, wB[np.ix_(perm, perm)])}")
# - changed: only the ROW ORDER, rude's row is now 3rd and its weights sit in new columns.
# - not changed: the numbers, rude still 0.71 support / 0.71 not, output still [1.42 -0.50 1.42 0.86].
# - so attention alone is blind to order (it's a set op) -> needs position info added (2.8).
print("hops 'not'->'rude': RNN 1, attention 1   hops token 1->50: RNN 49, attention 1")
