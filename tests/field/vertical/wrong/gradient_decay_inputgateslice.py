# gradient_decay.py -- Exercise 2: measure the vanishing gradient, then break it on purpose
import torch, torch.nn as nn

H, D, B = 32, 16, 64
STEPS = [50, 40, 30, 20, 10, 1]


def make_inputs(T):
    """Step 3's inputs: T steps, 64 sequences, read-out vector v. T=50 is Step 3 exactly."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5
    v = torch.randn(H, 1) * 0.2  # read-out at the LAST step only
    return x, v


y = torch.ones(B, 1)


def rnn_grads(gain, T=50, keep_params=False):
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
    norms = [float(h.grad.norm()) for h in hs]
    return (norms, [Wx, Wh]) if keep_params else norms


def lstm_grads(forget_bias, T=50):
    """LSTM. Gradient norm arriving at each step's CELL state."""
    x, v = make_inputs(T)
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


def factor(c):
    """Average change per step, from the last step back to step 1."""
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))


def show(label, *values):
    print(label)
    for v in values:
        print(f"    {v}")
    print()


def report(name, c):
    show(f"{name}: gradient norm at steps {', '.join(map(str, STEPS))}:",
         *[f"{c[t - 1]:.3e}" for t in STEPS])
    show(f"{name}: step 1 divided by step 50:", f"{c[0] / c[-1]:.2e}")
    show(f"{name}: change per step:", f"x{factor(c):.3f}")


# ---------------- Part one and part three: one "table" for all rows ----------------
print("PARTS ONE AND THREE: blame reaching step t when the only loss sits at step 50\n")
cols = {}
for gain in (0.5, 0.9, 1.0, 1.2, 1.5):
    cols[f"RNN gain {gain}"] = rnn_grads(gain)
for fb in (0, 1, 2, 3):
    cols[f"LSTM cell state, forget bias {fb}"] = lstm_grads(float(fb))
for name, c in cols.items():
    report(name, c)

# ---------------- Part two: gain 1.0 at several lengths ----------------
print("PART TWO: RNN gain 1.0 at lengths 10, 25, 50, 100\n")
for T in (10, 25, 50, 100):
    c = rnn_grads(1.0, T=T)
    thr = c[-1] / 1000  # one thousandth of the blame at the last step
    # walk back from the last step until the blame first drops below the threshold
    back = 0
    for t in range(T - 1, -1, -1):
        if c[t] < thr:
            break
        back = T - t
    show(f"Length {T}, gain 1.0: gradient norm at the last step, then at step 1:",
         f"{c[-1]:.3e}", f"{c[0]:.3e}")
    show(f"Length {T}, gain 1.0: change per step:", f"x{factor(c):.3f}")
    show(f"Length {T}, gain 1.0: steps (counting the last one) whose blame stays "
         f"above 1/1000 of the last step's:",
         f"{back} of {T}" + (" (all of them)" if back == T else
                             f" (falls below at step {T - back})"))

# ---------------- Part four: clipping the gain 1.5 run ----------------
print("PART FOUR: gradient clipping on the gain 1.5 run\n")
c15, params = rnn_grads(1.5, keep_params=True)
before = nn.utils.clip_grad_norm_(params, 1.0)  # returns the norm BEFORE clipping
after = torch.norm(torch.stack([p.grad.norm() for p in params]))
show("Gain 1.5: total gradient norm of Wx and Wh before clipping:", f"{float(before):.4f}")
show("Gain 1.5: total gradient norm of Wx and Wh after clipping at 1.0:", f"{float(after):.4f}")
show("Gain 1.5: blame at step 1 (hidden state) is this many times step 50:",
     f"{c15[0] / c15[-1]:.1f}")

# COMMENTS, written after running it:
# 1. Gains 0.5, 0.9 and 1.0 vanish: x0.490, x0.842 and x0.911 per step, so step 1 gets
#    5.032e-17, 1.619e-05 and 7.716e-04 against about 7.6e-02 at step 50 -- even the ordinary
#    gain 1.0 loses about 99 percent (step1/step50 = 1.01e-02), and at length 100 the blame
#    drops under one thousandth of the last step's by step 9.
# 2. Gain 1.5 explodes (x1.090 per step, 5.268e+00 at step 1, 68 times step 50), while gain
#    1.2 sits almost flat at x0.997 (it dips in the middle and climbs back to 6.494e-02).
# 3. The forget bias holds the cell-state column up: x0.629 per step at bias 0 (5.180e-12 at
#    step 1), x0.840 at bias 1, x0.955 at bias 2 and x1.016 at bias 3, where step 1 still gets
#    4.782e-02, about the same size as (in fact 2.14 times) step 50's 2.230e-02 -- the only row
#    that keeps the start of the sequence alive.
# 4. Clipping is a fix for explosion only: it took the gain 1.5 gradient from 20.5769 down to
#    exactly 1.0000, but it only ever shrinks a gradient that is too big, so it does nothing
#    for vanishing -- it cannot put back blame that never reached step 1 (5.032e-17 at gain 0.5).
