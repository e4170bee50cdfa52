"""Exercise 2 — measure the vanishing gradient, then break it on purpose."""
import math, unicodedata
import torch, torch.nn as nn

# ── my little pretty-printing helpers ──────────────────────────────────────
SUP = str.maketrans("-+0123456789", "⁻⁺⁰¹²³⁴⁵⁶⁷⁸⁹")
def sci(x, digits=2, small=1e-2):
    """5.032e-17 → 5.03×10⁻¹⁷ ; ordinary-sized numbers stay plain."""
    if x != 0 and (abs(x) < small or abs(x) >= 1e3):
        m, e = f"{x:.{digits}e}".split("e")
        return f"{m}×10{str(int(e)).translate(SUP)}"
    return f"{x:.{digits + 1}f}"
def width(s):
    return sum(0 if ord(c) in (0xFE0F, 0x200D) else
               2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)
def pad(s, n):                      # left-pad by DISPLAY width (superscripts are 1 wide)
    return " " * max(0, n - width(s)) + s
def box(title, w=100):
    w = max(w, width(title) + 5)
    print("╭" + "─" * (w - 2) + "╮")
    print("│ " + title + " " * (w - 4 - width(title)) + " │")
    print("╰" + "─" * (w - 2) + "╯")
def logbar(x, lo=1e-17, hi=1e1, cells=18):
    """Bar on a log scale: 10⁻¹⁷ → empty, 10¹ → full."""
    c = (math.log10(max(x, lo)) - math.log10(lo)) / (math.log10(hi) - math.log10(lo)) * cells
    c = max(0.0, min(cells, c))
    return "█" * int(c) + ("▌" if c - int(c) >= 0.5 else "")

# ── the Step 3 set-up ───────────────────────────────────────────────────────
H, D, B = 32, 16, 64
def make_inputs(T):
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5          # 64 sequences, T steps each
    v = torch.randn(H, 1) * 0.2             # read-out at the LAST step only
    return x, v, torch.ones(B, 1)

def rnn_grads(gain, T=50, keep_params=False):
    """Plain RNN. ∂L/∂h_t norm arriving at each step's hidden state."""
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
    return (g, [Wx, Wh]) if keep_params else g

def lstm_grads(forget_bias, T=50):
    """LSTM. ∂L/∂c_t norm arriving at each step's CELL state."""
    x, v, y = make_inputs(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():                   # start the forget valve open
        cell.bias_ih[:H].fill_(forget_bias)
        cell.bias_hh[:H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]

def factor(c):
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))

# ── Parts one + three: one table, five RNN gains and four LSTM forget biases ─
T = 50
cols = {f"RNN gain {g}": rnn_grads(g) for g in (0.5, 0.9, 1.0, 1.2, 1.5)}
cols.update({f"LSTM b_f={fb}": lstm_grads(float(fb)) for fb in (0, 1, 2, 3)})

box("📉 Parts 1+3 — ‖∂L/∂h_t‖ (RNN) and ‖∂L/∂c_t‖ (LSTM cell) when the only loss sits at step 50")
STEPS = [50, 40, 30, 20, 10, 1]
print(f"{'model':<14s}" + "".join(pad(f"step {s}", 12) for s in STEPS)
      + pad("per step", 10) + pad("step1/step50", 14))
for k, c in cols.items():
    if k == "LSTM b_f=0":
        print("  " + "┄" * 96)
    print(f"{k:<14s}" + "".join(pad(sci(c[s - 1], 3, small=0.1), 12) for s in STEPS)
          + pad(f"×{factor(c):.3f}", 10) + pad(sci(c[0] / c[-1]), 14))

print("\n step-1 blame on a log scale (10⁻¹⁷ → 10¹):")
for k, c in cols.items():
    trend = "🔥 grows" if factor(c) > 1.0 else "📉 shrinks"
    print(f"  {k:<13s} {sci(c[0]):>11s}  {logbar(c[0]):<18s}  {trend} ×{factor(c):.3f} per step")

g05, g15, g10 = cols["RNN gain 0.5"], cols["RNN gain 1.5"], cols["RNN gain 1.0"]
print(f"\n gain 1.0 keeps {g10[0] / g10[-1] * 100:.1f}% of the step-50 blame at step 1"
      f" → loses {100 - g10[0] / g10[-1] * 100:.1f}% across 50 steps")
