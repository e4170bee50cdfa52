# attention_by_hand.py -- Exercise 4: attention on paper, then in NumPy.
import numpy as np, torch
np.set_printoptions(precision=3, suppress=True)

# ---------------- part one: on paper, BEFORE running anything ----------------
# The rude row is [0, -2, 0, 0]. Its dot products with every token:
#   support [2,0,0,0]   -> 0          was  [0,0,0,2]    -> 0
#   not     [0,0,2,0.5] -> 0          rude [0,-2,0,0]   -> (-2)*(-2) = 4
# Divided by sqrt(4) = 2 the scores are 0, 0, 0, 2.
# Softmax: e^0 = 1 three times and e^2 = 7.389, total 10.389, so
#   support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711  (adds to 1.000)
# So rude mostly re-reads itself (0.711) and gives 0.096 to each of the other three.

PART = " ▏▎▍▌▋▊▉"
SHADES = " ░▒▓█"


def bar(v, vmax, width=30):
    cells = max(0.0, min(v / vmax, 1.0)) * width
    full = int(cells)
    rem = int(round((cells - full) * 8))
    if rem == 8:
        full, rem = full + 1, 0
    return ("█" * full + (PART[rem] if rem else "")).ljust(width)


def shade(w):
    """Weight in [0, 1] -> a two-character heat cell."""
    if w < 0.05:
        return "··"
    return SHADES[min(4, 1 + int(w * 4))] * 2


def title(text, legend):
    print(f"\n{text}\n{'─' * len(text)}\n  scale: {legend}")


HEAT_LEGEND = "heat cell per weight: ·· <0.05, ░░ <0.25, ▒▒ <0.5, ▓▓ <0.75, ██ >=0.75"
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
    w = w / w.sum(0, keepdims=True)   # softmax along each ROW (over the keys)
    return w, w @ V


def show_weights(w, tokens, label):
    title(label, HEAT_LEGEND)
    print(f"  {'query':<8s}  " + "".join(f"{t[:2]:<3s}" for t in tokens)
          + "   " + "".join(f"{t:>9s}" for t in tokens) + "      sum")
    for t, r in zip(tokens, w):
        print(f"  {t:<8s}  " + " ".join(shade(v) for v in r) + "  "
              + "".join(f"{v:9.3f}" for v in r) + f"  {r.sum():7.3f}")


def show_output(out, tokens, label):
    title(label, "each value drawn as |value| bar, █ = 1/12 of 2.0; sign written after")
    for t, r in zip(tokens, out):
        print(f"  {t}")
        for ax, v in zip(AXES, r):
            print(f"    {t:<8s} {ax:<9s} {bar(abs(v), 2.0, 12)} {v:+.3f}")


# ---------------- part two: query = key = value = the meanings ----------------
wA, outA = attend(E, E, E)
show_weights(wA, TOKENS, "Part 2 - raw self-attention weights (query = key = value = meanings)")
r = TOKENS.index("rude")
hand = np.array([0.096, 0.096, 0.096, 0.711])
title("Part 2b - the rude row against my hand numbers", "█ = 1/30 of weight 1.000")
for j, t in enumerate(TOKENS):
    print(f"  rude -> {t:<8s} code {bar(wA[r, j], 1.0)} {wA[r, j]:.3f}   hand {hand[j]:.3f}")
print(f"  largest |code - hand| = {np.abs(wA[r] - hand).max():.4f} (hand numbers were rounded to 3 places)")

# ---------------- part three: Step 6's query matrix ----------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
title("Part 3 - queries after the query matrix Wq", "one line per token")
for t, q in zip(TOKENS, Q):
    print(f"  {t:<8s} {q}")
wB, outB = attend(Q, E, E)
show_weights(wB, TOKENS, "Part 3 - weights with a separate query (key = value = meanings)")
show_output(outB[r:r + 1], ["rude"], "Part 3b - the rude row's new meaning")
title("Part 3c - rude before and after attention", "█ = 1/30 of 2.0, sign after the value")
for j, ax in enumerate(AXES):
    print(f"  rude {ax:<9s} before {bar(abs(E[r, j]), 2.0)} {E[r, j]:+.3f}")
    print(f"  rude {ax:<9s} after  {bar(abs(outB[r, j]), 2.0)} {outB[r, j]:+.3f}")
# Which token attended to which: rude (a bad word) sent the query [2, 0, 2, 0], which matches
# support's subject number and not's negation number, so rude put 0.440 on support and 0.440
# on not and only 0.060 on was and on itself; that pairing is right for this phrase because
# "support was not rude" is praise of support, and rude needs exactly its subject and the word
# that flips it -- its good/bad number went from -2.000 to -0.119 and a negation number of
# +0.881 appeared.  The other three tokens have all-zero queries, so they spread 0.250 evenly.

# ---------------- part four: check against PyTorch, then shuffle ----------------
F = torch.nn.functional
if hasattr(F, "scaled_dot_product_attention"):        # torch 2.x name
    t_out = F.scaled_dot_product_attention(torch.tensor(Q), torch.tensor(E), torch.tensor(E))
else:                                                  # torch 1.13 only has the private one
    t_out, _ = F._scaled_dot_product_attention(torch.tensor(Q), torch.tensor(E),
                                               torch.tensor(E), None, 0.0, False, False)
gap = np.abs(t_out.numpy() - outB).max()
title("Part 4 - my NumPy output against PyTorch's scaled dot-product attention",
      "log10 bar, 2 cells per factor of 10, empty bar = 1e-18, full = 1e+00")
print(f"  largest gap  {bar(max(np.log10(max(gap, 1e-300)) + 18, 0), 18, 36)} {gap:.2e}"
      f"   below 1e-12: {gap < 1e-12}")

perm = [3, 0, 2, 1]                      # new order: rude, support, not, was
Es, Ts = E[perm], [TOKENS[i] for i in perm]
wS, outS = attend(Es @ Wq.T, Es, Es)
show_weights(wS, Ts, "Part 4b - the same four tokens shuffled to " + " ".join(Ts))
title("Part 4c - shuffled output rows vs the original rows of the same tokens",
      "█ = 1/30 of 1e-12; an empty bar means identical")
for k, i in enumerate(perm):
    g = np.abs(outS[k] - outB[i]).max()
    print(f"  {Ts[k]:<8s} row {k} now (was row {i})  {bar(g, 1e-12)} {g:.1e}  {outS[k]}")
# What the shuffle shows (written after the run):
# 1. What changed: only the order of the rows, rude's output moved from row 3 to row 0 and
#    every other token's row moved with its token.
# 2. What did not change: the numbers themselves, rude still reads [0.881, -0.119, 0.881,
#    0.339] and still puts 0.440 on support and 0.440 on not, with a gap of 0.0 to the
#    unshuffled rows.
# 3. So attention on its own is blind to order: "support was not rude" and "rude support not
#    was" give the same meanings, which is why a Transformer has to add position information.
