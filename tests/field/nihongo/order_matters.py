# order_matters.py — 語順が意味を運ぶことを確かめ、RNN の記憶が語順を保持するのを見る
import numpy as np, torch, torch.nn as nn
from sequences import *

np.set_printoptions(precision=3, suppress=True)

# ================= 第1部：データを作って、テスト行を分ける =================
print("=== 第1部：データ ===")
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print(f"語彙：{len(VOCAB)} 語、レビューの長さ：{Xtr.shape[1]} トークン")
print(f"訓練 {tuple(Xtr.shape)}、テスト {tuple(Xte.shape)}")
print(f"テスト行の内訳：'very' 行 {int(very.sum())}、'not' 行 {int(nots.sum())}")

# ================= 第2部：bag-of-words と twin pair =================
print("\n=== 第2部：twin pair（bag が同じでラベルが逆）===")


def bag_vector(tokens):
    """どんなレビューでも bag-of-words ベクトル（語順なし）を返す。"""
    v = np.zeros(len(VOCAB))
    for w in tokens:
        v[STOI[w]] += 1.0
    return v


# 訓練データの中から、bag が同じでラベルが逆の組を探す
groups = {}
for toks, lab, kind in make_reviews(1600, seed=11):
    groups.setdefault(tuple(bag_vector(toks)), []).append((toks, lab))
pairs = []
for key, rows in groups.items():
    pos = [r for r in rows if r[1] == 1]
    neg = [r for r in rows if r[1] == 0]
    if pos and neg:
        pairs.append((pos[0], neg[0]))
print(f"訓練データ中、bag が同じでラベルが逆になる bag の種類：{len(pairs)}")
# 「not」が2つ目の節にある組を1つ目に選ぶ（第4部の RNN で使う）
pairs.sort(key=lambda p: (p[0][0].index("not") < 4, " ".join(p[0][0])))
chosen = pairs[:2] + [p for p in pairs if p[0][0].index("not") < 4][:1]
for n, ((ta, la), (tb, lb)) in enumerate(chosen, start=1):
    same_bag = np.array_equal(bag_vector(ta), bag_vector(tb))
    print(f"\ntwin {n}：")
    print(f"  A（ラベル {la}）：{' '.join(ta)}")
    print(f"  B（ラベル {lb}）：{' '.join(tb)}")
    print(f"  A を並べ替え：{sorted(ta)}")
    print(f"  B を並べ替え：{sorted(tb)}")
    print(f"  並べ替えが同じ？ {sorted(ta) == sorted(tb)}、bag が同じ？ {same_bag}、"
          f"ラベルが逆？ {la != lb}")

# ================= 第3部：bag モデル2つ =================
print("\n=== 第3部：語順を捨てたモデル ===")
Btr, Bte = bag(Xtr), bag(Xte)
print(f"{'モデル':<22s} {'パラメータ':>6s} {'全体':>7s} {'very 行':>8s} {'not 行':>8s}")
for name, build in (("logistic（単語数）", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit net（単語数）",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)                    # 重みを作る前に seed
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    print(f"{name:<22s} {sum(p.numel() for p in net.parameters()):9,d}"
          f" {acc(net, Bte, yte):7.3f} {acc(net, Bte, yte, very):8.3f}"
          f" {acc(net, Bte, yte, nots):8.3f}")

scores = []                                 # テストセット1つは試験1回にすぎない
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print(f"\n64-unit モデルの 'not' 行の精度（新しいテストセット20個、seed 12..31）：")
print(f"  最小 {min(scores):.3f}  平均 {sum(scores) / len(scores):.3f}"
      f"  最大 {max(scores):.3f}")

# ================= 第4部：Step 2 の NumPy RNN =================
print("\n=== 第4部：NumPy RNN を自分の twin pair で動かす ===")


def features(tok):
    """トークンごとの入力3つ：ポジティブ、ネガティブ、'not' という単語。"""
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])


Wx = np.array([[0.9, -0.9, 0.0],            # h1：いまの気分（mood）
               [0.0, 0.0, 2.0],             # h2：直前に "not" を読んだか
               [0.5, 0.5, 0.0]])            # h3：意見語をいくつ読んだか
Wh = np.array([[1.0, 0.0, 0.0],             # h1 は自分を次へ運ぶ
               [0.0, 0.0, 0.0],             # h2 は毎ステップ全部忘れる
               [0.0, 0.0, 1.0]])            # h3 は自分を次へ運ぶ
b = np.zeros(3)


def run_rnn(tokens, show=False):
    h = np.zeros(3)                         # 記憶は空から始まる
    trace = [h]
    if show:
        print(f"{'step':>4s}  {'token':<10s} {'x_t (pos,neg,not)':<20s}"
              f" {'h_t (mood, saw-not, count)':<28s}")
        print(f"{0:4d}  {'<start>':<10s} {str(np.zeros(3)):<20s} {str(h):<28s}")
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)    # RNN 全体がこの1行
        trace.append(h)
        if show:
            print(f"{t:4d}  {tok:<10s} {str(x):<20s} {str(h):<28s}")
    return h, trace


(A, la), (B, lb) = chosen[0]
print(f"レビュー A（ラベル {la}）：{' '.join(A)}")
hA, trA = run_rnn(A, show=True)
print(f"\nレビュー B（ラベル {lb}）：{' '.join(B)}")
hB, trB = run_rnn(B, show=True)
print(f"\n最終の記憶 A：{hA}")
print(f"最終の記憶 B：{hB}")
print(f"差の最大値：{np.abs(hA - hB).max():.3f}")
split = next(t for t in range(1, 9) if np.abs(trA[t] - trB[t]).max() > 1e-9)
first_op = next(t for t, w in enumerate(A, start=1) if w in POS or w in NEG)
print(f"2つの記憶が初めて分かれる step：{split}（トークン A='{A[split - 1]}'、"
      f"B='{B[split - 1]}'）")
print(f"最初の意見語の step：{first_op}、'not' の step：{A.index('not') + 1}")
bagA, bagB = sum(features(t) for t in A), sum(features(t) for t in B)
print(f"同じ特徴を足しただけ（語順なし）：A {bagA}、B {bagB}、"
      f"同じ？ {np.array_equal(bagA, bagB)}")

# --- 第4部のコメント（結果を見てから書いた）---
# 1. 自分の twin 1（app was clean and delivery was not bad ／ delivery was bad and app was
#    not clean）では、2つの記憶は step 3、つまり最初の意見語（clean / bad）が来た step で
#    分かれる（mood が +0.716 と -0.716）。'not' が来る step 7 ではない。
# 2. h2（saw-not）が1ステップだけの記憶で、'not' の step で 0.964 になり、次の step で 0.000 に戻る。
# 3. h1（mood）は新しい証拠がなくても薄れていく（0.716 → 0.615 → 0.547 → 0.499）、
#    tanh が毎回少しずつ押しつぶすから。
# 4. bag モデルを大きくしても差は埋まらない：twin の bag は完全に同じなので、単語数だけを読む
#    モデルは両方に同じ答えしか出せず、bag が同じ行では 0.500 を超えられない（これが上限）。
#
# 第3部のコメント：logistic は全体 0.740、very 行 1.000、not 行 0.485 で、module と一致した。
# 64-unit モデルの not 行 0.574 は1回のテストセットでの運（luck）であって学習ではない：
# 20 個のテストセットでは最小 0.448、平均 0.504、最大 0.574 で、平均はコイン投げと同じ。
