"""attention_by_hand.py -- Exercise 4: attention on paper, then in NumPy.

Part one   -- the hand computation for the "rude" row (in the comment block
              below, written before the script was first run).
Part two   -- attend(Q, K, V) in NumPy, run with query = key = value.
Part three -- Step 6's query matrix, so that a negative word asks for its
              subject and for a negator.
Part four  -- a check against PyTorch's scaled-dot-product attention, and a
              shuffle of the four token rows.

torch 1.13 note: torch.nn.functional.scaled_dot_product_attention only
appeared in torch 2.0.  torch 1.13 ships the same computation as the private
function torch.nn.functional._scaled_dot_product_attention (it is what
nn.MultiheadAttention calls internally), with signature
(query, key, value, attn_mask, dropout_p, need_attn_weights, is_causal) and a
leading batch dimension.  I use the public function when it exists and the
private one otherwise.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Tuple

import numpy as np
import torch

# ------------------------------------------------------------------ part one
# Hand computation, "rude" row, query = key = value = the meanings.
#   rude = [0, -2, 0, 0]
#   rude . support = [0,-2,0,0] . [2,0,0,0]   = 0
#   rude . was     = [0,-2,0,0] . [0,0,0,2]   = 0
#   rude . not     = [0,-2,0,0] . [0,0,2,0.5] = 0
#   rude . rude    = [0,-2,0,0] . [0,-2,0,0]  = 4
#   divided by sqrt(4) = 2:  scores = [0, 0, 0, 2]
#   softmax: exp(0) = 1 (three times), exp(2) = 7.389, total = 10.389
#     support 1 / 10.389     = 0.096
#     was     1 / 10.389     = 0.096
#     not     1 / 10.389     = 0.096
#     rude    7.389 / 10.389 = 0.711
#   check: 0.096 * 3 + 0.711 = 0.999 (1.000 before rounding).
# So with raw self-attention "rude" mostly re-reads itself.

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
HAND_RUDE_ROW = np.array([0.096, 0.096, 0.096, 0.711])


@dataclass
class AttentionResult:
    """Weights and output of one attention pass, with the token labels."""
    label: str
    tokens: List[str]
    scores: np.ndarray
    weights: np.ndarray
    output: np.ndarray

    def row(self, token: str) -> np.ndarray:
        return self.weights[self.tokens.index(token)]

    def __str__(self) -> str:
        head = f"{'':<9s}" + "".join(f"{t:>10s}" for t in self.tokens)
        lines = [f"--- {self.label} ---",
                 "scores (query row, key column), divided by sqrt(d):", head]
        lines += [f"{t:<9s}" + "".join(f"{v:10.3f}" for v in r)
                  for t, r in zip(self.tokens, self.scores)]
        lines += ["weights after softmax:", head + f"{'sum':>8s}"]
        lines += [f"{t:<9s}" + "".join(f"{v:10.3f}" for v in r) + f"{r.sum():8.3f}"
                  for t, r in zip(self.tokens, self.weights)]
        lines += ["output = weights @ values:"]
        lines += [f"  {t:<8s} {r}" for t, r in zip(self.tokens, self.output)]
        return "\n".join(lines)


@dataclass
class TorchCheck:
    """Largest absolute gap between my NumPy output and PyTorch's."""
    torch_function: str
    max_abs_gap: float
    below_1e_12: bool


