# gradient_decay.py — WRONG: the forget bias is written into BOTH bias_ih and bias_hh, so the
# gate sees twice the bias (0, 2, 4, 6); output as semicolon CSV with decimal commas
# (my spreadsheet uses a German locale and only reads "0,490" as a number).
import torch
import torch.nn as nn

torch.manual_seed(0)
T, H, D, B = 50, 32, 16, 64
x = torch.randn(T, B, D) * 0.5
v = torch.randn(H, 1) * 0.2
y = torch.ones(B, 1)


def de(z, spec=".3e"):
    return format(z, spec).replace(".", ",")


def rnn_run(gain, steps=T):
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
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
        cell.bias_ih[H:2 * H].fill_(fb)   # forget gate bias ...
        cell.bias_hh[H:2 * H].fill_(fb)   # ... on both bias vectors
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad()
        cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [c.grad.norm().item() for c in cs]


print("model;step 50;step 40;step 30;step 20;step 10;step 1;factor per step")
runs = [(f"RNN gain {de(g, '.1f')}", rnn_run(g)[0]) for g in (0.5, 0.9, 1.0, 1.2, 1.5)]
runs += [(f"LSTM forget bias {fb}", lstm_run(float(fb))) for fb in (0, 1, 2, 3)]
for name, n in runs:
    f = (n[0] / n[-1]) ** (1 / (len(n) - 1))
    print(";".join([name] + [de(n[s - 1]) for s in (50, 40, 30, 20, 10, 1)] + [de(f, ".3f")]))

print()
print("length;steps above 1/1000")
for L in (10, 25, 50, 100):
    n = rnn_run(1.0, steps=L)[0]
    print(f"{L};{sum(g > n[-1] / 1000 for g in n)}")

_, params = rnn_run(1.5)
vor = torch.nn.utils.clip_grad_norm_(params, max_norm=1.0).item()
nach = torch.sqrt(sum((p.grad ** 2).sum() for p in params)).item()
print()
print("clipping gain 1,5;before;after")
print(f"clip_grad_norm_ at 1,0;{de(vor, '.4f')};{de(nach, '.4f')}")

# Gains 0.5, 0.9 and 1.0 vanish: the blame fades on the way back.
# Gains 1.2 and 1.5 explode: it grows toward step 1.
# A larger forget bias keeps the cell-state column from shrinking, until at bias 3 step 1 keeps as much as step 50.
# Clipping controls the exploding case but does nothing for vanishing, because rescaling cannot restore lost signal.
