# gradient_decay.py -- Exercise 2: measure the vanishing gradient, then
# break it on purpose.
#
# Same set-up as Step 3: 64 sequences, 16 input numbers, 32 hidden units, a
# loss only at the last step, and the gradient norm that arrives at every
# step's hidden state (RNN) or cell state (LSTM).

import torch, torch.nn as nn

H, D, B = 32, 16, 64


def make_data(T):
    """The same recipe as Step 3. For T = 50 this is exactly Step 3's x and v."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5
    v = torch.randn(H, 1) * 0.2               # read-out at the LAST step only
    return x, v


def rnn_grads(gain, T=50, clip=None):
    """Plain RNN. Gradient norm arriving at each step's hidden state."""
    x, v = make_data(T)
    y = torch.ones(B, 1)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)          # keep every step's gradient
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    norms = [float(h.grad.norm()) for h in hs]
    if clip is None:
        return norms
    before = float(nn.utils.clip_grad_norm_([Wx, Wh], clip))
    after = float(torch.norm(torch.stack([Wx.grad.norm(), Wh.grad.norm()])))
    return norms, before, after


def lstm_grads(forget_bias, T=50):
    """LSTM. Gradient norm arriving at each step's CELL state."""
    x, v = make_data(T)
    y = torch.ones(B, 1)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():                      # forget gate is the first H rows
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


# Parts one and three: one "table", one sentence per row. The RNN rows are
# the five gains, the LSTM rows are the four forget biases, all over 50 steps.
print("Blame reaching each step of a 50-step sequence when the only loss sits at step 50.")
rows = [("plain RNN at gain %.1f" % g, rnn_grads(g)) for g in (0.5, 0.9, 1.0, 1.2, 1.5)]
rows += [("LSTM cell state at forget bias %d" % fb, lstm_grads(float(fb))) for fb in (0, 1, 2, 3)]
for name, c in rows:
    print("The %s gets %.3e at step 50, %.3e at step 40, %.3e at step 30, %.3e at step 20, "
          "%.3e at step 10 and %.3e at step 1, so step 1 holds %.2e times the step-50 blame and it changes by x%.3f per step."
          % (name, c[49], c[39], c[29], c[19], c[9], c[0], c[0] / c[-1], per_step(c)))

# Part two: gain 1.0 only, at four lengths. "How far back" = the earliest
# step whose blame is still at least one thousandth of the last step's.
print("\nGain 1.0 at four sequence lengths.")
for T in (10, 25, 50, 100):
    c = rnn_grads(1.0, T=T)
    far = min(t for t in range(1, T + 1) if c[t - 1] >= c[-1] / 1000)
    if far == 1:
        print("With %d steps the blame never drops below a thousandth of its last-step value (step 1 still holds %.2e of it), shrinking by x%.3f per step."
              % (T, c[0] / c[-1], per_step(c)))
    else:
        print("With %d steps the blame stays above a thousandth of its last-step value back to step %d, which is the last %d steps, and step 1 holds only %.2e of it (x%.3f per step)."
              % (T, far, T - far + 1, c[0] / c[-1], per_step(c)))

# Part four: clip the gain 1.5 run's gradients at a total norm of 1.0.
c, before, after = rnn_grads(1.5, clip=1.0)
print("\nFor the gain 1.5 run the total gradient norm over Wx and Wh is %.3f before clipping and %.3f after clip_grad_norm_ at 1.0."
      % (before, after))
c_small, b_small, a_small = rnn_grads(0.5, clip=1.0)
print("For the gain 0.5 run the same call sees %.3f before and %.3f after, and step 1 still gets %.3e of blame."
      % (b_small, a_small, c_small[0]))

# What the numbers say. Gains 0.5, 0.9 and 1.0 vanish: 0.5 shrinks by
# x0.490 per step down to 5.032e-17 at step 1, 0.9 by x0.842, and even the
# ordinary gain 1.0 shrinks by x0.911 and keeps only about 1 percent of the
# step-50 blame at step 1, so it loses about 99 percent over 50 steps (and at
# 100 steps the first nine steps fall under a thousandth). Gain 1.5 explodes,
# growing by x1.090 per step to about 5.27 at step 1, roughly 68 times the
# step-50 value, while 1.2 sits on the edge, sagging in the middle and
# climbing back to 0.86 of the last step by step 1. The forget bias is a
# dial on the cell-state column: at bias 0 the cell loses x0.629 per step,
# no better than a plain RNN, at 1 and 2 it improves to x0.840 and x0.955,
# and only at bias 3 (x1.016) does step 1 receive as much blame as step 50.
# Clipping fixes explosion and not vanishing, because clip_grad_norm_ only
# scales a gradient down when its total norm is above the threshold (20.577
# became 1.000), and a gradient that has already shrunk to 5e-17 is far
# below 1.0, so clipping leaves it exactly as it was and cannot put back
# blame that never arrived.
