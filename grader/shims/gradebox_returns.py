"""gradebox_returns.py -- what the script's named functions returned, for the
grader's "returned" checks (grader/score/score_returned.h).

A human grader who sees a weight table printed beside a correct attend()
asks whether the table came out of attend, or was typed in some encoding the
code decodes (integer arrays divided by 10,000, hex, struct bytes, fractions,
its own comments read back).  This module answers from what ran: a profile
hook takes every number that a function the rubric names (attend), defined in
the script, returns -- floats, ints, NumPy arrays and torch tensors up to
MAX_ELEMS elements, and tuples, lists or dicts of them (attend's (weights,
output)) -- and writes them as they come, one per line behind the run's token,
to the file the grader named; at exit a last line says whether the script
defined such a function ("end defined" / "end undefined").  The grader then confirms each number a
"returned" check read against them; a number the function never returned
goes to a human.  Only exercises whose rubric asks turn this on: a profile
hook slows a training loop.

Advisory, like provenance: the file lives in the submission's directory.
"""

import atexit
import os
import sys
import threading

MAX_ELEMS = 4096        # a larger return is data, not a result
MAX_TOTAL = 100000      # numbers kept in all
_DEPTH = 3              # tuples and lists nested this deep


def start(script, path, token, names):
    """Records returns of the functions called names whose code is the file script."""
    script = os.path.realpath(script)
    mine = {}           # code object -> defined in the script?
    kept = set()
    state = {"full": False, "out": None}

    try:                # written as it goes: a run stopped by a limit keeps what it had
        state["out"] = open(path, "w", encoding="ascii")
        state["out"].write(token + "\n")
        state["out"].flush()
    except OSError:
        return

    def take(value, got, depth=0):
        """Adds the numbers of one returned value to the set got."""
        if isinstance(value, bool):
            return
        if isinstance(value, (int, float)):
            got.add(float(value))
        elif isinstance(value, (tuple, list, dict)):
            if depth < _DEPTH and len(value) <= MAX_ELEMS:
                for item in (value.values() if isinstance(value, dict) else value):
                    take(item, got, depth + 1)
        else:
            _take_array(value, got)

    def profile(frame, event, arg):
        if event != "return" or arg is None:
            return
        code = frame.f_code
        own = mine.get(code)
        if own is None:
            own = mine[code] = (code.co_name in names and
                                os.path.realpath(code.co_filename) == script)
        if own and not state["full"]:
            got = set()
            try:
                take(arg, got)
                fresh = [v for v in got - kept if v == v]    # NaN is never a result
                kept.update(fresh)
                state["out"].write("".join("%r\n" % v for v in fresh))
                state["out"].flush()
            except Exception:  # noqa: BLE001 - a value we cannot read is not kept
                pass
            state["full"] = len(kept) >= MAX_TOTAL

    def finish():
        """The last line says whether the script defined the functions at all: a
        script without attend has nothing to confirm (the hidden-input test says
        so), one that defines it and never calls it printed no number of it."""
        sys.setprofile(None)
        main = sys.modules.get("__main__")
        defined = any(callable(getattr(main, n, None)) for n in names)
        try:
            state["out"].write("end %s\n" % ("defined" if defined else "undefined"))
            state["out"].close()
        except (OSError, ValueError):
            pass

    atexit.register(finish)
    sys.setprofile(profile)
    threading.setprofile(profile)


def _take_array(value, got):
    """NumPy arrays and torch tensors, by their module (neither is imported here)."""
    module = type(value).__module__ or ""
    if module.startswith("numpy"):
        if getattr(value, "size", MAX_ELEMS + 1) <= MAX_ELEMS and value.dtype.kind in "fiu":
            got.update(float(x) for x in value.ravel().tolist())
    elif module.startswith("torch"):
        numel = getattr(value, "numel", None)
        if numel is not None and numel() <= MAX_ELEMS and not value.is_complex():
            got.update(float(x) for x in value.detach().reshape(-1).tolist())
