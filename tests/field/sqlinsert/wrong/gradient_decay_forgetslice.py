# gradient_decay.py -- module exercise 2: measure the vanishing gradient,
# then break it on purpose. All results come out as SQL for SQLite.
import torch, torch.nn as nn

H, D, B = 32, 16, 64


def q(v):
    if isinstance(v, str):
        return "'" + v.replace("'", "''") + "'"
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, float):
        return f"{v:.3e}"
    return str(v)


def ins(table, cols, vals):
    print(f"INSERT INTO {table} ({', '.join(cols)}) VALUES "
          f"({', '.join(q(v) for v in vals)});")


def scalar(key, value):
    print(f"INSERT INTO scalars (key, value) VALUES ({q(key)}, {q(value)});")


def make_inputs(T):
    """Same recipe as Step 3: seed 0, then x, then the read-out v."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5  # 64 sequences, T steps each
    v = torch.randn(H, 1) * 0.2     # read-out at the LAST step only
    return x, v


y = torch.ones(B, 1)


def rnn_grads(gain, T=50):
    """Plain RNN. Gradient norm arriving at each step's hidden state."""
    x, v = make_inputs(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)  # keep every step's gradient
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    return [float(h.grad.norm()) for h in hs], [Wx, Wh]


def lstm_grads(forget_bias, T=50):
    """LSTM. Gradient norm arriving at each step's CELL state."""
    x, v = make_inputs(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():  # start the forget valve open
        cell.bias_ih[:H].fill_(forget_bias)
        cell.bias_hh[:H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def per_step(c):
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))


print("CREATE TABLE scalars (key TEXT PRIMARY KEY, value);")
print("CREATE TABLE blame (model TEXT, setting TEXT, length INTEGER, step INTEGER, "
      "grad_norm REAL);")
print("CREATE TABLE shrink (model TEXT, setting TEXT, length INTEGER, step50 REAL, "
      "step1 REAL, step1_over_step50 REAL, per_step_factor REAL);")
SHOW = [50, 40, 30, 20, 10, 1]

# ---------------- part one: plain RNN, five gains, 50 steps ----------------
print("-- parts one and three: blame at each step, loss only at step 50 "
      "(RNN hidden state; LSTM cell state)")
runs = [("RNN", f"gain {g}", rnn_grads(g)[0]) for g in (0.5, 0.9, 1.0, 1.2, 1.5)]
# ---------------- part three: LSTM cell state, four forget biases ----------------
runs += [("LSTM", f"forget bias {fb}", lstm_grads(float(fb))) for fb in (0, 1, 2, 3)]
for model, setting, c in runs:
    for t in SHOW:
        ins("blame", ["model", "setting", "length", "step", "grad_norm"],
            [model, setting, 50, t, c[t - 1]])
for model, setting, c in runs:
    print(f"INSERT INTO shrink (model, setting, length, step50, step1, "
          f"step1_over_step50, per_step_factor) VALUES ({q(model)}, {q(setting)}, "
          f"50, {c[-1]:.3e}, {c[0]:.3e}, {c[0] / c[-1]:.2e}, {per_step(c):.3f});")
for model, setting, c in runs:
    key = setting.replace(" ", "_").replace("forget_bias", "lstm_bias")
    print(f"INSERT INTO scalars (key, value) VALUES "
          f"('per_step_factor_{key}', {per_step(c):.3f});")
g10 = [c for m, s, c in runs if s == "gain 1.0"][0]
print(f"INSERT INTO scalars (key, value) VALUES ('gain_1.0_percent_signal_lost_over_50', "
      f"{100 * (1 - g10[0] / g10[-1]):.1f});")

# ---------------- part two: gain 1.0 at four lengths ----------------
print("-- part two: gain 1.0 at lengths 10, 25, 50, 100; how far back does the "
      "blame stay above 1/1000 of its last-step value?")
print("CREATE TABLE reach (length INTEGER, last_step_norm REAL, step1_norm REAL, "
      "per_step_factor REAL, earliest_step_above_1e3 INTEGER, steps_back INTEGER, "
      "ever_drops_below INTEGER);")
for T in (10, 25, 50, 100):
    c, _ = rnn_grads(1.0, T)
    thr = c[-1] / 1000
    earliest = T  # walk backwards until the blame first falls below the line
    for t in range(T, 0, -1):
        if c[t - 1] < thr:
            break
        earliest = t
    for t in sorted(set([T, 1] + [s for s in (100, 75, 50, 40, 30, 25, 20, 10, 5)
                                   if s < T])):
        ins("blame", ["model", "setting", "length", "step", "grad_norm"],
            ["RNN", "gain 1.0", T, t, c[t - 1]])
    print(f"INSERT INTO reach (length, last_step_norm, step1_norm, per_step_factor, "
          f"earliest_step_above_1e3, steps_back, ever_drops_below) VALUES ({T}, "
          f"{c[-1]:.3e}, {c[0]:.3e}, {per_step(c):.3f}, {earliest}, {T - earliest}, "
          f"{int(earliest > 1)});")

# ---------------- part four: clipping the gain-1.5 run (and the gain-0.5 run) ----------------
print("-- part four: clip_grad_norm_ at 1.0 on the weight gradients")
print("CREATE TABLE clipping (setting TEXT, max_norm REAL, norm_before REAL, "
      "norm_after REAL, step1_hidden_grad REAL);")
for gain in (1.5, 0.5):
    c, params = rnn_grads(gain)
    before = float(nn.utils.clip_grad_norm_(params, 1.0))
    after = float(torch.norm(torch.stack([p.grad.norm() for p in params])))
    print(f"INSERT INTO clipping (setting, max_norm, norm_before, norm_after, "
          f"step1_hidden_grad) VALUES ('RNN gain {gain}', 1.0, {before:.6f}, "
          f"{after:.6f}, {c[0]:.3e});")

# ---------------- comments (written after reading the output) ----------------
# Part two: at gain 1.0 the blame never fell below 1/1000 of its last-step
# value at lengths 10, 25 and 50 (step 1 of 50 still got 7.716e-04 against
# 7.603e-02, which is still about 99 percent of the signal lost), but at
# length 100 it fell below the line at step 9 and only stayed above it for
# the last 90 steps (step 1 got 4.488e-05 against 6.106e-02).
#
# Part four, the four sentences:
# 1. Gains 0.5, 0.9 and 1.0 vanish: per-step factors x0.490, x0.842 and x0.911,
#    so step 1 gets 5.032e-17, 1.619e-05 and 7.716e-04 against about 7.6e-02
#    at step 50; gain 1.2 (x0.997) roughly holds its size.
# 2. Gain 1.5 explodes: x1.090 per step, step 1 gets 5.268e+00, about 68 times
#    the step-50 value, and the total weight-gradient norm was 20.58.
# 3. On the LSTM cell state the forget bias moves the per-step factor from
#    x0.629 (bias 0, step 1 gets 5.180e-12) through x0.840 and x0.955 to
#    x1.016 at bias 3, and only the bias-3 row keeps step-1 blame (4.782e-02)
#    at the size of step-50 blame (2.230e-02).
# 4. Clipping only rescales a gradient that is too big (20.58 -> 1.000000 for
#    gain 1.5), so it controls explosion, but it does nothing for vanishing:
#    the gain-0.5 norm of 0.156 is under the threshold and comes out unchanged,
#    and the 5.032e-17 reaching step 1 is not brought back by any rescaling.
