"""Exercise 2 - measure the vanishing gradient, then break it on purpose.

All output is protobuf text format from my own printer (pbtext.py).
"""
import torch, torch.nn as nn
from pbtext import block, field, repeated, enum

H, D, B = 32, 16, 64
SHOW = [50, 40, 30, 20, 10, 1]


def make_data(T):
    """Same recipe as Step 3: seed 0, x first, then the read-out v."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5  # 64 sequences, T steps each
    v = torch.randn(H, 1) * 0.2     # read-out at the LAST step only
    return x, v, torch.ones(B, 1)


def rnn_grads(gain, T=50, keep_params=False):
    """Plain RNN. Gradient norm arriving at each step's hidden state."""
    x, v, y = make_data(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)  # keep every step's gradient
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    norms = [float(h.grad.norm()) for h in hs]
    return (norms, [Wx, Wh]) if keep_params else norms


def lstm_grads(forget_bias, T=50):
    """LSTM. Gradient norm arriving at each step's CELL state."""
    x, v, y = make_data(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():  # start the forget valve open
        cell.bias_ih[0:H].fill_(forget_bias)
        cell.bias_hh[0:H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def per_step(c):
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))


def print_row(model, setting_name, setting, c):
    with block("grad_row"):
        field("model", enum(model))
        field(setting_name, setting, ".1f")
        field("length", len(c))
        for t in SHOW:
            with block("blame"):
                field("step", t)
                field("grad_norm", c[t - 1], ".3e")
        field("step1_over_step50", c[0] / c[-1], ".2e")
        field("shrink_per_step", per_step(c), ".3f")


# ---- parts one and three: one table, five RNN gains and four forget biases --
with block("gradient_table"):
    field("note", "loss only at step 50; RNN rows track h_t, LSTM rows track c_t")
    for gain in (0.5, 0.9, 1.0, 1.2, 1.5):
        print_row("RNN", "gain", gain, rnn_grads(gain))
    for fb in (0.0, 1.0, 2.0, 3.0):
        print_row("LSTM", "forget_bias", fb, lstm_grads(fb))

# ---- part two: gain 1.0 at four lengths -------------------------------------
for T in (10, 25, 50, 100):
    c = rnn_grads(1.0, T=T)
    thresh = c[-1] / 1000
    # walk back from the last step until the blame first drops below 1/1000
    back = 0
    while back < T - 1 and c[T - 2 - back] >= thresh:
        back += 1
    with block("length_sweep"):
        field("model", enum("RNN"))
        field("gain", 1.0, ".1f")
        field("length", T)
        field("last_step_norm", c[-1], ".3e")
        field("first_step_norm", c[0], ".3e")
        field("shrink_per_step", per_step(c), ".3f")
        field("steps_back_above_one_thousandth", back)
        field("whole_sequence_above", back == T - 1)

# ---- part four: clip the exploding run --------------------------------------
_, params = rnn_grads(1.5, keep_params=True)
pre = float(nn.utils.clip_grad_norm_(params, max_norm=1.0))
post = float(torch.norm(torch.stack([p.grad.norm() for p in params])))
with block("clipping"):
    field("model", enum("RNN"))
    field("gain", 1.5, ".1f")
    field("max_norm", 1.0, ".1f")
    field("total_norm_before", pre, ".4f")
    field("total_norm_after", post, ".4f")

# What my table says:
# 1. Gains 0.5 and 0.9 vanish (x0.490 and x0.842 per step; gain 0.5 leaves
#    5.032e-17 at step 1 against 7.577e-02 at step 50), and even the ordinary
#    gain 1.0 vanishes more slowly at x0.911, keeping only about 1% of the
#    blame at step 1 (7.716e-04 against 7.603e-02), i.e. about 99% is lost.
# 2. Gain 1.5 explodes (x1.090 per step, step 1 gets 5.268e+00, about 68 times
#    step 50), while gain 1.2 sits right on the edge at x0.997, dipping in the
#    middle and climbing back near the start.
# 3. The forget bias props the cell-state highway open: the per-step factor
#    on the cell column climbs from x0.629 at bias 0 through x0.840 and x0.955
#    to x1.016 at bias 3, and only the bias-3 row keeps step-1 blame as big as
#    step-50 blame (4.782e-02 against 2.230e-02).
# 4. Clipping rescales a gradient that is too big (total norm 20.58 cut down
#    to exactly 1.0000 here), so it tames explosion, but it can only ever
#    shrink a gradient and does nothing for blame that already vanished.
# Part two, gain 1.0: at lengths 10, 25 and 50 the blame never drops below
# one thousandth of the last-step value, but at length 100 it only stays above
# for 90 steps back, so the very first tokens of a long input get almost nothing.
