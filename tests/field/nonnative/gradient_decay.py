# Exercise 2 - gradient decay
# measuring how much of the blame (gradient) is reaching the early steps,
# when the loss is only at the last step
import torch, torch.nn as nn

H, D, B = 32, 16, 64


def make_data(T):
    # same as Step 3, seed 0 and then x and v. for T=50 it is exactly the module data
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5      # 64 sequences
    v = torch.randn(H, 1) * 0.2         # read-out only at LAST step
    y = torch.ones(B, 1)
    return x, v, y


def rnn_grads(gain, T=50, clip=None):
    """plain RNN, gives gradient norm at each step hidden state"""
    x, v, y = make_data(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad()         # without this h.grad is None for non leaf tensor
        hs.append(h)
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    grads = [float(h.grad.norm()) for h in hs]
    if clip is None:
        return grads
    # part 4: clip the weight gradients and check the total norm before and after
    before = torch.nn.utils.clip_grad_norm_([Wx, Wh], clip)   # it returns the norm before clipping
    after = torch.sqrt(sum(p.grad.norm() ** 2 for p in [Wx, Wh]))
    return grads, float(before), float(after)


def lstm_grads(forget_bias, T=50):
    """LSTM, gives gradient norm at each step CELL state"""
    x, v, y = make_data(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():       # forget gate is block H:2H (order is i, f, g, o)
        cell.bias_ih[H:2 * H].fill_(forget_bias)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad()
        cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def shrink(c):
    # per step factor = (step1 / stepT) ** (1 / (T-1))
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))


# ---------------- Part 1 and Part 3 (same table) ----------------
T = 50
cols = {}
for gain in (0.5, 0.9, 1.0, 1.2, 1.5):
    cols[f"RNN gain {gain}"] = rnn_grads(gain)
for fb in (0, 1, 2, 3):
    cols[f"LSTM b_f={fb}"] = lstm_grads(float(fb))

print("Part 1 and 3 : gradient norm reaching step t, loss only at step 50")
steps = [50, 40, 30, 20, 10, 1]
print(f"{'model':<14s}" + "".join(f"{'step ' + str(s):>12s}" for s in steps)
      + f"{'step1/step50':>14s}{'per step':>10s}")
for k, c in cols.items():
    print(f"{k:<14s}" + "".join(f"{c[s - 1]:12.3e}" for s in steps)
          + f"{c[0] / c[-1]:14.2e}" + f"{'x' + format(shrink(c), '.3f'):>10s}")

print("\nlost signal for gain 1.0 over 50 steps:",
      f"{100 * (1 - cols['RNN gain 1.0'][0] / cols['RNN gain 1.0'][-1]):.2f} percent")
print("gain 1.5 step 1 is", f"{cols['RNN gain 1.5'][0] / cols['RNN gain 1.5'][-1]:.1f}",
      "times of step 50")

# ---------------- Part 2 ----------------
print("\nPart 2 : gain 1.0 only, different lengths")
print("how far back the blame is staying above 1/1000 of the last step blame")
for L in (10, 25, 50, 100):
    c = rnn_grads(1.0, T=L)
    limit = c[-1] / 1000
    # walk back from the last step, stop at first step where it is going below limit
    back = 0
    for t in range(L - 1, -1, -1):
        if c[t] > limit:
            back += 1
        else:
            break
    earliest = L - back + 1
    print(f"length {L:3d} : last step {c[-1]:.3e}, step 1 {c[0]:.3e}, ratio {c[0] / c[-1]:.2e},"
          f" per step x{shrink(c):.3f}")
    print(f"             blame is above 1/1000 for last {back} steps (from step {earliest} to step {L})")

# ---------------- Part 4 ----------------
print("\nPart 4 : clipping on gain 1.5 run")
_, before, after = rnn_grads(1.5, clip=1.0)
print("total gradient norm before clipping is", f"{before:.4f}")
print("total gradient norm after clipping is", f"{after:.4f}")

# gain 0.5 (x0.490), 0.9 (x0.842) and 1.0 (x0.911) are vanishing, the blame at step 1 is becoming
# very less compare to step 50, in gain 0.5 it is 5e-17 only means first token is basically not existing,
# and even gain 1.0 is losing 99 percent of signal over 50 steps.
# gain 1.5 is exploding (x1.090), step 1 is getting around 68 times of step 50 blame.
# gain 1.2 is just on the border (x0.997), it is dipping in middle and coming back up at the start,
# so it is not clearly vanishing or exploding over 50 steps, but it is already growing at early steps.
# forget bias is keeping the forget gate open so cell state column is not decaying,
# at bias 0 it shrinks x0.629 per step (no better than RNN) but at bias 3 it is x1.016,
# step 1 blame is same size as step 50, so the cell state is like a highway.
# clipping is fixing only the explosion, because it is just scaling down the big gradient to 1.0,
# but when gradient is vanishing it is already small, clipping is doing nothing for it
# (it never makes small gradient bigger), so for vanishing we need gates or other architecture.
