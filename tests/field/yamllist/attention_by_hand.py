"""attention_by_hand.py - Exercise 4: attention on paper, then in NumPy."""
# ---- my little YAML printer (no yaml module, just lists and dicts) ----
class Raw(str):
    """A number I already formatted myself (e.g. 7.577e-02); printed as is."""
class Flow(list):
    """A short list I want on one line, like [0.1, 0.2]."""
def _scalar(v, nd=3):
    if isinstance(v, Raw):
        return str(v)
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return f"{v:.{nd}f}"
    if v is None:
        return "null"
    s = str(v)
    try:
        float(s); looks_num = True
    except ValueError:
        looks_num = False
    if (s == "" or looks_num or s[0] in "-?:,[]{}#&*!|>'\"%@`" or ": " in s
            or " #" in s or s != s.strip()
            or s.lower() in ("true", "false", "null", "yes", "no", "on", "off")):
        return "'" + s.replace("'", "''") + "'"
    return s
def _inline(v):
    if isinstance(v, list):
        return "[" + ", ".join(_inline(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {_inline(x)}" for k, x in v.items()) + "}"
    return _scalar(v)
def _block(obj, ind=0):
    pad, out = " " * ind, []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if isinstance(v, dict) and v:
                out.append(f"{pad}{k}:")
                out += _block(v, ind + 2)
            elif isinstance(v, list) and v and not isinstance(v, Flow):
                out.append(f"{pad}{k}:")
                out += _block(v, ind)          # items sit under the key, like safe_dump
            else:
                out.append(f"{pad}{k}: {_inline(v)}")
    else:
        for item in obj:
            if (isinstance(item, dict) and item) or (isinstance(item, list) and item
                                                     and not isinstance(item, Flow)):
                sub = _block(item, ind + 2)
                sub[0] = pad + "- " + sub[0][ind + 2:]
                out += sub
            else:
                out.append(f"{pad}- {_inline(item)}")
    return out
def doc(obj, *comments):
    """Print one YAML document: '---', my # comments, then the data."""
    print("---")
    for c in comments:
        print(f"# {c}")
    print("\n".join(_block(obj)))
# ---- end of printer ----
import numpy as np, torch
import torch.nn.functional as F

# ---------------- part one: on paper, before running anything ----------------
# The rude row is [0, -2, 0, 0]. Its dot products with every token:
#   support [2, 0, 0, 0]   -> 0*2 + (-2)*0 + 0*0 + 0*0     = 0
#   was     [0, 0, 0, 2]   -> 0                            = 0
#   not     [0, 0, 2, 0.5] -> 0                            = 0
#   rude    [0, -2, 0, 0]  -> (-2)*(-2)                    = 4
# Divide by sqrt(4) = 2: scores are 0, 0, 0, 2.
# Softmax: e^0 = 1 three times, e^2 = 7.389, total = 10.389.
#   support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
#   (check: 3 * 0.096 + 0.711 = 0.999, i.e. 1.000 before rounding)
# So by hand the rude row attends 0.711 to itself and 0.096 to each other token.
HAND_RUDE_ROW = [0.096, 0.096, 0.096, 0.711]

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],   # support
              [0.0, 0.0, 0.0, 2.0],   # was
              [0.0, 0.0, 2.0, 0.5],   # not
              [0.0, -2.0, 0.0, 0.0]]) # rude
d = E.shape[1]

def attend(Q, K, V):
    """Scaled dot-product attention in NumPy. Returns (weights, output)."""
    scores = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(scores - scores.max(axis=1, keepdims=True))   # stable softmax
    w = w / w.sum(axis=1, keepdims=True)                      # each ROW adds to 1
    return w, w @ V

def report(w, out, tokens, Q=None):
    rows = []
    for i, t in enumerate(tokens):
        r = {"token": t}
        if Q is not None:
            r["query"] = Flow([float(a) for a in Q[i]])
        r["weights"] = [float(a) for a in w[i]]
        top = [tokens[j] for j in range(len(tokens)) if np.isclose(w[i, j], w[i].max())]
        r["attends_most_to"] = Flow(top) if len(top) < len(tokens) else "all equally"
        r["row_sum"] = float(w[i].sum())
        r["output"] = Flow([float(a) for a in out[i]])
        rows.append(r)
    return rows

doc({"axes": Flow(AXES), "keys_in_weight_order": Flow(TOKENS),
     "meanings": [{"token": t, "vector": Flow([float(a) for a in e])}
                  for t, e in zip(TOKENS, E)]},
    "four tokens, four numbers each")

