# gradient_decay.py -- red team (r1): the table printed the way print(df) prints a wide pandas
# DataFrame on an 80-column terminal: columns wrap into two blocks, the first header line
# ends in a backslash, floats in 6-digit scientific notation.  (pandas is not installed on
# the course runtime, so print_frame() imitates it.)
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


def print_frame(index, columns, width=80):
    """Imitates print(pd.DataFrame(columns, index=index)) with display.width=80."""
    names = list(columns)
    cells = {}
    for n in names:
        vals = columns[n]
        if max(vals) / max(min(vals), 1e-300) > 1e4:
            cells[n] = [f"{v:.6e}" for v in vals]
        else:
            cells[n] = [f"{v:.6f}" for v in vals]
    iw = max(len(i) for i in index)
    widths = {n: max(len(n), max(len(c) for c in cells[n])) for n in names}
    blocks, cur, used = [], [], iw
    for n in names:
        if cur and used + 2 + widths[n] + 2 > width:
            blocks.append(cur)
            cur, used = [], iw
        cur.append(n)
        used += 2 + widths[n]
    blocks.append(cur)
    for k, blk in enumerate(blocks):
        cont = "  \\" if k < len(blocks) - 1 else "  "
        print(" " * iw + "".join("  " + n.rjust(widths[n]) for n in blk) + cont)
        for r, i in enumerate(index):
            tail = "   " if k < len(blocks) - 1 else "  "
            print(i.ljust(iw) + "".join("  " + cells[n][r].rjust(widths[n]) for n in blk) + tail)
        if k < len(blocks) - 1:
            print()


index, curves = [], []
for g in GAINS:
    index.append(f"RNN gain {g}")
    curves.append(rnn_grads(g))
for fb in BIASES:
    index.append(f"LSTM b_f={fb}")
    curves.append(lstm_grads(float(fb)))
cols = {f"step {t}": [c[t - 1] for c in curves] for t in STEPS}
cols["per step"] = [factor(c) for c in curves]
print_frame(index, cols)

print()
lengths = {}
for L in (10, 25, 50, 100):
    c = rnn_grads(1.0, steps=L)
    lengths[L] = sum(1 for g in c if g > c[-1] / 1000)
print_frame([f"length {L}" for L in lengths],
            {"steps back above 1/1000 of the last": [float(n) for n in lengths.values()]})

_, params = rnn_grads(1.5, keep=True)
before = float(torch.nn.utils.clip_grad_norm_(params, 1.0))
after = float(torch.sqrt(sum((p.grad ** 2).sum() for p in params)))
print()
print_frame(["gain 1.5, clip at 1.0"], {"before": [before], "after": [after]})

# Gains 0.5, 0.9 and 1.0 vanish: the blame shrinks at every step back toward step 1.
# Gains 1.2 and 1.5 do not vanish; gain 1.5 explodes, growing as the blame travels back.
# The forget bias keeps the cell-state column from decaying: at bias 3 step 1 gets as much as step 50.
# Clipping rescales an exploding gradient down to the threshold, but it does nothing for a
# vanishing one, because a tiny gradient is already below the threshold and is left alone.
