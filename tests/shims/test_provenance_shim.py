"""test_provenance_shim.py — the print provenance shim (grader/shims/gradebox_provenance.py).

Run with grader/shims on PYTHONPATH, as the grader runs students.  Each case
is a one-line student script; the script runs as __main__ under the shim in a
child interpreter, and the case says what the shim records for its line (the
labelled text, or None for no record).  The printed bytes must be exactly
what print() writes without the shim.  Each rule of the shim has a case on
each side, so moving a threshold or dropping a rule fails here.
"""
import json
import os
import subprocess
import sys
import tempfile

PRELUDE = ("r = [0.25, 0.25, 0.5]\ntotal = sum(r)\ngap = 0.344\ng1 = 5.03e-17\nt = 'rude'\n"
           "pre = 20.5769\npost = 1.0\nbefore = 20.577\nafter = 1.0\n")

CASES = [
    # plain arguments: the expression labels a value no string argument labels
    ("print(gap, total)", "gap: 0.344 total: 1.0"),
    ("print('gap', gap)", None),
    # ... but a string heading TITLE_VALUES or more named values is their title
    ("print('clip', pre, post)", "clip pre: 20.5769 post: 1.0"),
    ("print('clip', pre, post, 'gap', gap)", "clip pre: 20.5769 post: 1.0 gap 0.344"),
    ("print('clip', pre, 1.5)", None),
    # several calls on one line: each takes its own labels
    ("print(r); print(total)", "total: 1.0"),
    # one formatted value with no words around it is that value
    ("print('clip', pre, f'{post:.4f}')", "clip pre: 20.5769 post: 1.0000"),
    ("print('%.3f' % gap)", "gap: 0.344"),
    ("print(f'x{gap:.3f}')", None),
    # an f-string value inside a sentence takes the code's label
    ("print(f'its weights add to {sum(r):.3f}.')", "its weights add to sum(r): 1.000."),
    # ... from the third word on (PROSE_WORDS): two words are a short key
    ("print(f'weights sum {total:.3f}')", None),
    ("print(f'the weights sum {total:.3f}')", "the weights sum total: 1.000"),
    # ... words are space-separated: an identifier is the student's one key
    ("print(f'max_abs_diff_vs_torch    {total:.3f}')", None),
    # ... not after the student's own key or a glued word
    ("print(f'the row sum is: {total:.3f}')", None),
    ("print(f'the row sum is ={total:.3f}')", None),
    ("print(f'the row sum is x{total:.3f}')", None),
    ("print(f'largest gap against torch\\t{total:.3f}')", None),
    ("print(f'largest gap against torch  {total:.3f}')", None),
    ("print(f'max abs difference vs pytorch,{total:.3f}')", None),
    # ... nor where the word before the value is the code's own word for it
    ("print(f'rows of twenty fresh sets, min {min(r):.3f}')", None),
    ("print(f'rows of twenty fresh sets, low {min(r):.3f}')",
     "rows of twenty fresh sets, low min(r): 0.250"),
    ("print(f'max abs difference vs pytorch, {total:.3f}')", None),
    # ... not with a label shorter than LABEL_CHARS
    ("print(f'at gain half the step one norm is {g1:.2e}')", None),
    ("print(f'the training score is {gap:.3f} above test')",
     "the training score is gap: 0.344 above test"),
    # ... not when the sentence already says every word of the label
    ("print(f'Before clipping the norm is {before:.3f}; after it, it is {after:.4f}.')", None),
    ("print(f'Before clipping the norm is {before:.3f}; then it is {after:.4f}.')",
     "Before clipping the norm is 20.577; then it is after: 1.0000."),
    # table rows (no words before the values) stay as printed
    ("print(f'{t:>6} | {gap:.3f} | {total:.3f}')", None),
    # a lone value indented under a line ending in ':' is that label's value
    ("print('test rows with very:'); print(f'    {gap}')", None),
    ("print('test rows with very:'); print(f'    {gap}'); print(f'    {total}')", None),
    ("print('test rows with very'); print(f'    {gap}')", "    gap: 0.344"),
    ("print('test rows with very:'); print(f'{gap}')", "gap: 0.344"),
    ("print('test rows with very:'); print(gap, total)", "gap: 0.344 total: 1.0"),
    # a key whose digits sit inside its names prints no number: no label
    ("sec = 'memory_lab.rnn.len_5'\nprint(f'[{sec}]')", None),
    ("sec = 'step_50'\nprint(sec, '=', gap)", None),
    ("sec = 'len 5'\nprint(f'[{sec}]')", "sec: [len 5]"),
    # ... after a line's indentation and list marker, which are its layout
    ("print(f'  - {pre}')", "  - pre: 20.5769"),
    ("print(f'    {pre}')", "    pre: 20.5769"),
    # computations add no label
    ("print(f'the gap in percent is {100 * gap:.1f}')", None),
    # %-formatting and str.format are read the same way
    ("print('The %s row weights add to %.3f.' % (t, total))", "The rude row weights add to total: 1.000."),
    ("print('100%% sure that the share is %.3f' % gap)", "100% sure that the share is gap: 0.344"),
    ("print('the training score is {:.3f} above'.format(gap))",
     "the training score is gap: 0.344 above"),
    ("print('the training score is {0:.3f}, or {0:.1f}'.format(gap))",
     "the training score is gap: 0.344, or 0.3"),   # one word before the second
    ("print('the training score is {g:.3f}'.format(g=gap))", None),
    # a tuple or list printed whole: each element's own expression labels it
    ("print((t, gap, total))", "('rude', gap: 0.344, total: 1.0)"),
    ("print([round(gap, 2), 1.5])", "[round(gap, ): 0.34, 1.5]"),
    ("print((gap,))", "(gap: 0.344,)"),
    # ... but a string constant before an element is the student's label for it
    ("print(('gap', gap))", None),
    ("print(('gap', gap, total))", "('gap', 0.344, total: 1.0)"),
    # ... and computations add none
    ("print((100 * gap, 1))", None),
    # ... nor does a nested display label its own elements
    ("print(((gap, total), gap))", "((0.344, 1.0), gap: 0.344)"),
    # a helper's own parameter names say nothing of what one call prints
    ("def show(text, value):\n    print(repr(value))\nshow('gap', gap)", None),
    ("def show(text, value):\n    print(text, value)\nshow('gap', gap)", None),
    # ... but a name the function computes is its label, and so is one at module level
    ("def show(v):\n    mean = v * 2\n    print(mean)\nshow(gap)", "mean: 0.688"),
    ("value = gap\nprint(repr(value))", "repr(value): 0.344"),
    # a value whose text holds the next piece still matches the template
    ("print(f'the token called {t} is rude and {gap:.3f} is its share')",
     "the token called rude is rude and gap: 0.344 is its share"),
]


