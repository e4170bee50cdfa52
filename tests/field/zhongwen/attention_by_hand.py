# 练习 4：先在纸上算 attention，再用 NumPy 算
import numpy as np, torch
np.set_printoptions(precision=3, suppress=True)

# ================= 第一部分：纸上计算（运行之前写的） =================
# 四个 token：support [2,0,0,0]，was [0,0,0,2]，not [0,0,2,0.5]，rude [0,-2,0,0]
# 轴：subject、good/bad、negation、filler
# rude 这一行对每个 token 的点积：
#   rude·support = 0，rude·was = 0，rude·not = 0，rude·rude = (-2)*(-2) = 4
# 除以 sqrt(4) = 2：  0，0，0，2
# softmax：e^0 = 1，e^2 ≈ 7.389，分母 = 1 + 1 + 1 + 7.389 = 10.389
#   support 1/10.389 ≈ 0.096，was ≈ 0.096，not ≈ 0.096，rude 7.389/10.389 ≈ 0.711
#   加起来 0.096*3 + 0.711 ≈ 1.000（四舍五入后是 0.999，没舍入前正好是 1）
HAND = np.array([1, 1, 1, np.e ** 2]) / (3 + np.e ** 2)

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]


# ================= 第二部分：attend(Q, K, V) =================
def attend(Q, K, V):
    """返回 (注意力权重矩阵, 输出)。"""
    scores = Q @ K.T / np.sqrt(d)                     # 点积，再除以 sqrt(d)
    w = np.exp(scores - scores.max(1, keepdims=True))  # 减去每行最大值，数值更稳
    w = w / w.sum(1, keepdims=True)                    # 每一行做 softmax
    return w, w @ V


def show(w, out, toks, title):
    print(f"\n--- {title} ---")
    print("注意力权重（行 = query，列 = key）：")
    print(f"{'':<9s}" + "".join(f"{t:>10s}" for t in toks) + f"{'行和':>8s}")
    for t, r in zip(toks, w):
        print(f"{t:<9s}" + "".join(f"{v:10.3f}" for v in r) + f"{r.sum():10.3f}")
    print("输出 = 权重 × value：")
    for t, r in zip(toks, out):
        print(f"  {t:<8s} {r}")


print(f"四个 token 的含义向量，轴 = {AXES}")
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {row}")

wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "A. query = key = value = 含义向量")
i = TOKENS.index("rude")
print(f"\n手算的 rude 行：{HAND}")
print(f"程序的 rude 行：{wA[i]}")
print(f"最大差别：{np.abs(HAND - wA[i]).max():.2e}")

# ================= 第三部分：加上第 6 步的 query 矩阵 =================
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # 负面词问：我的主语是谁？
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ……还问：旁边有没有否定词？
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\n经过 Wq 之后的 query：")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<8s} {row}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "B. 单独的 query 矩阵，key = value = 含义向量")
print("\n把 rude 这一行读出来：")
for j, t in enumerate(TOKENS):
    print(f"  {wB[i, j]:.3f} 的新含义来自 '{t}'")
print(f"  good/bad 数从 {E[i, 1]:+.3f} 变成 {outB[i, 1]:+.3f}")
print(f"  negation 数从 {E[i, 2]:+.3f} 变成 {outB[i, 2]:+.3f}")
# 谁看了谁：只有 rude 有非零的 query [2,0,2,0]，它把 0.440 给了 support、0.440 给了 not，
# 剩下的 was 和它自己各 0.060；其他三个 token 的 query 全是 0，所以平均分成 0.250。
# 这个配对对 "support was not rude" 是对的：rude 需要知道它在说谁（support），
# 也需要知道它被 not 否定了，所以它的 good/bad 从 -2.000 升到 -0.119，
# 同时出现了 0.881 的 negation——整句话其实是好评。

# ================= 第四部分：和 PyTorch 对比，然后打乱顺序 =================
def torch_attention(q, k, v):
    q, k, v = (torch.tensor(a).unsqueeze(0) for a in (q, k, v))  # 加一个 batch 维
    F = torch.nn.functional
    if hasattr(F, "scaled_dot_product_attention"):
        out = F.scaled_dot_product_attention(q, k, v)
    else:  # 这里装的是 torch 1.13，函数还叫 _scaled_dot_product_attention，返回 (输出, 权重)
        out = F._scaled_dot_product_attention(q, k, v)[0]
    return out.squeeze(0).numpy()


t = torch_attention(Q, E, E)
print(f"\n和 torch 自己的 attention 的最大差别：{np.abs(t - outB).max():.2e}")

perm = [2, 0, 3, 1]  # 新顺序：not support rude was
Es = E[perm]
Qs = Es @ Wq.T
toks_s = [TOKENS[p] for p in perm]
wS, outS = attend(Qs, Es, Es)
show(wS, outS, toks_s, "C. 打乱顺序以后：" + " ".join(toks_s))
print(f"\n打乱后的输出 和 原输出按同样顺序重排 的最大差别：{np.abs(outS - outB[perm]).max():.2e}")
print(f"打乱后的权重 和 原权重按行列重排 的最大差别："
      f"{np.abs(wS - wB[np.ix_(perm, perm)]).max():.2e}")
print(f"rude 的输出（原顺序）：{outB[i]}")
print(f"rude 的输出（打乱后）：{outS[toks_s.index('rude')]}")
print("从 'not' 到 'rude' 的跳数：RNN 1，attention 1")
print("从第 1 个 token 到第 50 个 token 的跳数：RNN 49，attention 1")
# 三句话（看完结果后写的）：
# 1. 打乱以后变的只是行的位置：每个 token 的输出行跟着它自己一起搬到了新位置，
#    权重矩阵也只是行和列一起换了位置。
# 2. 没变的是数值本身：rude 的输出还是 [0.881 -0.119 0.881 0.339]，和原来的差别只有 2.22e-16（浮点误差）。
# 3. 这说明单靠 attention 完全看不到词序（"support was not rude" 和 "not support rude was"
#    算出来一模一样），所以 2.8 的 Transformer 必须另外加上位置信息。
