# gradient_decay.py – Exercise 2: measure the vanishing gradient, then break it on purpose
import torch, torch.nn as nn

H, D, B = 32, 16, 64


def box(headers, rows, aligns=None):
    """Small Unicode table (┌─┬─┐ …)."""
    aligns = aligns or [">"] * len(headers)
    w = [max(len(str(h)), *(len(str(r[i])) for r in rows)) for i, h in enumerate(headers)]
    def line(l, m, r):
        return l + m.join("─" * (x + 2) for x in w) + r
    def cells(vals):
        return "│" + "│".join(" " + (str(v).rjust(x) if a == ">" else str(v).ljust(x)) + " "
                              for v, x, a in zip(vals, w, aligns)) + "│"
    print(line("┌", "┬", "┐")); print(cells(headers)); print(line("├", "┼", "┤"))
    for r in rows:
        print(cells(r))
    print(line("└", "┴", "┘"))


def inputs(T):
    """Same recipe as Step 3 (seed 0, then x, then v) – for T=50 these are exactly Step 3’s tensors."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5          # 64 sequences, T steps each
    v = torch.randn(H, 1) * 0.2             # read-out at the LAST step only
    return x, v, torch.ones(B, 1)


def rnn_grads(gain, T=50):
    """Plain RNN. Gradient norm arriving at each step's hidden state (+ the weights, for clipping)."""
    x, v, y = inputs(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)       # keep every step's gradient
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    return [float(h.grad.norm()) for h in hs], [Wx, Wh]


def lstm_grads(forget_bias, T=50):
    """LSTM. Gradient norm arriving at each step's CELL state."""
    x, v, y = inputs(T)
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


# ───────────── Parts one + three: one table, RNN gains and LSTM forget biases ─────────────
T = 50
STEPS = [50, 40, 30, 20, 10, 1]
cols = {f"RNN gain {g}": rnn_grads(g)[0] for g in (0.5, 0.9, 1.0, 1.2, 1.5)}
cols.update({f"LSTM b_f={fb}": lstm_grads(float(fb)) for fb in (0, 1, 2, 3)})
print("Parts 1+3 – blame (gradient norm) reaching step t, only loss at step 50")
print("          RNN rows: hidden state h_t · LSTM rows: cell state c_t")
box(["model"] + [f"step {s}" for s in STEPS] + ["step1/step50", "per step"],
    [[k] + [f"{c[s - 1]:.3e}" for s in STEPS] + [f"{c[0] / c[-1]:.2e}", f"×{per_step(c):.3f}"]
     for k, c in cols.items()],
    ["<"] + [">"] * (len(STEPS) + 2))
print("  → per step < 1 vanishes, > 1 explodes; only the step-1/step-50 ratio ≈ 1 means the start is heard")

# ───────────── Part two: gain 1.0 at different lengths ─────────────
print("\nPart 2 – gain 1.0 only: how far back does blame stay above 1/1000 of its last-step value?")
rows = []
for L in (10, 25, 50, 100):
    c = rnn_grads(1.0, T=L)[0]
    ratio = [g / c[-1] for g in c]
    k = L                                   # walk back from the last step while the ratio stays ≥ 1e-3
    while k > 1 and ratio[k - 2] >= 1e-3:
        k -= 1
    back = L - k                            # steps back from the last one that still get ≥ 1/1000
    rows.append((L, f"{c[-1]:.3e}", f"{c[0]:.3e}", f"{c[0] / c[-1]:.2e}", f"×{per_step(c):.3f}",
                 f"step {k}", f"{back} of {L - 1}" + ("  (all)" if k == 1 else "")))
box(["length", "last step", "step 1", "step1/last", "per step", "≥ 1/1000 down to",
     "steps back kept"], rows)

# ───────────── Part four: clipping the gain-1.5 run ─────────────
_, params = rnn_grads(1.5)
before = float(nn.utils.clip_grad_norm_(params, max_norm=1.0))   # returns the norm BEFORE clipping
after = float(torch.norm(torch.stack([p.grad.norm() for p in params])))
print("\nPart 4 – gain 1.5, clip_grad_norm_(…, max_norm=1.0) on Wx and Wh")
box(["", "total grad norm"], [("before clip", f"{before:.4f}"), ("after clip", f"{after:.4f}")],
    ["<", ">"])
print(f"  → {before:.2f} → {after:.4f}: the whole gradient is rescaled by ×{after / before:.3f}")

# What my run says (four sentences, plus two notes):
# 1. Gains 0.5, 0.9 and 1.0 vanish: ×0.490, ×0.842 and ×0.911 per step, so step 1 gets 5.032e-17, 1.619e-05 and
#    7.716e-04 against ≈ 7.6e-02 at step 50 – even the “ordinary” gain 1.0 loses ≈ 99 % of the signal (ratio 1.01e-02).
# 2. Gain 1.5 explodes: ×1.090 per step, step 1 gets 5.268e+00, ≈ 68× the step-50 value (6.83e+01), and gain 1.2
#    (×0.997) sits right on the edge where the blame neither dies nor blows up over 50 steps.
# 3. The forget bias moves the cell-state column from ×0.629 at b_f=0 through ×0.840 and ×0.955 to ×1.016 at b_f=3 –
#    opening the forget valve keeps the cell path close to a ×1 copy, and only the b_f=3 row keeps step-1 blame
#    (4.782e-02) the same size as step-50 blame (2.230e-02).
# 4. Clipping is a fix for explosion only: it rescales a too-big gradient (20.58 → exactly 1.0000 here), but a
#    vanished gradient is already tiny, so clip_grad_norm_ leaves it untouched – 5e-17 stays 5e-17 and the first
#    token is still not heard.
# Note (Part 2): at gain 1.0 every step stays above 1/1000 of the last-step blame for lengths 10, 25 and 50, but at
#    length 100 only the last 90 of 99 earlier steps do (cut-off at step 10) – the per-step ×0.9 catches up with length.
# Note: my gain-1.5 step-1 value is 5.268e+00 where the module printed 5.271e+00 (≈ 0.06 % off) – torch 1.13 here vs the
#    module’s pinned 2.9, so “off by a little in the last digits” = library version, per the module’s triage.
