# gradient_decay.py -- module exercise 2: measure the vanishing gradient, then break it.
# Same set-up as the module's Step 3: 64 sequences, 16 inputs, 32 hidden units,
# one loss at the LAST step only, and I record the gradient norm that reaches every
# step's hidden state (RNN) or cell state (LSTM). Everything I can compare with the
# module is printed as  mine | module | diff | ok.
import torch, torch.nn as nn

H, D, B = 32, 16, 64
y = torch.ones(B, 1)
REL_TOL = 0.01          # "within about 1%" -> I use 1% relative difference


def mark(ok):
    return "OK" if ok else "XX"


def make_data(T):
    """Step 3's data, regenerated from seed 0 for any length (T=50 is the module's)."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5     # 64 sequences, T steps each
    v = torch.randn(H, 1) * 0.2        # read-out at the LAST step only
    return x, v


def rnn_grads(gain, x, v):
    """Plain RNN. Gradient norm arriving at each step's hidden state."""
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(len(x)):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    return [float(h.grad.norm()) for h in hs], [Wx, Wh]


def lstm_grads(forget_bias, x, v):
    """LSTM. Gradient norm arriving at each step's CELL state."""
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():                      # gate order in PyTorch: i, f, g, o
        cell.bias_ih[H:2 * H].fill_(forget_bias)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(len(x)):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def per_step(c):
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))


# module's Step 3 table (steps 50,40,30,20,10,1) and its per-step factors
MOD_STEPS = {
    "RNN gain 0.5": {50: 7.577e-02, 40: 3.256e-05, 30: 1.732e-08, 20: 1.787e-11, 10: 2.281e-14, 1: 5.032e-17},
    "RNN gain 1.0": {50: 7.603e-02, 40: 1.459e-02, 30: 4.252e-03, 20: 1.962e-03, 10: 1.140e-03, 1: 7.716e-04},
    "RNN gain 1.5": {50: 7.708e-02, 40: 7.066e-02, 30: 9.759e-02, 20: 2.421e-01, 10: 8.056e-01, 1: 5.271e+00},
    "LSTM b_f=0":   {50: 3.679e-02, 40: 1.824e-04, 30: 1.869e-06, 20: 2.514e-08, 10: 3.026e-10, 1: 5.180e-12},
    "LSTM b_f=3":   {50: 2.230e-02, 40: 1.728e-02, 30: 1.772e-02, 20: 2.136e-02, 10: 2.873e-02, 1: 4.782e-02},
}
MOD_FACTOR = {"RNN gain 0.5": 0.490, "RNN gain 1.0": 0.911, "RNN gain 1.5": 1.090,
              "LSTM b_f=0": 0.629, "LSTM b_f=3": 1.016}
MOD_RATIO = {"RNN gain 0.5": 6.64e-16, "RNN gain 1.0": 1.01e-02, "RNN gain 1.5": 6.84e+01,
             "LSTM b_f=0": 1.41e-10, "LSTM b_f=3": 2.14e+00}

# ---------------- Part one + three: gains and forget biases, 50 steps ----------------
x50, v50 = make_data(50)
cols = {}
for gain in (0.5, 0.9, 1.0, 1.2, 1.5):
    cols[f"RNN gain {gain}"] = rnn_grads(gain, x50, v50)[0]
for fb in (0, 1, 2, 3):
    cols[f"LSTM b_f={fb}"] = lstm_grads(float(fb), x50, v50)

STEPS = [50, 40, 30, 20, 10, 1]
print("PART ONE + THREE -- blame reaching step t when the only loss sits at step 50 (mine)")
print(f"{'step':>5s}" + "".join(f"{k:>14s}" for k in cols))
for t in STEPS:
    print(f"{t:5d}" + "".join(f"{c[t - 1]:14.3e}" for c in cols.values()))

