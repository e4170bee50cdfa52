# gradient_decay.py — 연습 2: vanishing gradient를 재고, 일부러 망가뜨려 본다
import unicodedata
import torch, torch.nn as nn


def w(s):
    """화면 폭: 한글은 두 칸 (표 정렬용)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)


def L(s, n):
    return s + " " * max(0, n - w(s))


def R(s, n):
    return " " * max(0, n - w(s)) + s


H, D, B = 32, 16, 64


def make_data(T):
    """Step 3과 같은 데이터: seed 0, 64개 시퀀스, 마지막 step에서만 read-out."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5
    v = torch.randn(H, 1) * 0.2
    y = torch.ones(B, 1)
    return x, v, y


def rnn_grads(gain, T=50, clip=False):
    """plain RNN. 각 step의 hidden state에 도착하는 gradient norm."""
    x, v, y = make_data(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)                 # 모든 step의 gradient를 남긴다
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    norms = [float(h.grad.norm()) for h in hs]
    if not clip:
        return norms
    before = float(nn.utils.clip_grad_norm_([Wx, Wh], 1.0))   # clip 전 전체 norm을 돌려준다
    after = float(torch.norm(torch.stack([Wx.grad.norm(), Wh.grad.norm()])))
    return norms, before, after


def lstm_grads(forget_bias, T=50):
    """LSTM. 각 step의 CELL state에 도착하는 gradient norm."""
    x, v, y = make_data(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():                              # forget valve를 열어 두고 시작
        cell.bias_ih[H:2 * H].fill_(forget_bias)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def factor(c):
    """step 하나당 곱해지는 평균 배율 (step 1 / step T)^(1/(T-1))."""
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))


# ---------------- 파트 1 + 3: 한 표 ----------------
cols = {}
for g in (0.5, 0.9, 1.0, 1.2, 1.5):
    cols[f"RNN gain {g}"] = rnn_grads(g)
for fb in (0, 1, 2, 3):
    cols[f"LSTM b_f={fb}"] = lstm_grads(float(fb))

print("=== 파트 1 + 3: loss가 step 50에만 있을 때 step t에 도착하는 gradient norm ===")
print("(RNN은 hidden state, LSTM은 cell state 기준)")
print(R("step", 5) + "".join(R(k, 14) for k in cols))
for t in [50, 40, 30, 20, 10, 1]:
    print(R(str(t), 5) + "".join(R(f"{c[t - 1]:.3e}", 14) for c in cols.values()))

print()
print(L("모델", 14) + R("step 50", 12) + R("step 1", 12) + R("step1/step50", 14)
      + R("step당 배율", 12))
for k, c in cols.items():
    print(L(k, 14) + R(f"{c[-1]:.3e}", 12) + R(f"{c[0]:.3e}", 12)
          + R(f"{c[0] / c[-1]:.2e}", 14) + R("x" + format(factor(c), ".3f"), 12))
g10 = cols["RNN gain 1.0"]
print(f"\ngain 1.0은 50 step 동안 신호의 {100 * (1 - g10[0] / g10[-1]):.1f}%를 잃는다.")
g15 = cols["RNN gain 1.5"]
print(f"gain 1.5의 step 1 gradient는 step 50의 {g15[0] / g15[-1]:.0f}배이다.")

# ---------------- 파트 2: 길이 바꾸기 (gain 1.0) ----------------
print("\n=== 파트 2: gain 1.0, 시퀀스 길이별로 gradient가 얼마나 멀리 살아남나 ===")
print("(마지막 step 값의 1/1000보다 큰 gradient가 몇 step 뒤까지 남는지)")
print(R("길이", 6) + R("마지막 step", 13) + R("step 1", 12) + R("step당 배율", 12)
      + R("1/1000 위 가장 먼 step", 24) + R("거리(step)", 12))
for T in (10, 25, 50, 100):
    c = rnn_grads(1.0, T=T)
    thr = c[-1] / 1000
    first_ok = min(t for t in range(1, T + 1) if all(c[s - 1] > thr for s in range(t, T + 1)))
    print(R(str(T), 6) + R(f"{c[-1]:.3e}", 13) + R(f"{c[0]:.3e}", 12)
          + R("x" + format(factor(c), ".3f"), 12) + R(f"step {first_ok}", 24)
          + R(str(T - first_ok), 12))

# ---------------- 파트 4: gradient clipping (gain 1.5) ----------------
print("\n=== 파트 4: gain 1.5에 clip_grad_norm_(max_norm=1.0) ===")
_, before, after = rnn_grads(1.5, clip=True)
print(f"clip 전 전체 gradient norm: {before:.3f}")
print(f"clip 후 전체 gradient norm: {after:.3f}")
_, b05, a05 = rnn_grads(0.5, clip=True)
print(f"(비교) gain 0.5: clip 전 {b05:.3f}, clip 후 {a05:.3f} — 작은 gradient는 clip이 건드리지 않는다")

# 코멘트 (결과를 보고 씀):
# 1) vanishing: gain 0.5(x0.490), 0.9(x0.842), 1.0(x0.911)은 step마다 줄어든다 — gain 0.5는 step 1에 5.032e-17밖에
#    안 남고(step 50은 7.577e-02), 보통 초기화인 gain 1.0도 50 step 동안 신호의 99.0%를 잃으며, 길이 100에서는
#    1/1000 위로 남는 게 step 10까지뿐이다.
# 2) exploding: gain 1.5는 step당 x1.090으로 커져서 step 1이 5.268e+00, step 50의 68배가 된다; gain 1.2는 경계선이라
#    (x0.997) 중간에 2.2e-02까지 줄었다가 step 1에서 6.494e-02로 다시 커진다.
# 3) forget bias는 LSTM cell state 열의 step당 배율을 x0.629(b_f=0) → x0.840(1) → x0.955(2) → x1.016(3)으로 올리고,
#    b_f=3 줄만 step 1의 gradient(4.782e-02)가 step 50(2.230e-02)과 같은 크기로 남는다.
# 4) clipping은 gain 1.5에서 20.577이던 전체 norm을 정확히 1.000으로 잘라서 explosion은 막지만, gradient를 줄이기만
#    하고 키우지는 않으므로 이미 사라진 gradient(gain 0.5의 0.156은 그대로)에는 아무것도 못 한다 — vanishing의 해결책이 아니다.
