# gradient_decay.py -- WRONG (red team 3): the gain scales the INPUT weights Wx instead of the
# recurrent matrix Wh (the mistake of r1_wrong_gain_on_wx).  The student prints one markdown
# table in which each of their columns, headed "(ours)", is followed by the same column headed
# "(paper)" holding the module's Step 3 numbers (typed in from the course), and states the
# clipping targets in parentheses after the measured norms.  Tests: a "(paper)" column printed
# after the student's is never graded; a "(target: ...)" after a value marks only its own number.
import torch
import torch.nn as nn

torch.manual_seed(0)
T, H, D, B = 50, 32, 16, 64
x = torch.randn(T, B, D) * 0.5
v = torch.randn(H, 1) * 0.2
y = torch.ones(B, 1)


def rnn_grads(gain, steps=T, keep=False):
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1 * gain).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(steps):
        h = torch.tanh(x[t % T] @ Wx + h @ Wh)
        h.retain_grad()
        hs.append(h)
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    grads = [float(h.grad.norm()) for h in hs]
    return (grads, [Wx, Wh]) if keep else grads


def lstm_grads(forget_bias):
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():
        cell.bias_ih[H:2 * H].fill_(forget_bias)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad()
        cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


rows = {}
for g in (0.5, 0.9, 1.0, 1.2, 1.5):
    rows[f"RNN gain {g}"] = rnn_grads(g)
for fb in (0, 1, 2, 3):
    rows[f"LSTM b_f={fb}"] = lstm_grads(float(fb))

# The module's Step 3 numbers, typed in from the course text to compare against.
COURSE = {"RNN gain 0.5": (7.577e-02, 5.032e-17, 0.490), "RNN gain 1.0": (7.603e-02, 7.716e-04, 0.911),
          "RNN gain 1.5": (7.708e-02, 5.271e+00, 1.090), "LSTM b_f=0": (3.679e-02, 5.180e-12, 0.629),
          "LSTM b_f=3": (2.230e-02, 4.782e-02, 1.016)}


def cell(v, fmt):
    return "-" if v is None else format(v, fmt)


print("### Blame reaching step t when the only loss sits at step 50\n")
print("| model | step 50 (ours) | step 50 (paper) | step 1 (ours) | step 1 (paper) | per step (ours) | per step (paper) |")
print("|---|---:|---:|---:|---:|---:|---:|")
for k, c in rows.items():
    r = (c[0] / c[-1]) ** (1 / (T - 1))
    e50, e1, er = COURSE.get(k, (None, None, None))
    print(f"| {k} | {c[-1]:.3e} | {cell(e50, '.3e')} | {c[0]:.3e} | {cell(e1, '.3e')}"
          f" | {r:.3f} | {cell(er, '.3f')} |")

print("\ngain 1.0 at other lengths: how far back blame stays above 1/1000 of the last step")
for L in (10, 25, 50, 100):
    c = rnn_grads(1.0, steps=L)
    far = sum(1 for g in c if g > c[-1] / 1000)
    print(f"length {L:3d}: above one thousandth for the last {far} steps")

grads, params = rnn_grads(1.5, keep=True)
before = float(torch.nn.utils.clip_grad_norm_(params, 1.0))
after = float(torch.sqrt(sum((p.grad ** 2).sum() for p in params)))
print(f"\ngain 1.5 clipping: total norm before clip {before:.3f} (target: above 1.0),"
      f" after clip {after:.3f} (target: 1.000)")

# Gains 0.5, 0.9 and 1.0 vanish: the blame shrinks every step until step 1 gets almost nothing.
# Gains 1.2 and 1.5 explode: the blame grows as it travels back toward step 1.
# The forget bias keeps the cell-state column from decaying; at bias 3 step 1 gets as much as step 50.
# Clipping caps the norm of an exploding gradient, but it does nothing for vanishing ones,
# because scaling a tiny gradient down cannot bring back signal that is already gone.
