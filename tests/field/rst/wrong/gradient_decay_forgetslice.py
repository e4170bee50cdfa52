"""Exercise 2 - measure the vanishing gradient, then break it on purpose.

Output is reStructuredText: section titles, simple tables and field lists.
"""
import torch, torch.nn as nn
from sequences import *

H, D, B = 32, 16, 64
STEPS = [50, 40, 30, 20, 10, 1]


def title(text, ch="="):
    print(f"\n{text}\n{ch * len(text)}\n")


def table(headers, rows, left=()):
    """Print an RST simple table. Columns listed in `left` are left-aligned."""
    cells = [[str(c) for c in r] for r in [headers] + rows]
    widths = [max(len(r[j]) for r in cells) for j in range(len(headers))]
    rule = "  ".join("=" * w for w in widths)

    def line(r):
        return "  ".join(c.ljust(w) if j in left else c.rjust(w)
                         for j, (c, w) in enumerate(zip(r, widths))).rstrip()
    print(rule)
    print(line(cells[0]))
    print(rule)
    for r in cells[1:]:
        print(line(r))
    print(rule)


def make_inputs(T):
    """Step 3's inputs: seed 0, then x, then the read-out v. T=50 is Step 3."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5  # 64 sequences, T steps each
    v = torch.randn(H, 1) * 0.2     # read-out at the LAST step only
    y = torch.ones(B, 1)
    return x, v, y


def rnn_grads(gain, T=50, keep_params=False):
    """Plain RNN. Gradient norm arriving at each step's hidden state."""
    x, v, y = make_inputs(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)  # keep every step's gradient
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    g = [float(h.grad.norm()) for h in hs]
    return (g, [Wx, Wh]) if keep_params else g


def lstm_grads(forget_bias, T=50):
    """LSTM. Gradient norm arriving at each step's CELL state."""
    x, v, y = make_inputs(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():  # gates are ordered input, forget, cell, output
        cell.bias_ih[:H].fill_(forget_bias)
        cell.bias_hh[:H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def factor(g):
    """Average change per step from the last step back to step 1."""
    return (g[0] / g[-1]) ** (1 / (len(g) - 1))


def row(name, g):
    return ([name] + [f"{g[t - 1]:.3e}" for t in STEPS]
            + [f"{g[0] / g[-1]:.2e}", f"x{factor(g):.3f}"])


HEAD = ["model"] + [f"step {t}" for t in STEPS] + ["step1/step50", "per step"]

# ------------------------------------------------------------------ part one
title("Part one: plain RNN, 50 steps, five recurrent gains")
print("Gradient norm reaching the hidden state at each step; the only loss")
print("sits at step 50.\n")
cols = {}
for gain in (0.5, 0.9, 1.0, 1.2, 1.5):
    cols[f"RNN gain {gain}"] = rnn_grads(gain)
table(HEAD, [row(k, g) for k, g in cols.items()], left=(0,))

# ------------------------------------------------------------------ part two
title("Part two: gain 1.0 at four sequence lengths")
print("How far back does the blame stay above 1/1000 of its value at the")
print("last step?\n")
rows = []
for T in (10, 25, 50, 100):
    g = rnn_grads(1.0, T=T)
    above = [t for t in range(1, T + 1) if g[t - 1] > 1e-3 * g[-1]]
    # earliest step such that every step from there to the end stays above
    k = T
    while k > 1 and g[k - 2] > 1e-3 * g[-1]:
        k -= 1
    rows.append([T, f"{g[-1]:.3e}", f"{g[0]:.3e}", f"{g[0] / g[-1]:.2e}",
                 f"x{factor(g):.3f}", k, T - k, "yes" if k == 1 else "no"])
table(["length", "last step", "step 1", "step1/last", "per step",
       "earliest step above", "steps back", "reaches step 1"], rows)

# ------------------------------------------------------------------ part three
title("Part three: LSTM cell state at four forget biases, same table")
for fb in (0, 1, 2, 3):
    cols[f"LSTM b_f={fb}"] = lstm_grads(float(fb))
table(HEAD, [row(k, g) for k, g in cols.items()], left=(0,))

# ------------------------------------------------------------------ part four
title("Part four: clipping the gain 1.5 run")
g15, params = rnn_grads(1.5, keep_params=True)
before = nn.utils.clip_grad_norm_(params, max_norm=1.0)  # returns the norm before
after = torch.norm(torch.stack([p.grad.norm() for p in params]))
print(f":threshold: 1.0")
print(f":total gradient norm before clipping: {float(before):.4f}")
print(f":total gradient norm after clipping: {float(after):.4f}")
print(f":step-1 hidden-state gradient (not touched by clipping): {g15[0]:.3e}")
print()
table(["parameter", "norm before", "norm after"],
      [[n, f"{float(p.grad.norm()) * float(before) / float(after):.4f}",
        f"{float(p.grad.norm()):.4f}"] for n, p in zip(["Wx", "Wh"], params)],
      left=(0,))

# What the tables say (written after running it):
# 1. Gains 0.5, 0.9 and 1.0 vanish: 0.5 shrinks by x0.490 per step and leaves
#    5.032e-17 at step 1 against 7.577e-02 at step 50, and even the ordinary
#    gain 1.0 shrinks by x0.911 and keeps only 1 percent (1.01e-02) of the
#    signal after 50 steps, and at length 100 it falls below one thousandth
#    90 steps back, so it never reaches step 1.
# 2. Gain 1.5 explodes, growing by x1.090 per step to 5.268e+00 at step 1,
#    about 68 times the step-50 value, while gain 1.2 (x0.997) is close to the
#    edge between the two faults.
# 3. Raising the LSTM forget bias opens the forget valve, so the cell-state
#    column goes from x0.629 per step at bias 0 (5.180e-12 at step 1) through
#    x0.840 and x0.955 to x1.016 at bias 3, the only row where step-1 blame
#    (4.782e-02) is as big as step-50 blame (2.230e-02).
# 4. Clipping is a fix for explosion only: it rescales the whole gradient when
#    it is too big (20.58 cut to exactly 1.00 here), but it can only shrink,
#    never enlarge, so a 5e-17 blame signal from a vanishing run stays 5e-17
#    and clipping does nothing for vanishing.

