# gradient_decay.py — WRONG: torch.nn.utils.clip_grad_value_ (clamps each entry) instead of
# clip_grad_norm_, so the total norm after it is not the threshold; the print names
# the threshold 1.0 on the same line as the before/after norms.
# Tables printed the way pandas prints a DataFrame (I had pandas on my laptop
# but not on the lab machine, so I format them the same way by hand).
import torch
import torch.nn as nn

torch.manual_seed(0)
T, H, D, B = 50, 32, 16, 64
x = torch.randn(T, B, D) * 0.5
v = torch.randn(H, 1) * 0.2
y = torch.ones(B, 1)
COLS = [50, 40, 30, 20, 10, 1]


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
        cell.bias_ih[H:2 * H].fill_(fb)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad()
        cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [c.grad.norm().item() for c in cs]


def frame(index_name, rows):
    """Print rows {label: norms} like pandas.DataFrame.to_string()."""
    head = [f"step {c}" for c in COLS] + ["factor"]
    print(" " * 6 + "".join(f"{h:>14s}" for h in head))
    print(f"{index_name:<6s}")
    for label, n in rows.items():
        f = (n[0] / n[-1]) ** (1 / (len(n) - 1))
        print(f"{label:<6s}" + "".join(f"{n[c - 1]:14.6e}" for c in COLS) + f"{f:14.6f}")


frame("gain", {str(g): rnn_run(g)[0] for g in (0.5, 0.9, 1.0, 1.2, 1.5)})
print()
frame("b_f", {str(fb): lstm_run(float(fb)) for fb in (0, 1, 2, 3)})

print("\nlength  steps_above_1e-3")
for L in (10, 25, 50, 100):
    n = rnn_run(1.0, steps=L)[0]
    print(f"{L:<7d} {sum(g > n[-1] / 1000 for g in n):>16d}")

_, params = rnn_run(1.5)
norm = lambda: torch.cat([p.grad.flatten() for p in params]).norm().item()
before = norm()
torch.nn.utils.clip_grad_value_(params, 1.0)
after = norm()
print(f"\nclipping the gain 1.5 run at threshold 1.0: total norm {before:.4f} before, {after:.4f} after")

# The 0.5, 0.9 and 1.0 gains vanish: their blame shrinks at every step back.
# The 1.2 and 1.5 gains explode: the blame grows toward step 1.
# Raising the forget bias flattens the cell-state column until bias 3 keeps step 1 level with step 50.
# Clipping limits exploding gradients but does nothing for vanishing ones, because it only ever scales a gradient down.
