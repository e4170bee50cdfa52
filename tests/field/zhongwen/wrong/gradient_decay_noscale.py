# 练习 2：量一量 vanishing gradient，然后故意把它弄爆
import torch, torch.nn as nn

H, D, B = 32, 16, 64


def make_inputs(T):
    """T 步的输入和最后一步的读出向量；T=50 时和第 3 步完全一样。"""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5   # 64 条序列，每条 T 步
    v = torch.randn(H, 1) * 0.2      # 只在最后一步读出
    y = torch.ones(B, 1)
    return x, v, y


def rnn_grads(gain, T=50, return_params=False):
    """普通 RNN：每一步 hidden state 收到的 gradient 范数。"""
    x, v, y = make_inputs(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)  # 留住每一步的 gradient
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    norms = [float(h.grad.norm()) for h in hs]
    return (norms, [Wx, Wh]) if return_params else norms


def lstm_grads(forget_bias, T=50):
    """LSTM：每一步 cell state 收到的 gradient 范数。"""
    x, v, y = make_inputs(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():  # forget 门的 bias 设成 forget_bias
        cell.bias_ih[H:2 * H].fill_(forget_bias)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def shrink(c):
    """每一步平均乘上的因子：(第1步/最后一步) 开 (T-1) 次方。"""
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))


# ============ 第一部分 + 第三部分：一张表 ============
T = 50
cols = {}
for g in (0.5, 0.9, 1.0, 1.2, 1.5):
    cols[f"RNN gain {g}"] = rnn_grads(g)
for fb in (0, 1, 2, 3):
    cols[f"LSTM b_f={fb}"] = lstm_grads(float(fb))

print("第一、三部分：只有第 50 步有 loss 时，每一步收到的梯度范数")
print("（RNN 列是 hidden state，LSTM 列是 cell state）")
print(f"{'步':>4s}" + "".join(f"{k:>14s}" for k in cols))
for t in [50, 40, 30, 20, 10, 1]:
    print(f"{t:5d}" + "".join(f"{c[t - 1]:14.3e}" for c in cols.values()))
print(f"\n{'模型':<12s} {'第50步':>11s} {'第1步':>11s} {'第1步/第50步':>12s} {'每步乘以':>10s}")
for k, c in cols.items():
    print(f"{k:<14s} {c[-1]:11.3e} {c[0]:11.3e} {c[0] / c[-1]:14.2e}"
          f" {'x' + format(shrink(c), '.3f'):>12s}")

# ============ 第二部分：gain 1.0，不同长度 ============
print("\n第二部分：gain 1.0，不同序列长度；梯度还大于最后一步 1/1000 的最远位置")
print(f"{'长度':>4s} {'最后一步':>10s} {'第1步':>11s} {'每步乘以':>9s}"
      f" {'最远保留到第几步':>10s} {'往回几步':>6s}")
for L in (10, 25, 50, 100):
    c = rnn_grads(1.0, T=L)
    thr = c[-1] / 1000
    # 从最后一步往回走，找到第一个掉到阈值以下的位置
    back = 0
    for t in range(L - 1, -1, -1):
        if c[t] > thr:
            back = L - 1 - t
        else:
            break
    far = L - back
    print(f"{L:6d} {c[-1]:12.3e} {c[0]:12.3e} {'x' + format(shrink(c), '.3f'):>10s}"
          f" {'第 ' + str(far) + ' 步':>16s} {back:9d}"
          + ("（一直到第 1 步都没掉下去）" if far == 1 else ""))

# ============ 第四部分：gain 1.5 的梯度裁剪 ============
print("\n第四部分：gain 1.5，clip_grad_norm_ 阈值 1.0")
_, params = rnn_grads(1.5, return_params=True)
before = float(torch.nn.utils.clip_grad_norm_(params, 1.0))  # 返回的是裁剪之前的总范数
after = float(torch.norm(torch.stack([p.grad.norm() for p in params])))
print(f"裁剪前总梯度范数：{before:.3f}")
print(f"裁剪后总梯度范数：{after:.3f}")
_, params05 = rnn_grads(0.5, return_params=True)
b05 = float(torch.nn.utils.clip_grad_norm_(params05, 1.0))
print(f"对比：gain 0.5 的总梯度范数 {b05:.3f}，裁剪不动它，第 1 步的梯度仍是 "
      f"{cols['RNN gain 0.5'][0]:.3e}")

# 四句话（看完结果后写的）：
# 1. 会消失的是 gain 0.5、0.9、1.0：gain 0.5 每步乘 x0.490，第 1 步只剩 5.032e-17
#    （第 50 步是 7.577e-02）；gain 0.9 每步 x0.842；gain 1.0 每步 x0.911，第 1 步/第 50 步
#    只有 1.01e-02，50 步丢掉大约 99% 的信号，长度到 100 时只能往回保留 90 步。
# 2. 会爆炸的是 gain 1.5（每步 x1.090，第 1 步 5.268e+00，是第 50 步的 68 倍）；
#    gain 1.2 正好在边界上（x0.997），基本不涨不跌。
# 3. forget bias 把 cell state 那一列的每步因子从 x0.629（b_f=0）一路推到 x1.016（b_f=3），
#    只有 b_f=3 那行第 1 步的梯度和第 50 步一样大，门开着梯度就顺着 cell state 流回去。
# 4. 梯度裁剪只能把太大的梯度按比例缩小（gain 1.5 的总范数从 20.577 压到 1.000），但它没办法
#    把已经接近 0 的梯度放大，所以它治得了爆炸，治不了消失。
