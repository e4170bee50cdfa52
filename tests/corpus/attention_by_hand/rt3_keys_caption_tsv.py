# attention_by_hand.py -- tables helper: the weights are printed TRANSPOSED as tab-separated
# rows (one row per key, one column per query) and only the caption above each table says
# so ("rows = keys, columns = queries"); the corner cell is a plain "key".  Pure-Python
# lists for the maths, torch only for the comparison.  Correct numbers: every check passes.
#
# Worked by hand first: rude . (support, was, not, rude) = 0, 0, 0, 4; over sqrt(4) = 2 that
# is 0, 0, 0, 2; softmax gives 0.096, 0.096, 0.096 and 0.711 for rude itself.
import math

import torch

tokens = ["support", "was", "not", "rude"]
emb = [[2.0, 0.0, 0.0, 0.0],
       [0.0, 0.0, 0.0, 2.0],
       [0.0, 0.0, 2.0, 0.5],
       [0.0, -2.0, 0.0, 0.0]]


def matmul_t(a, b):
    """a @ b.T for lists of rows."""
    return [[sum(x * y for x, y in zip(r, c)) for c in b] for r in a]


def softmax(row):
    m = max(row)
    e = [math.exp(x - m) for x in row]
    return [x / sum(e) for x in e]


def attention(q, k, v):
    d = len(k[0])
    weights = [softmax([s / math.sqrt(d) for s in r]) for r in matmul_t(q, k)]
    cols = list(zip(*v))
    return weights, [[sum(w * x for w, x in zip(wr, c)) for c in cols] for wr in weights]


def report(heading, weights, outputs):
    print(f"== {heading} ==")
    print("attention weights, rows = keys, columns = queries:")
    print("key\t" + "\t".join(tokens))
    for j, key in enumerate(tokens):
        print(key + "\t" + "\t".join(f"{weights[i][j]:.4f}" for i in range(len(tokens))))
    print("sum\t" + "\t".join(f"{sum(w):.4f}" for w in weights))
    print("outputs:")
    for tok, o in zip(tokens, outputs):
        print(f"  {tok:<8} [{', '.join(f'{x:.4f}' for x in o)}]")
    print()


w_self, out_self = attention(emb, emb, emb)
report("self-attention, Q = K = V = E", w_self, out_self)

# The query matrix lets rude ask for its subject and its negator instead of itself.
Wq = [[0.0, -1.0, 0.0, 0.0],
      [0.0, 0.0, 0.0, 0.0],
      [0.0, -1.0, 0.0, 0.0],
      [0.0, 0.0, 0.0, 0.0]]
queries = matmul_t(emb, Wq)
w_q, out_q = attention(queries, emb, emb)
report("separate query matrix Wq", w_q, out_q)

ref = torch.nn.functional.scaled_dot_product_attention(
    torch.tensor(queries, dtype=torch.float64), torch.tensor(emb, dtype=torch.float64),
    torch.tensor(emb, dtype=torch.float64))
gap = (ref - torch.tensor(out_q, dtype=torch.float64)).abs().max().item()
print(f"max abs diff vs torch: {gap:.2e}")

# Shuffle the tokens: each output row moves with its token to the new place,
# and the numbers in it stay the same as before,
# so attention on its own cannot see word order; it needs position information.
perm = [2, 0, 3, 1]
w_p, out_p = attention([queries[i] for i in perm], [emb[i] for i in perm], [emb[i] for i in perm])
print("shuffled outputs are the old rows moved:",
      all(math.isclose(a, b) for i, r in zip(perm, out_p) for a, b in zip(out_q[i], r)))
