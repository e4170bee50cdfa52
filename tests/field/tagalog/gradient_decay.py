# gradient_decay.py -- Exercise 2: sukatin yung vanishing gradient, tapos sirain on purpose
import torch, torch.nn as nn

H, D, B = 32, 16, 64


def make_inputs(T):
    """Parehong setup ng Step 3: seed 0, 64 sequences, read-out sa LAST step lang."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5
    v = torch.randn(H, 1) * 0.2
    y = torch.ones(B, 1)
    return x, v, y


def rnn_grads(gain, T=50, clip=None):
    """Plain RNN. Gradient norm na dumarating sa hidden state ng bawat step."""
    x, v, y = make_inputs(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    grads = [float(h.grad.norm()) for h in hs]
    if clip is None:
        return grads
    before = float(nn.utils.clip_grad_norm_([Wx, Wh], clip))
    after = float(torch.norm(torch.stack([Wx.grad.norm(), Wh.grad.norm()])))
    return grads, before, after


def lstm_grads(forget_bias, T=50):
    """LSTM. Gradient norm na dumarating sa CELL state ng bawat step."""
    x, v, y = make_inputs(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():   # buksan muna yung forget valve
        cell.bias_ih[H:2 * H].fill_(forget_bias)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def factor(c):
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))


# ---------------- Part 1 + Part 3: isang table lang ----------------
cols = {}
for g in (0.5, 0.9, 1.0, 1.2, 1.5):
    cols[f"RNN gain {g}"] = rnn_grads(g)
for fb in (0, 1, 2, 3):
    cols[f"LSTM b_f={fb}"] = lstm_grads(float(fb))

print("Part 1 + 3: gaano karaming blame ang umaabot sa step t (loss sa step 50 lang)")
print(f"{'step':>5s}" + "".join(f"{k:>14s}" for k in cols))
for t in [50, 40, 30, 20, 10, 1]:
    print(f"{t:5d}" + "".join(f"{c[t - 1]:14.3e}" for c in cols.values()))

print(f"\n{'model':<14s} {'step 50':>11s} {'step 1':>11s} {'step1/step50':>13s} {'per step':>9s}")
for k, c in cols.items():
    print(f"{k:<14s} {c[-1]:11.3e} {c[0]:11.3e} {c[0] / c[-1]:13.2e} {'x' + format(factor(c), '.3f'):>9s}")

g05, g10, g15 = cols["RNN gain 0.5"], cols["RNN gain 1.0"], cols["RNN gain 1.5"]
print(f"\nYung gradient norm sa step 1 (gain 0.5): {g05[0]:.3e}, sa step 50: {g05[-1]:.3e}")
print(f"Sa gain 1.5, step 1 ay {g15[0] / g15[-1]:.1f} beses ng step 50 -- lumalaki, hindi lumiliit")
print(f"Sa gain 1.0, nawala yung {100 * (1 - g10[0] / g10[-1]):.1f}% ng signal sa 50 steps")
for fb in (0, 3):
    c = cols[f"LSTM b_f={fb}"]
    print(f"LSTM b_f={fb}: step1/step50 = {c[0] / c[-1]:.2e}, x{factor(c):.3f} bawat step")

# ---------------- Part 2: iba-ibang haba, gain 1.0 lang ----------------
print("\nPart 2: gain 1.0 sa iba't ibang haba -- hanggang saan buhay pa yung blame (> 1/1000 ng last step)?")
print(f"{'haba':>5s} {'last step':>11s} {'step 1':>11s} {'per step':>9s}  gaano kalayo pabalik")
for T in (10, 25, 50, 100):
    c = rnn_grads(1.0, T=T)
    alive = [t for t in range(T) if c[t] > c[-1] / 1000]
    earliest = alive[0] + 1   # 1-based na step number
    back = T - earliest
    note = "buong sequence, hanggang step 1" if earliest == 1 else f"hanggang step {earliest} lang"
    print(f"{T:5d} {c[-1]:11.3e} {c[0]:11.3e} {'x' + format(factor(c), '.3f'):>9s}  {back:3d} steps pabalik ({note})")

# ---------------- Part 4: clipping sa gain 1.5 ----------------
_, before, after = rnn_grads(1.5, clip=1.0)
print("\nPart 4: clip_grad_norm_ sa gain 1.5 run (threshold 1.0)")
print(f"  total grad norm bago mag-clip : {before:.4f}")
print(f"  total grad norm pagkatapos    : {after:.4f}")
_, before05, after05 = rnn_grads(0.5, clip=1.0)
print(f"  (gain 0.5 para ikumpara: bago {before05:.4f}, pagkatapos {after05:.4f} -- walang ginawa si clip)")

# Part 4 comments (galing sa results na na-print sa taas):
# 1. Vanishing yung gains 0.5, 0.9 at 1.0: x0.490, x0.842 at x0.911 bawat step, kaya sa gain 0.5
#    5.032e-17 na lang ang umaabot sa step 1 vs 7.577e-02 sa step 50, at kahit gain 1.0 nawalan
#    ng 99.0% ng signal; halos flat ang gain 1.2 (x0.997).
# 2. Exploding yung gain 1.5: x1.090 bawat step, kaya 5.268e+00 sa step 1, mga 68 beses ng step 50,
#    at yung total grad norm 20.58 bago mag-clip.
# 3. Yung forget bias, binubuksan yung valve ng cell state: mula x0.629 (b_f=0, 5.180e-12 sa step 1)
#    papuntang x0.840, x0.955 hanggang x1.016 sa b_f=3, at b_f=3 lang yung row na kasing-laki pa
#    rin ng step 50 yung blame sa step 1 (4.782e-02 vs 2.230e-02).
# 4. Fix lang si clipping sa explosion, hindi sa vanishing: pinapaliit lang niya yung norm kapag
#    lampas sa threshold (20.58 -> 1.0000 sa gain 1.5), pero sa gain 0.5 na 0.1564 lang yung norm
#    wala siyang ginagawa, at hindi niya kayang palakihin yung 5e-17 na blame na halos zero na.
