#!/usr/bin/python3
"""agreement.py — how closely the reference's expected values agree with real torch.

    agreement.py REFERENCE_JSON_DIR TORCH_JSON

REFERENCE_JSON_DIR holds `reference NAME --out DIR/NAME.json` files; TORCH_JSON
is tests/bench/torch_experiments.py's output.  Prints, per experiment, how many
values were compared and the worst gap: absolute for accuracies (the module's
tolerance is 0.01), relative for gradient norms (1%).  Runs the models that
failed to learn (chaotic in any build) are listed apart.
"""
import json
import os
import sys


def load(path):
    with open(path) as f:
        return json.load(f)


def report(name, gaps, unit, tolerance):
    if not gaps:
        return
    worst = max(gaps)
    verdict = 'within' if worst <= tolerance else 'OUTSIDE'
    print(f'agreement {name}: {len(gaps)} values, worst {unit} gap {worst:.2e}'
          f' ({verdict} the module\'s {tolerance:g})')


def order_matters(ref, torch):
    gaps = []
    for reading in ('epochs_60', 'epochs_30'):
        r, t = ref['readings'][reading], torch[reading]
        for model in ('logistic', 'mlp64'):
            gaps += [abs(r[model][k] - t[model][k]) for k in ('all', 'very', 'not')]
        gaps += [abs(a - b) for a, b in zip(r['mlp64']['fresh_not']['scores'],
                                            t['mlp64']['not_20_sets']['scores'])]
    report('order_matters (accuracies)', gaps, 'absolute', 0.01)


def self_check(ref, torch):
    s = ref['scenario_judgement']
    gaps = [abs(s[k][m] - torch[k][m]) for k in ('rnn', 'gru', 'lstm')
            for m in ('all', 'very', 'not')]
    gaps += [abs(a - b) for a, b in zip(s['lstm_p_positive_3dp'], torch['lstm']['p_positive'])]
    params = all(s[k]['params'] == torch[k]['params'] for k in ('rnn', 'gru', 'lstm'))
    report('self_check Step 4 (accuracies, P(positive))', gaps, 'absolute', 0.01)
    print(f'agreement self_check Step 4 parameter counts: {"identical" if params else "DIFFER"}')


def rel(a, b):
    return abs(a - b) / abs(b) if b else abs(a)


def gradient_decay(ref, torch):
    gaps = []
    for key, curve in ref.get('rnn', {}).items():
        norms = torch['rnn'][str(float(curve['gain']))]['norms']
        gaps += [rel(v, norms[int(k[5:]) - 1]) for k, v in curve.items()
                 if k.startswith('step_') and k[5:].isdigit()]
    for key, curve in ref.get('lstm', {}).items():
        fb = curve.get('forget_bias')
        if fb is None:
            continue
        norms = torch['lstm'][str(float(fb))]['norms']
        gaps += [rel(v, norms[int(k[5:]) - 1]) for k, v in curve.items()
                 if k.startswith('step_') and k[5:].isdigit()]
    report('gradient_decay (blame norms)', gaps, 'relative', 0.01)


def memory_lab(ref, torch):
    keys = {'RNN': 'rnn', 'GRU': 'gru', 'LSTM': 'lstm_b0', 'LSTM b_f=3': 'lstm_b3'}
    gaps, chaotic = [], []
    for row in torch['rows']:
        rows = row.get('train_rows', 4000)
        values = ref if rows == 4000 else ref.get(f'rows_{rows}', {})
        r = values.get(f'length_{row["length"]}', {}).get(keys[row['model']])
        if r is None:
            continue
        pair = (abs(r['train_acc'] - row['train_acc']), abs(r['test_acc'] - row['test_acc']))
        if r.get('chaotic') or row['test_acc'] < 0.9:
            chaotic.append(f'{rows} rows, length {row["length"]} {row["model"]}: reference'
                           f' {r["train_acc"]:.3f}/{r["test_acc"]:.3f},'
                           f' torch {row["train_acc"]:.3f}/{row["test_acc"]:.3f}')
        else:
            gaps += pair
    report('memory_lab (runs that learned)', gaps, 'absolute', 0.01)
    for line in chaotic:
        print(f'agreement memory_lab, failed to learn (chaotic in any build): {line}')


def main():
    refdir, torch = sys.argv[1], load(sys.argv[2])
    checks = (('order_matters', order_matters, 'order_matters'),
              ('self_check', self_check, 'step4'),
              ('gradient_decay', gradient_decay, 'gradient_decay'),
              ('memory_lab', memory_lab, 'memory_lab'))
    for name, check, torch_key in checks:
        path = os.path.join(refdir, name + '.json')
        if os.path.exists(path) and torch_key in torch:
            check(load(path)['values'], torch[torch_key])


if __name__ == '__main__':
    main()
