"""test_typed_shim.py — the constant-text reader (grader/shims/gradebox_typed.py).

Run with grader/shims on PYTHONPATH, as the grader stages it.  Each case is a
small student script and the texts fold() must find in it (what the script
prints or builds from constants alone), or [] where everything printed
depends on something the run computes.  Every rule has a case on each side:
dropping it, or folding a call it must not fold (numpy, math, the script's
own functions), fails here.  The last cases are hostile: sizes that would
allocate gigabytes must be refused, not evaluated.  Then write_report() is
run as sitecustomize runs it, and its file read back.
"""
import os
import sys
import tempfile
import time

import gradebox_typed

CODES = ", ".join(str(ord(c) + 3) for c in "rude 0.711")

CASES = [
    # chr() codes joined: the classic disguise
    ("print(''.join(chr(c - 3) for c in [%s]))" % CODES, ["rude 0.711"]),
    ("print(''.join(map(chr, [114, 117, 100, 101, 32, 48, 46, 55])))", ["rude 0.7"]),
    ("print(''.join(map(lambda c: chr(c - 1), [115, 49])))", ["r0"]),
    # arithmetic on literals inside an f-string, whole or in part
    ("print(f'rude {(704 + 7) / 10**3:.3f}')", ["rude 0.711"]),
    ("w = attend()\nprint(f'rude {(704 + 7) / 10**3:.3f} mine {w:.3f}')", ["rude 0.711 mine "]),
    ("print('rude', (704 + 7) / 1000)", ["rude 0.711"]),
    ("print('rude', round(7.389 / 10.389, 3))", ["rude 0.711"]),
    # ... a literal alone is the tokenizer's, not a folded text
    ("print('rude 0.711')", []),
    ("print('rude', 0.711)", []),
    # names bound once to constants; a name bound twice or computed is not
    # (built on line 1, printed on line 2: both are the code's constant text)
    ("s = ''.join(chr(c) for c in [48, 46, 55])\nprint(s)", ["0.7", "0.7"]),
    ("s = ''.join(chr(c) for c in [48, 46, 55])\ns = s + x\nprint(s)", ["0.7"]),
    ("s = str(w)\nprint(s)", []),
    ("import numpy as np\nv = np.exp(2.0)\nprint(f'{v / (v + 3):.3f}')", []),
    ("import math\nprint(f'{math.exp(2) / (math.exp(2) + 3):.3f}')", []),
    ("def attend(q):\n    w = softmax(q)\n    return w\nprint(f'{attend(0.711):.3f}')", []),
    ("w = model(x)\nprint('rude', w[3])", []),
    # loops over constant rows fold once per row; a loop over computed rows does not
    ("ROWS = [[48, 46, 49], [48, 46, 50]]\nfor row in ROWS:\n    print(bytes(row).decode())",
     ["0.1", "0.2"]),
    ("ROWS = [[48, 46, 49]]\nfor row in ROWS:\n    line = ''.join(map(chr, row))\n    print(line)",
     ["0.1", "0.1"]),
    ("for row in load():\n    print(bytes(row).decode())", []),
    # a one-line helper folds with its arguments; one that computes more does not
    ("def v(a, b):\n    return a / b\nprint(f'rude {v(711, 1000):.3f}')", ["rude 0.711"]),
    ("def v(a):\n    s = np.exp(a)\n    return s / s.sum()\nprint(f'rude {v(2):.3f}')", []),
    ("def v(a):\n    return np.exp(a) / 3\nprint(f'rude {v(2):.3f}')", []),
    # a print of a starred constant sequence
    ("print(*[chr(c) for c in [48, 46, 55]], sep='')", ["0.7"]),
    # the standard decoders
    ("import base64\nprint(base64.b64decode(b'cnVkZSAwLjcxMQ==').decode())", ["rude 0.711"]),
    ("from base64 import b64decode as d\nprint(d('cnVkZSAwLjcxMQ==').decode())", ["rude 0.711"]),
    ("print(bytes.fromhex('302e373131').decode())", ["0.711"]),
    ("import codecs\nprint(codecs.decode('ehqr 0.711', 'rot13'))", ["rude 0.711"]),
    ("import zlib\nprint(zlib.decompress(%r).decode())" % __import__("zlib").compress(b"rude 0.711"),
     ["rude 0.711"]),
    ("k = 7\nprint(bytes(c ^ k for c in %r).decode())" % bytes(c ^ 7 for c in b"rude 0.711"),
     ["rude 0.711"]),
    # str.format and % on constants, built anywhere (not only printed)
    ("msg = 'rude {:.3f}'.format(0.7112)\nlog(msg)", ["rude 0.711"]),
    ("msg = 'rude %.3f' % (0.7 + 0.0112)\nlog(msg)", ["rude 0.711"]),
    ("msg = 'rude %.3f' % w\nlog(msg)", []),
    # a print's sep is the run's joiner
    ("print('a', 1 + 1, sep='=')", ["a=2"]),
    # hostile sizes: refused, never made
    ("print('x' * 10**9)", []),
    ("print(f'{1:100000000}')", []),
    ("print(2 ** 10**9)", []),
    ("print(bytes(10**9))", []),
    ("print(list(range(10**9)))", []),
    ("print('{:999999999}'.format(1))", []),
    ("print(' '.rjust(10**9))", []),
    ("import zlib\nprint(zlib.decompress(%r))" % __import__("zlib").compress(b"0" * 10**7), []),
]


def texts(source):
    return [t for _, t in gradebox_typed.fold(source)]


def check_report():
    """write_report: the token line, 'folded', then 'LINE LENGTH' and the text."""
    with tempfile.TemporaryDirectory() as d:
        script, out = os.path.join(d, "s.py"), os.path.join(d, "notes")
        with open(script, "w") as f:
            f.write("x = 1\nprint(f'é {(704 + 7) / 10**3:.3f}\\n2')\n")
        gradebox_typed.write_report(script, out, "tok")
        with open(out, "rb") as f:
            got = f.read()
        want = b"tok\nfolded\n2 10\n\xc3\xa9 0.711\n2\n"
        with open(script, "w") as f:
            f.write("print(\n")
        gradebox_typed.write_report(script, out, "tok")
        with open(out, "rb") as f:
            broken = f.read()
    bad = 0
    if got != want:
        bad += 1
        print(f"typed_shim: FAIL: report {got!r}, expected {want!r}")
    if broken != b"tok\nunread SyntaxError\n":
        bad += 1
        print(f"typed_shim: FAIL: report of a script that does not parse: {broken!r}")
    return bad


def main():
    bad = 0
    for source, want in CASES:
        start = time.monotonic()
        try:
            got = texts(source)
        except Exception as exc:  # noqa: BLE001 - a case that raises fails
            got = "raised %s: %s" % (type(exc).__name__, exc)
        slow = time.monotonic() - start > 5
        if got != want or slow:
            bad += 1
            print(f"typed_shim: FAIL: {source!r}\n  folded   {got!r}\n  expected {want!r}"
                  + ("\n  (took over 5 s)" if slow else ""))
    bad += check_report()
    total = len(CASES) + 2
    print(f"typed_shim: {total - bad}/{total} cases")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
