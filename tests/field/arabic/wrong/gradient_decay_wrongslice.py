# تمرين 2 — نقيس تلاشي الـ gradient ثم نكسره عمدًا
import torch, torch.nn as nn

H, D, B = 32, 16, 64


def make_inputs(T):
    """نفس بيانات الخطوة 3: البذرة 0، ثم x ثم v بهذا الترتيب."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5          # 64 تسلسلًا، كل واحد T خطوة
    v = torch.randn(H, 1) * 0.2             # القراءة عند الخطوة الأخيرة فقط
    return x, v, torch.ones(B, 1)


def rnn_grads(gain, T=50, return_params=False):
    """RNN عادي. معيار الـ gradient الواصل إلى الحالة المخفية في كل خطوة."""
    x, v, y = make_inputs(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)        # نحتفظ بـ gradient كل خطوة
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    g = [float(h.grad.norm()) for h in hs]
    return (g, [Wx, Wh]) if return_params else g


def lstm_grads(forget_bias, T=50):
    """LSTM. معيار الـ gradient الواصل إلى حالة الخلية (cell state) في كل خطوة."""
    x, v, y = make_inputs(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():                    # نبدأ وصمّام النسيان مفتوح
        cell.bias_ih[0:H].fill_(forget_bias)
        cell.bias_hh[0:H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def per_step(c):
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))


# ============ الجزء الأول + الثالث: جدول واحد لكل النماذج على 50 خطوة ============
T = 50
cols = {f"RNN g={g}": rnn_grads(g) for g in (0.5, 0.9, 1.0, 1.2, 1.5)}
cols.update({f"LSTM b_f={fb}": lstm_grads(float(fb)) for fb in (0, 1, 2, 3)})

print("=== الجزءان الأول والثالث: الـ gradient الواصل إلى الخطوة t (الخسارة عند الخطوة 50 فقط) ===")
print(f"{'النموذج':<12s}" + "".join(f"{'خطوة ' + str(t):>11s}" for t in (50, 40, 30, 20, 10, 1))
      + f"{'1/50':>10s} {'عامل كل خطوة':>13s}")
for k, c in cols.items():
    print(f"{k:<12s}" + "".join(f"{c[t - 1]:11.3e}" for t in (50, 40, 30, 20, 10, 1))
          + f"{c[0] / c[-1]:10.2e} {'x' + format(per_step(c), '.3f'):>13s}")

# ============ الجزء الثاني: أطوال مختلفة، gain 1.0 فقط ============
print("\n=== الجزء الثاني: gain 1.0 بأطوال مختلفة ===")
print("إلى أي مدى يبقى الـ gradient أكبر من جزء من ألف من قيمته عند الخطوة الأخيرة؟")
print(f"{'الطول':>6s} {'الخطوة الأخيرة':>14s} {'الخطوة 1':>11s} {'عامل كل خطوة':>13s}"
      f" {'أبعد خطوة > 1e-3':>17s} {'خطوات للخلف':>12s}")
for L in (10, 25, 50, 100):
    c = rnn_grads(1.0, T=L)
    thr = c[-1] * 1e-3
    # نمشي للخلف من الخطوة الأخيرة حتى يسقط الـ gradient تحت العتبة أول مرة
    t = L
    while t > 1 and c[t - 2] > thr:
        t -= 1
    print(f"{L:6d} {c[-1]:14.3e} {c[0]:11.3e} {'x' + format(per_step(c), '.3f'):>13s}"
          f" {t:17d} {L - t:12d}")

# ============ الجزء الرابع: clipping عند gain 1.5 ============
print("\n=== الجزء الرابع: clip_grad_norm_ عند 1.0 لتشغيل gain 1.5 ===")
_, params = rnn_grads(1.5, return_params=True)
before = float(nn.utils.clip_grad_norm_(params, 1.0))     # تعيد المعيار الكلي قبل القصّ
after = float(torch.norm(torch.stack([p.grad.norm() for p in params])))
print(f"المعيار الكلي قبل القصّ : {before:.4f}")
print(f"المعيار الكلي بعد القصّ : {after:.4f}")
_, params = rnn_grads(0.5, return_params=True)
before = float(nn.utils.clip_grad_norm_(params, 1.0))
after = float(torch.norm(torch.stack([p.grad.norm() for p in params])))
print(f"للمقارنة gain 0.5 : قبل {before:.4f}  بعد {after:.4f}  (القصّ لا يلمس الـ gradient الصغير)")

# تعليقات الجزء الرابع (بعد رؤية النتائج):
# 1) الـ gains التي تتلاشى هي 0.5 و 0.9 و 1.0: عند 0.5 يصغر الـ gradient بعامل x0.490 في كل خطوة فيصل إلى 5.032e-17 عند الخطوة 1
#    مقابل 7.577e-02 عند الخطوة 50، وحتى gain 1.0 (x0.911) يفقد نحو 99% من الإشارة (النسبة 1.01e-02)،
#    وفي الجزء الثاني يبقى فوق جزء من ألف على 50 خطوة لكنه عند الطول 100 لا يصل إلا إلى الخطوة 10 (90 خطوة للخلف).
# 2) الـ gain الذي ينفجر هو 1.5: ينمو بعامل x1.090 في كل خطوة حتى 5.268e+00 عند الخطوة 1، أي نحو 68 ضعف قيمة الخطوة 50؛
#    أما 1.2 فيقف تقريبًا على الحدّ (x0.997).
# 3) الـ forget bias يرفع عمود الـ cell state من x0.629 عند b_f=0 إلى x0.840 ثم x0.955 ثم x1.016 عند b_f=3،
#    وصفّ b_f=3 وحده يُبقي الـ gradient عند الخطوة 1 (4.782e-02) بحجم الخطوة 50 (2.230e-02) نفسه.
# 4) الـ clipping علاج للانفجار فقط: المعيار 20.5769 قبل القصّ صار 1.0000 بعده، لكنه عند gain 0.5 لم يغيّر 0.1564 شيئًا،
#    لأن القصّ يصغّر الـ gradient الكبير ولا يستطيع أن يكبّر gradient تلاشى، فلا يفعل شيئًا للتلاشي.
