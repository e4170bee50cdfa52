# Упражнение 2 — меряем vanishing gradient и ломаем его специально (gradient_decay.py)
import torch, torch.nn as nn

H, D, B = 32, 16, 64
STEPS = [50, 40, 30, 20, 10, 1]


def make_data(T):
    """Как в Step 3: seed 0, сначала x, потом v (для T=50 — ровно данные модуля)."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5  # 64 последовательности по T шагов
    v = torch.randn(H, 1) * 0.2     # read-out только на ПОСЛЕДНЕМ шаге
    y = torch.ones(B, 1)
    return x, v, y


def rnn_grads(gain, T=50, clip=None):
    """Plain RNN. Норма градиента, пришедшего в hidden state каждого шага."""
    x, v, y = make_data(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    g = [float(h.grad.norm()) for h in hs]
    if clip is None:
        return g
    params = [Wx, Wh]
    before = float(nn.utils.clip_grad_norm_(params, clip))  # возвращает норму ДО
    after = float(torch.norm(torch.stack([p.grad.norm() for p in params])))
    return g, before, after


def lstm_grads(forget_bias, T=50):
    """LSTM. Норма градиента, пришедшего в CELL state каждого шага."""
    x, v, y = make_data(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():  # forget-вентиль открыт с самого начала
        cell.bias_ih[H:2 * H].fill_(forget_bias)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def factor(g):
    return (g[0] / g[-1]) ** (1 / (len(g) - 1))  # среднее изменение за шаг


# ========== Часть 1 + Часть 3: одна таблица, строки = модели ==========
cols = {}
for gain in (0.5, 0.9, 1.0, 1.2, 1.5):
    cols[f"RNN gain {gain}"] = rnn_grads(gain)
for fb in (0, 1, 2, 3):
    cols[f"LSTM b_f={fb}"] = lstm_grads(float(fb))

print("Часть 1 + Часть 3: градиент (blame), приходящий на шаг t; loss только на шаге 50")
print("(для LSTM — градиент по cell state)")
print(f"{'модель':<14s}" + "".join(f"{'шаг ' + str(s):>11s}" for s in STEPS)
      + f"{'шаг1/шаг50':>12s}{'за шаг':>9s}")
for k, c in cols.items():
    print(f"{k:<14s}" + "".join(f"{c[s - 1]:11.3e}" for s in STEPS)
          + f"{c[0] / c[-1]:12.2e}{'x' + format(factor(c), '.3f'):>9s}")

g10 = cols["RNN gain 1.0"]
print(f"\nRNN gain 1.0: на шаг 1 доходит {g10[0] / g10[-1] * 100:.2f}% от шага 50,"
      f" потеряно {100 - g10[0] / g10[-1] * 100:.1f}% сигнала")
g15 = cols["RNN gain 1.5"]
print(f"RNN gain 1.5: шаг 1 / шаг 50 = {g15[0] / g15[-1]:.1f} раз")

# ========== Часть 2: длина последовательности, gain 1.0 ==========
print("\nЧасть 2: RNN gain 1.0 при разной длине; порог = 1/1000 от blame на последнем шаге")
print(f"{'длина':>6s} {'последний шаг':>14s} {'шаг 1':>11s} {'шаг1/посл.':>11s}"
      f" {'за шаг':>8s} {'выше порога до шага':>20s} {'шагов назад':>12s}")
for T in (10, 25, 50, 100):
    g = rnn_grads(1.0, T=T)
    thr = g[-1] / 1000
    t = T  # идём назад, пока blame выше порога
    while t > 1 and g[t - 2] > thr:
        t -= 1
    print(f"{T:6d} {g[-1]:14.3e} {g[0]:11.3e} {g[0] / g[-1]:11.2e}"
          f" {'x' + format(factor(g), '.3f'):>8s} {t:20d} {T - t:12d}")

# ========== Часть 4: clipping для gain 1.5 ==========
print("\nЧасть 4: RNN gain 1.5, clip_grad_norm_ с порогом 1.0 (параметры Wx, Wh)")
_, before, after = rnn_grads(1.5, clip=1.0)
print(f"  общая норма градиента до clipping:    {before:.3f}")
print(f"  общая норма градиента после clipping: {after:.3f}")
_, b05, a05 = rnn_grads(0.5, clip=1.0)
print(f"  для сравнения gain 0.5: до {b05:.3f}, после {a05:.3f}"
      f" (blame на шаге 1 всё равно {cols['RNN gain 0.5'][0]:.3e})")

# ========== Комментарии ==========
# Мои цифры после прогона (torch 1.13): gain 0.5 — x0.490 за шаг, на шаге 1
# 5.032e-17 против 7.577e-02 на шаге 50; gain 1.5 — x1.090 за шаг, на шаге 1
# 5.268e+00 (в модуле 5.271e+00), это в 68.3 раза больше шага 50; gain 1.0 —
# x0.911 и теряет 99.0% сигнала за 50 шагов. Forget bias: x0.629 при b_f=0,
# x0.840 при 1, x0.955 при 2, x1.016 при 3. В Части 2 при gain 1.0 blame не
# падает ниже 1/1000 на длинах 10, 25 и 50, а на длине 100 держится только 90
# шагов назад (до шага 10) — дальше начало последовательности уже почти не учится.
#
# Четыре вывода (Часть 4):
# 1) Затухают (vanishing) gain 0.5, 0.9 и 1.0 (x0.490, x0.842, x0.911 за шаг), и
#    gain 1.2 почти на границе (x0.997); взрываются (exploding) только gain 1.5
#    (x1.090, на шаге 1 в 68 раз больше, чем на шаге 50).
# 2) Forget bias сдвигает столбец cell state от затухания к сохранению: при b_f=0
#    на шаг 1 доходит 5.180e-12, а при b_f=3 — 4.782e-02, и только строка b_f=3
#    держит blame на шаге 1 того же размера, что и на шаге 50 (шаг1/шаг50 = 2.14).
# 3) Clipping лечит взрыв: для gain 1.5 норма 20.578 до clipping и ровно 1.000
#    после, шаги оптимизатора больше не огромные и loss не уходит в nan.
# 4) Но clipping ничего не делает для vanishing: он только уменьшает большие
#    нормы и никогда не увеличивает маленькие — для gain 0.5 норма 0.156 остаётся
#    0.156, и на шаг 1 всё так же приходит 5.032e-17; тут помогают gates, forget
#    bias или attention, а не clipping.