# ---------------- part two: query = key = value = the meanings ----------------
wA, outA = attend(E, E, E)
r = TOKENS.index("rude")
doc({"raw_self_attention": report(wA, outA, TOKENS),
     "hand_check_rude_row": {"by_hand": Flow(HAND_RUDE_ROW),
                             "printed": Flow([round(float(a), 3) for a in wA[r]]),
                             "max_difference": float(np.abs(np.round(wA[r], 3)
                                                            - HAND_RUDE_ROW).max())}},
    "part two: A. query = key = value = the meanings",
    "weights are listed in the order support, was, not, rude")

# ---------------- part three: Step 6's query matrix ----------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0], # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0], # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
wB, outB = attend(Q, E, E)
doc({"with_query_matrix": report(wB, outB, TOKENS, Q),
     "rude_row": {"good_bad_before": float(E[r, 1]), "good_bad_after": float(outB[r, 1]),
                  "negation_before": float(E[r, 2]), "negation_after": float(outB[r, 2])}},
    "part three: B. separate query (E @ Wq.T), keys and values = the meanings")
# Which token attended to which: only rude has a non-zero query ([2, 0, 2, 0]),
# and it puts 0.440 on support and 0.440 on not (0.060 on was and on itself).
# That pairing is right for "support was not rude": rude has to know WHO it is
# about (support) and that it is negated (not), and after one hop its bad-news
# number went from -2.000 to -0.119 while a negation number of 0.881 appeared.
# The other three tokens ask nothing (zero query), so they spread 0.250 evenly.

# ---------------- part four: PyTorch check, then shuffle ----------------
def torch_attention(Q, K, V):
    q, k, v = (torch.tensor(a).unsqueeze(0) for a in (Q, K, V))   # add a batch dim
    if hasattr(F, "scaled_dot_product_attention"):                 # torch 2.x name
        o = F.scaled_dot_product_attention(q, k, v)
    else:                                                          # torch 1.13 here
        o, _ = F._scaled_dot_product_attention(q, k, v)
    return o.squeeze(0).numpy()
gapA = np.abs(torch_attention(E, E, E) - outA).max()
gapB = np.abs(torch_attention(Q, E, E) - outB).max()

perm = [2, 0, 3, 1]                         # new order: not, support, rude, was
Es, Ts = E[perm], [TOKENS[i] for i in perm]
Qs = Es @ Wq.T
wS, outS = attend(Qs, Es, Es)
same_rows = bool(np.allclose(outS, outB[perm], atol=1e-12))
same_as_unshuffled = bool(np.allclose(outS, outB, atol=1e-12))
doc({"torch_check": {"function": "F.scaled_dot_product_attention" if hasattr(
                         F, "scaled_dot_product_attention")
                     else "F._scaled_dot_product_attention (torch 1.13)",
                     "max_gap_raw": Raw(f"{gapA:.2e}"),
                     "max_gap_query_matrix": Raw(f"{gapB:.2e}"),
                     "below_1e-12": bool(max(gapA, gapB) < 1e-12)},
     "shuffled": {"order": Flow(Ts),
                  "rows": report(wS, outS, Ts, Qs),
                  "each_output_equals_its_token_row_before": same_rows,
                  "output_matrix_equals_unshuffled_matrix": same_as_unshuffled}},
    "part four: PyTorch's own attention, then the four rows shuffled",
    "after shuffling, the weights are listed in the NEW order: not, support, rude, was")
# PyTorch check: the gap is 6.66e-16 (raw) and 2.22e-16 (query matrix), far under 1e-12,
# so my NumPy attend() does the same sum as the library (torch 1.13 only has the
# private F._scaled_dot_product_attention, which also divides by sqrt(4)).
# Shuffle, what changed: the rows of the weight matrix and of the output came out in
# the new order (not, support, rude, was), and the rude row's 0.440s moved to the new
# columns of support and not, so the output matrix as a whole is not the same array.
# Shuffle, what did not change: every token got exactly the same output vector as
# before (rude is still [0.881, -0.119, 0.881, 0.339], the others [0.5, -0.5, 0.5, 0.625]),
# and the check each_output_equals_its_token_row_before prints true.
# So attention on its own is blind to order: the outputs just move with their tokens,
# "support was not rude" and "rude not was support" look the same to it, and position
# information has to be added separately (which is what 2.8 does).
