#!/usr/bin/env python3
# Findings:
#   1. Gains 0.5, 0.9 and 1.0 vanish: gain 0.5 shrinks x0.4901 per step (step 50
#      7.577e-02, step 1 5.032e-17), and even gain 1.0 (x0.9106) keeps only 1.015e-02 of
#      the step-50 blame at step 1, i.e. about 99 percent of the signal is gone; at
#      length 100 the gain-1.0 blame drops below 1/1000 before step 10.
#   2. Gain 1.5 explodes (x1.0900 per step, step 1 gets 5.268e+00, 68.34 times step 50),
#      and gain 1.2 (x0.9969) sits right at the edge between the two faults.
#   3. The forget bias moves the cell-state column from x0.6294 per step at b_f=0 through
#      x0.8403 and x0.9549 to x1.0157 at b_f=3, and only the b_f=3 row keeps step-1
#      blame (4.782e-02) about the same size as step-50 blame (2.230e-02).
#   4. Clipping fixes only explosion: it cut the gain-1.5 total norm from 20.5769 to
#      1.0000 by scaling every gradient down, but it never scales anything up, so it does
#      nothing for the 6.640e-16 ratio of the vanishing gain-0.5 run.
"""gradient_decay.py -- measure how much blame reaches each step of a long sequence.

Exercise 2 of the module (Step 3's measurement, widened). Runs with no arguments.
"""
import argparse
import sys

import torch
import torch.nn as nn

H, D, B = 32, 16, 64
SHOW = [50, 40, 30, 20, 10, 1]


def progress(done, total, text, width=20):
    k = int(round(width * done / total))
    sys.stdout.write("\r[" + "#" * k + "." * (width - k) + "] " + text)
    sys.stdout.flush()


def make_inputs(T):
    """Same draws as Step 3: seed 0, then x, then the read-out vector v."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5
    v = torch.randn(H, 1) * 0.2
    return x, v, torch.ones(B, 1)


def rnn_grads(gain, T=50, keep_params=False):
    """Plain RNN. Gradient norm arriving at each step's hidden state."""
    x, v, y = make_inputs(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad()
        hs.append(h)
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    norms = [float(h.grad.norm()) for h in hs]
    return (norms, [Wx, Wh]) if keep_params else norms


def lstm_grads(forget_bias, T=50):
    """LSTM. Gradient norm arriving at each step's CELL state."""
    x, v, y = make_inputs(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():  # forget-gate slice is the 2nd quarter (i, f, g, o)
        cell.bias_ih[H:2 * H].fill_(forget_bias)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad()
        cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def per_step(c):
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--gains", type=float, nargs="+", default=[0.5, 0.9, 1.0, 1.2, 1.5])
    ap.add_argument("--biases", type=float, nargs="+", default=[0.0, 1.0, 2.0, 3.0])
    ap.add_argument("--lengths", type=int, nargs="+", default=[10, 25, 50, 100])
    ap.add_argument("--clip", type=float, default=1.0)
    args = ap.parse_args()

    # Parts one and three: one table, RNN gains then LSTM forget biases
    jobs = [(f"RNN gain {g}", lambda g=g: rnn_grads(g)) for g in args.gains]
    jobs += [(f"LSTM b_f={int(bf)}", lambda bf=bf: lstm_grads(bf)) for bf in args.biases]
    cols = {}
    for n, (name, fn) in enumerate(jobs, 1):
        cols[name] = fn()
        progress(n, len(jobs), f"measuring {name:<14s} {n}/{len(jobs)}")
    sys.stdout.write("\n\n")

    sys.stdout.write("Part 1 + 3 -- blame (gradient norm) reaching step t, only loss at step 50\n")
    sys.stdout.write("  (RNN: hidden state; LSTM: cell state)\n")
    sys.stdout.write(f"{'model':<14s}" + "".join(f"{'step ' + str(t):>11s}" for t in SHOW)
                     + f"{'step1/step50':>14s}{'per step':>10s}\n")
    for name, c in cols.items():
        sys.stdout.write(f"{name:<14s}" + "".join(f"{c[t - 1]:11.3e}" for t in SHOW)
                         + f"{c[0] / c[-1]:14.3e}{'x' + format(per_step(c), '.4f'):>10s}\n")

    # Part two: gain 1.0 at several lengths
    sys.stdout.write("\nPart 2 -- gain 1.0 at several lengths:"
                     " how far back does blame stay above 1/1000 of the last step?\n")
    sys.stdout.write(f"{'length':>7s} {'last step':>11s} {'step 1':>11s} {'per step':>10s}"
                     f" {'stays above to step':>20s} {'steps back':>11s}\n")
    for T in args.lengths:
        c = rnn_grads(1.0, T=T)
        thr = c[-1] / 1000
        t = T  # walk back while the blame stays above the threshold
        while t > 1 and c[t - 2] > thr:
            t -= 1
        sys.stdout.write(f"{T:7d} {c[-1]:11.3e} {c[0]:11.3e} {'x' + format(per_step(c), '.4f'):>10s}"
                         f" {t:20d} {T - t:11d}\n")

    # Part four: clipping the gain-1.5 run
    _, params = rnn_grads(1.5, keep_params=True)
    before = float(nn.utils.clip_grad_norm_(params, args.clip))
    after = float(torch.norm(torch.stack([p.grad.norm() for p in params])))
    sys.stdout.write(f"\nPart 4 -- gain 1.5, clip_grad_norm_ at {args.clip}\n")
    sys.stdout.write(f"  total grad norm before clipping {before:.4f}\n")
    sys.stdout.write(f"  total grad norm after clipping  {after:.4f}\n")
    sys.stdout.write(f"  step-1 blame is still x{cols['RNN gain 1.5'][0] / cols['RNN gain 1.5'][-1]:.4f}"
                     f" the step-50 blame: clipping rescales the whole gradient, it keeps the shape\n")
    c05 = cols["RNN gain 0.5"]
    sys.stdout.write(f"  for comparison, gain 0.5 step1/step50 = {c05[0] / c05[-1]:.3e};"
                     f" clipping only ever scales down, so it cannot lift this\n")


if __name__ == "__main__":
    main()
