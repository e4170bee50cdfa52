# attention_by_hand.py - attention on four tokens, on paper first, then in NumPy.
# Every table is tab-separated so it pastes straight into a sheet.
import numpy as np, torch

# Part one, worked on paper before running anything (rude row = [0,-2,0,0]):
# The dot products of rude with support, was, not and rude are 0, 0, 0 and 4.
# Divided by sqrt(4) = 2 they become 0, 0, 0 and 2.
# The softmax is exp(0)=1 three times and exp(2)=7.389, so the sum is 10.389.
# The weights are 1/10.389 = 0.096 for support, was and not, and 7.389/10.389 = 0.711 for rude itself.

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],   # support
              [0.0, 0.0, 0.0, 2.0],   # was
              [0.0, 0.0, 2.0, 0.5],   # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]


def attend(Q, K, V):
    """Scaled dot-product attention. Returns (weights, output)."""
    scores = Q @ K.T / np.sqrt(d)
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)  # softmax over the keys, row by row
    return w, w @ V


def show(title, names, w, out):
    print(f"\n# {title}: weights (row = query, column = key), sum, then output on {AXES}")
    print("# copy into sheet")
    print("\t".join(["query"] + names + ["sum"] + ["o_subj", "o_goodbad", "o_neg", "o_fill"]))
    for n, r, o in zip(names, w, out):
        print("\t".join([n] + [f"{v:.3f}" for v in r] + [f"{r.sum():.3f}"] + [f"{v:.3f}" for v in o]))


# Part two: query = key = value = the meanings.
wA, outA = attend(E, E, E)
show("A. Q=K=V=E", TOKENS, wA, outA)
hand = np.array([0.096, 0.096, 0.096, 0.711])
print("\n# hand numbers against the printed rude row")
print("# copy into sheet")
print("\t".join(["row"] + TOKENS + ["max_gap"]))
print("\t".join(["hand"] + [f"{v:.3f}" for v in hand] + [""]))
print("\t".join(["code"] + [f"{v:.3f}" for v in wA[3]] + [f"{np.abs(wA[3] - hand).max():.4f}"]))

# Part three: Step 6's query matrix, so a bad word asks for its subject and a negator.
Wq = np.array([[0.0, -1.0, 0.0, 0.0],  # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],  # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
wB, outB = attend(Q, E, E)
show("B. Q=E@Wq.T, K=V=E", TOKENS, wB, outB)
i = TOKENS.index("rude")
print("\n# the rude row before and after attention")
print("# copy into sheet")
print("\t".join(["rude"] + ["subj", "goodbad", "neg", "fill"]))
print("\t".join(["meaning"] + [f"{v:.3f}" for v in E[i]]))
print("\t".join(["output"] + [f"{v:.3f}" for v in outB[i]]))
# Rude attended 0.440 to support and 0.440 to not, and only 0.060 to was and to itself.
# That pairing is right for "support was not rude", because rude needs to know whose behaviour it describes and that it is negated.
# The other three rows have all-zero queries, so they spread evenly at 0.250 and are not asking anything.

# Part four: the same computation through PyTorch's own function.
sdpa = getattr(torch.nn.functional, "scaled_dot_product_attention", None)
if sdpa is not None:  # torch 2.x, as the module pins
    t_out = sdpa(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
    fn = "scaled_dot_product_attention"
else:  # Debian's torch 1.13 only has the private early version of the same function
    t_out = torch.nn.functional._scaled_dot_product_attention(
        torch.tensor(Q)[None], torch.tensor(E)[None], torch.tensor(E)[None],
        None, 0.0, False, False)[0][0].numpy()
    fn = "_scaled_dot_product_attention (torch 1.13)"
print("\n# gap against torch")
print("# copy into sheet")
print("\t".join(["check", "torch", "fn", "max_gap", "below_1e-12"]))
gap = np.abs(t_out - outB).max()
print("\t".join(["B_vs_torch", torch.__version__, fn, f"{gap:.2e}", str(gap < 1e-12)]))

# Shuffle the four token rows and run again.
perm = [2, 0, 3, 1]
Es = E[perm]
names = [TOKENS[p] for p in perm]
wS, outS = attend(Es @ Wq.T, Es, Es)
show("C. shuffled rows, same Wq", names, wS, outS)
print("\n# shuffled run against the original run, rows matched by token")
print("# copy into sheet")
print("\t".join(["check", "max_gap_out", "max_gap_w", "rows_moved"]))
print("\t".join(["shuffle", f"{np.abs(outS - outB[perm]).max():.2e}",
                 f"{np.abs(wS - wB[np.ix_(perm, perm)]).max():.2e}", " ".join(names)]))
# What changed is only the order of the output rows, which moved together with their tokens.
# What did not change is any value: each token gets the same weights and the same output row, up to a rounding gap of 2.22e-16.
# So attention by itself is blind to word order, and a Transformer has to add position information to know it.

print("\n# copy into sheet")
print("\t".join(["path", "RNN_hops", "attn_hops"]))
print("\t".join(["not->rude", "1", "1"]))
print("\t".join(["tok1->tok50", "49", "1"]))
