# gradient_decay.py -- measure the vanishing gradient, then break it on purpose.
import torch, torch.nn as nn

# ---------- my tiny self-test helper ----------
TESTS = []


def check(name, got, module, tol, fmt=".3f"):
    """Compare my value with the module's printed value, pytest style."""
    ok = abs(got - module) <= tol
    TESTS.append((name, ok, f"(got {got:{fmt}}, module {module:{fmt}}, tol {tol})"))


def check_rel(name, got, module, rel):
    """Same, but the tolerance is a fraction of the module's value (for tiny numbers)."""
    ok = abs(got - module) <= rel * abs(module)
    TESTS.append((name, ok, f"(got {got:.3e}, module {module:.3e}, tol {rel:.0%})"))


def check_that(name, ok, detail):
    """For Check items that are a condition rather than one number."""
    TESTS.append((name, bool(ok), f"({detail})"))


def report():
    print("\n================ self-test ================")
    for name, ok, detail in TESTS:
        print(f"{name} ... {'ok  ' if ok else 'FAIL'} {detail}")
    n_ok = sum(ok for _, ok, _ in TESTS)
    print(f"{n_ok} passed, {len(TESTS) - n_ok} failed")


# ---------- Step 3's set-up, made to work at any length ----------
H, D, B = 32, 16, 64


def make_inputs(T):
    """Same seed and same draw order as Step 3, so T=50 gives Step 3's exact x and v."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5  # 64 sequences, T steps each
    v = torch.randn(H, 1) * 0.2     # read-out at the LAST step only
    return x, v, torch.ones(B, 1)


def rnn_grads(gain, x, v, y, keep_params=False):
    """Plain RNN. Gradient norm arriving at each step's hidden state."""
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(len(x)):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)  # keep every step's gradient
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    g = [float(h.grad.norm()) for h in hs]
    return (g, [Wx, Wh]) if keep_params else g


def lstm_grads(forget_bias, x, v, y):
    """LSTM. Gradient norm arriving at each step's CELL state."""
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():  # start the forget valve open
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


# ---------- parts one and three: one table, RNN gains and LSTM forget biases ----------
T = 50
x, v, y = make_inputs(T)
cols = {}
for gain in (0.5, 0.9, 1.0, 1.2, 1.5):
    cols[f"RNN gain {gain}"] = rnn_grads(gain, x, v, y)
for fb in (0, 1, 2, 3):
    cols[f"LSTM b_f={fb}"] = lstm_grads(float(fb), x, v, y)

STEPS = [50, 40, 30, 20, 10, 1]
print("Parts one and three: blame reaching step t when the only loss sits at step 50")
print("(RNN rows: hidden state; LSTM rows: cell state)")
print(f"{'model':<13s}" + "".join(f"{'step ' + str(t):>11s}" for t in STEPS)
      + f"{'step1/step50':>13s}{'per step':>10s}")
for k, c in cols.items():
    print(f"{k:<13s}" + "".join(f"{c[t - 1]:11.3e}" for t in STEPS)
          + f"{c[0] / c[-1]:13.2e}{'x' + format(per_step(c), '.3f'):>10s}")

# ---------- part two: gain 1.0 at four lengths ----------
print("\nPart two: gain 1.0 at four lengths; how far back does blame stay above")
print("one thousandth of its value at the last step?")
print(f"{'length':>6s} {'last step':>11s} {'step 1':>11s} {'per step':>9s}"
      f" {'steps back above 1/1000':>24s}")
reach = {}
for TT in (10, 25, 50, 100):
    c = rnn_grads(1.0, *make_inputs(TT))
    # walk back from the last step until the blame first drops under the line
    back = 0
    for t in range(TT - 1, -1, -1):
        if c[t] < c[-1] / 1000:
            break
        back += 1
    reach[TT] = back
    note = "all of them" if back == TT else f"only the last {back}"
    print(f"{TT:6d} {c[-1]:11.3e} {c[0]:11.3e} {'x' + format(per_step(c), '.3f'):>9s}"
          f" {str(back) + ' of ' + str(TT) + ' (' + note + ')':>24s}")

