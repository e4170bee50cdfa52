# gradient_decay.py -- Exercise 2: vanishing gradient naapo, phir jaan boojh ke todo
import torch, torch.nn as nn

H, D, B = 32, 16, 64


def make_inputs(T):
    """Step 3 jaisa hi: seed 0, phir x, phir v. T=50 pe bilkul Step 3 wala data."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5   # 64 sequences, T steps
    v = torch.randn(H, 1) * 0.2      # read-out sirf AAKHRI step pe
    return x, v


y = torch.ones(B, 1)


def rnn_grads(gain, T=50, clip=None):
    """Plain RNN. Har step ke hidden state tak kitna gradient (blame) pahunchta hai."""
    x, v = make_inputs(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)  # har step ka grad rakho
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    g = [float(h.grad.norm()) for h in hs]
    if clip is None:
        return g
    before = float(nn.utils.clip_grad_norm_([Wx, Wh], clip))  # return = clip se pehle ka norm
    after = float(torch.norm(torch.stack([Wx.grad.norm(), Wh.grad.norm()])))
    return g, before, after


def lstm_grads(forget_bias, T=50):
    """LSTM. Har step ke CELL state tak kitna gradient pahunchta hai."""
    x, v = make_inputs(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():  # forget valve ko khula rakh ke shuru
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


# ---------------- Part 1 + 3: ek hi table, RNN gains + LSTM forget bias ----------------
T = 50
cols = {}
for gain in (0.5, 0.9, 1.0, 1.2, 1.5):
    cols[f"RNN gain {gain}"] = rnn_grads(gain)
for fb in (0, 1, 2, 3):
    cols[f"LSTM b_f={fb}"] = lstm_grads(float(fb))

steps = [50, 40, 30, 20, 10, 1]
print("Blame (gradient norm) jo step t tak pahuncha, loss sirf step 50 pe")
print("(RNN: hidden state pe; LSTM: cell state pe)")
print(f"{'model':<14s}" + "".join(f"{'step ' + str(s):>11s}" for s in steps)
      + f"{'step1/step50':>13s}{'har step x':>11s}")
for k, c in cols.items():
    print(f"{k:<14s}" + "".join(f"{c[s - 1]:11.3e}" for s in steps)
          + f"{c[0] / c[-1]:13.2e}{'x' + format(per_step(c), '.3f'):>11s}")
g10 = cols["RNN gain 1.0"]
print(f"\ngain 1.0 pe step 50 se step 1 tak signal ka kitna hissa gaya: "
      f"{100 * (1 - g10[0] / g10[-1]):.1f} %")
print(f"gain 1.5 pe step 1 ka blame step 50 ka {cols['RNN gain 1.5'][0] / cols['RNN gain 1.5'][-1]:.1f} guna")

# ---------------- Part 2: gain 1.0, alag alag lambai ----------------
print("\nGain 1.0, lambai badal ke: blame kitne step peeche tak"
      " (aakhri step ke 1/1000 se upar) zinda rehta hai")
print(f"{'lambai':>6s} {'aakhri step':>12s} {'step 1':>11s} {'har step x':>11s}"
      f" {'kitne step peeche tak >1/1000':>30s}")
for L in (10, 25, 50, 100):
    c = rnn_grads(1.0, T=L)
    thr = c[-1] / 1000
    back = 0  # aakhri step se peeche chalo jab tak blame threshold se upar hai
    for t in range(L - 1, -1, -1):
        if c[t] > thr:
            back = L - 1 - t
        else:
            break
    where = (f"{back} step (step {L - back} tak)" if back < L - 1
             else f"poora ({back} step, step 1 tak)")
    print(f"{L:6d} {c[-1]:12.3e} {c[0]:11.3e} {'x' + format(per_step(c), '.3f'):>11s}"
          f" {where:>30s}")

# ---------------- Part 4: gain 1.5 pe clipping ----------------
_, before, after = rnn_grads(1.5, clip=1.0)
print("\nGain 1.5, clip_grad_norm_(threshold 1.0) on Wx, Wh:")
print(f"  clip se pehle total grad norm: {before:.3f}")
print(f"  clip ke baad total grad norm : {after:.3f}")

# Comment (Part 2): gain 1.0 pe lambai 10, 25, 50 tak blame step 1 tak 1/1000 se upar rehta
# hai (50 pe bhi 7.716e-04 vs 7.603e-02, yaani ~1/100), lekin lambai 100 pe sirf 90 step
# peeche (step 10 tak) -- usse pehle ke tokens ke liye blame 1/1000 se neeche gir jaata hai.
#
# Comment (Part 4, chaar baatein):
# 1. Vanish hone wale: gain 0.5 (x0.490 har step, step 1 pe 5.03e-17 reh gaya vs step 50 pe
#    7.58e-02), gain 0.9 (x0.842) aur gain 1.0 (x0.911, 50 step me 99.0% signal gaya) -- gain
#    1.0 bhi vanish karta hai kyunki tanh har step thoda squash karta hai.
# 2. Explode hone wala: gain 1.5 (x1.090, step 1 pe 5.268e+00, step 50 ka 68.3 guna); gain 1.2
#    border pe hai (x0.997, step 1 pe step 50 ka 0.86 guna) -- na vanish, na explode.
# 3. Forget bias cell-state column ko seedha upar uthata hai: b_f=0 pe x0.629 (step 1 pe
#    5.18e-12), b_f=1 pe x0.840, b_f=2 pe x0.955, b_f=3 pe x1.016 -- sirf b_f=3 wali row me
#    step 1 ka blame (4.78e-02) step 50 (2.23e-02) jitna, balki thoda zyada hai, kyunki forget
#    gate ~1 ke paas hai aur cell bina chhede aage jaata hai.
# 4. Clipping sirf explosion ka ilaaj hai: gain 1.5 pe total norm 20.577 ko kaat ke exactly 1.000
#    kar diya, lekin vanishing me gradient pehle se hi tiny hai aur clip kabhi bada nahi karta,
#    sirf chhota -- to 5e-17 wala blame waisa hi rehta hai; uske liye gates/forget bias chahiye.
