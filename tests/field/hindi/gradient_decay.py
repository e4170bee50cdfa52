# gradient_decay.py — अभ्यास 2: vanishing gradient नापो, फिर जानबूझकर उसे तोड़ो
import torch, torch.nn as nn

H, D, B = 32, 16, 64


def make_data(T):
    """Step 3 वाला डेटा: T steps के 64 sequences, read-out सिर्फ़ आख़िरी step पर।"""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5
    v = torch.randn(H, 1) * 0.2
    y = torch.ones(B, 1)
    return x, v, y


def rnn_grads(gain, T=50, clip=None):
    """Plain RNN. हर step की hidden state तक पहुँचने वाला gradient norm."""
    x, v, y = make_data(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)  # हर step का gradient रखो
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    grads = [float(h.grad.norm()) for h in hs]
    if clip is None:
        return grads
    before = float(nn.utils.clip_grad_norm_([Wx, Wh], clip))
    after = float(torch.cat([Wx.grad.flatten(), Wh.grad.flatten()]).norm())
    return grads, before, after


def lstm_grads(forget_bias, T=50):
    """LSTM. हर step की CELL state तक पहुँचने वाला gradient norm."""
    x, v, y = make_data(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():  # forget valve शुरू से खुला
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


# ---------------- भाग 1 + 3: एक ही तालिका ----------------
T = 50
cols = {}
for g in (0.5, 0.9, 1.0, 1.2, 1.5):
    cols[f"RNN gain {g}"] = rnn_grads(g)
for fb in (0, 1, 2, 3):
    cols[f"LSTM b_f={fb}"] = lstm_grads(float(fb))

print("भाग 1 और 3: step 50 पर अकेले loss से हर step तक पहुँचा दोष (gradient norm)")
print("(RNN = hidden state, LSTM = cell state)")
steps = [50, 40, 30, 20, 10, 1]
print(f"{'मॉडल':<14s}" + "".join(f"{'step ' + str(t):>11s}" for t in steps)
      + f"{'step1/step50':>14s}{'हर step पर गुणा':>17s}")
for k, c in cols.items():
    print(f"{k:<14s}" + "".join(f"{c[t - 1]:11.3e}" for t in steps)
          + f"{c[0] / c[-1]:14.2e}{'x' + format(per_step(c), '.3f'):>17s}")

# ---------------- भाग 2: लंबाई बदलो, gain 1.0 ----------------
print("\nभाग 2: gain 1.0, अलग-अलग लंबाई — दोष कितने steps पीछे तक आख़िरी step के 1/1000 से ऊपर रहता है")
print(f"{'लंबाई':>6s} {'आख़िरी step':>12s} {'step 1':>11s} {'step1/आख़िरी':>13s}"
      f" {'हर step पर गुणा':>16s} {'1/1000 से ऊपर':>24s}")
for L in (10, 25, 50, 100):
    c = rnn_grads(1.0, T=L)
    above = [t for t in range(1, L + 1) if c[t - 1] > c[-1] / 1000]
    earliest = min(above)
    reach = L - earliest  # आख़िरी step से कितने steps पीछे तक
    note = (f"सभी {L} steps" if earliest == 1 else
            f"step {earliest} तक ({reach} steps पीछे)")
    print(f"{L:6d} {c[-1]:12.3e} {c[0]:11.3e} {c[0] / c[-1]:13.2e}"
          f" {'x' + format(per_step(c), '.3f'):>16s} {note:>24s}")

# ---------------- भाग 4: gain 1.5 पर clipping ----------------
_, before, after = rnn_grads(1.5, clip=1.0)
print("\nभाग 4: gain 1.5, clip_grad_norm_(max_norm=1.0) — Wx और Wh का कुल gradient norm")
print(f"  clipping से पहले: {before:.3f}")
print(f"  clipping के बाद : {after:.3f}")
_, b05, a05 = rnn_grads(0.5, clip=1.0)
print(f"  (तुलना के लिए gain 0.5: पहले {b05:.3f}, बाद {a05:.3f} — छोटा norm वैसे ही रहता है)")

# भाग 4 की चार टिप्पणियाँ (नतीजे देखने के बाद):
# (1) gain 0.5 और 0.9 साफ़ vanish करते हैं: 0.5 पर हर step x0.490, step 1 पर 5.032e-17 बनाम
#     step 50 पर 7.577e-02; gain 1.0 भी x0.911 पर 50 steps में ~99% (step1/step50 = 1.01e-02) खो देता है,
#     और 100 steps पर दोष step 10 के बाद 1/1000 से नीचे चला जाता है।
# (2) gain 1.5 explode करता है: हर step x1.090, step 1 पर 5.268e+00 यानी step 50 का ~68 गुना;
#     gain 1.2 बीच में है (x0.997) — पहले घटता है फिर बढ़ता है, यानी किनारे पर बैठा है।
# (3) forget bias cell-state column को बचाता है: bias 0 पर x0.629 (RNN जितना बुरा, step 1 पर
#     5.180e-12), bias 1 पर x0.840, bias 2 पर x0.955 और bias 3 पर x1.016 — सिर्फ़ bias 3 वाली row में
#     step 1 का दोष (4.782e-02) step 50 (2.230e-02) जितना बड़ा रहता है।
# (4) clipping सिर्फ़ explosion ठीक करता है: gain 1.5 पर कुल norm 20.577 से काटकर 1.000 कर दिया,
#     पर vanishing में norm पहले से छोटा है (gain 0.5 पर 0.156, clipping के बाद भी 0.156), और
#     clipping छोटे gradient को बड़ा नहीं करता — तो शुरुआती steps तक पहुँचा 5e-17 वैसा ही रहता है।
