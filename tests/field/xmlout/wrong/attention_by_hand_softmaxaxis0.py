# Exercise 4 -- attention on paper, then in NumPy.  Output is XML.
#
# Part one, worked on paper BEFORE running anything (the "rude" row, query = key):
#   rude = [0, -2, 0, 0]
#   rude . support = 0*2 + (-2)*0 + 0*0 + 0*0     = 0   -> / sqrt(4) = 0
#   rude . was     = 0 + 0 + 0 + 0*2              = 0   -> / 2       = 0
#   rude . not     = 0 + 0 + 0*2 + 0*0.5          = 0   -> / 2       = 0
#   rude . rude    = (-2)*(-2)                    = 4   -> / 2       = 2
#   softmax of [0, 0, 0, 2]: e^0 = 1 three times, e^2 = 7.389, total = 10.389
#   weights: support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
#   (they add to 0.096*3 + 0.711 = 0.999, which is 1.000 before rounding)
#   So with plain meanings "rude" mostly looks at itself.
import numpy as np, torch

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],   # support
              [0.0, 0.0, 0.0, 2.0],   # was
              [0.0, 0.0, 2.0, 0.5],   # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]
HAND = {"support": 0.096, "was": 0.096, "not": 0.096, "rude": 0.711}


def attend(Q, K, V):
    """Scaled dot-product attention. Returns (weights, output)."""
    scores = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(scores - scores.max(1, keepdims=True))  # subtract max for safety
    w = w / w.sum(0, keepdims=True)  # softmax along each query row
    return w, w @ V


def vec(v):
    return " ".join(f"{x:.3f}" for x in v)


def show(label, tokens, Q, K, V):
    w, out = attend(Q, K, V)
    print(f'  <attention case="{label}">')
    for i, tq in enumerate(tokens):
        print(f'    <row query="{tq}">')
        for j, tk in enumerate(tokens):
            print(f'      <weight query="{tq}" key="{tk}">{w[i, j]:.3f}</weight>')
        print(f"      <sum>{w[i].sum():.3f}</sum>")
        print(f"      <output>{vec(out[i])}</output>")
        print("    </row>")
    print("  </attention>")
    return w, out


print('<results exercise="attention_by_hand">')
print(f'  <meanings axes="{" ".join(AXES)}">')
for t, r in zip(TOKENS, E):
    print(f'    <token name="{t}">{vec(r)}</token>')
print("  </meanings>")

# Part two: query = key = value = the meanings
wA, outA = show("A: query=key=value=meanings", TOKENS, E, E, E)
r = TOKENS.index("rude")
print('  <hand_check row="rude">')
for j, t in enumerate(TOKENS):
    print(f'    <weight key="{t}" hand="{HAND[t]:.3f}"'
          f' match="{str(abs(wA[r, j] - HAND[t]) < 0.0005).lower()}">{wA[r, j]:.3f}</weight>')
print("  </hand_check>")

# Part three: Step 6's query matrix -- a negative word asks for its subject and a negator
Wq = np.array([[0.0, -1.0, 0.0, 0.0],  # subject query: switched on by a bad word
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],  # negation query: also switched on by a bad word
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("  <queries>")
for t, q in zip(TOKENS, Q):
    print(f'    <query token="{t}">{vec(q)}</query>')
print("  </queries>")
wB, outB = show("B: query matrix Wq, key=value=meanings", TOKENS, Q, E, E)
print('  <rude_moved>')
print(f'    <good_bad from="{E[r, 1]:+.3f}">{outB[r, 1]:+.3f}</good_bad>')
print(f'    <negation from="{E[r, 2]:+.3f}">{outB[r, 2]:+.3f}</negation>')
print("  </rude_moved>")
# Which token attended to which: only "rude" has a non-zero query, and it puts 0.440 on
# "support" and 0.440 on "not" (0.060 on "was" and on itself).  That pairing is right for
# "support was not rude": rude is said ABOUT support, and "not" flips it, so rude's new
# meaning picks up its subject and its negator - good/bad goes from -2.000 to -0.119 and
# a negation value of +0.881 appears.  The other three rows have all-zero queries, so
# they spread 0.250 evenly over everything.

# Part four: check against PyTorch, then shuffle the token order
F = torch.nn.functional
qt, kt, vt = torch.tensor(Q), torch.tensor(E), torch.tensor(E)
if hasattr(F, "scaled_dot_product_attention"):  # torch 2.x, what the module uses
    fn_name = "scaled_dot_product_attention"
    t_out = F.scaled_dot_product_attention(qt, kt, vt).numpy()
else:  # torch 1.13 here only has the private version: needs a batch dim, returns (out, w)
    fn_name = "_scaled_dot_product_attention"
    t_out = F._scaled_dot_product_attention(qt[None], kt[None], vt[None])[0][0].numpy()
print(f'  <torch_check function="{fn_name}" torch="{torch.__version__}">'
      f"{np.abs(t_out - outB).max():.2e}</torch_check>")
print("  <!-- largest |numpy output - torch output| over all 16 numbers (must be below 1e-12) -->")

perm = [2, 0, 3, 1]  # new order: not, support, rude, was
tok_s = [TOKENS[i] for i in perm]
E_s, Q_s = E[perm], Q[perm]
wS, outS = show("C: same as B, tokens shuffled to " + " ".join(tok_s), tok_s, Q_s, E_s, E_s)
print('  <shuffle_check order="' + " ".join(tok_s) + '">')
print(f"    <max_gap_outputs_by_token>{np.abs(outS - outB[perm]).max():.2e}</max_gap_outputs_by_token>")
print(f"    <max_gap_weights_by_token>{np.abs(wS - wB[np.ix_(perm, perm)]).max():.2e}</max_gap_weights_by_token>")
print(f"    <rows_same_position_identical>{str(bool(np.allclose(outS, outB))).lower()}</rows_same_position_identical>")
print("  </shuffle_check>")
print("</results>")
# Shuffle, three sentences (written after reading attention_by_hand.out):
# 1. What changed: after shuffling to "not support rude was" the rows come out in the new
#    order, so position 0 now holds not's output and the row at each position differs from
#    before (rows_same_position_identical = false).
# 2. What did not change: each token's own weights and output are the same numbers as
#    before (gap 2.22e-16 for outputs, 1.11e-16 for weights) - rude still takes 0.440 from
#    support and 0.440 from not and still ends at 0.881 -0.119 0.881 0.339.
# 3. So the output rows just move with their tokens and the values stay the same, which
#    means attention on its own is blind to order - "support was not rude" and any shuffle
#    of it look the same - and position information has to be added (as 2.8 does).
# Also: the torch check on torch 1.13 had to use the private _scaled_dot_product_attention
# (the public name arrived in torch 2.0); the gap was 2.22e-16, far below 1e-12.
