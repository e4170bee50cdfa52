# gradient_decay.py -- red team (r1): "tidy" long-format CSV, one measurement per line
# (model,param,value,step,grad_norm), the way a student feeding pandas/seaborn writes it;
# the gain and the forget bias are their own numeric column.
import csv
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


w = csv.writer(sys.stdout, lineterminator="\n")
w.writerow(["model", "param", "value", "step", "grad_norm"])
summary = []
for g in GAINS:
    c = rnn_grads(g)
    for t in STEPS:
        w.writerow(["rnn", "gain", g, t, f"{c[t - 1]:.4e}"])
    summary.append(["rnn", "gain", g, f"{factor(c):.4f}"])
for fb in BIASES:
    c = lstm_grads(float(fb))
    for t in STEPS:
        w.writerow(["lstm", "forget_bias", fb, t, f"{c[t - 1]:.4e}"])
    summary.append(["lstm", "forget_bias", fb, f"{factor(c):.4f}"])
print()
w.writerow(["model", "param", "value", "per_step_factor"])
w.writerows(summary)
print()
w.writerow(["gain", "length", "steps_above_1e-3_of_last"])
for L in (10, 25, 50, 100):
    c = rnn_grads(1.0, steps=L)
    w.writerow([1.0, L, sum(1 for g in c if g > c[-1] / 1000)])
print()
_, params = rnn_grads(1.5, keep=True)
before = float(torch.nn.utils.clip_grad_norm_(params, 1.0))
after = float(torch.sqrt(sum((p.grad ** 2).sum() for p in params)))
w.writerow(["gain", "max_norm", "norm_before", "norm_after"])
w.writerow([1.5, 1.0, f"{before:.4f}", f"{after:.4f}"])

# Gains 0.5, 0.9 and 1.0 vanish: the blame shrinks at every step back toward step 1.
# Gains 1.2 and 1.5 do not vanish; gain 1.5 explodes, growing as the blame travels back.
# The forget bias keeps the cell-state column from decaying: at bias 3 step 1 gets as much as step 50.
# Clipping rescales an exploding gradient down to the threshold, but it does nothing for a
# vanishing one, because a tiny gradient is already below the threshold and is left alone.
