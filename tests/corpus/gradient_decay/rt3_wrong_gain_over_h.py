# gradient_decay.py — WRONG: recurrent weights scaled by gain / H instead of gain / sqrt(H);
# sentence-style prints with the factor also given as a percentage.
# My recurrent matrix is scaled by gain / H so that, I think, the matrix keeps
# unit size whatever the hidden width is (a bigger layer would otherwise blow up).
import torch
import torch.nn as nn

torch.manual_seed(0)
T, H, D, B = 50, 32, 16, 64
x = torch.randn(T, B, D) * 0.5
v = torch.randn(H, 1) * 0.2
y = torch.ones(B, 1)


def rnn_run(gain, steps=T):
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(steps):
        h = torch.tanh(x[t % T] @ Wx + h @ Wh)
        h.retain_grad()
        hs.append(h)
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    return [h.grad.norm().item() for h in hs], [Wx, Wh]


def lstm_run(fb):
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():
        cell.bias_ih[H:2 * H].fill_(fb)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad()
        cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [c.grad.norm().item() for c in cs]


def describe(name, n):
    f = (n[0] / n[-1]) ** (1 / (len(n) - 1))
    print(f"{name}:")
    print(f"  blame at step 50 is {n[49]:.2e}, at step 40 {n[39]:.2e}, at step 30 {n[29]:.2e},")
    print(f"  at step 20 {n[19]:.2e}, at step 10 {n[9]:.2e} and at step 1 {n[0]:.2e}")
    print(f"  => x{f:.3f} per step, i.e. it keeps {100 * f:.1f} % of its size at every step back")


for g in (0.5, 0.9, 1.0, 1.2, 1.5):
    describe(f"plain RNN, recurrent gain {g}", rnn_run(g)[0])
for fb in (0, 1, 2, 3):
    describe(f"LSTM cell state, forget bias {fb}", lstm_run(float(fb)))

for L in (10, 25, 50, 100):
    n = rnn_run(1.0, steps=L)[0]
    print(f"gain 1.0 over {L} steps: {sum(g > n[-1] / 1000 for g in n)} steps keep more than a thousandth")

_, params = rnn_run(1.5)
before = torch.nn.utils.clip_grad_norm_(params, 1.0).item()
after = sum((p.grad ** 2).sum() for p in params).sqrt().item()
print(f"gain 1.5 with clip_grad_norm_(1.0): {before:.3f} before clipping and {after:.3f} after")

# Gains 0.5, 0.9 and 1.0 vanish, the blame dying out long before step 1.
# Gains 1.2 and 1.5 explode, the blame growing as it moves back.
# The forget bias opens the gate so the cell-state column stops shrinking, and bias 3 holds it steady.
# Clipping tames explosion by capping the norm, but it does nothing for vanishing gradients.
