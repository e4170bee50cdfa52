"""gradient_decay.py — a correct solution in the module's orientation: steps are rows,
models are columns, then a summary table, then key=value lines for clipping."""
import torch
import torch.nn as nn

torch.manual_seed(0)
T, H, D, B = 50, 32, 16, 64
x = torch.randn(T, B, D) * 0.5
v = torch.randn(H, 1) * 0.2
y = torch.ones(B, 1)


def rnn_run(gain, length=T):
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    xs = x if length <= T else torch.cat([x] * (length // T + 1))[:length]
    h, hs = torch.zeros(B, H), []
    for t in range(length):
        h = torch.tanh(xs[t] @ Wx + h @ Wh)
        h.retain_grad()
        hs.append(h)
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    return [float(h.grad.norm()) for h in hs], (Wx, Wh)


def lstm_run(bias):
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():
        cell.bias_ih[H:2 * H].fill_(bias)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad()
        cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


cols = {}
for g in (0.5, 0.9, 1.0, 1.2, 1.5):
    cols[f"gain={g}"] = rnn_run(g)[0]
for b in (0, 1, 2, 3):
    cols[f"forget_bias={b}"] = lstm_run(float(b))

print("| step | " + " | ".join(cols) + " |")
print("|---" * (len(cols) + 1) + "|")
for t in (50, 40, 30, 20, 10, 1):
    print(f"| {t} | " + " | ".join(f"{c[t - 1]:.4e}" for c in cols.values()) + " |")

print()
print("| run | shrink factor per step | step1/step50 |")
print("|---|---|---|")
for k, c in cols.items():
    print(f"| {k} | {(c[0] / c[-1]) ** (1 / 49):.4f} | {c[0] / c[-1]:.3e} |")

print()
for L in (10, 25, 50, 100):
    c = rnn_run(1.0, L)[0]
    keep = next(i for i, g in enumerate(c) if g > c[-1] / 1000)
    print(f"gain 1.0, length {L}: blame stays above 1/1000 from step {keep + 1} to step {L}")

_, params = rnn_run(1.5)
pre = torch.nn.utils.clip_grad_norm_(params, max_norm=1.0)
post = torch.norm(torch.stack([p.grad.norm() for p in params]))
print(f"\npre_clip_norm={float(pre):.4f}")
print(f"post_clip_norm={float(post):.4f}")

# Small gains (0.5, 0.9 and 1.0) make the gradient vanish on its way back to step 1.
# Large gains such as 1.5 make it explode instead, growing at every step.
# A larger forget bias keeps the cell-state column from shrinking, and bias 3 even lets it grow.
# Clipping only rescales gradients that are too large, so it tames explosion.
# It cannot help a vanishing gradient, because there is nothing left to rescale.