# ---------- part four: clip the gain-1.5 run ----------
g15, params = rnn_grads(1.5, x, v, y, keep_params=True)
before = float(nn.utils.clip_grad_norm_(params, max_norm=1.0))  # returns the norm BEFORE
after = float(torch.norm(torch.stack([p.grad.norm() for p in params])))
print("\nPart four: gain 1.5, clip_grad_norm_(max_norm=1.0) on Wx and Wh")
print(f"  total gradient norm before clipping: {before:.3f}")
print(f"  total gradient norm after clipping : {after:.3f}")
print(f"  hidden-state blame at step 1 is still {g15[0]:.3e} (clipping only rescales"
      " the weight update, it does not touch what the backward pass computed)")

# ---------- the tests: the exercise's Check list ----------
c05, c10, c15 = cols["RNN gain 0.5"], cols["RNN gain 1.0"], cols["RNN gain 1.5"]
check("test_gain0.5_per_step_factor", per_step(c05), 0.490, 0.005)
check_rel("test_gain0.5_step1", c05[0], 5.032e-17, 0.10)
check_rel("test_gain0.5_step50", c05[-1], 7.577e-02, 0.02)
check("test_gain1.5_per_step_factor", per_step(c15), 1.090, 0.005)
check_rel("test_gain1.5_step1", c15[0], 5.271e+00, 0.05)
check("test_gain1.5_step1_over_step50", c15[0] / c15[-1], 68.4, 2.0, ".1f")
check("test_gain1.0_per_step_factor", per_step(c10), 0.911, 0.005)
check("test_gain1.0_share_of_signal_lost", 1 - c10[0] / c10[-1], 0.99, 0.005)
check_that("test_gain1.0_between_0.5_and_1.5",
           per_step(c05) < per_step(c10) < per_step(cols["RNN gain 1.5"]),
           f"got x{per_step(c05):.3f} < x{per_step(c10):.3f} < x{per_step(c15):.3f}")
check("test_lstm_bf0_per_step_factor", per_step(cols["LSTM b_f=0"]), 0.629, 0.005)
check("test_lstm_bf3_per_step_factor", per_step(cols["LSTM b_f=3"]), 1.016, 0.005)
for fb in (0, 1, 2, 3):
    r = cols[f"LSTM b_f={fb}"][0] / cols[f"LSTM b_f={fb}"][-1]
    same_size = r >= 0.5  # "same size" = step 1 keeps at least half of step 50's blame
    want = fb == 3
    check_that(f"test_lstm_bf{fb}_step1_same_size_as_step50_is_{want}", same_size == want,
               f"got step1/step50 {r:.2e}, module: only b_f=3 keeps it (2.14e+00)")
check_that("test_clip_pre_norm_far_above_1", before > 10,
           f"got {before:.3f}, module: far above 1.0")
check("test_clip_post_norm", after, 1.0, 1e-4)
report()

# ---------- my comments (written after running) ----------
# Four sentences on what I measured:
# 1. Gains 0.5, 0.9 and 1.0 vanish: per step they multiply the blame by x0.490, x0.842 and
#    x0.911, so step 1 gets 5.032e-17, 1.619e-05 and 7.716e-04 against about 7.6e-02 at
#    step 50 (gain 1.0 still loses 99 percent); gain 1.2 at x0.997 just about holds.
# 2. Gain 1.5 explodes: x1.090 per step, so step 1 gets 5.268e+00, 68 times step 50, and
#    the weight gradient norm is 20.577 before clipping.
# 3. Raising the forget bias moves the cell-state column from x0.629 (b_f=0) through x0.840
#    and x0.955 to x1.016 (b_f=3), and only b_f=3 keeps step-1 blame as large as step-50
#    blame (2.14 times); b_f=2 still loses about 90 percent (0.104).
# 4. Clipping rescales a gradient that is too big (20.577 down to 1.000), so it fixes
#    explosion, but it can only make gradients smaller, so it does nothing for a vanishing
#    one: step-1 blame in a gain-0.5 run stays at 5e-17 whatever threshold you clip at.
# Part two: at gain 1.0 the blame stays above 1/1000 of its last-step value all the way
# back for lengths 10, 25 and 50, but at length 100 only the last 91 steps make it.
