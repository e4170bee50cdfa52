# gradient_decay.py -- r2: long ("tidy") tables printed space-aligned the way
# DataFrame.to_string(index=False) prints a melted frame: one measurement per row,
# model, parameter name, parameter value and the step "t" are key columns, the gradient
# norm the one measure.  Tests that text and numeric key cells name a row together
# (the row whose cells read "gain 0.5" and "t 1"), with the step under its synonym
# "t", in a space-aligned table.  A correct solution: every check passes.
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


def show(title, names, rows):
    """Right-aligned columns, two spaces apart, like pandas' to_string()."""
    cells = [names] + [[str(c) for c in r] for r in rows]
    widths = [max(len(r[k]) for r in cells) for k in range(len(names))]
    print(title)
    for r in cells:
        print("  ".join(c.rjust(w) for c, w in zip(r, widths)))
    print()


rnn = {g: rnn_grads(g) for g in GAINS}
lstm = {fb: lstm_grads(float(fb)) for fb in BIASES}
runs = [("rnn", "gain", g, rnn[g]) for g in GAINS] + \
       [("lstm", "forget_bias", fb, lstm[fb]) for fb in BIASES]
show("gradient norm arriving at each step (long format)",
     ["model", "param", "value", "t", "grad_norm"],
     [[m, p, v, t, f"{c[t - 1]:e}"] for m, p, v, c in runs for t in STEPS])
show("per-step factor (long format)", ["model", "param", "value", "factor"],
     [[m, p, v, f"{factor(c):.6f}"] for m, p, v, c in runs])
_, params = rnn_grads(1.5, keep=True)
before = float(torch.nn.utils.clip_grad_norm_(params, 1.0))
after = float(torch.sqrt(sum((p.grad ** 2).sum() for p in params)))
show("clipping the gain 1.5 run at max_norm 1.0", ["norm_before", "norm_after"],
     [[f"{before:.6f}", f"{after:.6f}"]])

# Gains 0.5, 0.9 and 1.0 vanish: the blame shrinks at every step back toward step 1.
# Gains 1.2 and 1.5 do not vanish; gain 1.5 explodes, growing as the blame travels back.
# The forget bias keeps the cell-state column from decaying: at bias 3 step 1 gets as much as step 50.
# Clipping rescales an exploding gradient down to the threshold, but it does nothing for a
# vanishing one, because a tiny gradient is already below the threshold and is left alone.
