# my little helper so python prints results the way MATLAB does:
#   name =
#
#       0.9840
#
import numpy as np
import torch

LINE_WIDTH = 80


def _fmt_numbers(a):
    """pick one MATLAB-ish format for the whole array, return (fmt, width)"""
    fin = a[np.isfinite(a)]
    if a.dtype == bool:
        return "%d", 4
    if fin.size and np.all(fin == np.round(fin)) and np.all(np.abs(fin) < 1e9):
        w = max(len("%d" % v) for v in fin) + 3
        return "%d", max(w, 4)
    nz = np.abs(fin[fin != 0])
    if fin.size == 0 or (nz.size == 0) or (nz.max() < 1e5 and nz.min() >= 1e-3):
        return "%.4f", 10
    return "%.4e", 13            # like 'format short e'


def _num_lines(a):
    a = np.atleast_2d(np.asarray(a, dtype=float) if a.dtype != bool else a)
    fmt, w = _fmt_numbers(a)
    ncol = a.shape[1]
    per = max(1, LINE_WIDTH // w)
    out = []
    chunks = [(c, min(c + per, ncol)) for c in range(0, ncol, per)]
    for c0, c1 in chunks:
        if len(chunks) > 1:
            if c1 - c0 == 1:
                out.append("  Column %d" % (c0 + 1))
            else:
                out.append("  Columns %d through %d" % (c0 + 1, c1))
            out.append("")
        for r in range(a.shape[0]):
            out.append("".join((fmt % v).rjust(w) if np.isfinite(v) else
                               ("NaN" if np.isnan(v) else ("Inf" if v > 0 else "-Inf")).rjust(w)
                               for v in a[r, c0:c1]))
        if len(chunks) > 1:
            out.append("")
    if len(chunks) > 1 and out[-1] == "":
        out.pop()
    return out


def show(name, value):
    """print value the way MATLAB's display does (loose format)"""
    print("%s =" % name)
    print()
    if isinstance(value, torch.Tensor):
        value = value.detach().numpy()
    if isinstance(value, (bool, np.bool_)):
        print("  logical")
        print()
        print("   %d" % int(value))
    elif isinstance(value, str):
        print("    '%s'" % value)
    elif isinstance(value, (list, tuple)) and value and all(isinstance(v, str) for v in value):
        print("  1x%d cell array" % len(value))
        print()
        cells = ["{'%s'}" % v for v in value]
        w = max(len(c) for c in cells) + 4
        per = max(1, LINE_WIDTH // w)
        chunks = [(c, min(c + per, len(cells))) for c in range(0, len(cells), per)]
        for k, (c0, c1) in enumerate(chunks):
            if len(chunks) > 1:
                print("  Columns %d through %d" % (c0 + 1, c1) if c1 - c0 > 1 else "  Column %d" % (c0 + 1))
                print()
            print("".join(c.rjust(w) for c in cells[c0:c1]))
            if len(chunks) > 1 and k < len(chunks) - 1:
                print()
    else:
        a = np.asarray(value)
        if a.dtype == bool and a.ndim == 0:
            print("  logical")
            print()
            print("   %d" % int(a))
        elif a.ndim == 0:
            fmt, w = _fmt_numbers(np.atleast_1d(a.astype(float)))
            v = float(a)
            if fmt == "%d":
                print("   %d" % v)
            elif fmt == "%.4f":
                print("    %.4f" % v)
            else:
                print("   %.4e" % v)
        else:
            if a.dtype == bool:
                print("  %s logical array" % "x".join(str(s) for s in np.atleast_2d(a).shape))
                print()
            for line in _num_lines(a):
                print(line)
    print()
