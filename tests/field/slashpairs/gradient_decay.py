# gradient_decay.py - how much blame reaches step t when the only loss sits at
# the last step; plain RNN at five gains, LSTM cell state at four forget biases.
import torch, torch.nn as nn

torch.manual_seed(0)
T, H, D, B = 50, 32, 16, 64
x = torch.randn(T, B, D) * 0.5   # 64 sequences, 50 steps each
v = torch.randn(H, 1) * 0.2      # read-out at the LAST step only
y = torch.ones(B, 1)


def rnn_grads(gain, xs=None, keep=False):
    """Plain RNN. Gradient norm arriving at each step's hidden state."""
    xs = x if xs is None else xs
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(len(xs)):
        h = torch.tanh(xs[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)  # keep every step's gradient
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    norms = [float(h.grad.norm()) for h in hs]
    return (norms, [Wx, Wh]) if keep else norms


def lstm_grads(forget_bias):
    """LSTM. Gradient norm arriving at each step's CELL state."""
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():  # forget gate rows are H:2H (order i, f, g, o)
        cell.bias_ih[H:2 * H].fill_(forget_bias)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def per_step(c):  # geometric mean change per step, step 50 -> step 1
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))


def fx(r):  # x0.490 -> x.490
    s = f"{r:.3f}"
    return "x" + (s.lstrip("0") if r < 1 else s)


# ---- parts one and three: one table ---------------------------------------
cols = {f"rnn g{g}": rnn_grads(g) for g in (0.5, 0.9, 1.0, 1.2, 1.5)}
cols.update({f"lstm bf{fb}": lstm_grads(float(fb)) for fb in (0, 1, 2, 3)})
print("# format: grad norm @ step t (loss only @ step 50); rnn = hidden state,"
      " lstm = cell state")
print(f"{'step':>4s}" + "".join(f"{k:>11s}" for k in cols))
for t in (50, 40, 30, 20, 10, 1):
    print(f"{t:4d}" + "".join(f"{c[t - 1]:11.3e}" for c in cols.values()))

print("\n# format: model  norm @ step 50/1  (step1/step50)  per-step factor")
for k, c in cols.items():
    print(f"{k:<10s} @50/@1 = {c[-1]:.3e}/{c[0]:.3e}  ({c[0] / c[-1]:.2e})"
          f"  {fx(per_step(c))}/step")

# ---- part two: gain 1.0 at four lengths ------------------------------------
print("\n# format: gain 1.0 @ length T: step T/step 1 norms, per-step factor,"
      " how far back blame stays > 1/1000 of step T")
for L in (10, 25, 50, 100):
    if L == 50:
        xs = x  # the same inputs as the table above
    else:
        g = torch.Generator().manual_seed(0)
        xs = torch.randn(L, B, D, generator=g) * 0.5
    c = rnn_grads(1.0, xs)
    thr = c[-1] / 1000
    s = L  # earliest step such that every step s..L is above the threshold
    while s > 1 and c[s - 2] > thr:
        s -= 1
    back = L - s  # how many steps back from the last one
    print(f"g1.0@{L:<3d} @{L}/@1 = {c[-1]:.3e}/{c[0]:.3e}  {fx(per_step(c))}/step"
          f"  >1e-3 back to step {s} ({back} of {L - 1} steps back"
          f"{', all' if s == 1 else ''})")

# ---- part four: clipping the gain 1.5 run ---------------------------------
norms, params = rnn_grads(1.5, keep=True)
pre = float(nn.utils.clip_grad_norm_(params, max_norm=1.0))
post = float(torch.norm(torch.stack([p.grad.norm() for p in params])))
print(f"\ngain 1.5 clip@1.0: total grad norm pre/post = {pre:.3f}/{post:.3f}")
n5, p5 = rnn_grads(0.5, keep=True)
pre5 = float(nn.utils.clip_grad_norm_(p5, max_norm=1.0))
post5 = float(torch.norm(torch.stack([p.grad.norm() for p in p5])))
print(f"gain 0.5 clip@1.0: total grad norm pre/post = {pre5:.3f}/{post5:.3f}"
      f"  (step-1 blame still {n5[0]:.1e})")
# What my run says:
# 1. Gains 0.5, 0.9 and 1.0 vanish: x.490, x.842 and x.911 per step, so step 1
#    gets 5.0e-17, 1.6e-05 and 7.7e-04 against about 7.6e-02 at step 50 (even
#    gain 1.0 loses about 99% over 50 steps, and at length 100 the blame falls
#    under 1/1000 before step 17); gain 1.2 sits near flat at x.997.
# 2. Gain 1.5 explodes: x1.090 per step, step 1 gets 5.27e+00, about 68 times
#    the step-50 value.
# 3. The forget bias lifts the cell-state factor from x.629 (bf 0) through
#    x.840 and x.955 to x1.016 (bf 3); only bf 3 keeps step-1 blame (4.8e-02)
#    the same size as step-50 blame (2.2e-02).
# 4. Clipping fixes explosion but not vanishing: it cut the gain-1.5 norm from
#    20.577 to 1.000, but it only ever shrinks a gradient, so the gain-0.5 run
#    (norm .156, under the threshold) is untouched and step 1 still gets 5e-17.
