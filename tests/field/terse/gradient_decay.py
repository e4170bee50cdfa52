import torch, torch.nn as nn
H, D, B = 32, 16, 64

def data(T):
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5
    v = torch.randn(H, 1) * 0.2
    return x, v, torch.ones(B, 1)

def rnn_grads(gain, T=50, keep=False):
    x, v, y = data(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    g = [float(h.grad.norm()) for h in hs]
    return (g, [Wx, Wh]) if keep else g

def lstm_grads(fb, T=50):
    x, v, y = data(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():
        cell.bias_ih[H:2 * H].fill_(fb)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]

# p1 + p3: one table
cols = {f"rnn{g}": rnn_grads(g) for g in (0.5, 0.9, 1.0, 1.2, 1.5)}
cols.update({f"lstm_bf{b}": lstm_grads(float(b)) for b in (0, 1, 2, 3)})
print('step', *cols)
for t in [50, 40, 30, 20, 10, 1]:
    print(t, *[f"{c[t - 1]:.3e}" for c in cols.values()])
for k, c in cols.items():
    print(k, f"{c[-1]:.3e} {c[0]:.3e} {c[0] / c[-1]:.2e} x{(c[0] / c[-1]) ** (1 / 49):.3f}")

# p2: gain 1.0, how far back blame > 1e-3 * last
# gain 1.0 keeps >1e-3 over all of T=10/25/50, at T=100 only back to step 10 (90 steps)
for T in (10, 25, 50, 100):
    c = rnn_grads(1.0, T)
    ok = [t for t in range(T) if c[t] > 1e-3 * c[-1]]
    first = ok[0] + 1  # grads only grow toward the end here
    print('T', T, f"{c[0] / c[-1]:.2e}", 'above 1e-3 from step', first, 'back', T - first, 'steps')

# p4: clip gain 1.5
_, ps = rnn_grads(1.5, keep=True)
pre = nn.utils.clip_grad_norm_(ps, 1.0)
post = torch.norm(torch.stack([p.grad.norm() for p in ps]))
print('clip', float(pre), f"{float(post):.4f}")
# vanish: gain 0.5 (x0.490, 5.0e-17 @ step1), 0.9 (x0.842), 1.0 (x0.911, 1.01e-2 left = ~99% lost); 1.2 ~flat (x0.997)
# explode: gain 1.5, x1.090/step, step1 5.27e+00 = ~68x step50
# forget bias opens cell highway: x0.629 (bf0) -> 0.840 -> 0.955 -> x1.016 (bf3), only bf3 keeps step1 ~ step50
# clip rescales big grads (20.6 -> 1.0) so it stops explosion, but can't grow grads that are ~0, so no help for vanishing
