# attention_by_hand.py -- four tokens, scores, softmax, weighted sum.
#
# PART ONE, on paper first (done before running anything):
#   support = [2,0,0,0], was = [0,0,0,2], not = [0,0,2,0.5], rude = [0,-2,0,0]
#   rude . support = 0,  rude . was = 0,  rude . not = 0,  rude . rude = 4
#   divide by sqrt(4) = 2  ->  scores 0, 0, 0, 2
#   softmax: e^0 = 1 (three times), e^2 = 7.389, total = 10.389
#   weights: support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
#   so rude mostly looks at itself (0.711) and gives 0.096 to each of the others.
import numpy as np, torch

np.set_printoptions(precision=3, suppress=True)
TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]
BAR = 20
HAND = {"support": 0.096, "was": 0.096, "not": 0.096, "rude": 0.711}


def bar(v, top=1.0):
    return "█" * round(BAR * v / top)


def attend(Q, K, V):
    """Scaled dot-product attention in NumPy. Returns (weights, output)."""
    scores = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(0, keepdims=True)  # softmax along each row
    return w, w @ V


def show(w, out, tokens, title):
    print(f"\n--- {title} ---")
    print(f"{'':<9s}" + "".join(f"{t:>9s}" for t in tokens) + f"{'sum':>8s}")
    for t, r in zip(tokens, w):
        print(f"{t:<9s}" + "".join(f"{v:9.3f}" for v in r) + f"{r.sum():8.3f}")
    print("output rows (subject, good/bad, negation, filler):")
    for t, r in zip(tokens, out):
        print(f"  {t:<8s} {r}")


def rank_row(w, tokens, who):
    i = tokens.index(who)
    print(f"who '{who}' listens to, most first:")
    order = sorted(range(len(tokens)), key=lambda j: -w[i, j])
    for rank, j in enumerate(order, 1):
        print(f"  #{rank} {tokens[j]:<8s} {bar(w[i, j]):<20s} {w[i, j]:.3f}")


print(f"meanings, axes = {AXES}")
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {row}")

# ---- part two: query = key = value = the meanings ----
wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "A. query = key = value = meanings")
rank_row(wA, TOKENS, "rude")
r = TOKENS.index("rude")
gap = max(abs(wA[r, j] - HAND[t]) for j, t in enumerate(TOKENS))
print(f"My paper numbers vs the printed rude row: biggest difference {gap:.4f} "
      f"(paper was rounded to 3 decimals).")
print(f"Every row sums to 1.000? {bool(np.allclose(wA.sum(1), 1.0))}")

# ---- part three: a query matrix (Step 6's Wq) ----
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nqueries after Wq:")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<8s} {row}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "B. query = meanings @ Wq.T, key = value = meanings")
rank_row(wB, TOKENS, "rude")
print(f"Every row sums to 1.000? {bool(np.allclose(wB.sum(1), 1.0))}")
print(f"rude's good/bad number went from {E[r, 1]:+.3f} to {outB[r, 1]:+.3f}, "
      f"and its negation number from {E[r, 2]:+.3f} to {outB[r, 2]:+.3f}.")
# Who attended to whom: 'rude' put 0.440 on 'support' and 0.440 on 'not' (0.060 on
# 'was' and on itself). That's the right pairing for "support was not rude": rude
# needs to know WHO it's about (support) and that it's negated (not), and it grabbed
# both in one hop. The other three rows have all-zero queries, so they just spread
# 0.250 evenly -- they never asked a question.

# ---- part four: check against torch, then shuffle ----
sdpa = getattr(torch.nn.functional, "scaled_dot_product_attention", None)
if sdpa is None:  # torch 1.13 only ships the private name, returns (out, weights)
    def sdpa(q, k, v):
        return torch.nn.functional._scaled_dot_product_attention(
            q.unsqueeze(0), k.unsqueeze(0), v.unsqueeze(0))[0][0]
t_out = sdpa(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
print(f"\nBiggest gap against torch's attention: {np.abs(t_out - outB).max():.2e} "
      f"(below 1e-12? {np.abs(t_out - outB).max() < 1e-12})")

perm = [3, 0, 2, 1]  # new order: rude, support, not, was
Es = E[perm]
toks_s = [TOKENS[i] for i in perm]
ws, outs = attend(Es @ Wq.T, Es, Es)
show(ws, outs, toks_s, "C. same tokens, shuffled to " + " ".join(toks_s))
rank_row(ws, toks_s, "rude")
print(f"Output rows after shuffling vs the original rows in the same shuffle: "
      f"max gap {np.abs(outs - outB[perm]).max():.2e}")
print(f"Weights vs the original weights, shuffled both ways: "
      f"max gap {np.abs(ws - wB[np.ix_(perm, perm)]).max():.2e}")
# Shuffle, three sentences:
# What changed: only where things sit -- the rude row is now printed first and its
# weights sit in new columns. What didn't change: every token's output row and
# weights are the same numbers (gap 0.00e+00), just moved along with the token.
# So attention on its own is blind to word order -- "rude was not support" would
# get the same per-token answers -- and that's why 2.8 has to add position info.
