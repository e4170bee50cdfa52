"""My little helper since Jupyter isn't installed on this machine.

build SRC OUTDIR NAME : turn a percent-format source (# %% / # %% [markdown]) into
                        OUTDIR/NAME.ipynb (nbformat 4, no outputs yet) and
                        OUTDIR/NAME.ipynb.py = the code cells in order as one script
                        (lines starting with % or ! left out, as only Jupyter knows them)
fill  OUTDIR NAME     : after running the script (> NAME.out 2>&1), cut NAME.out at the
                        cell boundaries recorded in NAME.ipynb.marks and save each piece
                        as that cell's stream output, like Jupyter does.
"""
import json, sys, os, re


def parse(src_text):
    cells, cur, kind = [], [], None
    for line in src_text.splitlines():
        m = re.match(r"^# %%( \[markdown\])?\s*$", line)
        if m:
            if kind is not None:
                cells.append((kind, cur))
            kind, cur = ("markdown" if m.group(1) else "code"), []
            continue
        cur.append(line)
    if kind is not None:
        cells.append((kind, cur))
    out = []
    for kind, lines in cells:
        while lines and not lines[-1].strip():
            lines.pop()
        while lines and not lines[0].strip():
            lines.pop(0)
        if kind == "markdown":
            lines = [l[2:] if l.startswith("# ") else (l[1:] if l.startswith("#") else l)
                     for l in lines]
        out.append((kind, lines))
    return out


def src_lines(lines):
    if lines and lines[-1] == "":
        lines = lines[:-1]
    return [l + "\n" for l in lines[:-1]] + ([lines[-1]] if lines else [])


def build(src, outdir, name):
    cells = parse(open(src).read())
    nb = {"cells": [], "metadata": {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python", "version": "3.11.2",
                          "mimetype": "text/x-python", "file_extension": ".py",
                          "codemirror_mode": {"name": "ipython", "version": 3},
                          "pygments_lexer": "ipython3", "nbconvert_exporter": "python"}},
        "nbformat": 4, "nbformat_minor": 5}
    script = [f"# {name}.ipynb run as one script: its code cells in order, lines starting",
              "# with % or ! left out. _cell_done() prints nothing; it only notes where each",
              "# cell's printed output ends so the outputs can be saved back into the notebook.",
              "import os as _nb_os",
              "def _cell_done(n, _marks=[]):",
              "    try:",
              "        _marks.append(_nb_os.lseek(1, 0, _nb_os.SEEK_CUR))",
              "    except OSError:",
              "        return",
              f"    with open({name + '.ipynb.marks'!r}, 'w') as _f:",
              "        _f.write(' '.join(map(str, _marks)))",
              ""]
    k = 0
    for i, (kind, lines) in enumerate(cells):
        cell = {"cell_type": kind, "id": f"{name[:20]}-{i:02d}".replace("_", "-"),
                "metadata": {}, "source": src_lines(lines)}
        if kind == "code":
            k += 1
            cell["execution_count"] = None
            cell["outputs"] = []
            script.append(f"# ---- cell [{k}] ----")
            script += [l for l in lines if not l.lstrip().startswith(("%", "!"))]
            script.append(f"_cell_done({k})")
            script.append("")
        nb["cells"].append(cell)
    json.dump(nb, open(os.path.join(outdir, name + ".ipynb"), "w"), indent=1,
              ensure_ascii=False)
    open(os.path.join(outdir, name + ".ipynb.py"), "w").write("\n".join(script) + "\n")


def fill(outdir, name):
    p = os.path.join(outdir, name)
    nb = json.load(open(p + ".ipynb"))
    raw = open(p + ".out", "rb").read()
    try:
        marks = [int(v) for v in open(p + ".ipynb.marks").read().split()]
    except FileNotFoundError:
        marks = []
    rc = open(p + ".rc").read().strip() if os.path.exists(p + ".rc") else "?"
    k, prev = 0, 0
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        k += 1
        if k <= len(marks):
            text = raw[prev:marks[k - 1]].decode("utf-8", "replace")
            prev = marks[k - 1]
            cell["execution_count"] = k
            cell["outputs"] = ([{"name": "stdout", "output_type": "stream",
                                 "text": src_lines(text.split("\n"))}] if text else [])
        elif k == len(marks) + 1 and prev < len(raw):
            # the cell that stopped the run: whatever it printed, traceback included
            text = raw[prev:].decode("utf-8", "replace")
            cell["execution_count"] = k
            cell["outputs"] = [{"name": "stderr", "output_type": "stream",
                                "text": src_lines(text.split("\n"))}]
            prev = len(raw)
        else:
            cell["execution_count"] = None
            cell["outputs"] = []
    json.dump(nb, open(p + ".ipynb", "w"), indent=1, ensure_ascii=False)
    print(f"{name}: {len(marks)} cells ran, rc {rc}")


if __name__ == "__main__":
    if sys.argv[1] == "build":
        build(*sys.argv[2:5])
    else:
        fill(*sys.argv[2:4])