print("\nstep-by-step against the module's Step 3 table (columns the module prints)")
print(f"{'model':<14s} {'step':>4s} | {'mine':>10s} | {'module':>10s} | {'rel diff':>9s} | ok")
n_ok = n_all = 0
for k, m in MOD_STEPS.items():
    for t in STEPS:
        mine = cols[k][t - 1]
        rd = mine / m[t] - 1
        ok = abs(rd) <= REL_TOL
        n_ok += ok; n_all += 1
        print(f"{k:<14s} {t:4d} | {mine:10.3e} | {m[t]:10.3e} | {rd:+9.2%} | {mark(ok)}")
print(f"-> {n_ok}/{n_all} table cells within 1% of the module")

print("\nsummary, one row per model (RNN rows = part one, LSTM rows = part three)")
print(f"{'model':<14s} | {'step 50':>9s} | {'step 1':>9s} | {'1/50 mine':>9s} | {'1/50 mod':>9s} |"
      f" {'x/step mine':>11s} | {'module':>6s} | {'diff':>6s} | ok")
for k, c in cols.items():
    r = per_step(c)
    ratio = c[0] / c[-1]
    if k in MOD_FACTOR:
        mf = MOD_FACTOR[k]
        tail = f"{'x%.3f' % mf:>6s} | {r - mf:+6.3f} | {mark(abs(r - mf) <= 0.0015)}"
        mr = f"{MOD_RATIO[k]:9.2e}"
    else:
        tail = f"{'-':>6s} | {'-':>6s} | --"
        mr = f"{'-':>9s}"
    print(f"{k:<14s} | {c[-1]:9.3e} | {c[0]:9.3e} | {ratio:9.2e} | {mr} | {'x%.3f' % r:>11s} | {tail}")

# the specific sentences in the Check list
c05, c10, c15 = cols["RNN gain 0.5"], cols["RNN gain 1.0"], cols["RNN gain 1.5"]
print("\nCheck-list sentences")
print(f"{'item':<44s} | {'mine':>10s} | {'module':>10s} | {'diff':>10s} | ok")
rows = [
    ("gain 0.5 step 1 (roughly 5e-17)", c05[0], 5.032e-17),
    ("gain 0.5 step 50 (7.6e-02)", c05[-1], 7.577e-02),
    ("gain 1.5 step 1 (roughly 5.3e+00)", c15[0], 5.271e+00),
    ("gain 1.5 step1/step50 (about 68x)", c15[0] / c15[-1], 68.4),
    ("gain 1.0 share of signal lost over 50 steps", 1 - c10[0] / c10[-1], 0.99),
]
for name, mine, mod in rows:
    d = mine - mod
    ok = abs(mine / mod - 1) <= 0.01
    print(f"{name:<44s} | {mine:10.3e} | {mod:10.3e} | {d:+10.2e} | {mark(ok)}")
print("which LSTM rows keep step-1 blame at the same size (within 3x either way) as step-50 blame?")
for fb in (0, 1, 2, 3):
    c = cols[f"LSTM b_f={fb}"]
    same = 1 / 3 <= c[0] / c[-1] <= 3
    want = fb == 3          # module: only the bias-3 row
    print(f"  b_f={fb}: step1/step50 = {c[0] / c[-1]:9.2e}  same size? mine={str(same):<5s}"
          f" module={str(want):<5s} {mark(same == want)}")

# ---------------- Part two: gain 1.0 at several lengths ----------------
print("\nPART TWO -- gain 1.0 at several lengths: how far back does blame stay above 1/1000 of the last step?")
print(f"{'T':>4s} | {'last step':>9s} | {'step 1':>9s} | {'x/step':>7s} | {'steps back above 1e-3*last':>27s} |"
      f" {'earliest such step':>18s} | module")