def attend(Q: np.ndarray, K: np.ndarray, V: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """Scaled dot-product attention. Returns (weights, output)."""
    d = K.shape[1]
    scores = Q @ K.T / np.sqrt(d)
    w = np.exp(scores - scores.max(axis=1, keepdims=True))  # stable softmax
    w = w / w.sum(axis=1, keepdims=True)                      # row by row
    return w, w @ V


def run(label: str, Q: np.ndarray, K: np.ndarray, V: np.ndarray,
        tokens: List[str]) -> AttentionResult:
    w, out = attend(Q, K, V)
    return AttentionResult(label=label, tokens=tokens,
                           scores=Q @ K.T / np.sqrt(K.shape[1]),
                           weights=w, output=out)


def torch_attention(Q: np.ndarray, K: np.ndarray, V: np.ndarray) -> Tuple[np.ndarray, str]:
    """PyTorch's own scaled-dot-product attention (see the module docstring)."""
    F = torch.nn.functional
    q, k, v = (torch.tensor(a) for a in (Q, K, V))
    if hasattr(F, "scaled_dot_product_attention"):       # torch >= 2.0
        return F.scaled_dot_product_attention(q, k, v).numpy(), \
            "scaled_dot_product_attention"
    out, _ = F._scaled_dot_product_attention(              # torch 1.13
        q.unsqueeze(0), k.unsqueeze(0), v.unsqueeze(0), None, 0.0, False, False)
    return out[0].numpy(), "_scaled_dot_product_attention (torch 1.13)"


def main() -> None:
    np.set_printoptions(precision=3, suppress=True)
    print(f"four 4-number meanings, axes = {AXES}")
    for tok, row in zip(TOKENS, E):
        print(f"  {tok:<8s} {row}")

    # ------------------------------------------------------------ part two
    A = run("A. raw self-attention: query = key = value = the meanings",
            E, E, E, TOKENS)
    print()
    print(A)
    rude_row = A.row("rude")
    print(f"\nrude row, NumPy: {rude_row}")
    print(f"rude row, hand : {HAND_RUDE_ROW}")
    print(f"hand numbers agree to 3 decimals?"
          f" {bool(np.allclose(rude_row, HAND_RUDE_ROW, atol=5e-4))}")
    print(f"every row sums to 1? {bool(np.allclose(A.weights.sum(1), 1.0))}")

    # ---------------------------------------------------------- part three
    Q = E @ Wq.T
    print("\nqueries after the query matrix Wq:")
    for tok, row in zip(TOKENS, Q):
        print(f"  {tok:<8s} {row}")
    Bres = run("B. separate query matrix, key = value = the meanings",
               Q, E, E, TOKENS)
    print()
    print(Bres)
    i = TOKENS.index("rude")
    print("\nreading the 'rude' row aloud:")
    for j, t in enumerate(TOKENS):
        print(f"  {Bres.weights[i, j]:.3f} of its new meaning comes from '{t}'")
    print(f"  its good/bad number moved from {E[i, 1]:+.3f} to {Bres.output[i, 1]:+.3f}")
    print(f"  its negation number moved from {E[i, 2]:+.3f} to {Bres.output[i, 2]:+.3f}")

    # Which token attended to which: "rude" sends 0.440 of its attention to
    # "support" and 0.440 to "not", and 0.060 to each of "was" and itself.
    # That pairing is correct for "support was not rude": "rude" needs to
    # know whom it describes (support) and that it is negated (not), and the
    # result is that its bad-news value collapses from -2.000 to -0.119 while
    # a negation value of 0.881 appears.  The other three rows have all-zero
    # queries, so they spread 0.250 evenly over the four tokens.

    # ----------------------------------------------------------- part four
    ref, name = torch_attention(Q, E, E)
    check = TorchCheck(torch_function=name,
                       max_abs_gap=float(np.abs(ref - Bres.output).max()),
                       below_1e_12=bool(np.abs(ref - Bres.output).max() < 1e-12))
    print()
    print(check)

    order = [3, 0, 2, 1]  # new order: rude, support, not, was
    Es, Qs = E[order], Q[order]
    shuffled_tokens = [TOKENS[k] for k in order]
    S = run("C. the same, with the four token rows shuffled", Qs, Es, Es,
            shuffled_tokens)
    print()
    print(S)
    print("\nper token, original output vs shuffled output:")
    same = True
    for tok in TOKENS:
        a = Bres.output[TOKENS.index(tok)]
        b = S.output[shuffled_tokens.index(tok)]
        same &= bool(np.allclose(a, b))
        print(f"  {tok:<8s} {a}  {b}")
    print(f"every token's output unchanged by the shuffle? {same}")
    print(f"shuffled output equals the original rows in the new order?"
          f" {bool(np.allclose(S.output, Bres.output[order]))}")

    # Shuffle conclusions.
    # What changed: only the order of the rows -- each output row moved to
    # wherever its token moved, and the weight matrix was permuted along
    # both axes in the same way.
    # What did not change: the values; every token received exactly the same
    # output vector as before ("rude" still reads [0.881, -0.119, 0.881,
    # 0.339]), because the scores depend only on the dot products between
    # token vectors, not on where those tokens stand.
    # Therefore attention on its own is blind to order: "support was not
    # rude" and any shuffle of it give the same per-token meanings, so
    # position information has to be added to the vectors (as 2.8 does)
    # before attention can tell word order apart.


if __name__ == "__main__":
    main()
