# gradient_decay.py -- Ejercicio 2: medir el vanishing gradient y romperlo a propósito.
# Igual que el Step 3: una sola loss en el ÚLTIMO paso, y miro cuánta "blame"
# (norma del gradiente) llega al hidden state (RNN) o al cell state (LSTM) de cada paso.
import torch, torch.nn as nn

H, D, B = 32, 16, 64


def make_data(T):
    """x de T pasos y la lectura v, con la misma semilla que el Step 3."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5  # 64 secuencias de T pasos
    v = torch.randn(H, 1) * 0.2     # lectura solo en el ÚLTIMO paso
    return x, v, torch.ones(B, 1)


def rnn_grads(gain, T=50, clip=None):
    """RNN plano. Norma del gradiente que llega al hidden state de cada paso."""
    x, v, y = make_data(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)  # guardo el gradiente de cada paso
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    grads = [float(h.grad.norm()) for h in hs]
    if clip is None:
        return grads
    before = float(nn.utils.clip_grad_norm_([Wx, Wh], clip))  # devuelve la norma ANTES
    after = float(torch.sqrt(Wx.grad.norm() ** 2 + Wh.grad.norm() ** 2))
    return grads, before, after


def lstm_grads(forget_bias, T=50):
    """LSTM. Norma del gradiente que llega al CELL state de cada paso."""
    x, v, y = make_data(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():  # abrir la válvula de forget desde el principio
        cell.bias_ih[0:H].fill_(forget_bias)
        cell.bias_hh[0:H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def factor(c):
    """Factor por paso: media geométrica de step1/stepT."""
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))


# ---------------- Partes 1 y 3: una sola tabla, T = 50 ----------------
T = 50
cols = {}
for gain in (0.5, 0.9, 1.0, 1.2, 1.5):
    cols[f"RNN gain {gain}"] = rnn_grads(gain)
for fb in (0, 1, 2, 3):
    cols[f"LSTM b_f={fb}"] = lstm_grads(float(fb))

STEPS = [50, 40, 30, 20, 10, 1]
print("Partes 1 y 3: norma del gradiente que llega al paso t (la única loss está en el paso 50)")
print("(RNN: hidden state; LSTM: cell state)")
print(f"{'modelo':<14s}" + "".join(f"{'paso ' + str(t):>11s}" for t in STEPS)
      + f"{'paso1/paso50':>14s}{'factor por paso':>17s}")
for k, c in cols.items():
    print(f"{k:<14s}" + "".join(f"{c[t - 1]:11.3e}" for t in STEPS)
          + f"{c[0] / c[-1]:14.2e}{'x' + format(factor(c), '.3f'):>17s}")
g1 = cols["RNN gain 1.0"]
print(f"\nRNN gain 1.0 pierde {100 * (1 - g1[0] / g1[-1]):.1f}% de la señal en 50 pasos")
g15 = cols["RNN gain 1.5"]
print(f"RNN gain 1.5: paso 1 = {g15[0] / g15[-1]:.1f} veces el paso 50")

# ---------------- Parte 2: gain 1.0 a varias longitudes ----------------
print("\nParte 2: RNN gain 1.0, ¿hasta dónde aguanta la blame por encima de 1/1000 del último paso?")
print(f"{'longitud':>8s} {'último paso':>12s} {'paso 1':>11s} {'paso1/último':>13s}"
      f" {'factor por paso':>16s} {'primer paso > 1/1000':>21s} {'pasos hacia atrás':>18s}")
for L in (10, 25, 50, 100):
    c = rnn_grads(1.0, T=L)
    thr = c[-1] / 1000
    t = L
    while t > 1 and c[t - 2] > thr:  # retrocedo mientras siga por encima del umbral
        t -= 1
    print(f"{L:8d} {c[-1]:12.3e} {c[0]:11.3e} {c[0] / c[-1]:13.2e}"
          f" {'x' + format(factor(c), '.3f'):>16s} {t:21d} {L - t:18d}")

# ---------------- Parte 4: clipping en la corrida de gain 1.5 ----------------
_, before, after = rnn_grads(1.5, clip=1.0)
print("\nParte 4: RNN gain 1.5 con clip_grad_norm_(umbral 1.0) sobre Wx y Wh")
print(f"  norma total del gradiente antes del clipping: {before:.3f}")
print(f"  norma total del gradiente después del clipping: {after:.3f}")

# Comentarios de la Parte 4 (escritos después de ver mi tabla):
# (1) Se desvanecen (vanishing) las gains 0.5, 0.9 y 1.0: x0.490, x0.842 y x0.911 por
#     paso; con gain 0.5 el paso 1 recibe 5.032e-17 contra 7.577e-02 en el paso 50, y
#     hasta gain 1.0 pierde el 99.0% (y a longitud 100 solo aguanta 90 pasos por
#     encima de 1/1000). Gain 1.2 queda casi neutra (x0.997).
# (2) Explota la gain 1.5: crece x1.090 por paso y el paso 1 recibe 5.268e+00, unas
#     68 veces el paso 50; la norma total de los pesos llega a 20.577.
# (3) El forget bias mueve el factor del cell state de x0.629 (b_f=0) a x0.840, x0.955
#     y x1.016 (b_f=3): solo con b_f=3 la blame del paso 1 (4.782e-02) es del mismo
#     tamaño que la del paso 50 (2.230e-02), porque con la válvula de forget abierta el
#     cell state se copia casi sin tocar y la blame también.
# (4) El clipping arregla la explosión pero no el vanishing: clip_grad_norm_ solo
#     reescala hacia ABAJO un gradiente demasiado grande (20.577 -> 1.000), pero a un
#     gradiente de 5e-17 no le hace nada porque ya está por debajo del umbral, y no
#     puede crear una señal que nunca llegó.
