# gradient_decay.py -- Exercise 2: measure the vanishing gradient, then break it on purpose
# Every table is printed as LaTeX for the lab report.
import math, torch, torch.nn as nn

H, D, B = 32, 16, 64


def sci(v, d=2):
    """LaTeX scientific notation, e.g. $5.03\\times10^{-17}$."""
    if v == 0:
        return "$0$"
    e = int(math.floor(math.log10(abs(v))))
    m = v / 10 ** e
    if round(m, d) >= 10:
        m, e = m / 10, e + 1
    return f"${m:.{d}f}\\times10^{{{e}}}$"


def make_inputs(T):
    """Same recipe as Step 3: seed 0, then x, then the read-out v."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5          # 64 sequences, T steps each
    v = torch.randn(H, 1) * 0.2             # read-out at the LAST step only
    return x, v, torch.ones(B, 1)


def rnn_grads(gain, T=50, return_params=False):
    """Plain RNN. Gradient norm arriving at each step's hidden state."""
    x, v, y = make_inputs(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)       # keep every step's gradient
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    g = [float(h.grad.norm()) for h in hs]
    return (g, [Wx, Wh]) if return_params else g


def lstm_grads(forget_bias, T=50):
    """LSTM. Gradient norm arriving at each step's CELL state."""
    x, v, y = make_inputs(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():                   # start the forget valve open
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


# ---------------------------------------------------------------- Parts 1 + 3
T = 50
cols = {f"RNN gain {g_}": rnn_grads(g_) for g_ in (0.5, 0.9, 1.0, 1.2, 1.5)}
cols.update({f"LSTM $b_f={fb}$": lstm_grads(float(fb)) for fb in (0, 1, 2, 3)})

print(r"\section*{Parts 1 and 3: blame reaching step $t$ (loss only at step 50)}")
print(r"\begin{tabular}{l" + "r" * 8 + "}")
print(r"\hline")
print(r"model & step 50 & step 40 & step 30 & step 20 & step 10 & step 1 & step1/step50 & per step \\")
print(r"\midrule")
for k, c in cols.items():
    if k.startswith("LSTM $b_f=0"):
        print(r"\midrule")
        print(r"\multicolumn{9}{l}{\emph{LSTM rows: gradient on the cell state $c_t$}} \\")
    cells = " & ".join(sci(c[t - 1]) for t in (50, 40, 30, 20, 10, 1))
    r = per_step(c)
    print(f"{k} & {cells} & {sci(c[0] / c[-1])} & $\\times${r:.3f} \\\\")
print(r"\hline")
print(r"\end{tabular}")

# ---------------------------------------------------------------- Part 2
print()
print(r"\section*{Part 2: gain 1.0 at four lengths -- how far back does blame stay above $10^{-3}\times$ the last step?}")
print(r"\begin{tabular}{rrrrrr}")
print(r"\hline")
print(r"length & last step & step 1 & step1/last & per step & steps back above $10^{-3}$ \\")
print(r"\midrule")
for TT in (10, 25, 50, 100):
    c = rnn_grads(1.0, T=TT)
    thr = 1e-3 * c[-1]
    # walk back from the last step until the blame first falls below the threshold
    back = 0
    for t in range(TT - 1, -1, -1):
        if c[t] < thr:
            break
        back = TT - t
    reach = "all " + str(TT) if back == TT else f"{back} (to step {TT - back + 1})"
    print(f"{TT} & {sci(c[-1])} & {sci(c[0])} & {sci(c[0] / c[-1])} & "
          f"$\\times${per_step(c):.3f} & {reach} \\\\")
print(r"\hline")
print(r"\end{tabular}")

# ---------------------------------------------------------------- Part 4
g15, params = rnn_grads(1.5, return_params=True)
before = float(nn.utils.clip_grad_norm_(params, max_norm=1.0))   # returns the pre-clip norm
after = float(torch.norm(torch.stack([p.grad.norm() for p in params])))
print()
print(r"\section*{Part 4: clipping the gain-1.5 run at 1.0}")
print(r"\begin{tabular}{lr}")
print(r"\hline")
print(r"quantity & value \\")
print(r"\midrule")
print(f"total gradient norm (Wx, Wh) before clipping & {before:.4f} \\\\")
print(f"total gradient norm after clip\\_grad\\_norm\\_(1.0) & \\textbf{{{after:.4f}}} \\\\")
print(f"blame at step 1 / step 50 (clipping does not touch this) & {sci(g15[0] / g15[-1])} \\\\")
print(r"\hline")
print(r"\end{tabular}")

# ------------------------------------------------------------------------------------
# Comments (written after reading gradient_decay.out):
# 1. Vanishing: gains 0.5, 0.9 and 1.0 all vanish -- gain 0.5 shrinks x0.490 per step and
#    step 1 gets 5.03e-17 against 7.58e-02 at step 50, gain 0.9 shrinks x0.842, and even
#    the ordinary gain 1.0 shrinks x0.911 and keeps only 1.01e-02 (loses ~99% over 50 steps;
#    at length 100 only the last 91 steps stay above 1/1000 of the last-step blame).
# 2. Exploding: gain 1.5 explodes, x1.090 per step, step 1 gets 5.27 = 68 times step 50;
#    gain 1.2 (x0.997) sits right on the edge and neither vanishes nor explodes over 50 steps.
# 3. The forget bias opens the cell-state highway: the per-step factor on c_t goes from
#    x0.629 at b_f=0 (5.18e-12 at step 1, as bad as the RNN) through x0.840 and x0.955 to
#    x1.016 at b_f=3, and only the b_f=3 row keeps step-1 blame (4.78e-02) the same size as
#    step-50 blame (2.23e-02).
# 4. Clipping rescales the total gradient from 20.58 down to exactly 1.00, which stops the
#    exploding case from taking huge steps, but it only ever SHRINKS a gradient: it cannot
#    bring back the 5.03e-17 that reached step 1 at gain 0.5, so it controls explosion but
#    does nothing for vanishing (the step1/step50 ratio of 68 is also untouched by it).
