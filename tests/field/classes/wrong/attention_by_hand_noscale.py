"""Exercise 4 -- attention on paper, then in NumPy, then against PyTorch."""
import numpy as np
import torch
import torch.nn.functional as F

np.set_printoptions(precision=3, suppress=True)

# Part one, worked on paper before running anything.
# The rude row is [0, -2, 0, 0]. Its dot products with every token are:
#   rude . support = 0*2 + (-2)*0 + 0*0 + 0*0     = 0
#   rude . was     = 0*0 + (-2)*0 + 0*0 + 0*2     = 0
#   rude . not     = 0*0 + (-2)*0 + 0*2 + 0*0.5   = 0
#   rude . rude    = 0*0 + (-2)*(-2) + 0 + 0      = 4
# Divided by sqrt(4) = 2 the scores are 0, 0, 0 and 2.
# Softmax: exp(0) = 1 three times and exp(2) = 7.389, so the total is 10.389.
#   support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
# The four weights add to 0.096*3 + 0.711 = 0.999, which is 1.000 before rounding.
HAND_RUDE_ROW = [0.096, 0.096, 0.096, 0.711]

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
Wq = np.array([[0.0, -1.0, 0.0, 0.0],  # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],  # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])


def attend(Q, K, V):
    """Scaled dot-product attention in NumPy. Returns (weights, output)."""
    scores = Q @ K.T
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)  # softmax along each row (over the keys)
    return w, w @ V


def torch_attention(Q, K, V):
    """PyTorch's own attention. torch 1.13 only has the function under its private
    name _scaled_dot_product_attention; newer builds call it scaled_dot_product_attention."""
    q, k, v = (torch.tensor(a).unsqueeze(0) for a in (Q, K, V))
    if hasattr(F, "scaled_dot_product_attention"):
        out = F.scaled_dot_product_attention(q, k, v)
    else:
        out = F._scaled_dot_product_attention(q, k, v, None, 0.0, False, False)[0]
    return out[0].numpy()


def matrix_text(names, M, with_sum=False):
    s = ''.ljust(9) + ''.join(n.rjust(10) for n in names) + ('sum'.rjust(8) if with_sum else '') + '\n'
    for n, r in zip(names, M):
        s += n.ljust(9) + ''.join(('%.3f' % v).rjust(10) for v in r)
        s += (('%.3f' % r.sum()).rjust(8) if with_sum else '') + '\n'
    return s


class AttentionRun:
    """One attention pass on a list of tokens; keeps the weights and the output."""

    def __init__(self, label, tokens, meanings, use_wq):
        self.label, self.tokens, self.E, self.use_wq = label, tokens, meanings, use_wq

    def run(self):
        self.Q = self.E @ Wq.T if self.use_wq else self.E
        self.w, self.out = attend(self.Q, self.E, self.E)
        self.torch_gap = float(np.abs(torch_attention(self.Q, self.E, self.E) - self.out).max())
        return self

    def __str__(self):
        s = '--- ' + self.label + ' ---\n'
        if self.use_wq:
            s += 'queries (E @ Wq.T):\n'
            for t, r in zip(self.tokens, self.Q):
                s += '  ' + t.ljust(8) + str(r) + '\n'
        s += 'attention weights (query row, key column):\n' + matrix_text(self.tokens, self.w, True)
        s += 'output = weights @ values:\n'
        for t, r in zip(self.tokens, self.out):
            s += '  ' + t.ljust(8) + str(r) + '\n'
        s += 'largest gap against torch attention: ' + ('%.2e' % self.torch_gap) + '\n'
        return s


# Part three, which token attended to which (written after reading the REPORT):
# With the query matrix only "rude" has a non-zero query, [2, 0, 2, 0], so rude attends 0.440 to
# "support", 0.440 to "not" and 0.060 each to "was" and itself, while the other three rows have
# nothing to ask and spread 0.250 evenly. That pairing is right for "support was not rude",
# because rude is said about its subject support and is flipped by not, so its output picks up
# the subject (0.881), a negation number of 0.881 and a good/bad number that rose from -2.000 to -0.119.
#
# Part four, my three sentences on the shuffle:
# After shuffling the rows into rude, support, not, was, the output rows and the rows and columns
# of the weight matrix moved to new places together with their tokens.
# The values did not change at all: after undoing the shuffle the largest output gap and weight
# gap are both 0.00e+00, and rude still reads [0.881, -0.119, 0.881, 0.339].
# So attention on its own is blind to order (it would read "rude support not was" exactly like
# "support was not rude"), which is why position information has to be added to the inputs.
class AttentionExperiment:
    """Parts two to four: raw self-attention, the query matrix, torch check, shuffle."""

    SHUFFLE = [3, 0, 2, 1]  # new order: rude, support, not, was

    def run(self):
        self.raw = AttentionRun('A. query = key = value = the meanings', TOKENS, E, False).run()
        self.qm = AttentionRun('B. with the query matrix Wq', TOKENS, E, True).run()
        p = self.SHUFFLE
        self.shuf = AttentionRun('C. B again with the token rows shuffled', [TOKENS[i] for i in p],
                                 E[p], True).run()
        # put the shuffled answers back into the original order and compare
        back = np.argsort(p)
        self.shuf_out_gap = float(np.abs(self.shuf.out[back] - self.qm.out).max())
        self.shuf_w_gap = float(np.abs(self.shuf.w[back][:, back] - self.qm.w).max())
        self.shuf_rows_moved = not np.allclose(self.shuf.out, self.qm.out)
        i = TOKENS.index("rude")
        self.hand_gap = float(np.abs(np.array(HAND_RUDE_ROW) - self.raw.w[i]).max())
        return self

    def report(self):
        line = '=' * 64 + '\n'
        s = line + 'REPORT\n' + line
        s += 'four 4-number meanings, axes = ' + str(AXES) + '\n'
        for t, r in zip(TOKENS, E):
            s += '  ' + t.ljust(8) + str(r) + '\n'
        s += '\n' + str(self.raw)
        i = TOKENS.index("rude")
        s += 'rude row by hand : ' + '  '.join('%.3f' % v for v in HAND_RUDE_ROW) + '\n'
        s += 'rude row by code : ' + '  '.join('%.3f' % v for v in self.raw.w[i]) + '\n'
        s += 'largest hand-vs-code difference: ' + ('%.4f' % self.hand_gap) + '\n'
        s += '\n' + str(self.qm)
        s += "reading the 'rude' row aloud:\n"
        for j, t in enumerate(TOKENS):
            s += '  ' + ('%.3f' % self.qm.w[i, j]) + " of its new meaning comes from '" + t + "'\n"
        s += '  good/bad number: ' + ('%+.3f' % E[i, 1]) + ' -> ' + ('%+.3f' % self.qm.out[i, 1]) + '\n'
        s += '  negation number: ' + ('%+.3f' % E[i, 2]) + ' -> ' + ('%+.3f' % self.qm.out[i, 2]) + '\n'
        s += '\n' + str(self.shuf)
        s += 'shuffled outputs equal the unshuffled ones row for row? ' + str(not self.shuf_rows_moved) + '\n'
        s += 'after undoing the shuffle, largest output gap : ' + ('%.2e' % self.shuf_out_gap) + '\n'
        s += 'after undoing the shuffle, largest weight gap : ' + ('%.2e' % self.shuf_w_gap) + '\n'
        s += '\nhops from token 1 to token 50: RNN 49, attention 1\n'
        return s


if __name__ == '__main__':
    print(AttentionExperiment().run().report())
