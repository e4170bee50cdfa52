# gradient decay - exercise 2
import torch, torch.nn as nn

H, D, B = 32, 16, 64


def make_data(T):
    torch.manual_seed(0)  # same as step 3
    x = torch.randn(T, B, D) * 0.5
    v = torch.randn(H, 1) * 0.2  # read out at last step
    return x, v


y = torch.ones(B, 1)


def rnn_grads(gain, x, v):
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(len(x)):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)  # keep grad of every step
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    return [float(h.grad.norm()) for h in hs], [Wx, Wh]


def lstm_grads(forget_bias, x, v):
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():
        cell.bias_ih[0:H].fill_(forget_bias)  # forget gate is the 1st block
        cell.bias_hh[0:H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(len(x)):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def factor(c):
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))  # per step shrink


# part 1 + part 3 in one table
T = 50
x, v = make_data(T)
steps = [50, 40, 30, 20, 10, 1]
cols = {}
for g in [0.5, 0.9, 1.0, 1.2, 1.5]:
    cols["RNN gain " + str(g)] = rnn_grads(g, x, v)[0]
for fb in [0, 1, 2, 3]:
    cols["LSTM b_f=" + str(fb)] = lstm_grads(float(fb), x, v)
print(steps)
for k, c in cols.items():
    print(k, [c[t - 1] for t in steps], factor(c), c[0] / c[-1])

# part 2 - gain 1.0 at different lengths
for T in [10, 25, 50, 100]:
    x2, v2 = make_data(T)
    c = rnn_grads(1.0, x2, v2)[0]
    back = 0
    for t in range(T - 1, -1, -1):  # walk back from the last step
        if c[t] > c[-1] / 1000:
            back += 1
        else:
            break
    print(T, c[-1], c[0], factor(c), back)
# at gain 1.0 the blame stays above 1/1000 of the last step for all of 10, 25 and 50 steps, at 100 only for the last 91 steps

# part 4 - clipping the gain 1.5 run
c, params = rnn_grads(1.5, x, v)
before = nn.utils.clip_grad_norm_(params, 1.0)
after = torch.norm(torch.stack([p.grad.norm() for p in params]))
print(before, after)

# gains 0.5 and 0.9 vanish (x0.490 and x0.842 per step, 0.5 gives step 1 only 5e-17), 1.0 also vanishes slower, x0.911, still loses about 99% over 50 steps.
# gain 1.5 explodes, the blame grows going back x1.090 per step and step 1 gets 5.27, 68 times step 50. 1.2 is about in the middle (x0.997), dips then grows again.
# the forget bias makes the cell state column stop shrinking, b_f=0 is x0.629 per step like a rnn, b_f=3 is about x1.016 so step 1 keeps as much blame as step 50.
# clipping only fixes exploding, it scales a too big gradient down to norm 1, but a gradient that is already 1e-17 stays
# 1e-17 after clipping (it only makes things smaller never bigger) so it does nothing for vanishing.
