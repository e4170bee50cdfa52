"""Exercise 2 -- measure the vanishing gradient, then break it on purpose.

One batch of B = 64 sequences, a loss at the LAST step only, and the norm
||dL/dh_t|| (RNN) or ||dL/dc_t|| (LSTM cell state) recorded at every step t.
"""
import numpy as np
import torch
import torch.nn as nn

np.set_printoptions(precision=4, suppress=False)
torch.set_printoptions(precision=4, sci_mode=True)

H, D, B = 32, 16, 64


def make_inputs(T):
    """Same recipe as Step 3; for T = 50 this is exactly Step 3's x and v."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5  # 64 sequences, T steps each
    v = torch.randn(H, 1) * 0.2     # read-out at the LAST step only
    return x, v


y = torch.ones(B, 1)


def rnn_grads(gain, T=50, return_params=False):
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
    g = [float(h.grad.norm()) for h in hs]
    return (g, [Wx, Wh]) if return_params else g


def lstm_grads(forget_bias, T=50):
    """LSTM. Gradient norm arriving at each step's CELL state."""
    x, v = make_inputs(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():  # start the forget valve open (gate order i, f, g, o)
        cell.bias_ih[0:H].fill_(forget_bias)
        cell.bias_hh[0:H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def per_step(c):
    """Geometric-mean factor r with ||g_1|| = r^(T-1) ||g_T||."""
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))


# ------------------------------------------------------- Parts one and three
T = 50
cols = {f"RNN g={g}": rnn_grads(g) for g in (0.5, 0.9, 1.0, 1.2, 1.5)}
cols.update({f"LSTM b_f={b}": lstm_grads(float(b)) for b in (0, 1, 2, 3)})

print("Parts 1 + 3: ||dL/dh_t|| (RNN) and ||dL/dc_t|| (LSTM cell), loss at t = 50 only")
print(f"{'t':>3s}" + "".join(f"{k:>12s}" for k in cols))
for t in [50, 40, 30, 20, 10, 1]:
    print(f"{t:3d}" + "".join(f"{c[t - 1]:12.3e}" for c in cols.values()))

print(f"\n{'model':<12s} {'||g_50||':>10s} {'||g_1||':>10s} {'g_1/g_50':>10s}"
      f" {'r per step':>11s} {'1 - g_1/g_50':>13s}")
for k, c in cols.items():
    print(f"{k:<12s} {c[-1]:10.3e} {c[0]:10.3e} {c[0] / c[-1]:10.3e}"
          f" {per_step(c):11.3e} {1 - c[0] / c[-1]:13.3e}")

# ------------------------------------------------------------------ Part two
print("\nPart 2: RNN gain 1.0 at several lengths T; threshold ||g_t|| > 1e-3 ||g_T||")
print(f"{'T':>4s} {'||g_T||':>10s} {'||g_1||':>10s} {'g_1/g_T':>10s} {'r per step':>11s}"
      f" {'earliest t above':>17s} {'steps back':>11s}")
for TT in (10, 25, 50, 100):
    c = rnn_grads(1.0, T=TT)
    above = [g > 1e-3 * c[-1] for g in c]
    t_first = TT  # walk back from the end while the blame stays above threshold
    while t_first > 1 and above[t_first - 2]:
        t_first -= 1
    print(f"{TT:4d} {c[-1]:10.3e} {c[0]:10.3e} {c[0] / c[-1]:10.3e} {per_step(c):11.3e}"
          f" {t_first:17d} {TT - t_first:11d}")

# ----------------------------------------------------------------- Part four
g15, params = rnn_grads(1.5, return_params=True)
pre = float(nn.utils.clip_grad_norm_(params, max_norm=1.0))  # returns the pre-clip norm
post = float(torch.sqrt(sum(p.grad.norm() ** 2 for p in params)))
print("\nPart 4: gain 1.5, clip_grad_norm_(params = [W_x, W_h], max_norm = 1.0)")
print(f"  total ||dL/dθ|| before clipping: {pre:.4e}")
print(f"  total ||dL/dθ|| after  clipping: {post:.4e}")
print(f"  scale factor applied:            {post / pre:.4e}")
# (1) Vanishing: for gains 0.5, 0.9 and 1.0 the per-step factor is r < 1
#     (4.901e-01, 8.415e-01, 9.106e-01), so ||dL/dh_1|| / ||dL/dh_50|| = r^49 falls to
#     6.6e-16, 2.1e-04 and 1.0e-02; even the 'ordinary' gain 1.0 loses ≈ 99 % of the
#     signal across 50 steps, and at T = 100 it stays above 1e-3 only for the last 90 steps.
# (2) Exploding: gain 1.5 has r ≈ 1.090 > 1 and ||dL/dh_1|| = 5.268e+00 ≈ 68 ||dL/dh_50||,
#     while gain 1.2 sits near the edge (r ≈ 0.997), i.e. the boundary lies at ρ(W_h)·E[tanh'] ≈ 1.
# (3) The forget bias b_f sets the forget gate f = σ(b_f + ...), and ∂c_t/∂c_{t-1} ≈ diag(f_t),
#     so raising b_f from 0 to 3 moves r from 6.294e-01 to 1.016e+00 (σ(3) ≈ 0.95); only the
#     b_f = 3 column keeps ||dL/dc_1|| (4.782e-02) of the same order as ||dL/dc_50|| (2.230e-02).
# (4) Clipping rescales g ↦ g · min(1, τ/||g||) (here 2.058e+01 → 1.000e+00 for τ = 1.0),
#     which bounds an exploding gradient, but it can never enlarge a gradient, so a
#     vanished ||dL/dh_1|| ≈ 5e-17 stays ≈ 5e-17: clipping treats explosion, not vanishing.
