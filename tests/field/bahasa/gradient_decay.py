# Latihan 2 — mengukur vanishing gradient, lalu merusaknya dengan sengaja
import torch, torch.nn as nn

H, D, B = 32, 16, 64

def make_data(T):
    """Sama seperti Step 3: 64 barisan, loss hanya di langkah terakhir."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5
    v = torch.randn(H, 1) * 0.2          # read-out hanya di langkah TERAKHIR
    y = torch.ones(B, 1)
    return x, v, y

def rnn_grads(gain, T=50, keep=False):
    """RNN biasa. Norma gradient yang sampai di hidden state tiap langkah."""
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
    return (g, [Wx, Wh]) if keep else g

def lstm_grads(forget_bias, T=50):
    """LSTM. Norma gradient yang sampai di CELL state tiap langkah."""
    x, v, y = make_data(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():                # buka forget gate dari awal
        cell.bias_ih[H:2 * H].fill_(forget_bias)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]

def factor(g):
    """Faktor susut/tumbuh per langkah, rata-rata geometris dari langkah terakhir ke langkah 1."""
    return (g[0] / g[-1]) ** (1 / (len(g) - 1))

# ---------------- Bagian 1 + 3: satu tabel ----------------
T = 50
cols = {f"RNN gain {k}": rnn_grads(k) for k in (0.5, 0.9, 1.0, 1.2, 1.5)}
cols.update({f"LSTM b_f={k}": lstm_grads(float(k)) for k in (0, 1, 2, 3)})
steps = [50, 40, 30, 20, 10, 1]
print("Bagian 1 + 3: norma gradient yang sampai di langkah t (loss hanya di langkah 50)")
print("(RNN: hidden state; LSTM: cell state)")
print(f"{'model':<14s}" + "".join(f"{'langkah ' + str(s):>13s}" for s in steps)
      + f"{'per langkah':>13s}{'l1/l50':>11s}")
for k, g in cols.items():
    print(f"{k:<14s}" + "".join(f"{g[s - 1]:13.3e}" for s in steps)
          + f"{'x' + format(factor(g), '.3f'):>13s}{g[0] / g[-1]:11.2e}")
print()
for k, g in cols.items():
    print(f"  {k}: norma gradient di langkah 1 = {g[0]:.2e}, di langkah 50 = {g[-1]:.2e}")

# ---------------- Bagian 2: panjang berbeda, gain 1.0 ----------------
print("\nBagian 2: gain 1.0 pada beberapa panjang barisan")
print(f"{'panjang':>7s} {'langkah akhir':>14s} {'langkah 1':>11s} {'per langkah':>12s}"
      f" {'langkah > 1/1000':>17s} {'sejauh (langkah ke belakang)':>29s}")
for L in (10, 25, 50, 100):
    g = rnn_grads(1.0, T=L)
    batas = g[-1] / 1000
    # mundur dari langkah terakhir sampai gradient jatuh di bawah seperseribu
    t = L
    while t > 1 and g[t - 2] > batas:
        t -= 1
    print(f"{L:7d} {g[-1]:14.3e} {g[0]:11.3e} {'x' + format(factor(g), '.3f'):>12s}"
          f" {'langkah ' + str(t) + '..' + str(L):>17s} {L - t:29d}")

# ---------------- Bagian 4: clipping pada gain 1.5 ----------------
print("\nBagian 4: gradient clipping pada run gain 1.5 (ambang 1.0)")
g, params = rnn_grads(1.5, keep=True)
before = nn.utils.clip_grad_norm_(params, 1.0)     # mengembalikan norma SEBELUM clip
after = torch.norm(torch.stack([p.grad.norm() for p in params]))
print(f"  norma total gradient (Wx, Wh) sebelum clip: {float(before):.3f}")
print(f"  norma total gradient (Wx, Wh) sesudah clip: {float(after):.3f}")
g05, p05 = rnn_grads(0.5, keep=True)
b05 = nn.utils.clip_grad_norm_(p05, 1.0)
print(f"  pembanding gain 0.5: norma sebelum clip {float(b05):.3f}, langkah 1 tetap"
      f" {g05[0]:.2e} (clip tidak bisa memperbesar sinyal yang hilang)")

# Komentar (dari angka saya sendiri):
# Gain 0.5, 0.9 dan 1.0 mengalami vanishing: faktornya x0.490, x0.842 dan x0.911 per
# langkah, jadi langkah 1 hanya menerima 5.03e-17, 1.62e-05 dan 7.72e-04 (gain 1.0 pun
# kehilangan sekitar 99 persen sinyal, rasio l1/l50 = 1.01e-02), sedangkan gain 1.2
# hampir seimbang (x0.997).
# Gain 1.5 mengalami explode: tumbuh x1.090 per langkah sampai langkah 1 menerima
# 5.27e+00, sekitar 68 kali nilai di langkah 50, dan norma total gradient-nya 20.577.
# Forget bias menggeser kolom cell state dari x0.629 (bias 0) ke x0.840, x0.955 lalu
# x1.016 (bias 3), dan hanya baris bias 3 yang menjaga gradient di langkah 1 (4.78e-02)
# sebesar gradient di langkah 50 (2.23e-02), karena forget gate yang terbuka lebar
# membuat cell state dikali angka yang hampir 1 di setiap langkah.
# Clipping hanya memperbaiki explode: ia memotong norma 20.577 menjadi tepat 1.000,
# tapi ia hanya bisa mengecilkan gradient, tidak pernah membesarkannya, jadi untuk
# vanishing (gain 0.5: norma 0.156, di bawah ambang, langkah 1 tetap 5.03e-17) clipping
# tidak melakukan apa-apa.
