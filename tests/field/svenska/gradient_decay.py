# Övning 2 — försvinnande gradient, mätt och sedan sönderslagen (gradient_decay.py)
import torch, torch.nn as nn

H, D, B = 32, 16, 64


def gor_data(T):
    """Samma data som Steg 3: 64 sekvenser, T steg, läsning bara vid sista steget."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5
    v = torch.randn(H, 1) * 0.2
    return x, v


def rnn_grads(gain, x, v, klipp=None):
    """Vanlig RNN. Gradientens norm som når varje stegs dolda tillstånd."""
    T = len(x)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)  # spara varje stegs gradient
    y = torch.ones(B, 1)
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    return [float(h.grad.norm()) for h in hs], (Wx, Wh)


def lstm_grads(forget_bias, x, v):
    """LSTM. Gradientens norm som når varje stegs CELL-tillstånd."""
    T = len(x)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():  # forget-ventilen (rad H..2H) börjar öppen
        cell.bias_ih[H:2 * H].fill_(forget_bias)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    y = torch.ones(B, 1)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def faktor(g):
    """Genomsnittlig förändring per steg, från steg T tillbaka till steg 1."""
    return (g[0] / g[-1]) ** (1 / (len(g) - 1))


# ---------------- Del 1 och 3: 50 steg, en tabell ----------------
T = 50
x, v = gor_data(T)
rader = {}
for gain in (0.5, 0.9, 1.0, 1.2, 1.5):
    rader[f"RNN förstärkning {gain}"] = rnn_grads(gain, x, v)[0]
for fb in (0, 1, 2, 3):  # Del 3: LSTM-cellen, samma tabell
    rader[f"LSTM b_f={fb}"] = lstm_grads(float(fb), x, v)

STEG = [50, 40, 30, 20, 10, 1]
print("Del 1 och 3 — gradient som når steg t när enda förlusten sitter vid steg 50")
print(f"{'modell':<22s}" + "".join(f"{'steg ' + str(s):>11s}" for s in STEG)
      + f"{'steg1/steg50':>13s}{'faktor per steg':>16s}")
for namn, g in rader.items():
    print(f"{namn:<22s}" + "".join(f"{g[s - 1]:11.3e}" for s in STEG)
          + f"{g[0] / g[-1]:13.2e}{'x' + format(faktor(g), '.3f'):>16s}")

# ---------------- Del 2: olika längder, förstärkning 1.0 ----------------
print("\nDel 2 — förstärkning 1.0 vid olika längder")
print(f"{'längd':>6s} {'sista steget':>13s} {'steg 1':>11s} {'steg1/sista':>12s}"
      f" {'faktor/steg':>12s} {'över 1/1000 så långt':>21s}")
for L in (10, 25, 50, 100):
    xl, vl = gor_data(L)
    g = rnn_grads(1.0, xl, vl)[0]
    grans = g[-1] / 1000
    # hur många steg bakåt från sista steget gradienten ligger över gränsen
    bak = 0
    for t in range(L - 1, -1, -1):
        if g[t] < grans:
            break
        bak = L - 1 - t
    hela = "hela vägen" if all(a >= grans for a in g) else f"{bak} steg bakåt"
    print(f"{L:6d} {g[-1]:13.3e} {g[0]:11.3e} {g[0] / g[-1]:12.2e}"
          f" {'x' + format(faktor(g), '.3f'):>12s} {hela:>21s}")

# ---------------- Del 4: klippning vid förstärkning 1.5 ----------------
print("\nDel 4 — gradient-klippning på körningen med förstärkning 1.5")
_, (Wx, Wh) = rnn_grads(1.5, x, v)
fore = float(nn.utils.clip_grad_norm_([Wx, Wh], max_norm=1.0))
efter = float(torch.norm(torch.stack([Wx.grad.norm(), Wh.grad.norm()])))
print(f"  total gradientnorm före klippning : {fore:.4f}")
print(f"  total gradientnorm efter klippning: {efter:.4f}")
print(f"  Wh-gradientens norm före/efter    : {fore * Wh.grad.norm() / efter:.4f}"
      f" / {float(Wh.grad.norm()):.4f}")

# KOMMENTARER — skrivna efter att jag sett utskriften:
# 1) Förstärkning 0.5, 0.9 och 1.0 försvinner: faktorerna x0.490, x0.842 och
#    x0.911 per steg ger 5.032e-17, 1.619e-05 och 7.716e-04 vid steg 1 mot ca
#    7.6e-02 vid steg 50, så även vanlig initiering (1.0) tappar ca 99 % av
#    signalen; 1.2 ligger nästan platt (x0.997) och bara 1.5 exploderar, x1.090
#    per steg upp till 5.268e+00, ungefär 68 gånger värdet vid steg 50.
# 2) Längdtabellen visar samma sak från andra hållet: vid förstärkning 1.0 håller
#    sig gradienten över en tusendel av sista stegets värde hela vägen vid 10,
#    25 och 50 steg, men vid 100 steg bara 90 steg bakåt.
# 3) Forget-bias flyttar cell-tillståndets faktor från x0.629 (bias 0) via x0.840
#    och x0.955 till x1.016 (bias 3), och bara bias 3-raden har kvar lika mycket
#    gradient vid steg 1 (4.782e-02) som vid steg 50 (2.230e-02) — ventilen står
#    öppen så gradienten åker genom cellen nästan utan att krympa.
# 4) Klippning tog totalnormen från 20.5769 ner till exakt 1.0000, vilket
#    tämjer explosionen vid 1.5, men den kan bara krympa för stora gradienter och
#    aldrig förstora en gradient som redan är 5e-17, så klippning gör ingenting
#    åt försvinnande gradient — det kräver grindar (forget-bias) eller attention.
