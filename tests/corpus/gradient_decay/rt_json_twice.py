# gradient_decay.py -- red-team case: json_twice
import torch
import torch.nn as nn

torch.manual_seed(0)
T, H, D, B = 50, 32, 16, 64
x = torch.randn(T, B, D) * 0.5
v = torch.randn(H, 1) * 0.2
y = torch.ones(B, 1)


def rnn_grads(gain, steps=T, keep=False):
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


import json

res = {"rnn": {}, "lstm": {}}
for g in (0.5, 0.9, 1.0, 1.2, 1.5):
    c = rnn_grads(g)
    res["rnn"][f"gain {g}"] = {"step 50": c[49], "step 40": c[39], "step 30": c[29], "step 20": c[19],
                               "step 10": c[9], "step 1": c[0], "factor": (c[0] / c[-1]) ** (1 / 49)}
for fb in (0, 1, 2, 3):
    c = lstm_grads(float(fb))
    res["lstm"][f"forget bias {fb}"] = {"step 50": c[49], "step 1": c[0], "factor": (c[0] / c[-1]) ** (1 / 49)}

# first a rough look, rounded to 2 decimals, then the full table
for name, d in {**res["rnn"], **res["lstm"]}.items():
    print(name, {k: round(v, 2) for k, v in d.items()})
print()
for name, d in {**res["rnn"], **res["lstm"]}.items():
    print(name, d)

lens = {}
for L in (10, 25, 50, 100):
    c = rnn_grads(1.0, steps=L)
    lens[L] = sum(1 for g in c if g > c[-1] / 1000)
print(json.dumps({"gain 1.0 steps above 1/1000 by length": lens}))
grads, params = rnn_grads(1.5, keep=True)
before = float(torch.nn.utils.clip_grad_norm_(params, 1.0))
after = float(torch.sqrt(sum((p.grad ** 2).sum() for p in params)))
print({"clip": {"before": before, "after": after}})

# Gains below 1.2 vanish: the gradient shrinks every step.
# Gains 1.2 and 1.5 explode, growing as they flow back.
# The forget bias holds the cell-state gradient steady; bias 3 keeps step 1 alive.
# Clipping caps explosion, but vanishing gradients are not fixed by it at all.