print(f" gain 1.5: step-1 blame is {g15[0] / g15[-1]:.1f}× the step-50 blame")
b3 = cols["LSTM b_f=3"]
same = 0.1 < b3[0] / b3[-1] < 10
print(f" LSTM b_f=3: step 1 {sci(b3[0])} vs step 50 {sci(b3[-1])}"
      f" → ratio {sci(b3[0] / b3[-1])}"
      f" ({'same order of magnitude ✅' if same else 'NOT the same size ❌'})")

# ── Part two: how far back does blame reach at gain 1.0? ────────────────────
print()
box("🔁 Part 2 — gain 1.0 at lengths 10 / 25 / 50 / 100: how far back is blame > 10⁻³ × last step?")
print(f"{'length':>6s} {'last step':>11s} {'step 1':>11s} {'per step':>9s}   reach (steps back above 10⁻³ × last)")
for L in (10, 25, 50, 100):
    c = rnn_grads(1.0, T=L)
    thr = 1e-3 * c[-1]
    # walk back from the last step until blame first drops below the threshold
    back = next((L - 1 - t for t in range(L - 1, -1, -1) if c[t] < thr), None)
    if back is None:
        reach = f"all {L - 1} steps back (step 1 still at {c[0] / c[-1]:.1e} of last)"
    else:
        reach = f"{back - 1} steps back; drops below at step {L - back}"
    print(f"{L:6d} {sci(c[-1]):>11s} {sci(c[0]):>11s} {'×' + format(factor(c), '.3f'):>9s}   → {reach}")

# ── Part four: clip the exploding run ───────────────────────────────────────
print()
box("✂  Part 4 — gain 1.5, torch.nn.utils.clip_grad_norm_(…, 1.0)")
_, params = rnn_grads(1.5, keep_params=True)
before = float(nn.utils.clip_grad_norm_(params, max_norm=1.0))   # returns the pre-clip norm
after = float(torch.norm(torch.stack([p.grad.norm() for p in params])))
print(f"  total ‖∂L/∂(Wx, Wh)‖ before clipping: {before:10.4f}  {logbar(before, 1e-2, 1e2, 30)}")
print(f"  total ‖∂L/∂(Wx, Wh)‖ after  clipping: {after:10.4f}  {logbar(after, 1e-2, 1e2, 30)}")
print(f"  → every gradient entry was multiplied by {after / before:.4f}; direction unchanged")
_, p05 = rnn_grads(0.5, keep_params=True)
pre = float(nn.utils.clip_grad_norm_(p05, max_norm=1.0))
post = float(torch.norm(torch.stack([p.grad.norm() for p in p05])))
print(f"  same clip on the gain-0.5 run: {pre:.4f} → {post:.4f}  (already below 1.0, untouched;"
      f" step-1 blame still {sci(g05[0])})")

# What the table says (written after reading my own output):
# 1. Gains 0.5, 0.9 and 1.0 vanish — ×0.490, ×0.842 and ×0.911 per step, so step 1 gets
#    5.03×10⁻¹⁷, 1.62×10⁻⁵ and 7.72×10⁻⁴ (gain 1.0 still loses 99.0% over 50 steps) —
#    gain 1.2 sits near the edge at ×0.997, and gain 1.5 explodes at ×1.090 per step,
#    ending with 5.268 at step 1, 68.3× the step-50 blame.
# 2. The forget bias walks the cell-state column from vanishing to flat: ×0.629 at
#    b_f=0 (5.18×10⁻¹²), ×0.840 at 1, ×0.955 at 2 and ×1.016 at 3, and only the b_f=3 row
#    keeps step-1 blame (0.048) the same size as step-50 blame (0.022), because an open
#    forget valve multiplies the cell's blame by ≈1 instead of by a squashing factor.
# 3. Clipping fixes explosion: it rescaled the gain-1.5 gradient from 20.58 to exactly
#    1.0000 without changing its direction, so one huge step can no longer blow the
#    weights to nan.
# 4. Clipping does nothing for vanishing: it only ever shrinks a norm that is ABOVE the
#    threshold, so the gain-0.5 run's 0.156 passes through untouched and step 1 still
#    gets 5.03×10⁻¹⁷ — there is no signal there to rescale, which is why vanishing needs
#    a design change (gates, open forget bias, attention) rather than a clip.
