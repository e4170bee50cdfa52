# gradient_decay.py — WRONG: the forget bias is written into the input-gate block (bias[:H]);
# key=value rows, then a timing line right under the last row.
import time

import torch
import torch.nn as nn

torch.manual_seed(0)
T, H, D, B = 50, 32, 16, 64
x = torch.randn(T, B, D) * 0.5
v = torch.randn(H, 1) * 0.2
y = torch.ones(B, 1)


def rnn_norms(gain, steps=T, params_out=None):
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(steps):
        h = torch.tanh(x[t % T] @ Wx + h @ Wh)
        h.retain_grad()
        hs.append(h)
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    if params_out is not None:
        params_out += [Wx, Wh]
    return [h.grad.norm().item() for h in hs]


def lstm_norms(forget_bias):
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():
        # the forget gate is the first block of the bias (i think the order is f, i, g, o)
        cell.bias_ih[:H].fill_(forget_bias)
        cell.bias_hh[:H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad()
        cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [c.grad.norm().item() for c in cs]


STEPS = (50, 40, 30, 20, 10, 1)
t0 = time.time()
for name, norms in [(f"rnn g={g}", rnn_norms(g)) for g in (0.5, 0.9, 1.0, 1.2, 1.5)] + \
                   [(f"lstm bf={b}", lstm_norms(float(b))) for b in (0, 1, 2, 3)]:
    f = (norms[0] / norms[-1]) ** (1 / (T - 1))
    print(f"{name:<12} " + "  ".join(f"t{s}={norms[s - 1]:.3e}" for s in STEPS) + f"  factor/step={f:.3f}")
print(f"took {time.time() - t0:.2f} s")

print()
for L in (10, 25, 50, 100):
    n = rnn_norms(1.0, steps=L)
    print(f"length {L}: blame stays above 1/1000 of the last step for {sum(g > n[-1] / 1000 for g in n)} steps")

params = []
rnn_norms(1.5, params_out=params)
pre = nn.utils.clip_grad_norm_(params, 1.0)
post = torch.sqrt(sum((p.grad ** 2).sum() for p in params))
print(f"\ngain 1.5: gradient norm {pre:.3f} before clipping, {post:.3f} after clipping at 1.0")

# Gains 0.5, 0.9 and 1.0 vanish.
# Gains 1.2 and 1.5 explode.
# The forget bias keeps the cell-state column from shrinking, the higher the better.
# Clipping fixes the exploding gradient but does nothing for the vanishing one, since it only rescales.
