# attention_by_hand.py - scaled dot-product attention on four tokens.
#
# Part one, by hand, before any code. Axes: subject, good/bad, negation, filler.
#   support [2,0,0,0]  was [0,0,0,2]  not [0,0,2,0.5]  rude [0,-2,0,0]
#   rude . support = 0, rude . was = 0, rude . not = 0, rude . rude = 4
#   divide by sqrt(4) = 2  ->  scores [0, 0, 0, 2]
#   exp -> [1, 1, 1, 7.389], sum 10.389
#   softmax -> [0.096, 0.096, 0.096, 0.711]   (1/10.389, 7.389/10.389)
#   rude attends 0.711 to itself, 0.096 to each other token.
import sys
import numpy as np, torch
np.set_printoptions(precision=3, suppress=True, linewidth=120)

TOKENS = ["support", "was", "not", "rude"]
E = np.array([[2.0, 0.0, 0.0, 0.0],
              [0.0, 0.0, 0.0, 2.0],
              [0.0, 0.0, 2.0, 0.5],
              [0.0, -2.0, 0.0, 0.0]])
d = E.shape[1]
HAND = np.array([0.096, 0.096, 0.096, 0.711])

# Part two.
def attend(Q, K, V):
    """Returns (weights, output). Softmax over keys, row by row."""
    s = Q @ K.T
    w = np.exp(s - s.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)
    return w, w @ V

def show(w, out, toks):
    wt = np.zeros(len(toks), dtype=[('token', 'U8')] +
                  [(t, float) for t in toks] + [('sum', float)])
    for k, t in enumerate(toks):
        wt[k] = (t, *w[k], w[k].sum())
    print("weights (row = query token)")
    np.savetxt(sys.stdout, wt, fmt=['%-8s'] + ['%.3f'] * (len(toks) + 1),
               header='token ' + ' '.join(toks) + ' sum')
    print("output = w @ V")
    print(out)

print("A. Q = K = V = meanings")
wA, oA = attend(E, E, E)
show(wA, oA, TOKENS)
print("rude row:", wA[3], " hand:", HAND,
      " max gap %.1e" % np.abs(wA[3] - HAND).max())

# Part three: Step 6's query matrix. A bad word asks for its subject and
# for a negator.
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nB. Q = E @ Wq.T, K = V = meanings")
print("queries")
print(Q)
wB, oB = attend(Q, E, E)
show(wB, oB, TOKENS)
i = TOKENS.index("rude")
moved = np.array([(E[i, 1], oB[i, 1], E[i, 2], oB[i, 2])],
                 dtype=[('goodbad_before', float), ('goodbad_after', float),
                        ('neg_before', float), ('neg_after', float)])
print("rude row before/after")
print(repr(moved))

# Part four: torch check, then shuffle.
# torch 1.13 (Debian) has no public scaled_dot_product_attention (torch 2.x
# does); 1.13 ships it as _scaled_dot_product_attention returning (out, w).
F = torch.nn.functional
if hasattr(F, "scaled_dot_product_attention"):
    t = F.scaled_dot_product_attention(
        torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
    fn = "scaled_dot_product_attention"
else:
    t = F._scaled_dot_product_attention(
        torch.tensor(Q), torch.tensor(E), torch.tensor(E))[0].numpy()
    fn = "_scaled_dot_product_attention"
print(f"\ntorch {torch.__version__}, F.{fn}")
print("max |torch - mine|: %.2e" % np.abs(t - oB).max())

perm = np.array([3, 0, 2, 1])          # rude, support, not, was
toks_s = [TOKENS[j] for j in perm]
wS, oS = attend(Q[perm], E[perm], E[perm])
print("\nC. rows shuffled to", toks_s)
show(wS, oS, toks_s)
print("output rows moved with tokens, values same: max |oS - oB[perm]| = %.2e"
      % np.abs(oS - oB[perm]).max())
print("weights permuted both ways, same: max gap = %.2e"
      % np.abs(wS - wB[perm][:, perm]).max())
print("row k of shuffled output == row k of old output?", np.allclose(oS, oB),
      "(rows moved)")

# COMMENTS (written after the run)
# Hand numbers hold: rude row 0.096 0.096 0.096 0.711 (gap 2.6e-04 is my
#   3-decimal rounding). Every row sums to 1.000.
# With Wq, rude attends 0.440 to support and 0.440 to not, 0.060 to was and
#   to itself. Right for this phrase: 'rude' is negated by 'not' and is
#   about 'support'. Its good/bad number goes -2.000 -> -0.119 and a
#   negation number 0.881 appears. Tokens with zero query spread 0.250 evenly.
# torch check: max gap 2.22e-16 (torch 1.13 private function, same math).
# Shuffle: the output rows moved to the new positions of their tokens.
#   The values did not change at all (gap 0.00e+00), weights just permuted.
#   So attention alone is blind to order; position info must be added.
