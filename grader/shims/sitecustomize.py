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

The integrity rerun (grader/check/rerun.h): when $GRADEBOX_SEED_MAP holds a key
(32 hex digits; taken out of the environment before the student's code runs),
every seeding call -- torch.manual_seed (and torch.random's), torch.Generator()
.manual_seed, numpy.random.default_rng(seed), numpy.random.seed,
numpy.random.RandomState(seed), random.seed, random.Random(seed) -- receives its
seed through a keyed bijection of the seed space, the same function as
reference/rng/seed_map.c (the reference computes the values those seeds give).
Patched when each module is imported, so nothing is imported early.
"""
import functools
import importlib.machinery
import math
import operator
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


def _seed_mapper(key_hex):
    """The keyed bijection of reference/rng/seed_map.c: seeds in [0, 2**32)
    through an 8-round Feistel network on 16-bit halves; any other seed as it is."""
    mask = (1 << 64) - 1
    keys = (int(key_hex[:16], 16), int(key_hex[16:], 16))

    def mix64(z):
        z ^= z >> 30
        z = (z * 0xBF58476D1CE4E5B9) & mask
        z ^= z >> 27
        z = (z * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)

    def remap(seed):
        if isinstance(seed, bool):
            return seed
        try:
            s = operator.index(seed)
        except TypeError:
            return seed            # arrays, SeedSequences, None: not a seed we map
        if not 0 <= s < 1 << 32:
            return seed
        left, right = s >> 16, s & 0xFFFF
        for i in range(8):
            f = mix64(keys[i & 1] ^ ((i + 1) << 32 | right)) & 0xFFFF
            left, right = right, left ^ f
        return left << 16 | right

    return remap


def _wrap_seed_fn(fn, remap):
    @functools.wraps(fn)
    def seeded(seed, *args, **kwargs):
        return fn(remap(seed), *args, **kwargs)
    return seeded


def _map_torch(torch, remap):
    seeded = _wrap_seed_fn(torch.manual_seed, remap)
    torch.manual_seed = seeded
    if getattr(torch, "random", None) is not None:
        torch.random.manual_seed = seeded
    base = torch.Generator

    class Generator(base):
        __doc__ = base.__doc__

        def manual_seed(self, seed):
            return base.manual_seed(self, remap(seed))

    Generator.__module__, Generator.__qualname__ = base.__module__, base.__qualname__
    torch.Generator = Generator


def _map_numpy_random(npr, remap):
    npr.default_rng = _wrap_seed_fn(npr.default_rng, remap)
    npr.seed = _wrap_seed_fn(npr.seed, remap)
    base = npr.RandomState

    class RandomState(base):
        __doc__ = base.__doc__

        def __init__(self, seed=None):
            super().__init__(remap(seed))

        def seed(self, seed=None):
            return base.seed(self, remap(seed))

    RandomState.__module__, RandomState.__qualname__ = base.__module__, base.__qualname__
    npr.RandomState = RandomState


def _map_random(random, remap):
    base = random.Random

    class Random(base):
        __doc__ = base.__doc__

        def seed(self, a=None, version=2):
            return base.seed(self, remap(a), version)

    Random.__module__, Random.__qualname__ = base.__module__, base.__qualname__
    random.Random = Random
    random.seed = _wrap_seed_fn(random.seed, remap)


class _Hook:
    """Wraps the real loader of each target module, then runs its installer
    on the loaded module; steps aside once every target has been seen."""

    def __init__(self, targets):
        self.targets = dict(targets)

    def find_spec(self, name, path=None, target=None):
        install = self.targets.pop(name, None)
        if install is None:
            return None
        if not self.targets:
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
            install(module)

        spec.loader.exec_module = exec_module
        return spec


def _hook_targets():
    targets = {_TARGET: _install}
    key = os.environ.pop("GRADEBOX_SEED_MAP", "")
    if len(key) == 32:
        try:
            remap = _seed_mapper(key)
        except ValueError:
            remap = None
        if remap is not None:
            targets["torch"] = lambda m: _map_torch(m, remap)
            targets["numpy.random"] = lambda m: _map_numpy_random(m, remap)
            targets["random"] = lambda m: _map_random(m, remap)
    return targets


def _start():
    hook = _Hook(_hook_targets())
    for name in list(hook.targets):
        if name in sys.modules:
            hook.targets.pop(name)(sys.modules[name])
    if hook.targets:
        sys.meta_path.insert(0, hook)


_start()

# Print provenance (gradebox_provenance.py): on when the grader asks for it.
if os.environ.get("GRADEBOX_PROVENANCE"):
    try:
        import gradebox_provenance  # noqa: F401
    except Exception:  # noqa: BLE001 - a broken note must not break the student's run
        pass
