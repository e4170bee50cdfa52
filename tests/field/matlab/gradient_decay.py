# gradient_decay.py  -- exercise 2: measure the vanishing gradient, then break it on purpose
import numpy as np
import torch, torch.nn as nn
from mdisp import show

T, H, D, B = 50, 32, 16, 64


def make_inputs(T):
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5      # 64 sequences, T steps each
    v = torch.randn(H, 1) * 0.2         # read-out at the LAST step only
    return x, v


y = torch.ones(B, 1)


def rnn_grads(gain, x, v, clip=None):
    """Plain RNN. Gradient norm arriving at each step's hidden state."""
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(x.shape[0]):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)   # keep every step's gradient
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    norms = [float(h.grad.norm()) for h in hs]
    if clip is None:
        return norms
    # part four: clip the weight gradients and report total norm before/after
    before = float(nn.utils.clip_grad_norm_([Wx, Wh], clip))
    after = float(torch.sqrt(Wx.grad.norm() ** 2 + Wh.grad.norm() ** 2))
    return norms, before, after


def lstm_grads(forget_bias, x, v):
    """LSTM. Gradient norm arriving at each step's CELL state."""
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():               # start the forget valve open
        cell.bias_ih[H:2 * H].fill_(forget_bias)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(x.shape[0]):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


# ---------------- part one + three: one table, RNN gains and LSTM forget biases ----------------
x, v = make_inputs(T)
cols = {}
for g in (0.5, 0.9, 1.0, 1.2, 1.5):
    cols["RNN gain %.1f" % g] = rnn_grads(g, x, v)
for fb in (0, 1, 2, 3):
    cols["LSTM b_f=%d" % fb] = lstm_grads(float(fb), x, v)

steps = [50, 40, 30, 20, 10, 1]
col_names = list(cols.keys())
show("col_names", col_names)
show("steps", np.array(steps).reshape(-1, 1).T)
blame = np.array([[c[t - 1] for c in cols.values()] for t in steps])
print("% rows of blame = steps 50 40 30 20 10 1, columns = col_names")
print()
show("blame", blame)

factors = np.array([(c[0] / c[-1]) ** (1 / (T - 1)) for c in cols.values()])
ratio_1_50 = np.array([c[0] / c[-1] for c in cols.values()])
show("shrink_per_step", factors)
show("step1_over_step50", ratio_1_50)
# the named ones I check against the module
for name, key in (("factor_g05", "RNN gain 0.5"), ("factor_g10", "RNN gain 1.0"),
                  ("factor_g15", "RNN gain 1.5"), ("factor_bf0", "LSTM b_f=0"),
                  ("factor_bf3", "LSTM b_f=3")):
    show(name, factors[col_names.index(key)])
show("blame_g05_step50_step1", np.array([cols["RNN gain 0.5"][-1], cols["RNN gain 0.5"][0]]))
show("blame_g15_step50_step1", np.array([cols["RNN gain 1.5"][-1], cols["RNN gain 1.5"][0]]))
show("lost_pct_g10", 100 * (1 - ratio_1_50[col_names.index("RNN gain 1.0")]))

# ---------------- part two: gain 1.0 at four lengths ----------------
# how far back does the blame stay above 1/1000 of its value at the last step?
reach = []
for TT in (10, 25, 50, 100):
    xx, vv = make_inputs(TT)
    c = np.array(rnn_grads(1.0, xx, vv))
    above = np.nonzero(c >= 1e-3 * c[-1])[0]
    first_step = int(above.min()) + 1        # earliest step (1-based) still above the line
    reach.append([TT, first_step, TT - first_step, c[0] / c[-1]])
print("% columns of reach_g10: length, earliest step with blame >= 1e-3 * last,")
print("% steps back from the end it stays above, step1/last ratio")
print()
show("reach_g10", np.array(reach))

# ---------------- part four: clipping the gain 1.5 run ----------------
_, norm_before, norm_after = rnn_grads(1.5, x, v, clip=1.0)
show("gradnorm_g15_before_clip", norm_before)
show("gradnorm_g15_after_clip", norm_after)

# ---------------- my comments (after seeing the output) ----------------
# 1) Gains 0.5, 0.9 and 1.0 vanish: 0.5 shrinks x0.4901 per step (7.5771e-02 at step 50 down
#    to 5.0315e-17 at step 1), 0.9 shrinks x0.8415, and even 1.0 (x0.9106) loses 98.99% of
#    the signal over 50 steps; at length 100 its blame only stays above 1/1000 back to step 10.
# 2) Gain 1.5 explodes: x1.0900 per step and step 1 gets 5.2680, about 68 (68.34) times the
#    step-50 value; gain 1.2 sits right at the edge (x0.9969, step1/step50 = 0.86).
# 3) The forget bias moves the cell-state column from x0.6294 per step at bias 0 (as bad as an
#    RNN) through x0.8403 and x0.9549 to x1.0157 at bias 3; only the bias-3 column keeps step-1
#    blame (4.78e-02) as big as step-50 blame (2.23e-02).
# 4) Clipping took the gain-1.5 gradient from a total norm of 20.58 to exactly 1.0000, so it
#    controls explosion, but it only ever shrinks a gradient -- it cannot make a tiny one bigger,
#    so it does nothing for vanishing (that needs gates / an open forget bias).
