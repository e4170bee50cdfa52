# gradient_decay.py -- how much blame reaches step t when the only loss is at the end?
# Plain RNN at several gains and lengths, LSTM cell state at several forget biases,
# then gradient clipping on the exploding run.
import math, torch, torch.nn as nn

H, D, B = 32, 16, 64
BAR = 20


def bar(v, top):
    return "█" * round(BAR * v / top)


def make_inputs(T):
    """Same recipe as Step 3: seed 0, then x, then the last-step read-out v."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5
    v = torch.randn(H, 1) * 0.2
    return x, v, torch.ones(B, 1)


def rnn_grads(gain, T=50, keep=False):
    """Plain RNN. Gradient norm arriving at each step's hidden state."""
    x, v, y = make_inputs(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    g = [float(h.grad.norm()) for h in hs]
    return (g, [Wx, Wh]) if keep else g


def lstm_grads(forget_bias, T=50):
    """LSTM. Gradient norm arriving at each step's CELL state."""
    x, v, y = make_inputs(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():  # open (or not) the forget valve at the start
        cell.bias_ih[:H].fill_(forget_bias)
        cell.bias_hh[:H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def factor(g):
    return (g[0] / g[-1]) ** (1 / (len(g) - 1))


# ---- parts one and three: one table, RNN gains + LSTM forget biases ----
cols = {f"RNN gain {k}": rnn_grads(k) for k in (0.5, 0.9, 1.0, 1.2, 1.5)}
cols.update({f"LSTM b_f={k}": lstm_grads(float(k)) for k in (0, 1, 2, 3)})
STEPS = [50, 40, 30, 20, 10, 1]
print("PART ONE + THREE -- blame reaching step t, loss only at step 50")
print("(RNN rows = hidden state, LSTM rows = cell state)")
print(f"{'model':<13s}" + "".join(f"{'step ' + str(t):>11s}" for t in STEPS)
      + f"{'step1/50':>10s}{'per step':>10s}")
for k, g in cols.items():
    print(f"{k:<13s}" + "".join(f"{g[t - 1]:11.3e}" for t in STEPS)
          + f"{g[0] / g[-1]:10.2e}{'x' + format(factor(g), '.3f'):>10s}")

print("\nLEADERBOARD -- per-step blame factor, biggest first (1.000 = no loss)")
top = max(factor(g) for g in cols.values())
for rank, (k, g) in enumerate(sorted(cols.items(), key=lambda kv: -factor(kv[1])), 1):
    f = factor(g)
    verdict = "explodes" if f > 1.05 else ("holds" if f > 0.99 else "vanishes")
    print(f"  #{rank} {k:<13s} {bar(f, top):<20s} x{f:.3f}  {verdict}")

print("\nLEADERBOARD -- orders of magnitude between step 1 and step 50, fewest first")
mag = {k: abs(math.log10(g[0] / g[-1])) for k, g in cols.items()}
top = max(mag.values())
for rank, (k, m) in enumerate(sorted(mag.items(), key=lambda kv: kv[1]), 1):
    d = "up" if cols[k][0] > cols[k][-1] else "down"
    print(f"  #{rank} {k:<13s} {bar(m, top):<20s} {m:5.2f} ({d})")

g05, g15, g10 = cols["RNN gain 0.5"], cols["RNN gain 1.5"], cols["RNN gain 1.0"]
print(f"\nGain 0.5: step 1 gets {g05[0]:.3e} against {g05[-1]:.3e} at step 50.")
print(f"Gain 1.5: step 1 gets {g15[0]:.3e}, which is {g15[0] / g15[-1]:.0f} times "
      f"step 50's {g15[-1]:.3e}.")
print(f"Gain 1.0: {1 - g10[0] / g10[-1]:.1%} of the signal is gone by step 1.")

# ---- part two: gain 1.0 at different lengths ----
print("\nPART TWO -- gain 1.0, how far back does blame stay above 1/1000 of the last step?")
reach = {}
for T in (10, 25, 50, 100):
    g = rnn_grads(1.0, T)
    ok = [gi >= g[-1] / 1000 for gi in g]
    back = 0  # count steps from the end while still above the line
    for above in reversed(ok):
        if not above:
            break
        back += 1
    reach[T] = (back, g)
    print(f"T={T:<3d} step 1 gets {g[0]:.3e} vs {g[-1]:.3e} at step {T} "
          f"(ratio {g[0] / g[-1]:.2e}, x{factor(g):.3f} per step); "
          f"above 1/1000 for the last {back} of {T} steps.")
top = max(b for b, _ in reach.values())
print("leaderboard -- steps of usable blame, longest reach first")
for rank, (T, (back, g)) in enumerate(sorted(reach.items(), key=lambda kv: -kv[1][0]), 1):
    print(f"  #{rank} T={T:<3d} {bar(back, top):<20s} {back} steps")

# ---- part four: clip the exploding run ----
print("\nPART FOUR -- gradient clipping on the gain-1.5 run")
_, params = rnn_grads(1.5, keep=True)
pre = float(nn.utils.clip_grad_norm_(params, max_norm=1.0))
post = float(torch.sqrt(sum((p.grad ** 2).sum() for p in params)))
print(f"Before clipping the total gradient norm was {pre:.3f}; after clip_grad_norm_ "
      f"at 1.0 it is {post:.6f}.")
_, p05 = rnn_grads(0.5, keep=True)
pre05 = float(nn.utils.clip_grad_norm_(p05, max_norm=1.0))
post05 = float(torch.sqrt(sum((p.grad ** 2).sum() for p in p05)))
print(f"Same clip on the gain-0.5 run: {pre05:.3f} before, {post05:.3f} after -- "
      f"nothing to cut, and step 1 still got only {g05[0]:.1e}.")

# What the tables say (written after the run):
# 1. Vanishing: RNN gains 0.5, 0.9 and 1.0 all shrink every step (x0.490, x0.842,
#    x0.911) -- gain 0.5 leaves step 1 with 5.032e-17 vs 7.577e-02 at step 50, and
#    even the "normal" gain 1.0 throws away 99% of the blame over 50 steps.
# 2. Exploding: gain 1.5 grows x1.090 a step and step 1 gets 5.27e+00, about 68x
#    step 50; gain 1.2 sits right on the edge (x0.997), it dips then climbs again.
# 3. Forget bias on the LSTM cell state: it pushes the per-step factor from x0.629
#    (b_f=0, as bad as a plain RNN) up through x0.840 and x0.955 to x1.016 at b_f=3,
#    and only the b_f=3 row keeps step-1 blame (4.8e-02) the same size as step 50's.
# 4. Clipping fixes one fault, not the other: it squashed the gain-1.5 total norm from
#    20.577 to exactly 1.000, but it can only shrink big gradients -- the gain-0.5 run
#    came out 0.156 -> 0.156 and step 1 still gets ~5e-17, so vanishing is untouched.
