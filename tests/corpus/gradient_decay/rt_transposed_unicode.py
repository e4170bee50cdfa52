# gradient_decay.py -- red-team case: transposed_unicode
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


cols = {}
for g in (0.5, 0.9, 1.0, 1.2, 1.5):
    cols[f"g={g}"] = rnn_grads(g)
for fb in (0, 1, 2, 3):
    cols[f"LSTM fb={fb}"] = lstm_grads(float(fb))


def sci(v):
    m, e = f"{v:.2e}".split("e")
    return f"{m}×10^{int(e)}".replace("-", "−")


print("‖∂L/∂h_t‖ — gains and forget biases across, steps down")
print("step".ljust(7) + "".join(k.rjust(15) for k in cols))
for t in (50, 40, 30, 20, 10, 1):
    print(str(t).ljust(7) + "".join(sci(c[t - 1]).rjust(15) for c in cols.values()))
print("per-step ×".ljust(7) + "".join(("×" + format((c[0] / c[-1]) ** (1 / (T - 1)), ".3f")).rjust(15) for c in cols.values()))
print()
for L in (10, 25, 50, 100):
    c = rnn_grads(1.0, steps=L)
    far = sum(1 for g in c if g > c[-1] / 1000)
    print(f"g=1.0, T={L}: blame above 1/1000 for {far} steps ✓")

grads, params = rnn_grads(1.5, keep=True)
before = float(torch.nn.utils.clip_grad_norm_(params, 1.0))
after = float(torch.sqrt(sum((p.grad ** 2).sum() for p in params)))
print(f"\nclip_grad_norm_(max_norm=1.0) on g=1.5 → norm before: {before:.2f}, norm after: {after:.2f}")

# Gains 0.5, 0.9 and 1.0 vanish; 1.2 and 1.5 explode.
# The forget bias keeps the cell-state column from shrinking toward zero.
# Clipping only tames an exploding gradient.
# It does nothing for a vanishing gradient, because a small gradient is never clipped.