for T in (10, 25, 50, 100):
    xT, vT = make_data(T)
    c = rnn_grads(1.0, xT, vT)[0]
    thr = c[-1] / 1000
    k = 0                       # count consecutive steps (from the end) that stay above the threshold
    for g_t in reversed(c):
        if g_t > thr:
            k += 1
        else:
            break
    earliest = T - k + 1
    note = ""
    if T == 50:
        note = (f"x{per_step(c):.3f} vs x0.911 diff {per_step(c) - 0.911:+.3f} "
                f"{mark(abs(per_step(c) - 0.911) <= 0.0015)}; module's step 1 is 1.01e-02 of step 50 "
                f"-> above 1/1000 all the way: {mark(k == T)}")
    else:
        note = "- (module gives no number)"
    allway = " (all the way)" if k == T else ""
    print(f"{T:4d} | {c[-1]:9.3e} | {c[0]:9.3e} | {'x%.3f' % per_step(c):>7s} | {k:20d} of {T:<3d} |"
          f" {earliest:11d}{allway:<7s} | {note}")

# ---------------- Part four: clipping the gain-1.5 run ----------------
print("\nPART FOUR -- gain 1.5, clip_grad_norm_(max_norm=1.0)")
_, params = rnn_grads(1.5, x50, v50)
pre_manual = float(torch.sqrt(sum(p.grad.norm() ** 2 for p in params)))
pre = float(nn.utils.clip_grad_norm_(params, 1.0))
post = float(torch.sqrt(sum(p.grad.norm() ** 2 for p in params)))
print(f"{'quantity':<30s} | {'mine':>10s} | {'module':>22s} | ok")
print(f"{'total grad norm BEFORE clip':<30s} | {pre:10.4f} | {'far above 1.0':>22s} | {mark(pre > 2.0)}")
print(f"{'  (my own sqrt-sum-squares)':<30s} | {pre_manual:10.4f} | {'same as above':>22s} | {mark(abs(pre - pre_manual) < 1e-4)}")
print(f"{'total grad norm AFTER clip':<30s} | {post:10.6f} | {'exactly 1.0':>22s} | {mark(abs(post - 1.0) < 1e-5)}")
print(f"  (post - 1.0 = {post - 1.0:+.1e}: clip_grad_norm_ divides by norm + 1e-6, so 'exactly' means to ~6 decimals)")
_, params05 = rnn_grads(0.5, x50, v50)
pre05 = float(nn.utils.clip_grad_norm_(params05, 1.0))
print(f"same clip on the gain-0.5 run: total norm {pre05:.4f} is already below 1.0, so clipping changes nothing"
      f" and step-1 blame stays {c05[0]:.3e}")

# ---- my four comment sentences, written after seeing my run ----
# (all 30 module table cells matched within 0.06%, and every per-step factor matched:
#  x0.490, x0.911, x1.090, x0.629, x1.016 -- the only XX I ever saw was from my own
#  first "same size" rule of 0.1x..10x, which wrongly counted b_f=2 (ratio 0.104); I
#  tightened it to "within 3x" and now only b_f=3 passes, as the module says.)
# 1. Gains 0.5, 0.9 and 1.0 vanish (x0.490, x0.842, x0.911 per step; gain 0.5 leaves step 1
#    with 5.032e-17 against 7.577e-02 at step 50, and even gain 1.0 loses 99.0% over 50
#    steps), gain 1.2 is almost flat (x0.997), and gain 1.5 explodes (x1.090, step 1 gets
#    5.268e+00, 68x the step-50 blame).
# 2. The forget bias lifts the cell-state column step by step: x0.629 at b_f=0, x0.840 at 1,
#    x0.955 at 2 and x1.016 at 3, and only at b_f=3 does step 1 still get the same size of
#    blame as step 50 (4.782e-02 vs 2.230e-02; b_f=2 is already 10x smaller at 3.226e-03).
# 3. Clipping fixes explosion: my gain-1.5 total gradient norm was 20.58 before and 1.000000
#    after clip_grad_norm_(1.0), so the update step can no longer blow up.
# 4. Clipping does nothing for vanishing, because it only ever SHRINKS a norm that is above
#    the threshold -- the gain-0.5 norm was 0.156, below 1.0, so it is left alone and step 1
#    still gets 5.032e-17; tiny blame cannot be rescued by a cap, only by gates/forget bias.
