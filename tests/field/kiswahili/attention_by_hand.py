# attention_by_hand.py -- Zoezi la 4: attention kwenye karatasi, kisha NumPy
import numpy as np, torch
np.set_printoptions(precision=3, suppress=True)

# ---------- Sehemu 1: kwa mkono, KABLA ya ku-run chochote ----------
# rude = [0,-2,0,0]. Dot products za row ya rude dhidi ya kila token:
#   support [2,0,0,0]   -> 0          was [0,0,0,2]   -> 0
#   not     [0,0,2,0.5] -> 0          rude [0,-2,0,0] -> (-2)(-2) = 4
# gawanya kwa sqrt(4) = 2:  scores = [0, 0, 0, 2]
# softmax: e^0 = 1 (mara tatu), e^2 = 7.389; jumla = 10.389
#   support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
#   (0.096*3 + 0.711 = 0.999 ~ 1.000 kwa rounding)

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],   # support
              [0.0, 0.0, 0.0, 2.0],   # was
              [0.0, 0.0, 2.0, 0.5],   # not
              [0.0, -2.0, 0.0, 0.0]]) # rude
d = E.shape[1]
HAND = np.array([0.096, 0.096, 0.096, 0.711])  # namba zangu za mkono kwa row ya rude

def attend(Q, K, V):
    """Scaled dot-product attention: inarudisha (uzito wa attention, output)."""
    scores = Q @ K.T / np.sqrt(d)
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)  # softmax kwa kila row
    return w, w @ V

def show(w, out, toks, title):
    print(f"\n--- {title} ---")
    print("uzito wa attention (row = query, column = key):")
    print(f"{'':<9s}" + "".join(f"{t:>9s}" for t in toks) + f"{'jumla':>8s}")
    for t, r in zip(toks, w):
        print(f"{t:<9s}" + "".join(f"{v:9.3f}" for v in r) + f"{r.sum():8.3f}")
    print("output (uzito x value vectors):")
    for t, r in zip(toks, out):
        print(f"  {t:<8s} {r}")

print("maana za tokens, axes =", AXES)
for t, r in zip(TOKENS, E):
    print(f"  {t:<8s} {r}")

# ---------- Sehemu 2: Q = K = V = maana ----------
wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "A. query = key = value = maana")
r = TOKENS.index("rude")
print(f"\nrow ya rude (NumPy): {wA[r]}")
print(f"row ya rude (mkono): {HAND}")
print(f"tofauti kubwa mkono vs NumPy: {np.abs(wA[r] - HAND).max():.4f} (rounding ya decimals 3)")

# ---------- Sehemu 3: query matrix ya Step 6 ----------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # neno baya linauliza: subject wangu ni nani?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...na: kuna negator karibu?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nqueries baada ya Wq:")
for t, q in zip(TOKENS, Q):
    print(f"  {t:<8s} {q}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "B. query tofauti (Wq), key = value = maana")
print(f"\nrude: good/bad ilitoka {E[r, 1]:+.3f} hadi {outB[r, 1]:+.3f}")
print(f"rude: negation ilitoka {E[r, 2]:+.3f} hadi {outB[r, 2]:+.3f}")
# MAONI (Sehemu 3): row ya rude ndiyo pekee inayobadilika -- inaangalia 'support' 0.440
# na 'not' 0.440, na 0.060 tu kwa 'was' na kwa yenyewe. Hiyo ni sahihi kwa phrase hii:
# 'rude' inahitaji kujua nani alikuwa rude (support) na kama imekanushwa (not), kwa hiyo
# output yake [0.881, -0.119, 0.881, 0.339] inabeba subject na negation, na good/bad
# inapanda kutoka -2.000 hadi -0.119. Tokens nyingine zina query sifuri, hivyo zinaangalia
# kila token 0.250 sawa sawa.

# ---------- Sehemu 4: kulinganisha na PyTorch, kisha shuffle ----------
F = torch.nn.functional
def torch_attention(Q, K, V):
    if hasattr(F, "scaled_dot_product_attention"):  # torch 2.x, kama kwenye module
        return F.scaled_dot_product_attention(torch.tensor(Q), torch.tensor(K),
                                              torch.tensor(V)).numpy()
    # torch 1.13 ya Debian haina function ya public; inayo _scaled_dot_product_attention
    # (batch dimension inahitajika, inarudisha (output, weights))
    o, _ = F._scaled_dot_product_attention(torch.tensor(Q)[None], torch.tensor(K)[None],
                                           torch.tensor(V)[None], None, 0.0, False, False)
    return o[0].numpy()
print(f"\ntorch {torch.__version__}; function ya public ipo? "
      f"{hasattr(F, 'scaled_dot_product_attention')}")
tB = torch_attention(Q, E, E)
print(f"pengo kubwa dhidi ya attention ya PyTorch (B): {np.abs(tB - outB).max():.2e}")
tA = torch_attention(E, E, E)
print(f"pengo kubwa dhidi ya attention ya PyTorch (A): {np.abs(tA - outA).max():.2e}")

perm = [2, 0, 3, 1]  # mpangilio mpya: not, support, rude, was
Es = E[perm]
Ts = [TOKENS[i] for i in perm]
wS, outS = attend(Es @ Wq.T, Es, Es)
show(wS, outS, Ts, "C. rows zimeshuffle: " + " ".join(Ts))
print(f"\noutput ya shuffle == output ya zamani ikipangwa upya? "
      f"{np.allclose(outS, outB[perm])}  (pengo {np.abs(outS - outB[perm]).max():.2e})")
print(f"uzito wa shuffle == uzito wa zamani ikipangwa upya (rows na columns)? "
      f"{np.allclose(wS, wB[np.ix_(perm, perm)])}")
i = Ts.index("rude")
print(f"row ya rude baada ya shuffle iko nafasi {i}: {outS[i]}")
# MAONI (Sehemu 4): Kilichobadilika ni nafasi tu -- row ya rude ilihama kutoka nafasi 3
# hadi nafasi 2 na columns za uzito wa attention zikahama pamoja na tokens zao.
# Kisichobadilika ni thamani zenyewe: output ya rude bado ni [0.881, -0.119, 0.881, 0.339]
# na 0.440/0.440/0.060/0.060 bado ziko kwa support/not/was/rude (pengo 2.22e-16 tu,
# rounding ya float); pengo dhidi ya PyTorch pia ni 2.22e-16, chini ya 1e-12.
# Kwa hiyo attention peke yake ni kipofu kwa order: "support was not rude" na mpangilio
# wowote ule wa maneno yale manne unapata majibu yale yale -- ndiyo sababu Transformer
# inahitaji position information.
