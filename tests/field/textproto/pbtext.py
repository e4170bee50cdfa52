"""My tiny protocol-buffer text-format printer (no protobuf dependency).

block("run") opens `run {`, field() prints `name: value`, repeated() prints
one line per element, enum("LSTM_BF3") prints bare capitals, strings are quoted.
"""
import contextlib, math

_depth = [0]


class enum(str):
    """An enum value: printed bare, in capitals."""
    def __new__(cls, v):
        return str.__new__(cls, str(v).upper())


def _fmt(v, fmt=None):
    if isinstance(v, enum):
        return str(v)
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, int):
        return str(v)
    if hasattr(v, "item"):          # numpy / torch scalars
        return _fmt(v.item(), fmt)
    v = float(v)
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return format(v, fmt) if fmt else format(v, ".6g")


def field(name, value, fmt=None):
    print("  " * _depth[0] + f"{name}: {_fmt(value, fmt)}")


def repeated(name, values, fmt=None):
    for v in values:
        field(name, v, fmt)


def comment(text):
    print("  " * _depth[0] + "# " + text)


@contextlib.contextmanager
def block(name):
    print("  " * _depth[0] + name + " {")
    _depth[0] += 1
    try:
        yield
    finally:
        _depth[0] -= 1
        print("  " * _depth[0] + "}")
