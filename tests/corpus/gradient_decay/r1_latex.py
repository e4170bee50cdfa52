# gradient_decay.py -- red team (r1): a student who prints LaTeX (booktabs) tables to paste
# into their lab report: & separators, \\ row ends, \toprule / \midrule rules, numbers as
# $7.577 \times 10^{-2}$.
import torch
import torch.nn as nn

torch.manual_seed(0)
T, H, D, B = 50, 32, 16, 64
x = torch.randn(T, B, D) * 0.5
v = torch.randn(H, 1) * 0.2
y = torch.ones(B, 1)


def rnn_grads(gain, steps=T, keep=False):
    """Plain RNN: gradient norm arriving at each step's hidden state."""
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(steps):
        h = torch.tanh(x[t % T] @ Wx + h @ Wh)
        h.retain_grad()
        hs.append(h)
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    grads = [float(h.grad.norm()) for h in hs]
    return (grads, [Wx, Wh]) if keep else grads


def lstm_grads(forget_bias):
    """LSTM: gradient norm arriving at each step's cell state."""
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


def factor(c):
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))


STEPS = (50, 40, 30, 20, 10, 1)
GAINS = (0.5, 0.9, 1.0, 1.2, 1.5)
BIASES = (0, 1, 2, 3)


def latex_table(caption, header, rows):
    print(r"\begin{table}[h]")
    print(r"\centering")
    print(r"\begin{tabular}{l" + "r" * (len(header) - 1) + "}")
    print(r"\toprule")
    print(" & ".join(header) + r" \\")
    print(r"\midrule")
    for r in rows:
        print(" & ".join(r) + r" \\")
    print(r"\bottomrule")
    print(r"\end{tabular}")
    print(r"\caption{" + caption + "}")
    print(r"\end{table}")
    print()


def sci(v):
    m, e = f"{v:.3e}".split("e")
    return f"${m} \\times 10^{{{int(e)}}}$"


rows = []
for g in GAINS:
    c = rnn_grads(g)
    rows.append([f"RNN gain {g}"] + [sci(c[t - 1]) for t in STEPS] + [f"{factor(c):.3f}"])
for fb in BIASES:
    c = lstm_grads(float(fb))
    rows.append([f"LSTM $b_f={fb}$"] + [sci(c[t - 1]) for t in STEPS] + [f"{factor(c):.3f}"])
latex_table("Gradient norm reaching step $t$; loss at step 50 only.",
            ["model"] + [f"step {t}" for t in STEPS] + ["per step"], rows)

lrows = []
for L in (10, 25, 50, 100):
    c = rnn_grads(1.0, steps=L)
    lrows.append([f"{L}", f"{sum(1 for g in c if g > c[-1] / 1000)}"])
latex_table("Gain 1.0: steps whose blame stays above 1/1000 of the last step's.",
            ["length", "steps above $10^{-3}$"], lrows)

_, params = rnn_grads(1.5, keep=True)
before = float(torch.nn.utils.clip_grad_norm_(params, 1.0))
after = float(torch.sqrt(sum((p.grad ** 2).sum() for p in params)))
latex_table("Clipping the gain 1.5 run at 1.0.", ["run", "before", "after"],
            [["gain 1.5", f"{before:.3f}", f"{after:.3f}"]])

# Gains 0.5, 0.9 and 1.0 vanish: the blame shrinks at every step back toward step 1.
# Gains 1.2 and 1.5 do not vanish; gain 1.5 explodes, growing as the blame travels back.
# The forget bias keeps the cell-state column from decaying: at bias 3 step 1 gets as much as step 50.
# Clipping rescales an exploding gradient down to the threshold, but it does nothing for a
# vanishing one, because a tiny gradient is already below the threshold and is left alone.
