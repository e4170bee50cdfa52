#!/usr/bin/env python3
"""make_notebook.py SCRIPT.py OUT.ipynb — the notebook a student would have
written instead of SCRIPT.py, for notebook.sh (not a test by itself).

The script is cut into cells as a student splits work in Jupyter: at each
blank line between two top-level statements (never inside a def, a loop or a
bracket: the statements' extents come from Python's own parser).  A run of
comment lines standing alone between blank lines becomes a markdown cell with
the '#' taken off, as a student writes prose in markdown; comments touching
code stay in its code cell, as they would in Jupyter (a sentence that runs
from a comment block into the code below it stays one sentence).  A first cell holds `%matplotlib inline`, which every notebook of an ML
course starts with and the grader must drop.  Cells alternate between the two
forms nbformat 4 allows for "source": a list of lines and one string.
Saved outputs are made up (a stale number and a plot's PNG stub): the grader
must ignore them.
"""
import ast
import json
import sys


def statement_lines(source):
    """The 1-based line numbers covered by a top-level statement."""
    covered = set()
    for node in ast.parse(source).body:
        first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
        covered.update(range(first, node.end_lineno + 1))
    return covered


def segments(lines, covered):
    """Runs of lines between blank lines that lie outside every statement."""
    run = []
    for number, line in enumerate(lines, 1):
        if not line.strip() and number not in covered:
            if run:
                yield run
            run = []
        else:
            run.append((number, line))
    if run:
        yield run


def is_comment(line):
    return line.lstrip().startswith("#")


def cells_of(source):
    lines = source.splitlines(keepends=True)
    covered = statement_lines(source)
    cells = []
    for run in segments(lines, covered):
        if all(n not in covered and is_comment(line) for n, line in run):
            prose = []
            for _, line in run:
                text = line.lstrip()[1:]
                prose.append(text[1:] if text.startswith(" ") else text)
            cells.append(("markdown", "".join(prose)))
        else:
            cells.append(("code", "".join(line for _, line in run)))
    return cells


def as_cell(index, kind, text):
    body = text.rstrip("\n")
    source = body.splitlines(keepends=True) if index % 2 else body
    cell = {"cell_type": kind, "id": "c%04d" % index, "metadata": {}, "source": source}
    if kind == "code":
        cell["execution_count"] = index
        cell["outputs"] = [
            {"output_type": "stream", "name": "stdout", "text": ["stale 0.123456\n"]},
            {"output_type": "display_data", "metadata": {},
             "data": {"image/png": "iVBORw0KGgo=", "text/plain": ["<Figure>"]}},
        ]
    return cell


def main():
    script, out = sys.argv[1], sys.argv[2]
    with open(script, encoding="utf-8", newline="") as f:
        source = f.read()
    cells = [("code", "%matplotlib inline\n")] + cells_of(source)
    notebook = {
        "cells": [as_cell(i, kind, text) for i, (kind, text) in enumerate(cells)],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"},
                     "language_info": {"name": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    with open(out, "w", encoding="utf-8") as f:
        json.dump(notebook, f, indent=1, ensure_ascii=False)


if __name__ == "__main__":
    main()
