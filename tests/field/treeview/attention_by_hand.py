"""Exercise 4 - attention on paper, then in NumPy."""
import numpy as np, torch

# ---------------- part one: on paper, BEFORE running anything -----------------
# Tokens support / was / not / rude with meanings (subject, good/bad, negation,
# filler): support [2,0,0,0], was [0,0,0,2], not [0,0,2,0.5], rude [0,-2,0,0].
# The rude row, query = key = rude's own meaning [0,-2,0,0]:
#   rude . support = 0*2 + (-2)*0 + 0 + 0          = 0   -> / sqrt(4) = 0
#   rude . was     = 0 + 0 + 0 + 0*2               = 0   -> / 2       = 0
#   rude . not     = 0 + 0 + 0*2 + 0*0.5           = 0   -> / 2       = 0
#   rude . rude    = (-2)*(-2)                     = 4   -> / 2       = 2
# softmax of [0, 0, 0, 2]: e^0 = 1 three times, e^2 = 7.389, total 10.389
#   support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
#   (0.096*3 + 0.711 = 0.999 on paper because of rounding; really 1.000)
HAND_RUDE_ROW = [0.096, 0.096, 0.096, 0.711]

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]


def show_tree(node, prefix=""):
    """My little tree printer: dicts become branches, everything else a leaf."""
    items = list(node.items())
    for n, (key, val) in enumerate(items):
        last = n == len(items) - 1
        print(prefix + ("└── " if last else "├── ") +
              (str(key) if isinstance(val, dict) else f"{key}: {val}"))
        if isinstance(val, dict):
            show_tree(val, prefix + ("    " if last else "│   "))


def as_list(v):
    return [round(float(a), 3) + 0.0 for a in v]


# ---------------- part two: attend(Q, K, V) -----------------------------------
def attend(Q, K, V):
    """Scaled dot-product attention. Returns (weights, output)."""
    scores = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(scores - scores.max(axis=1, keepdims=True))
    w = w / w.sum(axis=1, keepdims=True)  # softmax along each row
    return w, w @ V


def describe(tokens, Q, w, out):
    scores = Q @ E_of(tokens).T / np.sqrt(d)
    return {
        "scores / sqrt(4)": {t: as_list(r) for t, r in zip(tokens, scores)},
        "weights (columns: " + ", ".join(tokens) + ")":
            {t: as_list(r) for t, r in zip(tokens, w)},
        "row sums": as_list(w.sum(axis=1)),
    "every row sums to 1.000": bool(np.allclose(w.sum(axis=1), 1.0)),
        "output rows": {t: as_list(r) for t, r in zip(tokens, out)},
    }


def E_of(tokens):
    return np.array([E[TOKENS.index(t)] for t in tokens])


result = {"part 1: meanings (" + ", ".join(AXES) + ")":
          {t: as_list(r) for t, r in zip(TOKENS, E)}}

wA, outA = attend(E, E, E)
i = TOKENS.index("rude")
partA = describe(TOKENS, E, wA, outA)
partA["rude row by hand"] = HAND_RUDE_ROW
partA["rude row printed"] = as_list(wA[i])
partA["hand matches printed (3 decimals)"] = bool(
    np.allclose(np.round(wA[i], 3), HAND_RUDE_ROW))
result["part 2: raw self-attention, Q = K = V = meanings"] = partA
print("part 2 done", flush=True)

# ---------------- part three: a query matrix ---------------------------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
wB, outB = attend(Q, E, E)
partB = {"queries (E @ Wq.T)": {t: as_list(r) for t, r in zip(TOKENS, Q)}}
partB.update(describe(TOKENS, Q, wB, outB))
partB["reading the rude row"] = {
    **{f"weight on '{t}'": f"{wB[i, j]:.3f}" for j, t in enumerate(TOKENS)},
    "good/bad number": f"{E[i, 1]:+.3f} -> {outB[i, 1]:+.3f}",
    "negation number": f"{E[i, 2]:+.3f} -> {outB[i, 2]:+.3f}",
}
result["part 3: with the query matrix Wq"] = partB
# Which token attended to which (written after the run): only 'rude' has a
# non-zero query ([2, 0, 2, 0]), and it puts 0.440 on 'support' and 0.440 on
# 'not' and 0.060 on 'was' and on itself. That pairing is right for this phrase:
# 'support' is the thing that was (not) rude and 'not' flips the meaning, so
# rude's good/bad number goes from -2.000 to -0.119 while a negation number of
# 0.881 appears. The other three tokens have all-zero queries, so every score
# in their rows is 0 and they spread 0.250 evenly over all four tokens.
print("part 3 done", flush=True)

# ---------------- part four: against PyTorch, then shuffled -------------------
sdpa = getattr(torch.nn.functional, "scaled_dot_product_attention", None)
if sdpa is not None:
    t_out = sdpa(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
    t_w = None
    fn_name = "scaled_dot_product_attention"
else:
    # torch 1.13 (Debian's) only has the private early version of the same
    # function; it returns (output, weights) when need_attn_weights=True
    t_out, t_w = torch.nn.functional._scaled_dot_product_attention(
        torch.tensor(Q), torch.tensor(E), torch.tensor(E), need_attn_weights=True)
    t_out, t_w = t_out.numpy(), t_w.numpy()
    fn_name = "_scaled_dot_product_attention (torch 1.13)"
check = {"torch function used": fn_name,
         "torch version": torch.__version__,
         "largest output gap vs mine": f"{np.abs(t_out - outB).max():.2e}"}
if t_w is not None:
    check["largest weight gap vs mine"] = f"{np.abs(t_w - wB).max():.2e}"

order = [3, 0, 2, 1]  # rude, support, not, was
S_tokens = [TOKENS[k] for k in order]
ES = E[order]
QS = ES @ Wq.T
wS, outS = attend(QS, ES, ES)
shuffled = {"new order": S_tokens}
shuffled.update(describe(S_tokens, QS, wS, outS))
shuffled["largest gap, shuffled output vs original rows moved the same way"] = \
    f"{np.abs(outS - outB[order]).max():.2e}"
shuffled["largest gap, shuffled weights vs original weights moved the same way"] = \
    f"{np.abs(wS - wB[np.ix_(order, order)]).max():.2e}"
shuffled["rude row output before / after shuffle"] = [as_list(outB[i]),
                                                      as_list(outS[0])]
result["part 4: check against torch"] = check
result["part 4: shuffled token order"] = shuffled
result["hops"] = {"'not' to 'rude'": "RNN 1, attention 1",
                  "token 1 to token 50": "RNN 49, attention 1"}
print("part 4 done", flush=True)

print()
print("attention_by_hand")
show_tree(result)

# Shuffle comments (written after the run):
# 1. What changed: only the order of the rows and columns - after shuffling to
#    rude, support, not, was, the rude row is printed first and its 0.440
#    weights now sit in the 'support' and 'not' columns wherever those moved.
# 2. What did not change: every value - the shuffled outputs equal the original
#    output rows moved the same way (largest gap 0.00e+00), and rude still
#    reads [0.881, -0.119, 0.881, 0.339] with the same 0.440 / 0.060 weights.
# 3. So attention on its own is blind to order: 'support was not rude' and any
#    shuffle of those four words give the same answers, just re-ordered, which
#    is why a real Transformer has to add position information to the meanings.
# (My torch is 1.13, which has no public scaled_dot_product_attention yet, so
# the check uses its early private version; the gap was 2.22e-16, below 1e-12.)
