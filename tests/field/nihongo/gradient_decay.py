# gradient_decay.py — vanishing gradient を測り、わざと壊してみる
import torch, torch.nn as nn

H, D, B = 32, 16, 64


def make_inputs(T):
    """Step 3 と同じ入力。T=50 のとき module と全く同じ乱数になる。"""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5          # 64 本の系列、T ステップ
    v = torch.randn(H, 1) * 0.2             # 読み出しは最後のステップだけ
    y = torch.ones(B, 1)
    return x, v, y


def rnn_grads(gain, T=50, keep_params=False):
    """普通の RNN。各ステップの hidden state に届く勾配のノルム。"""
    x, v, y = make_inputs(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)       # 各ステップの勾配を残す
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    g = [float(h.grad.norm()) for h in hs]
    return (g, [Wx, Wh]) if keep_params else g


def lstm_grads(forget_bias, T=50):
    """LSTM。各ステップの cell state に届く勾配のノルム。"""
    x, v, y = make_inputs(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():                   # forget の valve を開いた状態で始める
        cell.bias_ih[H:2 * H].fill_(forget_bias)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def factor(c):
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))


# ============ 第1部 ＋ 第3部：gain の sweep と forget bias の sweep を1つの表に ============
cols = {}
for g in (0.5, 0.9, 1.0, 1.2, 1.5):
    cols[f"RNN gain {g}"] = rnn_grads(g)
for fb in (0, 1, 2, 3):
    cols[f"LSTM b_f={fb}"] = lstm_grads(float(fb))

print("=== 第1部・第3部：step 50 だけに loss があるとき、step t に届く勾配（blame）===")
print(f"{'モデル':<13s}" + "".join(f"{'step ' + str(t):>11s}" for t in (50, 40, 30, 20, 10, 1))
      + f"{'step1/step50':>14s}{'1ステップごと':>10s}")
for k, c in cols.items():
    print(f"{k:<15s}" + "".join(f"{c[t - 1]:11.3e}" for t in (50, 40, 30, 20, 10, 1))
          + f"{c[0] / c[-1]:14.2e}{'x' + format(factor(c), '.3f'):>14s}")

# ============ 第2部：gain 1.0 で長さを変える ============
print("\n=== 第2部：gain 1.0、系列の長さ 10 / 25 / 50 / 100 ===")
print(f"{'長さ':>4s} {'step T':>11s} {'step 1':>11s} {'step1/stepT':>12s} {'1ステップごと':>8s}"
      f"  {'1/1000 を超える最も古い step':<24s}")
for T in (10, 25, 50, 100):
    c = rnn_grads(1.0, T=T)
    thr = c[-1] / 1000
    # 最後の step から戻って、初めて 1/1000 を下回る手前までを数える
    back = 0
    for t in range(T - 1, -1, -1):
        if c[t] < thr:
            break
        back = T - t - 1
    earliest = T - back
    print(f"{T:5d} {c[-1]:11.3e} {c[0]:11.3e} {c[0] / c[-1]:12.2e} {'x' + format(factor(c), '.3f'):>13s}"
          f"  step {earliest}（{back} ステップ前まで）"
          + ("、全部のステップで 1/1000 以上" if earliest == 1 and c[0] >= thr else ""))

# ============ 第4部：gain 1.5 に gradient clipping ============
print("\n=== 第4部：gain 1.5 の勾配を clip_grad_norm_(…, 1.0) で切る ===")
g15, params = rnn_grads(1.5, keep_params=True)
before = nn.utils.clip_grad_norm_(params, 1.0)
after = torch.norm(torch.stack([p.grad.norm() for p in params]))
print(f"clipping 前の全体ノルム：{float(before):.4f}")
print(f"clipping 後の全体ノルム：{float(after):.4f}")
g05, params05 = rnn_grads(0.5, keep_params=True)
b05 = nn.utils.clip_grad_norm_(params05, 1.0)
a05 = torch.norm(torch.stack([p.grad.norm() for p in params05]))
print(f"（比較）gain 0.5：clipping 前 {float(b05):.4f}、後 {float(a05):.4f}"
      f"、step 1 に届く blame は {g05[0]:.3e} のまま")

# --- 第4部のコメント（結果を見てから書いた）---
# 1. 消える（vanish）のは gain 0.5、0.9、1.0：1ステップごとに x0.490、x0.842、x0.911 で、
#    gain 0.5 では step 1 に 5.032e-17 しか届かない（step 50 は 7.577e-02）。gain 1.0 でも
#    step 1 は step 50 の 1.01e-02 倍、つまり 50 ステップで信号の約 99% を失う。
# 2. 爆発（explode）するのは gain 1.5：x1.090 で増え、step 1 は 5.268e+00 と step 50 の
#    約 68 倍になる。gain 1.2 は x0.997 でほぼ境目（途中で少し減ってからまた増える）。
# 3. forget bias は cell state の列を消える側から保つ側へ動かす：b_f=0 の x0.629 から
#    b_f=1 x0.840、b_f=2 x0.955、b_f=3 x1.016 になり、step 1 の blame が step 50 と同じ大きさ
#    （4.782e-02 対 2.230e-02）で残るのは b_f=3 の行だけ。
# 4. clipping は大きすぎる勾配を縮めるだけ（gain 1.5 で 20.5778 → 1.0000）なので爆発には効くが、
#    小さすぎる勾配は大きくしないので vanishing には何もしない（gain 0.5 は 0.1564 のままで、
#    step 1 の 5.032e-17 も変わらない）。
