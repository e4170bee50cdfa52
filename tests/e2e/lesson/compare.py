#!/usr/bin/python3
"""compare.py — diff `reference lesson --step N` against the module's Output block.

    compare.py STEP MODULE_BLOCK COMPUTED_OUTPUT

The course text lost its blank lines and runs of spaces when it was flattened,
so lines are compared with blank lines dropped and whitespace collapsed.  Each
line's text around its numbers must match exactly; each number is compared
under the tolerance its kind allows (the module's own: exact for data, counts,
shapes and hand computations; 1% for seeded floats; 0.01 for accuracies and
probabilities; timings are the machine's own and are not compared).
Prints every difference and a closing "step N: matched a of b numbers" line;
exits 1 on any difference outside the declared chaotic numbers.
"""
import re
import sys

NUMBER = re.compile(r'(?<![\w.])[-+]?\d+(?:,\d{3})*(?:\.\d*)?(?:e[-+]\d+)?')

# Kinds: E exact, A accuracy (0.01), P probability (0.01), R seeded float (1%),
# T timing (not compared), C chaotic (compared, reported, never fails: the
# failing length-50 models, which diverge in any build), G a rounding gap
# (both below 1e-12, the exercise's tolerance).
# Rules: (step, regex on the module's line, kinds; the last kind repeats); the
# first rule that matches a line applies.
RULES = [
    (1, r'^(logistic|64-unit)', 'EA'),
    (1, r'^min ', 'A'),
    (3, r'^\d+ ', 'ER'),
    (3, r'^(RNN gain|LSTM b_f)', 'ER'),
    (4, r'^bag of words, logistic', 'ETA'),
    (4, r'^bag of words, 64-unit', 'EETA'),
    (4, r'^(plain RNN|GRU|LSTM), 32 units', 'EETA'),
    (4, r'^P\(positive\)', 'P'),
    (5, r'^\d+ LSTM b_f=3', 'EETA'),
    (5, r'^50 (RNN|LSTM) ', 'ETC'),
    (5, r'^\d+ (RNN|LSTM|GRU) ', 'ETA'),
    (5, r'^\d+ [\d.]+ ms', 'ET'),
    (6, r'^largest gap', 'G'),
]


def kinds_for(step, line):
    for s, pattern, kinds in RULES:
        if s == step and re.search(pattern, line):
            return kinds
    return 'E'


def value(text):
    return float(text.replace(',', ''))


def same(kind, want, got):
    w, g = value(want), value(got)
    if kind == 'E':
        return w == g
    if kind in 'APC':
        return abs(w - g) <= 0.01 + 1e-9
    if kind == 'R':
        return abs(w - g) <= 0.01 * abs(w)
    if kind == 'G':
        return w < 1e-12 and g < 1e-12
    return True


def lines_of(path):
    with open(path, encoding='utf-8') as f:
        return [' '.join(l.split()) for l in f if l.strip()]


def main():
    step, module, computed = int(sys.argv[1]), lines_of(sys.argv[2]), lines_of(sys.argv[3])
    matched = total = timings = chaotic_off = 0
    failures = []
    if len(module) != len(computed):
        failures.append(f'{len(module)} lines in the module, {len(computed)} computed')
    for i, (want, got) in enumerate(zip(module, computed), 1):
        if NUMBER.sub('#', want) != NUMBER.sub('#', got):
            failures.append(f'line {i}: text differs\n  module:   {want}\n  computed: {got}')
            continue
        kinds = kinds_for(step, want)
        for j, (w, g) in enumerate(zip(NUMBER.findall(want), NUMBER.findall(got))):
            kind = kinds[min(j, len(kinds) - 1)]
            if kind == 'T':
                timings += 1
                continue
            total += 1
            if same(kind, w, g):
                matched += 1
            elif kind == 'C':
                chaotic_off += 1
                print(f'step {step} line {i}: chaotic value differs (expected in any build):'
                      f' module {w}, computed {g}')
            else:
                failures.append(f'line {i}: number {j + 1} ({kind}) module {w}, computed {g}'
                                f'\n  module:   {want}\n  computed: {got}')
    for f in failures:
        print(f'step {step} {f}')
    print(f'step {step}: matched {matched} of {total} numbers'
          f' ({chaotic_off} chaotic differ, {timings} timings not compared)')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
