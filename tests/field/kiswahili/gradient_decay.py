# gradient_decay.py -- Zoezi la 2: kupima vanishing gradient, kisha kuivunja makusudi
import torch, torch.nn as nn
H, D, B = 32, 16, 64

def world(T):
    """Sequence moja ya urefu T (batch 64), na read-out kwenye step ya MWISHO tu."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5
    v = torch.randn(H, 1) * 0.2
    return x, v, torch.ones(B, 1)

def rnn_grads(gain, T=50, return_params=False):
    """Plain RNN. Kawaida ya gradienti (grad norm) inayofika kwenye hidden state ya kila step."""
    x, v, y = world(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    g = [float(h.grad.norm()) for h in hs]
    return (g, [Wx, Wh]) if return_params else g

def lstm_grads(forget_bias, T=50):
    """LSTM. Kawaida ya gradienti inayofika kwenye CELL state ya kila step."""
    x, v, y = world(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():  # fungua forget valve mwanzoni
        cell.bias_ih[H:2 * H].fill_(forget_bias)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]

def factor(c):
    """Kiwango cha kupungua/kukua kwa kila step: (step1/stepT)^(1/(T-1))."""
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))

# ---------- Sehemu 1 + 3: gains za RNN na forget bias za LSTM, jedwali moja ----------
cols = {f"RNN gain {g}": rnn_grads(g) for g in (0.5, 0.9, 1.0, 1.2, 1.5)}
cols.update({f"LSTM b_f={fb}": lstm_grads(float(fb)) for fb in (0, 1, 2, 3)})
print("SEHEMU 1+3: kawaida ya gradienti kwenye step t (loss iko step 50 tu), T=50")
print(f"{'step':>5s}" + "".join(f"{k:>14s}" for k in cols))
for t in [50, 40, 30, 20, 10, 1]:
    print(f"{t:5d}" + "".join(f"{c[t - 1]:14.3e}" for c in cols.values()))
print(f"\n{'model':<14s} {'step 50':>11s} {'step 1':>11s} {'step1/step50':>13s} {'kila step':>10s}")
for k, c in cols.items():
    print(f"{k:<14s} {c[-1]:11.3e} {c[0]:11.3e} {c[0] / c[-1]:13.2e} {'x' + format(factor(c), '.3f'):>10s}")
g10 = cols["RNN gain 1.0"]
print(f"\ngain 1.0: sehemu ya signal iliyopotea kati ya step 50 na step 1: {100 * (1 - g10[0] / g10[-1]):.1f}%")

# ---------- Sehemu 2: urefu tofauti, gain 1.0 tu ----------
print("\nSEHEMU 2: gain 1.0, urefu T tofauti; blame inabaki > 1/1000 ya step T hadi wapi?")
print(f"{'urefu T':>8s} {'step T':>11s} {'step 1':>11s} {'kila step':>10s} {'step ya mbali zaidi >1e-3':>26s} {'steps nyuma':>12s}")
for T in (10, 25, 50, 100):
    c = rnn_grads(1.0, T)
    thr = c[-1] / 1000
    # step ya mwanzo kabisa ambayo blame bado iko juu ya threshold (kutoka mwisho kurudi nyuma)
    far = T
    for t in range(T, 0, -1):
        if c[t - 1] > thr:
            far = t
        else:
            break
    print(f"{T:8d} {c[-1]:11.3e} {c[0]:11.3e} {'x' + format(factor(c), '.3f'):>10s} {far:26d} {T - far:12d}")

# ---------- Sehemu 4: gradient clipping kwa gain 1.5 ----------
print("\nSEHEMU 4: clip_grad_norm_ kwa gain 1.5, threshold 1.0")
c15, params = rnn_grads(1.5, return_params=True)
before = nn.utils.clip_grad_norm_(params, 1.0)
after = torch.norm(torch.stack([p.grad.norm() for p in params]))
print(f"kawaida ya gradienti kabla ya clipping: {float(before):.4f}")
print(f"kawaida ya gradienti baada ya clipping: {float(after):.4f}")
# na kwa gain 0.5 kwa kulinganisha: clipping haigusi gradient ndogo
c05, p05 = rnn_grads(0.5, return_params=True)
b05 = nn.utils.clip_grad_norm_(p05, 1.0)
a05 = torch.norm(torch.stack([p.grad.norm() for p in p05]))
print(f"gain 0.5 kabla: {float(b05):.4f}  baada: {float(a05):.4f}  (hakuna mabadiliko)")

# ---------- MAONI (baada ya kuona matokeo yangu) ----------
# 1. Gains 0.5, 0.9 na 1.0 zinavanish: x0.490, x0.842, x0.911 kwa kila step, na gain 0.5
#    inafika 5.032e-17 kwenye step 1 dhidi ya 7.577e-02 kwenye step 50; hata gain 1.0
#    inapoteza 99.0% ya signal (na kwa T=100 blame inakufa kabla ya step 10).
# 2. Gain 1.5 inaexplode: x1.090 kwa kila step, step 1 inapata 5.268e+00, karibu mara 68
#    ya step 50 (6.83e+01); gain 1.2 (x0.997) iko karibu na mpaka kati ya hizo mbili.
# 3. Forget bias inasukuma factor ya cell-state kutoka x0.629 (b_f=0) hadi x0.840, x0.955
#    na x1.016 (b_f=3), na ni row ya b_f=3 peke yake ambapo step 1 (4.782e-02) iko sawa
#    na step 50 (2.230e-02) -- valve ziko wazi kwa hiyo blame inapita bila kupungua.
# 4. Clipping ilishusha kawaida ya gradienti ya gain 1.5 kutoka 20.58 hadi 1.0000 kamili,
#    kwa hiyo inadhibiti explosion, lakini haifanyi chochote kwa vanishing: gain 0.5
#    ilibaki 0.1564 kabla na baada, kwa sababu clipping inapunguza tu, haiongezi blame
#    ambayo tayari imekufa kwenye steps za mwanzo.
