"""My little stand-in for pandas' DataFrame printing (pandas isn't on the grader).

frame(rows, columns, index, ...) prints a right-aligned wide table:
  * columns are plain names, or (group, metric) tuples -> two-level header,
    the group name spanning all of its metric columns;
  * index keys are scalars, or tuples -> multi-level row index, with repeated
    outer keys blanked (like pandas does);
  * a footer "[R rows x C columns]".
None cells print as "-" (pandas would say NaN).
"""

def _cell(v, f):
    if v is None:
        return "-"
    if isinstance(v, str):
        return v
    if isinstance(v, bool):
        return str(v)
    if callable(f):
        return f(v)
    return format(v, f)


def frame(rows, columns, index, index_names=None, column_names=None,
          fmt=".3f", title=None, gap=2):
    ncol = len(columns)
    fmts = fmt if isinstance(fmt, (list, tuple)) else [fmt] * ncol
    two = any(isinstance(c, tuple) for c in columns)
    groups = [c[0] if isinstance(c, tuple) else "" for c in columns]
    names = [c[1] if isinstance(c, tuple) else c for c in columns]
    idx = [k if isinstance(k, tuple) else (k,) for k in index]
    nlev = len(idx[0])
    index_names = list(index_names or [""] * nlev)
    column_names = list(column_names or (["", ""] if two else [""]))
    if not two and len(column_names) == 2:
        column_names = column_names[1:]
    cells = [[_cell(v, f) for v, f in zip(r, fmts)] for r in rows]
    # blank repeated outer index keys
    shown = []
    for i, k in enumerate(idx):
        ks = [str(x) for x in k]
        if i > 0:
            for lev in range(nlev - 1):
                if idx[i][:lev + 1] == idx[i - 1][:lev + 1]:
                    ks[lev] = ""
                else:
                    break
        shown.append(ks)
    # index widths (the header rows' left label sits in the last index column)
    iw = [max([len(index_names[l])] + [len(s[l]) for s in shown]) for l in range(nlev)]
    iw[-1] = max([iw[-1]] + [len(n) for n in column_names])
    cw = [max([len(names[j])] + [len(r[j]) for r in cells]) for j in range(ncol)]
    # make each group wide enough for its label
    spans = []
    j = 0
    while j < ncol:
        k = j
        while k + 1 < ncol and groups[k + 1] == groups[j]:
            k += 1
        spans.append((groups[j], j, k))
        j = k + 1
    if two:
        for g, a, b in spans:
            width = sum(cw[a:b + 1]) + gap * (b - a)
            if len(g) > width:
                cw[b] += len(g) - width
    sep = " " * gap
    left = lambda labels: sep.join(s.ljust(w) for s, w in zip(labels, iw))
    out = []
    if title:
        out.append(title)
    if two:
        parts = []
        for g, a, b in spans:
            width = sum(cw[a:b + 1]) + gap * (b - a)
            parts.append(g.center(width) if g else " " * width)
        out.append(left([""] * (nlev - 1) + [column_names[0]]) + sep + sep.join(parts))
    out.append(left([""] * (nlev - 1) + [column_names[-1]]) + sep
               + sep.join(n.rjust(w) for n, w in zip(names, cw)))
    if any(index_names):
        out.append(left(index_names))
    for s, r in zip(shown, cells):
        out.append(left(s) + sep + sep.join(c.rjust(w) for c, w in zip(r, cw)))
    out.append("")
    out.append(f"[{len(rows)} rows x {ncol} columns]")
    print("\n".join(l.rstrip() for l in out))
    print()
