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
numpy.random.RandomState(seed), numpy.random.PCG64(seed) and SeedSequence(seed),
random.seed, random.Random(seed) -- receives its
seed through a keyed bijection of the seed space, the same function as
reference/rng/seed_map.c (the reference computes the values those seeds give).
Patched when each module is imported, so nothing is imported early.

The hidden-input test of attend (grader/check/attend_test.h): when
$GRADEBOX_ATTEND names a file of inputs (read, removed and taken out of the
environment before the student's code runs), an exit handler -- registered
first, so it runs last, after the script's own -- calls the script's
attend(Q, K, V) on each input once the script has ended, and writes what came
back to that file's ".out" companion behind the run's token.  The inputs are
float64 NumPy arrays; if attend raises on them and the script imported torch,
float64 tensors.  Nothing here computes an expected value: the grader compares.

When $GRADEBOX_RETURNS names a file and $GRADEBOX_RETURNS_OF functions (attend),
gradebox_returns.py records the numbers those functions return, for the grader's
"returned" checks.

Before the script runs, when $GRADEBOX_TYPED names a file, gradebox_typed.py
reads the script's source (never running it) and writes there, behind the
run's token, the texts the script prints or builds from constants alone:
chr() codes joined, arithmetic on literals, decoded bytes literals.
"""
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
    # Named like the original but without functools.wraps' __wrapped__, which
    # would tell a script at a glance which run it is in (the judgement does
    # not rely on it staying hidden: score_rerun.h).
    def seeded(seed, *args, **kwargs):
        return fn(remap(seed), *args, **kwargs)
    for attr in ("__module__", "__name__", "__qualname__", "__doc__"):
        try:
            setattr(seeded, attr, getattr(fn, attr))
        except (AttributeError, TypeError):
            pass
    return seeded


def _seeded_class(base, remap):
    """A subclass of a NumPy bit generator or SeedSequence whose first argument
    (the seed, or the entropy) goes through remap: default_rng(seed) is
    Generator(PCG64(seed)), and both spellings must give the same stream."""
    class Seeded(base):
        __doc__ = base.__doc__

        def __init__(self, seed=None, *args, **kwargs):
            super().__init__(remap(seed), *args, **kwargs)

    Seeded.__module__, Seeded.__qualname__ = base.__module__, base.__qualname__
    Seeded.__name__ = base.__name__
    return Seeded


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
    # default_rng's C code builds its own PCG64 and SeedSequence, so mapping
    # the Python names as well maps each spelling once.
    for name in ("PCG64", "SeedSequence"):
        if isinstance(getattr(npr, name, None), type):
            setattr(npr, name, _seeded_class(getattr(npr, name), remap))


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

_ATTEND_MAX = 8          # attend_test.h's ATTEND_DIM: larger returns are not read
_LABEL_WORDS = ("label", "title", "name", "tag", "caption", "heading", "header", "desc")


def _one_line(exc):
    text = "%s: %s" % (type(exc).__name__, exc)
    return " ".join(text.split())[:200]


def _attend_inputs(spec):
    """The grader's inputs: a count, then per input 'nq nk dk dv' and Q, K, V rows."""
    import numpy as np
    lines = spec.splitlines()
    cases = []
    at = 1
    for _ in range(int(lines[0])):
        nq, nk, dk, dv = (int(x) for x in lines[at].split())
        q, k, v = ([float(x) for x in lines[at + i].split()] for i in (1, 2, 3))
        cases.append((np.array(q).reshape(nq, dk), np.array(k).reshape(nk, dk),
                      np.array(v).reshape(nk, dv)))
        at += 4
    return cases


def _wants_label(fn):
    """attend(Q, K, V, label), as the module's own code writes it: one more required
    positional parameter, named like a label, gets one."""
    import inspect
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return False
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    required = [p for p in params if p.kind in kinds and p.default is p.empty]
    return len(required) == 4 and required[3].name.lower().startswith(_LABEL_WORDS)


def _attend_item(np, x):
    """One returned value: 'item ROWS COLS V...', or 'item -1 -1' if not a small matrix."""
    try:
        if hasattr(x, "detach"):
            x = x.detach().cpu().double().numpy()
        a = np.asarray(x, dtype=float)
    except Exception:  # noqa: BLE001 - anything a student returns
        return "item -1 -1"
    if a.ndim != 2 or not (0 < a.shape[0] <= _ATTEND_MAX and 0 < a.shape[1] <= _ATTEND_MAX):
        return "item -1 -1"
    return "item %d %d %s" % (a.shape[0], a.shape[1], " ".join(repr(float(v)) for v in a.ravel()))


def _attend_calls(fn, np):
    """The ways to call fn, in the order tried: NumPy arrays, then torch tensors."""
    label = ("gradebox hidden input",) if _wants_label(fn) else ()
    sig = "attend(Q, K, V%s)" % (", label" if label else "")
    ways = [(sig + " with float64 NumPy arrays", lambda q, k, v: fn(q, k, v, *label))]
    torch = sys.modules.get("torch")
    if torch is not None and hasattr(torch, "from_numpy"):
        ways.append((sig + " with float64 torch tensors", lambda q, k, v: fn(
            torch.from_numpy(q.copy()), torch.from_numpy(k.copy()), torch.from_numpy(v.copy()),
            *label)))
    return ways


def _attend_try(ways, q, k, v):
    """(name, returned, None) from the first way that returns, else (None, None, error)."""
    first_error = None
    for name, call in ways:
        try:
            return name, call(q.copy(), k.copy(), v.copy()), None
        except BaseException as exc:  # noqa: BLE001 - SystemExit too: the student's code
            first_error = first_error or exc
    return None, None, first_error


def _attend_report(spec):
    main = sys.modules.get("__main__")
    fn = getattr(main, "attend", None)
    if not callable(fn):
        return ["missing the script defines no function attend at its top level"]
    import numpy as np
    cases = _attend_inputs(spec)
    ways = _attend_calls(fn, np)
    how, lines = None, []
    for i, (q, k, v) in enumerate(cases):
        name, got, error = _attend_try([w for w in ways if w[0] == how] if how else ways, q, k, v)
        if name is None:
            lines.append("case %d raised %s" % (i, _one_line(error)))
            continue
        how = name
        if isinstance(got, dict):
            got = list(got.values())
        items = list(got) if isinstance(got, (tuple, list)) else [got]
        lines.append("case %d ok %d" % (i, min(len(items), 4)))
        lines.extend(_attend_item(np, x) for x in items[:4])
    return ["called " + (how or ways[0][0])] + lines


def _attend_at_exit(spec, out_path):
    lines = [_TOKEN]
    try:
        lines += _attend_report(spec)
    except BaseException as exc:  # noqa: BLE001 - a broken test is reported, not raised
        lines.append("missing the test could not call attend: " + _one_line(exc))
    try:
        fd = os.open(out_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            os.write(fd, ("\n".join(lines) + "\n").encode())
        finally:
            os.close(fd)
    except OSError:
        pass


def _attend_test():
    path = os.environ.pop("GRADEBOX_ATTEND", "")
    if not path:
        return
    try:
        with open(path) as f:
            spec = f.read()
        os.unlink(path)
    except OSError:
        return
    import atexit
    atexit.register(_attend_at_exit, spec, path + ".out")


_attend_test()


def _typed_notes():
    """Before the script runs: what it prints from constants (gradebox_typed.py),
    for the grader's typed_output check, behind the run's token."""
    path = os.environ.pop("GRADEBOX_TYPED", "")
    if not path or not sys.argv or not sys.argv[0]:
        return
    try:
        import gradebox_typed
        gradebox_typed.write_report(sys.argv[0], path, _TOKEN)
    except Exception:  # noqa: BLE001 - a broken note must not break the student's run
        pass


_typed_notes()


def _returns():
    """What the functions the rubric names return (gradebox_returns.py), for the
    grader's "returned" checks, behind the run's token."""
    path = os.environ.pop("GRADEBOX_RETURNS", "")
    names = os.environ.pop("GRADEBOX_RETURNS_OF", "")
    if not path or not names or not sys.argv or not sys.argv[0]:
        return
    try:
        import gradebox_returns
        gradebox_returns.start(sys.argv[0], path, _TOKEN, set(names.split(",")))
    except Exception:  # noqa: BLE001 - a broken record must not break the student's run
        pass


_returns()

# Print provenance (gradebox_provenance.py): on when the grader asks for it.
if os.environ.get("GRADEBOX_PROVENANCE"):
    try:
        import gradebox_provenance  # noqa: F401
    except Exception:  # noqa: BLE001 - a broken note must not break the student's run
        pass
