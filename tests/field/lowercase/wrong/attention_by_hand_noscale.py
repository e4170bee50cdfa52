# attention by hand - 4 tokens
import numpy as np, torch
np.set_printoptions(precision=3, suppress=True)

# ---- part 1 on paper (did this b4 running anything)
# rude = [0,-2,0,0]
# rude . support = 0   rude . was = 0   rude . not = 0   rude . rude = 4
# / sqrt(4) = /2  -> scores 0, 0, 0, 2
# softmax: e^0 = 1 (x3), e^2 = 7.389, sum = 10.389
# -> support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
# so rude mostly looks at itself (0.711) and 0.096 to each of the others, sums to 1 (0.096*3 + 0.711 = 0.999 rounding)

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]

# ---- part 2
def attend(Q, K, V):
    s = Q @ K.T   # dot product = similarity score
    w = np.exp(s - s.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)   # softmax per row
    return w, w @ V

def show(w, out, toks, title):
    print(f"\n{title}")
    print(f"{'':<8s}" + "".join(f"{t:>9s}" for t in toks) + f"{'sum':>7s}")
    for t, r in zip(toks, w):
        print(f"{t:<8s}" + "".join(f"{v:9.3f}" for v in r) + f"{r.sum():7.3f}")
    print("out:")
    for t, r in zip(toks, out):
        print(f"  {t:<8s} {r}")

w1, o1 = attend(E, E, E)
show(w1, o1, TOKENS, "A. q = k = v = meanings")
r = TOKENS.index("rude")
print(f"rude row vs my hand numbers (0.096 0.096 0.096 0.711): {w1[r]}  max diff {np.abs(w1[r] - np.array([0.096, 0.096, 0.096, 0.711])).max():.4f}")

# ---- part 3: step 6's query matrix, a bad word asks for its subject + a negator
Wq = np.array([[0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nqueries:")
for t, q in zip(TOKENS, Q):
    print(f"  {t:<8s} {q}")
w2, o2 = attend(Q, E, E)
show(w2, o2, TOKENS, "B. w/ the query matrix")
print(f"rude good/bad {E[r, 1]:+.3f} -> {o2[r, 1]:+.3f}   negation {E[r, 2]:+.3f} -> {o2[r, 2]:+.3f}")
# rude attends 0.440 to support and 0.440 to not (0.060 to was and itself), which is the right pairing
# bc in 'support was not rude' the complaint word needs to know who its about (support) and that its negated (not)
# the other 3 tokens have zero queries so they just spread 0.25 everywhere, they dont ask for anything
# rude's bad number goes -2 -> -0.119 and a negation of 0.881 shows up so it reads as "not rude about support" now

# ---- part 4: vs torch + shuffle
sdpa = getattr(torch.nn.functional, "scaled_dot_product_attention", None)
if sdpa is None:
    # torch 1.13 on this box only has the private one, returns (out, weights)
    def sdpa(q, k, v):
        return torch.nn.functional._scaled_dot_product_attention(q, k, v, None, 0.0, True)[0]
tq, te = torch.tensor(Q).unsqueeze(0), torch.tensor(E).unsqueeze(0)
t_out = sdpa(tq, te, te)[0].numpy()
print(f"\ngap vs torch sdpa: {np.abs(t_out - o2).max():.2e}  (torch {torch.__version__})")

perm = [2, 0, 3, 1]
Es, Qs = E[perm], Q[perm]
toks_s = [TOKENS[i] for i in perm]
w3, o3 = attend(Qs, Es, Es)
show(w3, o3, toks_s, f"C. shuffled order {toks_s}")
back = np.argsort(perm)
print(f"shuffled out put back in orig order == orig out? {np.allclose(o3[back], o2)}  max diff {np.abs(o3[back] - o2).max():.2e}")
print(f"weights same after un-shuffling rows+cols? {np.allclose(w3[back][:, back], w2)}")
# after shuffling the rows come out in the new order, rude is now row 3 instead of 4 and its weights sit in diff columns
# but the actual numbers didnt change at all, rude still 0.440 support 0.440 not and out [0.881 -0.119 0.881 0.339], just moved w/ its token
# so attention by itself is blind to order, 'rude was support not' gives the same meanings as 'support was not rude', thats why position info has to get added (2.8)
