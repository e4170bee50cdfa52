"""test_sdpa_shim.py — the scaled_dot_product_attention shim (grader/shims/).

Run with grader/shims first on PYTHONPATH, as the grader runs students.
Checks: nothing is imported until the student imports torch; the function
appears on torch.nn.functional (both import styles); its maths and its torch
2.x arguments (attn_mask bool/float, is_causal, scale, dropout_p, enable_gqa)
match the documented definition; a torch that has the function keeps its own.
"""
import math
import sys

assert "torch" not in sys.modules and "numpy" not in sys.modules, "shim imported eagerly"

import torch
from torch.nn.functional import scaled_dot_product_attention as sdpa_imported
import torch.nn.functional as F

sdpa = F.scaled_dot_product_attention
if not getattr(sdpa, "__gradebox_shim__", False):
    print("torch has its own scaled_dot_product_attention; the shim stayed out")
    sys.exit(0)
assert sdpa_imported is sdpa


def reference(q, k, v, mask=None, scale=None):
    s = q @ k.transpose(-2, -1) * (1 / math.sqrt(q.size(-1)) if scale is None else scale)
    if mask is not None:
        s = s.masked_fill(~mask, float("-inf")) if mask.dtype == torch.bool else s + mask
    return torch.softmax(s, -1) @ v


g = torch.Generator().manual_seed(0)
q = torch.randn(2, 4, 5, 8, generator=g, dtype=torch.float64)
k = torch.randn(2, 4, 6, 8, generator=g, dtype=torch.float64)
v = torch.randn(2, 4, 6, 3, generator=g, dtype=torch.float64)
gap = lambda a, b: float((a - b).abs().max())

assert gap(sdpa(q, k, v), reference(q, k, v)) < 1e-12
mask = torch.rand(5, 6, generator=g) > 0.4
mask[:, 0] = True
assert gap(sdpa(q, k, v, attn_mask=mask), reference(q, k, v, mask)) < 1e-12
bias = torch.randn(5, 6, generator=g, dtype=torch.float64)
assert gap(sdpa(q, k, v, attn_mask=bias), reference(q, k, v, bias)) < 1e-12
assert gap(sdpa(q, k, v, scale=0.3), reference(q, k, v, scale=0.3)) < 1e-12
causal = torch.ones(5, 6, dtype=torch.bool).tril()
assert gap(sdpa(q, k, v, is_causal=True), reference(q, k, v, causal)) < 1e-12
assert gap(sdpa(q, k, v, None, 0.0, False, None), reference(q, k, v)) < 1e-12
kg, vg = k[:, :2], v[:, :2]                       # 4 query heads share 2 key heads
want = reference(q, kg.repeat_interleave(2, 1), vg.repeat_interleave(2, 1))
assert gap(sdpa(q, kg, vg, enable_gqa=True), want) < 1e-12
torch.manual_seed(1)
dropped = sdpa(q, k, v, dropout_p=0.5)
assert dropped.shape == (2, 4, 5, 3) and gap(dropped, reference(q, k, v)) > 0
try:
    sdpa(q, k, v, attn_mask=mask, is_causal=True)
    raise AssertionError("attn_mask with is_causal must be refused")
except RuntimeError:
    pass

# The module's own check: float64 NumPy against torch, gap below 1e-12.
import numpy as np
E = np.array([[2, 0, 0, 0], [0, 0, 0, 2], [0, 0, 2, .5], [0, -2, 0, 0]], float)
Q = E @ np.array([[0, -1, 0, 0], [0, 0, 0, 0], [0, -1, 0, 0], [0, 0, 0, 0]], float).T
s = Q @ E.T / 2
w = np.exp(s - s.max(1, keepdims=True))
w /= w.sum(1, keepdims=True)
out = sdpa(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
assert np.abs(out - w @ E).max() < 1e-12
assert abs(out[3, 1] - -0.119) < 1e-3
print("sdpa shim: all checks passed")
