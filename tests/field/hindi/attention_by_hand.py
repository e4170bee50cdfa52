# attention_by_hand.py — अभ्यास 4: पहले काग़ज़ पर attention, फिर NumPy में
import numpy as np, torch

# ---------------- भाग 1: काग़ज़ पर (code चलाने से पहले लिखा) ----------------
# tokens: support=[2,0,0,0], was=[0,0,0,2], not=[0,0,2,0.5], rude=[0,-2,0,0]
# rude row का dot product हर token से:
#   rude·support = 0,  rude·was = 0,  rude·not = 0,  rude·rude = (-2)(-2) = 4
# sqrt(4) = 2 से भाग:  0, 0, 0, 2
# softmax: e^0 = 1 (तीन बार), e^2 = 7.389;  जोड़ = 3 + 7.389 = 10.389
#   support 1/10.389 = 0.096,  was 0.096,  not 0.096,  rude 7.389/10.389 = 0.711
#   जाँच: 0.096*3 + 0.711 = 0.999 ~ 1 (rounding)
# मतलब: query = key हो तो rude ज़्यादातर ख़ुद को ही पढ़ता है (0.711)।

np.set_printoptions(precision=3, suppress=True)
TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]
HAND = np.array([0.096, 0.096, 0.096, 0.711])  # ऊपर हाथ से निकाले


def attend(Q, K, V):
    """Scaled dot-product attention. (weights, output) लौटाता है।"""
    scores = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)  # softmax, हर row अलग
    return w, w @ V


def show(w, out, tokens, title):
    print(f"\n--- {title} ---")
    print("attention weights (हर row का जोड़ 1.000 होना चाहिए):")
    print(f"{'':<9s}" + "".join(f"{t:>9s}" for t in tokens) + f"{'जोड़':>8s}")
    for t, r in zip(tokens, w):
        print(f"{t:<9s}" + "".join(f"{v:9.3f}" for v in r) + f"{r.sum():8.3f}")
    print("output = weights x value vectors:")
    for t, r in zip(tokens, out):
        print(f"  {t:<8s} {r}")


print(f"चार tokens, axes = {AXES}")
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {row}")

# ---------------- भाग 2: query = key = value = meanings ----------------
wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "भाग 2. query = key = value = meanings")
r = TOKENS.index("rude")
print(f"\nrude row — हाथ से : {HAND}")
print(f"rude row — code से: {wA[r]}")
print(f"सबसे बड़ा अंतर (3 दशमलव तक गोल करने के बाद): "
      f"{np.abs(np.round(wA[r], 3) - HAND).max():.3f}")

# ---------------- भाग 3: Step 6 वाली query matrix ----------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # बुरा शब्द पूछता है: मेरा subject कौन?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...और: क्या पास में कोई negator है?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nWq के बाद queries:")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<8s} {row}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "भाग 3. अलग query (Wq), key = value = meanings")
print("\nrude row ज़ोर से पढ़ो:")
for j, t in enumerate(TOKENS):
    print(f"  {wB[r, j]:.3f} हिस्सा '{t}' से")
print(f"  good/bad नंबर {E[r, 1]:+.3f} से {outB[r, 1]:+.3f} हुआ")
print(f"  negation नंबर {E[r, 2]:+.3f} से {outB[r, 2]:+.3f} हुआ")
# टिप्पणी (भाग 3): rude ने 0.440 support पर और 0.440 not पर ध्यान दिया, was और ख़ुद पर सिर्फ़ 0.060;
# यह जोड़ी सही है क्योंकि "support was not rude" में rude किसके बारे में है (support) और उसे कौन
# उलटता है (not) — दोनों एक ही hop में मिल गए, तो output [0.881, -0.119, 0.881, 0.339] में बुरापन
# -2.000 से -0.119 पर आ गया और negation 0.881 दिखने लगा। बाकी तीन tokens की query शून्य है,
# इसलिए वे सब पर बराबर 0.250 बाँटते हैं।

# ---------------- भाग 4: torch से जाँच, फिर shuffle ----------------
# मेरे torch 1.13 में public scaled_dot_product_attention नहीं है (वह 2.0 में आया);
# 1.13 में यही function _scaled_dot_product_attention नाम से है और (output, weights) लौटाता है।
F = torch.nn.functional


def torch_sdpa(q, k, v):
    q, k, v = torch.tensor(q), torch.tensor(k), torch.tensor(v)
    if hasattr(F, "scaled_dot_product_attention"):
        return F.scaled_dot_product_attention(q, k, v).numpy()
    return F._scaled_dot_product_attention(q, k, v)[0].numpy()


print(f"\nभाग 4: torch {torch.__version__} की scaled dot-product attention से सबसे बड़ा अंतर:")
print(f"  भाग 2 (E, E, E): {np.abs(torch_sdpa(E, E, E) - outA).max():.2e}")
print(f"  भाग 3 (Q, E, E): {np.abs(torch_sdpa(Q, E, E) - outB).max():.2e}")

perm = [2, 0, 3, 1]  # नया क्रम: not, support, rude, was
Ts = [TOKENS[i] for i in perm]
Es, Qs = E[perm], Q[perm]
wS, outS = attend(Qs, Es, Es)
show(wS, outS, Ts, "shuffle के बाद (not, support, rude, was)")
back = np.argsort(perm)  # पुराने क्रम में वापस
print(f"\nshuffle वाला output पुराने क्रम में वापस रखकर अंतर: "
      f"{np.abs(outS[back] - outB).max():.2e}")
print(f"shuffle वाले weights पुराने क्रम में वापस रखकर अंतर: "
      f"{np.abs(wS[back][:, back] - wB).max():.2e}")
# टिप्पणी (भाग 4, shuffle):
# (1) shuffle के बाद बदला सिर्फ़ इतना कि output की rows (और weight matrix की rows/columns) tokens के
#     साथ नई जगह पर चली गईं — rude की row अब तीसरे नंबर पर है।
# (2) नहीं बदलीं values: rude अब भी 0.440 support, 0.440 not देता है और output वही
#     [0.881, -0.119, 0.881, 0.339] है; वापस पुराने क्रम में रखने पर output का अंतर सिर्फ़ 2.22e-16 (float की rounding) है।
# (3) इसका मतलब attention अकेले क्रम नहीं देखता ("not rude support was" और "support was not rude"
#     उसके लिए एक जैसे हैं) — इसलिए 2.8 में position की जानकारी अलग से जोड़नी पड़ती है।
