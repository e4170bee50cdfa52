# gradient_decay.py - exercise 2: vanishing / exploding blame, measured
import torch, torch.nn as nn

H, D, B = 32, 16, 64


def make_inputs(T):
    torch.manual_seed(0)   # same draws as step 3 for T=50
    x = torch.randn(T, B, D) * 0.5
    v = torch.randn(H, 1) * 0.2   # read-out at the LAST step only
    return x, v, torch.ones(B, 1)


def rnn_grads(gain, T=50, keep=False):
    """plain RNN, grad norm arriving at each step's hidden state"""
    x, v, y = make_inputs(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)   # keep every step's grad
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    g = [float(h.grad.norm()) for h in hs]
    return (g, [Wx, Wh]) if keep else g


def lstm_grads(forget_bias, T=50):
    """LSTM, grad norm arriving at each step's CELL state"""
    x, v, y = make_inputs(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():   # gates i,f,g,o -> forget = H:2H
        cell.bias_ih[H:2 * H].fill_(forget_bias)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def per_step(c):
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))


# ---- part 1 + 3: one table, 5 RNN gains + 4 LSTM forget biases, T=50
T = 50
cols = {f"RNN g={g}": rnn_grads(g) for g in (0.5, 0.9, 1.0, 1.2, 1.5)}
cols.update({f"LSTM bf={bf}": lstm_grads(float(bf)) for bf in (0, 1, 2, 3)})

print("grad norm reaching step t, loss only at step 50")
print(f"{'model':<11s}" + "".join(f"{'t=' + str(t):>10s}" for t in (50, 40, 30, 20, 10, 1))
      + f"{'t1/t50':>10s}{'per step':>10s}")
for k, c in cols.items():
    print(f"{k:<11s}" + "".join(f"{c[t - 1]:10.2e}" for t in (50, 40, 30, 20, 10, 1))
          + f"{c[0] / c[-1]:10.2e}{'x' + format(per_step(c), '.3f'):>10s}")
g1 = cols["RNN g=1.0"]
print(f"\ngain 1.0 keeps {100 * g1[0] / g1[-1]:.2f}% of step-50 blame at step 1"
      f" -> loses {100 * (1 - g1[0] / g1[-1]):.2f}%")
print(f"gain 1.5 step 1 / step 50 = {cols['RNN g=1.5'][0] / cols['RNN g=1.5'][-1]:.2f}x")

# ---- part 2: gain 1.0 at different lengths
print("\ngain 1.0, how far back does blame stay > 1/1000 of the last step?")
print(f"{'T':>4s} {'last':>10s} {'step 1':>10s} {'t1/last':>10s} {'per step':>9s} {'steps back':>11s}")
for TT in (10, 25, 50, 100):
    c = rnn_grads(1.0, T=TT)
    above = [t for t in range(TT) if c[t] > c[-1] / 1000]
    first = above[0] + 1   # earliest step (1-based) still above the line
    back = TT - first   # how many steps back from the last one
    tag = "all" if first == 1 else f"drops below at step {first - 1}"
    print(f"{TT:4d} {c[-1]:10.2e} {c[0]:10.2e} {c[0] / c[-1]:10.2e} {'x' + format(per_step(c), '.3f'):>9s}"
          f" {back:5d}  ({tag})")

# ---- part 4: clip the gain 1.5 run
g15, params = rnn_grads(1.5, keep=True)
before = nn.utils.clip_grad_norm_(params, max_norm=1.0)   # returns the norm BEFORE clipping
after = torch.norm(torch.stack([p.grad.norm() for p in params]))
print(f"\ngain 1.5 clip at 1.0:  total grad norm before {float(before):.2f}  after {float(after):.2f}")

# part 4 comments:
# - vanish: gains 0.5 (x0.490, 5.03e-17 at step 1), 0.9 (x0.842) and 1.0 (x0.911, ~99% lost over 50 steps).
#   1.2 is on the edge (x0.997 overall, dips to 2.17e-02 then climbs back).
# - explode: gain 1.5, x1.090 per step, step 1 gets 5.27e+00 = ~68x the step-50 value.
# - forget bias: cell-state column goes x0.629 (bf=0) -> x0.840 -> x0.955 -> x1.016 (bf=3);
#   only bf=3 keeps step-1 blame the same size as step-50 (4.78e-02 vs 2.23e-02), bf=0 is as bad as the RNN.
# - clipping only rescales a too-big gradient (20.58 -> 1.00), so it fixes explosion;
#   a vanished grad is already tiny, clipping never scales UP -> does nothing for vanishing.
