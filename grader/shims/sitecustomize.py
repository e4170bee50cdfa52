"""gradebox runtime shim — supplies torch.nn.functional.scaled_dot_product_attention,
and turns on print provenance (gradebox_provenance.py) when the grader asks.

The grader puts this directory first on the student process's PYTHONPATH only
when its runtime probe found that the installed torch lacks the function (Debian
12 ships torch 1.13; the course pins torch 2.x).  Nothing is imported eagerly:
a meta-path hook waits until the student's code imports torch.nn.functional
(which `import torch` does), then adds the function if it is still missing, so
scripts that never touch torch pay nothing.  The maths is the documented one,
softmax(Q Kᵀ · scale + mask) · V, with torch 2.x's argument names and defaults.

The first call appends the shim's name to the file $GRADEBOX_SHIMS_USED names
(the grader sets it to a file in the work directory: RUNTIME_SHIM_USED_FILE
in grader/check/runtime.h), so the report lists the shim only when it was used.
Each line starts with the run's token, which the grader leaves in that file's
".token" companion and this module reads and removes before the student's code
runs: a line the submission writes itself is not believed.
"""
import importlib.machinery
import math
import os
import sys

_TARGET = "torch.nn.functional"
_NAME = _TARGET + ".scaled_dot_product_attention"
_USED_FILE = os.environ.get("GRADEBOX_SHIMS_USED")


def _take_token():
    """The grader's token for this run, read and removed before the student's code runs."""
    try:
        with open(_USED_FILE + ".token") as f:
            token = f.read().strip()
        os.unlink(_USED_FILE + ".token")
        return token
    except (OSError, TypeError):
        return ""


_TOKEN = _take_token()


def _record_use():
    """Best effort: a submission that made the work dir unwritable loses only the note."""
    if not _USED_FILE:
        return
    try:
        fd = os.open(_USED_FILE, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        try:
            os.write(fd, (_TOKEN + " " + _NAME + "\n").encode())
        finally:
            os.close(fd)
    except OSError:
        pass


def _sdpa_for(F, torch):
    used = []

    def scaled_dot_product_attention(query, key, value, attn_mask=None,
                                     dropout_p=0.0, is_causal=False,
                                     scale=None, enable_gqa=False):
        if not used:
            used.append(True)
            _record_use()
        L, S = query.size(-2), key.size(-2)
        scale_factor = 1.0 / math.sqrt(query.size(-1)) if scale is None else scale
        bias = torch.zeros(L, S, dtype=query.dtype, device=query.device)
        if is_causal:
            if attn_mask is not None:
                raise RuntimeError("scaled_dot_product_attention: "
                                   "pass attn_mask or is_causal=True, not both")
            keep = torch.ones(L, S, dtype=torch.bool, device=query.device).tril(0)
            bias = bias.masked_fill(~keep, float("-inf"))
        if attn_mask is not None:
            if attn_mask.dtype == torch.bool:
                bias = bias.masked_fill(~attn_mask, float("-inf"))
            else:
                bias = bias + attn_mask
        if enable_gqa:
            key = key.repeat_interleave(query.size(-3) // key.size(-3), -3)
            value = value.repeat_interleave(query.size(-3) // value.size(-3), -3)
        weight = query @ key.transpose(-2, -1) * scale_factor
        weight = torch.softmax(weight + bias, dim=-1)
        if dropout_p > 0.0:
            weight = torch.dropout(weight, dropout_p, train=True)
        return weight @ value

    scaled_dot_product_attention.__doc__ = (
        "gradebox shim for torch < 2.0: softmax(Q K^T * scale + mask) V, "
        "same arguments and defaults as torch 2.x.")
    scaled_dot_product_attention.__gradebox_shim__ = True
    return scaled_dot_product_attention


def _install(module):
    if hasattr(module, "scaled_dot_product_attention"):
        return
    torch = sys.modules.get("torch")
    if torch is None:
        return
    module.scaled_dot_product_attention = _sdpa_for(module, torch)


class _Hook:
    """Wraps the real loader of torch.nn.functional; steps aside after one use."""

    def find_spec(self, name, path=None, target=None):
        if name != _TARGET:
            return None
        try:
            sys.meta_path.remove(self)
        except ValueError:
            pass
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        real_exec = spec.loader.exec_module

        def exec_module(module):
            real_exec(module)
            _install(module)

        spec.loader.exec_module = exec_module
        return spec


if _TARGET in sys.modules:
    _install(sys.modules[_TARGET])
else:
    sys.meta_path.insert(0, _Hook())

# Print provenance (gradebox_provenance.py): on when the grader asks for it.
if os.environ.get("GRADEBOX_PROVENANCE"):
    try:
        import gradebox_provenance  # noqa: F401
    except Exception:  # noqa: BLE001 - a broken note must not break the student's run
        pass
