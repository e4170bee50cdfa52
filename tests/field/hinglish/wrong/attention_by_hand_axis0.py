# attention_by_hand.py -- Exercise 4: attention pehle kaagaz pe, phir NumPy me
import numpy as np, torch
np.set_printoptions(precision=3, suppress=True)

# ---------------- Part 1: kaagaz pe (code chalane se PEHLE likha) ----------------
# 'rude' ki row = [0, -2, 0, 0]. Har token ke saath dot product:
#   rude . support = 0*2 + (-2)*0 + 0*0 + 0*0       = 0
#   rude . was     = 0 + 0 + 0 + 0*2                 = 0
#   rude . not     = 0 + 0 + 0*2 + 0*0.5             = 0
#   rude . rude    = (-2)*(-2)                       = 4
# sqrt(4) = 2 se divide: scores = [0, 0, 0, 2]
# softmax: e^0 = 1 (teen baar), e^2 = 7.389 -> total = 3 + 7.389 = 10.389
#   support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
# yaani rude apne aap ko 0.711 aur baaki teeno ko 0.096-0.096; jod = 0.096*3 + 0.711 = 0.999
# (rounding ki wajah se, asal me 1.000).

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]
print(f"chaar tokens ke 4-number matlab, axes = {AXES}")
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {row}")


# ---------------- Part 2: attend(Q, K, V) ----------------
def attend(Q, K, V):
    """Weights aur output dono lautao."""
    scores = Q @ K.T / np.sqrt(Q.shape[1])  # dot product, sqrt(d) se scale
    w = np.exp(scores - scores.max(0, keepdims=True))
    w = w / w.sum(0, keepdims=True)  # softmax, har row apni
    return w, w @ V


def show(w, out, toks, title):
    print(f"\n--- {title} ---")
    print("attention weights (query = row, key = column):")
    print(f"{'':<9s}" + "".join(f"{t:>9s}" for t in toks) + f"{'jod':>7s}")
    for t, r in zip(toks, w):
        print(f"{t:<9s}" + "".join(f"{v:9.3f}" for v in r) + f"{r.sum():7.3f}")
    print("output = weights x values:")
    for t, r in zip(toks, out):
        print(f"  {t:<8s} {r}")


wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "A. query = key = value = meanings")
r = TOKENS.index("rude")
hand = np.array([1, 1, 1, np.e ** 2]) / (3 + np.e ** 2)
print(f"rude row, code se : {wA[r]}")
print(f"rude row, haath se: {np.round(hand, 3)}   (0.096, 0.096, 0.096, 0.711)")
gap = np.abs(wA[r] - hand).max()
print(f"fark: {gap:.1e}  -> haath wala hisaab " + ("sahi" if gap < 1e-3 else "match NAHI hua"))

# ---------------- Part 3: Step 6 wala query matrix ----------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # bura shabd poochta hai: mera subject kaun?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...aur: paas me koi negator hai kya?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nquery matrix ke baad queries:")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<8s} {row}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "B. alag query (Wq), key = value = meanings")
print("\n'rude' row zor se padho:")
for j, t in enumerate(TOKENS):
    print(f"  {wB[r, j]:.3f} hissa aaya '{t}' se")
print(f"  good/bad number: {E[r, 1]:+.3f} -> {outB[r, 1]:+.3f}")
print(f"  negation number: {E[r, 2]:+.3f} -> {outB[r, 2]:+.3f}")
# Comment (Part 3): sirf 'rude' ne kisi ko chuna -- usne 'support' (0.440) aur 'not' (0.440)
# ko attend kiya, 'was' aur khud ko sirf 0.060. Ye pairing is phrase ke liye sahi hai kyunki
# 'rude' kiske baare me hai (support) aur usko ulta kaun kar raha hai (not), dono yahi hain;
# isliye rude ka good/bad -2.000 se -0.119 pe aa gaya aur negation 0.881 aa gaya. Baaki teen
# tokens ki query zero hai, to woh sabko barabar 0.250 dete hain.

# ---------------- Part 4: PyTorch se milao, phir shuffle ----------------
F = torch.nn.functional
if hasattr(F, "scaled_dot_product_attention"):  # torch 2.x
    def torch_attn(q, k, v):
        return F.scaled_dot_product_attention(q, k, v)
    which = "F.scaled_dot_product_attention"
else:  # mere paas torch 1.13 hai: public function nahi hai, private wala same kaam karta hai
    def torch_attn(q, k, v):
        return F._scaled_dot_product_attention(q[None], k[None], v[None])[0][0]
    which = "F._scaled_dot_product_attention (torch 1.13, public naam abhi nahi)"
t = torch_attn(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
print(f"\ntorch function: {which}")
print(f"torch ke saath sabse bada fark (query matrix wala run): {np.abs(t - outB).max():.2e}")
tA = torch_attn(torch.tensor(E), torch.tensor(E), torch.tensor(E)).numpy()
print(f"torch ke saath sabse bada fark (Q = K = V run)        : {np.abs(tA - outA).max():.2e}")

perm = [2, 0, 3, 1]  # naya order: not, support, rude, was
Es = E[perm]
toks_s = [TOKENS[i] for i in perm]
wS, outS = attend(Es @ Wq.T, Es, Es)
show(wS, outS, toks_s, "C. shuffle kiya: " + " ".join(toks_s))
print(f"\nshuffle ke baad output vs purana output (same token se milaya):"
      f" max fark {np.abs(outS - outB[perm]).max():.2e}")
print(f"shuffle ke baad weights vs purane weights (rows+cols permute karke):"
      f" max fark {np.abs(wS - wB[np.ix_(perm, perm)]).max():.2e}")
print(f"lekin position ke hisaab se output rows ab alag hain? "
      f"{not np.allclose(outS, outB)}")
print("hops 'not' se 'rude' tak: RNN 1, attention 1")
print("hops token 1 se token 50 tak: RNN 49, attention 1")
# Comment (Part 4, teen baatein):
# 1. Kya badla: output rows ki jagah badal gayi -- 'rude' ki row ab 3rd position pe hai, woh
#    apne token ke saath hi move hui (table C me rude ab 'not' aur 'support' ko 0.440-0.440 deta hai).
# 2. Kya nahi badla: values bilkul identical hain -- rude ka output phir bhi
#    [0.881 -0.119 0.881 0.339], max fark 2.22e-16 (sirf floating-point noise); weights bhi
#    same hi hain (fark 1.11e-16), bas rows aur columns permute ho gaye.
# 3. Matlab: attention akele order ke liye andha hai -- "support was not rude" aur shuffled
#    "not support rude was" ko same meaning deta hai, isliye 2.8 me position information
#    alag se add karni padti hai.