def run(line):
    with tempfile.TemporaryDirectory() as d:
        script = os.path.join(d, "student.py")
        with open(script, "w") as f:
            f.write(PRELUDE + line + "\n")
        env = dict(os.environ, GRADEBOX_PROVENANCE=os.path.join(d, "records"))
        shim = subprocess.run([sys.executable, script], env=env, capture_output=True, text=True,
                              check=True)
        plain = subprocess.run([sys.executable, "-S", script], capture_output=True, text=True,
                               check=True, env={"PATH": os.environ.get("PATH", "")})
        assert shim.stdout == plain.stdout, (line, shim.stdout, plain.stdout)
        try:
            with open(env["GRADEBOX_PROVENANCE"]) as f:
                records = [json.loads(x) for x in f]
        except FileNotFoundError:
            records = []
        return shim.stdout.rstrip("\n"), records


def main():
    bad = 0
    for line, want in CASES:
        printed, records = run(line)
        last = printed.splitlines()[-1] if printed else ""
        got = records[-1]["labelled"] if records and records[-1]["text"] == last else None
        if got != want:
            bad += 1
            print(f"provenance_shim: FAIL: {line}\n  printed  {printed!r}\n  recorded {got!r}\n"
                  f"  expected {want!r}")
    print(f"provenance_shim: {len(CASES) - bad}/{len(CASES)} cases")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
