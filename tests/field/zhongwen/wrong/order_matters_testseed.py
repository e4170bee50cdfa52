# 练习 1：证明词序带有意义，然后看一个记忆把它保住
import numpy as np, torch, torch.nn as nn
from sequences import *

# ================= 第一部分：数据 =================
print("第一部分：数据")
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=11))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print(f"词表 {len(VOCAB)} 个词；每条评论 {Xtr.shape[1]} 个 token")
print(f"训练集 {tuple(Xtr.shape)}，测试集 {tuple(Xte.shape)}")
print(f"测试集里：'very' 行 {int(very.sum())} 条，'not' 行 {int(nots.sum())} 条")


# ================= 第二部分：bag-of-words 和双胞胎评论 =================
def bag_of(tokens):
    """任意一条评论（token 列表）-> 它的 bag-of-words 向量（长度 17）。"""
    v = np.zeros(len(VOCAB))
    for w in tokens:
        v[STOI[w]] += 1.0
    return v


print("\n第二部分：找三对“双胞胎”评论（bag 向量完全一样，标签相反）")
# 在训练集里按 bag 向量分组，找出同一个 bag 里既有正面又有负面的评论
groups = {}
for toks, lab, kind in make_reviews(1600, seed=11):
    groups.setdefault(tuple(bag_of(toks)), []).append((toks, lab))
twins = []
for key, rows in groups.items():
    pos = [r for r in rows if r[1] == 1]
    neg = [r for r in rows if r[1] == 0]
    if pos and neg:
        twins.append((pos[0], neg[0]))
    if len(twins) == 3:
        break
for n, ((ta, la), (tb, lb)) in enumerate(twins, start=1):
    same_bag = np.array_equal(bag_of(ta), bag_of(tb))
    print(f"\n双胞胎 {n}：")
    print(f"  A 标签 {la}：{' '.join(ta)}")
    print(f"  B 标签 {lb}：{' '.join(tb)}")
    print(f"  A 排序后：{sorted(ta)}")
    print(f"  B 排序后：{sorted(tb)}")
    print(f"  排序后的词一样？{sorted(ta) == sorted(tb)}   bag 向量一样？{same_bag}"
          f"   标签相反？{la != lb}")

# ================= 第三部分：两个 bag 模型 =================
print("\n第三部分：只看词数的模型（词序已经扔掉）")
Btr, Bte = bag(Xtr), bag(Xte)
print(f"bag-of-words 矩阵 {tuple(Btr.shape)}")
print(f"{'模型':<22s} {'参数':>6s} {'全部':>7s} {'very 行':>8s} {'not 行':>8s}")
for name, build in (("logistic（词数）", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64 单元网络（词数）",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)  # 先设 seed，再建权重
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    print(f"{name:<22s} {sum(p.numel() for p in net.parameters()):6,d}"
          f" {acc(net, Bte, yte):9.3f} {acc(net, Bte, yte, very):9.3f}"
          f" {acc(net, Bte, yte, nots):9.3f}")

scores = []  # 一个测试集只是一场考试
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print("\n64 单元模型在 20 个新测试集上的 'not' 行准确率：")
print(f"  最小 {min(scores):.3f}  平均 {sum(scores) / len(scores):.3f}"
      f"  最大 {max(scores):.3f}")
# 结论：在 seed=12 那一个测试集上 64 单元模型的 'not' 行是 0.574，看起来比
# logistic 的 0.485 好，但换 20 个新测试集，平均只有 0.504，最小 0.448、最大 0.574，
# 所以 0.574 只是运气（刚好碰上一场容易的考试），不是模型学会了什么。
# 上限：双胞胎评论的 bag 向量完全一样、标签却相反，所以任何只读词数的模型
# （不管多大）在这种 bag 完全相同的行上都不可能超过 0.500。

# ================= 第四部分：NumPy 里的 RNN（照抄第 2 步） =================
np.set_printoptions(precision=3, suppress=True)


def features(tok):
    """每个 token 三个输入数：正面词、负面词、还是 'not'。"""
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])


Wx = np.array([[0.9, -0.9, 0.0],   # h1：当前心情
               [0.0, 0.0, 2.0],    # h2：刚刚是不是读到了 "not"
               [0.5, 0.5, 0.0]])   # h3：到现在为止有几个观点词
Wh = np.array([[1.0, 0.0, 0.0],    # h1 把自己带到下一步
               [0.0, 0.0, 0.0],    # h2 每一步都忘光
               [0.0, 0.0, 1.0]])   # h3 把自己带到下一步
b = np.zeros(3)


def run_rnn(tokens, show=False):
    h = np.zeros(3)  # 记忆一开始是空的
    trace = [h]
    if show:
        print(f"{'步':>4s} {'token':<10s} {'x_t (pos,neg,not)':<20s}"
              f" {'h_t (心情, 看到not, 计数)':<28s}")
        print(f"{0:4d} {'<start>':<10s} {str(np.zeros(3)):<20s} {str(h):<28s}")
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # 整个 RNN 就这一行
        trace.append(h)
        if show:
            print(f"{t:4d} {tok:<10s} {str(x):<20s} {str(h):<28s}")
    return h, trace


print("\n第四部分：把自己找到的双胞胎 1 交给 NumPy RNN")
(ta, la), (tb, lb) = twins[0]
print(f"评论 A（标签 {la}）：{' '.join(ta)}")
hA, trA = run_rnn(ta, show=True)
print(f"\n评论 B（标签 {lb}）：{' '.join(tb)}")
hB, trB = run_rnn(tb, show=True)
print(f"\n最终记忆 A：{hA}")
print(f"最终记忆 B：{hB}")
print(f"最大差别：{np.abs(hA - hB).max():.3f}")
split = next(t for t in range(len(trA)) if np.abs(trA[t] - trB[t]).max() > 1e-9)
print(f"两条记忆第一次分开的步：第 {split} 步（A 读到 '{ta[split - 1]}'，"
      f"B 读到 '{tb[split - 1]}'）；'not' 在 A 的第 {ta.index('not') + 1} 步，"
      f"B 的第 {tb.index('not') + 1} 步")
bagA = sum(features(t) for t in ta)
bagB = sum(features(t) for t in tb)
print(f"同样的特征直接加起来（不管顺序）：A {bagA}  B {bagB}  一样？{np.array_equal(bagA, bagB)}")
# 四句话：
# 1. 两条记忆在第 3 步分开，也就是第一个观点词到来的那一步（A 读到 helpful，B 读到
#    slow），而不是在 'not' 出现的第 7 步——两条评论在第 7 步读到的都是 'not'，这一步本身一样。
# 2. h2（“看到 not”）是只管一步的记忆：它在读到 'not' 的那一步是 0.964，下一步就掉回 0.000，
#    因为 Wh 的第二行全是 0。
# 3. h1（心情）在没有新证据的时候会自己慢慢变小：0.716、0.615、0.547、0.499，
#    因为 tanh 每一步都再压一点，这就是 vanishing gradient 在前向里的样子。
# 4. 更大的 bag 模型也补不上这个差距，因为双胞胎 A 和 B 的 bag 向量完全一样，
#    模型的输入都一样，就只能给出一样的答案，在这种行上最多 0.500。
