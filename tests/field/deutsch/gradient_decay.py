# gradient_decay.py — Übung 2: den vanishing gradient messen und absichtlich kaputt machen.
import torch, torch.nn as nn

H, D, B = 32, 16, 64

def make_data(T):
    """Wie Step 3: seed 0, dann x (T Schritte) und der Read-out v am LETZTEN Schritt."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5   # 64 Sequenzen, T Schritte
    v = torch.randn(H, 1) * 0.2
    return x, v

y = torch.ones(B, 1)

def rnn_grads(gain, T=50, keep=False):
    """Plain RNN. Norm des gradient, der am hidden state jedes Schritts ankommt."""
    x, v = make_data(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)   # gradient jedes Schritts behalten
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    g = [float(h.grad.norm()) for h in hs]
    return (g, [Wx, Wh]) if keep else g

def lstm_grads(forget_bias, T=50):
    """LSTM. Norm des gradient am CELL state jedes Schritts."""
    x, v = make_data(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():   # forget-Ventil am Anfang öffnen
        cell.bias_ih[H:2 * H].fill_(forget_bias)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]

def factor(c):
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))   # mittlerer Faktor pro Schritt

# ---------- Teil 1 + 3: eine Tabelle, RNN-gains und LSTM forget bias ----------
T = 50
cols = {}
for gain in (0.5, 0.9, 1.0, 1.2, 1.5):
    cols[f"RNN gain {gain}"] = rnn_grads(gain)
for fb in (0, 1, 2, 3):
    cols[f"LSTM b_f={fb}"] = lstm_grads(float(fb))

print("Teil 1 + 3: gradient-Norm (\"Schuld\") an Schritt t, der einzige loss sitzt bei Schritt 50")
print(f"{'Modell':<14s}" + "".join(f"{'Schritt ' + str(t):>13s}" for t in (50, 40, 30, 20, 10, 1))
      + f"{'Schr.1/Schr.50':>15s} {'Faktor pro Schritt':>19s}")
for k, c in cols.items():
    print(f"{k:<14s}" + "".join(f"{c[t - 1]:13.3e}" for t in (50, 40, 30, 20, 10, 1))
          + f"{c[0] / c[-1]:15.2e} {'x' + format(factor(c), '.3f'):>19s}")

# ---------- Teil 2: Länge variieren, gain 1.0 ----------
print("\nTeil 2: gain 1.0 bei verschiedenen Längen")
print(f"{'Länge':>6s} {'letzter Schritt':>16s} {'Schritt 1':>11s} {'Faktor':>8s}"
      f" {'Schritte zurück mit > 1/1000 der letzten Schuld':>48s}")
for L in (10, 25, 50, 100):
    c = rnn_grads(1.0, T=L)
    last = c[-1]
    back = 0   # wie viele Schritte zurück bleibt die Schuld über last/1000?
    for t in range(L - 1, -1, -1):
        if c[t] > last / 1000:
            back = L - t
        else:
            break
    print(f"{L:6d} {last:16.3e} {c[0]:11.3e} {'x' + format(factor(c), '.3f'):>8s}"
          f" {back:>34d} von {L}")

# ---------- Teil 4: clipping beim gain-1.5-Lauf ----------
g15, params = rnn_grads(1.5, keep=True)
pre = float(nn.utils.clip_grad_norm_(params, 1.0))
post = float(torch.norm(torch.stack([p.grad.norm() for p in params])))
print("\nTeil 4: gain 1.5 mit clip_grad_norm_(…, 1.0) auf Wx und Wh")
print(f"  gesamte gradient-Norm vor dem clipping : {pre:.3f}")
print(f"  gesamte gradient-Norm nach dem clipping: {post:.3f}")
# zum Vergleich: clipping beim gain-0.5-Lauf (vanishing)
g05, params05 = rnn_grads(0.5, keep=True)
pre05 = float(nn.utils.clip_grad_norm_(params05, 1.0))
post05 = float(torch.norm(torch.stack([p.grad.norm() for p in params05])))
print(f"  zum Vergleich gain 0.5: vor {pre05:.3f}, nach {post05:.3f}"
      f" (Schuld an Schritt 1 bleibt {g05[0]:.3e})")

# KOMMENTARE (Teil 4), nach meinem Lauf geschrieben:
# 1) Vanishing: gain 0.5 (x0.490 pro Schritt, Schritt 1 bekommt 5.032e-17 gegen 7.577e-02 bei
#    Schritt 50), gain 0.9 (x0.842) und auch gain 1.0 (x0.911, Schritt 1 nur noch 1.01e-02 der
#    letzten Schuld, also ~99 Prozent weg); bei Länge 100 fällt die Schuld bei gain 1.0 nach
#    91 Schritten unter ein Tausendstel.
# 2) Exploding: gain 1.5 wächst mit x1.090 pro Schritt bis 5.268e+00 bei Schritt 1, das ist
#    6.83e+01 mal der Wert bei Schritt 50; gain 1.2 liegt bei mir fast neutral (x0.997), erst
#    schrumpfend, dann wieder wachsend (3.139e-02 bei Schritt 40, 6.494e-02 bei Schritt 1).
# 3) Der forget bias schiebt die cell-state-Spalte vom Verschwinden zum Halten: x0.629 bei
#    bias 0, x0.840 bei 1, x0.955 bei 2, x1.016 bei 3 — nur bei bias 3 ist die Schuld an
#    Schritt 1 (4.782e-02) so groß wie an Schritt 50 (2.230e-02), sogar etwas größer.
# 4) Clipping hilft nur gegen Explosion: bei gain 1.5 wird die Norm 20.577 auf 1.000 gestutzt,
#    aber clipping kann nur verkleinern, nie vergrößern — bei gain 0.5 (Norm 0.156) passiert
#    gar nichts, und Schritt 1 bekommt weiter 5.032e-17. Gegen vanishing braucht man Gates
#    (offene forget-Ventile) oder attention, nicht clipping.
