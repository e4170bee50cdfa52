# gradient_decay.py - exercise 2: vanishing / exploding blame, forget bias, clipping
import csv, sys
import torch, torch.nn as nn

out = csv.writer(sys.stdout, lineterminator="\n")
H, D, B = 32, 16, 64


def make_inputs(T):
    # same draws as step 3 (seed 0, x first then v) so T=50 is the module's exact setup
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5  # 64 sequences, T steps each
    v = torch.randn(H, 1) * 0.2     # read-out at the LAST step only
    y = torch.ones(B, 1)
    return x, v, y


def rnn_grads(gain, T=50, keep_params=False):
    """Plain RNN. Gradient norm arriving at each step's hidden state."""
    x, v, y = make_inputs(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)  # keep every step's gradient
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    g = [float(h.grad.norm()) for h in hs]
    return (g, [Wx, Wh]) if keep_params else g


def lstm_grads(forget_bias, T=50):
    """LSTM. Gradient norm arriving at each step's CELL state."""
    x, v, y = make_inputs(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():  # forget gate = first block of H in the bias
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


# part 1 + part 3 in one table
STEPS = [50, 40, 30, 20, 10, 1]
cols = {}
for gain in (0.5, 0.9, 1.0, 1.2, 1.5):
    cols[f"RNN gain {gain}"] = rnn_grads(gain)
for fb in (0, 1, 2, 3):
    cols[f"LSTM b_f={fb}"] = lstm_grads(float(fb))

print("# part 1 + part 3")
out.writerow(["model", "tracks"] + [f"step_{t}" for t in STEPS] + ["step1_over_step50", "per_step_factor"])
for k, c in cols.items():
    out.writerow([k, "hidden h" if k.startswith("RNN") else "cell c"]
                 + [f"{c[t - 1]:.3e}" for t in STEPS]
                 + [f"{c[0] / c[-1]:.2e}", f"{per_step(c):.3f}"])

# part 2: gain 1.0 at different lengths; how far back does blame stay > 1/1000 of the last step
print()
print("# part 2")
out.writerow(["length", "gain", "grad_last_step", "grad_step_1", "step1_over_last", "per_step_factor",
              "earliest_step_above_1e-3_of_last", "steps_back_above_1e-3", "whole_sequence_above"])
for T in (10, 25, 50, 100):
    c = rnn_grads(1.0, T=T)
    thr = c[-1] / 1000
    # walk back from the last step until the blame first drops under the threshold
    earliest = T
    for t in range(T, 0, -1):
        if c[t - 1] < thr:
            break
        earliest = t
    out.writerow([T, 1.0, f"{c[-1]:.3e}", f"{c[0]:.3e}", f"{c[0] / c[-1]:.2e}", f"{per_step(c):.3f}",
                  earliest, T - earliest, earliest == 1])

# part 4: clipping the gain 1.5 run
print()
print("# part 4")
out.writerow(["run", "max_norm", "total_norm_before", "total_norm_after", "grad_Wh_before", "grad_Wh_after"])
_, params = rnn_grads(1.5, keep_params=True)
wh_before = float(params[1].grad.norm())
before = float(nn.utils.clip_grad_norm_(params, max_norm=1.0))  # returns the norm BEFORE clipping
after = float(torch.norm(torch.stack([p.grad.norm() for p in params])))
out.writerow(["RNN gain 1.5", 1.0, f"{before:.4f}", f"{after:.4f}", f"{wh_before:.4f}",
              f"{float(params[1].grad.norm()):.4f}"])
# same thing on the gain 0.5 run, to see what clipping does to a vanishing run
_, params = rnn_grads(0.5, keep_params=True)
wh_before = float(params[1].grad.norm())
before = float(nn.utils.clip_grad_norm_(params, max_norm=1.0))
after = float(torch.norm(torch.stack([p.grad.norm() for p in params])))
out.writerow(["RNN gain 0.5", 1.0, f"{before:.4f}", f"{after:.4f}", f"{wh_before:.4f}",
              f"{float(params[1].grad.norm()):.4f}"])

# --- comments ---
# 1. Gains 0.5 and 0.9 vanish (x0.490 and x0.842 per step, step 1 gets 5.0e-17 and 1.6e-05) and even
#    gain 1.0 still shrinks x0.911 per step and loses ~99% of the blame over 50 steps (ratio 1.01e-02);
#    part 2 shows it is length that kills it: at 100 steps gain 1.0 is under 1/1000 before step 10.
# 2. Gain 1.5 explodes: x1.090 per step, step 1 gets 5.268e+00 which is ~68x the step-50 value;
#    gain 1.2 is roughly on the edge over 50 steps (x0.997, dips to ~0.02 then climbs back to 0.065).
# 3. The forget bias moves the LSTM cell-state column from x0.629 per step (bias 0, step 1 = 5.2e-12,
#    no better than the RNN) through x0.840 and x0.955 to x1.016 at bias 3, and only the bias-3 row
#    keeps step-1 blame the same size as step-50 blame (2.14x) - the bias opens the forget valve so
#    the cell passes blame back almost untouched.
# 4. Clipping fixes explosion but does nothing for vanishing: it only rescales the gradient DOWN when
#    the total norm is over the threshold (gain 1.5: 20.58 -> exactly 1.0), while the vanishing gain 0.5
#    run is already under 1.0 so it is left as it is (0.1564 -> 0.1564) and the blame that never
#    reached step 1 is still missing - that needs gates / forget bias / attention, not clipping.
