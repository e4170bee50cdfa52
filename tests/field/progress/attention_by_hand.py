#!/usr/bin/env python3
# Part one, on paper (worked by hand BEFORE running anything):
#   rude = [0,-2,0,0]
#   rude . support = 0*2 + (-2)*0 + 0 + 0       = 0   -> /sqrt(4)=2 -> 0.0
#   rude . was     = 0 + 0 + 0 + 0*2            = 0   -> 0.0
#   rude . not     = 0 + 0 + 0*2 + 0*0.5        = 0   -> 0.0
#   rude . rude    = (-2)*(-2)                  = 4   -> 2.0
#   softmax: e^0 = 1 (three times), e^2 = 7.389; total = 3 + 7.389 = 10.389
#   rude -> support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
#   (0.096*3 + 0.711 = 0.999, rounding; the exact weights add to 1)
#
# Findings:
#   Part two: the printed rude row is 0.0963, 0.0963, 0.0963, 0.7112 -- my paper numbers
#   (0.096 x3, 0.711) agree; every row sums to 1.0000.
#   Part three: with Wq, 'rude' is the only token with a non-zero query ([2,0,2,0]) and it
#   attends 0.4404 to 'support' and 0.4404 to 'not' (0.0596 to 'was' and to itself); that
#   pairing is right for "support was not rude": 'rude' needs to know whose behaviour it
#   describes (support) and that it is negated (not), and its output row became
#   [0.8808, -0.1192, 0.8808, 0.3394], so the bad-news value went from -2.0000 to -0.1192
#   and a negation value of 0.8808 appeared. The other three rows have zero queries, so
#   they spread 0.25 evenly. The torch check agrees to 2.22e-16 (torch 1.13 only has the
#   private _scaled_dot_product_attention, so I used that).
#   Part four: after shuffling, the weight and output rows moved to the new positions of
#   their tokens (position-by-position gap 0.3808). The values themselves did not change
#   at all -- un-shuffled, the gap to the original is 0.00e+00. So attention alone is blind
#   to order: a review and any reordering of it get the same meanings per token, which is
#   why a Transformer has to add position information.
"""attention_by_hand.py -- scaled dot-product attention on four tokens, in NumPy.

Exercise 4 of the module. Runs with no arguments.
"""
import argparse
import sys

import numpy as np
import torch

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],   # support
              [0.0, 0.0, 0.0, 2.0],   # was
              [0.0, 0.0, 2.0, 0.5],   # not
              [0.0, -2.0, 0.0, 0.0]])  # rude

Wq = np.array([[0.0, -1.0, 0.0, 0.0],  # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],  # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])


def progress(done, total, text, width=20):
    k = int(round(width * done / total))
    sys.stdout.write("\r[" + "#" * k + "." * (width - k) + "] " + text)
    sys.stdout.flush()


def attend(Q, K, V):
    """Scaled dot-product attention. Returns (weights, output)."""
    scores = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(scores - scores.max(axis=1, keepdims=True))
    w = w / w.sum(axis=1, keepdims=True)  # softmax along each query row
    return w, w @ V


def show_weights(title, w, out, tokens):
    sys.stdout.write(f"\n--- {title} ---\n")
    sys.stdout.write(f"{'weights':<9s}" + "".join(f"{t:>10s}" for t in tokens) + f"{'sum':>8s}\n")
    for t, r in zip(tokens, w):
        sys.stdout.write(f"{t:<9s}" + "".join(f"{v:10.4f}" for v in r) + f"{r.sum():8.4f}\n")
    sys.stdout.write("output rows:\n")
    for t, r in zip(tokens, out):
        sys.stdout.write(f"  {t:<8s} [" + ", ".join(f"{v:+.4f}" for v in r) + "]\n")


def torch_attention(Q, K, V):
    q, k, v = (torch.tensor(a) for a in (Q, K, V))
    f = getattr(torch.nn.functional, "scaled_dot_product_attention", None)
    if f is not None:                      # torch >= 2.0
        return f(q, k, v).numpy(), "scaled_dot_product_attention"
    # torch 1.13 only ships the (private) early version of the same function
    out, _ = torch.nn.functional._scaled_dot_product_attention(
        q.unsqueeze(0), k.unsqueeze(0), v.unsqueeze(0), None, 0.0, False, False)
    return out[0].numpy(), "_scaled_dot_product_attention (torch 1.13 name)"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--shuffle-seed", type=int, default=3)
    args = ap.parse_args()
    steps = 4

    sys.stdout.write(f"four meanings, axes = {AXES}\n")
    for t, r in zip(TOKENS, E):
        sys.stdout.write(f"  {t:<8s} {r}\n")

    # Part two
    progress(1, steps, "A: query = key = value = meanings")
    wA, outA = attend(E, E, E)
    sys.stdout.write("\n")
    show_weights("A. query = key = value = the meanings", wA, outA, TOKENS)
    r = TOKENS.index("rude")
    hand = np.array([1, 1, 1, np.e ** 2]) / (3 + np.e ** 2)
    sys.stdout.write("hand vs code, rude row: "
                     + " ".join(f"{t} {h:.3f}/{c:.3f}" for t, h, c in zip(TOKENS, hand, wA[r]))
                     + f"  max gap {np.abs(hand - wA[r]).max():.2e}\n")

    # Part three
    progress(2, steps, "B: query matrix Wq")
    Q = E @ Wq.T
    wB, outB = attend(Q, E, E)
    sys.stdout.write("\n")
    sys.stdout.write("\nqueries after Wq:\n")
    for t, q in zip(TOKENS, Q):
        sys.stdout.write(f"  {t:<8s} {q}\n")
    show_weights("B. query = meanings @ Wq.T, key = value = meanings", wB, outB, TOKENS)
    sys.stdout.write(f"rude row: good/bad {E[r, 1]:+.4f} -> {outB[r, 1]:+.4f},"
                     f" negation {E[r, 2]:+.4f} -> {outB[r, 2]:+.4f}\n")

    # Part four: torch check
    progress(3, steps, "C: torch check")
    t_out, fname = torch_attention(Q, E, E)
    sys.stdout.write("\n")
    gap = np.abs(t_out - outB).max()
    sys.stdout.write(f"\ntorch function used: {fname}\n")
    sys.stdout.write(f"largest gap against torch: {gap:.2e}  (below 1e-12? {gap < 1e-12})\n")

    # Part four: shuffle the rows
    progress(4, steps, "D: shuffled token order")
    perm = np.random.default_rng(args.shuffle_seed).permutation(len(TOKENS))
    Es = E[perm]
    toks_s = [TOKENS[i] for i in perm]
    ws, outs = attend(Es @ Wq.T, Es, Es)
    sys.stdout.write("\n")
    show_weights(f"D. same as B with rows shuffled to {toks_s}", ws, outs, toks_s)
    back = np.empty_like(outs)
    back[perm] = outs  # put every row back under its own token
    sys.stdout.write(f"rows moved with their tokens; after un-shuffling, largest gap to B:"
                     f" {np.abs(back - outB).max():.2e}\n")
    sys.stdout.write(f"row-for-row (position by position) gap to B: {np.abs(outs - outB).max():.4f}\n")

    sys.stdout.write("\nhops from 'not' to 'rude': RNN 1, attention 1\n")
    sys.stdout.write("hops from token 1 to token 50: RNN 49, attention 1\n")


if __name__ == "__main__":
    main()
