# gradient_decay.py — תרגיל 2: למדוד את ה-vanishing gradient ואז לשבור אותו בכוונה
import torch, torch.nn as nn
torch.set_num_threads(4)
H, D, B = 32, 16, 64


def make_inputs(T):
    """כמו ב-Step 3: seed 0, קודם x ואחר כך v. ב-T=50 זה בדיוק הקלט של המודול."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5
    v = torch.randn(H, 1) * 0.2  # read-out בצעד האחרון בלבד
    y = torch.ones(B, 1)
    return x, v, y


def rnn_grads(gain, T=50, return_params=False):
    """RNN פשוט. נורמת ה-gradient שמגיעה ל-hidden state בכל צעד."""
    x, v, y = make_inputs(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    g = [float(h.grad.norm()) for h in hs]
    return (g, [Wx, Wh]) if return_params else g


def lstm_grads(forget_bias, T=50):
    """LSTM. נורמת ה-gradient שמגיעה ל-cell state בכל צעד."""
    x, v, y = make_inputs(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():  # פותחים את ה-forget gate מההתחלה
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


# ---------- חלקים 1 ו-3: טבלה אחת, RNN בחמישה gains ו-LSTM בארבעה forget bias ----------
T = 50
cols = {}
for gain in (0.5, 0.9, 1.0, 1.2, 1.5):
    cols[f"RNN gain {gain}"] = rnn_grads(gain)
for fb in (0, 1, 2, 3):
    cols[f"LSTM b_f={fb}"] = lstm_grads(float(fb))

print("חלקים 1+3: ה-gradient שמגיע לצעד t כשה-loss היחיד יושב בצעד 50")
print(f"{'מודל':<14s}" + "".join(f"{'צעד ' + str(t):>11s}" for t in (50, 40, 30, 20, 10, 1))
      + f" {'צעד1/צעד50':>11s} {'פקטור לצעד':>11s}")
for k, c in cols.items():
    print(f"{k:<14s}" + "".join(f"{c[t - 1]:11.3e}" for t in (50, 40, 30, 20, 10, 1))
          + f" {c[0] / c[-1]:11.2e} {'x' + format(per_step(c), '.3f'):>11s}")

# ---------- חלק 2: gain 1.0 באורכים שונים ----------
print("\nחלק 2: gain 1.0 באורכים שונים — עד כמה אחורה ה-gradient נשאר מעל 1/1000 מערכו בצעד האחרון")
print(f"{'אורך':>6s} {'צעד אחרון':>11s} {'צעד 1':>11s} {'צעד1/אחרון':>11s}"
      f" {'פקטור לצעד':>11s} {'צעד מוקדם ביותר מעל 1e-3':>25s} {'צעדים אחורה':>12s}")
for TT in (10, 25, 50, 100):
    c = rnn_grads(1.0, T=TT)
    thr = c[-1] * 1e-3
    # הצעד הראשון (מספור 1..T) שממנו והלאה כל הצעדים מעל הסף
    first_ok = TT
    for t in range(TT - 1, -1, -1):
        if c[t] > thr:
            first_ok = t + 1
        else:
            break
    print(f"{TT:6d} {c[-1]:11.3e} {c[0]:11.3e} {c[0] / c[-1]:11.2e}"
          f" {'x' + format(per_step(c), '.3f'):>11s} {first_ok:25d} {TT - first_ok:12d}")

# ---------- חלק 4: gain 1.5 עם clip ----------
g15, params = rnn_grads(1.5, return_params=True)
before = float(torch.nn.utils.clip_grad_norm_(params, max_norm=1.0))
after = float(torch.norm(torch.stack([p.grad.norm() for p in params])))
print("\nחלק 4: clip_grad_norm_ על ריצת gain 1.5, סף 1.0")
print(f"נורמת ה-gradient הכוללת לפני clip: {before:.3f}")
print(f"נורמת ה-gradient הכוללת אחרי clip: {after:.3f}")
print(f"gradient בצעד 1 / צעד 50 (לא משתנה ב-clip): {g15[0] / g15[-1]:.2f}")

# ארבעה משפטים על התוצאות שלי:
# 1. gains 0.5, 0.9 ו-1.0 עושים vanishing: x0.490, x0.842 ו-x0.911 לצעד, ובצעד 1
#    נשאר 5.032e-17, 1.619e-05 ו-7.716e-04 מול כ-7.6e-02 בצעד 50 - גם gain 1.0
#    ה"רגיל" מאבד כ-99% מהאות על פני 50 צעדים (יחס 1.01e-02), ובאורך 100 הוא כבר
#    יורד מתחת ל-1/1000 אחרי 90 צעדים אחורה (צעד 10).
# 2. gain 1.5 עושה explode: x1.090 לצעד, ובצעד 1 מגיע 5.268e+00, פי 68 מצעד 50;
#    gain 1.2 יושב כמעט על הגבול (x0.997), כך שהמעבר בין שתי התקלות חד מאוד.
# 3. ה-forget bias מזיז את עמודת ה-cell state מ-x0.629 ב-bias 0 (LSTM לא טוב
#    יותר מ-RNN) דרך x0.840 ו-x0.955 ל-x1.016 ב-bias 3, ורק שורת bias 3 שומרת
#    את ה-gradient בצעד 1 (4.782e-02) באותו סדר גודל כמו בצעד 50 (2.230e-02).
# 4. clip מתקן רק explosion: הוא הוריד את הנורמה הכוללת מ-20.577 ל-1.000, אבל
#    הוא רק מכווץ את כל ה-gradient באותו פקטור, אז היחס צעד1/צעד50 נשאר 68 -
#    ו-gradient שכבר שווה 5e-17 הוא לא יכול להגדיל, כלומר ל-vanishing הוא לא עושה כלום.
