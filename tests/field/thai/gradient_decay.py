# gradient_decay.py — วัดvanishing gradientแล้วทำให้มันพังโดยตั้งใจ (แบบฝึกหัดที่2)
import torch, torch.nn as nn

H, D, B = 32, 16, 64

def make_inputs(T):
    """ลำดับT ขั้น 64ลำดับ กับตัวอ่านผลที่ขั้นสุดท้ายเท่านั้น (seed0เหมือนStep3)"""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5
    v = torch.randn(H, 1) * 0.2
    return x, v

y = torch.ones(B, 1)

def rnn_grads(gain, T=50, return_params=False):
    """RNNธรรมดา: ขนาดgradientที่ไปถึงhidden stateของแต่ละขั้น"""
    x, v = make_inputs(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)  # เก็บgradientของทุกขั้น
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    g = [float(h.grad.norm()) for h in hs]
    return (g, [Wx, Wh]) if return_params else g

def lstm_grads(forget_bias, T=50):
    """LSTM: ขนาดgradientที่ไปถึงcell stateของแต่ละขั้น"""
    x, v = make_inputs(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():  # ตั้งวาล์วforgetให้เปิดตั้งแต่เริ่ม
        cell.bias_ih[H:2 * H].fill_(forget_bias)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]

def per_step(c):
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))

# ---------------- ส่วนที่1และ3: ตารางเดียว ----------------
T = 50
cols = {}
for gain in (0.5, 0.9, 1.0, 1.2, 1.5):
    cols[f"RNN gain {gain}"] = rnn_grads(gain)
for fb in (0, 1, 2, 3):  # ส่วนที่3: cell stateของLSTM
    cols[f"LSTM b_f={fb}"] = lstm_grads(float(fb))

print("=== ส่วนที่1และ3: gradientที่ไปถึงขั้นt เมื่อlossอยู่ที่ขั้น50เท่านั้น ===")
print(f"{'โมเดล':<14s}" + "".join(f"{'ขั้น' + str(t):>11s}" for t in (50, 40, 30, 20, 10, 1))
      + f"{'ต่อขั้น':>9s}")
for k, c in cols.items():
    print(f"{k:<14s}" + "".join(f"{c[t - 1]:11.3e}" for t in (50, 40, 30, 20, 10, 1))
          + f"{'x' + format(per_step(c), '.3f'):>9s}")
print("\nอัตราส่วนขั้น1ต่อขั้น50:")
for k, c in cols.items():
    print(f"  {k:<14s} {c[0] / c[-1]:.2e}  สัญญาณหายไป{100 * (1 - c[0] / c[-1]):.1f}%"
          if c[0] < c[-1] else f"  {k:<14s} {c[0] / c[-1]:.2e}  ใหญ่ขึ้น{c[0] / c[-1]:.1f}เท่า")

# ---------------- ส่วนที่2: ความยาวต่างๆที่gain 1.0 ----------------
print("\n=== ส่วนที่2: gain 1.0 ที่ความยาวต่างๆ gradientยังเกิน1/1000ของขั้นสุดท้ายไปได้ไกลแค่ไหน ===")
print(f"{'ความยาว':>7s} {'ขั้นสุดท้าย':>11s} {'ขั้น1':>10s} {'ขั้นแรกสุดที่ยังเกิน':>19s}"
      f" {'ย้อนไปได้(ขั้น)':>15s} {'ต่อขั้น':>8s}")
for TT in (10, 25, 50, 100):
    c = rnn_grads(1.0, T=TT)
    thr = c[-1] / 1000
    earliest = TT  # ย้อนจากท้ายไปจนกว่าจะต่ำกว่าเกณฑ์
    while earliest > 1 and c[earliest - 2] > thr:
        earliest -= 1
    print(f"{TT:7d} {c[-1]:11.3e} {c[0]:10.3e} {earliest:19d}"
          f" {TT - earliest:15d} {'x' + format(per_step(c), '.3f'):>8s}")

# ---------------- ส่วนที่4: clippingที่gain 1.5 ----------------
print("\n=== ส่วนที่4: gradient clippingที่gain 1.5 (เกณฑ์1.0) ===")
c, params = rnn_grads(1.5, return_params=True)
before = float(nn.utils.clip_grad_norm_(params, 1.0))
after = float(torch.norm(torch.stack([p.grad.norm() for p in params])))
print(f"normรวมของgradientก่อนclip: {before:.3f}")
print(f"normรวมของgradientหลังclip: {after:.3f}")
c5, p5 = rnn_grads(0.5, return_params=True)
b5 = float(nn.utils.clip_grad_norm_(p5, 1.0))
a5 = float(torch.norm(torch.stack([p.grad.norm() for p in p5])))
print(f"เทียบกับgain 0.5: ก่อนclip {b5:.3f} หลังclip {a5:.3f}"
      f" (gradientที่ขั้น1ยังเป็น{c5[0]:.3e}เหมือนเดิม)")

# ความเห็น (เขียนหลังเห็นผลลัพธ์):
# 1) gain 0.5, 0.9 และ1.0 เป็นvanishing: หดขั้นละx0.490, x0.842, x0.911 จนขั้น1ได้แค่5.032e-17, 1.619e-05, 7.716e-04
#    แม้gain 1.0ที่ดูปกติก็ยังเสียสัญญาณไป99%ใน50ขั้น และที่ความยาว100ย้อนไปได้แค่90ขั้นก่อนต่ำกว่า1/1000
# 2) gain 1.5 เป็นexploding: โตขั้นละx1.090 ขั้น1ได้5.268e+00 ใหญ่กว่าขั้น50ราว68เท่า ส่วนgain 1.2อยู่ใกล้ขอบ(x0.997)
# 3) forget biasเปลี่ยนคอลัมน์cell stateจากหดx0.629ที่bias0 เป็นx0.840, x0.955 และx1.016ที่bias3
#    มีแค่bias3ที่ขั้น1(4.782e-02)ยังขนาดพอๆกับขั้น50(2.230e-02) เพราะวาล์วforgetเปิดเกือบเต็มทำให้cellส่งต่อตัวเองเกือบx1
# 4) clippingแก้ได้แค่explosion: ที่gain 1.5มันตัดnormจาก20.577ลงเหลือ1.000พอดี แต่ที่gain 0.5normแค่0.156
#    ต่ำกว่าเกณฑ์อยู่แล้วจึงไม่ถูกแตะเลย และclippingทำได้แค่ย่อไม่เคยขยาย gradientที่ขั้น1จึงยังเป็น5.032e-17เท่าเดิม
