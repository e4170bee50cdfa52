# Bài tập 2 — đo vanishing gradient, rồi cố tình làm nó bùng nổ
import torch, torch.nn as nn

H, D, B = 32, 16, 64
STEPS = [50, 40, 30, 20, 10, 1]


def make_data(T):
    """Giống Bước 3: seed 0, 64 chuỗi, read-out chỉ ở bước CUỐI."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5
    v = torch.randn(H, 1) * 0.2
    y = torch.ones(B, 1)
    return x, v, y


def rnn_grads(gain, T=50):
    """RNN thường. Chuẩn (norm) của gradient đến hidden state ở từng bước."""
    x, v, y = make_data(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)  # giữ gradient của mọi bước
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    return [float(h.grad.norm()) for h in hs], [Wx, Wh]


def lstm_grads(forget_bias, T=50):
    """LSTM. Chuẩn của gradient đến CELL state ở từng bước."""
    x, v, y = make_data(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():  # mở van quên (forget gate) từ đầu
        cell.bias_ih[0:H].fill_(forget_bias)
        cell.bias_hh[0:H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def factor(c):
    """Hệ số nhân trung bình mỗi bước, từ bước cuối về bước 1."""
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))


# ---------------- Phần 1 + Phần 3: một bảng chung ----------------
cols = {}
for gain in (0.5, 0.9, 1.0, 1.2, 1.5):
    cols[f"RNN gain {gain}"] = rnn_grads(gain)[0]
for fb in (0, 1, 2, 3):
    cols[f"LSTM b_f={fb}"] = lstm_grads(float(fb))

print("Phần 1 và Phần 3 — gradient đến bước t khi loss duy nhất nằm ở bước 50")
print("(RNN: gradient ở hidden state; LSTM: gradient ở cell state)")
print(f"{'mô hình':<14s}" + "".join(f"{'bước ' + str(t):>11s}" for t in STEPS)
      + f"{'bước1/bước50':>14s}{'hệ số mỗi bước':>16s}")
for k, c in cols.items():
    print(f"{k:<14s}" + "".join(f"{c[t - 1]:11.3e}" for t in STEPS)
          + f"{c[0] / c[-1]:14.2e}{'x' + format(factor(c), '.3f'):>16s}")

# ---------------- Phần 2: gain 1.0 ở nhiều độ dài ----------------
print("\nPhần 2 — RNN gain 1.0 ở các độ dài khác nhau")
print(f"{'độ dài':>7s} {'bước cuối':>11s} {'bước 1':>11s} {'bước1/bước cuối':>16s}"
      f" {'hệ số mỗi bước':>15s} {'số bước lùi còn > 1/1000':>25s}")
for T in (10, 25, 50, 100):
    c = rnn_grads(1.0, T)[0]
    last = c[-1]
    back = 0  # lùi từ bước T về trước, đếm bao nhiêu bước còn trên 1/1000
    for t in range(T - 1, -1, -1):
        if c[t] < last / 1000:
            break
        back = T - t - 1
    above_all = all(g >= last / 1000 for g in c)
    note = "cả chuỗi" if above_all else f"đến bước {T - back}"
    print(f"{T:7d} {last:11.3e} {c[0]:11.3e} {c[0] / last:16.2e}"
          f" {'x' + format(factor(c), '.3f'):>15s} {str(back) + ' (' + note + ')':>25s}")

# ---------------- Phần 4: cắt gradient cho gain 1.5 ----------------
print("\nPhần 4 — cắt gradient (clip_grad_norm_, ngưỡng 1.0) cho RNN gain 1.5")
_, params = rnn_grads(1.5)
before = float(nn.utils.clip_grad_norm_(params, max_norm=1.0))
after = float(torch.norm(torch.stack([p.grad.norm() for p in params])))
print(f"chuẩn gradient tổng trước khi cắt: {before:.4f}")
print(f"chuẩn gradient tổng sau khi cắt:   {after:.4f}")

# Bốn câu nhận xét (viết sau khi xem kết quả):
# 1) Gain 0.5, 0.9 và 1.0 đều làm gradient biến mất (vanishing): gain 0.5 nhân x0.490 mỗi
#    bước nên bước 1 chỉ còn 5.032e-17 so với 7.577e-02 ở bước 50, và ngay cả gain 1.0
#    (x0.911) cũng mất khoảng 99% tín hiệu qua 50 bước (tỉ số 1.01e-02).
# 2) Gain 1.5 làm gradient bùng nổ (exploding): x1.090 mỗi bước, bước 1 nhận 5.268e+00,
#    gấp khoảng 68 lần bước 50; gain 1.2 (x0.997) nằm sát ranh giới giữa hai lỗi.
# 3) Forget bias mở van quên nên cột cell state của LSTM gần như không còn bị bóp: hệ số
#    mỗi bước tăng từ x0.629 (bias 0) lên x0.840, x0.955 rồi x1.016 (bias 3), và chỉ hàng
#    bias 3 giữ gradient ở bước 1 (4.782e-02) cùng cỡ với bước 50 (2.230e-02).
# 4) Cắt gradient chỉ sửa được lỗi bùng nổ: nó kéo chuẩn tổng từ 20.58 xuống đúng 1.0, nhưng
#    nó chỉ thu nhỏ gradient quá lớn chứ không bao giờ phóng to gradient đã gần bằng 0, nên
#    với vanishing gradient nó không làm được gì — phải sửa bằng cổng (gate) hoặc attention.
