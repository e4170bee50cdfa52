# gradient_decay.py -- red-team case: CSV with 6 decimals, debug lines interleaved
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


rows = {}
for g in (0.5, 0.9, 1.0, 1.2, 1.5):
    print(f"[debug] running RNN gain={g} ...", flush=True)
    rows[("rnn", g)] = rnn_grads(g)
for fb in (0, 1, 2, 3):
    print(f"[debug] running LSTMCell forget_bias={fb} ...")
    rows[("lstm", fb)] = lstm_grads(float(fb))

STEPS = (50, 40, 30, 20, 10, 1)
print("run," + ",".join(f"grad_step_{t}" for t in STEPS) + ",shrink_per_step")
for (kind, p), c in rows.items():
    name = f"RNN gain {p}" if kind == "rnn" else f"LSTM forget_bias={p}"
    r = (c[0] / c[-1]) ** (1 / (T - 1))
    print(f"{name}," + ",".join(f"{c[t - 1]:.6e}" for t in STEPS) + f",{r:.6f}")

for L in (10, 25, 50, 100):
    c = rnn_grads(1.0, steps=L)
    far = sum(1 for g in c if g > c[-1] / 1000)
    print(f"INFO gain=1.0 T={L} steps_above_thousandth={far}")

grads, params = rnn_grads(1.5, keep=True)
before = float(torch.nn.utils.clip_grad_norm_(params, 1.0))
after = float(torch.sqrt(sum((p.grad ** 2).sum() for p in params)))
print(f"clip,gain=1.5,pre_clip_norm={before:.6f},post_clip_norm={after:.6f}")

# Gains 0.5, 0.9 and 1.0 vanish: blame shrinks on every step back in time.
# Gains 1.2 and 1.5 explode, the gradient grows as it travels back.
# A larger forget bias keeps the cell-state gradient alive, and at bias 3 the
# first step gets as much blame as the last one.
# Clipping rescales a huge exploding gradient, but it does nothing for a
# vanishing one: shrinking a tiny vector cannot bring the signal back.
