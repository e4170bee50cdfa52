# gradient_decay.py -- red team (r1): results as sentences (× signs, "per step" units,
# percentages), with a \r progress bar redrawn while each curve is measured.
import sys
import torch
import torch.nn as nn

torch.manual_seed(0)
T, H, D, B = 50, 32, 16, 64
x = torch.randn(T, B, D) * 0.5
v = torch.randn(H, 1) * 0.2
y = torch.ones(B, 1)


def rnn_grads(gain, steps=T, keep=False):
    """Plain RNN: gradient norm arriving at each step's hidden state."""
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(steps):
        h = torch.tanh(x[t % T] @ Wx + h @ Wh)
        h.retain_grad()
        hs.append(h)
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    grads = [float(h.grad.norm()) for h in hs]
    return (grads, [Wx, Wh]) if keep else grads


def lstm_grads(forget_bias):
    """LSTM: gradient norm arriving at each step's cell state."""
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():
        cell.bias_ih[H:2 * H].fill_(forget_bias)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad()
        cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def factor(c):
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))


STEPS = (50, 40, 30, 20, 10, 1)
GAINS = (0.5, 0.9, 1.0, 1.2, 1.5)
BIASES = (0, 1, 2, 3)


def bar(i, n, what):
    sys.stdout.write(f"\r[{'=' * (20 * i // n):<20s}] {what} {i}/{n}")
    sys.stdout.flush()
    if i == n:
        sys.stdout.write("\r" + " " * 60 + "\r")


curves = {}
jobs = [("rnn", g) for g in GAINS] + [("lstm", fb) for fb in BIASES]
for i, (kind, p) in enumerate(jobs, 1):
    bar(i, len(jobs), "measuring")
    curves[(kind, p)] = rnn_grads(p) if kind == "rnn" else lstm_grads(float(p))

for g in GAINS:
    c = curves[("rnn", g)]
    trend = "shrinks" if factor(c) < 1 else "grows"
    print(f"With gain {g} the blame {trend} by ×{factor(c):.3f} per step: step 50 gets "
          f"{c[49]:.3e}, step 40 {c[39]:.3e}, step 30 {c[29]:.3e}, step 20 {c[19]:.3e}, "
          f"step 10 {c[9]:.3e} and step 1 {c[0]:.3e} ({100 * c[0] / c[49]:.3g}% of step 50).")
for fb in BIASES:
    c = curves[("lstm", fb)]
    print(f"With forget bias {fb} the LSTM cell state changes by ×{factor(c):.3f} per step: "
          f"step 50 gets {c[49]:.3e}, step 40 {c[39]:.3e}, step 30 {c[29]:.3e}, step 20 "
          f"{c[19]:.3e}, step 10 {c[9]:.3e} and step 1 {c[0]:.3e}.")

for L in (10, 25, 50, 100):
    c = rnn_grads(1.0, steps=L)
    print(f"At length {L} with gain 1.0, the blame stays above one thousandth of the last "
          f"step's for {sum(1 for g in c if g > c[-1] / 1000)} of {L} steps.")

_, params = rnn_grads(1.5, keep=True)
before = float(torch.nn.utils.clip_grad_norm_(params, 1.0))
after = float(torch.sqrt(sum((p.grad ** 2).sum() for p in params)))
print(f"Clipping the gain 1.5 run at 1.0 takes the total gradient norm from {before:.2f} "
      f"before clipping to {after:.2f} after clipping.")

# Gains 0.5, 0.9 and 1.0 vanish: the blame shrinks at every step back toward step 1.
# Gains 1.2 and 1.5 do not vanish; gain 1.5 explodes, growing as the blame travels back.
# The forget bias keeps the cell-state column from decaying: at bias 3 step 1 gets as much as step 50.
# Clipping rescales an exploding gradient down to the threshold, but it does nothing for a
# vanishing one, because a tiny gradient is already below the threshold and is left alone.
