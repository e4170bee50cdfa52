# gradient_decay.py -- Exercise 2: measure the vanishing gradient, then break it on purpose.
import torch, torch.nn as nn


def show(expr_text, value):
    """Print a result the way the Python prompt would echo it."""
    print(f">>> {expr_text}")
    print(repr(value))


def sci(v):
    """Keep 4 significant digits so the echoed float stays readable (0.07577, 5.032e-17)."""
    return float(f"{v:.3e}")


H, D, B = 32, 16, 64


def make_inputs(T):
    """Same draws as Step 3 (seed 0, x first, then v); for T=50 this is Step 3 exactly."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5   # 64 sequences, T steps each
    v = torch.randn(H, 1) * 0.2      # read-out at the LAST step only
    return x, v


y = torch.ones(B, 1)


def rnn_grads(gain, x, v, keep_params=False):
    """Plain RNN. Gradient norm arriving at each step's hidden state."""
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(len(x)):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)   # keep every step's gradient
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    norms = [float(h.grad.norm()) for h in hs]
    return (norms, [Wx, Wh]) if keep_params else norms


def lstm_grads(forget_bias, x, v):
    """LSTM. Gradient norm arriving at each step's CELL state."""
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():   # start the forget valve open
        cell.bias_ih[0:H].fill_(forget_bias)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(len(x)):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def per_step(c):
    """Geometric-mean factor by which blame changes per step, going back from the last step."""
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))


# ---- Part one and three: one table, five RNN gains and four LSTM forget biases, T = 50 ----
T = 50
x, v = make_inputs(T)
STEPS = [50, 40, 30, 20, 10, 1]
cols = {}
for gain in (0.5, 0.9, 1.0, 1.2, 1.5):
    cols[f"RNN gain {gain}"] = rnn_grads(gain, x, v)
for fb in (0, 1, 2, 3):
    cols[f"LSTM b_f={fb}"] = lstm_grads(float(fb), x, v)

for k, c in cols.items():
    show(f"{{t: table[{k!r}][t - 1] for t in STEPS}}", {t: sci(c[t - 1]) for t in STEPS})
for k, c in cols.items():
    show(f"shrink[{k!r}], step1_over_step50[{k!r}]",
         (round(per_step(c), 3), sci(c[0] / c[-1])))
show("[k for k in table if table[k][0] >= table[k][-1]]  # step-1 blame at least step-50 blame",
     [k for k, c in cols.items() if c[0] >= c[-1]])
show("round(1 - table['RNN gain 1.0'][0] / table['RNN gain 1.0'][-1], 3)  # share of signal lost",
     round(1 - cols["RNN gain 1.0"][0] / cols["RNN gain 1.0"][-1], 3))

# ---- Part two: gain 1.0 at lengths 10, 25, 50, 100 ----
# "reach" = how many steps back from the last step the blame stays above 1/1000 of its
# last-step value without ever dropping below it.
for L in (10, 25, 50, 100):
    c = rnn_grads(1.0, *make_inputs(L))
    reach = 0
    for t in range(L - 1, -1, -1):
        if c[t] > c[-1] / 1000:
            reach = L - 1 - t
        else:
            break
    show(f"length_{L} = rnn_grads(1.0, *make_inputs({L})); "
         f"(sci(length_{L}[-1]), sci(length_{L}[0]), round(per_step(length_{L}), 3), reach)",
         (sci(c[-1]), sci(c[0]), round(per_step(c), 3), reach))

# ---- Part four: clipping the gain 1.5 run ----
c15, params = rnn_grads(1.5, x, v, keep_params=True)
show("sci(table['RNN gain 1.5'][0])  # blame at step 1 for gain 1.5", sci(c15[0]))
before = nn.utils.clip_grad_norm_(params, max_norm=1.0)   # returns the norm BEFORE clipping
after = torch.norm(torch.stack([p.grad.norm() for p in params]))
show("float(nn.utils.clip_grad_norm_([Wx, Wh], max_norm=1.0))  # total norm before", round(float(before), 4))
show("float(torch.norm(torch.stack([p.grad.norm() for p in [Wx, Wh]])))  # after", round(float(after), 6))
# the same clip on the gain 0.5 run, to see what it does to a vanishing gradient
c05, params05 = rnn_grads(0.5, x, v, keep_params=True)
before05 = nn.utils.clip_grad_norm_(params05, max_norm=1.0)
after05 = torch.norm(torch.stack([p.grad.norm() for p in params05]))
show("float(before_05), float(after_05)  # same clip on the gain 0.5 run", (round(float(before05), 4), round(float(after05), 4)))

# ---- My comments (written after reading the output above) ----
# Part two: at gain 1.0 the blame stays above 1/1000 of its last-step value all the way back
# at lengths 10, 25 and 50 (reach 9, 24 and 49 steps = every step), but at length 100 it only
# reaches 90 steps back; the per-step factor stays near x0.9 (0.893 to 0.930), so the loss just
# compounds with length, and at 50 steps about 99% of the signal is already gone (0.99).
#
# Part four, four sentences:
# 1. Gains 0.5, 0.9 and 1.0 vanish (x0.49, x0.842, x0.911 per step; gain 0.5 leaves 5.032e-17 at
#    step 1 against 0.07577 at step 50), and gain 1.2 is just under break-even at x0.997.
# 2. Gain 1.5 explodes, growing x1.09 per step until step 1 gets 5.268, about 68 times (68.34)
#    the step-50 value, and its total parameter gradient norm is 20.58 before clipping.
# 3. The forget bias opens the cell-state highway: the per-step factor on the cell state goes
#    x0.629 -> x0.84 -> x0.955 -> x1.016 for bias 0, 1, 2, 3, and only bias 3 keeps step-1 blame
#    (0.04782) at least as big as step-50 blame (0.0223).
# 4. Clipping is a fix for explosion only: it rescales a gradient whose total norm is above the
#    threshold (20.58 -> exactly 1.0 for gain 1.5), but a vanishing gradient is already tiny, so
#    clipping does nothing to it (gain 0.5: 0.1564 before and 0.1564 after) and the blame that
#    never reached step 1 cannot be brought back by shrinking anything.
