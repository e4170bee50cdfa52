"""My tiny experiment tracker: every result is one line, tag path then value.

log_scalar("memory_lab/T50/rnn/test_acc", 0.507) prints
    memory_lab/T50/rnn/test_acc 0.507
and remembers it, so summary() can dump every tag again at the end.
"""
_LOG = []


def _fmt(tag, value):
    if isinstance(value, (bool, str)):
        return str(value)
    if isinstance(value, int):
        return str(value)
    v = float(value)
    if v != v:                                   # nan
        return "nan"
    # gradients, gaps and ratios span many orders of magnitude -> scientific
    # (only the last part of the tag counts: "gradient_decay/" is not a gradient)
    sci_words = ("grad", "gap", "ratio", "norm")
    leaf = tag.rsplit("/", 1)[-1]
    if any(w in leaf for w in sci_words) or (v != 0 and (abs(v) < 1e-3 or abs(v) >= 1e5)):
        return f"{v:.3e}"
    return f"{v:.3f}"


def _line(tag, value, step):
    s = f" step={step}" if step is not None else ""
    return f"{tag}{s} {_fmt(tag, value)}"


def log_scalar(tag, value, step=None):
    if hasattr(value, "item"):                   # numpy / torch scalars
        value = value.item()
    _LOG.append((tag, value, step))
    print(_line(tag, value, step))


def summary():
    print("summary:")
    for tag, value, step in _LOG:
        print("  " + _line(tag, value, step))
