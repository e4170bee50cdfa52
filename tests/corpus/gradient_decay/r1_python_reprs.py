# gradient_decay.py -- red team (r1): print() of plain Python objects: dicts keyed by the gain /
# forget bias (bare numbers), one dict per quantity, under a short title line each.
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


rnn = {g: rnn_grads(g) for g in GAINS}
lstm = {fb: lstm_grads(float(fb)) for fb in BIASES}
for t in STEPS:
    print(f"RNN gain -> gradient norm at step {t}:", {g: float(f"{c[t - 1]:.4g}") for g, c in rnn.items()})
print("RNN gain -> per-step factor:", {g: round(factor(c), 3) for g, c in rnn.items()})
for t in STEPS:
    print(f"LSTM forget bias -> cell-state norm at step {t}:",
          {fb: float(f"{c[t - 1]:.4g}") for fb, c in lstm.items()})
print("LSTM forget bias -> per-step factor:", {fb: round(factor(c), 3) for fb, c in lstm.items()})

lengths = {}
for L in (10, 25, 50, 100):
    c = rnn_grads(1.0, steps=L)
    lengths[L] = sum(1 for g in c if g > c[-1] / 1000)
print("gain 1.0, length -> steps above 1/1000 of the last:", lengths)

_, params = rnn_grads(1.5, keep=True)
before = float(torch.nn.utils.clip_grad_norm_(params, 1.0))
after = float(torch.sqrt(sum((p.grad ** 2).sum() for p in params)))
print("gain 1.5 clipping at 1.0:", {"before": round(before, 4), "after": round(after, 4)})

# Gains 0.5, 0.9 and 1.0 vanish: the blame shrinks at every step back toward step 1.
# Gains 1.2 and 1.5 do not vanish; gain 1.5 explodes, growing as the blame travels back.
# The forget bias keeps the cell-state column from decaying: at bias 3 step 1 gets as much as step 50.
# Clipping rescales an exploding gradient down to the threshold, but it does nothing for a
# vanishing one, because a tiny gradient is already below the threshold and is left alone.
