# WRONG variant (deliberate bug): wrong slice: fills the INPUT gate bias (rows 0:H) instead of the forget gate (rows H:2H)
# gradient_decay.py - measure how much blame reaches each step, then break it on purpose.
import torch, torch.nn as nn
torch.set_num_threads(4)

H, D, B = 32, 16, 64


def make_inputs(T):
    # same draws as Step 3: seed 0, then x, then v (so T=50 gives the module's exact x and v)
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5
    v = torch.randn(H, 1) * 0.2
    return x, v


y = torch.ones(B, 1)


def rnn_grads(gain, x, v, keep=False):
    """Plain RNN. Gradient norm arriving at each step's hidden state."""
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(len(x)):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    g = [float(h.grad.norm()) for h in hs]
    return (g, [Wx, Wh]) if keep else g


def lstm_grads(forget_bias, x, v):
    """LSTM. Gradient norm arriving at each step's CELL state."""
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():  # start the forget valve open
        cell.bias_ih[0:H].fill_(forget_bias)
        cell.bias_hh[0:H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(len(x)):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def factor(c):
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))  # per-step shrink, step 50 -> step 1


T = 50
x, v = make_inputs(T)
rnn = {g: rnn_grads(g, x, v) for g in (0.5, 0.9, 1.0, 1.2, 1.5)}
lstm = {fb: lstm_grads(fb, x, v) for fb in (0.0, 1.0, 2.0, 3.0)}

# ---------------- part one + part three: one table, RNN on the left, LSTM on the right
print("PART 1+3  blame reaching step t, the only loss sits at step 50")
print("plain RNN, hidden state, by recurrent gain" + " " * 23 + "||  LSTM, cell state, by forget bias")
left = f"{'step':>4s}" + "".join(f"{'g=' + str(g):>11s}" for g in rnn)
right = "".join(f"{'b_f=' + str(int(fb)):>11s}" for fb in lstm)
print(left + "  ||" + right)
for t in [50, 40, 30, 20, 10, 1]:
    print(f"{t:4d}" + "".join(f"{c[t - 1]:11.3e}" for c in rnn.values()) + "  ||"
          + "".join(f"{c[t - 1]:11.3e}" for c in lstm.values()))
print("step1/step50:" + "".join(f"   g={g}: {c[0] / c[-1]:.2e}" for g, c in rnn.items())
      + "  ||" + "".join(f"   b_f={int(fb)}: {c[0] / c[-1]:.2e}" for fb, c in lstm.items()))
print("per-step factor:")
print("   ".join(f"factor@{g} = x{factor(c):.3f}" for g, c in rnn.items()))
print("   ".join(f"factor@b_f={int(fb)} = x{factor(c):.3f}" for fb, c in lstm.items()))

# ---------------- part two: gain 1.0 at different lengths ----------------
print("\nPART 2  gain 1.0 only: how far back does blame stay above 1/1000 of the step-T value?")
outs = []
for TT in (10, 25, 50, 100):
    xx, vv = make_inputs(TT)
    c = rnn_grads(1.0, xx, vv)
    thr = c[-1] / 1000
    back = 0  # number of steps back from T before the blame first falls under thr
    for t in range(TT - 1, -1, -1):
        if c[t] < thr:
            break
        back = TT - 1 - t
    whole = back == TT - 1
    outs.append(f"T={TT:<3d} step1/stepT = {c[0] / c[-1]:.2e}  above 1e-3 for {back:2d} steps back"
                f"{' (all of it)' if whole else f' (falls under at step {TT - back - 1})'}")
print(outs[0] + "  ||  " + outs[1])
print(outs[2] + "  ||  " + outs[3])

# ---------------- part four: clipping the gain 1.5 run ----------------
g15, params = rnn_grads(1.5, x, v, keep=True)
before = float(nn.utils.clip_grad_norm_(params, 1.0))  # returns the norm BEFORE clipping
after = float(torch.norm(torch.stack([p.grad.norm() for p in params])))
print("\nPART 4  gain 1.5, clip_grad_norm_(max_norm=1.0) on Wx and Wh")
print(f"norm before clip = {before:.3f}   norm after clip = {after:.3f}   "
      f"step-1 blame = {g15[0]:.3e}   step-50 blame = {g15[-1]:.3e}")

# What my numbers say:
# Gains 0.5, 0.9 and 1.0 vanish (factors about x0.49, x0.84 and x0.91 per step, so at gain
# 0.5 step 1 gets 5.0e-17 against 7.6e-02 at step 50, and even gain 1.0 loses about 99%).
# Gain 1.5 explodes instead: the blame grows about x1.09 per step and step 1 gets 5.3e+00,
# about 68 times what step 50 gets; gain 1.2 sits right on the edge (x0.997, it dips to
# 2.2e-02 around step 30 and climbs back), and for gain 1.0 the blame at 100 steps falls
# under 1/1000 of the last step's value at step 9, while at 50 steps it never does.
# The forget bias lifts the whole cell-state column: the factor goes from x0.629 at bias 0
# to about x1.016 at bias 3, and only the bias-3 row keeps step-1 blame as big as step-50 blame.
# Clipping only fixes one of the two faults: it scales a too-big gradient down to norm 1.0
# (here from far above 1 to exactly 1.000), but it can never make a tiny gradient bigger,
# so it controls explosion and does nothing at all for vanishing.
