"""
Exercise 4: attention on paper, then in NumPy, then against PyTorch.
"""
import numpy as np, torch

np.set_printoptions(precision=3, suppress=True)

# ---- Part one, on paper (written BEFORE running anything) ----
# @note Hand work for the "rude" row, meanings on axes [subject, good/bad, negation, filler]:
#       rude = [0,-2,0,0]
#       rude . support = [0,-2,0,0].[2,0,0,0]   = 0   -> 0 / sqrt(4) = 0
#       rude . was     = [0,-2,0,0].[0,0,0,2]   = 0   -> 0 / 2       = 0
#       rude . not     = [0,-2,0,0].[0,0,2,0.5] = 0   -> 0 / 2       = 0
#       rude . rude    = [0,-2,0,0].[0,-2,0,0]  = 4   -> 4 / 2       = 2
#       softmax: e^0 = 1 (three times), e^2 = 7.389, total = 10.389
#       weights: support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
#       (sum 0.096*3 + 0.711 = 0.999 by rounding, exactly 1 before rounding)

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],   # support
              [0.0, 0.0, 0.0, 2.0],   # was
              [0.0, 0.0, 2.0, 0.5],   # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
handRudeRow = np.array([0.096, 0.096, 0.096, 0.711])


def println(label, value):
    print(f"{label} = {value}")


def objLiteral(**fields):
    parts = []
    for k, v in fields.items():
        parts.append(f"{k}: {v:.3f}" if isinstance(v, float) else f"{k}: {v}")
    return "{ " + ", ".join(parts) + " }"


def printMatrix(name, M, rowNames):
    for t, r in zip(rowNames, M):
        print(objLiteral(matrix=name, row=t, **{c: float(v) for c, v in zip(rowNames, r)},
                         rowSum=float(r.sum())))


# ---- Part two: attend(Q, K, V) ----
def attend(Q, K, V):
    d = K.shape[1]
    scores = Q @ K.T / np.sqrt(d)  # dot products, scaled
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)  # softmax, row by row
    return w, w @ V


print("// part two: query = key = value = the meanings")
wRaw, outRaw = attend(E, E, E)
printMatrix("weightsRaw", wRaw, TOKENS)
rude = TOKENS.index("rude")
println("rudeRowPrinted", wRaw[rude])
println("rudeRowByHand", handRudeRow)
println("handVsPrintedMaxGap", f"{np.abs(wRaw[rude] - handRudeRow).max():.4f}")
println("allRowsSumToOne", bool(np.allclose(wRaw.sum(1), 1.0)))

# ---- Part three: a query matrix ----
Wq = np.array([[0.0, -1.0, 0.0, 0.0],  # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],  # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\n// part three: separate queries Q = E @ Wq.T, keys = values = meanings")
for t, r in zip(TOKENS, Q):
    println(f"query_{t}", r)
wQ, outQ = attend(Q, E, E)
printMatrix("weightsWithWq", wQ, TOKENS)
println("allRowsSumToOne", bool(np.allclose(wQ.sum(1), 1.0)))
for t, r in zip(TOKENS, outQ):
    println(f"output_{t}", r)
println("rudeGoodBadBeforeAfter", f"{E[rude, 1]:+.3f} -> {outQ[rude, 1]:+.3f}")
println("rudeNegationBeforeAfter", f"{E[rude, 2]:+.3f} -> {outQ[rude, 2]:+.3f}")
# @result The only row that changed is rude: it attends 0.440 to support and 0.440 to not and
#         0.060 to was and to itself, because its query [2,0,2,0] asks for the subject axis and
#         the negation axis; that pairing is right for "support was not rude", since rude is
#         about support and is cancelled by not, so its good/bad number rises from -2.000 to
#         -0.119 while a negation value of +0.881 appears. The other three rows have all-zero
#         queries, so they spread 0.250 everywhere.

# ---- Part four: PyTorch check, then shuffle ----
print("\n// part four: against PyTorch, then shuffled")
# torch 1.13 on this machine has no public F.scaled_dot_product_attention (it arrived in 2.0);
# the same kernel is there as the private F._scaled_dot_product_attention, which returns
# (output, weights), so I use the public one if it exists and the private one otherwise.
F = torch.nn.functional
Qt, Kt, Vt = (torch.tensor(a).unsqueeze(0) for a in (Q, E, E))
if hasattr(F, "scaled_dot_product_attention"):
    torchOut = F.scaled_dot_product_attention(Qt, Kt, Vt)[0].numpy()
else:
    torchOut = F._scaled_dot_product_attention(Qt, Kt, Vt)[0][0].numpy()
torchGap = np.abs(torchOut - outQ).max()
println("torchVersion", torch.__version__)
println("maxGapVsTorch", f"{torchGap:.2e}")
println("gapBelow1e12", bool(torchGap < 1e-12))

perm = [2, 0, 3, 1]  # new order: not, support, rude, was
shuffledTokens = [TOKENS[i] for i in perm]
Es = E[perm]
Qs = Es @ Wq.T
wS, outS = attend(Qs, Es, Es)
println("shuffledOrder", shuffledTokens)
printMatrix("weightsShuffled", wS, shuffledTokens)
for t, r in zip(shuffledTokens, outS):
    println(f"shuffledOutput_{t}", r)
println("shuffledOutputEqualsPermutedOriginal", bool(np.allclose(outS, outQ[perm])))
println("shuffledWeightsEqualPermutedOriginal", bool(np.allclose(wS, wQ[np.ix_(perm, perm)])))
# @result What changed: only the row order; the output rows (and the weight rows and columns)
#         moved together with their tokens, e.g. rude's row is now third instead of fourth.
# @result What did not change: every value; rude's output is still [0.881, -0.119, 0.881,
#         0.339] and its weights are still 0.440 / 0.440 / 0.060 / 0.060, just in new columns.
# @note   So attention alone is blind to order: "support was not rude" and any shuffle of
#         it give the same per-token answers, which is why position information has to be
#         added (module 2.8) before attention can tell word order apart.
